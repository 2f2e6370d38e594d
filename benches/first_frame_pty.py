#!/usr/bin/env python3
"""Time to the first frame through a pseudo-terminal, side by side.

Each program starts on its own 80x24 pty; its output is read as it comes (no
polling interval) until the frame's last text shows. Two figures per run: the
wall time from fork to that text, and the CPU time the process's main thread
had used by then (/proc/PID/schedstat, nanoseconds). The wall time on the loaded
shared machine is mostly waiting for a core; the CPU time is what the program
itself spent, and moves far less with the load. The programs take turns, run
after run, so a change in load touches them all alike. Medians (and minima).

Usage: benches/first_frame_pty.py [N] [BIN] [BEFORE_BIN]
  N defaults to 25, BIN to ./target/release/pencilmark; with BEFORE_BIN the
  same cases run for it too (labelled "before"). nudoku from
  `apt-get install nudoku`, skipped when missing.
"""
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
# The second of ../shared/data/hardest.txt: grading it takes forcing nets (~0.85 s).
HARD = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
ESCAPE = re.compile(rb"\x1b(\[[0-9;?]*[A-Za-z]|\([0B])")


def once(command, marker):
    """(wall ms, main-thread CPU ms) until `marker` shows, or None after 10 s."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execvp("sh", ["sh", "-c", "exec " + command])
    seen = b""
    result = None
    while time.perf_counter() - start < 10:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        seen += chunk
        if marker in ESCAPE.sub(b"", seen):
            wall = (time.perf_counter() - start) * 1000
            with open(f"/proc/{pid}/schedstat") as stat:
                cpu = int(stat.read().split()[0]) / 1e6
            result = (wall, cpu)
            break
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    return result


def resume_dir(binary):
    """A data directory holding one saved game (HARD, played once) and statistics."""
    data = tempfile.mkdtemp(prefix="first-frame-resume-")
    once(f"{binary} play {HARD} --data-dir {data}", b"q quit")
    time.sleep(1.5)  # its grade arrives and is saved
    return data


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 25
    binary = os.path.realpath(sys.argv[2] if len(sys.argv) > 2 else "./target/release/pencilmark")
    binaries = [("", binary)]
    if len(sys.argv) > 3:
        binaries = [("before: ", os.path.realpath(sys.argv[3])), ("after: ", binary)]
    cases = [("empty command (echo)", b"frame-marker", "echo frame-marker; sleep 10", None)]
    nudoku = shutil.which("nudoku") or ("/usr/games/nudoku" if os.path.exists("/usr/games/nudoku") else None)
    if nudoku:
        # Its frame's last text: the foot of the key list.
        cases.append(("nudoku", b"x - Delete number", nudoku, None))
    for label, path in binaries:
        saved = resume_dir(path)
        cases += [
            (f"{label}play EASY (new game)", b"q quit", f"{path} play {EASY} --data-dir DATA", None),
            (f"{label}play HARD (new game, graded after)", b"q quit", f"{path} play {HARD} --data-dir DATA", None),
            (f"{label}resume (1 save)", b"q quit", f"{path} --data-dir DATA", saved),
        ]
    times = {case[0]: [] for case in cases}
    for _ in range(n):
        for label, marker, command, template in cases:
            data = tempfile.mkdtemp(prefix="first-frame-")
            if template:
                shutil.rmtree(data)
                shutil.copytree(template, data)
            measured = once(command.replace("DATA", data), marker)
            shutil.rmtree(data, ignore_errors=True)
            if measured:
                times[label].append(measured)
    load = open("/proc/loadavg").read().split()[:3]
    print(f"first frame through a pty, 80x24, n={n}, {os.cpu_count()} cores, load {' '.join(load)}")
    for label, runs in times.items():
        if not runs:
            print(f"{label:44s} no frame")
            continue
        walls = sorted(w for w, _ in runs)
        cpus = sorted(c for _, c in runs)
        print(
            f"{label:44s} wall {statistics.median(walls):6.1f} ms (min {walls[0]:5.1f})"
            f"  CPU {statistics.median(cpus):5.2f} ms (min {cpus[0]:5.2f})  n={len(runs)}"
        )


if __name__ == "__main__":
    main()
