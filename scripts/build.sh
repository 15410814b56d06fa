#!/usr/bin/env bash
# `swift build` with its arguments, failing when the compiler warns about our own code (Sources/,
# Tests/, Plugins/, Benchmarks/): a build of main has no warnings (issue 33), so a new one fails
# CI, whose clean build compiles every file. An incremental build shows only the files it compiles.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"
bash scripts/no-warnings.sh "$log"
