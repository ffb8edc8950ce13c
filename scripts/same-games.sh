#!/usr/bin/env bash
# same-games.sh - do this checkout and a named commit play the same games?
#
#   scripts/same-games.sh COMMIT [--ruleset R] [--random N] [--mcts N] [--iters K] [--others N] [--jobs J]
#
# Builds COMMIT (in a temporary git worktree) and this checkout, then plays
# with both binaries, through `grognard run`, the same games of ruleset R
# (fogn, the default, or lasalle; its main scenario is the corps battle or
# the brigade clash):
#   - N random-legal games on the main scenario (seeds 1..N, default 200),
#   - N random-legal games on each other bundled scenario of R (default 20),
#   - N games on the main scenario between two MCTS players at K iterations
#     a decision (seeds 1..N, default 20 games at 30 iterations),
# and compares the game records byte for byte (scenario, seed, every action
# and every die). Each binary plays in its own checkout, with that
# checkout's scenarios and weights files. Prints the count of identical
# records per kind and the first records that differ; exits 0 only when
# every record is identical.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd)

usage() { echo "usage: scripts/same-games.sh COMMIT [--ruleset fogn|lasalle] [--random N] [--mcts N] [--iters K] [--others N] [--jobs J]" >&2; exit 2; }
[ $# -ge 1 ] || usage
commit=$1; shift
nrandom=200; nmcts=20; iters=30; nothers=20; jobs=$(nproc 2>/dev/null || echo 2); ruleset=fogn
while [ $# -gt 0 ]; do
    case $1 in
        --ruleset) ruleset=${2:?}; shift 2 ;;
        --random) nrandom=${2:?}; shift 2 ;;
        --mcts) nmcts=${2:?}; shift 2 ;;
        --iters) iters=${2:?}; shift 2 ;;
        --others) nothers=${2:?}; shift 2 ;;
        --jobs) jobs=${2:?}; shift 2 ;;
        *) usage ;;
    esac
done
for n in "$nrandom" "$nmcts" "$iters" "$nothers" "$jobs"; do
    [[ $n =~ ^[0-9]+$ ]] || { echo "same-games: '$n' is not a whole number" >&2; exit 2; }
done
case $ruleset in
    fogn) main=scenarios/fogn/corps-battle.json ;;
    lasalle) main=scenarios/lasalle/brigade-clash.json ;;
    *) echo "same-games: no main scenario known for ruleset '$ruleset' (fogn, lasalle)" >&2; exit 2 ;;
esac
# shellcheck source=scripts/build-commit.sh
. scripts/build-commit.sh
build_commit_and_here same-games "$commit" "$jobs"

# one game: BIN TAG SCENARIO PLAYERS SEED -> $work/TAG/<name>.json, played in
# the binary's own checkout (its data files: scenarios, weights)
play() {
    local bin=$1 tag=$2 scen=$3 players=$4 seed=$5
    local name; name=$(basename "$scen" .json)-$(echo "$players" | tr ',:=' '___')-$seed
    local tree=$here
    [ "$tag" = rec-old ] && tree=$work/old
    mkdir -p "$work/$tag/maps-$name"
    (cd "$tree" && unset GROGNARD_ROOT && "$bin" run "$scen" --players "$players" --seed "$seed" --whole --quiet \
        --out "$work/$tag/maps-$name" --record "$work/$tag/$name.json" >/dev/null 2>"$work/$tag/$name.err") ||
        echo "failed: $bin $scen $players $seed (see $work/$tag/$name.err)" >&2
    rm -rf "$work/$tag/maps-$name"
}
export -f play
export work here

games=$work/games.txt
: >"$games"
for s in $(seq 1 "$nrandom"); do echo "$main random,random $s" >>"$games"; done
for scen in scenarios/"$ruleset"/*.json; do
    [ "$scen" = "$main" ] && continue
    for s in $(seq 1 "$nothers"); do echo "$scen random,random $s" >>"$games"; done
done
for s in $(seq 1 "$nmcts"); do echo "$main mcts:iters=$iters,mcts:iters=$iters $s" >>"$games"; done
total=$(wc -l <"$games")

for side in old new; do
    bin=$old_bin; [ $side = new ] && bin=$new_bin
    echo "playing $total games with the $side binary ..."
    # shellcheck disable=SC2016
    xargs -P "$jobs" -L 1 bash -c 'play "$0" "$1" "$2" "$3" "$4"' "$bin" "rec-$side" <"$games"
done

same=0; differ=0; shown=0
declare -A kind_same kind_all
while read -r scen players seed; do
    name=$(basename "$scen" .json)-$(echo "$players" | tr ',:=' '___')-$seed
    kind="$(basename "$scen" .json) $players"
    kind_all[$kind]=$(( ${kind_all[$kind]:-0} + 1 ))
    if [ -s "$work/rec-new/$name.json" ] && cmp -s "$work/rec-old/$name.json" "$work/rec-new/$name.json"; then
        same=$((same + 1)); kind_same[$kind]=$(( ${kind_same[$kind]:-0} + 1 ))
    else
        differ=$((differ + 1))
        if [ $shown -lt 5 ]; then echo "differs: $scen $players seed $seed"; shown=$((shown + 1)); fi
    fi
done <"$games"
for kind in "${!kind_all[@]}"; do
    echo "  $kind: ${kind_same[$kind]:-0} of ${kind_all[$kind]} records identical"
done | sort
echo "same games as $commit: $same of $total records identical, $differ differ"
[ "$differ" -eq 0 ]
