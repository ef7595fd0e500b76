#!/usr/bin/env python3
"""Searches positions of recorded tengen games and scores how well the
search's win rates foretell the games' results: a screen for search and
playout changes on the positions where tengen's games are decided.

    python3 tools/position-screen.py SGF_DIR "TENGEN COMMAND" [FROM TO EVERY]

For every game in SGF_DIR (as `tengen match --sgf-dir` writes them; the
engine whose name starts with "tengen" is the side searched), the
position before tengen's moves from move FROM to move TO, one every
EVERY moves of the game (default 60, 240, 10: every fifth of tengen's
own moves), is loaded with `loadsgf` and
searched from an empty tree with `kata-genmove_analyze` by one process
of TENGEN COMMAND (give it `--playouts N --threads 1`, so that the
screen does not depend on the machine's load and repeats itself). Printed: the positions, the Brier score (the mean
squared difference between the win rate and the result, 1 or 0; lower
is better; 0.25 is a coin), and the mean win rate in the games tengen
won and in those it lost (the wider apart, the better the search tells
them apart). Two settings are compared by two runs on the same games.
"""

import glob
import os
import re
import subprocess
import sys


def gtp(proc, command):
    """Sends one command; returns the lines of its answer."""
    proc.stdin.write(command + "\n")
    proc.stdin.flush()
    lines = []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"the engine stopped after {command!r}")
        line = line.rstrip("\n")
        if line == "" and lines:
            break
        if line:
            lines.append(line)
    if lines[0].startswith("?"):
        raise SystemExit(f"{command!r}: {lines[0]}")
    return lines


def top_winrate(lines):
    """The win rate of the first candidate of the last analysis of a
    kata-genmove_analyze answer (the earlier ones are snapshots taken
    while the search ran)."""
    found = None
    for line in lines:
        if line.startswith("info "):
            m = re.match(r"info move \S+ visits \d+ utility \S+ winrate (\S+)", line)
            if m:
                found = float(m.group(1))
    return found


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sgf_dir, command = sys.argv[1], sys.argv[2].split()
    lo, hi, every = (int(x) for x in (sys.argv[3:6] if len(sys.argv) >= 6 else (60, 240, 10)))
    proc = subprocess.Popen(
        command + ["--quiet"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    won_rates, lost_rates, brier = [], [], 0.0
    for path in sorted(glob.glob(os.path.join(sgf_dir, "*.sgf"))):
        text = open(path).read()
        result = re.search(r"RE\[([^\]]*)\]", text).group(1)
        black = re.search(r"PB\[([^\]]*)\]", text).group(1)
        me = "B" if black.lower().startswith("tengen") else "W"
        total = len(re.findall(r";[BW]\[", text))
        outcome = 1.0 if result.startswith(me) else 0.0
        first = 1 if me == "B" else 2
        numbers = [n for n in range(first, min(hi, total) + 1, 2) if n >= lo][::every // 2 or 1]
        for n in numbers:
            # A new game first: each position is searched from an empty tree.
            gtp(proc, "clear_board")
            gtp(proc, f"loadsgf {os.path.abspath(path)} {n}")
            answer = gtp(proc, "kata-genmove_analyze " + ("b" if me == "B" else "w") + " 0")
            w = top_winrate(answer)
            if w is None:
                continue
            brier += (w - outcome) ** 2
            (won_rates if outcome else lost_rates).append(w)
    gtp(proc, "quit")
    n = len(won_rates) + len(lost_rates)
    if n == 0:
        sys.exit("no position searched")
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")
    print(
        f"{n} positions: Brier score {brier / n:.4f}; mean win rate in won games "
        f"{mean(won_rates):.3f} ({len(won_rates)}), in lost games {mean(lost_rates):.3f} "
        f"({len(lost_rates)}), apart {mean(won_rates) - mean(lost_rates):.3f}"
    )


if __name__ == "__main__":
    main()
