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

# The action's steps: annotations, then SARIF (findings exit 1; the report is written anyway).
steps=$("$python" - "$repo/action.yml" <<'PY'
import json, sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
print(json.dumps([{"name": s["name"], "run": s.get("run"), "env": s.get("env", {})} for s in action["runs"]["steps"]]))
PY
)
run_step() {  # NAME: run that step's script as the runner would (inputs substituted)
    "$python" - "$steps" "$1" <<'PY' > "$work/step.sh"
import json, sys
steps, name = json.loads(sys.argv[1]), sys.argv[2]
step = next(s for s in steps if s["name"] == name)
inputs = {"paths": "UI", "args": "", "sarif-file": "out.sarif"}
for k, v in step["env"].items():
    for key, value in inputs.items():
        v = v.replace("${{ inputs.%s }}" % key, value)
    print(f"export {k}={json.dumps(v)}")
print(step["run"])
PY
    GITHUB_ACTION_PATH="$repo" GITHUB_PATH="$work/github_path" bash "$work/step.sh"
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
