#!/usr/bin/env bash
# The editor integrations in the real editors (Debian's Neovim, Emacs with eglot), the TextMate
# grammar in a real Oniguruma engine, and the Helix configuration. Each installs what it needs.
# Usage: bash Tests/editors/run.sh   (server: $LABELSPEC_BIN, default .build/debug/labelspec)
set -euo pipefail
cd "$(dirname "$0")/../.."
export LABELSPEC_BIN="${LABELSPEC_BIN:-$PWD/.build/debug/labelspec}"
if [ "$(uname -s)" = Darwin ]; then
    # The editors come from Debian packages (Neovim 0.7, Emacs 28 with eglot 1.9): Linux only.
    echo "nvim_test, emacs_test: skipped on macOS (they install Debian's editors)"
else
    bash Tests/editors/nvim_test.sh
    bash Tests/editors/emacs_test.sh
fi
# Python tools (and what they pip-install) live in the virtual environment under .build/.
python=$(bash scripts/venv.sh)
"$python" Tests/editors/textmate_test.py
"$python" Tests/editors/helix_test.py
