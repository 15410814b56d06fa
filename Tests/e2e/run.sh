#!/usr/bin/env bash
# Installs the pinned client side and runs the end-to-end LSP suite against a built server.
# Usage: bash Tests/e2e/run.sh   (server: $LABELSPEC_BIN, default .build/debug/labelspec)
set -euo pipefail
cd "$(dirname "$0")/../.."
# A Debian system Python refuses plain installs (PEP 668); then install beside it all the same.
python3 -m pip install -q --disable-pip-version-check -r Tests/e2e/requirements.txt \
    || python3 -m pip install -q --disable-pip-version-check --break-system-packages -r Tests/e2e/requirements.txt
export LABELSPEC_BIN="${LABELSPEC_BIN:-$PWD/.build/debug/labelspec}"
exec python3 -m pytest Tests/e2e -q -p no:cacheprovider -W error::pytest_lsp.LspSpecificationWarning "$@"
