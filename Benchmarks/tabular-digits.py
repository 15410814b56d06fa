"""`.monospacedDigit()` as LabelSpec measures it with the stand-ins (Inter blended with Inter Display
from 17 to 25 pt, `tnum` on, every digit given the advance of `0`) against the variable SF Pro with
`tnum` at opsz = size, both with the HIG table: p5 / p50 / p95 of the width ratio by size band, digit
strings and words. Statistics only.  python3 Benchmarks/tabular-digits.py /path/SF-Pro.ttf"""
import sys, importlib.util, math
import uharfbuzz as hb
SF_PATH = sys.argv[1]
sys.argv=[sys.argv[0]]
spec = importlib.util.spec_from_file_location("dm", __import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "designs-measure.py"))
dm = importlib.util.module_from_spec(spec); spec.loader.exec_module(dm)
Font, hig, graphemes = dm.Font, dm.hig_tracking, dm.graphemes
corpus = dm.load_corpus(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "stand-in-corpus.txt"))
def pct(v,p):
    v=sorted(v); k=(len(v)-1)*p/100; f=int(k); c=min(f+1,len(v)-1); return v[f]+(v[c]-v[f])*(k-f)
def units(F, text, var=None):
    f=hb.Font(F.face)
    if var: f.set_variations({k:v for k,v in var.items() if k in F.axes})
    def shape(t):
        b=hb.Buffer(); b.add_str(t); b.guess_segment_properties(); hb.shape(f,b,{"tnum":True}); return b
    zero=sum(p.x_advance for p in shape("0").glyph_positions)
    b=shape(text); enc=text.encode()
    tot=0
    for info,pos in zip(b.glyph_infos,b.glyph_positions):
        ch=enc[info.cluster:info.cluster+1]
        tot+= zero if ch.isdigit() else pos.x_advance
    return tot
I="/usr/share/fonts/opentype/inter/"
W={"regular":("Regular",400),"bold":("Bold",700)}
IT={w:Font(I+f"Inter-{W[w][0]}.otf") for w in W}; ID={w:Font(I+f"InterDisplay-{W[w][0]}.otf") for w in W}
SF=Font(SF_PATH)
for sizes,name in [([11,13,15,17,19],"11-19"),([20,22,24,26,28],"20-28"),([34,40,53],">=29")]:
  for kind in ["digits","words"]:
    v=[]
    for size in sizes:
        t=max(0,min(1,(size-17)/8))
        for lang,text in corpus:
            if (lang=="num")!=(kind=="digits"): continue
            if not SF.covers(text): continue
            for w in W:
                b=units(SF,text,{"opsz":size,"wght":W[w][1]})*size/SF.upem+hig(size)*graphemes(text)
                a=((1-t)*units(IT[w],text)/IT[w].upem+t*units(ID[w],text)/ID[w].upem)*size+hig(size)*graphemes(text)
                v.append(a/b)
    print(name,kind,f"p5 {pct(v,5):.3f} p50 {pct(v,50):.3f} p95 {pct(v,95):.3f} band {math.ceil((1-pct(v,5))*200)/2}%")
