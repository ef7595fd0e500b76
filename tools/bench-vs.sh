#!/usr/bin/env bash
# Side-by-side speed of two tengen builds: runs `tengen bench` with each,
# alternating (A B A B ...), N times each, then prints every line's median
# playouts per second for both and the ratio B/A. Alternating keeps the
# comparison fair on a machine whose load drifts.
#
#   tools/bench-vs.sh OLD_BINARY NEW_BINARY [N]   (N defaults to 7)
set -euo pipefail
a=$1 b=$2 n=${3:-7}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for i in $(seq 1 "$n"); do
  "$a" bench --threads 2 >"$dir/a.$i"
  "$b" bench --threads 2 >"$dir/b.$i"
done
# Each figure line reads "NAME  N playouts in T s:  R per second ...".
rates() { cat "$dir"/"$1".* | awk -F'playouts in' 'NF > 1 && /per second/ { name=$1; sub(/ +[0-9]+ *$/, "", name); split($2, p, ":"); split(p[2], r, " "); print name "\t" r[1] }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-28s %12s %12s %8s\n' "bench ($n runs each)" "A median/s" "B median/s" "B/A"
rates a | cut -f1 | awk '!seen[$0]++' | while IFS= read -r name; do
  ma=$(rates a | awk -F'\t' -v n="$name" '$1 == n { print $2 }' | median)
  mb=$(rates b | awk -F'\t' -v n="$name" '$1 == n { print $2 }' | median)
  printf '%-28s %12.0f %12.0f %8.3f\n' "$name" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print b / a }')"
done
