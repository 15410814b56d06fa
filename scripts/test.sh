#!/usr/bin/env bash
# Sets up and runs every test: the Swift suites (which also drive the built CLI on the examples).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build
swift test
