#!/usr/bin/env bash
# Fails (exit 1) when the build output in file $1 holds a compiler warning about our own code,
# listing each distinct one once.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
warnings=$(grep -E "^$root/(Sources|Tests|Plugins|Benchmarks)/[^:]+:[0-9]+:[0-9]+: warning:" "$1" | sort -u)
if [ -n "$warnings" ]; then
    echo "$warnings" >&2
    echo "error: the build has $(echo "$warnings" | wc -l) compiler warning(s) in this project's code; a build of main has none" >&2
    exit 1
fi
