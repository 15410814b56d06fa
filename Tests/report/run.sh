#!/usr/bin/env bash
# `labelspec render`'s report in headless Chromium (Tests/report/report_test.py: the page's DOM
# after its script ran, a screenshot's pixels, the filters through the DevTools protocol, hostile
# names and text). Chromium: $CHROMIUM, else chromium on the PATH (Debian's package is installed
# when missing, on Linux).
# Usage: bash Tests/report/run.sh   (binary: $LABELSPEC_BIN, default .build/debug/labelspec)
set -euo pipefail
cd "$(dirname "$0")/../.."
export LABELSPEC_BIN="${LABELSPEC_BIN:-$PWD/.build/debug/labelspec}"
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null \
    && ! command -v google-chrome >/dev/null; then
    if [ "$(uname -s)" = Darwin ]; then
        chrome="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
        [ -x "$chrome" ] || { echo "report: skipped on macOS without Google Chrome (or set CHROMIUM)"; exit 0; }
        export CHROMIUM="$chrome"
    else
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        export DEBIAN_FRONTEND=noninteractive
        $sudo apt-get install -y -qq chromium >/dev/null 2>&1 \
            || { $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium >/dev/null; } \
            || { echo "report: cannot install chromium"; exit 1; }
    fi
fi
# Standard library only, run by the test tooling's Python (the venv under .build/).
python=$(bash scripts/venv.sh)
exec "$python" Tests/report/report_test.py
