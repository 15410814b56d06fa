#!/usr/bin/env bash
# Sets up and runs every test: the Swift suites (which also drive the built CLI on the examples).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
# Every test's scratch folders and files go in one folder of this run, removed when it ends (the
# Swift suites, the end-to-end and editor tests all take their temporary folder from TMPDIR), so a
# run leaves nothing behind in /tmp.
TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/labelspec-test-run.XXXXXX")
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
bash scripts/build.sh
log=$(mktemp)
status=0
swift test 2>&1 | tee "$log" || status=$?
# One plain closing line for CI: Swift Testing's count (XCTest finds no tests of ours).
summary=$(grep -E "Test run with [0-9]+ tests" "$log" | tail -n 1 || true)
total=$(echo "$summary" | sed -E 's/.*Test run with ([0-9]+) tests.*/\1/')
if [ -n "$summary" ]; then
    if echo "$summary" | grep -q "passed"; then
        echo "swift-testing: $total passed, 0 failed"
    else
        failed=$(echo "$summary" | sed -E 's/.*with ([0-9]+) issues?.*/\1/')
        echo "swift-testing: $((total)) ran, $failed issues"
    fi
fi
[ $status -eq 0 ] || { rm -f "$log"; exit $status; }
# The test targets compile here: no warning in them either.
bash scripts/no-warnings.sh "$log" || { rm -f "$log"; exit 1; }
rm -f "$log"
# The Auto Layout solver against kiwisolver (python3-kiwisolver) on 600 seeded random systems.
python3 Tests/solver/compare_kiwi.py --count 600 --binary .build/debug/autolayout-solve
# The docs agree with the tool: their commands are run, their excerpts and links checked.
python3 Tests/docs/check_docs.py
# The house rules (Tests/tidy/tidy.py): each checked on the tree, and each shown to catch a
# seeded violation.
python3 Tests/tidy/tidy.py
python3 Tests/tidy/tidy.py --self-test
# The language server end to end, through pytest-lsp under recorded Neovim, VS Code and Emacs
# client capabilities.
bash Tests/e2e/run.sh
# The editor integrations in the real editors.
bash Tests/editors/run.sh
# pre-commit hooks and the GitHub Action, through pre-commit itself and the action's own steps.
bash Tests/integrations/run.sh
# render's HTML report in headless Chromium: its DOM, a screenshot's pixels, its filters.
bash Tests/report/run.sh
