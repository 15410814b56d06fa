#!/usr/bin/env bash
# Runs every test: the Swift test suites, then the CLI on the shipped examples.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
swift test
