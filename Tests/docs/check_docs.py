#!/usr/bin/env python3
"""Checks that the docs agree with the tool, by running what they show.

In README.md, ARCHITECTURE.md and docs/*.md:
- a fenced block whose first line is `$ labelspec ARGS` is run (the built binary, from the
  repository's root) and its output must hold the block's other lines: in order, each exactly
  (trailing spaces aside); a line `…` stands for any number of lines. A block that starts with
  `$ labelspec` and ends without `…` must match the whole output.
- a fenced block whose first line is `// PATH` (a repository file) shows that file: its other
  lines, comments aside, must appear in the file in that order.
- every relative link must name a file or folder inside the repository, and no path in a code
  span may climb out of it (`../…`).

docs/diagnostics.md is also checked against the diagnostic catalogue (`labelspec rule`): its
overview table lists every code once, in order, with the code's default severity and fix
safety; each code has a `## CODE` section whose `**Severity:**` is the code's; the section shows
the code's example (its first file, unless the file is Latin-1) in a fenced block and what
`check` reports for it in a `text` block.

Usage: python3 Tests/docs/check_docs.py [--bin .build/debug/labelspec]. Exit 1 with one line per
disagreement.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FENCE = re.compile(r"^(\s*)```")
LINK = re.compile(r"\]\(([^)\s]+)\)")
# A path in a code span that climbs out of its folder: `../x/y`.
CLIMB = re.compile(r"`(\.\./[^`\s]+)`")


def blocks(path):
    """(line number, indentation-stripped lines) of each fenced block."""
    with open(path, encoding="utf-8") as f:
        return blocks_of(f.read())


def matches(expected, actual):
    """Whether `actual` lines hold `expected` lines in order, `…` standing for any lines."""
    pieces, piece = [], []
    for line in expected:
        if line.strip() == "…":
            pieces.append(piece)
            piece = []
        else:
            piece.append(line.rstrip())
    pieces.append(piece)
    actual = [a.rstrip() for a in actual]
    pos = 0
    for i, piece in enumerate(pieces):
        if not piece:
            continue
        anchored_start = i == 0
        anchored_end = i == len(pieces) - 1
        found = None
        last = len(actual) - len(piece)
        for at in range(pos, last + 1):
            if anchored_start and at != 0:
                break
            if actual[at:at + len(piece)] == piece:
                if anchored_end and at + len(piece) != len(actual):
                    continue
                found = at
                break
        if found is None:
            return False
        pos = found + len(piece)
    return True


def check_catalogue(binary):
    """Disagreements between docs/diagnostics.md and the catalogue the binary prints."""
    problems = []
    rel = "docs/diagnostics.md"
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        text = f.read()
    codes = json.loads(subprocess.run([binary, "rule", "--all", "--format", "json"], capture_output=True, text=True,
                                      timeout=60, check=True).stdout)
    rows = re.findall(r"^\| \[`([\w-]+)`\]\(#[\w-]+\) \| ([^|]+) \|[^|]+\|[^|]+\| ([^|]+) \|$", text, flags=re.M)
    if [r[0] for r in rows] != [c["code"] for c in codes]:
        problems.append(f"{rel}: the overview lists {[r[0] for r in rows]}, the catalogue {[c['code'] for c in codes]}")
    fixes = {"safe": "safe", "unsafe": "unsafe", "editor": "editor", "none": "—"}
    for (code, severity, fix), c in zip(rows, codes):
        if not severity.strip().startswith(c["severity"]):
            problems.append(f"{rel}: overview: {code} is '{severity.strip()}', the catalogue says {c['severity']}")
        if fix.strip() != fixes[c["fix"]]:
            problems.append(f"{rel}: overview: {code}'s --fix is '{fix.strip()}', the catalogue says {c['fix']}")
    sections = {s.split("\n", 1)[0].strip(): s for s in re.split(r"^## ", text, flags=re.M)[1:]}
    for c in codes:
        section = sections.get(c["code"])
        if section is None:
            problems.append(f"{rel}: no section '## {c['code']}'")
            continue
        m = re.search(r"^\*\*Severity:\*\* (\w+)", section, flags=re.M)
        if not m or m.group(1) != c["severity"]:
            problems.append(f"{rel}: ## {c['code']}: severity '{m and m.group(1)}', the catalogue says {c['severity']}")
        rule = json.loads(subprocess.run([binary, "rule", c["code"], "--format", "json"], capture_output=True, text=True,
                                         timeout=60, check=True).stdout)
        fenced = ["\n".join(lines).strip("\n") for _, lines in blocks_of(section)]
        first = rule["example"]["files"][0]
        if first.get("encoding") != "latin1" and first["text"].strip("\n") not in fenced:
            problems.append(f"{rel}: ## {c['code']} does not show its example ({first['name']}):\n" + first["text"])
        reports = "\n".join(rule["example"]["reports"])
        if not any(reports in block for block in fenced):
            problems.append(f"{rel}: ## {c['code']} does not show what check reports for its example:\n" + reports)
    return problems


def blocks_of(text):
    """(line number, indentation-stripped lines) of each fenced block of a piece of Markdown."""
    out, current, indent, start = [], None, "", 0
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m and current is None:
            current, indent, start = [], m.group(1), n
        elif m and current is not None:
            out.append((start, current))
            current = None
        elif current is not None:
            current.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug", "labelspec"))
    args = ap.parse_args()
    docs = [os.path.join(ROOT, p) for p in ("README.md", "ARCHITECTURE.md")]
    docs += sorted(os.path.join(ROOT, "docs", p) for p in os.listdir(os.path.join(ROOT, "docs")) if p.endswith(".md"))
    problems, ran, shown = [], 0, 0
    for doc in docs:
        rel = os.path.relpath(doc, ROOT)
        for start, lines in blocks(doc):
            if not lines:
                continue
            head = lines[0]
            if head.startswith("$ labelspec"):
                argv = [args.bin] + shlex.split(head[len("$ labelspec"):])
                r = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120)
                ran += 1
                output = (r.stdout + r.stderr).rstrip("\n").split("\n")
                if not matches(lines[1:], output):
                    problems.append(f"{rel}:{start}: `{head[2:]}` printed:\n" + "\n".join("    " + o for o in output[:40]))
            elif head.startswith("// ") and os.path.isfile(os.path.join(ROOT, head[3:].strip())):
                shown += 1
                with open(os.path.join(ROOT, head[3:].strip()), encoding="utf-8") as f:
                    file_lines = [l.rstrip() for l in f.read().split("\n")]
                want = [l.rstrip() for l in lines[1:] if l.strip() and not l.strip().startswith("//")]
                pos = 0
                for w in want:
                    try:
                        pos = file_lines.index(w, pos) + 1
                    except ValueError:
                        problems.append(f"{rel}:{start}: {head[3:].strip()} has no line `{w}` (in this order)")
                        break
        with open(doc, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                for target in CLIMB.findall(line):
                    # Paths in prose are read from the repository's root.
                    path = os.path.normpath(os.path.join(ROOT, target))
                    if not path.startswith(ROOT + os.sep):
                        problems.append(f"{rel}:{n}: `{target}` is outside the repository")
                for target in LINK.findall(line):
                    if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                        continue
                    path = os.path.normpath(os.path.join(os.path.dirname(doc), target.split("#")[0]))
                    if not path.startswith(ROOT + os.sep) and path != ROOT:
                        problems.append(f"{rel}:{n}: link `{target}` leaves the repository")
                    elif not os.path.exists(path):
                        problems.append(f"{rel}:{n}: link `{target}` names nothing")
    problems += check_catalogue(args.bin)
    for p in problems:
        print(p)
    print(f"docs: {ran} commands run, {shown} file excerpts checked, {len(problems)} disagreements")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
