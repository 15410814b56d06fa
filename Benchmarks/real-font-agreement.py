#!/usr/bin/env python3
"""How a project's verdicts with the stand-ins compare with its verdicts with Apple's fonts:
`labelspec check . --format json` in TREE twice, without and with `--font-dir FONTS`, and the
`truncates` / `clipped` findings of each matched by file, line and column; each one that only
one side has is listed with the other side's `near-limit` finding for it, if any.

  python3 Benchmarks/real-font-agreement.py --bin .build/debug/labelspec --fonts DIR TREE

DIR holds Apple's files under Apple's names (docs/measurement.md, "Apple's fonts"); nothing of
them is read by this script. Python 3, standard library only."""
import argparse, json, subprocess

ap = argparse.ArgumentParser()
ap.add_argument("--bin", required=True)
ap.add_argument("--fonts", required=True)
ap.add_argument("tree")
args = ap.parse_args()


def findings(extra):
    out = subprocess.run([args.bin, "check", ".", "--format", "json"] + extra, cwd=args.tree, capture_output=True, text=True).stdout
    return {(f.get("file"), f.get("line"), f.get("column"), f.get("code")): f.get("message", "") for f in json.loads(out)}


stand_in, real = findings([]), findings(["--font-dir", args.fonts])
for code in ("truncates", "clipped"):
    s = {k[:3] for k in stand_in if k[3] == code}
    r = {k[:3] for k in real if k[3] == code}
    print(f"{code}: stand-ins {len(s)}, Apple's fonts {len(r)}, both {len(s & r)}")
    for only, other, name in ((s - r, real, "stand-ins only"), (r - s, stand_in, "Apple's fonts only")):
        for k in sorted(only):
            near = other.get(k + ("near-limit",))
            print(f"  {name}: {k[0]}:{k[1]}:{k[2]}; the other side: " + (f"near-limit: {near[:90]}" if near else "no near-limit"))
