"""The multilingual comparison: `compare.py --corpus multilingual` (issue 12, "Accuracy").

The corpus (corpus_multilingual.py) crossed with layout settings: word and char wrapping with
numberOfLines 0, tail truncation on one and two lines, and one of head / middle truncation,
clipping, or word / char wrapping limited to two lines, each at a seeded size (11-34) and a seeded
width drawn around the text's rough natural width, so that most cases wrap or truncate.

Both engines use Inter (Inter-Regular.otf) and, for what Inter lacks, fontconfig's fallback: the
Noto fonts (CJK, Thai, Devanagari, colour emoji) and whatever else fontconfig picks here (see
fonts.py). Chromium gets each case's language as `lang=`; LabelSpec gets it as
`measure --locale LANG` when `labelspec measure --help` lists that option.

Chromium has no UIKit-like multi-line, head or middle truncation, so the page applies UIKit's rule
(docs/measurement.md, "Limits") with Chromium's own layout and widths: the lines before the last
are Chromium's word-wrapped lines; the last visible line is the rest of the text, cut to the most
grapheme clusters that fit with "…" (at the end, the start, or the middle: the first half of the
clusters before the ellipsis and the rest after it); whitespace next to the ellipsis hangs. Each
candidate is measured as Chromium lays it out on one line (a `white-space: pre` span in the
case's language and font).
"""

import html
import json
import random
import subprocess
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

import compare as base
import corpus_multilingual as corpus
import expected
import fonts
import icu

SEED = 20261124
SIZES = (11, 34)
# Issue 12's targets (overall, every script) and issue 36's (every category), each on the
# agreement counting the expected differences (expected.py).
TARGET_OVERALL = 97.0
TARGET_CATEGORY = 97.0
TARGET_SCRIPT = 90.0  # every setting (word, char wrapping, each truncation) is held to TARGET_CATEGORY
LINE_BREAK_MODE = {"word": ".byWordWrapping", "char": ".byCharWrapping", "tail": ".byTruncatingTail",
                   "head": ".byTruncatingHead", "middle": ".byTruncatingMiddle", "clip": ".byClipping"}
TRUNCATING = ("tail", "head", "middle", "clip")
# (mode, numberOfLines, width as a fraction of the rough natural width)
SETTINGS = [
    ("word", 0, (0.25, 1.1)),
    ("word", 0, (0.25, 1.1)),
    ("char", 0, (0.25, 1.1)),
    ("tail", 1, (0.35, 1.15)),
    ("tail", 2, (0.2, 0.7)),
]
EXTRA_SETTINGS = [("head", 1, (0.35, 1.0)), ("middle", 1, (0.35, 1.0)), ("clip", 1, (0.35, 1.0)),
                  ("word", 2, (0.2, 0.7)), ("char", 2, (0.2, 0.7))]
TAB_STOP = 28  # NSParagraphStyle's default tab stops: every 28 pt
WIDTH_TOLERANCE = base.ROUNDING


def rough_ems(text):
    """A rough natural width in ems, from character classes alone (not from either engine)."""
    w = 0.0
    for ch in text:
        cp = ord(ch)
        cat = unicodedata.category(ch)
        if cat in ("Mn", "Me", "Cf") or 0xFE00 <= cp <= 0xFE0F or 0xE0000 <= cp <= 0xE0FFF or 0x1F3FB <= cp <= 0x1F3FF:
            continue
        if ch == "\t":
            w += 1.6
        elif ch.isspace():
            w += 0.28
        elif unicodedata.east_asian_width(ch) in "WF":
            w += 1.0
        elif 0x0E00 <= cp <= 0x0E7F:
            w += 0.6
        elif 0x0590 <= cp <= 0x05FF or 0x0600 <= cp <= 0x06FF:
            w += 0.55
        elif 0x0900 <= cp <= 0x097F:
            w += 0.65
        elif 0x1F1E6 <= cp <= 0x1F1FF:
            w += 0.65
        else:
            w += 0.58
    return max(w, 1.0)


def make_cases():
    rng = random.Random(SEED)
    cases = []
    for lang, script, category, text in corpus.entries():
        ems = rough_ems(text)
        for mode, lines, (lo, hi) in SETTINGS + [rng.choice(EXTRA_SETTINGS)]:
            size = rng.randint(*SIZES)
            width = int(round(ems * size * rng.uniform(lo, hi)))
            width = max(30, int(1.5 * size), min(420, width))
            cases.append(dict(lang=lang, script=script, category=category, text=text, mode=mode, lines=lines,
                              size=size, width=width))
    rng.shuffle(cases)
    for i, c in enumerate(cases):
        c["id"] = "M%04d" % (i + 1)
    return cases


def setting(c):
    return "%s, numberOfLines %d" % ({"word": "word wrapping", "char": "char wrapping", "tail": "tail truncation",
                                       "head": "head truncation", "middle": "middle truncation",
                                       "clip": "clipping"}[c["mode"]], c["lines"])


# ---------------------------------------------------------------------------------- LabelSpec


def labelspec_source(labels):
    """labels: (name, text, size, width or None, mode, numberOfLines)."""
    parts = []
    for name, text, size, width, mode, lines in labels:
        parts.append("label %s {\n" % name)
        parts.append("    text: %s\n" % base.labelspec_string(text))
        parts.append('    font: .custom("Inter", size: %s)\n' % size)
        if width is not None:
            parts.append("    width: %s\n" % width)
        parts.append("    numberOfLines: %d\n" % lines)
        parts.append("    lineBreakMode: %s\n" % LINE_BREAK_MODE[mode])
        parts.append("}\n\n")
    return "".join(parts)


def supports_locale(binary):
    proc = subprocess.run([binary, "measure", "--help"], capture_output=True, text=True)
    return "--locale" in proc.stdout + proc.stderr


def run_labelspec(binary, labels, workdir, stem, locale):
    """labels: (name, lang, text, size, width, mode, numberOfLines). One run per language with
    `--locale LANG` when `locale` (the binary has the option), else one run without it.
    Returns ({label: result}, how many results echo the language passed in their "locale")."""
    groups = defaultdict(list)
    for name, lang, *rest in labels:
        groups[lang if locale else None].append((name, *rest))
    results = {}
    echoed = 0
    for lang, group in sorted(groups.items(), key=lambda kv: kv[0] or ""):
        path = Path(workdir) / ("%s-%s.labelspec" % (stem, lang or "all"))
        path.write_text(labelspec_source(group), encoding="utf-8")
        cmd = [binary, "measure", str(path), "--format", "json"] + (["--locale", lang] if lang else [])
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit("labelspec measure failed (exit %d): %s\n%s" % (proc.returncode, " ".join(cmd), proc.stderr[-4000:]))
        for r in json.loads(proc.stdout):
            # Should a label come back once per locale, keep the one in the language passed.
            if r["label"] not in results or (lang and r.get("locale") == lang):
                results[r["label"]] = r
        if lang:
            echoed += sum(1 for name, *_ in group if results.get(name, {}).get("locale") == lang)
    return results, echoed


def state_of(r):
    return "truncated" if r.get("truncated") else "clipped" if r.get("clipped") else "fits"


# ------------------------------------------------------------------------------------ the page

PAGE_CSS = """
@font-face { font-family: "LSInter"; src: url(file://%(font)s); }
body { margin: 0; }
.c, #meas {
  position: absolute; left: 0; top: 0;
  font-family: "LSInter"; font-style: normal; font-weight: 400; font-synthesis: none;
  line-height: normal; tab-size: %(tab)dpx;
  /* No contextual spacing of CJK punctuation (Chromium's default, "normal", halves "」、「" and the
     like with the font's chws feature): HarfBuzz applies no chws by default, and whether Core Text
     does is not documented (README, "The page"). */
  text-spacing-trim: space-all;
}
.c { white-space: pre-wrap; unicode-bidi: plaintext; overflow-wrap: anywhere; }
.c.char { line-break: anywhere; }
/* UILabel's default lineBreakStrategy (.standard, all strategies) includes hangulWordPriority. */
.c.keep { word-break: keep-all; }
#meas { width: 100000px; height: 100px; white-space: pre; contain: strict; }
#meas span { unicode-bidi: plaintext; }
"""

PAGE_SCRIPT = base.PAGE_PROLOGUE + r"""
    const graphemes = s => [...seg.segment(s)].map(g => g.segment);
    const meas = document.getElementById('meas');
    const span = meas.firstElementChild;
    // Chromium's width of text laid out alone on one line, in the case's language, font and size.
    const widthOf = (div, text) => {
      if (meas.lang !== div.lang) meas.lang = div.lang;
      if (meas.style.fontSize !== div.style.fontSize) meas.style.fontSize = div.style.fontSize;
      span.textContent = text;
      return text === '' ? 0 : span.getBoundingClientRect().width;
    };
    const trimEnd = s => s.replace(/[ \t\n\r\u2028\u2029]+$/, '');
    const trimStart = s => s.replace(/^[ \t]+/, '');
""" + base.READ_LINES_JS + r"""    const results = {};
    for (const div of document.querySelectorAll('div.c')) {
      const text = div.firstChild ? div.firstChild.data : '';
      const W = parseFloat(div.style.width);
      const N = parseInt(div.dataset.n, 10);
      const mode = div.dataset.mode;
      const wrapped = readLines(div);
      let lines = wrapped, state = 'fits';
      // A cluster wider than the whole line overflows the box: UIKit clips it.
      if (div.scrollWidth > Math.ceil(W)) state = 'clipped';
      if (N > 0 && wrapped.length > N) {
        if (mode === 'word' || mode === 'char') {
          lines = wrapped.slice(0, N); state = 'clipped';
        } else {
          const start = wrapped.slice(0, N - 1).join('').length;
          let rest = text.slice(start);
          const nl = rest.search(/[\n\r\u2028\u2029]/);
          if (nl >= 0) rest = rest.slice(0, nl);
          const g = graphemes(rest), n = g.length;
          // The ellipsis is its own run, as Chromium's text-overflow and Core Text's truncation
          // token are (no kerning across it); whitespace next to it or at the end hangs.
          const pre = k => trimEnd(g.slice(0, k).join(''));
          const suf = k => trimEnd(trimStart(g.slice(n - k).join('')));
          const ell = widthOf(div, '\u2026');
          const [candidate, width] = {
            clip: [k => pre(k), k => widthOf(div, pre(k))],
            head: [k => '\u2026' + suf(k), k => ell + widthOf(div, suf(k))],
            middle: [k => pre(Math.ceil(k / 2)) + '\u2026' + suf(Math.floor(k / 2)),
                     k => widthOf(div, pre(Math.ceil(k / 2))) + ell + widthOf(div, suf(Math.floor(k / 2)))],
            tail: [k => pre(k) + '\u2026', k => widthOf(div, pre(k)) + ell],
          }[mode];
          // The most clusters that fit: bisection, then a look at the next few counts up, so that
          // a width that does not grow with every cluster (joining scripts) cannot hide a longer fit.
          const ok = k => width(k) <= W + 1 / 64;
          let lo = 0, hi = n;
          while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ok(mid)) lo = mid; else hi = mid - 1; }
          for (let k = Math.min(n, lo + 4); k > lo; k--) if (ok(k)) { lo = k; break; }
          const last = candidate(lo);
          state = mode === 'clip' ? 'clipped' : 'truncated';
          lines = wrapped.slice(0, N - 1).concat([last]);
        }
      }
      // Widths for the classifier, where the engines disagree: Chromium's width of each of
      // LabelSpec's lines and of its own, each laid out alone.
      const ourLines = JSON.parse(div.dataset.ours || '[]');
      const same = JSON.stringify(ourLines.map(trimEnd)) === JSON.stringify(lines.map(trimEnd));
      const ours = same ? [] : ourLines.map(t => widthOf(div, trimEnd(t)));
      const theirs = same ? [] : lines.map(t => widthOf(div, trimEnd(t)));
      // For the expected difference `css-tab-half-ch` (expected.py): each of LabelSpec's lines
      // with tabs at NSParagraphStyle's stops (every 28 pt up to 336, the first stop after the
      // pen; past the last a space) from Chromium's widths of the pieces between them, and
      // whether a tab there falls less than 0.5ch before its stop (where CSS moves it on).
      const tabs = same || !text.includes('\t') ? null : {halfCh: widthOf(div, '0') / 2, ours: ourLines.map(t => {
        const parts = trimEnd(t).split('\t');
        let x = 0, closeGap = false;
        parts.forEach((part, k) => {
          x += widthOf(div, part);
          if (k === parts.length - 1) return;
          const stop = (Math.floor((x + 0.001) / %(tab)d) + 1) * %(tab)d;
          if (stop <= 12 * %(tab)d) { if (stop - x < widthOf(div, '0') / 2) closeGap = true; x = stop; }
          else x += widthOf(div, ' ');
        });
        return {plain: x, closeGap};
      })};
      results[div.id] = {lines, wrapped, state, ours, theirs, tabs};
    }
""".replace("%(tab)d", str(TAB_STOP)) + base.PAGE_EPILOGUE


def chromium_text(text):
    """The text as Chromium is given it: every hard line break as a line feed. Core Text breaks the
    line at each (UAX #14 LB4-LB5: LF, CR LF, CR, NEL and U+2028/U+2029, class BK, are mandatory
    breaks); CSS's only segment break is the line feed (HTML turns CR LF and CR into it, and
    Chromium draws U+2028 and U+2029 as spaces). Lines are compared with their trailing breaks
    trimmed, so the comparison is of everything else."""
    return text.replace("\r\n", "\n").replace("\r", "\n").translate({0x2028: "\n", 0x2029: "\n", 0x85: "\n"})


def write_page(path, cases, ours):
    parts = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>labelspec vs chromium (multilingual)</title>\n<style>',
        PAGE_CSS % {"font": base.FONT_FILE, "tab": TAB_STOP},
        "</style></head><body>\n",
    ]
    for c in cases:
        our_lines = ours[c["id"]]["lines"] if c["id"] in ours else []
        classes = ["c", "char" if c["mode"] == "char" else "word"]
        if c["lang"].split("-")[0] == "ko" and c["mode"] != "char":
            classes.append("keep")
        parts.append(
            '<div class="%s" id="%s" lang="%s" data-mode="%s" data-n="%d" style="font-size:%spx;width:%spx" data-ours="%s">%s</div>\n'
            % (" ".join(classes), c["id"], c["lang"], c["mode"], c["lines"], c["size"], c["width"],
               html.escape(json.dumps(our_lines), quote=True), html.escape(chromium_text(c["text"]), quote=False)))
    parts.append('<div id="meas"><span></span></div>\n<pre id="out"></pre>\n<script>')
    parts.append(PAGE_SCRIPT)
    parts.append("</script></body></html>\n")
    Path(path).write_text("".join(parts), encoding="utf-8")


# ------------------------------------------------------------------------------- classification


def char_class(ch):
    cp = ord(ch)
    if ch == "\t":
        return "tab"
    if 0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0xF900 <= cp <= 0xFAFF or 0x20000 <= cp <= 0x3FFFF:
        return "Han"
    if 0x3040 <= cp <= 0x30FF or 0x31F0 <= cp <= 0x31FF or 0xFF66 <= cp <= 0xFF9F:
        return "kana"
    if 0xAC00 <= cp <= 0xD7AF or 0x1100 <= cp <= 0x11FF or 0x3130 <= cp <= 0x318F:
        return "Hangul"
    if 0x3000 <= cp <= 0x303F or 0xFF00 <= cp <= 0xFF65:
        return "CJK punctuation"
    if 0x0E00 <= cp <= 0x0E7F:
        return "Thai"
    if 0x0600 <= cp <= 0x06FF or 0x0750 <= cp <= 0x077F or 0xFB50 <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFF:
        return "Arabic"
    if 0x0590 <= cp <= 0x05FF or 0xFB1D <= cp <= 0xFB4F:
        return "Hebrew"
    if 0x0900 <= cp <= 0x097F:
        return "Devanagari"
    if cp >= 0x1F000 or 0x2600 <= cp <= 0x27BF or cp in (0xFE0F, 0x20E3) or 0xE0020 <= cp <= 0xE007F \
            or cp in fonts.EMOJI_PRESENTATION_BMP:
        return "emoji"
    cat = unicodedata.category(ch)
    if cat in ("Mn", "Me"):
        return "combining marks"
    if cat == "Cf":
        return "invisible (Cf)"
    return None


def main_class(s):
    """The script (or kind of character) a line's width depends on most: the commonest class of its
    characters, marks and invisible characters only when there is nothing else."""
    n = Counter(k for k in map(char_class, s) if k)
    for weak in ("invisible (Cf)", "combining marks"):
        if len(n) > 1:
            n.pop(weak, None)
    if not n:
        return "Latin/common"
    return max(sorted(n), key=lambda k: n[k])


# Characters that may not start a line (kinsoku) or end one, named in the break context.
NO_START = set("ーッャュョァィゥェォヮヵヶっゃゅょぁぃぅぇぉゎゕゖ゛゜ヽヾゝゞ々〻‐゠–〜～?!‼⁇⁈⁉・:;/。.，,、）)］]｝}〕〉》」』】〙〗〟’”｠»」ｰ")
NO_END = set("（(［[｛{〔〈《「『【〘〖〝‘“｟«")


def break_context(text, end):
    def d(ch, side):
        if ch is None:
            return "end"
        if ch.isspace() and ch not in "\u00a0\u202f\u3000":
            return "space"
        if (side == "after" and ch in NO_START) or (side == "before" and ch in NO_END) or ch == "\u3000":
            return "'%s'" % ch
        k = char_class(ch)
        if k in ("Han", "kana", "Hangul", "Thai", "Arabic", "Hebrew", "Devanagari", "emoji", "combining marks"):
            return k
        return base.describe_char(ch)
    before = text[end - 1] if end > 0 else None
    pos = end
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    after = text[pos] if pos < len(text) else None
    return ("%s, space | %s" if pos > end else "%s | %s") % (d(before, "before"), d(after, "after"))


SPACED = {"Han", "kana", "Thai", "CJK punctuation"}


def forced(text, start, end):
    """Whether a line text[start:end] ends with a forced break (overflow-wrap's last resort): it
    ends inside a word of a script that separates words with spaces (breaks between Han, kana or
    Thai are ordinary) and holds no space, so the engine had no other opportunity on it."""
    if not base.emergency(text, end) or ({char_class(text[end - 1]), char_class(text[end])} & SPACED):
        return False
    return not any(ch.isspace() for ch in text[start:end])


def strip_ellipsis(s):
    return s.replace("\u2026", "")


def classify(c, o_lines, c_lines, o_state, c_state, chrome, ls_width):
    """(kind, details) for one disagreeing case. ls_width(text) is LabelSpec's width of text on
    one line (the widths probe); chrome["ours"] / chrome["theirs"] are Chromium's widths of
    LabelSpec's / its own lines."""
    text, W = c["text"], float(c["width"])
    i = 0
    while i < min(len(o_lines), len(c_lines)) and o_lines[i] == c_lines[i]:
        i += 1
    info = {"line": i}
    if o_lines == c_lines:
        return "same lines, but %s says %s and Chromium %s" % ("LabelSpec", o_state, c_state), info
    if i == min(len(o_lines), len(c_lines)):
        return "different number of lines, the same text so far", info
    o, ch = o_lines[i], c_lines[i]
    last_visible = c["lines"] > 0 and i == c["lines"] - 1 and c["mode"] in TRUNCATING
    if last_visible and ("\u2026" in o or "\u2026" in ch or c["mode"] == "clip"):
        # Where the last line is cut: compare both engines' widths of both candidate lines.
        diffs = []
        for line, chrome_w in ((o, chrome["ours"][i] if i < len(chrome["ours"]) else None),
                               (ch, chrome["theirs"][i] if i < len(chrome["theirs"]) else None)):
            w = ls_width(line)
            if w is not None and chrome_w is not None:
                diffs.append((abs(w - chrome_w), w, chrome_w, line))
        info["widths"] = diffs
        worst = max(diffs) if diffs else None
        if worst and worst[0] >= WIDTH_TOLERANCE:
            info["ratio"] = worst[1] / worst[2] if worst[2] else None
            return "truncated line: widths differ — %s" % main_class(strip_ellipsis(worst[3])), info
        return "truncated line (%s): same widths, cut at a different cluster" % setting_kind(c), info
    so = base.line_starts(text, o_lines[: i + 1])
    sc = base.line_starts(text, c_lines[: i + 1])
    if so is None or sc is None or so[i] != sc[i]:
        return "lines start at different places", info
    start = so[i]
    if len(ch) > len(o) and ch.startswith(o):
        longer, line, chrome_w = "Chromium", ch, chrome["theirs"][i] if i < len(chrome["theirs"]) else None
        longer_end = start + len(ch)
    elif len(o) > len(ch) and o.startswith(ch):
        longer, line, chrome_w = "LabelSpec", o, chrome["ours"][i] if i < len(chrome["ours"]) else None
        longer_end = start + len(o)
    else:
        return "lines differ in content", info
    ours_w = ls_width(line)
    shorter_end = start + len(ch if longer == "LabelSpec" else o)
    info.update(longer=longer, text=line, chrome_w=chrome_w, ours_w=ours_w)
    if ours_w is None or chrome_w is None:
        return "wrapping: unexplained (no width)", info
    shorter = "LabelSpec" if longer == "Chromium" else "Chromium"
    d = abs(ours_w - chrome_w)
    if c["mode"] == "char":
        # Every grapheme boundary is an opportunity in both engines: only widths can differ.
        if d < WIDTH_TOLERANCE:
            return base.KIND_EDGE, info
        info["ratio"] = ours_w / chrome_w if chrome_w else None
        return "char wrapping: widths differ — %s" % main_class(line), info
    # Would the engine with the shorter line have fitted the longer one, by its own widths?
    short_fits = ours_w <= W + 0.001 if shorter == "LabelSpec" else chrome_w <= W + 1 / 64
    f_long, f_short = forced(text, start, longer_end), forced(text, start, shorter_end)
    if f_long and not f_short:
        # The longer line ends inside a word: its engine had no opportunity where the other broke.
        return "wrapping: break opportunity only %s has: %s" % (shorter, break_context(text, shorter_end)), info
    if short_fits:
        return "wrapping: break opportunity only %s has: %s" % (longer, break_context(text, longer_end)), info
    if d < WIDTH_TOLERANCE:
        return base.KIND_EDGE, info
    info["ratio"] = ours_w / chrome_w if chrome_w else None
    return "wrapping: widths differ — %s" % main_class(line), info


def setting_kind(c):
    return {"tail": "tail truncation", "head": "head truncation", "middle": "middle truncation", "clip": "clipping"}[c["mode"]]


# ----------------------------------------------------------------------------------------- run


def run(args, binary, chromium):
    table, problems = fonts.fallback_table()
    if problems:
        raise SystemExit("the fallback fonts are not all installed:\n  " + "\n  ".join(problems)
                         + "\n(apt-get install -y fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)")
    cases = make_cases()
    if args.limit:
        cases = cases[: args.limit]
    locale = supports_locale(binary)
    workdir = args.workdir
    ours, echoed = run_labelspec(binary, [(c["id"], c["lang"], c["text"], c["size"], c["width"], c["mode"], c["lines"])
                                          for c in cases], workdir, "cases", locale)
    if locale:
        # How many results say they were laid out in the language passed (JSON "locale").
        locale = (echoed, len(cases))
    page = workdir / "page.html"
    write_page(page, cases, ours)
    profile = workdir / "chromium-profile"
    fonts.write_profile(profile)
    chrome, cmd = base.run_chromium(chromium, page, workdir)

    results = []
    for c in cases:
        o, ch = ours.get(c["id"]), chrome.get(c["id"])
        if o is None or ch is None:
            raise SystemExit("no result for %s (%r)" % (c["id"], c["text"]))
        if "".join(ch["wrapped"]) != chromium_text(c["text"]):
            raise SystemExit("Chromium's read-back of %s lost text: %r -> %r" % (c["id"], c["text"], ch["wrapped"]))
        ol = [base.trim(x) for x in o["lines"]]
        cl = [base.trim(x) for x in ch["lines"]]
        os_, cs_ = state_of(o), ch["state"]
        results.append((c, o, ch, ol, cl, os_, cs_, ol == cl and os_ == cs_))

    # LabelSpec's width of each line either engine drew in a disagreeing case (one line, no width).
    wanted = set()
    for c, o, ch, ol, cl, *_, ok in results:
        if not ok:
            for ln in ol + cl:
                if ln:
                    wanted.add((c["lang"], c["size"], ln))
    wanted = sorted(wanted)
    # Each line alone in a box far wider than it (a label without a width would be measured at
    # a screen's margins): the width of its one line.
    probe = run_labelspec(binary, [("W%05d" % k, lang, t, s, 100000, "word", 0) for k, (lang, s, t) in enumerate(wanted)],
                          workdir, "widths", bool(locale))[0] if wanted else {}
    widths = {key: max(probe["W%05d" % k].get("lineWidths") or [0.0]) for k, key in enumerate(wanted) if "W%05d" % k in probe}

    kinds = defaultdict(list)
    rules = {}
    for c, o, ch, ol, cl, os_, cs_, ok in results:
        if not ok:
            kind, info = classify(c, ol, cl, os_, cs_, ch,
                                  lambda t, c=c: widths.get((c["lang"], c["size"], t)) if t else 0.0)
            kinds[kind].append((c, ol, cl, os_, cs_, info))
            rules[c["id"]] = expected.explain(dict(
                text=c["text"], lang=c["lang"], mode=c["mode"], lines=c["lines"], width=c["width"], ours=ol, chromium=cl,
                chromium_widths_of_ours=ch["ours"], tabs=ch.get("tabs"),
                our_width=lambda t, c=c: widths.get((c["lang"], c["size"], t)) if t else 0.0))
    rows = [(r[0], r[-1], rules.get(r[0]["id"])) for r in results]

    font_check = None
    if args.check_fonts:
        fprofile = workdir / "fonts-profile"
        fonts.write_profile(fprofile)
        rows, mismatches, files = fonts.check_fonts(chromium, page, cases, fprofile)
        font_check = (rows, mismatches, files)

    report, passed = summarize(results, kinds, rows, cmd, args, binary, locale, table, font_check)
    if args.keep:
        (workdir / "results.json").write_text(json.dumps(
            [dict(case=c, labelspec=ol, chromium=cl, labelspec_state=os_, chromium_state=cs_, agree=ok)
             for c, o, ch, ol, cl, os_, cs_, ok in results], ensure_ascii=False, indent=1), encoding="utf-8")
    return report, (0 if passed else 1)


# ------------------------------------------------------------------------------------- report


def fmt(lines, state):
    s = " ⏎ ".join(json.dumps(x, ensure_ascii=False) for x in lines) if lines else "(no lines)"
    return s + ("" if state == "fits" else " (%s)" % state)


def summarize(results, kinds, rows, cmd, args, binary, locale, table, font_check):
    """The report, and whether every target is met (on the agreement counting the expected
    differences: overall, every category, every script)."""
    total = len(results)
    agree = sum(r[-1] for r in results)
    unexplained = sum(1 for _, ok, rule in rows if not ok and rule is None)
    out = []
    out.append("# LabelSpec vs Chromium: multilingual line breaking and truncation\n")
    out.append("Cases: %d; agreement (same lines, same truncation): **%.2f%%** (%d/%d); counting the expected differences "
               "(below): **%.2f%%** (%d unexplained). Targets, on the latter: %.0f%% overall, %.0f%% in every category, "
               "%.0f%% in every script (enforced by CI).\n"
               % (total, base.pct(agree, total), agree, total, base.pct(total - unexplained, total), unexplained,
                  TARGET_OVERALL, TARGET_CATEGORY, TARGET_SCRIPT))
    if not locale:
        said = "**was not given the language**: this `labelspec measure` has no `--locale` option"
    elif locale[0] == locale[1]:
        said = "gets `measure --locale LANG`, and its JSON gives that `locale` for every case"
    else:
        said = ("gets `measure --locale LANG`, but its JSON gives that `locale` for only %d of %d cases "
                "(the others give another or none): the language may not reach their layout" % (locale[0], locale[1]))
    out.append("Language: Chromium gets `lang=`; LabelSpec %s.\n" % said)

    def tbl(title, key, order=None):
        n, k = Counter(), Counter()
        for r in results:
            n[key(r[0])] += 1
            k[key(r[0])] += r[-1]
        out.append("\n| %s | cases | agree | %% |\n|---|---:|---:|---:|" % title)
        names = sorted(n, key=order) if order else sorted(n, key=lambda x: (-n[x], x))
        for name in names:
            out.append("| %s | %d | %d | %.2f%% |" % (name, n[name], k[name], base.pct(k[name], n[name])))
        out.append("| **all** | %d | %d | %.2f%% |" % (total, agree, base.pct(agree, total)))
        out.append("")

    lines, failing_categories = expected.agreement_table(rows, "category", lambda c: c["category"], TARGET_CATEGORY,
                                                         order=lambda x: corpus.CATEGORIES.index(x))
    out += [""] + lines + [""]
    lines, failing_scripts = expected.agreement_table(rows, "script", lambda c: c["script"], TARGET_SCRIPT)
    out += [""] + lines + [""]
    # Every setting too (char wrapping among them), at the categories' target.
    lines, failing_settings = expected.agreement_table(rows, "setting", setting, TARGET_CATEGORY)
    out += [""] + lines + [""]
    failing = failing_categories + failing_scripts + failing_settings
    passed = base.pct(total - unexplained, total) >= TARGET_OVERALL and not failing
    out.append("**%s**%s\n" % ("Every target met." if passed else "Below target:",
                                "" if passed else " " + ", ".join(failing)
                                + ("" if base.pct(total - unexplained, total) >= TARGET_OVERALL else ", overall")))
    out.append("\n## Expected differences\n")
    out.append("A difference counts as explained only when a rule's predicate (expected.py) holds for it: each rule "
               "recomputes both engines' break opportunities from the text (ICU %s here, the iterator Core Text and "
               "LabelSpec use, and Blink's own rules) and checks that they alone decide where the lines part.\n"
               % icu.version())
    out += expected.rules_section(rows)
    out.append("")
    tbl("language", lambda c: c["lang"])
    # Char wrapping, by category (reported: a category's few char-wrapped cases make coarse steps).
    lines, _ = expected.agreement_table([r for r in rows if r[0]["mode"] == "char"], "char wrapping, by category",
                                        lambda c: c["category"], None, order=lambda x: corpus.CATEGORIES.index(x))
    out += [""] + lines + [""]

    out.append("\n## Fonts\n")
    out.append("Both engines lay out with Inter-Regular.otf (Chromium through `@font-face`, LabelSpec as "
               "`.custom(\"Inter\")`) and fall back through fontconfig for what Inter lacks. fontconfig's pick here:\n")
    out.append("| script | lang | family | file |\n|---|---|---|---|")
    for what, lang, family, file, ps in table:
        out.append("| %s | %s | %s | `%s` |" % (what, lang, family, file))
    out.append("")
    if font_check:
        rows, mismatches, files = font_check
        checked = sum(r[0] for r in rows.values())
        matching = sum(r[1] for r in rows.values())
        out.append("`--check-fonts`: Chromium's fonts (DevTools `CSS.getPlatformFontsForNode`) equal fontconfig's pick for "
                   "every cluster in **%d of %d** cases.\n" % (matching, checked))
        out.append("| category | cases | fonts as expected |\n|---|---:|---:|")
        for cat in corpus.CATEGORIES:
            if cat in rows:
                out.append("| %s | %d | %d |" % (cat, rows[cat][0], rows[cat][1]))
        out.append("\nFonts Chromium used: " + "; ".join("%s (`%s`)" % (fam, f) for ps, (fam, f) in sorted(files.items())) + ".\n")
        for c, want, got in mismatches:
            out.append("- `%s` [%s] %s: expected %s, Chromium used %s" % (c["id"], c["lang"], json.dumps(c["text"], ensure_ascii=False),
                                                                      ", ".join(want), ", ".join(got)))
        out.append("")

    out.append("\n## Differences by kind\n")
    if not kinds:
        out.append("None.\n")
    else:
        out.append("Where widths differ, the last column is LabelSpec's width of the line that decided, divided by "
                   "Chromium's (median over the kind's cases).\n")
        out.append("| kind | cases | categories | LabelSpec ÷ Chromium |\n|---|---:|---|---:|")
        for kind, items in sorted(kinds.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            cats = Counter(c["category"] for c, *_ in items)
            ratios = sorted(info["ratio"] for *_, info in items if info.get("ratio"))
            out.append("| %s | %d | %s | %s |" % (kind.replace("|", "\\|"), len(items),
                                                 ", ".join("%s %d" % kv for kv in sorted(cats.items(), key=lambda kv: -kv[1])),
                                                 "%.2f" % ratios[len(ratios) // 2] if ratios else ""))
        out.append("")

    explained_by = {c["id"]: rule for c, ok, rule in rows if not ok}
    out.append("\n## Every disagreement\n")
    out.append("Lines in logical order, trailing whitespace trimmed; ⏎ separates lines.\n")
    by_cat = defaultdict(list)
    for kind, items in kinds.items():
        for it in items:
            by_cat[it[0]["category"]].append((kind, it))
    for cat in corpus.CATEGORIES:
        if cat not in by_cat:
            continue
        out.append("\n### %s (%d)\n" % (cat, len(by_cat[cat])))
        for kind, (c, ol, cl, os_, cs_, info) in sorted(by_cat[cat], key=lambda x: x[1][0]["id"]):
            rule = explained_by.get(c["id"])
            out.append("- `%s` [%s, %s, size %d, width %d] %s — %s — %s  \n  LabelSpec: %s  \n  Chromium:  %s" % (
                c["id"], c["lang"], setting(c), c["size"], c["width"], json.dumps(c["text"], ensure_ascii=False), kind,
                "expected: `%s`" % rule.name if rule else "**unexplained**", fmt(ol, os_), fmt(cl, cs_)))
    out.append("\n## How this was run\n")
    out.append("```\n%s\n```\n" % " ".join(sys.argv))
    out.append("labelspec: `%s`%s; Chromium: `%s`, with a profile whose standard, serif and sans-serif fonts are Inter.\n"
               % (binary, " (with `--locale`)" if locale else " (no `--locale`)", " ".join(cmd[:1] + cmd[1:-1])))
    return "\n".join(out), passed
