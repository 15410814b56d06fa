#!/usr/bin/env bash
# Installs the pinned client side and runs the end-to-end LSP suite against a built server.
# Usage: bash Tests/e2e/run.sh   (server: $LABELSPEC_BIN, default .build/debug/labelspec)
set -euo pipefail
cd "$(dirname "$0")/../.."
# Into the test tooling's virtual environment under .build/, never the system Python.
python=$(bash scripts/venv.sh)
"$python" -m pip install -q --disable-pip-version-check -r Tests/e2e/requirements.txt
export LABELSPEC_BIN="${LABELSPEC_BIN:-$PWD/.build/debug/labelspec}"
exec "$python" -m pytest Tests/e2e -q -p no:cacheprovider -W error::pytest_lsp.LspSpecificationWarning "$@"
