#!/usr/bin/env bash
# The main job: builds labelspec, checks the shipped design system (must be clean), then shows
# what it reports on Examples/Mistakes.labelspec (every diagnostic code, on purpose).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
bash scripts/build.sh --product labelspec
bin=.build/debug/labelspec
echo "== labelspec check Examples/DesignSystem"
"$bin" check Examples/DesignSystem
echo
echo "== labelspec check Examples/FirstSpec (docs/first-spec.md's settings screen; two warnings expected)"
"$bin" check Examples/FirstSpec
echo
echo "== labelspec check Examples/Screens (widths that follow the screen, on seven screens; warnings expected)"
"$bin" check Examples/Screens
echo
echo "== labelspec check Examples/Translations (a String Catalog in en, de, ja, ar and th; warnings expected)"
"$bin" check Examples/Translations
echo
echo "== labelspec check Examples/InterfaceBuilder (a storyboard with a German .strings; warnings expected)"
"$bin" check Examples/InterfaceBuilder
echo
echo "== labelspec check Examples/Mistakes.labelspec (exit 1 expected: it holds every mistake)"
status=0
"$bin" check Examples/Mistakes.labelspec || status=$?
if [ "$status" -ne 1 ]; then
    echo "expected exit 1 from the mistakes file, got $status" >&2
    exit 1
fi
echo
echo "== labelspec render Examples/Translations --out .build/examples-report (pictures of every label, locale and size)"
"$bin" render Examples/Translations --out .build/examples-report
echo "open .build/examples-report/index.html in a browser"
