#!/bin/sh
# Regenerates the bundled collections with our own generator, graded by the
# grader of the commit it is run on. Run from the repository root:
#   sh puzzles/make.sh          every collection
#   sh puzzles/make.sh classic  the 9x9 levels (puzzles/<level>.txt)
#   sh puzzles/make.sh shapes   the other shapes (puzzles/<shape>-<level>.txt)
set -eu
what=${1:-all}
count=100
cargo build --release --quiet

if [ "$what" = all ] || [ "$what" = classic ]; then
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
fi

# Other shapes: NAME, the generator's shape flags, a `# variant:` header or none,
# and the levels it has. Levels come from how clues were removed and what solves
# the puzzle (until a logic ladder grades shapes): easy = clues removed only while
# naked and hidden singles still solve it (not minimal); medium = minimal, singles
# solve it; hard = minimal, singles do not. A 4x4 has one level (every minimal
# 4x4 is solved by singles, and is also singles-minimal); a minimal 9x9 X,
# Windoku or jigsaw is hardly ever solved by singles, so those have easy and hard.
shape() {
  name=$1 flags=$2 variant=$3 levels=$4 seed=$5
  for level in $levels; do
    seed=$((seed + 1))
    command="pencilmark generate $flags --difficulty $level --count 20 --seed $seed --grade"
    {
      echo "# pencilmark $name $level puzzles, made by our own generator (puzzles/make.sh):"
      echo "#   $command"
      echo "# made $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD)."
      echo "# Each line: the puzzle, a jigsaw's regions, then its grade: level, and"
      echo "# singles (naked and hidden singles solve it) or search (they do not)."
      [ -n "$variant" ] && echo "# variant: $variant"
      ./target/release/$command
    } > "puzzles/$name-$level.txt"
  done
}

if [ "$what" = all ] || [ "$what" = shapes ]; then
  shape 4x4 "--size 4" "" "easy" 200
  shape 6x6 "--size 6" "" "easy medium hard" 210
  shape x "--variant x" x "easy hard" 220
  shape windoku "--variant windoku" windoku "easy hard" 230
  shape jigsaw6 "--variant jigsaw --size 6" jigsaw "easy medium hard" 240
  shape jigsaw9 "--variant jigsaw --size 9" jigsaw "easy hard" 250
fi
