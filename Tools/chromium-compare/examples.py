"""The translated example against Chromium: `compare.py --corpus examples` (issue 12, "Done when").

`Examples/Translations/` is a shop app's labels with a String Catalog in English, German,
Japanese, Arabic and Thai. This measures every label in every locale, plural form and default
content size with `labelspec measure --locale all --format json` (each row gives the text with its
format specifiers filled, the font size, the width, `numberOfLines` and `lineBreakMode`), lays
each row out in headless Chromium with the same fonts in the row's language (multilingual.py's
page: UIKit's truncation rule over Chromium's own line breaking and widths), and compares:

1. every row: the same lines and the same state (fits, truncated, clipped);
2. what `labelspec check` reports: a label gets `truncates` exactly when Chromium truncates it in
   some locale and size, and the case the message names first is one Chromium truncates.

Exit status 0 when both hold for every row and label, 1 when not, 2 when it cannot run.
"""

import json
import subprocess
from collections import defaultdict
from pathlib import Path

import compare as base
import fonts
import multilingual

EXAMPLE = base.REPO / "Examples" / "Translations"
MODES = {v: k for k, v in multilingual.LINE_BREAK_MODE.items()}


def measure(binary):
    cmd = [binary, "measure", "--locale", "all", "--format", "json", str(EXAMPLE)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if proc.returncode not in (0, 1):
        raise SystemExit("labelspec measure failed (exit %d): %s\n%s" % (proc.returncode, " ".join(cmd), proc.stderr[-4000:]))
    return json.loads(proc.stdout), cmd


def check(binary):
    cmd = [binary, "check", "--format", "json", str(EXAMPLE)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if proc.returncode not in (0, 1):
        raise SystemExit("labelspec check failed (exit %d): %s\n%s" % (proc.returncode, " ".join(cmd), proc.stderr[-4000:]))
    return json.loads(proc.stdout)


def run(args, binary, chromium):
    table, problems = fonts.fallback_table()
    if problems:
        raise SystemExit("the fallback fonts are not all installed:\n  " + "\n  ".join(problems))
    rows, cmd = measure(binary)
    cases, ours = [], {}
    for i, r in enumerate(rows):
        if r.get("scale", 1.0) != 1.0:
            raise SystemExit("%s autoshrinks in %s: the page has no autoshrink" % (r["label"], r.get("locale")))
        cid = "E%04d" % (i + 1)
        lang = r.get("locale") or "en"
        cases.append(dict(id=cid, lang=lang, text=r["text"], size=r["fontSize"], width=r["width"],
                          lines=r["numberOfLines"], mode=MODES["." + r["lineBreakMode"]], row=r))
        ours[cid] = r
    page = args.workdir / "page.html"
    multilingual.write_page(page, cases, ours)
    fonts.write_profile(args.workdir / "chromium-profile")
    chrome, chrome_cmd = base.run_chromium(chromium, page, args.workdir)

    results = []
    for c in cases:
        o, ch = c["row"], chrome[c["id"]]
        ol = [base.trim(x) for x in o["lines"]]
        cl = [base.trim(x) for x in ch["lines"]]
        os_, cs_ = multilingual.state_of(o), ch["state"]
        results.append((c, ol, cl, os_, cs_, ol == cl and os_ == cs_))

    # What check says, label by label, against the rows Chromium truncates.
    chromium_truncates = defaultdict(list)
    for c, ol, cl, os_, cs_, ok in results:
        if cs_ == "truncated":
            r = c["row"]
            chromium_truncates[r["label"]].append((r.get("locale"), r.get("pluralForm"), r["contentSize"]))
    # check's JSON names the line of the label; measure's rows give each label's line.
    line_of = {r["label"]: r["line"] for r in rows}
    by_line = {d["line"]: d for d in check(binary) if d["code"] == "truncates"}
    label_rows = []
    labels_ok = True
    for label in sorted(line_of, key=lambda name: line_of[name]):
        d = by_line.get(line_of[label])
        seen = chromium_truncates.get(label, [])
        agree = (d is not None) == bool(seen)
        if d is not None and seen:
            # The first case the message names: "truncates in LOCALE[ (FORM)] at .SIZE:".
            head = d["message"].split(":")[0]
            agree = any(("in %s" % (loc + (" (%s)" % form if form else "")) in head or loc is None) and ("at .%s" % size) in head
                        for loc, form, size in seen)
        labels_ok &= agree
        label_rows.append((label, d["message"] if d else "(no truncates)", seen, agree))

    total = len(results)
    agree_rows = sum(r[-1] for r in results)
    state_rows = sum(r[3] == r[4] for r in results)
    out = ["# LabelSpec vs Chromium: Examples/Translations\n"]
    out.append("Rows (label × locale × plural form × content size): %d; same lines and state: **%d/%d**; "
               "same state (fits / truncated / clipped): **%d/%d**; labels whose `truncates` agrees with "
               "Chromium: **%d/%d**.\n" % (total, agree_rows, total, state_rows, total,
                                          sum(a for *_, a in label_rows), len(label_rows)))
    out.append("LabelSpec: `%s`; Chromium: `%s`.\n" % (" ".join(cmd), " ".join(chrome_cmd)))
    out.append("| label | `labelspec check` | Chromium truncates in | agree |\n|---|---|---|---|")
    for label, message, seen, ok in label_rows:
        where = ", ".join("%s%s at .%s" % (loc or "en", " (%s)" % form if form else "", size) for loc, form, size in seen) or "—"
        out.append("| %s | %s | %s | %s |" % (label, message.replace("|", "\\|"), where, "yes" if ok else "**no**"))
    diffs = [r for r in results if not r[-1]]
    out.append("\n## Rows that differ (%d)\n" % len(diffs))
    for c, ol, cl, os_, cs_, ok in diffs:
        r = c["row"]
        out.append("- %s in %s%s at .%s (%s pt, %s pt wide): LabelSpec %s; Chromium %s" % (
            r["label"], r.get("locale") or "en", " (%s)" % r["pluralForm"] if r.get("pluralForm") else "",
            r["contentSize"], r["fontSize"], r["width"], multilingual.fmt(ol, os_), multilingual.fmt(cl, cs_)))
    report = "\n".join(out) + "\n"
    passed = state_rows == total and labels_ok
    return report, (0 if passed else 1)
