#!/usr/bin/env bash
# Instructions executed by two tengen builds for the same fixed-playout
# search (valgrind's callgrind, `apt-get install valgrind`): unlike wall
# time, the count does not depend on the machine's load. Prints one line
# per board size and seed, and the ratio B/A.
#
#   tools/instructions-vs.sh OLD_BINARY NEW_BINARY [PLAYOUTS]   (4000 by default)
set -euo pipefail
a=$1 b=$2 n=${3:-4000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count() {
  printf 'boardsize %s\ngenmove b\nquit\n' "$2" |
    valgrind --tool=callgrind --callgrind-out-file="$dir/out" "$1" --seed "$3" --threads 1 \
      --playouts "$n" --quiet >/dev/null 2>"$dir/err"
  awk '/^summary:/ { print $2; exit }' "$dir/out"
}
# The light playouts of `tengen bench --quick` (4,000 on 9x9, 800 on
# 19x19), counted inside the bench's light-playout function only.
light() {
  valgrind --tool=callgrind --callgrind-out-file="$dir/out" \
    --toggle-collect='tengen::search::bench::light' "$1" bench --quick >/dev/null 2>"$dir/err"
  awk '/^summary:/ { print $2; exit }' "$dir/out"
}
la=$(light "$a")
lb=$(light "$b")
printf '%-12s %15s %15s %8s\n' workload "A instructions" "B instructions" "B/A"
printf '%-12s %15s %15s %8.4f\n' light "$la" "$lb" "$(awk -v a="$la" -v b="$lb" 'BEGIN { print b / a }')"
printf '%-6s %-5s %15s %15s %8s\n' size seed "A instructions" "B instructions" "B/A"
for size in 9 19; do
  for seed in 1 2 3; do
    ia=$(count "$a" "$size" "$seed")
    ib=$(count "$b" "$size" "$seed")
    printf '%-6s %-5s %15s %15s %8.4f\n' "$size" "$seed" "$ia" "$ib" "$(awk -v a="$ia" -v b="$ib" 'BEGIN { print b / a }')"
  done
done
