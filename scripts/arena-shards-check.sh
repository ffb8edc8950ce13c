#!/usr/bin/env bash
# arena-shards-check.sh - plays one small tournament twice: whole, and as
# four shards run by GNU parallel and merged; the two results must be the
# same game for game (wall times and times choosing aside), and the shards,
# started together, share one records folder that none of them finds made
# (they race to make it), each keeping its games' records there. This is
# the worked example of docs/arena.md, run by CI.
set -euo pipefail
G=${GROGNARD:-./build/grognard}
SCN=${1:-scenarios/fogn/brigade-encounter.json}
PLAYERS=${PLAYERS:-random,doctrine:line,doctrine:columns}
GAMES=${GAMES:-4}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$G" arena "$SCN" --players "$PLAYERS" --games "$GAMES" --seed 5 --out "$dir/whole.jsonl" --quiet > "$dir/whole.txt"
parallel --will-cite --halt now,fail=1 "$G" arena "$SCN" --players "$PLAYERS" --games "$GAMES" --seed 5 \
    --shard {}/4 --out "$dir/shard{}.jsonl" --records "$dir/records" --quiet ::: 0 1 2 3 > /dev/null
"$G" arena merge "$dir"/shard*.jsonl --out "$dir/merged.jsonl" > "$dir/merged.txt"
"$G" arena merge "$dir/whole.jsonl" --out "$dir/whole-sorted.jsonl" > /dev/null
strip() { sed -E 's/"seconds": ?[-0-9.e+]+//; s/"think_s": ?\[[-0-9.e+]+, ?[-0-9.e+]+\]//' "$1"; }
if ! diff <(strip "$dir/whole-sorted.jsonl") <(strip "$dir/merged.jsonl") > "$dir/diff.txt"; then
    echo "arena shards: merged shards differ from the whole tournament:" >&2
    head -20 "$dir/diff.txt" >&2
    exit 1
fi
n=$(wc -l < "$dir/merged.jsonl")
kept=$(find "$dir/records" -name '*.json' | wc -l)
if [ "$kept" -ne "$n" ]; then
    echo "arena shards: $n games played, $kept records kept in the shared folder" >&2
    exit 1
fi
echo "arena shards: 4 shards run by GNU parallel merged into the same $n games as one whole run"
tail -n +2 "$dir/merged.txt"
