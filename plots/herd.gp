# herd.gp: drawn by smpbench plot from herd.dat;
# 'gnuplot herd.gp' writes herd.png.
reset
if (!exists('out_herd')) out_herd = 'herd.png'
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
	set terminal pngcairo size 800,500 noenhanced font ',10'
} else {
	set terminal png size 800,500 noenhanced
}
set output out_herd
set title 'herd: medians of the repeats, bars from the smallest to the largest'
set ylabel 'seconds for 5000000 iterations (lower is better)'
set yrange [0:*]
set xlabel 'processes sharing the pipe, P'
set xtics 1
set grid
set key below
set offsets graph 0.03, graph 0.03, graph 0.05, 0
plot 'herd.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' pt 1 title '6.1.0-a, unpinned', \
	'' index 0 using 1:6 with points lc rgb '#1f77b4' pt 6 notitle, \
	'' index 0 using 1:7 with points lc rgb '#1f77b4' pt 6 notitle
