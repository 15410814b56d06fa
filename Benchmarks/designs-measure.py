#!/usr/bin/env python3
"""Stand-ins for the iOS system font designs (.rounded, .monospaced, .serif)
and the monospacedDigit check, measured the way LabelSpec measures: sum of
HarfBuzz advances (default features, kerning on) x size / upem, plus tracking
x grapheme clusters.  Companion of stand-in-error.py (same corpus, same grapheme
count, same percentile and band rules).  See designs.md.

Apple fonts are read from paths given on the command line (they live in
/tmp/designs and /tmp/sfbands only); nothing Apple-made is embedded here.

Reference widths (what iOS draws, as far as the files tell):
  rounded : static SF Pro Rounded <Weight>.otf + its own 'trak' normal track
  mono    : static SF Mono <Weight>.otf (no 'trak' in the files)
  serif   : variable New York, opsz = point size (clamped to the axis),
            wght = the named instance's coordinate from fvar,
            + its own 'trak' normal track (the file has trak and STAT)
Candidate widths: Debian font advances x size / upem, + tracking per --track:
  none   : no tracking (what the brief proposes for mono/serif)
  hig    : (Inter rows of rounded only) the HIG tracking table of stand-in-error.py,
           i.e. LabelSpec's default-design path reused for .rounded
  design : the Apple file's own normal track at that size, in pt per grapheme
           (the same amount the reference gets)
HarfBuzz >= 10 applies AAT 'trak' by itself when a face has trak + STAT (at
12 pt when ptem is unset); the 'trak' feature does not switch it off, so
faces are built from an in-memory copy without 'trak' and tracking is added
here explicitly.

Usage: see designs.md.  Needs uharfbuzz, fonttools, fc-match.
"""
import argparse, io, math, os, statistics, subprocess, sys, unicodedata
import uharfbuzz as hb
from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import importlib.util
_spec = importlib.util.spec_from_file_location("sfm", os.path.join(HERE, "stand-in-error.py"))
sfm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sfm)
graphemes, pct, stats, load_corpus, hig_tracking = sfm.graphemes, sfm.pct, sfm.stats, sfm.load_corpus, sfm.tracking


class Font:
    def __init__(self, path, variations=None):
        self.path = path
        tt = TTFont(path)
        name = tt["name"]
        self.family = name.getDebugName(16) or name.getDebugName(1) or ""
        self.full = name.getDebugName(4) or ""
        self.version = name.getDebugName(5) or ""
        self.cmap = set(tt.getBestCmap().keys())
        self.trak = None
        if "trak" in tt:
            hd = tt["trak"].horizData
            if 0.0 in hd:
                self.trak = sorted(hd[0.0].items())
            del tt["trak"]
            bio = io.BytesIO()
            tt.save(bio)
            blob = hb.Blob(bio.getvalue())
        else:
            blob = hb.Blob.from_file_path(path)
        self.axes = {a.axisTag: (a.minValue, a.defaultValue, a.maxValue) for a in tt["fvar"].axes} if "fvar" in tt else {}
        self.instances = {}
        if "fvar" in tt:
            for ins in tt["fvar"].instances:
                self.instances[name.getDebugName(ins.subfamilyNameID)] = dict(ins.coordinates)
        self.face = hb.Face(blob)
        self.upem = self.face.upem
        self.variations = variations or {}
        self.cache = {}

    def covers(self, text):
        return all(ord(c) in self.cmap or c.isspace() for c in text)

    def units(self, text, variations=None, features=None):
        var = dict(self.variations)
        var.update(variations or {})
        var = {k: v for k, v in var.items() if k in self.axes}
        if "opsz" in var:
            lo, _, hi = self.axes["opsz"]
            var["opsz"] = min(hi, max(lo, var["opsz"]))
        key = (text, tuple(sorted(var.items())), tuple(sorted((features or {}).items())))
        if key in self.cache:
            return self.cache[key]
        f = hb.Font(self.face)
        f.scale = (self.upem, self.upem)
        if var:
            f.set_variations(var)
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(f, buf, features or {})
        v = None if any(i.codepoint == 0 for i in buf.glyph_infos) else sum(p.x_advance for p in buf.glyph_positions)
        self.cache[key] = v
        return v

    def trak_pt(self, size):
        """own normal track at `size`, in points per grapheme (0 without trak)"""
        t = self.trak
        if not t:
            return 0.0
        if size <= t[0][0]:
            u = t[0][1]
        elif size >= t[-1][0]:
            u = t[-1][1]
        else:
            for (s0, v0), (s1, v1) in zip(t, t[1:]):
                if s0 <= size <= s1:
                    u = v0 + (v1 - v0) * (size - s0) / (s1 - s0)
                    break
        return u * size / self.upem

    def width(self, text, size, variations=None, features=None, track_pt=0.0):
        u = self.units(text, variations, features)
        if u is None:
            return None
        return u * size / self.upem + track_pt * graphemes(text)


def fc(family, style):
    out = subprocess.run(["fc-match", "-f", "%{file}\t%{family}", f"{family}:style={style}"],
                         capture_output=True, text=True).stdout
    path, fam = out.split("\t", 1)
    if family.lower() not in fam.lower():
        return None
    return path


# Candidates: label -> (Debian package, family for fc-match, regular style, bold style)
CANDIDATES = {
    "rounded": [
        ("Inter (Inter < 20 pt, Inter Display >= 20 pt)", "fonts-inter", "INTER-RULE", None, None),
        ("Inter (text cut at every size)", "fonts-inter", "INTER-TEXT", None, None),
        ("Inter Display at every size", "fonts-inter", "INTER-DISPLAY", None, None),
        ("Quicksand", "fonts-quicksand", "Quicksand", "Regular", "Bold"),
        ("Comfortaa", "fonts-comfortaa", "Comfortaa", "Regular", "Bold"),
        ("Dosis", "fonts-dosis", "Dosis", "Book", "Bold"),
        ("Eurofurence", "fonts-eurofurence", "eurofurence", "regular", "bold"),
        ("Comic Neue", "fonts-comic-neue", "Comic Neue", "Regular", "Bold"),
        ("M PLUS 1 (not rounded; Rounded 1c is not packaged)", "fonts-mplus", "M PLUS 1", "Regular", "Bold"),
        ("Manrope", "fonts-manrope", "Manrope", "Regular", "Bold"),
    ],
    "mono": [
        ("DejaVu Sans Mono", "fonts-dejavu-core", "DejaVu Sans Mono", "Book", "Bold"),
        ("Noto Sans Mono", "fonts-noto-mono / fonts-noto-core", "Noto Sans Mono", "Regular", "Bold"),
        ("Liberation Mono", "fonts-liberation2", "Liberation Mono", "Regular", "Bold"),
        ("Cousine", "fonts-croscore", "Cousine", "Regular", "Bold"),
        ("JetBrains Mono", "fonts-jetbrains-mono", "JetBrains Mono", "Regular", "Bold"),
        ("Hack", "fonts-hack", "Hack", "Regular", "Bold"),
        ("Go Mono", "fonts-go", "Go Mono", "Regular", "Bold"),
        ("Courier Prime", "fonts-courier-prime", "Courier Prime", "Regular", "Bold"),
        ("Anonymous Pro", "fonts-anonymous-pro", "Anonymous Pro", "Regular", "Bold"),
        ("FreeMono", "fonts-freefont-otf", "FreeMono", "Regular", "Bold"),
        ("Inconsolata", "fonts-inconsolata", "Inconsolata", "Regular", "Bold"),
        ("mononoki", "fonts-mononoki", "mononoki", "Regular", "Bold"),
        ("Fira Code", "fonts-firacode", "Fira Code", "Regular", "Bold"),
    ],
    "serif": [
        ("Noto Serif", "fonts-noto-core", "Noto Serif", "Regular", "Bold"),
        ("Noto Serif Display", "fonts-noto-extra", "Noto Serif Display", "Regular", "Bold"),
        ("DejaVu Serif", "fonts-dejavu-core", "DejaVu Serif", "Book", "Bold"),
        ("Liberation Serif", "fonts-liberation2", "Liberation Serif", "Regular", "Bold"),
        ("Tinos", "fonts-croscore", "Tinos", "Regular", "Bold"),
        ("Caladea", "fonts-crosextra-caladea", "Caladea", "Regular", "Bold"),
        ("Charis SIL", "fonts-sil-charis", "Charis SIL", "Regular", "Bold"),
        ("Gentium Plus", "fonts-sil-gentiumplus", "Gentium Plus", "Regular", "Bold"),
        ("PT Serif", "fonts-paratype", "PT Serif", "Regular", "Bold"),
        ("PT Serif Caption", "fonts-paratype", "PT Serif Caption", "Regular", "Regular"),
        ("TeX Gyre Termes", "fonts-texgyre", "TeX Gyre Termes", "Regular", "Bold"),
        ("TeX Gyre Pagella", "fonts-texgyre", "TeX Gyre Pagella", "Regular", "Bold"),
        ("TeX Gyre Schola", "fonts-texgyre", "TeX Gyre Schola", "Regular", "Bold"),
        ("TeX Gyre Bonum", "fonts-texgyre", "TeX Gyre Bonum", "Regular", "Bold"),
        ("C059 (Century Schoolbook)", "fonts-urw-base35", "C059", "Roman", "Bold"),
        ("P052 (Palatino)", "fonts-urw-base35", "P052", "Roman", "Bold"),
        ("Nimbus Roman", "fonts-urw-base35", "Nimbus Roman", "Regular", "Bold"),
        ("Linux Libertine O", "fonts-linuxlibertine", "Linux Libertine O", "Regular", "Bold"),
        ("STIX", "fonts-stix", "STIXGeneral", "Regular", "Bold"),
        ("EB Garamond", "fonts-ebgaramond", "EB Garamond", "Regular", "Bold"),
        ("Vollkorn", "fonts-vollkorn", "Vollkorn", "Regular", "Bold"),
        ("Yrsa", "fonts-yrsa-rasa", "Yrsa", "Regular", "Bold"),
        ("Quattrocento", "fonts-quattrocento", "Quattrocento", "Regular", "Bold"),
        ("Old Standard TT", "fonts-oldstandard", "Old Standard TT", "Regular", "Bold"),
        ("Cardo", "fonts-cardo", "Cardo", "Regular", "Bold"),
        ("Roboto Slab", "fonts-roboto-slab", "Roboto Slab", "Regular", "Bold"),
        ("FreeSerif", "fonts-freefont-otf", "FreeSerif", "Regular", "Bold"),
        ("CMU Serif", "fonts-cmu", "CMU Serif", "Roman", "Bold"),
        ("Baskervald ADF Std", "fonts-adf-baskervald", "Baskervald ADF Std", "Regular", "Bold"),
        ("GFS Didot", "fonts-gfs-didot", "GFS Didot", "Regular", "Bold"),
    ],
}

INTER_DIR = "/usr/share/fonts/opentype/inter"


def load_candidate(label, pkg, fam, rs, bs):
    """-> {weight: (callable(size) -> Font, wght)} or None"""
    if fam.startswith("INTER"):
        t = {w: Font(os.path.join(INTER_DIR, f"Inter-{s}.otf")) for w, s in (("regular", "Regular"), ("bold", "Bold"))}
        d = {w: Font(os.path.join(INTER_DIR, f"InterDisplay-{s}.otf")) for w, s in (("regular", "Regular"), ("bold", "Bold"))}
        if fam == "INTER-RULE":
            return {w: (lambda size, w=w: t[w] if size < 20 else d[w]) for w in t}
        if fam == "INTER-TEXT":
            return {w: (lambda size, w=w: t[w]) for w in t}
        return {w: (lambda size, w=w: d[w]) for w in d}
    out = {}
    for w, st in (("regular", rs), ("bold", bs)):
        p = fc(fam, st)
        if p is None:
            return None
        f = Font(p)
        if "wght" in f.axes:
            f.variations = {"wght": 400.0 if w == "regular" else 700.0}
        elif w == "bold" and rs == bs:
            return None
        out[w] = (lambda size, f=f: f)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--rounded", nargs=2, metavar=("REGULAR", "BOLD"))
    ap.add_argument("--mono", nargs=2, metavar=("REGULAR", "BOLD"))
    ap.add_argument("--serif", metavar="NEWYORK_TTF")
    ap.add_argument("--sfpro", metavar="SF_PRO_TTF", help="variable SF Pro, for the Rounded-vs-SF-Pro and monospacedDigit checks")
    ap.add_argument("--sfpro-static-dir", help="dir with SF-Pro-{Text,Display}-{Regular,Bold}.otf")
    ap.add_argument("--sizes", default="17,28")
    ap.add_argument("--per-size", default="", help="extra sizes for the top candidates, e.g. 11,13,20,22,34,40")
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--only", default="", help="comma-separated label prefixes: per-size rows for these candidates instead of the top N")
    args = ap.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    corpus = load_corpus(args.corpus)

    refs = {}
    if args.rounded:
        R = {"regular": Font(args.rounded[0]), "bold": Font(args.rounded[1])}
        refs["rounded"] = lambda text, size, w: R[w].width(text, size, track_pt=R[w].trak_pt(size)) if R[w].covers(text) else None
        refs["rounded:track"] = lambda size, w: R[w].trak_pt(size)
        print(f"# rounded reference: {R['regular'].full} / {R['bold'].full} ({R['regular'].version}); own trak, normal track")
    if args.mono:
        M = {"regular": Font(args.mono[0]), "bold": Font(args.mono[1])}
        refs["mono"] = lambda text, size, w: M[w].width(text, size) if M[w].covers(text) else None
        refs["mono:track"] = lambda size, w: 0.0
        print(f"# mono reference: {M['regular'].full} ({M['regular'].version}) / {M['bold'].full} ({M['bold'].version}); no trak in the files")
    if args.serif:
        N = Font(args.serif)
        wq = {"regular": N.instances.get("Regular", {}).get("wght", 400.0), "bold": N.instances.get("Bold", {}).get("wght", 700.0)}
        refs["serif"] = lambda text, size, w: N.width(text, size, {"opsz": size, "wght": wq[w]}, track_pt=N.trak_pt(size)) if N.covers(text) else None
        refs["serif:track"] = lambda size, w: N.trak_pt(size)
        refs["serif:notrak"] = lambda text, size, w: N.width(text, size, {"opsz": size, "wght": wq[w]}) if N.covers(text) else None
        print(f"# serif reference: {N.full} ({N.version}), opsz = size clamped to {N.axes.get('opsz')}, wght regular {wq['regular']} / bold {wq['bold']} (named instances); own trak")

    for design in ("rounded", "mono", "serif"):
        if design not in refs:
            continue
        ref = refs[design]
        trk = refs[design + ":track"]
        print(f"\n## {design}\n")
        print("track (pt per grapheme) the reference gets: " + ", ".join(f"{s:g} pt: {trk(s, 'regular'):+.3f}" for s in sizes + [float(x) for x in args.per_size.split(',') if x]))
        print("\nratio = candidate / Apple, pooled over sizes " + ", ".join(f"{s:g}" for s in sizes) + " and regular + bold; strings the Apple file covers; "
              "cov = strings the candidate also covers\n")
        print("| candidate | package | cov | tracking on candidate | p5 | p50 | p95 | min | max | band | p50 17 R / 17 B / 28 R / 28 B | words only p5 / p50 / p95 (band) | digits only p5 / p50 (band) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        ranking = []
        for label, pkg, fam, rs, bs in CANDIDATES[design]:
            cand = load_candidate(label, pkg, fam, rs, bs)
            if cand is None:
                print(f"| {label} | {pkg} | not found | | | | | | | | | | |")
                continue
            modes = ["none", "design"] if design != "mono" else ["none"]
            if design == "rounded" and fam.startswith("INTER"):
                modes.append("hig")
            for mode in modes:
                vals, cell, cov, tot = [], {}, 0, 0
                sub = {"words": [], "digits": []}
                for lang, text in corpus:
                    ok = True
                    rows = []
                    for size in sizes:
                        for w in ("regular", "bold"):
                            b = ref(text, size, w)
                            if b is None:
                                ok = None
                                break
                            f = cand[w](size)
                            tp = trk(size, w) if mode == "design" else hig_tracking(size) if mode == "hig" else 0.0
                            a = f.width(text, size, track_pt=tp) if f.covers(text) else None
                            if a is None:
                                ok = False
                            rows.append((size, w, a, b))
                        if ok is None:
                            break
                    if ok is None:
                        continue
                    tot += 1
                    if not ok:
                        continue
                    cov += 1
                    for size, w, a, b in rows:
                        vals.append(a / b)
                        sub["digits" if lang == "num" else "words"].append(a / b)
                        cell.setdefault((size, w), []).append(a / b)
                st = stats(vals)
                meds = " / ".join(f"{statistics.median(cell[(s, w)]):.3f}" for s in sizes for w in ("regular", "bold") if (s, w) in cell)
                sw, sd = stats(sub["words"]), stats(sub["digits"])
                print(f"| {label} | {pkg} | {cov}/{tot} | {mode} | {st['p5']:.3f} | {st['p50']:.3f} | {st['p95']:.3f} | {st['min']:.3f} | {st['max']:.3f} | {st['band']:.1f} % | {meds} | {sw['p5']:.3f} / {sw['p50']:.3f} / {sw['p95']:.3f} ({sw['band']:.1f} %) | {sd['p5']:.3f} / {sd['p50']:.3f} ({sd['band']:.1f} %) |")
                ranking.append((abs(st['p50'] - 1) + (st['p95'] - st['p5']) / 2, label, mode, cand, cov, tot))
        if args.per_size:
            ps = sorted(set(sizes + [float(x) for x in args.per_size.split(",")]))
            ranking.sort(key=lambda r: r[0])
            print(f"\n### per size, top {args.top} (by |p50-1| + (p95-p5)/2): p5 / p50 / p95 (regular + bold)\n")
            print("| candidate | tracking | " + " | ".join(f"{s:g}" for s in ps) + " |")
            print("|---|---|" + "---|" * len(ps))
            pick = ranking[: args.top]
            if args.only:
                pick = [r for r in ranking if any(r[1].startswith(o) for o in args.only.split(","))]
            for _, label, mode, cand, cov, tot in pick:
                cells = []
                for size in ps:
                    v = []
                    for lang, text in corpus:
                        for w in ("regular", "bold"):
                            b = ref(text, size, w)
                            f = cand[w](size)
                            if b is None or not f.covers(text):
                                continue
                            tp = trk(size, w) if mode == "design" else hig_tracking(size) if mode == "hig" else 0.0
                            v.append(f.width(text, size, track_pt=tp) / b)
                    v.sort()
                    cells.append(f"{pct(v,.05):.3f} / {pct(v,.5):.3f} / {pct(v,.95):.3f}")
                print(f"| {label} | {mode} | " + " | ".join(cells) + " |")

    # New York: effect of its own trak, and of opsz
    if args.serif:
        print("\n## New York facts by size (regular): own track in pt/grapheme; median width vs opsz=256 (same size, no trak)\n")
        print("| size | track pt | median (opsz=size)/(opsz=256) | median with trak / without |")
        print("|---|---|---|---|")
        for size in (6, 9, 11, 12, 13, 15, 17, 20, 22, 28, 34, 40, 48, 64, 96):
            r1, r2 = [], []
            for lang, text in corpus:
                if not N.covers(text):
                    continue
                a = N.width(text, size, {"opsz": size, "wght": wq["regular"]})
                b = N.width(text, size, {"opsz": 256.0, "wght": wq["regular"]})
                c = N.width(text, size, {"opsz": size, "wght": wq["regular"]}, track_pt=N.trak_pt(size))
                r1.append(a / b)
                r2.append(c / a)
            print(f"| {size} | {N.trak_pt(size):+.3f} | {statistics.median(r1):.4f} | {statistics.median(r2):.4f} |")

    # SF Pro Rounded vs SF Pro
    if args.rounded and args.sfpro:
        V = Font(args.sfpro)
        print("\n## SF Pro Rounded (static + own trak) / SF Pro, same strings\n")
        print("| size | weight | vs variable SF Pro opsz=size + HIG table: p5 / p50 / p95 | vs variable SF Pro, no tracking either side | vs static SF Pro Display + own trak |")
        print("|---|---|---|---|---|")
        SD = {}
        if args.sfpro_static_dir:
            SD = {w: Font(os.path.join(args.sfpro_static_dir, f"SF-Pro-Display-{s}.otf")) for w, s in (("regular", "Regular"), ("bold", "Bold"))}
        for size in (11.0, 13.0, 15.0, 17.0, 20.0, 22.0, 28.0, 34.0):
            for w in ("regular", "bold"):
                a1, a2, a3 = [], [], []
                for lang, text in corpus:
                    if not (R[w].covers(text) and V.covers(text)):
                        continue
                    r = R[w].width(text, size, track_pt=R[w].trak_pt(size))
                    v = V.width(text, size, {"opsz": size, "wght": 400.0 if w == "regular" else 700.0}, track_pt=hig_tracking(size))
                    a1.append(r / v)
                    a2.append(R[w].width(text, size) / V.width(text, size, {"opsz": size, "wght": 400.0 if w == "regular" else 700.0}))
                    if SD:
                        a3.append(r / SD[w].width(text, size, track_pt=SD[w].trak_pt(size)))
                f = lambda v: (f"{pct(sorted(v),.05):.3f} / {pct(sorted(v),.5):.3f} / {pct(sorted(v),.95):.3f}" if v else "")
                print(f"| {size:g} | {w} | {f(a1)} | {f(a2)} | {f(a3)} |")

    # monospacedDigit
    if args.sfpro:
        V = Font(args.sfpro)
        it = {w: Font(os.path.join(INTER_DIR, f"Inter-{s}.otf")) for w, s in (("regular", "Regular"), ("bold", "Bold"))}
        idp = {w: Font(os.path.join(INTER_DIR, f"InterDisplay-{s}.otf")) for w, s in (("regular", "Regular"), ("bold", "Bold"))}
        nums = [t for l, t in corpus if l == "num" and V.covers(t)]
        print(f"\n## monospacedDigit ({len(nums)} digit strings of the corpus; widths include the HIG tracking on both sides)\n")
        print("| size | weight | SF tnum / SF default: p5 / p50 / p95 | Inter tnum / SF tnum: p5 / p50 / p95 | Inter default / SF default (today) |")
        print("|---|---|---|---|---|")
        for size in (11.0, 17.0, 20.0, 22.0, 28.0, 34.0):
            for w in ("regular", "bold"):
                var = {"opsz": size, "wght": 400.0 if w == "regular" else 700.0}
                I = it[w] if size < 20 else idp[w]
                a, b, c = [], [], []
                for t in nums:
                    sft = V.width(t, size, var, {"tnum": True}, track_pt=hig_tracking(size))
                    sfd = V.width(t, size, var, track_pt=hig_tracking(size))
                    a.append(sft / sfd)
                    b.append(I.width(t, size, None, {"tnum": True}, track_pt=hig_tracking(size)) / sft)
                    c.append(I.width(t, size, track_pt=hig_tracking(size)) / sfd)
                f = lambda v: f"{pct(sorted(v),.05):.3f} / {pct(sorted(v),.5):.3f} / {pct(sorted(v),.95):.3f}"
                print(f"| {size:g} | {w} | {f(a)} | {f(b)} | {f(c)} |")
        print("\ndigit advances (em): default / tnum")
        for label, font, var in (("SF Pro opsz 17 wght 400", V, {"opsz": 17.0, "wght": 400.0}), ("SF Pro opsz 28 wght 400", V, {"opsz": 28.0, "wght": 400.0}),
                                 ("SF Pro opsz 17 wght 700", V, {"opsz": 17.0, "wght": 700.0}),
                                 ("Inter Regular", it["regular"], None), ("Inter Display Regular", idp["regular"], None), ("Inter Bold", it["bold"], None)):
            d = [font.units(c, var) / font.upem for c in "0123456789"]
            tn = [font.units(c, var, {"tnum": True}) / font.upem for c in "0123456789"]
            print(f"- {label}: default " + " ".join(f"{x:.3f}" for x in d) + " | tnum " + " ".join(f"{x:.3f}" for x in tn))


if __name__ == "__main__":
    main()
