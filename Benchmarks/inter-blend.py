"""The Inter pair blended as LabelSpec blends it (Inter at 17 pt to Inter Display at --display pt,
advances interpolated, + the HIG table) against the variable SF Pro at opsz = size + the same
table, per weight, 11-19 and 20-28 pt, words and digits: the near-limit bands of
docs/measurement.md, "Stand-ins". Prints statistics only.
  python3 Benchmarks/inter-blend.py --sf /path/SF-Pro.ttf [--display 25]"""
import argparse, importlib.util, math, os, sys
ap = argparse.ArgumentParser()
ap.add_argument("--sf", required=True, help="the variable SF Pro")
ap.add_argument("--display", type=float, default=25, help="the size at which Inter Display takes over")
ap.add_argument("--inter-dir", default="/usr/share/fonts/opentype/inter/")
args = ap.parse_args()
sys.argv=[sys.argv[0]]
HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("dm", os.path.join(HERE, "designs-measure.py"))
dm = importlib.util.module_from_spec(spec); spec.loader.exec_module(dm)
Font, hig, graphemes = dm.Font, dm.hig_tracking, dm.graphemes
corpus = dm.load_corpus(os.path.join(HERE, "stand-in-corpus.txt"))
def pct(v,p):
    v=sorted(v); k=(len(v)-1)*p/100; f=int(k); c=min(f+1,len(v)-1); return v[f]+(v[c]-v[f])*(k-f)
I=args.inter_dir.rstrip("/")+"/"
W={"regular":("Regular",400),"medium":("Medium",500),"semibold":("SemiBold",600),"bold":("Bold",700)}
IT={w:Font(I+f"Inter-{W[w][0]}.otf") for w in W}; ID={w:Font(I+f"InterDisplay-{W[w][0]}.otf") for w in W}
SF=Font(args.sf)
for lo,hi,sizes in [(11,19,[11,12,13,15,16,17,19]),(20,28,[20,22,24,26,28])]:
    for kind in ["words","digits"]:
        line=[]
        for w in W:
            v=[]
            for size in sizes:
                t=max(0,min(1,(size-17)/(args.display-17)))
                for lang,text in corpus:
                    if (lang=="num")!=(kind=="digits"): continue
                    b=SF.width(text,size,{"opsz":size,"wght":W[w][1]},track_pt=hig(size)) if SF.covers(text) else None
                    a1,a2=IT[w].units(text),ID[w].units(text)
                    if b is None or a1 is None or a2 is None: continue
                    v.append(((1-t)*a1/IT[w].upem*size+t*a2/ID[w].upem*size+hig(size)*graphemes(text))/b)
            p5=pct(v,5); band=math.ceil((1-p5)*200)/2
            line.append(f"{w} p5 {p5:.3f} p50 {pct(v,50):.3f} p95 {pct(v,95):.3f} band {band}%")
        print(lo,hi,kind,"; ".join(line))
