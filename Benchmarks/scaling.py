#!/usr/bin/env python3
"""Scaling check (issue 10, "Scaling"): every input shape must cost about linear time and memory.

    python3 Benchmarks/scaling.py [--bin .build/release/labelspec] [--out DIR] [--shape NAME ...]
                                  [--runs N] [--limit 5]

Generates each shape at two sizes, the issue's size and a quarter of it (or four times it),
runs `labelspec check` on each in a fresh child process, and measures wall time, peak RSS
(`resource.getrusage(RUSAGE_CHILDREN)` of a fresh child per run), CPU time (user + system)
and the bytes written to stdout; with --runs N (default 3) the smallest of each counts. Prints
one JSON line per shape and size, then one line per shape with the ratios of the larger size to
the smaller (wall time, CPU time, memory, output). Exits 1 when the CPU time or memory ratio
exceeds --limit (default 5: 4x the input may cost at most about 5x), so it can serve as a check;
CPU time, because other processes on a shared machine stretch wall time far more.

Shapes:
  charwrap     one label whose text is one unbreakable word, .byCharWrapping, numberOfLines 0,
               width 80 (6,000 / 24,000 characters)
  wordwrap     the same word with the default word wrapping (falls back to characters)
  chain        style S0: S1 {...} style S1: S2 {...} ... and a label on S0 (2,500 / 10,000 styles)
  cycle        a cycle through N styles (1,250 / 5,000; and 8,000 for the output size)
  duplicates   N labels named Dup (2,500 / 10,000)
  files        N small files in one folder, each a style and a label (2,500 / 10,000)
  unknown      N styles and N labels inheriting from one of 3 undeclared names (2,500 / 10,000)
  unknowndistinct  the same, each label with an undeclared name of its own
  catalogline  a minified (one-line) String Catalog of N keys, each a format mismatch (5,000 / 20,000)
  severity     a labelspec.json whose "severity" has N unknown codes, on one line (10,000 / 40,000)
  legacystrings  en.lproj and de.lproj Localizable.strings of N keys each, every one a format
               mismatch (10,000 / 40,000)
  stringsyntax a Localizable.strings of N entries with escapes (tab, U+00E9, octal, quote) and comments,
               the last without its ';' (one invalid-catalog error at the end: the file is scanned
               whole, then not read) (100,000 / 400,000)
  formatdiff   `labelspec format --diff` on N lines of 2-space-indented labels, every item reformatted
               (16,000 / 64,000 lines)
  ibline       `labelspec check` on a storyboard written on one line: the example storyboard's three
               labels repeated N times, newlines removed (300 / 1,200 blocks)
  ibsamename   `labelspec check` on a storyboard of N labels all with text "Hi" (5,000 / 20,000)
  fixdup       `labelspec check --fix` on one label with N `width:` lines (N-1 duplicates, each a safe
               fix), the file written afresh before each run (20,000 / 80,000)
  ignorewords  one `// labelspec:ignore` comment of N words that are no code, on a style's header
               line (each an invalid-ignore, each checked against the comment) (4,000 / 16,000)
  ignorecodes  one `// labelspec:ignore` comment naming `truncates` N times over a style of N
               `width:` lines (N-1 duplicate-property findings, each checked against it)
               (4,000 / 16,000)
  similarnames N styles S000000.., N labels each inheriting from an undeclared T000000.. of the same
               length (each one an unknown-style with a "did you mean") (2,500 / 10,000)
  longnames    the same with names of 207 characters, one character off (1,000 / 4,000)
  catalogentry one String Catalog entry whose en text is N positional specifiers %1$@ ... and whose
               de text reads each as %N$lld (N format mismatches in one entry) (2,500 / 10,000)
  flags        one label whose text is N flags (regional-indicator pairs, no space), width 80,
               numberOfLines 0 (2,000 / 8,000)
  deepfolders  a labelspec.json, then N nested folders each holding a .labelspec file (300 / 600: the
               files' paths, N²/2 components in all, are 4x as long)
  ibkeyed      a storyboard label with N distinct keyed children (<color key="kI" .../>) (5,000 / 20,000)
  fontmodifiers  N labels with font modifier chains (`.body.bold().italic()`, a custom family's face),
               checked with `--bold-text both` (2,500 / 10,000)
  swifttraits  a Swift file: one UIKit label whose font is a chain of N `withTraits(.traitBold)` and N
               labels with a `UIFont(descriptor: ….withSymbolicTraits(.traitBold)!, size: 0)` font
               each (1,000 / 4,000)
  batchedit    the server (`labelspec lsp`, not `check`): a document of N labels, then one
               didChange with N changes, one a label, bottom-up as VS Code sends a replace-all
               (10,000 / 40,000); timed from spawn to exit, the didChange to the documentSymbol
               reply that follows it printed too (`edit_seconds`)
  batchblock   the server: one label of N `width: 1` lines, one didChange changing each value
               (1,000 / 4,000)
  batchchain   the server: a chain of N styles, one didChange changing each style's value
               (2,500 / 10,000)
  batchline    the server: N labels on one line (a minified file), one didChange renaming each
               (2,500 / 10,000)
  selectionblock  the server: one label of N `width: 1` lines, one textDocument/selectionRange with
               a position on each value (2,500 / 10,000; a multi-cursor expand selection)

Stdlib only. The child's time includes process start (~10 ms).
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

SHAPES = {}
LSP_SHAPES = {"batchedit", "batchblock", "batchchain", "batchline", "selectionblock"}  # run through `labelspec lsp` (lsp_session), not `check`
ARGS = {}  # shape -> fn(folder) -> the arguments after the binary (default: check FOLDER)
FRESH = set()  # shapes whose run changes its input: generated afresh before each run


def shape(name, sizes, args=None, fresh=False):
    def register(fn):
        SHAPES[name] = (sizes, fn)
        if args:
            ARGS[name] = args
        if fresh:
            FRESH.add(name)
        return fn
    return register


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def word(n):
    letters = "abcdefghijklmnopqrstuvwxyz"
    return "".join(letters[(i * 7) % 26] for i in range(n))


@shape("charwrap", [6000, 24000])
def gen_charwrap(folder, n):
    write(os.path.join(folder, "x.labelspec"),
          'label Long {\n    text: "%s"\n    width: 80\n    numberOfLines: 0\n'
          '    lineBreakMode: .byCharWrapping\n}\n' % word(n))


@shape("wordwrap", [6000, 24000])
def gen_wordwrap(folder, n):
    write(os.path.join(folder, "x.labelspec"),
          'label Long {\n    text: "%s"\n    width: 80\n    numberOfLines: 0\n}\n' % word(n))


@shape("chain", [2500, 10000])
def gen_chain(folder, n):
    parts = ["label Top: S0 {\n    text: \"Top\"\n}\n"]
    for i in range(n):
        parent = ": S%d" % (i + 1) if i + 1 < n else ""
        member = "font: .body" if i % 2 else "textColor: .label"
        parts.append("style S%d%s {\n    %s\n}\n" % (i, parent, member))
    write(os.path.join(folder, "x.labelspec"), "".join(parts))


@shape("cycle", [1250, 5000, 8000])
def gen_cycle(folder, n):
    parts = []
    for i in range(n):
        parts.append("style S%d: S%d {\n    font: .body\n}\n" % (i, (i + 1) % n))
    parts.append("label Top: S0 {\n    text: \"Top\"\n}\n")
    write(os.path.join(folder, "x.labelspec"), "".join(parts))


@shape("duplicates", [2500, 10000])
def gen_duplicates(folder, n):
    write(os.path.join(folder, "x.labelspec"),
          "".join('label Dup {\n    text: "Dup %d"\n}\n' % i for i in range(n)))


@shape("files", [2500, 10000])
def gen_files(folder, n):
    for i in range(n):
        write(os.path.join(folder, "f%05d.labelspec" % i),
              'style S%d {\n    font: .body\n}\nlabel L%d: S%d {\n    text: "Label %d"\n    width: 200\n}\n'
              % (i, i, i, i))


@shape("unknown", [2500, 10000])
def gen_unknown(folder, n):
    write(os.path.join(folder, "x.labelspec"),
          "".join("style S%d { font: .body }\n" % i for i in range(n))
          + "".join('label L%d: Missing%d { text: "x" }\n' % (i, i % 3) for i in range(n)))


@shape("unknowndistinct", [2500, 10000])
def gen_unknown_distinct(folder, n):
    write(os.path.join(folder, "x.labelspec"),
          "".join("style S%d { font: .body }\n" % i for i in range(n))
          + "".join('label L%d: Missing%d { text: "x" }\n' % (i, i) for i in range(n)))


@shape("formatdiff", [16000, 64000], args=lambda folder: ["format", "--diff", os.path.join(folder, "x.labelspec")])
def gen_formatdiff(folder, n):
    write(os.path.join(folder, "x.labelspec"),
          "".join('label L%d {\n  text: "x"\n  width: %d\n}\n' % (i, i % 7) for i in range(n // 4)))


def example_labels():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "Examples", "InterfaceBuilder", "Base.lproj", "Main.storyboard"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("<label ")
    end = text.rindex("</label>") + len("</label>")
    return text, start, end


@shape("ibline", [300, 1200], args=lambda folder: ["check", os.path.join(folder, "x.storyboard")])
def gen_ibline(folder, n):
    text, start, end = example_labels()
    write(os.path.join(folder, "x.storyboard"), (text[:start] + text[start:end] * n + text[end:]).replace("\n", ""))


@shape("ibsamename", [5000, 20000], args=lambda folder: ["check", os.path.join(folder, "x.storyboard")])
def gen_ibsamename(folder, n):
    text, start, end = example_labels()
    label = '<label opaque="NO" text="Hi" id="h%d"/>\n'
    write(os.path.join(folder, "x.storyboard"), text[:start] + "".join(label % i for i in range(n)) + text[end:])


@shape("fixdup", [20000, 80000], args=lambda folder: ["check", "--fix", os.path.join(folder, "x.labelspec")], fresh=True)
def gen_fixdup(folder, n):
    write(os.path.join(folder, "x.labelspec"),
          'label A {\n    text: "a"\n' + "".join("    width: %d\n" % (i % 300 + 1) for i in range(n - 3)) + "}\n")


@shape("catalogline", [5000, 20000])
def gen_catalogline(folder, n):
    entries = ",".join(
        '"k%d":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%%d items"}},'
        '"de":{"stringUnit":{"state":"translated","value":"%%@ Dinge"}}}}' % i for i in range(n))
    write(os.path.join(folder, "Localizable.xcstrings"), '{"sourceLanguage":"en","version":"1.0","strings":{%s}}' % entries)
    write(os.path.join(folder, "labelspec.json"), "{}")
    write(os.path.join(folder, "x.labelspec"), 'label A { text: .localized("k1") }\n')


@shape("severity", [10000, 40000])
def gen_severity(folder, n):
    write(os.path.join(folder, "labelspec.json"),
          '{"severity": {%s}}' % ", ".join('"bogus%d": "warning"' % i for i in range(n)))
    write(os.path.join(folder, "x.labelspec"), 'label A { text: "x" }\n')


@shape("legacystrings", [10000, 40000])
def gen_legacystrings(folder, n):
    for locale, value in (("en", "%d items"), ("de", "%@ Dinge")):
        os.makedirs(os.path.join(folder, locale + ".lproj"), exist_ok=True)
        write(os.path.join(folder, locale + ".lproj", "Localizable.strings"),
              "".join('"key.%d" = "%s";\n' % (i, value) for i in range(n)))
    write(os.path.join(folder, "labelspec.json"), "{}")
    write(os.path.join(folder, "x.labelspec"), 'label A { text: .localized("key.1") }\n')


@shape("stringsyntax", [100000, 400000])
def gen_stringsyntax(folder, n):
    lines = ['"k.%d" = "a\\t\\U00e9\\101 \\"%d\\""; /* c */\n' % (i, i) for i in range(n)]
    lines[-1] = lines[-1].replace('"; /* c */', '" /* c */')
    write(os.path.join(folder, "Localizable.strings"), "".join(lines))
    write(os.path.join(folder, "x.labelspec"), 'label A { text: .localized("k.1") }\n')


@shape("ignorewords", [4000, 16000])
def gen_ignorewords(folder, n):
    words = " ".join("w%d" % i for i in range(n))
    write(os.path.join(folder, "x.labelspec"), "style S { // labelspec:ignore %s\n  width: 1\n}\n" % words)


@shape("ignorecodes", [4000, 16000])
def gen_ignorecodes(folder, n):
    codes = ", ".join(["truncates"] * n)
    write(os.path.join(folder, "x.labelspec"), "style S { // labelspec:ignore %s\n" % codes + "  width: 10\n" * n + "}\n")


@shape("similarnames", [2500, 10000])
def gen_similarnames(folder, n):
    write(os.path.join(folder, "x.labelspec"), "".join("style S%06d { width: 1 }\n" % i for i in range(n))
          + "".join('label L%d: T%06d { text: "x" }\n' % (i, i) for i in range(n)))


@shape("longnames", [1000, 4000])
def gen_longnames(folder, n):
    long = "S" * 200
    write(os.path.join(folder, "x.labelspec"), "".join("style %s%06d { width: 1 }\n" % (long, i) for i in range(n))
          + "".join('label L%d: %sX%05d { text: "x" }\n' % (i, long, i) for i in range(n)))


@shape("catalogentry", [2500, 10000])
def gen_catalogentry(folder, n):
    def unit(v):
        return {"stringUnit": {"state": "translated", "value": v}}
    write(os.path.join(folder, "Localizable.xcstrings"), json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": {
        "k": {"localizations": {"en": unit(" ".join("%%%d$@" % (i + 1) for i in range(n))),
                                "de": unit(" ".join("%%%d$lld" % (i + 1) for i in range(n)))}}}}, indent=1))
    write(os.path.join(folder, "labelspec.json"), "{}")
    write(os.path.join(folder, "x.labelspec"), 'label A { text: "x" }\n')


@shape("flags", [2000, 8000])
def gen_flags(folder, n):
    write(os.path.join(folder, "x.labelspec"), 'label L {\n    text: "%s"\n    width: 80\n    numberOfLines: 0\n}\n'
          % ("\U0001F1E9\U0001F1EA" * n))


@shape("deepfolders", [300, 600])
def gen_deepfolders(folder, n):
    write(os.path.join(folder, "labelspec.json"), "{}")
    path = folder
    for i in range(n):
        path = os.path.join(path, "d")
        write(os.path.join(path, "a.labelspec"), 'label L%d { text: "x" }\n' % i)


@shape("ibkeyed", [5000, 20000])
def gen_ibkeyed(folder, n):
    children = "".join('<color key="k%d" white="1" alpha="1"/>' % i for i in range(n))
    write(os.path.join(folder, "Main.storyboard"),
          '<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">'
          '<scenes><scene sceneID="s"><objects><viewController id="vc"><view key="view" id="v"><subviews>'
          '<label text="Hello" id="l1"><rect key="frame" x="0" y="0" width="100" height="21"/>' + children +
          '</label></subviews></view></viewController></objects></scene></scenes></document>\n')


@shape("fontmodifiers", [2500, 10000], args=lambda folder: ["check", "--bold-text", "both", folder])
def gen_fontmodifiers(folder, n):
    # N labels with a modifier chain each, measured with and without Bold Text.
    fonts = [".body.bold().italic()", ".title2.weight(.light).monospacedDigit()",
             '.custom("Inter", size: 15, relativeTo: .subheadline).bold().italic()', ".system(size: 17).bold()"]
    write(os.path.join(folder, "x.labelspec"), "".join(
        'label L%d {\n    text: "%s"\n    font: %s\n    width: 120\n}\n' % (i, word(12 + i % 20), fonts[i % 4])
        for i in range(n)))


@shape("swifttraits", [1000, 4000])
def gen_swifttraits(folder, n):
    # One UIKit label whose font is a chain of N `withTraits(.traitBold)` (read as code past 16:
    # the chain is never walked), beside N labels with a descriptor font each.
    chain = ".preferredFont(forTextStyle: .body)" + ".withTraits(.traitBold)" * n
    labels = "".join(
        '        let l%d = UILabel()\n        l%d.text = "%s"\n        l%d.numberOfLines = 1\n'
        '        l%d.font = UIFont(descriptor: UIFont.preferredFont(forTextStyle: .body).fontDescriptor'
        '.withSymbolicTraits(.traitBold)!, size: 0)\n' % (i, i, word(10 + i % 30), i, i) for i in range(n))
    write(os.path.join(folder, "A.swift"),
          "import UIKit\nfinal class V: UIView {\n    func setUp() {\n        let c = UILabel()\n"
          '        c.text = "Chained"\n        c.numberOfLines = 1\n        c.font = %s\n%s    }\n}\n' % (chain, labels))


def write_batch(folder, text, changes, first_symbol):
    """An LSP shape's files: the document, the didChange's changes (bottom-up, as VS Code sends
    them) and the name the first symbol must have after them."""
    write(os.path.join(folder, "x.labelspec"), text)
    write(os.path.join(folder, "changes.json"), json.dumps({"changes": changes, "first_symbol": first_symbol}))


def change_at(line, character, end, text):
    return {"range": {"start": {"line": line, "character": character}, "end": {"line": line, "character": end}}, "text": text}


@shape("batchedit", [10000, 40000])
def gen_batchedit(folder, n):
    write_batch(folder, "".join('label L%d { text: "x"; width: 80 }\n' % i for i in range(n)),
                [change_at(i, 6, 6, "X") for i in reversed(range(n))], "XL0")


@shape("batchblock", [1000, 4000])
def gen_batchblock(folder, n):
    write_batch(folder, 'label A {\n    text: "x"\n' + "".join("    width: 1\n" for _ in range(n)) + "}\n",
                [change_at(i + 2, 11, 12, "2") for i in reversed(range(n))], "A")


@shape("batchchain", [2500, 10000])
def gen_batchchain(folder, n):
    text = "".join("style S%d: S%d { width: 1 }\n" % (i, i + 1) for i in range(n)) + "style S%d { width: 1 }\n" % n
    changes = [change_at(i, len("style S%d: S%d { width: " % (i, i + 1)), len("style S%d: S%d { width: 1" % (i, i + 1)), "2")
               for i in reversed(range(n))]
    write_batch(folder, text + 'label L: S0 { text: "x" }\n', changes, "S0")


@shape("batchline", [2500, 10000])
def gen_batchline(folder, n):
    # N labels on one line (a minified file): positions on it counted from checkpoints.
    items = ['label L%d { text: "x"; width: 80 }' % i for i in range(n)]
    starts, at = [], 0
    for item in items:
        starts.append(at + 6)
        at += len(item) + 1
    write_batch(folder, " ".join(items) + "\n", [change_at(0, c, c, "X") for c in reversed(starts)], "XL0")


@shape("selectionblock", [2500, 10000])
def gen_selectionblock(folder, n):
    write(os.path.join(folder, "x.labelspec"), 'label A {\n    text: "x"\n' + "".join("    width: 1\n" for _ in range(n)) + "}\n")
    positions = [{"line": i + 2, "character": 11} for i in range(n)]
    write(os.path.join(folder, "changes.json"), json.dumps({
        "request": {"method": "textDocument/selectionRange", "params": {"positions": positions}}, "results": n}))


def lsp_session(binary, folder):
    """An LSP shape's client (in the measuring child): opens the folder's document in `labelspec
    lsp`, sends one didChange with the shape's changes, asks for the document's symbols and exits
    (or, where changes.json has a "request", sends that request on the document instead and checks
    its result's length). Returns the bytes of the reply and the seconds from the didChange (the
    request) to it."""
    path = os.path.abspath(os.path.join(folder, "x.labelspec"))
    uri = "file://" + path
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(os.path.join(folder, "changes.json"), encoding="utf-8") as f:
        batch = json.load(f)
    proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(msg):
        body = json.dumps(msg).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.flush()

    def reply(rid):
        while True:
            length = 0
            while True:
                line = proc.stdout.readline()
                if not line:
                    raise RuntimeError("the server closed its output")
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            body = proc.stdout.read(length)
            if b'"id":%d,' % rid in body[:40] or b'"id":%d}' % rid in body[:40]:
                return body

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": None, "rootUri": None, "capabilities": {"textDocument": {"diagnostic": {}}}}})
    reply(1)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "labelspec", "version": 1, "text": text}}})
    start = time.perf_counter()
    if "request" in batch:
        params = dict(batch["request"]["params"], textDocument={"uri": uri})
        send({"jsonrpc": "2.0", "id": 2, "method": batch["request"]["method"], "params": params})
        body = reply(2)
        edit = time.perf_counter() - start
        result = json.loads(body).get("result")
        if not isinstance(result, list) or len(result) != batch["results"]:
            raise RuntimeError("the reply is wrong: %r" % body[:200])
    else:
        send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2}, "contentChanges": batch["changes"]}})
        send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}})
        body = reply(2)
        edit = time.perf_counter() - start
        if json.loads(body)["result"][0]["name"] != batch["first_symbol"]:
            raise RuntimeError("the edited document's symbols are wrong: %r" % body[:200])
    send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    reply(3)
    send({"jsonrpc": "2.0", "method": "exit"})
    proc.stdin.close()
    proc.wait()
    return len(body), edit


def run_once(binary, folder, lsp=False, args=None):
    """Wall time, peak RSS (bytes), stdout size, exit status and CPU time (user + system) of one
    `labelspec check` (or `labelspec ARGS...`) in a fresh child."""
    # RUSAGE_CHILDREN's ru_maxrss is the maximum over all waited-for children: run each
    # measurement in a fresh intermediate process so that it sees this child alone.
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            start = time.perf_counter()
            edit = None
            if lsp:
                size, edit = lsp_session(binary, folder)
                code = 0
            else:
                with open(os.devnull, "wb") as devnull:
                    proc = subprocess.Popen([binary] + (args or ["check", folder]), stdout=subprocess.PIPE, stderr=devnull)
                    size = 0
                    while True:
                        chunk = proc.stdout.read(1 << 20)
                        if not chunk:
                            break
                        size += len(chunk)
                    code = proc.wait()
            elapsed = time.perf_counter() - start
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = usage.ru_utime + usage.ru_stime
            os.write(w, json.dumps([elapsed, usage.ru_maxrss * 1024, size, code, cpu, edit]).encode())
        finally:
            os._exit(0)
    os.close(w)
    data = b""
    while True:
        chunk = os.read(r, 4096)
        if not chunk:
            break
        data += chunk
    os.close(r)
    os.waitpid(pid, 0)
    return json.loads(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=".build/release/labelspec")
    ap.add_argument("--out", default="bench-out/scaling")
    ap.add_argument("--shape", action="append", choices=sorted(SHAPES), help="only these shapes (repeatable)")
    ap.add_argument("--runs", type=int, default=3, help="runs per size; the smallest time, CPU time and RSS count")
    ap.add_argument("--limit", type=float, default=5.0, help="largest acceptable time or memory ratio")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    failed = False
    for name in args.shape or list(SHAPES):
        sizes, gen = SHAPES[name]
        results = {}
        for n in sizes:
            folder = os.path.join(args.out, "%s-%d" % (name, n))
            os.makedirs(folder, exist_ok=True)
            if name in FRESH or not os.listdir(folder):
                gen(folder, n)
            runs = []
            for run in range(args.runs):
                if name in FRESH and run > 0:
                    gen(folder, n)
                runs.append(run_once(binary, folder, lsp=name in LSP_SHAPES,
                                     args=ARGS[name](folder) if name in ARGS else None))
            t = min(r[0] for r in runs)
            rss = min(r[1] for r in runs)
            cpu = min(r[4] for r in runs)
            out = runs[0][2]
            results[n] = (t, rss, out, cpu)
            row = {"shape": name, "size": n, "seconds": round(t, 3), "cpu_seconds": round(cpu, 3),
                   "peak_rss_mb": round(rss / 1e6, 1), "output_bytes": out, "exit": runs[0][3]}
            if name in LSP_SHAPES:
                row["edit_seconds"] = round(min(r[5] for r in runs), 3)
            print(json.dumps(row), flush=True)
        small, large = sizes[0], sizes[1]
        t_ratio = results[large][0] / max(results[small][0], 1e-9)
        c_ratio = results[large][3] / max(results[small][3], 1e-9)
        m_ratio = results[large][1] / max(results[small][1], 1)
        o_ratio = results[large][2] / max(results[small][2], 1)
        # The check reads CPU time: other processes on a shared machine stretch wall time far more.
        ok = c_ratio <= args.limit and m_ratio <= args.limit
        failed |= not ok
        print(json.dumps({"shape": name, "sizes": [small, large], "time_ratio": round(t_ratio, 2),
                          "cpu_ratio": round(c_ratio, 2), "memory_ratio": round(m_ratio, 2),
                          "output_ratio": round(o_ratio, 2), "ok": ok}), flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
