#!/usr/bin/env bash
# web-browser-test.sh - the browser test of the page of `grognard serve`:
# starts SERVER_BINARY's web server on a free port in the repository root,
# drives Debian's chromium through it with tests/web/browser.test.mjs
# (puppeteer-core, installed with `npm ci` when tests/web/node_modules is
# missing) and stops the server at the end. The games are saved in a
# temporary folder (serve --saves), removed at the end. Screenshots go to
# out/web-shots/, or to the folder SHOTS_DIR names (SHOTS_DIR=docs/web
# refreshes the README's pictures).
# Exits non-zero when the test fails or the server cannot be started.
#   scripts/web-browser-test.sh build/grognard
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 SERVER_BINARY" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
server=$1
case "$server" in /*) ;; *) server="$PWD/$server" ;; esac
if [ ! -x "$server" ]; then
    echo "error: $server is not an executable" >&2
    exit 2
fi

chrome=${CHROME_PATH:-/usr/bin/chromium}
if [ ! -x "$chrome" ]; then
    echo "error: no chromium at $chrome (Debian: apt-get install chromium)" >&2
    exit 2
fi
command -v node >/dev/null || { echo "error: node is not installed" >&2; exit 2; }

if [ ! -d "$root/tests/web/node_modules" ]; then
    (cd "$root/tests/web" && npm ci --silent --no-audit --no-fund >/dev/null)
fi

work=$(mktemp -d)
pid=""
export SHOTS_DIR=${SHOTS_DIR:-$root/out/web-shots}
case "$SHOTS_DIR" in /*) ;; *) SHOTS_DIR="$root/$SHOTS_DIR" ;; esac
mkdir -p "$SHOTS_DIR"
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.2
        done
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

cd "$root"
# the server flushes the line with its address as soon as it listens
GROGNARD_ROOT="$root" "$server" serve --port 0 --idle-exit 120 --saves "$work/saves" \
    >"$work/server.out" 2>"$work/server.err" &
pid=$!

url=""
for _ in $(seq 1 100); do
    url=$(grep -o 'http://127\.0\.0\.1:[0-9][0-9]*/' "$work/server.out" | head -n 1 || true)
    [ -n "$url" ] && break
    if ! kill -0 "$pid" 2>/dev/null; then
        echo "error: the server stopped before printing its address" >&2
        cat "$work/server.out" "$work/server.err" >&2
        exit 1
    fi
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "error: the server printed no http://127.0.0.1:PORT/ address in 10 s" >&2
    cat "$work/server.out" "$work/server.err" >&2
    exit 1
fi
echo "server: $url (pid $pid)"

status=0
CHROME_PATH="$chrome" timeout 200 node "$root/tests/web/browser.test.mjs" "$url" || status=$?
if [ "$status" -ne 0 ]; then
    echo "the browser test failed (exit $status); the server said:" >&2
    tail -n 30 "$work/server.err" >&2 || true
fi
exit "$status"
