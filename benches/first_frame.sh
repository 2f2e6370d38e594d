#!/bin/sh
# Time to the first frame, side by side: an empty command, nudoku and the
# player, each started in a fresh tmux window of 80x24, its screen polled every
# 5 ms until the frame's marker text shows; median (and min, max) of N runs in
# milliseconds. The empty command (`echo` of the marker) is what tmux itself
# costs to start a program and show its output; subtract it to get the
# program's own share.
#
# Usage: benches/first_frame.sh [N] [BIN]   (N defaults to 15, BIN to
# ./target/release/pencilmark; nudoku from `apt-get install nudoku`, skipped
# when missing). Needs tmux.
set -eu
n=${1:-15}
bin=$(realpath "${2:-./target/release/pencilmark}")
socket=pencilmark-first-frame-$$
data=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$data"' EXIT INT TERM
# One server for every run, so no run pays for starting it.
tmux -L "$socket" -f /dev/null new-session -d -s bench -x 80 -y 24 "sleep 100000"
tmux -L "$socket" set-option -g default-size 80x24 >/dev/null

# time_once MARKER COMMAND: milliseconds until MARKER is on the screen.
time_once() {
  marker=$1
  command=$2
  start=$(date +%s%N)
  tmux -L "$socket" new-window -d -t bench: -n run "$command"
  while :; do
    if tmux -L "$socket" capture-pane -p -t bench:run 2>/dev/null | grep -qF -- "$marker"; then
      break
    fi
    if [ $(( ($(date +%s%N) - start) / 1000000 )) -gt 10000 ]; then
      echo "no frame after 10 s: $command" >&2
      tmux -L "$socket" capture-pane -p -t bench:run >&2 || true
      exit 1
    fi
    sleep 0.005
  done
  end=$(date +%s%N)
  tmux -L "$socket" kill-window -t bench:run
  # Wait (untimed) until the player has saved and left (every one of its
  # command lines names $data): a previous run still grading or saving would
  # take a core from the next run's start.
  waited=0
  while pgrep -f -- "$data" >/dev/null && [ "$waited" -lt 500 ]; do
    sleep 0.01
    waited=$((waited + 1))
  done
  echo $(( (end - start) / 1000 ))
}

# measure LABEL MARKER COMMAND [SETUP]: the median, min and max of n runs;
# SETUP (a shell command) runs before each, untimed.
measure() {
  label=$1
  marker=$2
  command=$3
  setup=${4:-true}
  times=""
  i=0
  while [ "$i" -lt "$n" ]; do
    sh -c "$setup"
    times="$times $(time_once "$marker" "$command")"
    i=$((i + 1))
    sleep 0.1
  done
  echo "$times" | tr ' ' '\n' | grep . | sort -n | awk -v label="$label" '
    { t[NR] = $1 / 1000 }
    END { printf "%-58s median %6.1f ms  (min %5.1f, max %5.1f, n=%d)\n", label, t[int((NR + 1) / 2)], t[1], t[NR], NR }'
}

# A hard puzzle (the second of ../shared/data/hardest.txt): grading it takes
# forcing nets, about 0.85 s.
hard=..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..
easy=003020600900305001001806400008102900700000008006708200002609500800203009005010300
echo "first frame, tmux 80x24, polled every 5 ms, n=$n, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
measure "empty command (echo)" "frame-marker" "echo frame-marker; sleep 100"
if command -v nudoku >/dev/null || [ -x /usr/games/nudoku ]; then
  nudoku=$(command -v nudoku || echo /usr/games/nudoku)
  measure "nudoku" "└───┴" "$nudoku"
fi
# The player's marker: the key line at the foot of its first frame.
marker="q quit"
# A new game each run: a fresh data directory, named by the pane's shell's pid.
measure "pencilmark play EASY (new game)" "$marker" \
  "$bin play $easy --data-dir $data/easy-\$\$"
measure "pencilmark play HARD (new game, graded in ~0.85 s)" "$marker" \
  "$bin play $hard --data-dir $data/hard-\$\$"
tmux -L "$socket" new-window -d -t bench: -n save "$bin play $hard --data-dir $data/resume"
sleep 2
tmux -L "$socket" kill-window -t bench:save
sleep 1
measure "pencilmark (resume the last game, 1 save)" "$marker" \
  "$bin --data-dir $data/resume"
# The same with 300 more saves beside it, all older (the bundled easy, medium
# and hard puzzles, each head a copy of the real one with its givens, played
# long ago): choosing the game to resume must not read them all.
puzzles=$(dirname "$0")/../puzzles
head=$(ls "$data"/resume/games/*.json)
stamp=1000
for line in $(cat "$puzzles"/easy.txt "$puzzles"/medium.txt "$puzzles"/hard.txt | grep -v '^#' | cut -d' ' -f1 | head -300); do
  key=$(echo "$line" | tr . 0)
  stamp=$((stamp + 1))
  sed -e "s/\"givens\":\"[^\"]*\"/\"givens\":\"$line\"/" \
    -e "s/\"digits\":\"[^\"]*\"/\"digits\":\"$line\"/" \
    -e "s/\"undo\":[0-9]*/\"undo\":0/" -e "s/\"redo\":[0-9]*/\"redo\":0/" \
    -e "s/\"saved_at_ms\":[0-9]*/\"saved_at_ms\":$stamp/" "$head" >"$data/resume/games/$key.json"
done
measure "pencilmark (resume the last game, $(ls "$data"/resume/games/*.json | wc -l) saves)" "$marker" \
  "$bin --data-dir $data/resume"
