#!/usr/bin/env python3
"""The house rules, run (issue 34, point 5): what ARCHITECTURE.md and the layering promise, checked
on the tree as it is, as rust-analyzer's `xtask tidy` does. Python 3, standard library only.

Rules (each has a seeded violation in --self-test, which must make it fail):
- names: every `Name` that ARCHITECTURE.md or a module's page (Sources/M/M.docc/M.md) writes in a
  code span, starting with a capital, is a type, a module, or a source or test file of this
  repository, or one of the few outside names they mention (EXTERNAL).
- writers: only the files in WRITERS create, rename or link files (ARCHITECTURE.md's invariant:
  files are written by `OutputFile`, `AtomicWrite` and `ReportFolder`).
- paths: no path goes through `NSString`'s path methods (they trap on a one-character path in
  swift-corelibs-foundation; `PathText` computes paths as text).
- imports: each target imports only modules of this package it declares in Package.swift (a
  transitive dependency compiles, but breaks the layering unseen), and every module of this
  package it declares is imported by one of its files.
- layers: the targets whose floor ARCHITECTURE.md states (LAYERS) declare no other module of this
  package in Package.swift: LabelMeasure measures, LabelPresentation shows (neither knows the
  language or the IDE).
- markup: no string in LabelMeasure holds markup (SVG or XML elements, entities, data URIs): the
  writers of pictures, XML and Markdown live in LabelPresentation, LabelMeasure gives plain data.
- devices: no string literal in Sources outside Sources/LabelVocabulary spells a String Catalog
  device (`"iphone"`, `"ipad"`, ...; `\"ipad\"` inside a longer literal too): they are
  `CatalogDevice`'s cases, typed once. Comments do not count; `other` is left out (it is a plural
  category as well).
- plan: a `MeasuringPlan` is made in Sources by `Namespace.plan` alone (PLAN_MAKER): front ends lay
  their choices over a namespace's plan (`at`, `on`, `inLocales`, ...), never make one of their own
  from the configuration's fields.
- uri-keys: in the server (Sources/LanguageServer) every map keyed by `String` is one of STRING_KEYED,
  which says what it is keyed by: what the server keeps for a document by its URI lives in
  `DocumentIndex` alone, beside the pending pushes (`PushScheduler`) (ARCHITECTURE.md,
  Invariants); a new map keyed by text must say what its keys are before it passes.
- length: no Swift file of Sources is longer than MAX_LINES (500) lines: a file that grows past it is
  split by what it holds.
- format: `swift format lint --strict` with the repository's `.swift-format` finds nothing in the
  Swift files of Sources, Tests (not the input code of Tests/Fixtures), Benchmarks, Plugins and
  Package.swift (`swift format format -i
  -r` fixes what it finds; the toolchain ships the tool).

Usage: python3 Tests/tidy/tidy.py [--root DIR] [--self-test]. Exit 1 with one line per
violation.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Outside names ARCHITECTURE.md may mention: Foundation's, the standard library's, swift-syntax's,
# and placeholders of paths (`NAME.lproj`).
EXTERNAL = {"Dictionary", "ManagedBuffer", "NSString", "URL", "XMLParser", "RawSyntax", "LOCALE", "NAME", "FileHandle", "Data",
            "String", "Array", "Set", "Int", "Double", "Bool", "Process", "DispatchQueue", "Sendable", "JSONDecoder"}
# The files that may create, rename or link files.
WRITERS = {"Sources/LabelSpecCLI/OutputFile.swift", "Sources/LabelSpecCLI/ReportFolder.swift"}
WRITE_CALL = re.compile(
    r"O_CREAT|FileManager\.default\.createFile\(|\.createFile\(atPath|\.write\(to:|\bmkdtemp\(|\bmkdir\(|\.createDirectory\(|"
    r"(?<!func )(?<![.\w])rename\(|\brenameat\(|(?<!func )(?<![.\w])symlink\(|(?<!func )(?<![.\w])link\(")
NSSTRING_PATH = re.compile(r"as NSString\)?\s*\.\s*(?:deletingLastPathComponent|lastPathComponent|appendingPathComponent|pathExtension|"
                           r"deletingPathExtension|pathComponents|standardizingPath|expandingTildeInPath)|NSString\(string:")
# Each listed target's allowed dependencies of this package (targets and system libraries).
LAYERS = {
    "LabelMeasure": {"LabelSpecSupport", "LabelVocabulary", "CHarfBuzz", "CFontconfig", "CLineBreak"},
    "LabelPresentation": {"LabelMeasure", "LabelVocabulary", "LabelSpecSupport", "CLineBreak"},
}
MARKUP = re.compile(r'"[^"\n]*(?:<(?:svg|path|use|rect|g|title|defs|image|pattern)\b|xlink:|&(?:amp|lt|gt|quot|#\d+);|data:image)')
# `CatalogDevice`'s names but `other`, as a whole literal or quoted inside one.
DEVICES = "iphone|ipad|ipod|mac|applewatch|appletv|applevision"
DEVICE_LITERAL = re.compile(rf'(?<![\w\\])"({DEVICES})"|\\"({DEVICES})\\"')
# The one file that makes a measuring plan from the configuration and the tables.
PLAN_MAKER = "Sources/LabelSpecIDE/Project/Project.swift"
PLAN_MADE = re.compile(r"\bMeasuringPlan\s*(?:\.init\s*)?\(")
IMPORT = re.compile(r"^\s*(?:@[\w()\s]+\s+)?import\s+(?:(?:struct|class|enum|func|var|protocol)\s+)?(\w+)", re.M)


def swift_files(root, top):
    for base, dirs, files in os.walk(os.path.join(root, top)):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".swift"):
                yield os.path.join(base, f)


def strip_comments(text):
    """Swift source without its comments (line and block), string contents kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def rel(root, path):
    return os.path.relpath(path, root).replace(os.sep, "/")


def check_names(root):
    pages = [os.path.join(root, "ARCHITECTURE.md")]
    sources = os.path.join(root, "Sources")
    for module in sorted(os.listdir(sources)) if os.path.isdir(sources) else []:
        page = os.path.join(sources, module, f"{module}.docc", f"{module}.md")
        if os.path.exists(page):
            pages.append(page)
    found = {}
    for page in pages:
        for n in re.findall(r"`([A-Z][A-Za-z0-9]+)(?:[.(<][^`]*)?`", open(page, encoding="utf-8").read()):
            found.setdefault(n, rel(root, page))
    names = set(found)
    known = set(EXTERNAL)
    for top in ("Sources", "Tests", "Benchmarks", "Plugins"):
        path = os.path.join(root, top)
        if not os.path.isdir(path):
            continue
        for base, dirs, files in os.walk(path):
            known.update(dirs)
            known.update(os.path.splitext(f)[0] for f in files)
    for f in swift_files(root, "Sources"):
        known.update(re.findall(r"\b(?:class|struct|enum|protocol|actor|typealias|extension)\s+([A-Z]\w*)",
                                strip_comments(open(f, encoding="utf-8").read())))
    return [f"{found[n]}: `{n}` names no type, module or file of this repository" for n in sorted(names - known)]


def check_writers(root):
    out = []
    for f in swift_files(root, "Sources"):
        r = rel(root, f)
        if r in WRITERS:
            continue
        for n, line in enumerate(strip_comments(open(f, encoding="utf-8").read()).split("\n"), 1):
            m = WRITE_CALL.search(line)
            if m:
                out.append(f"{r}:{n}: '{m.group(0)}' writes a file outside {', '.join(sorted(WRITERS))} (ARCHITECTURE.md, Invariants)")
    return out


def check_paths(root):
    out = []
    for top in ("Sources",):
        for f in swift_files(root, top):
            for n, line in enumerate(strip_comments(open(f, encoding="utf-8").read()).split("\n"), 1):
                if NSSTRING_PATH.search(line):
                    out.append(f"{rel(root, f)}:{n}: a path through NSString's path methods (they trap on a one-character path); use PathText")
    return out


def check_devices(root):
    out = []
    for f in swift_files(root, "Sources"):
        r = rel(root, f)
        if r.startswith("Sources/LabelVocabulary/"):
            continue
        for n, line in enumerate(strip_comments(open(f, encoding="utf-8").read()).split("\n"), 1):
            m = DEVICE_LITERAL.search(line)
            if m:
                out.append(f"{r}:{n}: the device '{m.group(1) or m.group(2)}' spelled as a string; use CatalogDevice (LabelVocabulary)")
    return out


def check_plan(root):
    out = []
    for f in swift_files(root, "Sources"):
        r = rel(root, f)
        if r == PLAN_MAKER:
            continue
        for n, line in enumerate(strip_comments(open(f, encoding="utf-8").read()).split("\n"), 1):
            if PLAN_MADE.search(line):
                out.append(f"{r}:{n}: a MeasuringPlan made outside Namespace.plan ({PLAN_MAKER}); lay choices over the namespace's plan")
    return out


def call_bodies(text, opener):
    """The text inside the parentheses of each call starting with `opener` (`.target(`)."""
    for m in re.finditer(re.escape(opener), text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield text[m.end():i - 1]


def targets(root):
    """{name: (path, [declared dependencies that are targets of this package])}."""
    pkg = strip_comments(open(os.path.join(root, "Package.swift"), encoding="utf-8").read())
    found = {}
    for kind, default in ((".target(", "Sources"), (".executableTarget(", "Sources"), (".testTarget(", "Tests")):
        for body in call_bodies(pkg, kind):
            name = re.match(r'\s*name:\s*"([^"]+)"', body)
            if not name:
                continue
            deps = []
            d = re.search(r"dependencies:\s*\[", body)
            if d:
                depth, i = 1, d.end()
                while i < len(body) and depth:
                    depth += {"[": 1, "]": -1}.get(body[i], 0)
                    i += 1
                deps = re.findall(r'(?<![:\w])"([^"]+)"', re.sub(r"\.product\([^)]*\)", "", body[d.end():i - 1]))
            path = re.search(r'path:\s*"([^"]+)"', body)
            found[name.group(1)] = (path.group(1) if path else f"{default}/{name.group(1)}", deps)
    system = set(re.findall(r'\.systemLibrary\(\s*name:\s*"([^"]+)"', pkg))
    return found, system


def check_imports(root):
    found, system = targets(root)
    modules = set(found) | system
    out = []
    for name, (path, deps) in sorted(found.items()):
        if not os.path.isdir(os.path.join(root, path)):
            continue
        imported = set()
        for f in swift_files(root, path):
            for m in IMPORT.finditer(strip_comments(open(f, encoding="utf-8").read())):
                module = m.group(1)
                if module in modules and module != name:
                    imported.add(module)
                    if module not in deps:
                        out.append(f"{rel(root, f)}: imports {module}, which Package.swift does not declare for {name}")
        has_swift = any(True for _ in swift_files(root, path))
        for d in deps:
            # An executable's only dependency, a system library a C target links, and a test's
            # binary (`labelspec`, run as a process) need no import.
            if has_swift and d in modules and d not in imported and d != "labelspec" and d in found:
                out.append(f"Package.swift: {name} declares {d} but no file of it imports it")
    return out


def check_layers(root):
    found, system = targets(root)
    out = []
    for name, allowed in sorted(LAYERS.items()):
        deps = found.get(name, ("", []))[1]
        for d in deps:
            if d in (set(found) | system) and d not in allowed:
                out.append(f"Package.swift: {name} declares {d}; its floor is {', '.join(sorted(allowed))} (ARCHITECTURE.md, Invariants)")
    return out


def check_markup(root):
    out = []
    for f in swift_files(root, "Sources/LabelMeasure"):
        for n, line in enumerate(strip_comments(open(f, encoding="utf-8").read()).split("\n"), 1):
            m = MARKUP.search(line)
            if m:
                out.append(f"{rel(root, f)}:{n}: markup in LabelMeasure ('{m.group(0)}'); writers live in LabelPresentation")
    return out


# Every map keyed by `String` the server declares, by file and name, with what its keys are. Only
# DocumentIndex and PushScheduler key by an open document's URI.
STRING_KEYED = {
    ("DocumentIndex.swift", "entries"): "a document's URI: the one index of what the server keeps per document",
    ("PushScheduler.swift", "asked"): "a document's URI: its pending push",
    ("LanguageServer.swift", "problemReports"): "the URI of a labelspec.json or string table with problems (not an open document)",
    ("Publishing.swift", "previous"): "a workspace pull's previousResultIds, as the request gave them",
    ("RequestTable.swift", "previous"): "a workspace pull's previousResultIds, as the request gave them",
    ("RequestTable.swift", "byMethod"): "an LSP method name",
    ("FilePolling.swift", "out"): "a file's path (the disk's stamps, for polling)",
    ("SwiftSites.swift", "out"): "a Swift file's path (its sites read again, for navigation)",
    ("ProjectIndex.swift", "said"): "a log message (how often it was said)",
}
STRING_MAP = re.compile(r"\b(?:var|let)\s+(\w+)\s*:\s*\[\s*String\s*:")


def check_uri_keys(root):
    out = []
    for f in swift_files(root, "Sources/LanguageServer"):
        for n, line in enumerate(strip_comments(open(f, encoding="utf-8").read()).split("\n"), 1):
            for m in STRING_MAP.finditer(line):
                if (os.path.basename(f), m.group(1)) not in STRING_KEYED:
                    out.append(f"{rel(root, f)}:{n}: '{m.group(1)}' is a map keyed by String the tidy suite does not know: what the server "
                               "keeps per document lives in DocumentIndex (ARCHITECTURE.md, Invariants); if its keys are not URIs, "
                               "say what they are in STRING_KEYED")
    return out


MAX_LINES = 500


def check_length(root):
    out = []
    for f in swift_files(root, "Sources"):
        n = open(f, encoding="utf-8").read().count("\n")
        if n > MAX_LINES:
            out.append(f"{rel(root, f)}: {n} lines, past {MAX_LINES}: split it by what it holds")
    return out


FORMATTED = ("Sources", "Tests", "Benchmarks", "Plugins", "Package.swift")
LINT_LINE = re.compile(r"^(.*?):(\d+):(\d+): (?:warning|error): (.*)$")


def check_format(root):
    # Tests/Fixtures holds code shaped like other projects' (SwiftGen's two-space output, a file
    # with a syntax error on purpose): it is input, not ours to format.
    paths = []
    for p in FORMATTED:
        full = os.path.join(root, p)
        if os.path.isdir(full):
            paths += [f for f in swift_files(root, p) if not rel(root, f).startswith("Tests/Fixtures/")]
        elif os.path.exists(full):
            paths.append(full)
    command = ["swift", "format", "lint", "--strict", "--recursive", "--configuration", os.path.join(root, ".swift-format")] + paths
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        return [f"format: cannot run '{' '.join(command[:4])}': {e}"]
    out = []
    for line in (done.stdout + done.stderr).splitlines():
        m = LINT_LINE.match(line)
        if m:
            out.append(f"{rel(root, m.group(1))}:{m.group(2)}:{m.group(3)}: {m.group(4)} (swift format format -i fixes it)")
    if done.returncode != 0 and not out:
        out.append(f"format: '{' '.join(command[:4])}' ended with status {done.returncode}: {(done.stderr or done.stdout).strip()[:400]}")
    return out


RULES = {"names": check_names, "writers": check_writers, "paths": check_paths, "imports": check_imports, "layers": check_layers,
         "markup": check_markup, "devices": check_devices, "plan": check_plan, "uri-keys": check_uri_keys, "length": check_length,
         "format": check_format}


def run(root):
    problems = []
    for rule in RULES.values():
        problems += rule(root)
    return problems


def self_test(root):
    """Each rule on a copy of the tree with one violation seeded: it must say so."""
    seeds = {
        "names": ("ARCHITECTURE.md", "\nA seeded `NoSuchTypeAnywhere` for the tidy self-test.\n"),
        "writers": ("Sources/LabelSpecSupport/Base64.swift", '\nfunc seeded() { _ = FileManager.default.createFile(atPath: "x", contents: nil) }\n'),
        "paths": ("Sources/LabelSpecSupport/Base64.swift", '\nfunc seeded(_ p: String) -> String { (p as NSString).deletingLastPathComponent }\n'),
        "imports": ("Sources/LabelSpecSyntax/Lexer.swift", "\nimport LabelMeasure\n"),
        "layers": ("Package.swift", '\nlet seeded: [Target] = [.target(name: "LabelPresentation", dependencies: ["LabelSpecIDE"])]\n'),
        "markup": ("Sources/LabelMeasure/ByteKey.swift", '\nlet seeded = "<svg width=\\"1\\"/>"\n'),
        "devices": ("Sources/LabelSpecSupport/Base64.swift", '\nlet seededDevice = "ipad"  // a comment naming "iphone" is fine\n'),
        "plan": ("Sources/LabelSpecCLI/LocaleOptions.swift", "\nlet seededPlan = MeasuringPlan(Configuration())\n"),
        "uri-keys": ("Sources/LanguageServer/Caches.swift", "\nfinal class SeededCache { var hoverByURI: [String: Int] = [:] }\n"),
        "length": ("Sources/LabelSpecSupport/Base64.swift", "\n" + "// seeded\n" * 500),
        "format": ("Sources/LabelSpecSupport/Base64.swift", "\nlet seededLongLine = \"" + "x" * 140 + "\"\n"),
    }
    failures = []
    for rule, (path, text) in seeds.items():
        tmp = tempfile.mkdtemp(prefix="tidy-self-test-")
        try:
            for top in ("ARCHITECTURE.md", "Package.swift", ".swift-format", "Sources", "Tests", "Benchmarks", "Plugins"):
                src = os.path.join(root, top)
                if os.path.isdir(src):
                    shutil.copytree(src, os.path.join(tmp, top), ignore=shutil.ignore_patterns("Fixtures", "*.py", "*.el", "*.lua"))
                elif os.path.exists(src):
                    shutil.copy(src, os.path.join(tmp, top))
            if RULES[rule](tmp):
                failures.append(f"self-test: rule '{rule}' already fails on the tree itself")
                continue
            with open(os.path.join(tmp, path), "a", encoding="utf-8") as f:
                f.write(text)
            if not RULES[rule](tmp):
                failures.append(f"self-test: rule '{rule}' did not catch its seeded violation in {path}")
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return failures


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--root", default=os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
    p.add_argument("--self-test", action="store_true")
    args = p.parse_args()
    problems = self_test(args.root) if args.self_test else run(args.root)
    for line in problems:
        print(line)
    what = f"{len(RULES)} rules" + (", each on a seeded violation" if args.self_test else "")
    print(f"tidy: {what}; {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
