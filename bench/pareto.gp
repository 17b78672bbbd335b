# Time against area of the chips make timing measured (bench/pareto.py writes data and runs it):
# gnuplot -e "data='build/pareto/pareto.csv'; out='build/pareto/pareto'; pairs='...'" bench/pareto.gp
# Columns of pareto.csv: 2 cells, 5 avg_us, 6 worst_us, 7 front_avg, 8 front_worst.
set datafile separator ','
set datafile missing NaN
set key top right
set grid
set logscale y
set offsets graph 0.03, graph 0.15, 0, 0
set xlabel 'yosys generic cells (thousands)'
set ylabel 'time per query at the configured clock [us]'
set title 'Time against area: TLM, mode first ('.pairs.')'
do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo noenhanced size 900,520 font ",10" } else { set terminal svg noenhanced size 900,520 font ",10" }
  set output out.'.'.fmt
  plot data every ::1 using ($2/1000):5 with points pt 7 title 'average (geometric mean over pairs)', \
       data every ::1 using ($2/1000):5:1 with labels offset 1,0.6 left notitle, \
       data every ::1 using ($2/1000):($7 > 0 ? $5 : NaN) smooth unique with steps lw 1.5 title 'front (average)', \
       data every ::1 using ($2/1000):6 with points pt 5 title 'worst query', \
       data every ::1 using ($2/1000):($8 > 0 ? $6 : NaN) smooth unique with steps lw 1.5 dt 2 title 'front (worst)'
}
