#!/bin/bash
# Pondering gain on 19x19, one thread: tengen plays Black's move (2 s),
# the opponent thinks 5 s, then plays the move the pondering expected;
# tengen's next move (2 s) reports the visits it started from.
BIN=${BIN:-target/release/tengen}
OUT=${OUT:-/tmp/tengen-ponder-gain}
mkdir -p "$OUT"
for seed in 1 2 3; do
  for mode in ponder plain; do
    flag=""; [ $mode = ponder ] && flag="--ponder"
    log=$OUT/$mode-$seed.log; rm -f $log
    reply=$( [ -f $OUT/reply-$seed ] && cat $OUT/reply-$seed || echo D16)
    coproc T { $BIN --threads 1 --seed $seed --time 2 --log $log $flag; }
    exec 3>&${T[1]} 4<&${T[0]}
    echo "boardsize 19" >&3; echo "clear_board" >&3; echo "genmove b" >&3
    sleep 7
    echo "name" >&3; sleep 0.3
    if [ $mode = ponder ]; then reply=$(grep -o 'expecting [A-Z0-9]*' $log | tail -1 | cut -d' ' -f2); echo $reply > $OUT/reply-$seed; fi
    echo "play w $reply" >&3; echo "genmove b" >&3; sleep 3; echo quit >&3; wait
    echo "seed $seed $mode reply $reply: $(grep pondered $log | head -1) | $(grep '^black' $log | tail -1)"
  done
done
