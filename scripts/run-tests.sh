#!/usr/bin/env bash
# run-tests.sh - runs every test binary given, shows their cmocka output, and
# ends with one summary line "N passed, N failed" counting test cases.
set -u
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export GROGNARD_ROOT=${GROGNARD_ROOT:-$(pwd)}
passed=0; failed=0; bad_bins=()
for t in "$@"; do
    log=$(mktemp)
    "$t" >"$log" 2>&1; rc=$?
    cat "$log"
    p=$(grep -E '^\[  PASSED  \] [0-9]+ test' "$log" | awk '{s+=$4} END {print s+0}')
    f=$(grep -E '^\[  FAILED  \] [0-9]+ test' "$log" | awk '{s+=$4} END {print s+0}')
    passed=$((passed + p)); failed=$((failed + f))
    if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then failed=$((failed + 1)); bad_bins+=("$t (exit $rc)"); fi
    rm -f "$log"
done
if [ ${#bad_bins[@]} -gt 0 ]; then printf 'crashed: %s\n' "${bad_bins[@]}"; fi
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
