#!/usr/bin/env python3
"""Grading and hint time per puzzle on every shape: the README's per-shape table.

usage: benches/shape_speed.py [--bin PATH] [--lines N] [--hints N] SET:VARIANT...

SET is a puzzle file (e.g. ../shared/data/variants/size16.txt), VARIANT one of
classic, x, windoku, jigsaw. For each of the first N puzzles (--lines, default
50):
  grade: `pencilmark grade --variant V` on that puzzle alone;
  hint:  `pencilmark hint --givens PUZZLE --variant V POSITION` on positions of
         its logical solution (`explain --json`, placements applied in order):
         the position before each step that needed a forcing chain, a net or a
         guess, up to --hints of them per puzzle, evenly spread (a values-only
         position, as a player without pencil marks asks; the hint runs the
         uniqueness count and the ladder from the easiest technique on).
Each time is the process's own CPU time (user + system, from wait4), so the
load of a shared machine moves it less than wall time; it includes the
process's start-up (about 1 ms). Printed: count, p50 and p99 (nearest rank)
in milliseconds, and the total.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
FORCING = {
    "digit_forcing_chain",
    "cell_forcing_chain",
    "unit_forcing_chain",
    "dynamic_forcing_chain",
    "forcing_net",
    "guess",
}


def cpu_ms(args):
    """Runs `args`; returns its CPU time in ms and its standard output."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(proc.pid, 0)
        out.seek(0)
        return (usage.ru_utime + usage.ru_stime) * 1000, out.read()


def percentile(times, p):
    ranked = sorted(times)
    return ranked[max(0, -(-len(ranked) * p // 100) - 1)]


def positions(binary, variant, puzzle_file, givens, limit):
    """Values-only positions before each forcing step of the explained path."""
    _, out = cpu_ms([binary, "explain", "--json", "--variant", variant, puzzle_file])
    path = json.loads(out)
    side = int(len(givens) ** 0.5)
    values = list(givens)
    found = []
    for step in path["steps"]:
        if step["technique"] in FORCING:
            found.append("".join(values))
        for placed in step["placements"]:
            row, col = map(int, re.match(r"r(\d+)c(\d+)", placed["cell"]).groups())
            values[(row - 1) * side + col - 1] = SYMBOLS[placed["digit"] - 1]
    if len(found) > limit:
        found = [found[i * len(found) // limit] for i in range(limit)]
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default="target/release/pencilmark")
    parser.add_argument("--lines", type=int, default=50)
    parser.add_argument("--hints", type=int, default=4)
    parser.add_argument("sets", nargs="+")
    args = parser.parse_args()
    print("set variant puzzles grade_p50 grade_p99 grade_total hints hint_p50 hint_p99 (ms)")
    for spec in args.sets:
        path, variant = spec.rsplit(":", 1)
        with open(path) as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        lines = lines[: args.lines]
        grades, hints = [], []
        with tempfile.TemporaryDirectory() as tmp:
            for i, line in enumerate(lines):
                one = os.path.join(tmp, f"{i}.txt")
                with open(one, "w") as f:
                    f.write(line + "\n")
                ms, _ = cpu_ms([args.bin, "grade", "--variant", variant, one])
                grades.append(ms)
                fields = line.split()
                givens = fields[0].replace("0", ".")
                for position in positions(args.bin, variant, one, givens, args.hints):
                    if variant == "jigsaw":
                        position += " " + fields[1]
                    ms, _ = cpu_ms(
                        [args.bin, "hint", "--givens", one, "--variant", variant, position]
                    )
                    hints.append(ms)
        name = os.path.basename(path).rsplit(".", 1)[0]
        hint_cols = (
            f"{len(hints)} {percentile(hints, 50):.1f} {percentile(hints, 99):.1f}"
            if hints
            else "0 - -"
        )
        print(
            f"{name} {variant} {len(grades)} {percentile(grades, 50):.1f} "
            f"{percentile(grades, 99):.1f} {sum(grades):.0f} {hint_cols}",
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())
