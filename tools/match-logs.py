#!/usr/bin/env python3
"""Reads a `tengen match --sgf-dir DIR` run whose tengen wrote its log
(standard error, without --quiet) to files in LOGS, and prints for each
game: tengen's colour, the result, where the resignation rule would have
resigned (three searches in a row below THRESHOLD, each of 200
playouts or more, from a third of the board's points on, as
`src/search/decision.rs` does), tengen's lowest win rate, and every pass it played before the
opponent had passed with its win rate (a mid-game pass when that is not
near 0 or 1).

Run the match with tengen behind a wrapper that keeps its log, e.g.
    #!/bin/sh
    exec tengen --level hard --time 2 --threads 1 --no-resign 2>>LOGS/$$.log
and then: python3 tools/match-logs.py DIR LOGS [THRESHOLD]

A log holds every game one tengen process played; each game is found in
it by its first ten moves.
"""

import glob
import os
import re
import sys

LINE = re.compile(
    r"(black|white): (\S+) after (\d+) playouts in ([\d.]+)s \(win rate ([\d.]+)"
)
COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
SGF = "abcdefghijklmnopqrstuvwxy"
STREAK = 3
MIN_VISITS = 200


def sgf_point(vertex, size):
    """A GTP vertex as an SGF point ('' for a pass)."""
    v = vertex.upper()
    if v in ("PASS", "RESIGN"):
        return ""
    return SGF[COLS.index(v[0])] + SGF[size - int(v[1:])]


def read_logs(folder):
    logs = []
    for f in sorted(glob.glob(os.path.join(folder, "*.log"))):
        rows = []
        with open(f) as fh:
            for line in fh:
                m = LINE.match(line)
                if m:
                    rows.append((m.group(1), m.group(2), int(m.group(3)), float(m.group(5))))
        logs.append(rows)
    return logs


def find_game(logs, colour, mine, size):
    """The log rows of the game whose own moves are `mine`."""
    for rows in logs:
        for i in range(len(rows)):
            if rows[i][0] != colour:
                continue
            seg = rows[i : i + len(mine)]
            if [sgf_point(r[1], size) for r in seg[:10]] == mine[:10]:
                return seg
    return None


def calibration(games, size):
    """How often tengen won the games in which a search of the middle
    game (from a sixth to two thirds of the board's points in moves) saw
    each band of win rates: a search that knows its position wins about
    as often as it says."""
    lo, hi = size * size // 6, 2 * size * size // 3
    bands = [(0.0, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.01)]
    print("middle-game searches (moves %d to %d) by win rate:" % (lo, hi))
    for a, b in bands:
        searches = won = 0
        for rows, first, win in games:
            for k, r in enumerate(rows):
                number = 2 * k + first + 1
                if lo <= number <= hi and a <= r[3] < b:
                    searches += 1
                    won += win
        if searches:
            print(f"  {a:.1f} to {min(b, 1.0):.1f}: {searches} searches, of games won {won / searches:.1%}")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sgf_dir, log_dir = sys.argv[1], sys.argv[2]
    threshold = float(sys.argv[3]) if len(sys.argv) > 3 else 0.1
    logs = read_logs(log_dir)
    games, size = [], 19
    for path in sorted(glob.glob(os.path.join(sgf_dir, "*.sgf"))):
        text = open(path).read()
        size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
        result = re.search(r"RE\[([^\]]*)\]", text).group(1)
        black = re.search(r"PB\[([^\]]*)\]", text).group(1)
        moves = re.findall(r";([BW])\[([a-z]*)\]", text)
        me = "B" if black.lower().startswith("tengen") else "W"
        mine = [m for c, m in moves if c == me]
        rows = find_game(logs, "black" if me == "B" else "white", mine, size)
        name = os.path.basename(path)
        if rows is None:
            print(f"{name}: tengen {me}, {result}, no log found")
            continue
        first = 0 if me == "B" else 1
        streak, resign_at, passes = 0, None, []
        for k, (_, vertex, playouts, winrate) in enumerate(rows):
            number = 2 * k + first + 1
            streak = streak + 1 if winrate < threshold and playouts >= MIN_VISITS else 0
            if streak >= STREAK and number - 1 >= size * size // 3 and resign_at is None:
                resign_at = number
            if vertex.lower() == "pass":
                before = moves[number - 2][1] if number >= 2 else "x"
                if before != "":
                    passes.append(f"{number}:{winrate:.3f}")
        won = "won" if result.startswith(me) else "lost"
        games.append((rows, first, result.startswith(me)))
        lowest = min(r[3] for r in rows)
        print(
            f"{name}: tengen {me}, {result} ({won}), {len(moves)} moves, "
            f"would resign at {resign_at or '-'}, lowest win rate {lowest:.3f}, "
            f"first passes {' '.join(passes) or '-'}"
        )
    calibration(games, size)


if __name__ == "__main__":
    main()
