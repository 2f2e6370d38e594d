#!/bin/sh
# Regenerates the bundled collections (puzzles/<level>.txt) with our own generator,
# graded by the grader of the commit it is run on. Run from the repository root.
set -eu
count=100
cargo build --release --quiet
seed=100
for level in easy medium hard expert extreme; do
  seed=$((seed + 1))
  command="pencilmark generate --difficulty $level --count $count --seed $seed --grade"
  {
    echo "# pencilmark $level puzzles, made by our own generator (puzzles/make.sh):"
    echo "#   $command"
    echo "# made $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD)."
    echo "# Each line: the puzzle, then its grade: level, score, hardest technique."
    ./target/release/$command
  } > "puzzles/$level.txt"
done
