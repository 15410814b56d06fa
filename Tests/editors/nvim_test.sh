#!/usr/bin/env bash
# Neovim (Debian's, headless) with only editors/nvim on the runtimepath and `labelspec` on PATH:
# filetype, commentstring, syntax groups, the server rooted at labelspec.json, diagnostics codes,
# a hover's line count, completion of the label colours. Exits 0 when every check passes.
# Neovim: $NVIM, else Debian's nvim (installed when missing). Server: $LABELSPEC_BIN, else `labelspec` on PATH, else <repo>/.build/debug/labelspec.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

nvim="${NVIM:-nvim}"   # another Neovim binary to run instead of Debian's (e.g. a 0.11 build)
if [ -z "${NVIM:-}" ] && ! command -v nvim >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq neovim >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq neovim >/dev/null; } \
        || { echo "nvim_test: cannot install neovim"; exit 1; }
fi
echo "nvim_test: $("$nvim" --version | head -n 1)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
bin="${LABELSPEC_BIN:-$(command -v labelspec || echo "$repo/.build/debug/labelspec")}"
[ -x "$bin" ] || { echo "nvim_test: no labelspec binary at $bin"; exit 1; }
ln -s "$bin" "$tmp/bin/labelspec"
# The workspace: a .git repository with a labelspec.json folder inside; the root must be the latter.
mkdir -p "$tmp/repo/.git" "$tmp/repo/specs"
cp "$repo/Examples/Mistakes.labelspec" "$repo/Examples/labelspec.json" "$tmp/repo/specs/"
printf 'label Second {\n    text: "Two"\n}\n' >"$tmp/repo/specs/Second.labelspec"
mkdir -p "$tmp/repo/other"
# Fits at the default size, truncates at accessibilityExtraExtraExtraLarge (set for this root only).
printf 'label Third {\n    text: "Alexandra Fitz"\n    width: 180\n}\n' >"$tmp/repo/other/Third.labelspec"

export PATH="$tmp/bin:$PATH" LABELSPEC_TEST_DIR="$tmp" LABELSPEC_TEST_LOG="$tmp/log"
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache"
timeout 180 "$nvim" --headless -u NONE -i NONE -n \
    --cmd "set rtp^=$repo/editors/nvim" \
    -c 'filetype plugin indent on' -c 'syntax on' \
    -c "luafile $here/nvim_test.lua" >"$tmp/out" 2>&1
status=$?
cat "$tmp/log" 2>/dev/null
failed=0
if [ "$status" -ne 0 ] || ! grep -q '^lua: .* 0 failed$' "$tmp/log" 2>/dev/null; then
    failed=1
    echo "nvim_test: nvim exited $status"; cat "$tmp/out"; echo
    [ -s "$tmp/state/nvim/lsp.log" ] && tail -n 20 "$tmp/state/nvim/lsp.log"
fi
passes=$(grep -c '^ok' "$tmp/log" 2>/dev/null); fails=$(grep -c '^FAIL' "$tmp/log" 2>/dev/null)
[ "$failed" -eq 1 ] && [ "${fails:-0}" -eq 0 ] && fails=1
echo "nvim_test: ${passes:-0} passed, ${fails:-0} failed"
exit "$failed"
