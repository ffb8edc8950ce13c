#!/usr/bin/env bash
# tactics-report.sh - the committed tactics report (docs/reports/fogn-corps):
# three tournaments on the corps battle and one on the brigade encounter,
# with budgets in iterations (so a re-run plays the same games), every
# game's record kept, then `grognard report` over their results with the
# records, which classifies every order of every game (orders by kind).
#   scripts/tactics-report.sh [OUTDIR]      (default docs/reports/fogn-corps)
# Results already in OUTDIR/results/*.jsonl are kept and only missing games
# are played, so an interrupted run resumes. The records go to
# OUTDIR/records while the script runs and are packed into
# OUTDIR/records.tar.xz at its end (unpacked again by the next run). A game
# whose results line is kept but whose record is missing is reported as
# unclassified: to classify every game, remove OUTDIR/results and
# OUTDIR/records.tar.xz first and let the script play everything again.
set -euo pipefail
G=${GROGNARD:-./build/grognard}
OUT=${1:-docs/reports/fogn-corps}
SCN=scenarios/fogn/corps-battle.json
REC="$OUT/records"
mkdir -p "$OUT/results"
if [ -f "$OUT/records.tar.xz" ] && [ ! -d "$REC" ]; then
    tar -xJf "$OUT/records.tar.xz" -C "$OUT"
fi
# 1. the baselines against each other: the doctrine matrix
"$G" arena "$SCN" --players random,greedy:samples=1,doctrine:columns,doctrine:line --games 20 --seed 1000 \
    --out "$OUT/results/baselines.jsonl" --records "$REC"
# 2. strength against budget: MCTS with doubling iterations against the random player
for iters in 8 16 32 64; do
    "$G" arena "$SCN" --players mcts:iters=$iters,random --games 10 --seed 2000 \
        --out "$OUT/results/budget.jsonl" --records "$REC"
done
# 3. MCTS against the other baselines and against the combinatorial-bandit variant
"$G" arena "$SCN" --players mcts:iters=32,greedy:samples=1,doctrine:columns,doctrine:line,naive:iters=32 \
    --games 10 --seed 3000 --out "$OUT/results/mcts.jsonl" --records "$REC"
# 4. the baselines on the other bundled scenario: the doctrine matrix there too
"$G" arena scenarios/fogn/brigade-encounter.json --players random,greedy:samples=1,doctrine:columns,doctrine:line \
    --games 20 --seed 1000 --out "$OUT/results/brigade-baselines.jsonl" --records "$REC"
"$G" report "$OUT"/results/*.jsonl --records "$REC" --out "$OUT" --title "Tactics on the corps battle (fogn)"
# the records packed the same way every time (names sorted, no dates or owners); the
# tournaments are finished, so their claim files (arena's OUT.TOURNAMENT.lock) go
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cJf "$OUT/records.tar.xz" -C "$OUT" records
rm -rf "$REC"
rm -f "$OUT"/results/*.lock
