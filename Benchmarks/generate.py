#!/usr/bin/env python3
"""Generate a large, deterministic, valid .labelspec file (and optionally the
same content as TOML) for parser/checker benchmarks.

    python3 Benchmarks/generate.py --size 10000000 --out /tmp/big.labelspec \
        [--toml /tmp/big.toml] [--python /tmp/big.py] [--seed 1] [--truncating 0.33]

The file starts with a few dozen styles (some inheriting others), followed by
labels named <Prefix><index> until about --size bytes are written (never more).
Labels mix text styles, .system(size:weight:) fonts, widths, numberOfLines,
lineBreakMode, autoshrink, colours, one-line blocks and comments. Widths are
estimated generously (about 0.62 em a character plus slack) so that the text
should fit: the file is meant to check clean, with no diagnostics.

With --toml the same styles and labels are written as TOML, one table per item
(`[style.Title]`, `[label.Row12345]` with `inherits = ["Body"]`, `text = "..."`,
`font = "headline"` or `font = { size = 15, weight = "semibold" }`, ...).
Both files hold the same labels; their sizes are printed (as JSON) on stdout.

With --truncating FRACTION (0 to 1), about that fraction of the labels is made
to truncate: a narrow single-line label (width about 40% of the text's width,
numberOfLines 1, no autoshrink, default lineBreakMode), so each of them carries
one `truncates` warning (at .large) and the file is a warnings-heavy one. The
choice is drawn from a second random stream, so the rest of the file is the
same as without the option (same labels, same texts), and without the option
the output is byte-identical to what it always was.

With --python the same styles and labels are written as a Python module
(`Row12 = Label(Body, text="...", width=120)`, one keyword per line for items
that do not fit on one line), for Python language servers (`ruff server`). It
is clean under ruff's E501 (88 columns), F401 and F821, except that each
truncating label gets exactly one finding, in turn: an unused import before it
(F401), an undefined name as its width (F821), or a comment that makes its text
line longer than 88 columns (E501); so the module carries about as many
findings as the .labelspec file has warnings.
"""
import argparse
import json
import random
import re

# Text style -> point size at the default Dynamic Type category ("large").
TEXT_STYLES = {
    "largeTitle": 34, "title1": 28, "title2": 22, "title3": 20, "headline": 17,
    "body": 17, "callout": 16, "subheadline": 15, "footnote": 13,
    "caption1": 12, "caption2": 11,
}
BASE_STYLES = [  # name, text style, color
    ("LargeTitle", "largeTitle", "label"), ("Title", "title1", "label"),
    ("Title2", "title2", "label"), ("Title3", "title3", "label"),
    ("Headline", "headline", "label"), ("Body", "body", "label"),
    ("Callout", "callout", "label"), ("Subhead", "subheadline", "secondaryLabel"),
    ("Footnote", "footnote", "secondaryLabel"), ("Caption", "caption1", "secondaryLabel"),
    ("Caption2", "caption2", "tertiaryLabel"),
]
VARIANTS = [  # suffix, extra members (labelspec property -> value)
    ("Muted", {"textColor": (".", "secondaryLabel")}),
    ("Link", {"textColor": (".", "link")}),
    ("Centered", {"textAlignment": (".", "center")}),
]
WEIGHTS = ["regular", "medium", "semibold", "bold"]
COLORS = ["secondaryLabel", "tertiaryLabel", "link", "systemRed", "systemBlue"]
# Labels and styles share one namespace: no style may be named <Prefix><digits>.
PREFIXES = ["Row", "Cell", "Heading", "Badge", "Button", "Hint", "Header", "Detail"]
WORDS = ("order shipped delivery arriving today tomorrow account settings profile "
         "photos messages unread notification reminder meeting calendar invite "
         "payment received refund pending review rating café crème brûlée "
         "weather cloudy sunny forecast battery storage almost full update "
         "available download complete privacy security password changed").split()
TEMPLATES = [
    "Order #{i} shipped", "{n} new messages", "Welcome back, {w}!",
    "Your {w} is ready", "Delivery {w} {w}: {n} items", "Tap to {w} your {w}",
    "Payment of ${n}.99 received", "{W} \\\"{w}\\\" updated", "Step {d} of 12",
    "{W} {w} {w} {w}", "Last {w} {n} minutes ago",
]


# --dense: every item on one line and texts cut to this many characters (about 100k labels in
# 10 MB instead of 83k): more items per byte, the harder case for throughput and memory.
DENSE_TEXT = 14
dense = False


def make_text(rng, i):
    """Fill a template: {i} label index, {n}/{d} numbers, {w}/{W} (capitalised) word."""
    fill = {"i": lambda: str(i), "n": lambda: str(rng.randint(2, 999)),
            "d": lambda: str(rng.randint(1, 12)),
            "w": lambda: rng.choice(WORDS), "W": lambda: rng.choice(WORDS).capitalize()}
    text = re.sub(r"\{(\w)\}", lambda m: fill[m.group(1)](), rng.choice(TEMPLATES))
    if dense:
        text = text[:DENSE_TEXT].rstrip("\\")  # never end inside an escape
    return text


def make_styles():
    """Return [(name, parents, members)]; members maps property -> value tuple."""
    styles = []
    for name, ts, color in BASE_STYLES:
        styles.append((name, [], {"font": (".", ts), "textColor": (".", color)}))
    for name, _, _ in BASE_STYLES:
        for suffix, members in VARIANTS:
            styles.append((name + suffix, [name], dict(members)))
    styles.append(("Emphasis", ["Caption"], {"font": ("sys", 13, "semibold")}))
    styles.append(("MutedCenteredBody", ["BodyMuted", "BodyCentered"], {}))
    return styles


def font_size(members):
    """Point size of the block's own font, or None."""
    font = members.get("font")
    if font is None:
        return None
    return TEXT_STYLES[font[1]] if font[0] == "." else font[1]


def make_label(rng, i, style_sizes, style_names):
    parent = rng.choice(style_names) if rng.random() < 0.8 else None
    text = make_text(rng, i)
    m = {"text": ("str", text)}
    r = rng.random()
    if r < (0.1 if parent else 0.5):
        m["font"] = (".", rng.choice(list(TEXT_STYLES)))
    elif r < (0.2 if parent else 0.8):
        m["font"] = ("sys", rng.choice([12, 13, 15, 17, 20]), rng.choice(WEIGHTS))
    size = font_size(m) or (style_sizes[parent] if parent else 17)
    # Generous width (~0.62 em a character, 30% slack for wrapping), at most
    # an iPhone's 390 pt; more lines when the text cannot fit otherwise.
    need = len(text) * size * 0.62 * 1.3 + 16
    lines = rng.choice([1, 1, 1, 1, 2, 3, 0])
    if lines:
        lines = max(lines, int(need / 390) + 1)
    width = min(int(need / max(lines, 1) / 10 + 1) * 10, 390)
    if rng.random() < 0.9:
        m["width"] = ("num", width)
    elif lines == 1:
        lines = 0  # no width: intrinsic single line; ask for no limit
    autoshrink = lines == 1 and rng.random() < 0.2
    if lines != 1 or rng.random() < 0.2:
        m["numberOfLines"] = ("num", lines)
    if autoshrink:
        m["lineBreakMode"] = (".", "byTruncatingTail")
        m["adjustsFontSizeToFitWidth"] = ("bool", True)
        m["minimumScaleFactor"] = ("num", rng.choice([0.5, 0.75, 0.8, 0.9]))
    elif rng.random() < 0.12:
        m["lineBreakMode"] = (".", rng.choice(["byTruncatingTail", "byWordWrapping", "byTruncatingMiddle"]))
    if rng.random() < 0.08:
        m["textColor"] = (".", rng.choice(COLORS))
    if rng.random() < 0.03:
        m["allowsDefaultTighteningForTruncation"] = ("bool", True)
    return parent, m


def make_truncating(members, parent, style_sizes):
    """Turn a label into a narrow single-line one that truncates at .large."""
    text = members["text"][1]
    size = font_size(members) or (style_sizes[parent] if parent else 17)
    # Inter's average advance is about 0.5 em; 40% of that always truncates.
    width = max(20, int(len(text) * size * 0.5 * 0.4 / 10) * 10)
    m = {"text": members["text"]}
    if "font" in members:
        m["font"] = members["font"]
    m["width"] = ("num", width)
    m["numberOfLines"] = ("num", 1)
    if "textColor" in members:
        m["textColor"] = members["textColor"]
    return m


# ---- labelspec output -------------------------------------------------------

def ls_value(v):
    kind = v[0]
    if kind == ".":
        return "." + v[1]
    if kind == "sys":
        return f".system(size: {v[1]}, weight: .{v[2]})"
    if kind == "str":
        return f'"{v[1]}"'
    if kind == "bool":
        return "true" if v[1] else "false"
    return str(v[1])


def ls_item(kind, name, parents, members, one_line=False, trailing=None):
    head = f"{kind} {name}" + (": " + ", ".join(parents) if parents else "")
    body = [f"{k}: {ls_value(v)}" for k, v in members.items()]
    if one_line:
        return f"{head} {{ {'; '.join(body)} }}\n"
    if trailing:
        body[-1] += f"  // {trailing}"
    return head + " {\n" + "".join(f"    {b}\n" for b in body) + "}\n"


# ---- TOML output ------------------------------------------------------------

def toml_value(v):
    kind = v[0]
    if kind == ".":
        return f'"{v[1]}"'
    if kind == "sys":
        return f'{{ size = {v[1]}, weight = "{v[2]}" }}'
    if kind == "str":
        return f'"{v[1]}"'  # the escapes we use (\") mean the same in TOML
    if kind == "bool":
        return "true" if v[1] else "false"
    return str(v[1])


def toml_item(kind, name, parents, members, trailing=None):
    lines = [f"[{kind}.{name}]"]
    if parents:
        lines.append("inherits = [" + ", ".join(f'"{p}"' for p in parents) + "]")
    lines += [f"{k} = {toml_value(v)}" for k, v in members.items()]
    if trailing:
        lines[-1] += f"  # {trailing}"
    return "\n".join(lines) + "\n\n"


# ---- Python output (for ruff) ----------------------------------------------

PY_LINE = 88  # ruff's default line-length


def py_name(prop):
    return re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), prop)


def py_value(v):
    kind = v[0]
    if kind == ".":
        return f'".{v[1]}"'
    if kind == "sys":
        return f'system(size={v[1]}, weight="{v[2]}")'
    if kind == "str":
        return f'"{v[1]}"'  # the escapes we use (\") mean the same in Python
    if kind == "bool":
        return "True" if v[1] else "False"
    return str(v[1])


def py_item(kind, name, parents, members, one_line=False, trailing=None, finding=None):
    """One assignment; `finding` ("F401", "F821", "E501" or None) adds that one ruff finding."""
    call = "Style" if kind == "style" else "Label"
    args = list(parents) + [f"{py_name(k)}={py_value(v)}" for k, v in members.items()]
    if finding == "F821":
        args = [a if not a.startswith("width=") else "width=NARROW" for a in args]
    pre = f"import json as json_{name}\n" if finding == "F401" else ""
    line = f"{name} = {call}(" + ", ".join(args) + ")"
    if one_line and finding != "E501" and len(line) + (len(trailing) + 4 if trailing else 0) <= PY_LINE:
        return pre + line + (f"  # {trailing}" if trailing else "") + "\n"
    body = [f"    {a}," for a in args]
    if finding == "E501":
        i = next(k for k, a in enumerate(args) if a.startswith("text="))
        note, w = "  # truncates at .large:", 0
        while len(body[i]) + len(note) <= PY_LINE:
            note += " " + WORDS[(len(name) + w) % len(WORDS)]
            w += 1
        body[i] += note
    if trailing:
        body[-1] += f"  # {trailing}"
    return pre + f"{name} = {call}(\n" + "".join(b + "\n" for b in body) + ")\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, required=True, help="target size in bytes")
    ap.add_argument("--out", required=True, help="output .labelspec file")
    ap.add_argument("--toml", help="also write the same content as TOML here")
    ap.add_argument("--python", help="also write the same content as a Python module here (for ruff)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--truncating", type=float, default=0.0, metavar="FRACTION",
                    help="make about this fraction of the labels truncate (one `truncates` warning each)")
    ap.add_argument("--dense", action="store_true", help="one-line items, texts cut to 14 characters (~100k labels in 10 MB)")
    args = ap.parse_args()
    global dense
    dense = args.dense
    rng = random.Random(args.seed)
    # A second stream, drawn only with --truncating, so the first one (and so every label) stays.
    trng = random.Random(f"truncating-{args.seed}") if args.truncating > 0 else None

    styles = make_styles()
    sizes = {}
    for name, parents, members in styles:  # parents come before children
        own = font_size(members)
        sizes[name] = own or sizes[parents[-1]]
    style_names = [s[0] for s in styles]
    assert not any(n.startswith(p) and n[len(p):].isdigit() for n in style_names for p in PREFIXES)

    ls = ["// Generated by Benchmarks/generate.py; do not edit.\n\n"]
    tm = ["# Generated by Benchmarks/generate.py; do not edit.\n\n"]
    py = ["# Generated by Benchmarks/generate.py; do not edit.\n",
          "from labelspec_runtime import Label, Style, system\n\n"]
    for name, parents, members in styles:
        ls.append(ls_item("style", name, parents, members, one_line=not parents))
        tm.append(toml_item("style", name, parents, members))
        py.append(py_item("style", name, parents, members, one_line=True))
    ls.append("\n")
    total = sum(len(s.encode()) for s in ls)
    ttotal = sum(len(s.encode()) for s in tm)

    i = truncating = 0
    while True:
        i += 1
        parent, members = make_label(rng, i, sizes, style_names)
        finding = None
        if trng is not None and trng.random() < args.truncating:
            members = make_truncating(members, parent, sizes)
            finding = ("F401", "F821", "E501")[truncating % 3]
            truncating += 1
        name = f"{PREFIXES[i % len(PREFIXES)]}{i}"
        one_line = dense or (len(members) <= 3 and rng.random() < 0.5)
        trailing = "keep short for iPhone SE" if not one_line and rng.random() < 0.03 else None
        chunk = tchunk = pchunk = ""
        if i % 50 == 1:
            section = f"Section {i // 50 + 1}: {rng.choice(WORDS)} screen\n"
            chunk, tchunk, pchunk = "// " + section, "# " + section, "# " + section
        chunk += ls_item("label", name, [parent] if parent else [], members, one_line, trailing)
        tchunk += toml_item("label", name, [parent] if parent else [], members, trailing)
        n = len(chunk.encode())
        if total + n > args.size:
            if finding:
                truncating -= 1
            break
        ls.append(chunk)
        tm.append(tchunk)
        if args.python:
            py.append(pchunk + py_item("label", name, [parent] if parent else [], members,
                                       one_line, trailing, finding))
        total += n
        ttotal += len(tchunk.encode())

    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(ls))
    report = {"labels": i - 1, "styles": len(styles), "labelspec_bytes": total}
    if trng is not None:
        report["truncating_labels"] = truncating
    if args.toml:
        with open(args.toml, "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(tm))
        report["toml_bytes"] = ttotal
    if args.python:
        data = "".join(py).encode()
        with open(args.python, "wb") as f:
            f.write(data)
        report["python_bytes"] = len(data)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
