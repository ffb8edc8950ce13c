#!/usr/bin/env bash
# tactics-report.sh - the committed tactics report (docs/reports/fogn-corps):
# three tournaments on the corps battle and one on the brigade encounter,
# with budgets in iterations (so a re-run plays the same games), then
# `grognard report` over their results.
#   scripts/tactics-report.sh [OUTDIR]      (default docs/reports/fogn-corps)
# Results already in OUTDIR/results/*.jsonl are kept and only missing games
# are played, so an interrupted run resumes.
set -euo pipefail
G=${GROGNARD:-./build/grognard}
OUT=${1:-docs/reports/fogn-corps}
SCN=scenarios/fogn/corps-battle.json
mkdir -p "$OUT/results"
# 1. the baselines against each other: the doctrine matrix
"$G" arena "$SCN" --players random,greedy:samples=1,doctrine:columns,doctrine:line --games 20 --seed 1000 \
    --out "$OUT/results/baselines.jsonl"
# 2. strength against budget: MCTS with doubling iterations against the random player
"$G" arena "$SCN" --players mcts:iters=8,random --games 10 --seed 2000 --out "$OUT/results/budget.jsonl"
"$G" arena "$SCN" --players mcts:iters=16,random --games 10 --seed 2000 --out "$OUT/results/budget.jsonl"
"$G" arena "$SCN" --players mcts:iters=32,random --games 10 --seed 2000 --out "$OUT/results/budget.jsonl"
"$G" arena "$SCN" --players mcts:iters=64,random --games 10 --seed 2000 --out "$OUT/results/budget.jsonl"
# 3. MCTS against the other baselines and against the combinatorial-bandit variant
"$G" arena "$SCN" --players mcts:iters=32,greedy:samples=1,doctrine:columns,doctrine:line,naive:iters=32 \
    --games 10 --seed 3000 --out "$OUT/results/mcts.jsonl"
# 4. the baselines on the other bundled scenario: the doctrine matrix there too
"$G" arena scenarios/fogn/brigade-encounter.json --players random,greedy:samples=1,doctrine:columns,doctrine:line \
    --games 20 --seed 1000 --out "$OUT/results/brigade-baselines.jsonl"
"$G" report "$OUT"/results/*.jsonl --out "$OUT" --title "Tactics on the corps battle (fogn)"
