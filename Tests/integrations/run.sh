#!/usr/bin/env bash
# The integrations as their real tools run them: the pre-commit hooks through `pre-commit
# try-repo` (pre-commit from PyPI, in the test venv under .build/), and the GitHub Action's
# steps as the runner would run them (action.yml read, its `run:` scripts executed with the
# runner's environment variables). Uses the debug build (`swift build` first).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
python=$(bash scripts/venv.sh)
venv=$(dirname "$python")
[ -x "$venv/pre-commit" ] || "$python" -m pip install -q pre-commit >/dev/null
bin=$repo/.build/debug/labelspec
[ -x "$bin" ] || { echo "integrations: build first (swift build)"; exit 1; }
pass=0
fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/project/UI"
ln -s "$bin" "$work/bin/labelspec"
cd "$work/project"
git init -q . && git config user.email t@example.com && git config user.name t
printf 'style Body { font: .body }\n' > UI/Styles.labelspec
printf 'label Title: Body {\n    text: "Hello"\n    width: 200\n}\n' > UI/Good.labelspec
printf 'label Broken: Body {\n    text: "Hi"\n    widht: 100\n}\n' > UI/Bad.labelspec
printf 'label Messy: Body { text: "x";width:100 }\n' > UI/Messy.labelspec
git add -A && git commit -qm init
export PATH="$work/bin:$PATH" PRE_COMMIT_HOME="$work/cache"
try() { "$venv/pre-commit" try-repo "$repo" "$@" 2>&1; }

# check: a clean file passes (its style is in another file of the folder), a bad one fails
# with the diagnostic.
if out=$(try labelspec-check-system --files UI/Good.labelspec); then ok "pre-commit: labelspec-check passes a clean file"; else bad "pre-commit: clean file: $out"; fi
if out=$(try labelspec-check-system --files UI/Bad.labelspec); then
    bad "pre-commit: a file with an error passed"
elif grep -q "UI/Bad.labelspec:3:5: error: unknown property 'widht'; did you mean 'width'? \[unknown-property\]" <<<"$out"; then
    ok "pre-commit: labelspec-check fails on an error and shows it"
else
    bad "pre-commit: bad file output: $out"
fi
# format: a file out of layout is rewritten (the hook fails, as formatters do), then passes.
if out=$(try labelspec-format-system --files UI/Messy.labelspec); then
    bad "pre-commit: format left a messy file alone"
elif grep -q "files were modified by this hook" <<<"$out" && grep -q '^    width: 100$' UI/Messy.labelspec; then
    ok "pre-commit: labelspec-format rewrites a file out of layout"
else
    bad "pre-commit: format output: $out"
fi
if out=$(try labelspec-format-system --files UI/Messy.labelspec); then ok "pre-commit: labelspec-format passes a formatted file"; else bad "pre-commit: second format: $out"; fi
# exclude: a file labelspec.json excludes stays out although pre-commit names it (--force-exclude).
mkdir -p Gen && printf '{ "exclude": ["Broken.labelspec"] }\n' > Gen/labelspec.json
printf 'label Broken { text: "x"; widht: 1 }\n' > Gen/Broken.labelspec
git add -A && git commit -qm gen
if out=$(try labelspec-check-system --files Gen/Broken.labelspec); then ok "pre-commit: a file excluded by labelspec.json is not checked"; else bad "pre-commit: excluded file: $out"; fi
# Every hook's entry names a subcommand the binary has.
for sub in $(grep -E '^  entry: ' "$repo/.pre-commit-hooks.yaml" | awk '{print $3}' | sort -u); do
    if labelspec "$sub" --help >/dev/null 2>&1; then ok "pre-commit: entry subcommand '$sub' exists"; else bad "pre-commit: no subcommand '$sub'"; fi
done

# The action's steps as the runner runs them (Tests/integrations/action_runner.py: `if:`
# conditions, inputs and step outputs filled in, `bash -eo pipefail`, the upload actions stood in
# for): annotations, then SARIF (findings exit 1; the report is written anyway), then the report.
runner() { "$python" "$repo/Tests/integrations/action_runner.py" "$repo/action.yml" --work "$work" "$@"; }
step_inputs='{"paths": "UI", "sarif-file": "out.sarif"}'
run_step() {  # NAME [INPUTS-JSON]: that step's script alone
    runner --step "$1" --inputs "${2:-$step_inputs}"
}
if out=$(run_step "Check (annotations)" 2>&1); then
    bad "action: a project with an error passed"
elif grep -q "^::error file=UI/Bad.labelspec,line=3,col=5" <<<"$out"; then
    ok "action: check annotates the error for GitHub"
else
    bad "action: check output: $out"
fi
if run_step "Write SARIF" >/dev/null 2>&1 && "$python" -c "import json,sys; d=json.load(open('out.sarif')); assert d['version']=='2.1.0' and d['runs'][0]['results']" 2>/dev/null; then
    ok "action: SARIF written despite findings"
else
    bad "action: no SARIF report"
fi
# args are split into words but not expanded as globs: `--exclude Gen/**` reaches labelspec as a
# pattern (bash would make it `--exclude Gen/Broken.labelspec Gen/Other.labelspec`, checking the latter).
printf 'label Other { text: "x"; widht: 1 }\n' > Gen/Other.labelspec
out=$(run_step "Check (annotations)" '{"paths": "Gen UI", "args": "--exclude Gen/**"}' 2>&1 || true)
if grep -q "^::error file=UI/Bad.labelspec" <<<"$out" && ! grep -q "Gen/Other" <<<"$out"; then
    ok "action: an --exclude glob in args is passed to labelspec as it is"
else
    bad "action: --exclude Gen/** in args: $out"
fi
rm -f Gen/Other.labelspec
# One argument per line (issue 33): a path and a screen's name with spaces reach labelspec whole
# (on one line, `--screen iPhone 16` was three words, `16` a path); spaces at a line's ends and
# empty lines are left out.
mkdir -p "My UI" && cp UI/Bad.labelspec "My UI/"
out=$(run_step "Check (annotations)" '{"paths": "My UI\n", "args": "--screen\n  iPhone 16  \n\n--content-size\nlarge\n"}' 2>&1 || true)
if grep -q "^::error file=My UI/Bad.labelspec,line=3,col=5" <<<"$out" && ! grep -q "cannot read" <<<"$out"; then
    ok "action: args and paths one per line keep their spaces (--screen 'iPhone 16', 'My UI')"
else
    bad "action: arguments one per line: $out"
fi
out=$(run_step "Check (annotations)" '{"paths": "My UI\n", "args": "--screen\nPhone 99\n"}' 2>&1 || true)
if grep -q "unknown device 'Phone 99'" <<<"$out"; then
    ok "action: a screen name one per line reaches labelspec as one argument"
else
    bad "action: --screen 'Phone 99': $out"
fi
rm -rf "My UI"
# Translations sent back (issue 38): a pull request that brings an .xcloc back gets its findings
# annotated on the returned XLIFF file; the glob in paths finds the .xcloc folders.
cp -R "$repo/Examples/Translators" Translators
out=$(run_step "Check (annotations)" '{"paths": "Translators/App Translators/*.xcloc"}' 2>&1 || true)
if grep -q '^::warning file=Translators/de.xcloc/Localized Contents/de.xliff,line=25,col=36,endLine=25,endColumn=59,title=truncates::truncates in de at .large: "Speicher…" (90 pt: width 90)$' <<<"$out"; then
    ok "action: a returned .xcloc is annotated where its translation truncates"
else
    bad "action: returned .xcloc: $out"
fi
rm -rf Translators

# The whole action, steps in order, the install and build pretended (the debug build is on PATH).
action() {  # INPUTS-JSON: the run as JSON
    runner --inputs "$1" --pretend "Install the system libraries" --pretend "Build labelspec"
}
field() {  # JSON PYTHON-EXPRESSION over r (the run): prints its value
    "$python" -c 'import json, sys; r = json.loads(sys.argv[1]); print(eval(sys.argv[2]))' "$1" "$2"
}
outcome() { field "$1" "next(s['outcome'] for s in r['steps'] if s['name'] == '$2')"; }
rm -f "$work/step_summary.md"
run=$(action '{"paths": "UI", "args": "--content-size large,AX1 --deny-warnings --color never", "report": "true", "report-dir": "reports/labels", "report-args": "--locale all"}')
if [ "$(outcome "$run" "Check (annotations)")" = failure ] && [ "$(outcome "$run" "Write the report")" = success ]; then
    ok "action: report: true, check failed: the report step runs all the same"
else
    bad "action: report step after a failed check: $run"
fi
if [ -f reports/labels/index.html ] && "$python" - reports/labels <<'PY'
import json, os, sys
d = sys.argv[1]
m = json.load(open(os.path.join(d, "manifest.json")))
assert {e["label"] for e in m} == {"Title", "Broken", "Messy"}, m
# args' --content-size reached render; --deny-warnings and --color (check's own) did not break it.
assert {e["contentSize"] for e in m} == {"large", "accessibilityMedium"}, {e["contentSize"] for e in m}
assert all(os.path.isfile(os.path.join(d, e["svg"])) for e in m)
assert '<script type="application/json" id="data">' in open(os.path.join(d, "index.html")).read()
PY
then
    ok "action: the report step writes DIR/index.html and manifest.json (args' sizes, check's own options left out; DIR's parent made)"
else
    bad "action: report folder: $(ls -R reports 2>&1 | head -20)"
fi
uploads=$(field "$run" "r['uploads']")
if [ "$(field "$run" "[(u['name'], u['path']) for u in r['uploads']]")" = "[('labelspec-report', 'reports/labels')]" ] \
    && [ "$(field "$run" "sorted(f for f in r['uploads'][0]['files'] if '/' not in f)")" = "['.labelspec-report', 'index.html', 'manifest.json']" ] \
    && [ "$(field "$run" "sum(f.startswith('svg/') for f in r['uploads'][0]['files'])")" -gt 0 ]; then
    ok "action: the report folder is uploaded as the artifact labelspec-report"
else
    bad "action: uploads: $uploads"
fi
summary=$(field "$run" "r['summary']")
if grep -q "^3 labels, [0-9]* pictures, 0 failing (truncated or clipped)\.$" <<<"$summary" \
    && grep -qF '[`labelspec-report`](https://github.com/owner/repo/actions/runs/1/artifacts/1)' <<<"$summary" \
    && ! grep -q "data:" <<<"$summary"; then
    ok "action: the job summary counts the labels and links the artifact (text only)"
else
    bad "action: job summary: $summary"
fi
# Run again in the same workspace (a re-run): the earlier report is replaced.
run=$(action '{"paths": "UI", "report": "true", "report-dir": "reports/labels", "report-name": "second"}')
sizes=$("$python" -c 'import json; print(sorted({e["contentSize"] for e in json.load(open("reports/labels/manifest.json"))}))')
if [ "$(outcome "$run" "Upload the report")" = success ] && [ "$(field "$run" "r['uploads'][0]['name']")" = second ] \
    && [ "$sizes" = "['extraExtraExtraLarge', 'large']" ]; then
    ok "action: a second run replaces its report and uploads it under report-name"
else
    bad "action: second run: $run"
fi
# Not asked for: no report step runs, nothing is written.
run=$(action '{"paths": "UI", "report-dir": "not-asked"}')
if [ "$(field "$run" "[s['outcome'] for s in r['steps'] if 'report' in s['name']]")" = "['skipped', 'skipped', 'skipped']" ] && [ ! -e not-asked ]; then
    ok "action: report: false (the default) runs no report step"
else
    bad "action: report false: $run"
fi
# A report folder render refuses (a folder of other files): the step fails, nothing is uploaded.
mkdir -p taken && echo x > taken/notes.txt
run=$(action '{"paths": "UI", "report": "true", "report-dir": "taken"}')
if [ "$(outcome "$run" "Write the report")" = failure ] && [ "$(outcome "$run" "Upload the report")" = skipped ] \
    && grep -q "cannot write the report to 'taken'" <<<"$(field "$run" "next(s['log'] for s in r['steps'] if s['name'] == 'Write the report')")"; then
    ok "action: a report-dir render refuses fails the step and uploads nothing"
else
    bad "action: refused report-dir: $run"
fi
# The options the report step leaves out of args are exactly check's own: those of
# `check --help` that `render --help` lacks (and -q, as the step wants render's closing line).
if out=$("$python" - "$repo/action.yml" 2>&1 <<'PY'
import re, subprocess, sys, yaml
def options(sub):
    text = subprocess.run(["labelspec", sub, "--help"], capture_output=True, text=True).stdout
    found = {}
    for m in re.finditer(r"^  (?:(-\w), )?(--[\w-]+)( <[\w-]+>)?", text, re.M):
        found[m.group(2)] = bool(m.group(3))
        if m.group(1):
            found[m.group(1)] = bool(m.group(3))
    return found
check, render = options("check"), options("render")
own = {o: v for o, v in check.items() if o not in render and o not in ("--help", "--version")}
own.update({"-q": False, "--quiet": False})
step = next(s for s in yaml.safe_load(open(sys.argv[1]))["runs"]["steps"] if s["name"] == "Write the report")
cases = re.findall(r"^\s*([^\s()]+)\)(.*?);;$", step["run"], re.M)
with_value = {p for p in cases[0][0].split("|")}
dropped = set(cases[1][0].split("|"))
want_value = {o for o, v in own.items() if v}
want_dropped = {o for o, v in own.items() if not v} | {o + "=*" for o in want_value}
assert with_value == want_value, (with_value, want_value)
assert dropped == want_dropped, (dropped ^ want_dropped)
PY
); then
    ok "action: the report step leaves out exactly check's own options (as --help lists them)"
else
    bad "action: check-only options: $out"
fi
# SwiftPM: a package that depends on LabelSpec by path, its target using the build plugin, and
# the labelspec-check command plugin (builds LabelSpec once more, in .build/sample).
sample=$repo/Tests/integrations/SamplePackage
broken=$sample/Sources/SampleUI/Broken.labelspec
trap 'rm -rf "$work" "$broken"' EXIT
build() { (cd "$sample" && swift build --scratch-path "$repo/.build/sample" 2>&1); }
if out=$(build) && grep -q "^Sources/SampleUI/Labels.labelspec:11:5: warning: 'minimumScaleFactor' has no effect" <<<"$out"; then
    ok "swiftpm: the build plugin checks the target's files and shows warnings; the build passes"
else
    bad "swiftpm: build with warnings: $(tail -20 <<<"$out")"
fi
printf 'label Broken: Body {\n    text: "x"\n    widht: 10\n}\n' > "$broken"
if out=$(build); then
    bad "swiftpm: an error in a .labelspec file did not fail the build"
elif grep -q "^Sources/SampleUI/Broken.labelspec:3:5: error: unknown property 'widht'" <<<"$out"; then
    ok "swiftpm: an error fails the build, shown as file:line:col: error:"
else
    bad "swiftpm: build with an error: $(tail -20 <<<"$out")"
fi
rm -f "$broken"
if out=$(build); then ok "swiftpm: fixed, the build passes again"; else bad "swiftpm: rebuild after the fix: $(tail -20 <<<"$out")"; fi
if out=$(cd "$sample" && swift package --scratch-path "$repo/.build/sample" labelspec-check 2>&1) \
    && grep -q "Checked 1 file: 0 errors, 1 warning" <<<"$out"; then
    ok "swiftpm: swift package labelspec-check checks the package's files"
else
    bad "swiftpm: labelspec-check: $(tail -20 <<<"$out")"
fi

# The installer (a release build with the Swift standard library linked in): in CI, or when
# LABELSPEC_TEST_INSTALL=1 (it is a full release build).
if [ "${CI:-}" = true ] || [ "${LABELSPEC_TEST_INSTALL:-}" = 1 ]; then
    dest=$work/install
    if out=$(cd "$repo" && DESTDIR="$dest" bash scripts/install.sh /usr/local 2>&1); then
        installed=$dest/usr/local/bin/labelspec
        if ldd "$installed" | grep -qi "libswift"; then bad "install: the binary links libswift*: $(ldd "$installed" | grep -i swift)"; else ok "install: ldd lists no libswift*"; fi
        for f in share/man/man1/labelspec.1 share/bash-completion/completions/labelspec share/zsh/site-functions/_labelspec share/fish/vendor_completions.d/labelspec.fish share/doc/labelspec/diagnostics.md; do
            if [ -s "$dest/usr/local/$f" ]; then ok "install: $f"; else bad "install: no $f"; fi
        done
        # Run with the toolchain's folders out of reach (a mount namespace hides them; without
        # the privilege for one, a bare environment at least).
        toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
        probe="env -i PATH=/usr/bin:/bin $installed check $repo/Examples/Mistakes.labelspec"
        if unshare -m true 2>/dev/null; then
            run=$(unshare -m sh -c "mount -t tmpfs none '$toolchain' && $probe" 2>&1 || true)
            where="with $toolchain hidden"
        else
            run=$($probe 2>&1 || true)
            where="in a bare environment (no mount namespace here)"
        fi
        if grep -q "^Checked 1 file: [0-9]* errors" <<<"$run"; then ok "install: the binary runs $where"; else bad "install: $where: $run"; fi
    else
        bad "install: scripts/install.sh failed: $(tail -20 <<<"$out")"
    fi
fi

echo "integrations_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
