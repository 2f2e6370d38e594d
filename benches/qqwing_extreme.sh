#!/bin/sh
# Extreme puzzles per second from QQWing and from us, like for like, one thread each.
# QQWing has no Extreme level: its hardest, expert, is every puzzle its own logic
# cannot finish, and only about one in a hundred of those needs a forcing chain
# (our Extreme). So QQWing's Extreme rate is its expert rate times the share of its
# expert puzzles our grader rates Extreme; the time our grader takes to find them
# is not charged to QQWing (that favours QQWing). Ours: `generate -d extreme`.
# Usage: benches/qqwing_extreme.sh [N_QQWING] [N_OURS] [BIN]  (defaults 2000, 20,
# ./target/release/pencilmark; needs qqwing: apt-get install qqwing).
set -eu
nq=${1:-2000}
no=${2:-20}
bin=${3:-./target/release/pencilmark}
tmp=${TMPDIR:-/tmp}/qqwing_extreme.$$
trap 'rm -f "$tmp".*' EXIT
cpu() { awk '{ printf "%.2f", $1 + $2 }' "$1"; }
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "%U %S" -o "$tmp.qtime" qqwing --generate "$nq" --difficulty expert --one-line > "$tmp.qq"
"$bin" grade "$tmp.qq" > "$tmp.grades"
extreme=$(awk '$1 == "extreme"' "$tmp.grades" | wc -l)
q_cpu=$(cpu "$tmp.qtime")
echo "qqwing expert: $nq puzzles in $q_cpu s cpu; our grades: $(awk '{ print $1 }' "$tmp.grades" | sort | uniq -c | awk '{ printf "%s %s, ", $2, $1 }')"
/usr/bin/time -f "%U %S" -o "$tmp.otime" "$bin" generate --difficulty extreme --count "$no" --seed 1 --threads 1 > /dev/null
o_cpu=$(cpu "$tmp.otime")
awk -v e="$extreme" -v q="$q_cpu" -v n="$no" -v o="$o_cpu" 'BEGIN {
  qr = e / q; or = n / o
  printf "qqwing extreme/s (cpu) %.2f (%d of its expert puzzles) | ours extreme/s (cpu) %.1f (%d in %.2f s)", qr, e, or, n, o
  if (e > 0) printf " | ratio %.0fx\n", or / qr; else printf " | ratio: no Extreme among QQWing'"'"'s, raise N_QQWING\n"
}'
echo "load after $(cut -d' ' -f1-3 /proc/loadavg)"
