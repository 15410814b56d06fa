# Sourced by the scripts that build: what the build needs in the environment. On macOS,
# Homebrew's icu4c and libxml2 are keg-only (not linked into Homebrew's prefix), so pkg-config is
# told where their .pc files are; elsewhere this does nothing.
if [ "$(uname -s)" = Darwin ] && command -v brew >/dev/null 2>&1; then
    export PKG_CONFIG_PATH="$(brew --prefix icu4c)/lib/pkgconfig:$(brew --prefix libxml2)/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
fi
