#!/usr/bin/env bash
# Output identity for behaviour-preserving engine changes: prints one md5 per
# check for the binary BIN. Run it for the old and the new binary and diff the
# two outputs; every line must agree.
#   sh benches/same_output.sh target/release/pencilmark > new.md5
# Reads ../shared/data (or $SHARED/data).
set -u
bin=${1:?usage: same_output.sh BIN}
# ../shared beside the repository (or two and three levels up, as the tests look:
# a worktree under another directory); without it every md5 would hash an error.
here=$(dirname "$0")
data=
for up in "${SHARED:-}" "$here/../../shared" "$here/../../../shared" "$here/../../../../shared"; do
  if [ -n "$up" ] && [ -d "$up/data" ]; then data=$up/data; break; fi
done
if [ -z "$data" ]; then
  echo "same_output.sh: no ../shared/data found (set SHARED=DIR)" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -300 "$data/puzzles3_magictour_top1465" > "$tmp/first300"
sum() { printf '%-28s %s\n' "$1" "$(md5sum | cut -d' ' -f1)"; }
"$bin" grade "$tmp/first300" 2>&1 | sum grade-top1465-300
"$bin" grade --json "$tmp/first300" 2>&1 | sum grade-json-top1465-300
"$bin" grade --json "$data/top95.txt" 2>&1 | sum grade-json-top95
for set in first300 top95; do
  if [ "$set" = first300 ]; then f="$tmp/first300"; else f="$data/top95.txt"; fi
  while IFS= read -r p; do "$bin" explain --links "$p" 2>&1; done < "$f" | sum "explain-links-$set"
done
for v in x9 jigsaw9 windoku9 size12; do
  case $v in x9) var=x ;; jigsaw9) var=jigsaw ;; windoku9) var=windoku ;; *) var=classic ;; esac
  head -30 "$data/variants/$v.txt" | grep -v '^#' > "$tmp/$v"
  "$bin" grade --json --variant "$var" "$tmp/$v" 2>&1 | sum "grade-json-$v"
  while IFS= read -r p; do printf '%s\n' "$p" > "$tmp/one"; "$bin" explain --links --variant "$var" "$tmp/one" 2>&1; done < "$tmp/$v" | sum "explain-links-$v"
done
grep -v '^#' "$data/variants/size16.txt" | head -3 > "$tmp/size16"
"$bin" grade --json "$tmp/size16" 2>&1 | sum grade-json-size16
while IFS= read -r p; do printf '%s\n' "$p" > "$tmp/one"; "$bin" explain --links "$tmp/one" 2>&1; done < "$tmp/size16" | sum explain-links-size16
