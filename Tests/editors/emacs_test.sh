#!/usr/bin/env bash
# Emacs (Debian's emacs-nox + elpa-eglot) in batch: byte-compiles labelspec-mode.el with warnings
# as errors, then loads it, checks font-lock/syntax/indentation, opens a spec with mistakes,
# connects eglot to `labelspec lsp` and asserts the flymake diagnostics' codes, a hover and
# completion; then lsp-mode (elpa-lsp-mode) with labelspec-mode's client: a hover as text in a
# terminal, as a picture where images show. Exits 0 when every check passes.
# Server: $LABELSPEC_BIN, else `labelspec` on PATH, else <repo>/.build/debug/labelspec.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

if ! command -v emacs >/dev/null || [ -z "$(ls -d /usr/share/emacs/site-lisp/elpa/eglot-* 2>/dev/null)" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq emacs-nox elpa-eglot >/dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq emacs-nox elpa-eglot >/dev/null; } \
        || { echo "emacs_test: cannot install emacs-nox elpa-eglot"; exit 1; }
fi
echo "emacs_test: $(emacs --version | head -n 1); $(ls -d /usr/share/emacs/site-lisp/elpa/eglot-* | xargs -n1 basename)"

bin="${LABELSPEC_BIN:-$(command -v labelspec || echo "$repo/.build/debug/labelspec")}"
[ -x "$bin" ] || { echo "emacs_test: no labelspec binary at $bin"; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail=0
exec 3>&1 >"$tmp/all" # every line goes to $tmp/all too, for the summary at the end

# 1. Byte-compiles without a warning (each warning is an error), with and without Debian's site start.
mkdir -p "$tmp/compile"
cp "$repo/editors/emacs/labelspec-mode.el" "$tmp/compile/"
for flags in "-Q" "-q"; do
    if (cd "$tmp/compile" && emacs $flags --batch --eval '(setq byte-compile-error-on-warn t)' \
            -f batch-byte-compile labelspec-mode.el) >"$tmp/compile.log" 2>&1; then
        echo "ok   byte-compiles without warnings (emacs $flags --batch, byte-compile-error-on-warn)"
    else
        echo "FAIL byte-compile (emacs $flags):"; grep -v '^Loading' "$tmp/compile.log"; fail=1
    fi
    rm -f "$tmp/compile/labelspec-mode.elc"
done
if (cd "$tmp/compile" && emacs -Q --batch --eval '(checkdoc-file "labelspec-mode.el")') >"$tmp/checkdoc.log" 2>&1 \
        && ! grep -q . "$tmp/checkdoc.log"; then
    echo "ok   checkdoc finds nothing"
else
    echo "FAIL checkdoc:"; cat "$tmp/checkdoc.log"; fail=1
fi

# 2. The mode and eglot, against the real server.
mkdir -p "$tmp/bin"
ln -s "$bin" "$tmp/bin/labelspec"
mkdir -p "$tmp/repo/.git" "$tmp/repo/specs" "$tmp/home"
cp "$repo/Examples/Mistakes.labelspec" "$repo/Examples/labelspec.json" "$tmp/repo/specs/"
mkdir -p "$tmp/repo/other"
printf 'label Third {\n    text: "Alexandra Fitz"\n    width: 180\n}\n' >"$tmp/repo/other/Third.labelspec"
# -q (not -Q): Debian's site start-up activates the elpa-eglot package, as for a user.
if ! (cd "$tmp" && HOME="$tmp/home" PATH="$tmp/bin:$PATH" LABELSPEC_TEST_DIR="$tmp" \
        LABELSPEC_MODE_EL="$repo/editors/emacs/labelspec-mode.el" \
        timeout 240 emacs --batch -q -l "$here/emacs_test.el") >"$tmp/out" 2>"$tmp/err"; then
    fail=1
fi
cat "$tmp/out"
grep -q ' 0 failed$' "$tmp/out" || { fail=1; grep -v '^Loading' "$tmp/err" | tail -n 30; }

# 5. lsp-mode (Debian's elpa-lsp-mode): labelspec-mode's lsp-mode client, a hover in a terminal
# (text) and, with `display-images-p' true, the picture lsp-mode's own pattern finds.
if [ -z "$(ls -d /usr/share/emacs/site-lisp/elpa/lsp-mode-* 2>/dev/null)" ]; then
    apt-get install -y -qq elpa-lsp-mode >/dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq elpa-lsp-mode >/dev/null 2>&1; } \
        || echo "FAIL cannot install elpa-lsp-mode"
fi
for frame in terminal images; do
    mkdir -p "$tmp/lsp-mode-$frame"
    if ! (cd "$tmp/lsp-mode-$frame" && HOME="$tmp/home" timeout 120 emacs --batch -q -l "$repo/editors/emacs/labelspec-mode.el" \
            -l "$here/lsp_mode_test.el" "$tmp/lsp-mode-$frame" "$bin" "$frame") >"$tmp/lsp-out" 2>"$tmp/lsp-err"; then
        fail=1
        grep -v '^Loading' "$tmp/lsp-err" | grep -v '^LSP ::' | tail -n 20
    fi
    grep -E '^(ok|FAIL|lsp_mode_test)' "$tmp/lsp-out"
done
exec 1>&3
cat "$tmp/all"
passes=$(grep -c '^ok' "$tmp/all"); fails=$(grep -c '^FAIL' "$tmp/all")
[ "$fail" -ne 0 ] && [ "$fails" -eq 0 ] && fails=1
echo "emacs_test: $passes passed, $fails failed"
exit "$fail"
