#!/usr/bin/env bash
# bench-commit.sh - how fast is this checkout beside a named commit?
#
#   scripts/bench-commit.sh COMMIT [--rounds N] [--jobs J] [grognard bench arguments...]
#
# Builds COMMIT (in a temporary git worktree) and this checkout, then runs
# `grognard bench ARGS --json` with the two binaries in turn, old then new,
# N rounds (default 3), each in its own checkout (its scenarios and weights),
# so that a change in the machine's load falls on both alike. The bench
# arguments are passed as given (a scenario, --runs, --games, --iters, ...);
# without a scenario each binary benches its default one. Prints, for every
# figure of the bench (state size, clone time, legal orders, random-legal
# games a second, MCTS iterations a second), each round's old and new values
# (each itself the bench's median over its --runs), the medians over the
# rounds, the ratio of the medians new/old, and the lowest and highest of
# the rounds' own ratios. --jobs is the build's parallelism only; the
# benches run one at a time.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: scripts/bench-commit.sh COMMIT [--rounds N] [--jobs J] [grognard bench arguments...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
commit=$1; shift
rounds=3; jobs=$(nproc 2>/dev/null || echo 2); bench_args=()
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=${2:?}; shift 2 ;;
        --jobs) jobs=${2:?}; shift 2 ;;
        --json) shift ;;
        *) bench_args+=("$1"); shift ;;
    esac
done
for n in "$rounds" "$jobs"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "bench-commit: '$n' is not a positive whole number" >&2; exit 2; }
done

# shellcheck source=scripts/build-commit.sh
. scripts/build-commit.sh
build_commit_and_here bench-commit "$commit" "$jobs"

# one bench: TREE BIN OUT; the figures as "key value" lines: the sizes, and
# each measure's median (the --json object of cli/cmd_bench.c, printed by
# jansson with an indent of two: a measure is a key whose value is an object
# holding "median")
bench_once() {
    local tree=$1 bin=$2 out=$3
    (cd "$tree" && unset GROGNARD_ROOT && "$bin" bench ${bench_args[@]+"${bench_args[@]}"} --json) >"$out.json" ||
        { echo "bench-commit: $bin bench failed" >&2; exit 1; }
    awk '/^  "[a-z0-9_]+": \{/ { key = $1; gsub(/[":]/, "", key); next }
         /^  "(state|node)_bytes": [0-9]+,?$/ { k = $1; v = $2; gsub(/[":]/, "", k); sub(/,$/, "", v); print k, v; next }
         /^    "median": / { v = $2; sub(/,$/, "", v); print key, v }' "$out.json" >"$out"
    [ -s "$out" ] || { echo "bench-commit: no figures in $out.json" >&2; exit 1; }
}

for r in $(seq 1 "$rounds"); do
    echo "round $r/$rounds: $commit ..."
    bench_once "$old_tree" "$old_bin" "$work/old-$r"
    echo "round $r/$rounds: this checkout ..."
    bench_once "$here" "$new_bin" "$work/new-$r"
done
scenario=$(awk -F'"' '/^  "scenario":/ { print $4 }' "$work/new-1.json")
echo "grognard bench ${bench_args[*]:-} --json, $rounds rounds, $commit (old) against this checkout (new); scenario $scenario"

# every figure of the first new bench, in its order: the rounds' values,
# the medians, the ratio of the medians and the spread of the rounds' ratios
awk -v rounds="$rounds" -v work="$work" '
function median(a, n,    i, j, t, b) {
    for (i = 1; i <= n; i++) b[i] = a[i]
    for (i = 2; i <= n; i++) for (j = i; j > 1 && b[j - 1] > b[j]; j--) { t = b[j]; b[j] = b[j - 1]; b[j - 1] = t }
    return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2
}
BEGIN {
    n = 0
    while ((getline line < (work "/new-1")) > 0) { split(line, f, " "); keys[++n] = f[1] }
    close(work "/new-1")
    for (r = 1; r <= rounds; r++) for (side = 0; side < 2; side++) {
        file = work "/" (side ? "new-" : "old-") r
        while ((getline line < file) > 0) { split(line, f, " "); val[side, f[1], r] = f[2]; have[side, f[1], r] = 1 }
        close(file)
    }
    printf "%-22s %12s %12s %9s %9s %9s   %s\n", "figure", "old median", "new median", "new/old", "lowest", "highest", "rounds: old -> new"
    for (i = 1; i <= n; i++) {
        k = keys[i]; m = 0; rows = ""; lo = ""; hi = ""
        for (r = 1; r <= rounds; r++) {
            if (!have[0, k, r] || !have[1, k, r]) continue
            m++; o[m] = val[0, k, r] + 0; w[m] = val[1, k, r] + 0
            rows = rows sprintf("%s%g -> %g", m > 1 ? ", " : "", o[m], w[m])
            if (o[m] != 0) {
                q = w[m] / o[m]
                if (lo == "" || q < lo) lo = q
                if (hi == "" || q > hi) hi = q
            }
        }
        if (!m) { printf "%-22s %12s %12s   (not in the old bench)\n", k, "-", val[1, k, 1]; continue }
        mo = median(o, m); mw = median(w, m)
        printf "%-22s %12.6g %12.6g %9s %9s %9s   %s\n", k, mo, mw, mo != 0 ? sprintf("%.3f", mw / mo) : "-",
               lo == "" ? "-" : sprintf("%.3f", lo), hi == "" ? "-" : sprintf("%.3f", hi), rows
    }
}'
