#!/usr/bin/env python3
"""Measure how far Debian's Inter (LabelSpec's stand-in for the iOS system font)
is from Apple's SF Pro, the way LabelSpec measures: sum of HarfBuzz advances
(default features, kerning on) scaled to the point size, plus tracking (points,
from the HIG table below, linear between entries) x grapheme clusters.

Usage:
  python3 Benchmarks/stand-in-error.py --inter-dir /usr/share/fonts/opentype/inter \
      --sf /path/SF-Pro.ttf /path/SF-Pro-Text-Regular.otf ... \
      --corpus Benchmarks/stand-in-corpus.txt [--wght 400,500,600,700] [--point5]

Fonts are classified by their name table: a font with an fvar table is the
variable SF Pro (axes wght, opsz); otherwise "SF Pro Text <Weight>" /
"SF Pro Display <Weight>" static files. Nothing Apple-made is embedded here:
only the tracking table, which LabelSpec already carries.

Needs: uharfbuzz, fonttools.
"""
import argparse, math, os, statistics, sys, unicodedata
import uharfbuzz as hb
from fontTools.ttLib import TTFont

TRACKING = [(6,0.24),(7,0.23),(8,0.21),(9,0.17),(10,0.12),(11,0.06),(12,0),(13,-0.08),
 (14,-0.15),(15,-0.23),(16,-0.31),(17,-0.43),(18,-0.44),(19,-0.45),(20,-0.45),(21,-0.36),
 (22,-0.26),(23,-0.10),(24,0.07),(25,0.15),(26,0.22),(27,0.29),(28,0.38),(29,0.40),(30,0.40),
 (31,0.39),(32,0.41),(33,0.40),(34,0.40),(35,0.38),(36,0.37),(38,0.37),(40,0.37),(44,0.37),
 (48,0.35),(50,0.34),(52,0.33),(56,0.30),(60,0.26),(64,0.22),(72,0.14),(80,0)]

SIZES = [11, 12, 13, 15, 16, 17, 19, 20, 22, 24, 26, 28, 34, 40, 47, 53]
WEIGHTS = ["regular", "medium", "semibold", "bold"]
INTER_STYLE = {"regular": "Regular", "medium": "Medium", "semibold": "SemiBold", "bold": "Bold"}
BANDS = [("11-19 pt (Text)", 11, 19), ("20-28 pt (Display switch)", 20, 28), (">=29 pt", 29, 999)]


def tracking(size):
    t = TRACKING
    if size <= t[0][0]:
        return t[0][1]
    if size >= t[-1][0]:
        return t[-1][1]
    for (s0, v0), (s1, v1) in zip(t, t[1:]):
        if s0 <= size <= s1:
            return v0 + (v1 - v0) * (size - s0) / (s1 - s0)


def graphemes(text):
    # Approximation of extended grapheme clusters, adequate for this corpus
    # (precomposed Latin/Greek/Cyrillic): combining marks, ZWJ and variation
    # selectors join the previous cluster. Same count for both fonts.
    n = 0
    for ch in text:
        if unicodedata.combining(ch) or ch in "\u200d\ufe0e\ufe0f":
            continue
        n += 1
    return n


class Font:
    def __init__(self, path):
        self.path = path
        blob = hb.Blob.from_file_path(path)
        self.face = hb.Face(blob)
        self.upem = self.face.upem
        tt = TTFont(path, lazy=True)
        name = tt["name"]
        self.full = name.getDebugName(4) or ""
        self.version = name.getDebugName(5) or ""
        self.variable = "fvar" in tt
        self.has_trak = "trak" in tt
        self.cmap = set(tt.getBestCmap().keys())
        self.trak = None
        if self.has_trak:
            hd = tt["trak"].horizData
            if 0.0 in hd:
                self.trak = sorted(hd[0.0].items())  # normal track: [(size pt, font units)]
        self.axes = {a.axisTag: (a.minValue, a.defaultValue, a.maxValue) for a in tt["fvar"].axes} if self.variable else {}
        self.cache = {}

    def covers(self, text):
        return all(ord(c) in self.cmap or c.isspace() for c in text)

    def advance_units(self, text, variations=None):
        """Sum of advances in font units (HarfBuzz, default features)."""
        key = (text, tuple(sorted((variations or {}).items())))
        v = self.cache.get(key)
        if v is not None:
            return v
        font = hb.Font(self.face)
        font.scale = (self.upem, self.upem)
        if variations:
            font.set_variations(variations)
        # HarfBuzz >= 10 applies AAT 'trak' only to faces that also have STAT
        # (hb-ot-shape.cc: apply_trak = has_tracking && STAT->has_data());
        # Apple's static SF Pro files have no STAT, so trak is applied in
        # width() below by hand (normal track, linear in size, per grapheme),
        # which is what HarfBuzz's trak code does when it runs.
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(font, buf, {})
        if any(i.codepoint == 0 for i in buf.glyph_infos):
            v = None  # .notdef: not covered
        else:
            v = sum(p.x_advance for p in buf.glyph_positions)
        self.cache[key] = v
        return v

    def trak_units(self, size):
        t = self.trak
        if not t:
            return 0.0
        if size <= t[0][0]:
            return t[0][1]
        if size >= t[-1][0]:
            return t[-1][1]
        for (s0, v0), (s1, v1) in zip(t, t[1:]):
            if s0 <= size <= s1:
                return v0 + (v1 - v0) * (size - s0) / (s1 - s0)

    def width(self, text, size, variations=None, track=True, own_trak=False):
        u = self.advance_units(text, variations)
        if u is None:
            return None
        w = u * size / self.upem
        if track:
            w += tracking(size) * graphemes(text)
        if own_trak:
            w += self.trak_units(size) * size / self.upem * graphemes(text)
        return w


class VariableSet:
    """One or more (subset) copies of the variable SF Pro. A string is shaped
    whole by the first copy that covers it; otherwise, if copies cover its
    space-separated words and the space, word by word plus the space advance
    at the same axis values (kerning across a space is lost; measured
    effect reported by --check-split)."""

    def __init__(self, fonts):
        self.fonts = fonts
        self.path = ", ".join(f.path for f in fonts)
        self.split_used = set()

    def width(self, text, size, variations=None, track=True):
        for f in self.fonts:
            if f.covers(text):
                w = f.width(text, size, variations, track)
                if w is not None:
                    return w
        parts = text.split(" ")
        total = 0.0
        for part in parts:
            if not part:
                continue
            f = next((f for f in self.fonts if f.covers(part)), None)
            if f is None:
                return None
            u = f.advance_units(part, variations)
            if u is None:
                return None
            total += u * size / f.upem
        nsp = len(parts) - 1
        if nsp:
            f = next((f for f in self.fonts if 32 in f.cmap), None)
            if f is None:
                return None
            total += nsp * f.advance_units(" ", variations) * size / f.upem
        self.split_used.add(text)
        if track:
            total += tracking(size) * graphemes(text)
        return total


def classify(paths):
    """-> VariableSet or None, {('text'|'display', weight): Font}"""
    variables, static = [], {}
    for p in paths:
        f = Font(p)
        if f.variable:
            variables.append(f)
            continue
        full = f.full.lower()
        kind = "text" if " text" in full else "display" if " display" in full else None
        if "italic" in full or kind is None:
            continue
        for w in WEIGHTS:
            if full.endswith(" " + w):
                static[(kind, w)] = f
    # biggest coverage first
    variables.sort(key=lambda f: -len(f.cmap))
    return (VariableSet(variables) if variables else None), static


def pct(sorted_vals, q):
    # linear interpolation percentile (numpy's default)
    if not sorted_vals:
        return float("nan")
    k = (len(sorted_vals) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return sorted_vals[lo] + (sorted_vals[hi] - sorted_vals[lo]) * (k - lo)


def stats(vals):
    s = sorted(vals)
    p5 = pct(s, 0.05)
    band = max(0.0, math.ceil((1 - p5) * 200 - 1e-9) / 2)
    return dict(n=len(s), p5=p5, p50=pct(s, 0.5), p95=pct(s, 0.95), min=s[0] if s else float("nan"),
                max=s[-1] if s else float("nan"), band=band)


def fmt_row(label, st):
    return (f"| {label} | {st['n']} | {st['p5']:.3f} | {st['p50']:.3f} | {st['p95']:.3f} | "
            f"{st['min']:.3f} | {st['max']:.3f} | {st['band']:.1f} % |")


HDR = "| band × weight | n | p5 | p50 | p95 | min | max | band (1 − p5) |\n|---|---|---|---|---|---|---|---|"


def load_corpus(path):
    rows = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            lang, text = line.split("\t", 1)
            rows.append((lang, unicodedata.normalize("NFC", text)))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inter-dir", required=True)
    ap.add_argument("--sf", nargs="+", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--wght", default="400,500,600,700",
                    help="variable-font wght for regular,medium,semibold,bold (named instances are 400,510,590,700)")
    ap.add_argument("--inter-rule", choices=["switch", "interp"], default="interp",
                    help="switch: Inter < 20 pt, Inter Display >= 20 pt (today); interp: advances interpolated Inter@17..Inter Display@28 (point-5 rule c)")
    ap.add_argument("--point5", action="store_true", help="also run the 17..28 pt static-rule comparison")
    ap.add_argument("--check-split", action="store_true", help="measure the error of word-by-word shaping on a copy that has the space")
    ap.add_argument("--by-lang", action="store_true", help="p5/p50 per language and size band")
    ap.add_argument("--worst", type=int, default=0, help="list the N narrowest strings (distinct)")
    ap.add_argument("--per-size", action="store_true", help="also print per-size rows")
    args = ap.parse_args()

    wght = dict(zip(WEIGHTS, [float(x) for x in args.wght.split(",")]))
    corpus = load_corpus(args.corpus)
    inter = {w: Font(os.path.join(args.inter_dir, f"Inter-{INTER_STYLE[w]}.otf")) for w in WEIGHTS}
    inter_d = {w: Font(os.path.join(args.inter_dir, f"InterDisplay-{INTER_STYLE[w]}.otf")) for w in WEIGHTS}
    var, static = classify(args.sf)

    print("# Fonts")
    for w in WEIGHTS:
        print(f"- Inter {w}: {inter[w].path} ({inter[w].version}); Display: {inter_d[w].path} ({inter_d[w].version})")
    if var:
        for f in var.fonts:
            print(f"- variable: {f.path} '{f.full}' {f.version} axes {f.axes} trak={f.has_trak} cmap={len(f.cmap)}")
    for k, f in sorted(static.items()):
        print(f"- static {k}: {f.path} '{f.full}' {f.version} trak={f.has_trak} cmap={len(f.cmap)}")
    print(f"- variable wght map: {wght}")
    print(f"- Inter rule: {args.inter_rule}")

    def inter_width(text, size, w):
        if args.inter_rule == "interp" and 17 < size < 28:
            t = (size - 17) / 11
            return ((1 - t) * inter[w].width(text, size, track=False) + t * inter_d[w].width(text, size, track=False)
                    + tracking(size) * graphemes(text))
        f = inter[w] if size < 20 else inter_d[w]
        return f.width(text, size)

    refs = []
    if var:
        refs.append(("variable SF Pro (opsz = size, clamped to the axis)",
                     lambda text, size, w: var.width(text, size, {"wght": wght[w], "opsz": float(size)})))
    if all((k, w) in static for k in ("text", "display") for w in WEIGHTS):
        refs.append(("static SF Pro Text < 20 pt, Display >= 20 pt, + table",
                     lambda text, size, w: static[("text" if size < 20 else "display", w)].width(text, size)))

    for refname, ref in refs:
        print(f"\n## Inter / {refname}\n")
        ratios = {}  # (size, weight, subset) -> list
        bylang = {}  # (band, lang) -> list
        worst = []
        skipped = set()
        for lang, text in corpus:
            for size in SIZES:
                for w in WEIGHTS:
                    a = inter_width(text, size, w)
                    b = ref(text, size, w)
                    if a is None or b is None or b <= 0:
                        skipped.add((lang, text))
                        continue
                    sub = "digits" if lang == "num" else "words"
                    ratios.setdefault((size, w, sub), []).append(a / b)
                    ratios.setdefault((size, w, "all"), []).append(a / b)
                    bname = next(n for n, lo, hi in BANDS if lo <= size <= hi)
                    bylang.setdefault((bname, lang), []).append(a / b)
                    worst.append((a / b, size, w, lang, text))
        if var and refname.startswith("variable"):
            print(f"strings measured word by word (a variable copy lacks the space): {len(var.split_used)}")
        n_str = len({t for t in corpus}) - len(skipped)
        print(f"strings measured: {n_str} of {len(corpus)} (skipped, not covered by a font: {len(skipped)})")
        langs = sorted({l for l, t in corpus if (l, t) not in skipped})
        print(f"languages measured: {', '.join(langs)}\n")
        for sub in ("all", "words", "digits"):
            print(f"### subset: {sub}\n\n{HDR}")
            for bname, lo, hi in BANDS:
                for w in WEIGHTS:
                    vals = [r for (s, ww, ss), rs in ratios.items() if ss == sub and ww == w and lo <= s <= hi for r in rs]
                    if vals:
                        print(fmt_row(f"{bname} {w}", stats(vals)))
                vals = [r for (s, ww, ss), rs in ratios.items() if ss == sub and lo <= s <= hi for r in rs]
                if vals:
                    print(fmt_row(f"**{bname} all weights**", stats(vals)))
            print()
        if args.by_lang:
            langs_all = sorted({l for (_, l) in bylang})
            print("### by language (all sizes of the band, all weights): p5 / p50\n")
            print("| band | " + " | ".join(langs_all) + " |")
            print("|---|" + "---|" * len(langs_all))
            for bname, lo, hi in BANDS:
                cells = []
                for l in langs_all:
                    v = sorted(bylang.get((bname, l), []))
                    cells.append(f"{pct(v, .05):.3f} / {pct(v, .5):.3f}" if v else "")
                print(f"| {bname} | " + " | ".join(cells) + " |")
            print()
        if args.worst:
            worst.sort()
            print(f"### {args.worst} narrowest (Inter/SF, size, weight, lang, text)\n")
            seen = set()
            for r, size, w, lang, text in worst:
                if text in seen:
                    continue
                seen.add(text)
                print(f"- {r:.3f} {size} pt {w} [{lang}] {text!r}")
                if len(seen) >= args.worst:
                    break
            print()
        if args.per_size:
            print(f"### per size (all strings, all weights)\n\n{HDR}")
            for size in SIZES:
                vals = [r for (s, ww, ss), rs in ratios.items() if ss == "all" and s == size for r in rs]
                if vals:
                    print(fmt_row(f"{size} pt", stats(vals)))
            print()

    if args.check_split and var:
        f = next((f for f in var.fonts if 32 in f.cmap), None)
        errs = []
        for lang, text in corpus:
            if " " in text and f.covers(text):
                for w in WEIGHTS:
                    for size in (17, 22, 28):
                        v = {"wght": wght[w], "opsz": float(size)}
                        whole = f.advance_units(text, v)
                        if whole is None:
                            continue
                        split = sum(f.advance_units(p, v) for p in text.split(" ") if p) + text.count(" ") * f.advance_units(" ", v)
                        errs.append(split / whole - 1)
        if errs:
            errs.sort()
            print(f"\n## word-by-word check on {f.path}: n={len(errs)}, split/whole - 1: min {errs[0]*100:.3f} %, median {pct(errs,0.5)*100:.3f} %, max {errs[-1]*100:.3f} %")
    if args.point5:
        point5(var, static, inter, inter_d, corpus, wght)


def point5(var, static, inter, inter_d, corpus, wght):
    if not var:
        print("\n(point 5 needs the variable font)")
        return
    have_static = all((k, w) in static for k in ("text", "display") for w in WEIGHTS)
    print("\n## Point 5: static files, 17..28 pt, against the variable SF Pro at opsz = size (+ table)\n")
    print("median / p95 of |ratio - 1| in %, all weights and strings the variable font covers\n")

    def rules_sf(text, size, w):
        T, D = static[("text", w)], static[("display", w)]
        out = {}
        out["a: Text<20/Display>=20 + table"] = (T if size < 20 else D).width(text, size)
        out["b: Text<20/Display>=20 + own trak"] = (T if size < 20 else D).width(text, size, track=False, own_trak=True)
        out["b2: Display + own trak"] = D.width(text, size, track=False, own_trak=True)
        t = min(1.0, max(0.0, (size - 17) / 11))
        wt, wd = T.width(text, size, track=False), D.width(text, size, track=False)
        out["c: interpolate Text17..Display28 + table"] = None if wt is None or wd is None else (1 - t) * wt + t * wd + tracking(size) * graphemes(text)
        return out

    def rules_inter(text, size, w):
        T, D = inter[w], inter_d[w]
        out = {}
        out["a: Inter<20/Inter Display>=20 + table"] = (T if size < 20 else D).width(text, size)
        t = min(1.0, max(0.0, (size - 17) / 11))
        wt, wd = T.width(text, size, track=False), D.width(text, size, track=False)
        out["c: interpolate Inter17..Inter Display28 + table"] = (1 - t) * wt + t * wd + tracking(size) * graphemes(text)
        out["d: Inter (Text) at every size + table"] = T.width(text, size)
        t2 = min(1.0, max(0.0, (size - 20) / 8))
        out["e: Inter <=20, interpolate Inter20..Inter Display28 + table"] = (1 - t2) * wt + t2 * wd + tracking(size) * graphemes(text)
        return out

    sets = []
    if have_static:
        sets.append(("SF Pro static files", rules_sf))
    sets.append(("Inter / Inter Display", rules_inter))
    for setname, rules in sets:
        res = {}
        for lang, text in corpus:
            for size in range(17, 29):
                for w in WEIGHTS:
                    ref = var.width(text, size, {"wght": wght[w], "opsz": float(size)})
                    if ref is None:
                        continue
                    for rname, v in rules(text, size, w).items():
                        if v is None:
                            continue
                        res.setdefault(rname, {}).setdefault(size, []).append(v / ref)
        rnames = list(res)
        print(f"### {setname}\n")
        print("| size | " + " | ".join(rnames) + " |")
        print("|---|" + "---|" * len(rnames))
        for size in range(17, 29):
            cells = []
            for r in rnames:
                vals = sorted(abs(x - 1) * 100 for x in res[r].get(size, []))
                med_signed = statistics.median(res[r][size]) if res[r].get(size) else float("nan")
                cells.append(f"{pct(vals, 0.5):.2f} / {pct(vals, 0.95):.2f} (med ratio {med_signed:.3f})")
            print(f"| {size} | " + " | ".join(cells) + " |")
        cells = []
        for r in rnames:
            vals = sorted(abs(x - 1) * 100 for s in res[r] for x in res[r][s])
            cells.append(f"{pct(vals, 0.5):.2f} / {pct(vals, 0.95):.2f}")
        print("| 17-28 all | " + " | ".join(cells) + " |\n")


if __name__ == "__main__":
    main()
