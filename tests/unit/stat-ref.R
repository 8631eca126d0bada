# stat-ref.R: the reference values of tests/unit/t020-stat.c, from R
# (Debian's r-base-core), apart from smpb-stat's own numerics:
#
#	Rscript tests/unit/stat-ref.R > tests/unit/stat-ref.h
#
# It writes C: each case's samples and what R makes of them. The samples
# come from R's generator with a fixed seed, rounded to 6 significant
# digits (ties where a case asks for them), so that they are written out
# exactly. Where R has the method itself, R's function is used:
# wilcox.test (the Hodges-Lehmann shift, its exact interval and the exact
# Mann-Whitney p-value without ties; the normal p-value with the tie and
# continuity corrections), t.test (Welch), pbeta, pt, qt, qnorm, qwilcox,
# pwilcox, mean(trim =) and sd. What R does otherwise is written here from
# the definitions:
#
# - the exact p-value with ties: every way of dealing the pooled
#   mid-ranks into two groups enumerated (combn);
# - the Hodges-Lehmann interval with ties, or beyond the exact sizes:
#   the k-th smallest and largest of R's sorted differences, k from
#   qwilcox (exact: as wilcox.test does without ties) or, from 50 a side
#   on, the largest k with P(U < k) <= (1 - level) / 2 by the normal
#   approximation with the continuity correction (wilcox.test's own
#   interval there is a root of the normal statistic, between order
#   statistics);
# - Yuen's test: the trimmed means from mean(trim =), the winsorised
#   variances and the degrees of freedom by Yuen (1974), pt and qt (its
#   p-values agree with SciPy 1.10's ttest_ind(trim =) to 1e-12).

set.seed(20261201)

fmt <- function(v) sprintf("%.17g", v)

# A C array of the sample.
emit_vec <- function(name, v) {
	cat(sprintf("static const double %s[] = {\n", name))
	items <- fmt(v)
	for (i in seq(1, length(items), by = 4)) {
		j <- min(i + 3, length(items))
		cat("\t", paste(items[i:j], collapse = ", "), ",\n", sep = "")
	}
	cat("};\n")
}

r6 <- function(v) signif(v, 6)

# Samples around a centre c with a spread s (log-normal), rounded.
lnorm <- function(n, c, s) r6(exp(rnorm(n, log(c), s)))

ch_fn <- function(x, logs, centre) {
	if (logs) function(d) expm1(d) else function(d) d / abs(centre)
}

has_ties <- function(v) length(unique(v)) < length(v)

# The exact two-sided p-value of the rank sum, by enumeration.
perm_p <- function(a, b) {
	r <- rank(c(a, b))
	nx <- length(a)
	n <- length(r)
	m <- nx * (n + 1) / 2
	s <- sum(r[seq_len(nx)])
	sums <- combn(n, nx, function(i) sum(r[i]))
	mean(abs(sums - m) >= abs(s - m) - 1e-9)
}

# The Mann-Whitney p-value as smpb-stat defines it, and whether exact.
mw_p <- function(a, b) {
	nx <- length(a)
	ny <- length(b)
	if (nx < 50 && ny < 50) {
		if (!has_ties(c(a, b)))
			return(list(p = wilcox.test(a, b, exact = TRUE)$p.value,
			    exact = 1))
		return(list(p = perm_p(a, b), exact = 1))
	}
	list(p = suppressWarnings(wilcox.test(a, b, exact = FALSE,
	    correct = TRUE)$p.value), exact = 0)
}

hl_ref <- function(x, y, logs, level) {
	a <- if (logs) log(x) else x
	b <- if (logs) log(y) else y
	ch <- ch_fn(x, logs, median(x))
	nx <- length(a)
	ny <- length(b)
	alpha <- 1 - level
	d <- sort(as.vector(outer(b, a, "-")))
	if (nx < 50 && ny < 50) {
		qu <- qwilcox(alpha / 2, nx, ny)
		if (qu == 0)
			qu <- 1
		cover <- 1 - 2 * pwilcox(qu - 1, nx, ny)
		if (!has_ties(c(a, b)) && !has_ties(d)) {
			w <- wilcox.test(b, a, conf.int = TRUE, exact = TRUE,
			    conf.level = level)
			est <- w$estimate
			lo <- w$conf.int[1]
			hi <- w$conf.int[2]
		} else {
			est <- median(d)
			lo <- d[qu]
			hi <- d[nx * ny - qu + 1]
		}
	} else {
		mu <- nx * ny / 2
		sd <- sqrt(nx * ny * (nx + ny + 1) / 12)
		k <- max(1, floor(mu + 0.5 - qnorm(1 - alpha / 2) * sd))
		cover <- 1 - 2 * pnorm((k - 0.5 - mu) / sd)
		est <- median(d)
		lo <- d[k]
		hi <- d[nx * ny - k + 1]
	}
	m <- mw_p(x, y)
	c(ch(est), ch(lo), ch(hi), cover, m$p, m$exact)
}

welch_ref <- function(x, y, logs, level) {
	a <- if (logs) log(x) else x
	b <- if (logs) log(y) else y
	ch <- ch_fn(x, logs, mean(x))
	w <- t.test(b, a, var.equal = FALSE, conf.level = level)
	c(ch(mean(b) - mean(a)), ch(w$conf.int[1]), ch(w$conf.int[2]),
	    level, w$p.value, w$parameter)
}

# Yuen's squared standard error of a trimmed mean.
yuen_d <- function(v, trim) {
	v <- sort(v)
	n <- length(v)
	g <- floor(trim * n)
	h <- n - 2 * g
	w <- pmin(pmax(v, v[g + 1]), v[n - g])
	(n - 1) * var(w) / (h * (h - 1))
}

yuen_ref <- function(x, y, logs, trim, level) {
	a <- if (logs) log(x) else x
	b <- if (logs) log(y) else y
	ma <- mean(a, trim = trim)
	mb <- mean(b, trim = trim)
	ch <- ch_fn(x, logs, mean(x, trim = trim))
	ha <- length(a) - 2 * floor(trim * length(a))
	hb <- length(b) - 2 * floor(trim * length(b))
	da <- yuen_d(a, trim)
	db <- yuen_d(b, trim)
	df <- (da + db)^2 / (da^2 / (ha - 1) + db^2 / (hb - 1))
	se <- sqrt(da + db)
	q <- qt(1 - (1 - level) / 2, df)
	c(ch(mb - ma), ch(mb - ma - q * se), ch(mb - ma + q * se), level,
	    2 * pt(-abs((mb - ma) / se), df), df)
}

# The cases: name, x, y, log scale, level (trim for yuen).
cases <- list()
add <- function(test, name, x, y, logs, level = 0.95, trim = 0.1)
	cases[[length(cases) + 1]] <<- list(test = test, name = name, x = x,
	    y = y, logs = logs, level = level, trim = trim)

x5 <- lnorm(5, 1, 0.05)
y5 <- lnorm(5, 1.5, 0.05)
add("hl", "+50%, 5 a side, log", x5, y5, TRUE)
x8 <- lnorm(8, 200, 0.08)
y7 <- lnorm(7, 170, 0.08)
add("hl", "-15%, 8 and 7, log", x8, y7, TRUE)
x3 <- lnorm(3, 10, 0.1)
y3 <- lnorm(3, 15, 0.1)
add("hl", "3 a side: level reached below 0.95", x3, y3, TRUE)
add("hl", "3 a side, linear", x3, y3, FALSE)
xt <- c(1, 1.1, 1.1, 1.2, 1.3, 1.3)
yt <- c(1.3, 1.4, 1.4, 1.5, 1.1, 1.6, 1.6)
add("hl", "ties, 6 and 7, log", xt, yt, TRUE)
xl <- r6(rnorm(9, 0.5, 1))
yl <- r6(rnorm(10, 1.5, 1))
add("hl", "signs, 9 and 10, linear", xl, yl, FALSE)
add("hl", "+50%, level 0.9", x8, r6(x8 * 1.5 * exp(rnorm(8, 0, 0.05))),
    TRUE, 0.9)
x49 <- lnorm(49, 1, 0.2)
y49 <- lnorm(49, 1.1, 0.2)
add("hl", "49 a side: exact", x49, y49, TRUE)
x60 <- lnorm(60, 1, 0.2)
y80 <- lnorm(80, 0.85, 0.2)
add("hl", "-15%, 60 and 80: normal", x60, y80, TRUE)
x60t <- round(lnorm(60, 1, 0.2), 1)
y60t <- round(lnorm(60, 1.5, 0.2), 1)
add("hl", "+50%, 60 a side with ties: normal", x60t, y60t, TRUE)
add("hl", "60 a side with ties, linear", x60t, y60t, FALSE, 0.99)
x50 <- lnorm(50, 1, 0.2)
add("hl", "50 and 1: normal, level reached", x50, y3[1] / 10, TRUE)

add("welch", "+50%, 5 a side, log", x5, y5, TRUE)
add("welch", "-15%, 8 and 7, linear", x8, y7, FALSE)
add("welch", "2 a side, level 0.99", x3[1:2], y3[1:2], TRUE, 0.99)
add("welch", "signs, linear", xl, yl, FALSE, 0.9)
add("welch", "60 and 80, log", x60, y80, TRUE)

x12 <- lnorm(12, 1, 0.05)
x12[12] <- 3
y11 <- lnorm(11, 1.5, 0.05)
y11[1] <- 0.2
add("yuen", "+50% with outliers, log", x12, y11, TRUE)
add("yuen", "+50% with outliers, linear", x12, y11, FALSE)
add("yuen", "-15%, trim 0.2, linear", x8, y7, FALSE, 0.95, 0.2)
add("yuen", "trim 0 is Welch", x5, y5, TRUE, 0.95, 0)
add("yuen", "60 and 80, log, level 0.9", x60, y80, TRUE, 0.9, 0.1)

add("mw", "no ties, exact", x8, y7, TRUE)
add("mw", "ties, exact", xt, yt, TRUE)
add("mw", "49 a side: exact", x49, y49, TRUE)
add("mw", "50 and 49: normal", x50, y49, TRUE)
add("mw", "ties, 60 a side: normal", x60t, y60t, TRUE)

add("cv", "five", x5, NULL, TRUE)
add("cv", "signs", xl, NULL, FALSE)

cat("/* Made by: Rscript tests/unit/stat-ref.R > tests/unit/stat-ref.h\n")
cat(" * (", R.version.string, "). Do not edit. */\n", sep = "")
for (i in seq_along(cases)) {
	k <- cases[[i]]
	emit_vec(sprintf("x%d", i), k$x)
	if (!is.null(k$y))
		emit_vec(sprintf("y%d", i), k$y)
}

cat("\nstatic const struct ref ref_cases[] = {\n")
for (i in seq_along(cases)) {
	k <- cases[[i]]
	v <- switch(k$test,
	    hl = hl_ref(k$x, k$y, k$logs, k$level),
	    welch = welch_ref(k$x, k$y, k$logs, k$level),
	    yuen = yuen_ref(k$x, k$y, k$logs, k$trim, k$level),
	    mw = {
		    m <- mw_p(k$x, k$y)
		    w <- suppressWarnings(wilcox.test(k$x, k$y, exact = FALSE))
		    c(m$p, w$statistic, m$exact, 0, 0, 0)
	    },
	    cv = c(mean(k$x), sd(k$x), sd(k$x) / abs(mean(k$x)), 0, 0, 0))
	cat(sprintf("\t{ \"%s\", \"%s\", x%d, %d, %s, %d, %d, %s, %s,\n",
	    k$test, k$name, i, length(k$x),
	    if (is.null(k$y)) "NULL" else sprintf("y%d", i),
	    length(k$y), as.integer(k$logs), fmt(k$level), fmt(k$trim)))
	cat(sprintf("\t    { %s } },\n", paste(fmt(v), collapse = ", ")))
}
cat("};\n")

# The distributions underneath: I_x(a, b), P(|T| > t), t quantiles.
cat("\nstatic const struct ref_dist ref_dists[] = {\n")
ib <- list(c(0.3, 2, 3), c(0.01, 0.5, 40), c(0.001, 5, 0.5),
    c(0.999999, 2.5e5, 0.5), c(0.5, 1e3, 1e3))
for (v in ib)
	cat(sprintf("\t{ 'b', %s, %s, %s, %s },\n", fmt(v[1]), fmt(v[2]),
	    fmt(v[3]), fmt(pbeta(v[1], v[2], v[3]))))
tt <- list(c(2.1, 1), c(0.3, 3.48), c(12, 7.2), c(4, 1e5), c(40, 2))
for (v in tt)
	cat(sprintf("\t{ 't', %s, %s, 0, %s },\n", fmt(v[1]), fmt(v[2]),
	    fmt(2 * pt(-abs(v[1]), v[2]))))
tq <- list(c(0.975, 1), c(0.975, 3.480364638), c(0.95, 7.2),
    c(0.9995, 2), c(0.975, 1e6), c(0.75, 30))
for (v in tq)
	cat(sprintf("\t{ 'q', %s, %s, 0, %s },\n", fmt(v[1]), fmt(v[2]),
	    fmt(qt(v[1], v[2]))))
for (p in c(0.975, 0.995, 0.9995, 0.75))
	cat(sprintf("\t{ 'z', %s, 0, 0, %s },\n", fmt(p), fmt(qnorm(p))))
cat("};\n")
