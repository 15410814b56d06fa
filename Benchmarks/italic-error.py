#!/usr/bin/env python3
"""Italic stand-in error: Inter Italic / Inter Display Italic vs Apple's SF Pro italic files.

Generates one .labelspec per (style, size, weight) from Benchmarks/italic-corpus.txt (our own
strings: English, German, French, Spanish, Portuguese, Vietnamese, Russian, Ukrainian, Greek,
digits), measures every file with the LabelSpec CLI once with Apple's fonts (--font-dir) and once
without (the stand-ins), checks the JSON `fonts`/`standIn` of every row, and prints ratio =
stand-in width / Apple width per size x weight (docs/measurement.md, "Italics").

Runs:
  italic  Apple : --font-dir ITALIC          (SF-Pro-{Text,Display}-WItalic.otf, a static pair)
  italic  stand : no --font-dir              (Inter Italic / Inter Display Italic)
  upright Apple : --font-dir UPRIGHT         (SF-Pro.ttf, the variable font, wins when present)
  upright Apple : --font-dir UPRIGHT_STATIC  (SF-Pro-{Text,Display}-W.otf, the italics' release)
  upright stand : no --font-dir              (Inter / Inter Display)

Apple's files are not in this repository and never go into it: give folders that hold them.

Usage: python3 Benchmarks/italic-error.py --bin .build/debug/labelspec --italic DIR \
           --upright DIR --upright-static DIR [--json OUT.json]
"""
import argparse, json, os, statistics, subprocess, sys

ARGS = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ARGS.add_argument("--bin", default=".build/debug/labelspec")
ARGS.add_argument("--italic", required=True, help="a folder of SF Pro's italic files")
ARGS.add_argument("--upright", required=True, help="a folder of SF Pro's upright files (the variable SF-Pro.ttf)")
ARGS.add_argument("--upright-static", required=True, help="a folder of SF Pro's static upright pair")
ARGS.add_argument("--work", default=".build/italic-error", help="where the generated specs go")
ARGS.add_argument("--corpus", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "italic-corpus.txt"))
ARGS.add_argument("--json")
OPTS = ARGS.parse_args()

BIN = OPTS.bin
WORK = OPTS.work
CORPUS = OPTS.corpus
SIZES = [11, 13, 15, 17, 19, 22, 28, 34]
WEIGHTS = ["regular", "medium", "semibold", "bold"]
APPLE_ITALIC = OPTS.italic
APPLE_UPRIGHT_VAR = OPTS.upright
APPLE_UPRIGHT_STATIC = OPTS.upright_static
APPLE_FAMILIES = {"SF Pro", "SF Pro Text", "SF Pro Display"}
STAND_FAMILIES = {"Inter", "Inter Display"}


def load_corpus():
    rows = []
    for line in open(CORPUS, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        lang, text = line.split("\t", 1)
        rows.append((lang, text))
    return rows


def esc(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


def font_expr(size, weight, italic):
    w = "" if weight == "regular" else f", weight: .{weight}"
    return f".system(size: {size}{w})" + (".italic()" if italic else "")


def write_specs(corpus):
    files = {}
    for style in ("italic", "upright"):
        d = os.path.join(WORK, style)
        os.makedirs(d, exist_ok=True)
        for size in SIZES:
            for weight in WEIGHTS:
                path = os.path.join(d, f"s{size}-{weight}.labelspec")
                with open(path, "w", encoding="utf-8") as f:
                    for i, (_, text) in enumerate(corpus, 1):
                        # a wide label: one line, never truncated, at every size
                        f.write(f"label L{i} {{\n    text: \"{esc(text)}\"\n"
                                f"    font: {font_expr(size, weight, style == 'italic')}\n"
                                f"    width: 4000\n}}\n")
                files[(style, size, weight)] = path
    return files


def measure(paths, font_dir):
    cmd = [BIN, "measure", *paths, "--format", "json", "--content-size", "large"]
    if font_dir:
        cmd += ["--font-dir", font_dir]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd[:3])} ... failed ({out.returncode}): {out.stderr[:2000]}")
    res = {}
    for r in json.loads(out.stdout):
        key = (os.path.basename(os.path.dirname(r["file"])), os.path.basename(r["file"]), r["label"])
        assert key not in res, key
        assert r["lineCount"] == 1 and not r["truncated"], r
        res[key] = (sum(r["lineWidths"]), tuple(r["fonts"]), r["standIn"])
    return res


def pct(xs, p):
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    f = int(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)


def stats(xs):
    return dict(n=len(xs), median=statistics.median(xs), p5=pct(xs, 0.05), p95=pct(xs, 0.95),
                min=min(xs), max=max(xs))


def fmt(s):
    return f"{s['median']:.3f} [{s['p5']:.3f}, {s['p95']:.3f}]"


def main():
    corpus = load_corpus()
    files = write_specs(corpus)
    ital = [p for k, p in files.items() if k[0] == "italic"]
    upr = [p for k, p in files.items() if k[0] == "upright"]
    runs = {
        "italic_apple": measure(ital, APPLE_ITALIC),
        "italic_stand": measure(ital, None),
        "upright_apple_var": measure(upr, APPLE_UPRIGHT_VAR),
        "upright_apple_static": measure(upr, APPLE_UPRIGHT_STATIC),
        "upright_stand": measure(upr, None),
    }
    # check which fonts measured
    problems = []
    for name, res in runs.items():
        apple = "apple" in name
        for key, (w, fonts, standin) in res.items():
            want = APPLE_FAMILIES if apple else STAND_FAMILIES
            if standin != (not apple) or not set(fonts) <= want:
                problems.append((name, key, fonts, standin))
        fams = sorted({f for (_, fonts, _) in res.values() for f in fonts})
        print(f"# {name}: {len(res)} rows, families {fams}, "
              f"standIn {sorted({s for (_, _, s) in res.values()})}")
    for p in problems[:20]:
        print("# PROBLEM", p)
    print(f"# problems: {len(problems)}")

    def ratios(style, size, weight, apple_run, stand_run, subset=None):
        fn = f"s{size}-{weight}.labelspec"
        out = []
        for i, (lang, _) in enumerate(corpus, 1):
            if subset == "words" and lang == "num":
                continue
            if subset == "digits" and lang != "num":
                continue
            k = (style, fn, f"L{i}")
            out.append(runs[stand_run][k][0] / runs[apple_run][k][0])
        return out

    table = []
    for size in SIZES:
        for weight in WEIGHTS:
            row = dict(size=size, weight=weight)
            for sub in (None, "words", "digits"):
                sfx = "" if sub is None else "_" + sub
                row["italic" + sfx] = stats(ratios("italic", size, weight, "italic_apple", "italic_stand", sub))
                row["upright_var" + sfx] = stats(ratios("upright", size, weight, "upright_apple_var", "upright_stand", sub))
                row["upright_static" + sfx] = stats(ratios("upright", size, weight, "upright_apple_static", "upright_stand", sub))
            # Apple italic vs Apple upright (same release, static pair): how italic SF Pro advances
            ia = [runs["italic_apple"][("italic", f"s{size}-{weight}.labelspec", f"L{i}")][0] /
                  runs["upright_apple_static"][("upright", f"s{size}-{weight}.labelspec", f"L{i}")][0]
                  for i in range(1, len(corpus) + 1)]
            ist = [runs["italic_stand"][("italic", f"s{size}-{weight}.labelspec", f"L{i}")][0] /
                   runs["upright_stand"][("upright", f"s{size}-{weight}.labelspec", f"L{i}")][0]
                   for i in range(1, len(corpus) + 1)]
            row["apple_italic_over_upright"] = stats(ia)
            row["stand_italic_over_upright"] = stats(ist)
            table.append(row)

    print()
    print(f"All {len(corpus)} strings; ratio = stand-in width / Apple width, median [p5, p95] (min, max)")
    print()
    print("| size | weight | italic (Inter It. / SF Pro It. static) | upright vs SF Pro variable | upright vs SF Pro static |")
    print("|---|---|---|---|---|")
    for r in table:
        i, v, s = r["italic"], r["upright_var"], r["upright_static"]
        print(f"| {r['size']} | {r['weight']} | {fmt(i)} ({i['min']:.3f}, {i['max']:.3f}) | "
              f"{fmt(v)} ({v['min']:.3f}, {v['max']:.3f}) | {fmt(s)} ({s['min']:.3f}, {s['max']:.3f}) |")
    print()
    print("Words only (141) and digits only (15): italic / upright-static, median [p5, p95]")
    print()
    print("| size | weight | words italic | words upright (static) | words upright (variable) | digits italic | digits upright (static) |")
    print("|---|---|---|---|---|---|---|")
    for r in table:
        print(f"| {r['size']} | {r['weight']} | {fmt(r['italic_words'])} | {fmt(r['upright_static_words'])} | "
              f"{fmt(r['upright_var_words'])} | {fmt(r['italic_digits'])} | {fmt(r['upright_static_digits'])} |")
    print()
    print("Italic over upright width, same font family: Apple (italic static / upright static), stand-in (Inter It. / Inter)")
    print()
    print("| size | weight | SF Pro italic/upright | Inter italic/upright |")
    print("|---|---|---|---|")
    for r in table:
        print(f"| {r['size']} | {r['weight']} | {fmt(r['apple_italic_over_upright'])} | {fmt(r['stand_italic_over_upright'])} |")

    # pooled by band, as docs/measurement.md groups them
    print()
    print("Pooled (all strings): median [p5, p95]")
    print()
    print("| sizes | weight | italic | upright (static) | upright (variable) |")
    print("|---|---|---|---|---|")
    for lo, hi, lab in ((11, 19, "11-19"), (20, 28, "22-28"), (29, 99, "34")):
        for weight in WEIGHTS:
            acc = {"i": [], "s": [], "v": []}
            for size in SIZES:
                if lo <= size <= hi:
                    acc["i"] += ratios("italic", size, weight, "italic_apple", "italic_stand")
                    acc["s"] += ratios("upright", size, weight, "upright_apple_static", "upright_stand")
                    acc["v"] += ratios("upright", size, weight, "upright_apple_var", "upright_stand")
            print(f"| {lab} | {weight} | {fmt(stats(acc['i']))} | {fmt(stats(acc['s']))} | {fmt(stats(acc['v']))} |")

    # pooled words / digits with the band each needs (1 - p5, rounded up to half a percent), the
    # rule docs/measurement.md uses for its near-limit bands
    import math
    def band(st):
        return math.ceil(round((1 - st["p5"]) * 200, 6)) / 2
    print()
    print("Pooled by band: median [p5, p95] {band needed, %}")
    print()
    print("| sizes | weight | subset | italic | upright (static) | upright (variable) |")
    print("|---|---|---|---|---|---|")
    for sub in ("words", "digits"):
        for lo, hi, lab in ((11, 19, "11-19"), (20, 28, "22+28"), (29, 99, "34")):
            for weight in WEIGHTS:
                acc = {"i": [], "s": [], "v": []}
                for size in SIZES:
                    if lo <= size <= hi:
                        acc["i"] += ratios("italic", size, weight, "italic_apple", "italic_stand", sub)
                        acc["s"] += ratios("upright", size, weight, "upright_apple_static", "upright_stand", sub)
                        acc["v"] += ratios("upright", size, weight, "upright_apple_var", "upright_stand", sub)
                cells = [f"{fmt(stats(acc[k]))} {{{band(stats(acc[k]))}}}" for k in "isv"]
                print(f"| {lab} | {weight} | {sub} | " + " | ".join(cells) + " |")

    # worst strings, italic
    print()
    print("Italic ratios outside [0.95, 1.05]:")
    for size in SIZES:
        for weight in WEIGHTS:
            for i, (lang, text) in enumerate(corpus, 1):
                k = ("italic", f"s{size}-{weight}.labelspec", f"L{i}")
                r = runs["italic_stand"][k][0] / runs["italic_apple"][k][0]
                if not 0.95 <= r <= 1.05:
                    print(f"  {size} {weight} {lang} {r:.3f} {text!r}")
    if OPTS.json:
        with open(OPTS.json, "w") as out:
            json.dump(dict(table=table, corpus=corpus,
                           runs={n: {"|".join(k): v for k, v in res.items()} for n, res in runs.items()}),
                      out, ensure_ascii=False)


if __name__ == "__main__":
    main()
