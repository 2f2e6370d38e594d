#!/usr/bin/env python3
"""Time a SAT solver (cadical) on the same puzzles as `pencilmark solve`.

usage: benches/sat_compare.py [--bin PATH] [--sat cadical] FILE...

FILE holds regular-box puzzles of one size (4, 6, 8, 9, 12, 16 or 25; e.g.
../shared/data/variants/size16.txt). Each puzzle is encoded to CNF:
  one variable per (cell, value);
  every cell has at least one value, and at most one (pairwise clauses);
  every unit (row, column, box) has every value at least once, and at most
  once (pairwise clauses);
  every given is a unit clause.
The SAT solver's time per puzzle is its process's wall-clock time minus the
median time of the same solver on a one-clause CNF (its start-up), so that
start-up is not counted; its own "total process time" line counts in 10 ms
steps, too coarse here. Ours is the per-puzzle p50/p99 that
`pencilmark solve --stats --threads 1` reports (the search alone, in process).
The ratio printed is SAT p50 / our p50 (above 1 means we are faster).
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def units(side):
    rows, cols = BOXES[side]
    out = [[r * side + c for c in range(side)] for r in range(side)]
    out += [[r * side + c for r in range(side)] for c in range(side)]
    for top in range(0, side, rows):
        for left in range(0, side, cols):
            out.append([(top + i) * side + left + j for i in range(rows) for j in range(cols)])
    return out


def cnf(line):
    cells = line.split()[0]
    side = int(round(len(cells) ** 0.5))
    var = lambda cell, value: cell * side + value + 1  # noqa: E731
    clauses = []
    for cell in range(side * side):
        clauses.append([var(cell, v) for v in range(side)])
        for a in range(side):
            for b in range(a + 1, side):
                clauses.append([-var(cell, a), -var(cell, b)])
    for unit in units(side):
        for v in range(side):
            clauses.append([var(c, v) for c in unit])
            for i in range(side):
                for j in range(i + 1, side):
                    clauses.append([-var(unit[i], v), -var(unit[j], v)])
    for cell, ch in enumerate(cells):
        if ch not in ".0":
            clauses.append([var(cell, SYMBOLS.index(ch.upper()))])
    header = "p cnf %d %d\n" % (side ** 3, len(clauses))
    return header + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)


def sat_seconds(solver, text, tmp):
    path = os.path.join(tmp, "puzzle.cnf")
    with open(path, "w") as f:
        f.write(text)
    start = time.perf_counter()
    proc = subprocess.run([solver, path], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode not in (10, 20):
        sys.exit("%s failed: %s" % (solver, proc.stderr))
    own = re.search(r"total process time since initialization:\s+([0-9.]+)", proc.stdout)
    return seconds, float(own.group(1)) if own else float("nan")


def percentile(values, q):
    values = sorted(values)
    return values[max(1, math.ceil(len(values) * q)) - 1] if values else 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default="target/release/pencilmark")
    parser.add_argument("--sat", default="cadical")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.files:
            lines = [l for l in open(path).read().splitlines() if l.strip()]
            startup = statistics.median(
                sat_seconds(args.sat, "p cnf 1 1\n1 0\n", tmp)[0] for _ in range(9))
            runs = [sat_seconds(args.sat, cnf(l), tmp) for l in lines]
            sat = [(wall - startup) * 1e3 for wall, _ in runs]
            own = statistics.median(reported * 1e3 for _, reported in runs)
            ours = subprocess.run([args.bin, "solve", "--stats", "--threads", "1", path],
                                  capture_output=True, text=True).stderr
            p50 = float(re.search(r"p50 ([0-9.]+) ms", ours).group(1))
            p99 = float(re.search(r"p99 ([0-9.]+) ms", ours).group(1))
            s50 = statistics.median(sat)
            print("%s: %d puzzles; pencilmark p50 %.3f ms p99 %.3f ms; %s p50 %.3f ms p99 %.3f ms "
                  "(its own clock, 10 ms steps: p50 %.0f ms); ratio (SAT p50 / ours) %.1f"
                  % (os.path.basename(path), len(lines), p50, p99, args.sat, s50,
                     percentile(sat, 0.99), own, s50 / p50))


if __name__ == "__main__":
    main()
