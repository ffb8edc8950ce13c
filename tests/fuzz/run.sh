#!/usr/bin/env bash
# run.sh - runs fuzz harnesses built by `make fuzz-build` (docs/fuzzing.md):
#   tests/fuzz/run.sh FUZZDIR SECONDS NAME...
# Each harness FUZZDIR/fuzz_NAME runs for SECONDS on a fresh copy of its seed
# corpus tests/fuzz/corpus/NAME/ (new inputs land in the copy, FUZZDIR/corpus/NAME,
# never in the repository); its output goes to FUZZDIR/logs/NAME.log and the
# input of a crash, leak, timeout or sanitizer report to FUZZDIR/findings/NAME-*.
# Prints one line per harness (executions, seconds) and exits 1 when any
# harness found something.
set -uo pipefail
if [ $# -lt 3 ]; then echo "usage: $0 FUZZDIR SECONDS NAME..." >&2; exit 2; fi
dir=$1 secs=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$dir/logs" "$dir/findings" "$dir/corpus"
export GROGNARD_ROOT="$root"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
failed=()
start=$(date +%s)
for name in "$@"; do
    bin="$dir/fuzz_$name"
    work="$dir/corpus/$name"
    if [ ! -x "$bin" ]; then
        echo "$name: $bin is not built (make fuzz-build)"
        failed+=("$name")
        continue
    fi
    rm -rf "$work"
    mkdir -p "$work"
    if [ -d "$root/tests/fuzz/corpus/$name" ]; then cp "$root/tests/fuzz/corpus/$name"/* "$work"/ 2>/dev/null; fi
    t0=$(date +%s)
    (cd "$root" && "$bin" -max_total_time="$secs" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$dir/findings/$name-" "$work") >"$dir/logs/$name.log" 2>&1
    rc=$?
    t1=$(date +%s)
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/logs/$name.log" | grep -o '[0-9]*$' | tail -1)
    if [ $rc -eq 0 ]; then
        printf '%-18s %8s executions in %3ss  ok\n' "$name" "${execs:-?}" "$((t1 - t0))"
    else
        printf '%-18s %8s executions in %3ss  FINDING (exit %d): %s\n' "$name" "${execs:-?}" "$((t1 - t0))" "$rc" \
            "$dir/logs/$name.log"
        grep -m1 -E 'ERROR: |FUZZ FINDING|runtime error' "$dir/logs/$name.log" | sed 's/^/    /'
        failed+=("$name")
    fi
done
echo "fuzzing took $(( $(date +%s) - start ))s; inputs found: $dir/findings/"
if [ ${#failed[@]} -gt 0 ]; then
    echo "findings in: ${failed[*]}"
    exit 1
fi
