#!/bin/sh
# Generator speed against QQWing, in one run on this machine: puzzles per second
# for each comparable level. Usage: benches/qqwing_vs_generate.sh [N]  (needs qqwing
# on PATH and a release build: cargo build --release).
set -eu
n=${1:-500}
bin=./target/release/pencilmark
rate() { # command... -> "seconds puzzles/s"
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  echo "$start $end" | awk -v n="$n" '{ s = $2 - $1; printf "%.2f s, %.1f/s", s, n / s }'
}
echo "N = $n, $(nproc) cores"
for pair in simple:easy easy:easy intermediate:medium expert:hard expert:expert expert:extreme; do
  qq=${pair%%:*}
  ours=${pair##*:}
  echo "qqwing --generate $n --difficulty $qq --one-line: $(rate qqwing --generate "$n" --difficulty "$qq" --one-line)"
  echo "pencilmark generate --difficulty $ours --count $n --seed 1 --threads 1: $(rate $bin generate --difficulty "$ours" --count "$n" --seed 1 --threads 1)"
  echo "pencilmark generate --difficulty $ours --count $n --seed 1: $(rate $bin generate --difficulty "$ours" --count "$n" --seed 1)"
done
