#!/bin/sh
# `generate --needs TECHNIQUE` rates, one thread: puzzles per second of CPU time
# (user + system) for each technique, at most LIMIT seconds of CPU time each
# (`ulimit -t`: the wall clock of a loaded machine would give some runs far less
# CPU than others; a technique that is rarely a puzzle's hardest step may make
# fewer than N in it).
#
# Usage: benches/needs_rates.sh [N] [LIMIT] [BIN] [TECHNIQUE...]
#   N puzzles (default 10), LIMIT seconds (default 10), BIN defaults to
#   ./target/release/pencilmark; the techniques default to the README's list.
set -eu
n=${1:-10}
limit=${2:-10}
bin=${3:-./target/release/pencilmark}
[ $# -gt 3 ] && shift 3 || set --
if [ $# -eq 0 ]; then
  set -- hidden_single naked_single locked_candidates_pointing locked_candidates_claiming \
    naked_pair hidden_pair naked_triple x_wing swordfish skyscraper two_string_kite \
    empty_rectangle xy_wing w_wing unique_rectangle_1 x_chain xy_chain als_xz aic
fi
out=$(mktemp)
trap 'rm -f "$out" "$out.time"' EXIT INT TERM
echo "--count $n --seed 1 --threads 1, at most ${limit} s of CPU each, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| technique | puzzles | CPU s | puzzles/s (CPU) |"
echo "|---|---:|---:|---:|"
for technique in "$@"; do
  /usr/bin/time -f "%U %S" -o "$out.time" sh -c 'ulimit -t "$1"; shift; exec "$@"' sh "$limit" \
    "$bin" generate --needs "$technique" --count "$n" --seed 1 --threads 1 >"$out" 2>/dev/null || true
  made=$(grep -c . "$out" || true)
  # A run cut short by the limit leaves "Command terminated..." on the first line.
  awk -v t="$technique" -v made="$made" 'END { cpu = $1 + $2; if (cpu < 0.005) cpu = 0.005;
    printf "| `%s` | %d | %.2f | %.1f |\n", t, made, cpu, made / cpu }' "$out.time"
done
echo "load after $(cut -d' ' -f1-3 /proc/loadavg)"
