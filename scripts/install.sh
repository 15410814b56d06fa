#!/usr/bin/env bash
# Builds labelspec with the Swift standard library linked in (it runs without the toolchain
# beside it) and installs it with its shell completions, man page and docs.
#   bash scripts/install.sh [PREFIX]     (default /usr/local; $DESTDIR is honoured)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-/usr/local}"
dest="${DESTDIR:-}$prefix"
bash scripts/setup.sh
source scripts/env.sh
static=(--static-swift-stdlib)
if [ "$(uname -s)" = Darwin ]; then
    static=()  # macOS ships the Swift runtime in the OS: nothing to link in
fi
swift build -c release --product labelspec "${static[@]}"
bin=.build/release/labelspec
install -d "$dest/bin" "$dest/share/man/man1" \
    "$dest/share/bash-completion/completions" "$dest/share/zsh/site-functions" "$dest/share/fish/vendor_completions.d"
install -m 755 "$bin" "$dest/bin/labelspec"
# The docs, which findings link to (SARIF's helpUri, the editor's code links: ShippedDocs).
install -d "$dest/share/doc/labelspec"
install -m 644 docs/*.md "$dest/share/doc/labelspec/"
"$bin" --generate-completion-script bash > "$dest/share/bash-completion/completions/labelspec"
"$bin" --generate-completion-script zsh > "$dest/share/zsh/site-functions/_labelspec"
"$bin" --generate-completion-script fish > "$dest/share/fish/vendor_completions.d/labelspec.fish"
# The man page, from the same command definitions (swift-argument-parser's generate-manual).
man=$(mktemp -d)
swift package --allow-writing-to-directory "$man" generate-manual --output-directory "$man" >/dev/null
install -m 644 "$man"/labelspec.1 "$dest/share/man/man1/labelspec.1"
rm -rf "$man"
echo "installed $dest/bin/labelspec ($("$dest/bin/labelspec" --version)), its completions, man page and docs"
