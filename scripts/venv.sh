#!/usr/bin/env bash
# The test tooling's own Python: a virtual environment under .build/ (never the system Python).
# Prints the path of its python; creates it the first time (installing Debian's python3-venv
# when the system Python lacks the venv module).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/test-venv
if [ ! -x "$venv/bin/python" ]; then
    mkdir -p .build
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
        rm -rf "$venv"
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        export DEBIAN_FRONTEND=noninteractive
        $sudo apt-get update -qq >&2
        $sudo apt-get install -y -qq python3-venv >/dev/null
        python3 -m venv "$venv" >&2
    fi
fi
echo "$PWD/$venv/bin/python"
