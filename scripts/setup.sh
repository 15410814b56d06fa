#!/usr/bin/env bash
# Installs the system libraries the build needs when they are missing: through apt-get on
# Debian/Ubuntu, through Homebrew on macOS.
set -euo pipefail
if [ "$(uname -s)" = Darwin ]; then
    if ! command -v brew >/dev/null 2>&1; then
        echo "setup: Homebrew is needed on macOS (https://brew.sh)" >&2
        exit 1
    fi
    for formula in json-c harfbuzz icu4c fontconfig libxml2 pkg-config; do
        brew list --formula "$formula" >/dev/null 2>&1 || brew install "$formula"
    done
    # Inter as the system font's stand-in where SF Pro cannot be used (see docs/measurement.md).
    brew list --cask font-inter >/dev/null 2>&1 || brew install --cask font-inter || true
    exit 0
fi
packages=(libjson-c-dev libxml2-dev pkg-config libharfbuzz-dev libicu-dev libfontconfig-dev fonts-inter fonts-inter-variable fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji python3-kiwisolver)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
