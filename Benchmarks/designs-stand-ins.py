"""Stand-ins as LabelSpec draws them (issue 36 points 3-4), against Apple's files.
rounded: Inter pair blended 17->28 pt + HIG table, against static SF Pro Rounded + its own trak.
serif: Noto Serif, no tracking, against NewYork.ttf at opsz=size + its own trak: median ratio per size
(the width correction LabelSpec applies) and p5 after the correction (the band).
Prints statistics only."""
import argparse, importlib.util, os, sys
ap = argparse.ArgumentParser()
ap.add_argument("--rounded-dir", required=True, help="folder with SF-Pro-Rounded-{Regular,Bold}.otf")
ap.add_argument("--newyork", required=True, help="NewYork.ttf (variable)")
args = ap.parse_args()
sys.argv = [sys.argv[0]]
spec = importlib.util.spec_from_file_location("dm", __import__("os").path.join(__import__("os").path.dirname(__file__), "designs-measure.py"))
dm = importlib.util.module_from_spec(spec); spec.loader.exec_module(dm)
Font, hig, graphemes, load_corpus = dm.Font, dm.hig_tracking, dm.graphemes, dm.load_corpus
corpus = load_corpus(__import__("os").path.join(__import__("os").path.dirname(__file__), "stand-in-corpus.txt"))
def pct(v, p):
    v = sorted(v); k = (len(v) - 1) * p / 100; f = int(k); c = min(f + 1, len(v) - 1)
    return v[f] + (v[c] - v[f]) * (k - f)
I = "/usr/share/fonts/opentype/inter/"
W = {"regular": ("Regular", "Regular", 400), "bold": ("Bold", "Bold", 700)}
print("## rounded: Inter pair blend + HIG / SF Pro Rounded static + own trak")
R = {w: Font(os.path.join(args.rounded_dir, f"SF-Pro-Rounded-{W[w][0]}.otf")) for w in W}
IT = {w: Font(I + f"Inter-{W[w][1]}.otf") for w in W}
ID = {w: Font(I + f"InterDisplay-{W[w][1]}.otf") for w in W}
for size in [11, 13, 17, 20, 22, 24, 28, 34, 53]:
    t = min(1, max(0, (size - 17) / 11))
    v, words, digits = [], [], []
    for lang, text in corpus:
        for w in W:
            b = R[w].width(text, size, track_pt=R[w].trak_pt(size)) if R[w].covers(text) else None
            a1, a2 = IT[w].units(text), ID[w].units(text)
            if b is None or a1 is None or a2 is None: continue
            a = ((1 - t) * a1 / IT[w].upem + t * a2 / ID[w].upem) * size + hig(size) * graphemes(text)
            v.append(a / b); (digits if lang == "num" else words).append(a / b)
    print(f"{size} pt: p5 {pct(v,5):.3f} p50 {pct(v,50):.3f} p95 {pct(v,95):.3f} | words p5 {pct(words,5):.3f} | digits p5 {pct(digits,5):.3f}")
print("## serif: Noto Serif, no tracking / NewYork.ttf opsz=size + own trak")
N = Font(args.newyork)
NS = {w: Font(dm.fc("Noto Serif", W[w][1])) for w in W}
for size in [11, 13, 15, 17, 20, 22, 28, 34, 40, 53]:
    v, words = [], []
    for lang, text in corpus:
        for w in W:
            wq = N.instances.get(W[w][0], {}).get("wght", W[w][2])
            b = N.width(text, size, {"opsz": size, "wght": wq}, track_pt=N.trak_pt(size)) if N.covers(text) else None
            a = NS[w].width(text, size) if NS[w].covers(text) else None
            if a is None or b is None: continue
            v.append(a / b); (words if lang != "num" else []).append(a / b)
    m = pct(v, 50)
    print(f"{size} pt: median {m:.4f} p5 {pct(v,5):.3f} p95 {pct(v,95):.3f} | corrected p5 {pct(v,5)/m:.3f} p95 {pct(v,95)/m:.3f} | words corrected p5 {pct(words,5)/m:.3f}")
