"""The visual comparison: `compare.py --corpus visual` (issue 27, "Checked against a browser").

Every label of corpus_visual.labelspec is drawn by `labelspec render` (an SVG from LabelSpec's own
layout) in the language CASES gives it, and the same text is laid out by headless Chromium with
the same font files (`@font-face`), size (after autoshrink), width, line height, line limit,
direction and language. One page shows each case twice, LabelSpec's SVG as an `<img>` at its
natural size and Chromium's `div`; it is loaded through the DevTools protocol at device scale
factor 2 and each of the two boxes is captured as a PNG (`Page.captureScreenshot` with a clip),
decoded here (zlib, PNG filters 0-4). The score of a case compares the two engines' ink:

- ink: the pixels dark in every channel (R, G and B < 128); for emoji cases every pixel that is
  not the white background (some channel < 255 - 40), since colour emoji are not dark. The marks
  LabelSpec draws (frame, truncation, clipping, alternative) are removed from the SVG first;
  they are not text, and their colours would count as ink in the emoji cases.
- each picture's ink is cropped to its bounding box, the two boxes are aligned top-left, and the
  score is the Dice coefficient with a tolerance of one device pixel (0.5 pt): the share of ink
  pixels, of both pictures together, that have an ink pixel of the other picture within a 3 × 3
  neighbourhood, (|A ∩ dilate(B)| + |B ∩ dilate(A)|) / (|A| + |B|). 1 when the ink is the same up
  to antialiasing and half a point; 0 when one side has no ink.

The report gives each case's score, both ink boxes (size and place in the label box, in pt), both
engines' lines, the fonts Chromium drew with, the mean and the minimum score. Exit status 0 when
every case scores at least the floor (--floor, default FLOOR), 1 when not, 2 when it cannot run.
"""

import base64
import html
import json
import re
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import compare as base
import fonts

CORPUS = base.HERE / "corpus_visual.labelspec"
# label: (script, language it is rendered in, whether its ink is colour emoji)
CASES = {
    "LatinOneLine": ("Latin", "en", False),
    "LatinWrapped": ("Latin", "en", False),
    "LatinTailTwoLines": ("Latin", "en", False),
    "LatinLinesNotShown": ("Latin", "en", False),
    "LatinTailOneLine": ("Latin", "en", False),
    "ArabicWrapped": ("Arabic", "ar", False),
    "HebrewWrapped": ("Hebrew", "he", False),
    "JapaneseWrapped": ("Japanese", "ja", False),
    "ChineseWrapped": ("Han (Simplified)", "zh-Hans", False),
    "ThaiWrapped": ("Thai", "th", False),
    "EmojiParty": ("Emoji", "en", True),
    "EmojiSkinToneFlags": ("Emoji", "en", True),
    "AutoshrinkName": ("Latin (autoshrink)", "en", False),
}
RTL = ("ar", "he", "fa", "ur")
# Every case must score at least this (README: the scores measured, less a margin).
FLOOR = 0.95
SCALE = 2  # device pixels per point (Chromium's device scale factor)
MARGIN = 6  # CSS px captured around each box, so that ink overhanging it is seen
GAP = 24  # CSS px between boxes on the page
DARK = 128  # ink: every channel below this
NOT_BACKGROUND = 40  # emoji ink: some channel below 255 - this
MARK_COLOURS = ("#0A84FF", "#FF9500", "#FF2D55", "#AF52DE")
MODES = {"byWordWrapping": "word", "byCharWrapping": "char", "byTruncatingTail": "tail", "byClipping": "clip",
         "byTruncatingHead": "head", "byTruncatingMiddle": "middle"}


# ---------------------------------------------------------------------------------- LabelSpec


def labelspec_rows(binary, workdir):
    """(cases, render command): one case per CASES label, with its manifest row (render) and its
    measure row (text, numberOfLines, lineBreakMode) in the case's language."""
    langs = sorted({lang for _, lang, _ in CASES.values()}, key=lambda x: (x != "en", x))
    out = workdir / "render"
    common = ["--locale", ",".join(langs), "--content-size", "large"]
    render = [binary, "render", str(CORPUS), "--out", str(out), "--quiet"] + common
    proc = subprocess.run(render, capture_output=True, text=True, timeout=300)
    if proc.returncode not in (0, 1) or not (out / "manifest.json").is_file():
        raise SystemExit("labelspec render failed (exit %d): %s\n%s" % (proc.returncode, " ".join(render), proc.stderr[-4000:]))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    measure = [binary, "measure", str(CORPUS), "--format", "json"] + common
    proc = subprocess.run(measure, capture_output=True, text=True, timeout=300)
    if proc.returncode not in (0, 1):
        raise SystemExit("labelspec measure failed (exit %d): %s\n%s" % (proc.returncode, " ".join(measure), proc.stderr[-4000:]))
    measured = json.loads(proc.stdout)
    names = set(re.findall(r"^label\s+(\w+)", CORPUS.read_text(encoding="utf-8"), re.M))
    if names != set(CASES):
        raise SystemExit("corpus_visual.labelspec and visual.CASES name different labels: %s"
                         % sorted(names.symmetric_difference(CASES)))
    cases = []
    for i, (label, (script, lang, emoji)) in enumerate(CASES.items()):
        r = [m for m in manifest if m["label"] == label and (m.get("locale") or "en") == lang]
        s = [m for m in measured if m["label"] == label and (m.get("locale") or "en") == lang]
        if len(r) != 1 or len(s) != 1:
            raise SystemExit("%s in %s: %d pictures and %d measure rows, expected one each" % (label, lang, len(r), len(s)))
        r, s = r[0], s[0]
        mode = MODES.get(s["lineBreakMode"].lstrip("."))
        if mode in ("head", "middle") and s["numberOfLines"] != 0:
            raise SystemExit("%s: Chromium has no %s truncation; the visual corpus cannot use it" % (label, mode))
        cases.append(dict(id="V%02d" % (i + 1), label=label, script=script, lang=lang, emoji=emoji, text=s["text"],
                          mode=mode, lines=s["numberOfLines"], row=r, svg=out / r["svg"]))
    return cases, render


def strip_marks(svg):
    """The SVG without LabelSpec's marks: every element filled or stroked in a mark colour."""
    colours = "|".join(re.escape(c) for c in MARK_COLOURS)
    mark = r'<(rect|path|line|polyline|polygon|circle|text)\b[^>]*(?:fill|stroke)="(?:%s)"[^>]*?(?:/>|>.*?</\1>)' % colours
    out = re.sub(mark, "", svg, flags=re.I | re.S)
    if re.search(colours, out, re.I):
        raise SystemExit("an SVG still has a mark colour after removing the marks (the format changed?)")
    return out


# ------------------------------------------------------------------------------------ fonts


def font_faces(families):
    """{family: (CSS family, @font-face src, file)}: Inter is base.FONT_FILE; the other families
    are fontconfig's files, by url() or, for a face of a collection (.ttc), by its PostScript name."""
    faces, problems = {}, []
    for k, fam in enumerate(sorted(families)):
        if fam == "Inter":
            faces[fam] = ("LSInter", "url(%s)" % Path(base.FONT_FILE).as_uri(), base.FONT_FILE)
            continue
        out = subprocess.run(["fc-match", "-f", "%{family[0]}\t%{file}\t%{postscriptname}\t%{index}", fam + ":style=Regular"],
                             capture_output=True, text=True)
        parts = out.stdout.split("\t")
        if out.returncode != 0 or len(parts) != 4 or parts[0] != fam:
            problems.append("fontconfig has no %s (got %r)" % (fam, out.stdout))
            continue
        _, file, ps, index = parts
        src = "url(%s)" % Path(file).as_uri() if index == "0" else 'local("%s")' % ps
        faces[fam] = ("LSFace%d" % k, src, file)
    if problems:
        raise SystemExit("the fonts LabelSpec drew with are not all found:\n  " + "\n  ".join(problems))
    return faces


# ------------------------------------------------------------------------------------ the page

PAGE_CSS = """
%(faces)s
html, body { margin: 0; background: #FFFFFF; }
.ours, .c { position: absolute; }
.ours { display: block; }
.c {
  color: #000000; background: #FFFFFF;
  font-style: normal; font-weight: 400; font-synthesis: none;
  /* UIKit keeps every space and newline; spaces at the end of a wrapped line hang. */
  white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; tab-size: 28px;
}
.c.char { line-break: anywhere; }
/* The last visible line of a truncated label: the rest of the text on one line, cut by Chromium. */
.c .last { white-space: pre; overflow: hidden; text-overflow: ellipsis; }
.c .last.clip { text-overflow: clip; }
#meas { position: absolute; left: 0; top: -1000px; white-space: pre; width: 100000px; }
#out { display: none; }
"""

PAGE_SCRIPT = r"""
(async () => {
  const out = document.getElementById('out');
  try {
    await Promise.all([...document.fonts].map(f => f.load()));
    await document.fonts.ready;
    await Promise.all([...document.images].map(i => i.decode()));
    const faces = [...document.fonts].map(f => f.family + ':' + f.status);
    const seg = new Intl.Segmenter('en', {granularity: 'grapheme'});
    const meas = document.getElementById('meas'), span = meas.firstElementChild;
    // Chromium's width of text laid out alone on one line, in the case's language, font and size.
    const widthOf = (div, s) => {
      meas.lang = div.lang; meas.dir = div.dir;
      meas.style.fontFamily = div.style.fontFamily; meas.style.fontSize = div.style.fontSize;
      span.textContent = s;
      return s === '' ? 0 : span.getBoundingClientRect().width;
    };
""" + base.READ_LINES_JS + r"""    const results = {};
    let top = %(margin)d, right = 0;
    for (const div of document.querySelectorAll('div.c')) {
      const img = document.getElementById(div.id + '-ours');
      const text = div.firstChild ? div.firstChild.data : '';
      const N = parseInt(div.dataset.n, 10), mode = div.dataset.mode;
      const W = parseFloat(div.style.width);
      const wrapped = readLines(div);
      let lines = wrapped, state = 'fits';
      if (div.scrollWidth > Math.ceil(W)) state = 'clipped';
      if (N > 0 && wrapped.length > N) {
        if (mode === 'word' || mode === 'char') {
          // UIKit does not draw the lines past the limit.
          div.style.height = (N * parseFloat(div.style.lineHeight)) + 'px';
          div.style.overflow = 'hidden';
          lines = wrapped.slice(0, N); state = 'clipped';
        } else {
          // The lines before the last as Chromium wraps them, then the rest of the text (up to
          // its line break) on one line that Chromium cuts with text-overflow.
          const head = wrapped.slice(0, N - 1).join('');
          let rest = text.slice(head.length);
          const nl = rest.search(/[\n\r\u2028\u2029]/);
          if (nl >= 0) rest = rest.slice(0, nl);
          div.textContent = '';
          if (head) {
            const a = document.createElement('div');
            a.textContent = head; a.dataset.case = div.id;
            div.appendChild(a);
          }
          const b = document.createElement('div');
          b.className = 'last ' + mode; b.textContent = rest; b.dataset.case = div.id;
          div.appendChild(b);
          // For the report: the most grapheme clusters that fit with the ellipsis, as text-overflow
          // cuts (a space before the ellipsis stays).
          const g = [...seg.segment(rest)].map(x => x.segment);
          const ell = mode === 'clip' ? '' : '\u2026';
          const ellW = widthOf(div, ell);
          let k = g.length;
          while (k > 0 && widthOf(div, g.slice(0, k).join('')) + ellW > W + 1 / 64) k--;
          lines = wrapped.slice(0, N - 1).concat([g.slice(0, k).join('') + ell]);
          state = mode === 'clip' ? 'clipped' : 'truncated';
        }
      }
      // Rows at whole CSS pixels, so that both pictures start on a device pixel.
      const h = Math.max(img.height, div.getBoundingClientRect().height);
      img.style.top = top + 'px'; div.style.top = top + 'px';
      const ri = img.getBoundingClientRect(), rd = div.getBoundingClientRect();
      right = Math.max(right, rd.right);
      results[div.id] = {lines, wrapped, state,
                         ours: [ri.left, ri.top, ri.width, ri.height], chromium: [rd.left, rd.top, rd.width, rd.height]};
      top += Math.ceil(h) + 2 * %(margin)d + %(gap)d;
    }
    out.textContent = JSON.stringify({faces, results, width: Math.ceil(right) + %(margin)d, height: top});
  } catch (e) {
    out.textContent = JSON.stringify({error: String(e && e.stack || e)});
  }
  out.dataset.done = '1';
})();
"""


def write_page(path, cases, faces, stripped):
    css_faces = "\n".join('@font-face { font-family: "%s"; src: %s; }' % (name, src) for name, src, _ in faces.values())
    left_ours = MARGIN
    left_chromium = MARGIN + max(int(c["row"]["width"] + 0.999) for c in cases) + 2 * MARGIN + GAP
    parts = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>labelspec vs chromium (visual)</title>\n<style>',
        PAGE_CSS % {"faces": css_faces},
        "</style></head><body>\n",
    ]
    for c in cases:
        r = c["row"]
        stack = ", ".join('"%s"' % faces[f][0] for f in r["fonts"])
        line_height = r["lineHeight"]
        parts.append('<img class="ours" id="%s-ours" src="%s" width="%s" height="%s" style="left:%dpx;top:0" alt="">\n'
                     % (c["id"], html.escape(stripped[c["id"]].name), svg_size(stripped[c["id"]])[0],
                        svg_size(stripped[c["id"]])[1], left_ours))
        parts.append('<div class="c %s" id="%s" lang="%s" dir="%s" data-mode="%s" data-n="%d" style="left:%dpx;top:0;'
                     'font-family:%s;font-size:%spx;width:%spx;line-height:%.4fpx">%s</div>\n'
                     % ("char" if c["mode"] == "char" else "word", c["id"], c["lang"],
                        "rtl" if c["lang"].split("-")[0] in RTL else "ltr", c["mode"], c["lines"], left_chromium,
                        html.escape(stack, quote=True), r["fontSize"], r["width"], line_height,
                        html.escape(c["text"], quote=False)))
    parts.append('<div id="meas"><span></span></div>\n<pre id="out"></pre>\n<script>')
    parts.append(PAGE_SCRIPT % {"margin": MARGIN, "gap": GAP})
    parts.append("</script></body></html>\n")
    Path(path).write_text("".join(parts), encoding="utf-8")


def svg_size(path):
    m = re.search(r'<svg\b[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"', path.read_text(encoding="utf-8"))
    if not m:
        raise SystemExit("no width and height in %s" % path)
    return m.group(1), m.group(2)


# -------------------------------------------------------------------------------- Chromium


def shoot(chromium, page, profile, timeout=120):
    """Loads the page at device scale factor SCALE and captures both boxes of every case.
    Returns (page results, {case id: (our PNG, Chromium's PNG)}, {case id: fonts}, version)."""
    dt = fonts.DevTools(chromium, profile, extra=("--hide-scrollbars",))
    try:
        version = dt.send("Browser.getVersion")["product"]
        target = dt.send("Target.createTarget", {"url": "about:blank"})
        s = dt.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
        dt.send("Page.enable", session=s)
        dt.send("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 1000, "deviceScaleFactor": SCALE,
                                                       "mobile": False}, session=s)
        dt.send("Page.navigate", {"url": Path(page).resolve().as_uri()}, session=s)
        deadline = time.time() + timeout
        while True:
            r = dt.send("Runtime.evaluate", {"expression": "(document.getElementById('out') || {dataset: {}}).dataset.done === '1' ? "
                                                           "document.getElementById('out').textContent : ''"}, session=s)
            if r["result"].get("value"):
                data = json.loads(r["result"]["value"])
                break
            if time.time() > deadline:
                raise OSError("the page did not finish within %d s" % timeout)
            time.sleep(0.1)
        if "error" in data:
            raise SystemExit("the page's script failed: " + data["error"])
        bad = [f for f in data["faces"] if not f.endswith(":loaded")]
        if bad:
            raise SystemExit("Chromium did not load every face: %s" % bad)
        dt.send("Emulation.setDeviceMetricsOverride", {"width": data["width"], "height": data["height"], "deviceScaleFactor": SCALE,
                                                       "mobile": False}, session=s)
        shots = {}
        for cid, res in data["results"].items():
            pair = []
            for key in ("ours", "chromium"):
                x, y, w, h = res[key]
                clip = {"x": x - MARGIN, "y": y - MARGIN, "width": w + 2 * MARGIN, "height": h + 2 * MARGIN, "scale": 1}
                png = dt.send("Page.captureScreenshot", {"format": "png", "clip": clip, "optimizeForSpeed": True}, session=s)["data"]
                pair.append(base64.b64decode(png))
            shots[cid] = tuple(pair)
        # Which fonts Chromium drew each case with (its div and the blocks of a truncated one).
        dt.send("DOM.enable", session=s)
        dt.send("CSS.enable", session=s)
        root = dt.send("DOM.getDocument", {"depth": 0}, session=s)["root"]["nodeId"]
        used = {}
        for node in dt.send("DOM.querySelectorAll", {"nodeId": root, "selector": "div.c, div.c div"}, session=s)["nodeIds"]:
            attrs = dt.send("DOM.getAttributes", {"nodeId": node}, session=s)["attributes"]
            a = dict(zip(attrs[::2], attrs[1::2]))
            cid = a.get("data-case") or a.get("id")
            for f in dt.send("CSS.getPlatformFontsForNode", {"nodeId": node}, session=s)["fonts"]:
                if f["glyphCount"] > 0:
                    used.setdefault(cid, {}).setdefault(f["familyName"], 0)
                    used[cid][f["familyName"]] += f["glyphCount"]
        return data, shots, used, version
    finally:
        dt.close()


# ------------------------------------------------------------------------------------- PNG


def read_png(data):
    """(width, height, bytes per pixel, rows) of an 8-bit RGB or RGBA PNG, not interlaced."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("PNG without IHDR")
    w, h, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError("PNG of depth %d, colour type %d, interlace %d: only 8-bit RGB/RGBA" % (depth, colour, interlace))
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    if len(raw) != h * (stride + 1):
        raise ValueError("PNG data of %d bytes for %d × %d" % (len(raw), w, h))
    rows = []
    prev = bytearray(stride)
    for y in range(h):
        start = y * (stride + 1)
        f = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        if f == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:  # Up
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:  # Average
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
        elif f == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif f != 0:
            raise ValueError("PNG filter type %d" % f)
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def write_png(path, w, h, rows):
    """An 8-bit RGB PNG (filter 0) of rows of w*3 bytes."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + bytes(r) for r in rows)
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# ------------------------------------------------------------------------------------- ink
#
# A mask is a list of rows, each a Python int with one byte per pixel (pixel x is bit 8x): shifts
# by 8 move a row by a pixel, & and | combine masks, int.bit_count() counts pixels.

DARK_LUT = bytes(1 if v < DARK else 0 for v in range(256))
NOT_BACKGROUND_LUT = bytes(1 if v < 255 - NOT_BACKGROUND else 0 for v in range(256))


def ink(png, emoji):
    w, h, bpp, rows = png
    lut = NOT_BACKGROUND_LUT if emoji else DARK_LUT
    out = []
    for line in rows:
        r, g, b = (int.from_bytes(line[k::bpp].translate(lut), "little") for k in range(3))
        out.append((r | g | b) if emoji else (r & g & b))
    return out


def bbox(mask):
    """(left, top, right, bottom) of the ink, inclusive, in pixels; None without ink."""
    ys = [y for y, r in enumerate(mask) if r]
    if not ys:
        return None
    left = min(((r & -r).bit_length() - 1) for r in mask if r) // 8
    right = max(r.bit_length() - 1 for r in mask if r) // 8
    return left, ys[0], right, ys[-1]


def clip(mask, w, h):
    """The mask without the pixels outside the box (w × h pt) its capture has MARGIN around."""
    x0, y0 = MARGIN * SCALE, MARGIN * SCALE
    x1, y1 = round((MARGIN + w) * SCALE), round((MARGIN + h) * SCALE)
    keep = ((1 << (8 * x1)) - 1) ^ ((1 << (8 * x0)) - 1)
    return [(r & keep) if y0 <= y < y1 else 0 for y, r in enumerate(mask)]


def overflow(full, clipped):
    """How far (pt) ink reaches past the box on each side, from the boxes before and after the cut."""
    if full is None or clipped is None or full == clipped:
        return {}
    out = {}
    for side, k, sign in (("left", 0, -1), ("top", 1, -1), ("right", 2, 1), ("bottom", 3, 1)):
        d = sign * (full[k] - clipped[k]) / SCALE
        if d > 0:
            out[side] = d
    return out


def crop(mask, box):
    left, top, _, bottom = box
    return [r >> (8 * left) for r in mask[top:bottom + 1]]


def dilate(mask):
    """3 × 3 dilation (one pixel each way; the rows grow by one at the bottom)."""
    spread = [r | (r << 8) | (r >> 8) for r in mask] + [0]
    return [spread[y] | (spread[y - 1] if y > 0 else 0) | (spread[y + 1] if y + 1 < len(spread) else 0) for y in range(len(spread))]


def score(a, b):
    """(tolerant Dice, plain IoU) of two cropped masks aligned top-left."""
    na = sum(r.bit_count() for r in a)
    nb = sum(r.bit_count() for r in b)
    if not na or not nb:
        return 0.0, 0.0
    n = max(len(a), len(b)) + 1
    a = a + [0] * (n - len(a))
    b = b + [0] * (n - len(b))
    da, db = dilate(a), dilate(b)
    hits = sum((x & y).bit_count() for x, y in zip(a, db)) + sum((x & y).bit_count() for x, y in zip(b, da))
    inter = sum((x & y).bit_count() for x, y in zip(a, b))
    union = sum((x | y).bit_count() for x, y in zip(a, b))
    return hits / (na + nb), inter / union


def overlay(path, a, b):
    """An image of two aligned masks: both black, LabelSpec's alone red, Chromium's alone blue."""
    h = max(len(a), len(b))
    w = max([r.bit_length() for r in a + b] + [8]) // 8 + 1
    a = a + [0] * (h - len(a))
    b = b + [0] * (h - len(b))
    rows = []
    for ra, rb in zip(a, b):
        line = bytearray(b"\xff" * (3 * w))
        for x in range(w):
            pa, pb = (ra >> (8 * x)) & 1, (rb >> (8 * x)) & 1
            if pa or pb:
                line[3 * x:3 * x + 3] = b"\x00\x00\x00" if pa and pb else b"\xe0\x30\x1e" if pa else b"\x1e\x60\xe0"
        rows.append(line)
    write_png(path, w, h, rows)


# ----------------------------------------------------------------------------------------- run


def run(args, binary, chromium):
    table, problems = fonts.fallback_table()
    if problems:
        raise SystemExit("the fallback fonts are not all installed:\n  " + "\n  ".join(problems)
                         + "\n(apt-get install -y fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)")
    floor = FLOOR if args.floor is None else args.floor
    workdir = args.workdir
    cases, render_cmd = labelspec_rows(binary, workdir)
    faces = font_faces({f for c in cases for f in c["row"]["fonts"]})
    # The pictures as scored: the SVGs without their marks, next to the page.
    stripped = {}
    for c in cases:
        p = workdir / ("%s-%s.svg" % (c["id"], c["label"]))
        p.write_text(strip_marks(c["svg"].read_text(encoding="utf-8")), encoding="utf-8")
        stripped[c["id"]] = p
    page = workdir / "page.html"
    write_page(page, cases, faces, stripped)
    profile = workdir / "chromium-profile"
    fonts.write_profile(profile)
    data, shots, used, version = shoot(chromium, page, profile)

    results = []
    for c in cases:
        res = data["results"][c["id"]]
        if "".join(res["wrapped"]) != c["text"]:
            raise SystemExit("Chromium's read-back of %s lost text: %r -> %r" % (c["id"], c["text"], res["wrapped"]))
        try:
            pngs = [read_png(x) for x in shots[c["id"]]]
        except ValueError as e:
            raise SystemExit("%s: Chromium's screenshot could not be read: %s" % (c["id"], e))
        for (w, h, _, _), key in zip(pngs, ("ours", "chromium")):
            want = (round((res[key][2] + 2 * MARGIN) * SCALE), round((res[key][3] + 2 * MARGIN) * SCALE))
            if abs(w - want[0]) > 1 or abs(h - want[1]) > 1:
                raise SystemExit("%s: a capture of %d × %d px, expected %d × %d (device scale factor %d)"
                                 % (c["id"], w, h, *want, SCALE))
        masks = [ink(p, c["emoji"]) for p in pngs]
        # Both pictures are cut at their box: the SVG's viewport cuts LabelSpec's, and UILabel draws
        # into a backing store of its bounds. Chromium's div lets ink overflow: cut it, and say where.
        full = bbox(masks[1])
        masks[1] = clip(masks[1], res["chromium"][2], res["chromium"][3])
        boxes = [bbox(m) for m in masks]
        r = dict(case=c, chromium_lines=res["lines"], chromium_state=res["state"], fonts=used.get(c["id"], {}),
                 overflow=overflow(full, boxes[1]))
        if None in boxes:
            r.update(score=0.0, iou=0.0, boxes=boxes, ink_ratio=None)
        else:
            a, b = crop(masks[0], boxes[0]), crop(masks[1], boxes[1])
            r["score"], r["iou"] = score(a, b)
            r["ink_ratio"] = sum(x.bit_count() for x in a) / max(1, sum(x.bit_count() for x in b))
            # In points, relative to each label box's top-left corner.
            r["boxes"] = [((bx[0] / SCALE - MARGIN), (bx[1] / SCALE - MARGIN), (bx[2] - bx[0] + 1) / SCALE, (bx[3] - bx[1] + 1) / SCALE)
                          for bx in boxes]
            if args.keep:
                overlay(workdir / ("%s-%s-overlay.png" % (c["id"], c["label"])), a, b)
        if args.keep:
            for png, key in zip(shots[c["id"]], ("labelspec", "chromium")):
                (workdir / ("%s-%s-%s.png" % (c["id"], c["label"], key))).write_bytes(png)
        results.append(r)

    report = summarize(results, floor, version, render_cmd, binary, faces)
    if args.keep:
        (workdir / "results.json").write_text(json.dumps(
            [dict(label=r["case"]["label"], lang=r["case"]["lang"], text=r["case"]["text"], score=r["score"], iou=r["iou"],
                  boxes=r["boxes"], ink_ratio=r["ink_ratio"], overflow=r["overflow"], labelspec=r["case"]["row"]["lines"],
                  chromium=r["chromium_lines"],
                  chromium_state=r["chromium_state"], fonts=r["fonts"]) for r in results], ensure_ascii=False, indent=1),
            encoding="utf-8")
    passed = all(r["score"] >= floor for r in results)
    return report, (0 if passed else 1)


# ------------------------------------------------------------------------------------- report


def state(row):
    return "truncated" if row.get("truncated") else "clipped" if row.get("clipped") else "fits"


def fmt_box(b):
    return "—" if b is None else "%.1f × %.1f at (%.1f, %.1f)" % (b[2], b[3], b[0], b[1])


def differences(r):
    """What differs in one case, in words (empty when nothing does beyond antialiasing)."""
    c, row = r["case"], r["case"]["row"]
    out = []
    ours = [base.trim(x) for x in row["lines"]]
    theirs = [base.trim(x) for x in r["chromium_lines"]]
    if ours != theirs or state(row) != r["chromium_state"]:
        out.append("lines: LabelSpec %s, Chromium %s" % (fmt_lines(ours, state(row)), fmt_lines(theirs, r["chromium_state"])))
    # The manifest names the label's own font first even when no glyph came from it (all CJK text).
    drawn, ours_fonts = set(r["fonts"]), set(row["fonts"])
    if not drawn <= ours_fonts or not set(row["fonts"][1:]) <= drawn:
        out.append("fonts: LabelSpec %s, Chromium %s" % (", ".join(row["fonts"]), ", ".join(sorted(drawn)) or "none"))
    if r["overflow"]:
        out.append("Chromium's ink overflows the box by %s (cut at the box, as the SVG's viewport and UILabel cut it)"
                   % ", ".join("%.1f pt %s" % (d, "at the " + side) for side, d in r["overflow"].items()))
    a, b = r["boxes"]
    if a is None or b is None:
        out.append("no ink in %s's picture" % ("LabelSpec" if a is None else "Chromium"))
        return out
    dw, dh = a[2] - b[2], a[3] - b[3]
    dx, dy = a[0] - b[0], a[1] - b[1]
    if abs(dw) >= 1 or abs(dh) >= 1:
        out.append("ink box %+.1f × %+.1f pt (LabelSpec − Chromium)" % (dw, dh))
    if abs(dx) >= 1 or abs(dy) >= 1:
        out.append("ink %s by %+.1f, %+.1f pt (LabelSpec − Chromium)" % ("placed differently", dx, dy))
    return out


def fmt_lines(lines, st):
    return " ⏎ ".join(json.dumps(x, ensure_ascii=False) for x in lines) + ("" if st == "fits" else " (%s)" % st)


def summarize(results, floor, version, render_cmd, binary, faces):
    scores = [r["score"] for r in results]
    mean = sum(scores) / len(scores)
    low = min(results, key=lambda r: r["score"])
    below = [r for r in results if r["score"] < floor]
    out = ["# LabelSpec vs Chromium: the pictures\n"]
    out.append("Cases: %d; ink score mean **%.3f**, minimum **%.3f** (%s); floor %.2f: %s.\n"
               % (len(results), mean, low["score"], low["case"]["label"], floor,
                  "every case at or above it" if not below
                  else "**%d below it** (%s)" % (len(below), ", ".join(r["case"]["label"] for r in below))))
    out.append("Score: Dice of the two pictures' ink pixels (dark in every channel; for emoji, not the white background), "
               "each cropped to its ink box and aligned top-left, with one device pixel (0.5 pt) of tolerance; IoU is "
               "the plain overlap without tolerance. Ink boxes in pt: width × height at (x, y) from the label box's "
               "top-left corner. Chromium: %s, device scale factor %d.\n" % (version, SCALE))
    out.append("| case | script | lang | text | size | score | IoU | LabelSpec ink box | Chromium ink box | ink pixels LabelSpec ÷ Chromium |\n"
               "|---|---|---|---|---:|---:|---:|---|---|---:|")
    for r in results:
        c = r["case"]
        out.append("| %s | %s | %s | %s | %s | %s%.3f%s | %.3f | %s | %s | %s |" % (
            c["label"], c["script"], c["lang"], json.dumps(c["text"], ensure_ascii=False).replace("|", "\\|"),
            "%g" % c["row"]["fontSize"], "**" if r["score"] < floor else "", r["score"], "**" if r["score"] < floor else "",
            r["iou"], fmt_box(r["boxes"][0]), fmt_box(r["boxes"][1]), "—" if r["ink_ratio"] is None else "%.2f" % r["ink_ratio"]))
    out.append("| **mean** | | | | | %.3f | %.3f | | | |" % (mean, sum(r["iou"] for r in results) / len(results)))
    out.append("| **minimum** | | | | | %.3f | %.3f | | | |" % (min(scores), min(r["iou"] for r in results)))
    out.append("\n## Differences\n")
    out.append("Each case's lines (logical order, trailing whitespace trimmed), fonts, and ink boxes where they differ by "
               "a point or more; a case not listed differs only within antialiasing and half a point.\n")
    any_diff = False
    for r in results:
        d = differences(r)
        if d:
            any_diff = True
            out.append("- **%s** (%.3f): %s" % (r["case"]["label"], r["score"], "; ".join(d)))
    if not any_diff:
        out.append("None.")
    out.append("\nKnown causes (README, \"Visual comparison\"): Chromium puts the first baseline on a whole CSS pixel "
               "(its rounded ascent) and the glyphs of each line on a whole device pixel, so its ink sits up to about "
               "1 pt higher than LabelSpec's exact half-leading + ascender (the score aligns the ink boxes; the ink "
               "boxes' y shows it); its `text-overflow` keeps a space before the ellipsis; Chromium's glyphs leave 1-6% fewer pixels "
               "past the threshold than the SVG's filled outlines (antialiasing).")
    out.append("\n## Lines and fonts\n")
    out.append("| case | LabelSpec lines | Chromium lines | LabelSpec fonts | Chromium fonts (glyphs) |\n|---|---|---|---|---|")
    for r in results:
        c = r["case"]
        out.append("| %s | %s | %s | %s | %s |" % (
            c["label"], fmt_lines([base.trim(x) for x in c["row"]["lines"]], state(c["row"])).replace("|", "\\|"),
            fmt_lines([base.trim(x) for x in r["chromium_lines"]], r["chromium_state"]).replace("|", "\\|"),
            ", ".join(c["row"]["fonts"]), ", ".join("%s (%d)" % kv for kv in sorted(r["fonts"].items()))))
    out.append("\n## How this was run\n")
    out.append("```\n%s\n```\n" % " ".join(sys.argv))
    out.append("LabelSpec: `%s`. Chromium (DevTools protocol, `Page.captureScreenshot` of each box): `%s`; faces: %s.\n"
               % (" ".join(render_cmd), version, "; ".join("%s → `%s`" % (fam, file) for fam, (_, _, file) in sorted(faces.items()))))
    return "\n".join(out) + "\n"
