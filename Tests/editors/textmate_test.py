#!/usr/bin/env python3
"""Checks editors/vscode: the manifest, language configuration and TextMate grammar are valid
JSON and consistent, every grammar regex compiles in Oniguruma (the engine VS Code uses), the
grammar tokenises a sample into the expected scopes, and (when node is installed) extension.js
runs against stand-ins for `vscode` and `vscode-languageclient/node` (vscode_extension_test.js).

The engine is babi's TextMate tokenizer (PyPI `babi`, a vscode-textmate-compatible
implementation: begin/end/while rules, captures, nested includes, `\\G`, back-references) over
real Oniguruma through `onigurumacffi`. Both are pip-installed when missing.

Usage: python3 Tests/editors/textmate_test.py        (exit 0 when every check passes)
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[2]
VSCODE = REPO / "editors" / "vscode"
PINNED = ["babi==1.8.0", "onigurumacffi==1.5.0"]

checks = 0
failures = 0


def check(ok: bool, what: str, detail: object = None) -> bool:
    global checks, failures
    checks += 1
    if ok:
        print(f"ok   {what}")
    else:
        failures += 1
        print(f"FAIL {what}" + (f": {detail}" if detail is not None else ""))
    return ok


def ensure_engine():
    try:
        import babi.highlight  # noqa: F401
        import onigurumacffi  # noqa: F401
    except ImportError:
        base = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", *PINNED]
        # A Debian system Python refuses plain installs (PEP 668): then install beside it.
        if subprocess.call(base) != 0:
            subprocess.check_call(base + ["--break-system-packages"])
    import babi.highlight
    import onigurumacffi

    return babi.highlight, onigurumacffi


def load_json(path: pathlib.Path):
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        check(False, f"{path.relative_to(REPO)} is valid JSON", e)
        return None
    check(True, f"{path.relative_to(REPO)} is valid JSON")
    return data


def regexes(node, where="grammar"):
    """Every (where, key, regex) of a grammar: match, begin, end, while, at any depth."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("match", "begin", "end", "while") and isinstance(value, str):
                yield where, key, value
            else:
                yield from regexes(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from regexes(value, f"{where}[{i}]")


def includes(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "include" and isinstance(value, str):
                yield value
            else:
                yield from includes(value)
    elif isinstance(node, list):
        for value in node:
            yield from includes(value)


SAMPLE = r'''// A sample with every token kind.
/* outer /* inner */ still "comment" */
style Caption { font: .caption1; textColor: .label }
label ProfileName: Caption, SingleLine {
    text: "Alexandra \"Sam\" \u{1F600} \q"
    font: .system(size: 13, weight: .semibold)
    widht: 180
    numberOfLines: 0
    minimumScaleFactor: 0.75
    shadowOffset: (0, -1)
    adjustsFontSizeToFitWidth: true
    isEnabled: false
    textColor: #FF8800
    shadowColor: #12345
    labelStyle: [.shadow, .iconOnly]
    minimumFontSize: 12
}
label Onboarding {
    text: """
        Say "hi", { not a block }
        \""" still inside
        """
    width: 343
}
label Open { text: "never closed
    width: 10 }
'''

# (line index, the text of the token, its start column or None for the first occurrence,
#  a scope the token must carry)
EXPECTED = [
    (0, "//", None, "punctuation.definition.comment.labelspec"),
    (0, "A sample", None, "comment.line.double-slash.labelspec"),
    (1, "inner", None, "comment.block.labelspec"),
    (1, "still", None, "comment.block.labelspec"),
    (1, '"comment"', None, "comment.block.labelspec"),
    (2, "style", None, "storage.type.style.labelspec"),
    (2, "Caption", None, "entity.name.type.style.labelspec"),
    (2, "font", None, "support.type.property-name.labelspec"),
    (2, "caption1", None, "support.constant.labelspec"),
    (2, ";", None, "punctuation.terminator.labelspec"),
    (2, "label", None, "support.constant.labelspec"),
    (2, "{", None, "punctuation.section.block.begin.labelspec"),
    (3, "label", None, "storage.type.label.labelspec"),
    (3, "ProfileName", None, "entity.name.type.label.labelspec"),
    (3, "Caption", None, "entity.other.inherited-class.labelspec"),
    (3, "SingleLine", None, "entity.other.inherited-class.labelspec"),
    (4, "text", None, "support.type.property-name.labelspec"),
    (4, "Alexandra", None, "string.quoted.double.labelspec"),
    (4, '\\"', None, "constant.character.escape.labelspec"),
    (4, "\\u{1F600}", None, "constant.character.escape.labelspec"),
    (4, "\\q", None, "invalid.illegal.escape.labelspec"),
    (5, "system", None, "support.function.labelspec"),
    (5, "size", None, "variable.parameter.labelspec"),
    (5, "13", None, "constant.numeric.labelspec"),
    (5, "semibold", None, "support.constant.labelspec"),
    (6, "widht", None, "variable.parameter.labelspec"),
    (6, "180", None, "constant.numeric.labelspec"),
    (7, "0", None, "constant.numeric.labelspec"),
    (8, "0.75", None, "constant.numeric.labelspec"),
    (9, "-1", None, "constant.numeric.labelspec"),
    (9, "(", None, "punctuation.section.parens.begin.labelspec"),
    (10, "true", None, "constant.language.boolean.true.labelspec"),
    (11, "false", None, "constant.language.boolean.false.labelspec"),
    (12, "#FF8800", None, "constant.other.color.rgb-value.hex.labelspec"),
    (13, "#12345", None, "invalid.illegal.color.labelspec"),
    (14, "shadow", None, "support.constant.labelspec"),
    (14, "[", None, "punctuation.section.brackets.begin.labelspec"),
    (15, "minimumFontSize", None, "invalid.deprecated.labelspec"),
    (18, '"""', None, "punctuation.definition.string.begin.labelspec"),
    (19, "Say", None, "string.quoted.triple.labelspec"),
    (19, '"hi"', None, "string.quoted.triple.labelspec"),
    (19, "{ not", None, "string.quoted.triple.labelspec"),
    (20, '\\"', None, "constant.character.escape.labelspec"),
    (20, "still inside", None, "string.quoted.triple.labelspec"),
    (21, '"""', None, "punctuation.definition.string.end.labelspec"),
    (22, "width", None, "support.type.property-name.labelspec"),
    (24, "never closed", None, "string.quoted.double.labelspec"),
    (25, "width", None, "support.type.property-name.labelspec"),
    (25, "10", None, "constant.numeric.labelspec"),
    (25, "}", None, "punctuation.section.block.end.labelspec"),
]

# Tokens that must carry no scope of these kinds (the state must not leak).
NOT_EXPECTED = [
    (2, "style", "comment.block.labelspec"),  # the nested comment ended at the outer */
    (22, "width", "string.quoted.triple.labelspec"),  # the """ string ended
    (25, "width", "string.quoted.double.labelspec"),  # the unterminated string ended at its line
    (2, "label", "storage.type.label.labelspec"),  # .label is a case, not the keyword
]


def main() -> int:
    manifest = load_json(VSCODE / "package.json")
    langconf = load_json(VSCODE / "language-configuration.json")
    grammar_path = VSCODE / "syntaxes" / "labelspec.tmLanguage.json"
    grammar = load_json(grammar_path)
    if manifest is None or langconf is None or grammar is None:
        return 1

    # The manifest.
    contributes = manifest.get("contributes", {})
    langs = [l for l in contributes.get("languages", []) if l.get("id") == "labelspec"]
    check(len(langs) == 1 and ".labelspec" in langs[0].get("extensions", []),
          "package.json contributes the labelspec language for .labelspec files", langs)
    if langs:
        check((VSCODE / langs[0].get("configuration", "")).resolve() == (VSCODE / "language-configuration.json").resolve(),
              "the language points at language-configuration.json", langs[0].get("configuration"))
    grammars = [g for g in contributes.get("grammars", []) if g.get("language") == "labelspec"]
    check(len(grammars) == 1 and (VSCODE / grammars[0]["path"]).resolve() == grammar_path.resolve(),
          "package.json contributes the grammar file", grammars)
    check(bool(grammars) and grammars[0].get("scopeName") == grammar.get("scopeName") == "source.labelspec",
          "scopeName source.labelspec in the manifest and the grammar")
    props = contributes.get("configuration", {}).get("properties", {})
    for key in ("labelspec.path", "labelspec.contentSize", "labelspec.systemFontFile"):
        check(key in props and "type" in props[key] and "default" in props[key], f"setting {key} is declared", props.get(key))
    if "labelspec.contentSize" in props:
        check({"", "all", "large", "accessibilityExtraExtraExtraLarge"} <= set(props["labelspec.contentSize"].get("enum", [])),
              "labelspec.contentSize offers the Dynamic Type categories and all")
    main_js = VSCODE / manifest.get("main", "")
    check(main_js.is_file(), f"main {manifest.get('main')} exists")
    check("vscode-languageclient" in manifest.get("dependencies", {}), "depends on vscode-languageclient")
    check("onLanguage:labelspec" in manifest.get("activationEvents", []), "activates on the labelspec language")
    check("^" in manifest.get("engines", {}).get("vscode", ""), "engines.vscode is set", manifest.get("engines"))
    js = main_js.read_text(encoding="utf-8") if main_js.is_file() else ""
    check("vscode-languageclient/node" in js and "'lsp'" in js and "labelspec.path" in js,
          "extension.js starts `<labelspec.path> lsp` through vscode-languageclient")
    for command in contributes.get("commands", []):
        check(f"'{command['command']}'" in js, f"command {command['command']} is registered in extension.js")
    if shutil.which("node"):
        r = subprocess.run(["node", "--check", str(main_js)], capture_output=True, text=True)
        check(r.returncode == 0, "node --check extension.js", r.stderr.strip())
        # extension.js itself, against stand-ins for `vscode` and `vscode-languageclient/node`.
        r = subprocess.run(["node", str(pathlib.Path(__file__).with_name("vscode_extension_test.js"))],
                           capture_output=True, text=True, timeout=60)
        lines = r.stdout.splitlines()
        for line in lines:
            if line.startswith(("ok   ", "FAIL ")):
                check(line.startswith("ok"), "extension.js: " + line[5:].split(": ")[0],
                      line[5:].partition(": ")[2] or None)
        check(r.returncode == 0 and bool(lines), "extension.js runs under the stand-ins", r.stderr.strip()[-500:] or None)
    else:
        print("skip node --check extension.js and its run under stand-ins (no node here)")

    # The language configuration (its regexes are JavaScript ones; they use nothing Python's re lacks).
    check(langconf.get("comments") == {"lineComment": "//", "blockComment": ["/*", "*/"]},
          "language-configuration: // and /* */ comments", langconf.get("comments"))
    check(["{", "}"] in langconf.get("brackets", []), "language-configuration: brackets")
    check(any(p.get("open") == '"' for p in langconf.get("autoClosingPairs", [])), "language-configuration: auto-closing quotes")
    rules = langconf.get("indentationRules", {})
    try:
        inc = re.compile(rules["increaseIndentPattern"])
        dec = re.compile(rules["decreaseIndentPattern"])
        word = re.compile(langconf["wordPattern"])
        check(bool(inc.search("label Name: Base {")) and bool(inc.search("    labelStyle: [  // list"))
              and not inc.search('    text: "{"') and not inc.search("    font: .body"),
              "indentation: increase after an opening { [ (")
        check(bool(dec.search("    }")) and bool(dec.search("]")) and not dec.search("    font: .body"),
              "indentation: decrease at a closing } ] )")
        check([m.group() for m in word.finditer("width: -1.5 #FF8800 .secondaryLabel")]
              == ["width", "-1.5", "#FF8800", "secondaryLabel"], "wordPattern: names, numbers, hex colours")
        for rule in langconf.get("onEnterRules", []):
            for k in ("beforeText", "afterText"):
                if k in rule:
                    re.compile(rule[k])
        check(True, "language-configuration regexes compile")
    except (KeyError, re.error) as e:
        check(False, "language-configuration regexes compile", e)

    # The grammar: every regex compiles in Oniguruma; every include resolves.
    highlight, onig = ensure_engine()
    bad = []
    n = 0
    for where, key, rx in regexes(grammar):
        n += 1
        try:
            onig.compile(rx)
        except Exception as e:  # onigurumacffi raises its own error type
            bad.append(f"{where}.{key} {rx!r}: {e}")
    check(n > 20 and not bad, f"all {n} grammar regexes compile in Oniguruma", bad)
    repo_keys = set(grammar.get("repository", {}))
    missing = [i for i in includes(grammar) if i.startswith("#") and i[1:] not in repo_keys]
    check(not missing, "every #include names a repository rule", missing)
    unused = repo_keys - {i[1:] for i in includes(grammar)}
    check(not unused, "every repository rule is used", unused)

    # Tokenise the sample.
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(grammar_path, pathlib.Path(tmp) / "source.labelspec.json")
        compiler = highlight.Grammars(tmp).compiler_for_scope("source.labelspec")
        state = compiler.root_state
        lines = SAMPLE.splitlines(keepends=True)
        tokens = []  # per line: [(start, end, scopes)]
        for i, line in enumerate(lines):
            state, regions = highlight.highlight_line(compiler, state, line, i == 0)
            tokens.append(regions)

    def scopes_at(line: int, text: str) -> tuple[str, ...]:
        col = lines[line].find(text)
        if col < 0:
            return ("<text not on the line>",)
        for start, end, scope in tokens[line]:
            if start <= col < end:
                return scope
        return ()

    for line, text, _, scope in EXPECTED:
        got = scopes_at(line, text)
        check(scope in got, f"line {line + 1}: {text!r} has {scope}", " ".join(got))
    for line, text, scope in NOT_EXPECTED:
        got = scopes_at(line, text)
        check(scope not in got, f"line {line + 1}: {text!r} has no {scope}", " ".join(got))

    # The shipped examples tokenise without an invalid scope (they are valid LabelSpec, except
    # Mistakes.labelspec, whose unterminated string and bad escapes are meant).
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(grammar_path, pathlib.Path(tmp) / "source.labelspec.json")
        compiler = highlight.Grammars(tmp).compiler_for_scope("source.labelspec")
        for path in sorted((REPO / "Examples").rglob("*.labelspec")):
            if path.name == "Mistakes.labelspec":
                continue
            state = compiler.root_state
            invalid = []
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(keepends=True)):
                state, regions = highlight.highlight_line(compiler, state, line, i == 0)
                invalid += [f"{i + 1}:{s}" for s, e, scope in regions if any(x.startswith("invalid") for x in scope)]
            check(not invalid and state == compiler.root_state,
                  f"{path.relative_to(REPO)} tokenises with no invalid scope and ends in the root state", invalid[:5])

    print(f"textmate_test: {checks - failures} passed, {failures} failed")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
