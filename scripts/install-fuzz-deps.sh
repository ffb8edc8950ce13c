#!/usr/bin/env bash
# install-fuzz-deps.sh - installs what the fuzz harnesses build with (make fuzz,
# make fuzz-ci; docs/fuzzing.md): clang and its libFuzzer runtime, only those
# missing. Safe to run again; does nothing when both are present.
set -euo pipefail
cc=${FUZZ_CC:-clang}
need=()
if ! command -v "$cc" >/dev/null 2>&1; then
    need+=(clang)
else
    # the runtime lives in a package named after clang's major version
    # (Debian 12: libclang-rt-14-dev for clang 14)
    rt=$("$cc" -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null || true)
    if [ -z "$rt" ] || [ ! -e "$rt" ]; then
        major=$("$cc" -dumpversion | cut -d. -f1)
        need+=("libclang-rt-${major}-dev")
    fi
fi
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "installing Debian packages: ${need[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
        echo "error: need root (or sudo) to install: ${need[*]}" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
# a clang installed just now: its runtime may still be missing
if [ "${need[0]}" = clang ]; then
    rt=$("$cc" -print-file-name=libclang_rt.fuzzer-x86_64.a)
    if [ ! -e "$rt" ]; then
        major=$("$cc" -dumpversion | cut -d. -f1)
        echo "installing Debian packages: libclang-rt-${major}-dev"
        $SUDO apt-get install -y -qq --no-install-recommends "libclang-rt-${major}-dev"
    fi
fi
