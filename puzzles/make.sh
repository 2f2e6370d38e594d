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
# and the levels it has. The shape logic ladder grades every puzzle; easy ones
# keep clues while singles alone solve them (not minimal), the others are minimal.
# Levels are those the generator reaches within its attempts (README, Other
# shapes): a minimal 4x4 always falls to singles and 6x6 medium is rare, so those
# shapes take their next level up instead; 16x16 has easy only (a minimal 16x16
# at a given level is not found within the attempts in minutes).
shape() {
  name=$1 flags=$2 variant=$3 levels=$4 seed=$5
  for level in $levels; do
    seed=$((seed + 1))
    command="pencilmark generate $flags --difficulty $level --count 20 --seed $seed --grade"
    {
      echo "# pencilmark $name $level puzzles, made by our own generator (puzzles/make.sh):"
      echo "#   $command"
      echo "# made $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD)."
      echo "# Each line: the puzzle, a jigsaw's regions, then its grade by the shape"
      echo "# logic ladder: level, score, hardest technique."
      [ -n "$variant" ] && echo "# variant: $variant"
      ./target/release/$command
    } > "puzzles/$name-$level.txt"
  done
}

if [ "$what" = all ] || [ "$what" = shapes ]; then
  shape 4x4 "--size 4" "" "easy" 200
  shape 6x6 "--size 6" "" "easy hard expert" 210
  shape x "--variant x" x "easy medium hard expert" 220
  shape windoku "--variant windoku" windoku "easy medium hard" 230
  shape jigsaw6 "--variant jigsaw --size 6" jigsaw "easy medium hard" 240
  shape jigsaw9 "--variant jigsaw --size 9" jigsaw "easy medium hard expert" 250
  shape 8x8 "--size 8" "" "easy medium hard" 260
  shape 12x12 "--size 12" "" "easy medium hard" 270
  shape 16x16 "--size 16" "" "easy" 280
fi
