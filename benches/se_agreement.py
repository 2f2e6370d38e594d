#!/usr/bin/env python3
"""Agreement of `pencilmark grade --scale se` with published Sukaku Explainer ratings.

Reads ../shared/data/se/{easy,hard,diabolical}.txt (81 cells, a space, the published
ER), grades the puzzles with `grade --json` (its "se" object: er, ep, ed and
er_technique, the technique of the step that set ER) and prints, per bucket:
  - the table of the README (ER equal, within 0.1, within 0.5, same bucket);
  - the distribution of ours - theirs, in tenths;
  - for the puzzles whose ER differs: which technique gave our ER, how often, and
    the mean difference (what to calibrate next).
With --misses N it also lists N disagreeing puzzles per bucket (puzzle, theirs,
ours, technique), to replay one with `pencilmark explain`.

Usage (from the project root, release binary built):
  python3 benches/se_agreement.py [--bin target/release/pencilmark] [--data DIR]
          [--buckets hard,diabolical] [--limit N] [--misses N]
"""

import argparse
import collections
import json
import os
import subprocess
import sys

BUCKETS = {
    # name: (label, lowest ER, highest ER exclusive)
    "easy": ("easy (< 1.5)", 0, 15),
    "hard": ("hard (2.5 to 5.0)", 25, 50),
    "diabolical": ("diabolical (5.0 and up)", 50, 10_000),
}


def find_data(given):
    if given:
        return given
    for up in ("../shared", "../../shared", "../../../shared"):
        path = os.path.join(up, "data", "se")
        if os.path.isdir(path):
            return path
    sys.exit("../shared/data/se not found (give --data DIR)")


def grade(binary, puzzles):
    text = "".join(p + "\n" for p in puzzles)
    out = subprocess.run(
        [binary, "grade", "--json", "-"], input=text, capture_output=True, text=True
    )
    lines = out.stdout.splitlines()
    if len(lines) != len(puzzles):
        sys.exit(f"{binary}: {len(lines)} lines for {len(puzzles)} puzzles\n{out.stderr}")
    return [json.loads(line) for line in lines]


def tenths(value):
    return int(round(float(value) * 10))


def percent(n, total):
    return f"{n} ({100 * n // total}%)" if total else "0"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="target/release/pencilmark")
    ap.add_argument("--data")
    ap.add_argument("--buckets", default="easy,hard,diabolical")
    ap.add_argument("--limit", type=int, default=0, help="first N puzzles of each bucket")
    ap.add_argument("--misses", type=int, default=0, help="list N disagreeing puzzles")
    args = ap.parse_args()
    data = find_data(args.data)

    rows = []
    for name in args.buckets.split(","):
        label, low, high = BUCKETS[name]
        with open(os.path.join(data, f"{name}.txt")) as f:
            records = [line.split() for line in f if line.strip()]
        if args.limit:
            records = records[: args.limit]
        puzzles = [r[0] for r in records]
        theirs = [tenths(r[1]) for r in records]
        graded = grade(args.bin, puzzles)
        ours, techniques = [], []
        for value in graded:
            se = value.get("se") or {}
            ours.append(tenths(se["er"]) if se.get("er") is not None else -1)
            techniques.append(se.get("er_technique") or "none")
        total = len(records)
        diffs = [o - t for o, t in zip(ours, theirs)]
        equal = sum(d == 0 for d in diffs)
        within1 = sum(abs(d) <= 1 for d in diffs)
        within5 = sum(abs(d) <= 5 for d in diffs)
        same_bucket = sum(low <= o < high for o in ours)
        rows.append((label, total, equal, within1, within5, same_bucket))

        print(f"== {label}: {total} puzzles")
        histogram = collections.Counter(max(-20, min(20, d)) for d in diffs)
        print("ours - theirs (tenths; +-20 means that or beyond):")
        print("  " + "  ".join(f"{d:+d}:{histogram[d]}" for d in sorted(histogram)))
        by_technique = collections.defaultdict(list)
        for d, t in zip(diffs, techniques):
            if d != 0:
                by_technique[t].append(d)
        if by_technique:
            print("disagreeing, by the technique of our ER (count, mean diff, high/low):")
            for t, ds in sorted(by_technique.items(), key=lambda kv: -len(kv[1])):
                high_n = sum(d > 0 for d in ds)
                print(
                    f"  {t:32} {len(ds):4}  mean {sum(ds) / len(ds) / 10:+.2f}"
                    f"  high {high_n} low {len(ds) - high_n}"
                )
        if args.misses:
            shown = 0
            for p, t, o, tech in zip(puzzles, theirs, ours, techniques):
                if o != t and shown < args.misses:
                    print(f"  {p} theirs {t / 10:.1f} ours {o / 10:.1f} {tech}")
                    shown += 1
        print()

    print("| bucket | puzzles | ER equal | within 0.1 | within 0.5 | same bucket |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, total, equal, within1, within5, same in rows:
        print(
            f"| {label} | {total} | {percent(equal, total)} | {percent(within1, total)}"
            f" | {percent(within5, total)} | {percent(same, total)} |"
        )


if __name__ == "__main__":
    main()
