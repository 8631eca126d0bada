# pipe.gp: drawn by smpbench plot from pipe.dat;
# 'gnuplot pipe.gp' writes pipe.png.
reset
if (!exists('out_pipe')) out_pipe = 'pipe.png'
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
	set terminal pngcairo size 1180,400 noenhanced font ',10'
} else {
	set terminal png size 1180,400 noenhanced
}
set output out_pipe
set multiplot layout 1,3 title 'pipe: %CPU of the pair (200% = in parallel), medians'
set palette defined (0 '#d7191c', 100 '#fdae61', 150 '#ffffbf', 200 '#1a9641')
set cbrange [0:200]
unset colorbox
set xlabel 'think'
set ylabel 'write size'
set tics scale 0
set title '6.1.0-a, unpinned'
set xtics ('1' 0, '2048' 1)
set xrange [-0.5:1.5]
set ytics ('1k' 0, '64k' 1)
set yrange [1.5:-0.5]
plot 'pipe.dat' index 0 using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder lc palette notitle, \
	'' index 0 using 1:2:8 with labels notitle
set title '6.1.0-a, both on one CPU'
set xtics ('1' 0, '2048' 1)
set xrange [-0.5:1.5]
set ytics ('1k' 0, '64k' 1)
set yrange [1.5:-0.5]
plot 'pipe.dat' index 1 using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder lc palette notitle, \
	'' index 1 using 1:2:8 with labels notitle
set title '6.1.0-a, two CPUs'
set xtics ('1' 0, '2048' 1)
set xrange [-0.5:1.5]
set ytics ('1k' 0, '64k' 1)
set yrange [1.5:-0.5]
plot 'pipe.dat' index 2 using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder lc palette notitle, \
	'' index 2 using 1:2:8 with labels notitle
unset multiplot
