#!/usr/bin/env bash
# install-deps.sh - installs the Debian packages Grognard builds with, only
# those missing. Safe to run again; does nothing when all are present.
set -euo pipefail
need=()
pkg-config --version >/dev/null 2>&1 || need+=(pkg-config)
command -v cc >/dev/null 2>&1 || need+=(gcc)
command -v make >/dev/null 2>&1 || need+=(make)
pkg-config --exists jansson 2>/dev/null || need+=(libjansson-dev)
pkg-config --exists libpcre2-8 2>/dev/null || need+=(libpcre2-dev)
pkg-config --exists libcurl 2>/dev/null || need+=(libcurl4-openssl-dev)
pkg-config --exists cmocka 2>/dev/null || need+=(libcmocka-dev)
pkg-config --exists libxxhash 2>/dev/null || need+=(libxxhash-dev)
pkg-config --exists libmicrohttpd 2>/dev/null || need+=(libmicrohttpd-dev)
# the browser tests of the web page: Debian's Chromium, driven from Node.js (tests/web/)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
# GNU parallel: the arena's sharding example (docs/arena.md), exercised by CI
parallel --version 2>/dev/null | grep -q "GNU parallel" || need+=(parallel)
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
