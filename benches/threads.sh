#!/bin/sh
# Thread scaling of `solve`, whole process: `--threads 1` and `--threads 2` run
# in alternating pairs (the machine is shared and noisy: a pair sees the same
# load), and the median of the per-pair ratios (one thread's time / two
# threads') is the figure. Usage: benches/threads.sh [PAIRS] [FILE] [BIN] [--count]
# (defaults: 7 pairs, ../shared/data/puzzles2_17_clue, ./target/release/pencilmark).
set -eu
pairs=${1:-7}
file=${2:-../shared/data/puzzles2_17_clue}
bin=${3:-./target/release/pencilmark}
mode=${4:-}
seconds() { # command... -> wall seconds
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  echo "$start $end" | awk '{ printf "%.3f", ($2 - $1) / 1e9 }'
}
echo "$bin solve $mode --threads 1|2 $file, $pairs pairs, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
ratios=""
i=0
while [ "$i" -lt "$pairs" ]; do
  one=$(seconds "$bin" solve $mode --threads 1 "$file")
  two=$(seconds "$bin" solve $mode --threads 2 "$file")
  ratio=$(echo "$one $two" | awk '{ printf "%.2f", $1 / $2 }')
  echo "pair $((i + 1)): 1 thread $one s, 2 threads $two s, ratio $ratio"
  ratios="$ratios $ratio"
  i=$((i + 1))
done
echo "$ratios" | tr ' ' '\n' | grep . | sort -n | awk '
  { r[NR] = $1 }
  END { printf "median ratio %.2fx (min %.2f, max %.2f), load after %s\n", r[int((NR + 1) / 2)], r[1], r[NR], load }' \
  load="$(cut -d' ' -f1-3 /proc/loadavg)"
