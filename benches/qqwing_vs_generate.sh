#!/bin/sh
# Generator speed against QQWing, in one run on this machine, one thread each:
# puzzles per second of CPU time (user + system, which a loaded shared machine
# disturbs less than the wall clock; the wall-clock rate follows) for each
# comparable level, and the ratio ours / QQWing's.
# Usage: benches/qqwing_vs_generate.sh [N] [BIN]  (N puzzles per run, default 100;
# BIN defaults to ./target/release/pencilmark; needs qqwing: apt-get install qqwing).
set -eu
n=${1:-100}
bin=${2:-./target/release/pencilmark}
rate() { # command... -> "cpu_rate wall_rate"
  /usr/bin/time -f "%U %S %e" -o /tmp/qqwing_vs_generate.$$ "$@" > /dev/null
  awk -v n="$n" '{ cpu = $1 + $2; if (cpu < 0.005) cpu = 0.005; printf "%.1f %.1f", n / cpu, n / $3 }' /tmp/qqwing_vs_generate.$$
  rm -f /tmp/qqwing_vs_generate.$$
}
echo "N = $n, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "qqwing level | qqwing /s cpu (wall) | our level | ours /s cpu (wall) | ratio (cpu)"
for pair in simple:easy easy:easy intermediate:medium expert:hard expert:expert expert:extreme; do
  qq=${pair%%:*}
  ours=${pair##*:}
  set -- $(rate qqwing --generate "$n" --difficulty "$qq" --one-line)
  q_cpu=$1 q_wall=$2
  set -- $(rate "$bin" generate --difficulty "$ours" --count "$n" --seed 1 --threads 1)
  o_cpu=$1 o_wall=$2
  echo "$qq | $q_cpu ($q_wall) | $ours | $o_cpu ($o_wall) | $(echo "$o_cpu $q_cpu" | awk '{ printf "%.1fx", $1 / $2 }')"
done
echo "load after $(cut -d' ' -f1-3 /proc/loadavg)"
