"""Expected differences: where Chromium (Blink) and iOS break a line differently and LabelSpec
follows iOS, each a named rule with a predicate over one disagreeing case and both engines'
lines. A rule explains a case only when its predicate holds: it recomputes, from the text alone,
both engines' break opportunities (ICU's UAX #14 iterator, the one Core Text and LabelSpec use,
through icu.py; Blink's own rules, written out below from Blink's source) and checks that the
first line where the two engines part is decided by the rule and by nothing else (no width
difference, no other opportunity). A new difference of another kind is never absorbed: it stays
unexplained, and counts against the targets (compare.py, multilingual.py).

    import expected
    expected.explain(diff)   # the Rule that explains a disagreement, or None

A `diff` is a dict: text, lang, mode ("word", "char", "tail", "head", "middle", "clip"),
lines (numberOfLines, 0 for none), ours and chromium (each engine's lines, trailing whitespace
trimmed, in logical order).
"""

import unicodedata
from dataclasses import dataclass
from typing import Callable

import icu

# ----------------------------------------------------------------------------- Blink's table

_LETTERS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_DIGITS = set("0123456789")
# kAsciiLineBreakTable (third_party/blink/renderer/platform/text/text_break_iterator.cc), row by
# row: for a printable ASCII character, the printable ASCII characters a line may break before
# after it. Rows not listed allow no break at all (letters, digits, "/", "$", "'", "(", "<", "@",
# "[", "^", "_", "`", "{", DEL).
_OPENING = set("(<[{")
_BLINK_AFTER = {c: _OPENING for c in "!\"#%&)*+,.:;=>\\]|}~"}
_BLINK_AFTER["-"] = set("\"#%&'(*+-<=>@[\\^_`{|~\x7f") | _LETTERS  # digits: ShouldBreakAfter's own rule
_BLINK_AFTER["?"] = set("#$%&(*+-<=>@[\\^_`{|~") | _LETTERS | _DIGITS


def _printable_ascii(ch):
    return "!" <= ch <= "\x7f"


def blink_ascii_break(text, p):
    """Blink's answer for a break before text[p] when it decides without ICU: True or False for
    two printable ASCII characters (ShouldBreakAfter: "-" before a digit breaks only after a
    letter or digit, as in "ABCD-1234", never in "-5"; otherwise kAsciiLineBreakTable), None
    where Blink asks ICU."""
    if p <= 0 or p >= len(text):
        return None
    a, b = text[p - 1], text[p]
    if not (_printable_ascii(a) and _printable_ascii(b)):
        return None
    if a == "-" and b in _DIGITS:
        return p >= 2 and (text[p - 2] in _LETTERS or text[p - 2] in _DIGITS)
    return b in _BLINK_AFTER.get(a, ())


def _hangul(ch):
    v = ord(ch)
    return 0xAC00 <= v <= 0xD7A3 or 0x1100 <= v <= 0x11FF or 0x3130 <= v <= 0x318F or 0xA960 <= v <= 0xA97F \
        or 0xD7B0 <= v <= 0xD7FF


def ios_opportunity(text, lang, p):
    """A break before text[p] as iOS allows it: ICU's UAX #14 iterator in the text's language
    (Core Text's line breaker), less the breaks between two Hangul characters that UILabel's
    default line break strategy (.hangulWordPriority) drops."""
    if p not in icu.opportunities(text, lang):
        return False
    return not (0 < p < len(text) and _hangul(text[p - 1]) and _hangul(text[p]))


def blink_opportunity(text, lang, p):
    """A break before text[p] as Blink allows it: its ASCII table between two printable ASCII
    characters, ICU elsewhere (the same UAX #14 rules; `word-break: keep-all` for Korean, as the
    page sets it)."""
    own = blink_ascii_break(text, p)
    return own if own is not None else ios_opportunity(text, lang, p)


# --------------------------------------------------------------------------- first parting


def _starts(text, lines):
    starts, pos = [], 0
    for ln in lines:
        i = text.find(ln, pos) if ln else pos
        if i < 0:
            return None
        starts.append(i)
        pos = i + len(ln)
    return starts


def _break_after(text, start, line):
    """Where the next line starts after `line` (trimmed) begins at `start`: past the whitespace
    that hangs at its end."""
    p = start + len(line)
    while p < len(text) and text[p] in " \t":
        p += 1
    return p


def first_parting(diff):
    """(line index, start, LabelSpec's break, Chromium's break) of the first wrapped line where the
    engines part, both lines starting at the same place and neither the last line a truncation
    cut; None otherwise."""
    o, c, text = diff["ours"], diff["chromium"], diff["text"]
    i = 0
    while i < min(len(o), len(c)) and o[i] == c[i]:
        i += 1
    if i >= min(len(o), len(c)):
        return None
    n = diff["lines"]
    if n and i >= n - 1 and diff["mode"] in ("tail", "head", "middle", "clip"):
        return None  # the last visible line is cut, not wrapped
    so, sc = _starts(text, o[: i + 1]), _starts(text, c[: i + 1])
    if so is None or sc is None or so[i] != sc[i]:
        return None
    s = so[i]
    bo, bc = _break_after(text, s, o[i]), _break_after(text, s, c[i])
    if bo == bc:
        return None
    return i, s, bo, bc


def parted_by_opportunities(diff, ours_has, theirs_has, decisive):
    """Whether the first parting of `diff` is decided by break opportunities alone, and at a
    position where `decisive(p)` holds. ours_has(p) / theirs_has(p): LabelSpec's (iOS's) and
    Chromium's opportunity before text[p].

    With X the engine whose line is shorter (it broke at b1) and Y the other (b2 > b1): X has no
    opportunity in (b1, b2], so its line could not reach b2 whatever the widths; and either Y broke
    at b2 by an opportunity X lacks there, or Y had no opportunity at all up to b2 (a forced
    break inside a word) while X broke at b1 by one Y lacks there. That position must be
    `decisive`."""
    part = first_parting(diff)
    if part is None or diff["mode"] == "char":
        return False
    _, s, bo, bc = part
    if bo < bc:
        x_has, y_has, b1, b2 = ours_has, theirs_has, bo, bc
    else:
        x_has, y_has, b1, b2 = theirs_has, ours_has, bc, bo
    if any(x_has(p) for p in range(b1 + 1, b2 + 1)):
        return False
    if y_has(b2):
        return decisive(b2)
    if any(y_has(p) for p in range(s + 1, b2 + 1)):
        return False
    return x_has(b1) and not y_has(b1) and decisive(b1)


# ----------------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class Rule:
    name: str
    title: str
    why: str
    applies: Callable[[dict], bool]


def _blink_ascii_table(diff):
    text, lang = diff["text"], diff["lang"]

    def ours(p):
        return ios_opportunity(text, lang, p)

    def theirs(p):
        return blink_opportunity(text, lang, p)

    def decisive(p):
        own = blink_ascii_break(text, p)
        return own is not None and own != ours(p)

    return parted_by_opportunities(diff, ours, theirs, decisive)


def _css_tab_half_ch(diff):
    """LabelSpec's first line that differs holds a tab less than 0.5ch before its stop; with
    NSParagraphStyle's stops and Chromium's own widths of the pieces between the tabs the line fits
    (and LabelSpec's width of it is that, within 0.05 pt), while Chromium, laying the same line
    out, makes it wider than the box. Left-to-right text only (a tab in a right-to-left run is
    measured from another edge)."""
    tabs = diff.get("tabs")
    if not tabs:
        return False
    text, o, c, W = diff["text"], diff["ours"], diff["chromium"], float(diff["width"])
    if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text):
        return False
    i = 0
    while i < min(len(o), len(c)) and o[i] == c[i]:
        i += 1
    if i >= len(o) or i >= len(tabs["ours"]) or i >= len(diff["chromium_widths_of_ours"]) or "\t" not in o[i]:
        return False
    model = tabs["ours"][i]
    ours_w = diff["our_width"](o[i])
    chrome_w = diff["chromium_widths_of_ours"][i]
    return (model["closeGap"] and model["plain"] <= W + 0.001 and chrome_w > W + 1 / 64
            and ours_w is not None and abs(ours_w - model["plain"]) < 0.05)


RULES = [
    Rule(
        "blink-ascii-table",
        "Blink's own break table between two ASCII characters",
        "Between two printable ASCII characters Blink does not ask ICU: its `kAsciiLineBreakTable` "
        "(text_break_iterator.cc) allows a break only after \"-\" and \"?\" and before an opening "
        "bracket, and `ShouldBreakAfter` breaks between \"-\" and a digit after a letter or digit. So "
        "Blink never breaks after \"/\" (`example.com/` ⏎ `privacy`, `€/mois`) nor between \":\" and "
        "\"\\\\\", where UAX #14 does (\"/\" is class SY, and no rule keeps SY from the letter after it: "
        "LB31), and breaks in `2024-03-18` and `978-3-16`, where UAX #14 does not (LB25: HY × NU). "
        "Core Text breaks lines with ICU's UAX #14 iterator, which is the one LabelSpec calls; the "
        "predicate checks, with the system's ICU, that the first line where the engines part is decided "
        "at such a pair and by nothing else (no other opportunity, no width).",
        _blink_ascii_table,
    ),
    Rule(
        "css-tab-half-ch",
        "CSS moves a tab on to the next stop when it falls less than 0.5ch before one",
        "CSS Text 3 (§4.2, `tab-size`): \"if this distance is less than 0.5ch, then the subsequent tab stop is "
        "used instead\", so in Chromium `ID\\t12345` puts 12345 at 56 pt, not 28. UIKit's tabs are "
        "NSParagraphStyle's: the default style's `tabStops` are 12 left-aligned NSTextTabs 28 pt apart, and a tab "
        "advances to the next stop; Apple documents no minimum gap, and LabelSpec follows that model "
        "(docs/measurement.md, \"Tabs\"). Evidence for iOS: Apple's documentation only, not a device. The predicate "
        "recomputes LabelSpec's line with those stops from Chromium's own widths of the pieces between the tabs: the "
        "line fits, LabelSpec's width of it agrees within 0.05 pt, a tab on it falls less than 0.5ch before its stop, "
        "and Chromium's width of the same line laid out is wider than the box",
        _css_tab_half_ch,
    ),
]

BY_NAME = {r.name: r for r in RULES}


def explain(diff):
    """The first rule whose predicate holds for this disagreement, or None."""
    for rule in RULES:
        if rule.applies(diff):
            return rule
    return None


# ---------------------------------------------------------------------------------- report


def _pct(n, d):
    return 100.0 * n / d if d else 100.0


def agreement_table(rows, title, key, target, order=None):
    """Markdown lines of one table and the groups below `target` (None: reported, not a gate).
    rows: (case, agree, rule or None) per case. Columns: raw agreement, agreement counting the explained differences, the
    count per rule, and the unexplained differences; the gate is on the explained agreement."""
    n, ok, rules, unexplained = {}, {}, {}, {}
    for case, agree, rule in rows:
        k = key(case)
        n[k] = n.get(k, 0) + 1
        ok[k] = ok.get(k, 0) + agree
        if not agree:
            if rule:
                rules.setdefault(k, {}).setdefault(rule.name, 0)
                rules[k][rule.name] += 1
            else:
                unexplained[k] = unexplained.get(k, 0) + 1
    names = sorted(n, key=order) if order else sorted(n, key=lambda x: (-n[x], x))
    out = ["| %s | cases | agree | raw %% | explained differences | unexplained | with explained %% | target |" % title,
           "|---|---:|---:|---:|---|---:|---:|---|"]
    failing = []
    for name in names + ["**all**"]:
        if name == "**all**":
            cases, agree = sum(n.values()), sum(ok.values())
            un = sum(unexplained.values())
            per = {}
            for r in rules.values():
                for rn, cnt in r.items():
                    per[rn] = per.get(rn, 0) + cnt
        else:
            cases, agree, un, per = n[name], ok[name], unexplained.get(name, 0), rules.get(name, {})
        explained_pct = _pct(cases - un, cases)
        passed = target is None or explained_pct >= target
        if not passed and name != "**all**":
            failing.append(name)
        out.append("| %s | %d | %d | %.2f%% | %s | %d | %.2f%% | %s |" % (
            name, cases, agree, _pct(agree, cases), ", ".join("`%s` %d" % kv for kv in sorted(per.items())) or "",
            un, explained_pct, "reported" if target is None else ("≥ %.1f%% ✓" if passed else "≥ %.1f%% **✗**") % target))
    return out, failing


def rules_section(rows):
    """Markdown: each rule that explained a case, with its count and why it is iOS's behaviour."""
    counts = {}
    for case, agree, rule in rows:
        if not agree and rule:
            counts[rule.name] = counts.get(rule.name, 0) + 1
    out = []
    for rule in RULES:
        out.append("- **`%s`** (%d case%s): %s. %s" % (rule.name, counts.get(rule.name, 0),
                                                     "" if counts.get(rule.name, 0) == 1 else "s", rule.title, rule.why))
    return out
