# Plots of the performance study from cc_perf's *.dat files (docs/results.md).
# gnuplot -e "tdir='build/perf/table1'; sdir='build/perf/table1'; img='docs/img'; title_angle='(bunny00, d = 0.5)'" bench/plots.gp
# tdir: the run whose angle.dat and lists.dat are plotted;
# sdir: the run whose speedup.dat is plotted (the full table).
if (!exists("tdir")) tdir = 'build/perf/table1'
if (!exists("sdir")) sdir = 'build/perf/table1'
if (!exists("img")) img = 'docs/img'
if (!exists("title_angle")) title_angle = ''
set datafile missing NaN
set key outside right top
set grid

do for [fmt in "png svg"] {
  ext = fmt
  if (fmt eq "png") { set terminal pngcairo noenhanced size 900,520 font ",10" } else { set terminal svg noenhanced size 900,520 font ",10" }

  # 1. Time per query against the rotation angle, chip and software.
  stats tdir.'/angle.dat' skip 1 nooutput
  ncol = STATS_columns
  set output img.'/time_vs_angle.'.ext
  set title 'Time per query (mode first) against rotation angle '.title_angle
  set xlabel 'rotation angle about z and x [deg]'
  set ylabel 'time per query [us]'
  set logscale y
  plot for [i=2:ncol] tdir.'/angle.dat' using 1:i with linespoints pointsize 0.5 title columnhead(i)
  unset logscale y

  # 2. Cycles per list against list length, with Eq. 5's line.
  stats tdir.'/lists.dat' skip 1 nooutput
  ncol = STATS_columns
  set output img.'/cycles_per_list.'.ext
  set title "Chip cycles per list (tau = tumbled/2) against node pairs per list (alpha)\n(each configuration in its own clock: paper and queued 130 MHz, modern 600 MHz)"
  set xlabel 'alpha = overlap tests / (2 * tumbled nodes)'
  set ylabel 'cycles per list'
  eq5(x) = 100 + (x - 2) * 10
  plot for [i=3:ncol] tdir.'/lists.dat' using 1:i with points pointsize 0.6 title columnhead(i), \
       eq5(x) with lines lw 2 title 'Eq. 5: 100 + (alpha-2)*10'

  # 3. Speedup per object.
  set output img.'/speedup.'.ext
  set title 'Speedup per object (ratio of average times per query)'
  set xlabel ''
  set ylabel 'speedup (x)'
  set logscale y
  set style data histograms
  set style histogram clustered gap 1
  set style fill solid 0.8 border -1
  set xtics rotate by -30
  plot for [i=2:*] sdir.'/speedup.dat' using i:xtic(1) title columnhead(i)
  unset logscale y
  unset style data
  set xtics norotate
}
