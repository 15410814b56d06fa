#!/usr/bin/env python3
"""`labelspec render`'s report in a real browser (headless Chromium), standard library only.

Projects of its own, rendered with the built binary:
- main: a label that fits, one that truncates (last in its file), and one whose text comes from a
  String Catalog in English, Japanese and Arabic;
- many: 120 labels, two of them failing far down the file (the page shows 50 at a time), two
  drawn alike (one shared picture file);
- hostile: a file name, a screen name and a label text holding `</script><script>…`, `<!--`,
  quotes and control characters.

Checked:
- `--dump-dom` (after the page's script ran): the failing label's section comes first and has
  class `failing`, the others do not; each cell agrees with manifest.json (class `fail` and
  "truncated" for the truncated variant); the rows are the text variants (en, ja, ar); every
  `img` is an `svg/…` file that exists; the summary and the font note; no http(s) URL in the page.
- `--screenshot`: the PNG (decoded here with zlib) has the failing cell's red outline (#ff2d55) at
  the picture's size, the label's black glyphs inside it and the orange truncation mark (which
  only the SVG draws, not an alt text).
- the DevTools protocol (`--remote-debugging-pipe`): every picture decoded (naturalWidth), the
  Japanese and Arabic pictures have glyph pixels, the "failing labels only" box and the search
  field filter the sections, scrolling shows the next 50, only the sections near the view have
  their grid and pictures (dropped when scrolled far away), identical pictures are one file,
  named by its content, shown in both places; no request leaves file: URLs, no script error,
  no dialog.
- hostile: the manifest is valid JSON that keeps the text; every SVG is well-formed XML; the
  page's DOM holds the file and screen names as text and attributes, no injected element, no
  dialog.

Usage: python3 Tests/report/report_test.py   (binary: $LABELSPEC_BIN, default
.build/debug/labelspec; browser: $CHROMIUM, default chromium on the PATH). Exit 0 when every check
passes; prints `report: N passed, M failed`.
"""

from __future__ import annotations

import base64
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tools" / "chromium-compare"))
import fonts  # noqa: E402  (its DevTools: Chromium over --remote-debugging-pipe)
import visual  # noqa: E402  (its PNG decoder)
BIN = os.environ.get("LABELSPEC_BIN") or str(REPO / ".build" / "debug" / "labelspec")

passed = 0
failed = 0


def check(ok: bool, what: str, detail: object = None) -> bool:
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {what}")
    else:
        failed += 1
        print(f"FAIL {what}" + (f": {detail}" if detail is not None else ""))
    return bool(ok)


def find_chromium() -> str | None:
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


# ----------------------------------------------------------------------------- the projects

LABELS = """style Body { font: .body }

// Fits at both sizes.
label Fits: Body {
    text: "Hello"
    width: 200
}

// English, Japanese and Arabic from the String Catalog; wraps, never truncates.
label Greeting: Body {
    text: .localized("greeting")
    width: 300
    numberOfLines: 0
}

// One line, far too narrow: truncated at every size. Last in the file, first in the page.
label Truncates: Body {
    text: "A title far too long for its narrow row"
    width: 120
    numberOfLines: 1
    lineBreakMode: .byTruncatingTail
}
"""

CATALOG = {
    "sourceLanguage": "en",
    "version": "1.0",
    "strings": {
        "greeting": {
            "localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Welcome back"}},
                "ja": {"stringUnit": {"state": "translated", "value": "おかえりなさい"}},
                "ar": {"stringUnit": {"state": "translated", "value": "مرحبًا بعودتك"}},
            }
        }
    },
}

# A file name (no '/'), a screen name and a text a page could be fooled by.
HOSTILE_FILE = "x<!--<script>\"'&<img src=y onerror=alert(2)>.labelspec"
HOSTILE_SCREEN = "</script><img src=z onerror=alert(3)> \"q\" 'a' \u0007"
HOSTILE_TEXT = "</script><script>alert(1)</script> \"q\" 'a' \u0000\u0007\u001b\t<!--<script> &amp; ]]> \u2028end"


def swift_string(s: str) -> str:
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ch == "\u2028":
            out.append("\\u{%X}" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def make_projects(root: Path) -> dict[str, Path]:
    main = root / "main"
    (main / "UI").mkdir(parents=True)
    (main / "labelspec.json").write_text("{}\n")  # the catalog in UI/ is read (a subfolder)
    (main / "UI" / "Labels.labelspec").write_text(LABELS)
    (main / "UI" / "Localizable.xcstrings").write_text(json.dumps(CATALOG, ensure_ascii=False, indent=2))

    many = root / "many"
    many.mkdir()
    parts = []
    for i in range(1, 121):
        # L006 is drawn as L005 is (the same text, font and width): one picture, shared.
        text = "This row's title is much too long to fit" if i in (70, 110) else f"Row {5 if i == 6 else i}"
        parts.append(f'label L{i:03d} {{\n    font: .body\n    text: "{text}"\n    width: 200\n    numberOfLines: 1\n}}\n')
    (many / "Rows.labelspec").write_text("\n".join(parts))

    hostile = root / "hostile"
    hostile.mkdir()
    (hostile / "labelspec.json").write_text(json.dumps({"screens": [{"name": HOSTILE_SCREEN, "width": 320, "sizeClass": "compact"}]}))
    # No width: the label follows the screen, so the screen's name is in the page.
    (hostile / HOSTILE_FILE).write_text(f"label Evil {{\n    font: .body\n    text: {swift_string(HOSTILE_TEXT)}\n    numberOfLines: 0\n}}\n")
    return {"main": main, "many": many, "hostile": hostile}


def render(project: Path, out: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([BIN, "render", ".", "--out", out, "-q", *args], cwd=project, capture_output=True, text=True, timeout=120)


# ----------------------------------------------------------------------------- the DOM, parsed


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def all(self, tag=None, cls=None):
        for c in self.children:
            if isinstance(c, Node):
                if (tag is None or c.tag == tag) and (cls is None or cls in c.attrs.get("class", "").split()):
                    yield c
                yield from c.all(tag, cls)

    def first(self, tag=None, cls=None):
        return next(self.all(tag, cls), None)

    def kids(self, tag):
        return [c for c in self.children if isinstance(c, Node) and c.tag == tag]


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class TreeBuilder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse_dom(text: str) -> Node:
    b = TreeBuilder()
    b.feed(text)
    b.close()
    return b.root


def by_id(root: Node, ident: str):
    return next((n for n in root.all() if n.attrs.get("id") == ident), None)


def sections(root: Node):
    """(class, h2 text, .fonts text, rows) of each section; rows: (name, [(td class, img attrs, says)])."""
    out = []
    for s in root.all("section"):
        rows = []
        for tr in s.all("tr"):
            ths = tr.kids("th")
            tds = tr.kids("td")
            if not tds:
                continue
            cells = []
            for td in tds:
                img = td.first("img")
                says = td.first("div", "says")
                cells.append((td.attrs.get("class", ""), img.attrs if img else None, says.text() if says else None))
            rows.append((ths[0].text() if ths else "", cells))
        out.append((s.attrs.get("class", ""), s.first("h2").text(), s.first("div", "fonts").text(), rows))
    return out


# ----------------------------------------------------------------------------- Chromium


def chromium_cli(chromium: str, profile: Path, page: Path, *what: str) -> subprocess.CompletedProcess:
    """Chromium on the page once its scripts ran (virtual time); a page that hangs it (an alert
    waits for ever) gives empty output and exit -1."""
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--no-first-run",
           "--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir=" + str(profile),
           "--virtual-time-budget=5000", *what, page.resolve().as_uri()]
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, -1, "", "timed out (a dialog?)")


class DevTools(fonts.DevTools):
    """Chromium through --remote-debugging-pipe, as Tools/chromium-compare/fonts.py drives it,
    with one tab's session and its events kept."""

    def __init__(self, chromium: str, profile: Path):
        super().__init__(chromium, profile, extra=("--hide-scrollbars", "--force-device-scale-factor=1", "--window-size=1000,800"))
        self.events: list[dict] = []
        self.session = None

    def send(self, method, params=None, session=True):
        return super().send(method, params, session=self.session if session else None)

    def on_event(self, r):
        if r.get("sessionId") != self.session:
            return
        self.events.append(r)
        if r["method"] == "Page.javascriptDialogOpening":
            # Kept as an event (a test fails on it), dismissed so the page goes on.
            self._id += 1
            os.write(self._cmd_w, json.dumps({"id": self._id, "method": "Page.handleJavaScriptDialog",
                                              "params": {"accept": False}, "sessionId": self.session}).encode() + b"\0")

    def open_tab(self):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        self.session = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(domain + ".enable")

    def eval(self, expression):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise OSError("evaluate %r: %s" % (expression, r["exceptionDetails"]))
        return r["result"].get("value")

    def wait_for(self, expression, timeout=10.0):
        """The expression's value once truthy (polled), else the last value."""
        deadline = time.time() + timeout
        while True:
            v = self.eval(expression)
            if v or time.time() > deadline:
                return v
            time.sleep(0.05)

    def load(self, page: Path):
        """The page in a new tab, once loaded and its script has drawn the first sections."""
        self.open_tab()
        self.events.clear()
        self.send("Page.navigate", {"url": page.resolve().as_uri()})
        self.wait_for("document.readyState === 'complete' && document.querySelectorAll('#labels section').length > 0")

    def next_frame(self):
        self.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except OSError:
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self._cmd_w)
        os.close(self._out_r)


# ----------------------------------------------------------------------------- PNG


def decode_png(data: bytes):
    """(width, height, rows of (r, g, b) tuples) of a PNG, read by the visual comparison's
    decoder (Tools/chromium-compare/visual.py)."""
    width, height, bpp, lines = visual.read_png(data)
    return width, height, [[tuple(line[x * bpp:x * bpp + 3]) for x in range(width)] for line in lines]


def near(p, q, tol=12):
    return all(abs(a - b) <= tol for a, b in zip(p, q))


RED = (0xFF, 0x2D, 0x55)        # td.fail img { outline: 2px solid #ff2d55 }
MARK = (255, 223, 178)          # the SVG's truncation mark: #FF9500 at 0.3 over white


def dark(p):
    return max(p) < 90


def red_outlines(width, height, rows, box_w):
    """Top-left corners of the red outlines around a picture box_w wide: a horizontal red run of
    box_w + 8 px (2 px offset, 2 px outline each side) with a red run below it further down."""
    found = []
    want = box_w + 8
    for y in range(height):
        row = rows[y]
        x = 0
        while x < width:
            if near(row[x], RED):
                start = x
                while x < width and near(row[x], RED):
                    x += 1
                if abs((x - start) - want) <= 1 and not (y > 0 and near(rows[y - 1][start], RED) and near(rows[y - 1][x - 1], RED)):
                    found.append((start, y, x - start))
            else:
                x += 1
    return found


# ----------------------------------------------------------------------------- the checks


# Types into the search field as a reader would (the page listens to 'input').
SEARCH = "{ const q = document.getElementById('search'); q.value = %s; q.dispatchEvent(new Event('input')); }"


def check_main(chromium: str, dt: DevTools, work: Path, proj: Path):
    r = render(proj, "rep", "--content-size", "large,AX3", "--locale", "all")
    if not check(r.returncode == 0, "render: the main project is written (exit 0)", r.stderr):
        return
    rep = proj / "rep"
    page = rep / "index.html"
    manifest = json.loads((rep / "manifest.json").read_text(encoding="utf-8"))
    by_svg = {e["svg"]: e for e in manifest}
    source = page.read_text(encoding="utf-8")
    check(not re.search(r"https?://", source, re.I), "page: no http(s) URL in index.html", re.findall(r"https?://\S{0,40}", source)[:3])
    check("default-src 'none'" in source, "page: its Content-Security-Policy starts from default-src 'none'")
    labels_text = LABELS.split("\n")
    line_of = {name: next(i + 1 for i, l in enumerate(labels_text) if l.startswith(f"label {name}:")) for name in ("Fits", "Greeting", "Truncates")}

    # --dump-dom, after the script ran.
    d = chromium_cli(chromium, work / "profile-dump", page, "--dump-dom")
    dom = parse_dom(d.stdout)
    secs = sections(dom)
    names = [s[1] for s in secs]
    want = [f"UI/Labels.labelspec:{line_of[n]}: {n}" for n in ("Truncates", "Fits", "Greeting")]
    check(names == want, "dom: the failing label's section comes first, then the others in file order", names)
    if len(secs) != 3:
        return
    check(secs[0][0].split() == ["failing"] and all("failing" not in s[0].split() for s in secs[1:]),
          "dom: only the failing label's section has class failing", [s[0] for s in secs])
    trunc, fits, greet = secs
    check([r[0] for r in trunc[3]] == ["text"] and [(c[0], c[2]) for c in trunc[3][0][1]] == [("fail", "truncated")] * 2,
          "dom: the truncated variant's cells have class fail and say 'truncated' (both sizes)", trunc[3])
    check([(c[0], c[2]) for c in fits[3][0][1]] == [("", "fits")] * 2, "dom: the fitting label's cells are not failing and say 'fits'", fits[3])
    check(sorted(r[0] for r in greet[3]) == ["ar", "en", "ja"], "dom: the catalog label has a row per locale (en, ja, ar)", [r[0] for r in greet[3]])
    heads = [th.text() for th in dom.first("section").first("tr").kids("th")]
    check(heads == ["", ".large", ".accessibilityExtraLarge"], "dom: the columns are the content sizes asked for", heads)
    # Every cell against manifest.json, every picture on disk.
    imgs = [(c, row) for s in secs for row in s[3] for c in row[1]]
    srcs = [c[1]["src"] for c, _ in imgs if c[1]]
    check(sorted(srcs) == sorted(by_svg) and len(srcs) == len(set(srcs)), "dom: the pictures are manifest.json's, each once", (sorted(srcs), sorted(by_svg)))
    check(all(s.startswith("svg/") and (rep / s).is_file() for s in srcs), "dom: every img src is a file of the report's svg/", srcs)
    wrong = []
    for c, row in imgs:
        e = by_svg.get(c[1]["src"]) if c[1] else None
        if e is None:
            wrong.append(("no manifest entry", c))
            continue
        failing = e["truncated"] or e["clipped"]
        if (c[0] == "fail") != failing or (e["truncated"] and c[2] != "truncated"):
            wrong.append((c, e["truncated"], e["clipped"]))
        if float(c[1]["width"]) != e["width"] or float(c[1]["height"]) != e["height"]:
            wrong.append(("size", c[1], e["width"], e["height"]))
        if e["locale"] is not None and e["locale"] != row[0]:
            wrong.append(("row", row[0], e["locale"]))
    check(not wrong, "dom: each cell's class, caption, size and row agree with manifest.json", wrong)
    fams = sorted({f for e in manifest if e["label"] == "Greeting" for f in e["fonts"]})
    check(all(f in greet[2] for f in fams) and greet[2].endswith("(for SF Pro)") and "Noto Sans CJK JP" in fams,
          "dom: the catalog label's font line names the fonts its pictures used (a CJK one too), for SF Pro", (greet[2], fams))
    note = by_id(dom, "fontnote")
    check(note is not None and "stand-ins for Apple's SF Pro" in note.text(), "dom: the font note says the fonts are stand-ins for SF Pro", note and note.text())
    summary = by_id(dom, "summary")
    check(summary is not None and summary.text().startswith("3 labels, 1 failing"), "dom: the summary counts 3 labels, 1 failing", summary and summary.text())
    check(not re.search(r"https?://", d.stdout.replace("http://www.w3.org/2000/svg", ""), re.I), "dom: no http(s) URL in the rendered DOM")

    # --screenshot: the first section's failing picture, drawn.
    shot = work / "shot.png"
    s = chromium_cli(chromium, work / "profile-shot", page, "--window-size=1000,700", "--screenshot=" + str(shot))
    if not check(shot.is_file(), "screenshot: written", s.stderr[-500:]):
        return
    w, h, rows = decode_png(shot.read_bytes())
    colours = {p for row in rows[::7] for p in row[::7]}
    check(len(colours) > 20, "screenshot: not blank", len(colours))
    first = manifest[[e["svg"] for e in manifest].index(trunc[3][0][1][0][1]["src"])]
    box_w = round(first["width"])
    outlines = red_outlines(w, h, rows, box_w)
    if not check(len(outlines) >= 1, f"screenshot: a red (#ff2d55) outline {box_w + 8} px wide around the failing picture", outlines[:5]):
        return
    x0, y0, _ = min(outlines, key=lambda o: (o[1], o[0]))
    ix, iy, iw, ih = x0 + 4, y0 + 4, box_w, round(first["height"])  # the picture, inside outline and offset
    check(all(near(rows[iy + ih + 2][x], RED) for x in range(x0, x0 + box_w + 8)),
          "screenshot: the outline's bottom edge is where the picture's height puts it", (y0, ih))
    inside = [rows[y][x] for y in range(iy, iy + ih) for x in range(ix, ix + iw)]
    n_dark = sum(1 for p in inside if dark(p))
    n_mark = sum(1 for p in inside if near(p, MARK, 10))
    check(n_dark >= 100, "screenshot: the picture's glyphs drew (dark pixels inside the outline)", n_dark)
    check(n_mark >= 100, "screenshot: the SVG's truncation mark drew (orange, only the SVG has it)", n_mark)
    check(sum(1 for p in inside if p == (255, 255, 255)) > len(inside) // 3, "screenshot: the picture is mostly white background, not a block",
          n_dark)

    # The DevTools protocol: pictures decoded, filters, requests.
    dt.load(page)
    # Each picture scrolled to (they load lazily), then decoded.
    bad = dt.eval("""(async () => { const bad = [];
        for (const i of Array.from(document.images)) {
            i.scrollIntoView();
            try { await i.decode(); } catch (e) { bad.push(i.getAttribute('src') + ': ' + e); continue; }
            if (!(i.naturalWidth > 0)) bad.push(i.getAttribute('src'));
        }
        scrollTo(0, 0); return bad; })()""")
    n = dt.eval("document.images.length")
    check(n == len(manifest) and bad == [], "cdp: every picture loaded and decoded (naturalWidth > 0)", (n, bad))
    for loc in ("ja", "ar"):
        svg = next(e["svg"] for e in manifest if e["locale"] == loc and e["contentSize"] == "large")
        rect = dt.eval(f"(() => {{ const r = document.querySelector('img[src=\"{svg}\"]').getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }})()")
        png = dt.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                  "clip": {"x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3], "scale": 1}})
        cw, ch, crows = decode_png(base64.b64decode(png["data"]))
        n_dark = sum(1 for row in crows for p in row if dark(p))
        check(n_dark >= 80, f"cdp: the {loc} picture's glyphs drew", n_dark)
    count = "document.querySelectorAll('#labels section').length"
    check(dt.eval(count) == 3, "cdp: 3 sections before filtering")
    dt.eval("document.getElementById('failing').click()")
    check(dt.eval(f"[{count}, Array.from(document.querySelectorAll('#labels section h2')).map(h => h.textContent)]") == [1, [want[0]]],
          "cdp: 'failing labels only' leaves the failing label")
    dt.eval("document.getElementById('failing').click()")
    check(dt.eval(count) == 3, "cdp: unticked, all 3 again")
    dt.eval(SEARCH % json.dumps("greet"))
    check(dt.eval("Array.from(document.querySelectorAll('#labels section h2')).map(h => h.textContent)") == [want[2]],
          "cdp: the search field keeps the labels whose name matches")
    dt.eval(SEARCH % json.dumps(f"labels.labelspec:{line_of['Fits']}"))
    check(dt.eval("Array.from(document.querySelectorAll('#labels section h2')).map(h => h.textContent)") == [want[1]],
          "cdp: the search field matches file:line")
    urls = [e["params"]["request"]["url"] for e in dt.events if e["method"] == "Network.requestWillBeSent"]
    check(urls and all(u.startswith("file://") for u in urls), "cdp: every request is a file: URL", [u for u in urls if not u.startswith("file://")])
    errors = [e for e in dt.events if e["method"] == "Runtime.exceptionThrown"
              or (e["method"] == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")]
    check(not errors, "cdp: no script error or console error (a CSP refusal would be one)", errors[:3])


def check_many(dt: DevTools, proj: Path):
    r = render(proj, "rep", "--content-size", "large")
    if not check(r.returncode == 0, "render: 120 labels written", r.stderr):
        return
    rep = proj / "rep"
    manifest = json.loads((rep / "manifest.json").read_text(encoding="utf-8"))
    svg_of = {e["label"]: e["svg"] for e in manifest}
    files = sorted(p.name for p in (rep / "svg").iterdir())
    check(svg_of["L005"] == svg_of["L006"] and svg_of["L070"] == svg_of["L110"] and len(set(svg_of.values())) == 118
          and files == sorted(v[4:] for v in set(svg_of.values()))
          and all(re.fullmatch(r"svg/[0-9a-f]{16}\.svg", v) for v in svg_of.values()),
          "render: identical pictures are one file, named by its content (L005 and L006, L070 and L110 share; 118 files for 120 labels)",
          (svg_of["L005"], svg_of["L006"], len(files)))
    dt.load(rep / "index.html")
    names = "Array.from(document.querySelectorAll('#labels section h2')).map(h => h.textContent.split(': ')[1])"
    shown = dt.eval(names)
    check(len(shown) == 50 and shown[:3] == ["L070", "L110", "L001"],
          "cdp: 50 labels at first, the two failing ones (70th and 110th) first", shown[:4] + [len(shown)])
    # Only the sections in view or within a screen's height of it have their grid (and pictures).
    drawn = """(() => { const h = innerHeight; return Array.from(document.querySelectorAll('#labels section')).map(s => {
        const r = s.getBoundingClientRect(); return [s.querySelector('h2').textContent.split(': ')[1], !!s.querySelector('table'),
        r.bottom >= -h && r.top <= 2 * h, s.querySelectorAll('img').length]; }); })()"""
    dt.next_frame()
    state = dt.eval(drawn)
    with_grid = [n for n, has, _, _ in state if has]
    check(0 < len(with_grid) < 50 and all(has == near for _, has, near, _ in state)
          and dt.eval("document.images.length") == sum(k for *_, k in state) == len(with_grid),
          "cdp: only the sections near the view have their grid and picture (lazy drawing)", (len(with_grid), state[:3], state[-3:]))
    pair = dt.eval("""Promise.all(['L005', 'L006'].map(n => { const i = Array.from(document.querySelectorAll('#labels section'))
        .find(s => s.querySelector('h2').textContent.endsWith(': ' + n)).querySelector('img');
        return i.decode().then(() => [i.getAttribute('src'), i.naturalWidth]); }))""")
    check(pair[0] == pair[1] and pair[0][0] == svg_of["L005"] and pair[0][1] > 0,
          "cdp: L005 and L006 show the one shared picture, decoded", pair)
    dt.eval("window.scrollTo(0, document.body.scrollHeight)")
    n = dt.wait_for(f"{names}.length >= 100 && {names}.length", 5)
    check(n == 100, "cdp: scrolled to the end, 50 more", n)
    # The sentinel left the view as the 50 came; the observer reports its next entry.
    dt.next_frame()
    dt.eval("window.scrollTo(0, document.body.scrollHeight)")
    n = dt.wait_for(f"{names}.length >= 120 && {names}.length", 5)
    all_names = dt.eval(names)
    check(n == 120 and sorted(all_names) == [f"L{i:03d}" for i in range(1, 121)], "cdp: scrolled again, all 120, each once", n)
    # Scrolled to the end: the first sections' grids are dropped (their height kept), the last
    # ones drawn; back at the top, the first ones are drawn again.
    dt.eval("window.scrollTo(0, document.body.scrollHeight)")
    dt.next_frame()
    dt.next_frame()
    state = dt.eval(drawn)
    first = dt.eval("(document.querySelector('#labels section .grid') || { offsetHeight: 0 }).offsetHeight")
    check(not state[0][1] and state[-1][1] and all(has == near for _, has, near, _ in state) and first > 20
          and dt.eval("document.images.length") < 60,
          "cdp: at the end, the first sections' grids are dropped (placeholders keep their height), the last drawn",
          (state[0], state[-1], first, dt.eval("document.images.length")))
    dt.eval("window.scrollTo(0, 0)")
    dt.next_frame()
    dt.next_frame()
    check(dt.eval(drawn)[0][1], "cdp: back at the top, the first section is drawn again")
    dt.eval("document.getElementById('failing').click()")
    check(dt.eval(names) == ["L070", "L110"], "cdp: 'failing labels only' among 120")


def check_hostile(chromium: str, dt: DevTools, work: Path, proj: Path):
    r = render(proj, "rep")
    if not check(r.returncode == 0, "hostile: render writes the report (exit 0)", r.stderr):
        return
    rep = proj / "rep"
    raw = (rep / "manifest.json").read_text(encoding="utf-8")
    try:
        manifest = json.loads(raw)  # strict: a raw control character in a string is an error
    except ValueError as e:
        check(False, "hostile: manifest.json is valid JSON", e)
        return
    check(True, "hostile: manifest.json is valid JSON")
    check(all(e["file"] == HOSTILE_FILE and e["screen"] == HOSTILE_SCREEN for e in manifest) and manifest,
          "hostile: the manifest keeps the file and screen names exactly", manifest[:1])
    # Wrapped (the space at a break is on neither line, U+2028 breaks): the lines hold the rest.
    joined = ["".join(e["lines"]).replace(" ", "") for e in manifest]
    check(len(joined) == 2 and all(j == HOSTILE_TEXT.replace("\u2028", "").replace(" ", "") for j in joined),
          "hostile: the manifest's lines keep the text, quotes and control characters", [e["lines"] for e in manifest])
    bad_xml = []
    for p in sorted((rep / "svg").iterdir()):
        try:
            t = ET.parse(p).getroot().find("{http://www.w3.org/2000/svg}title")
            if t is None or "</script><script>alert(1)</script>" not in (t.text or ""):
                bad_xml.append((p.name, "title", t is not None and t.text))
        except ET.ParseError as e:
            bad_xml.append((p.name, str(e)))
    check(not bad_xml, "hostile: every SVG is well-formed XML whose title holds the text", bad_xml)
    page = rep / "index.html"
    source = page.read_text(encoding="utf-8")
    data = re.search(r'<script type="application/json" id="data">(.*?)</script>', source, re.S)
    check(data and "<" not in data.group(1) and json.loads(data.group(1))["labels"][0]["file"] == HOSTILE_FILE,
          "hostile: the page's data has no '<' and decodes to the file name", data and data.group(1)[:200])
    d = chromium_cli(chromium, work / "profile-hostile", page, "--dump-dom")
    dom = parse_dom(d.stdout)
    secs = sections(dom)
    check(len(secs) == 1 and secs[0][1] == HOSTILE_FILE + ":1: Evil", "hostile: dom: the file name is the h2's text, as it is",
          [s[1] for s in secs])
    scripts = list(dom.all("script"))
    imgs = list(dom.all("img"))
    check(len(scripts) == 2 and [s.attrs.get("id") for s in scripts] == ["data", None], "hostile: dom: no script element but the page's two",
          [s.attrs for s in scripts])
    check(imgs and all(i.attrs["src"].startswith("svg/") and "onerror" not in i.attrs for i in imgs), "hostile: dom: no injected img",
          [i.attrs for i in imgs])
    check(imgs and all(i.attrs.get("title") == HOSTILE_SCREEN for i in imgs), "hostile: dom: the screen name is the picture's title, as it is",
          [i.attrs.get("title") for i in imgs])
    dt.load(page)
    dt.next_frame()
    dialogs = [e for e in dt.events if e["method"] == "Page.javascriptDialogOpening"]
    check(not dialogs, "hostile: cdp: no dialog opened", dialogs)
    urls = [e["params"]["request"]["url"] for e in dt.events if e["method"] == "Network.requestWillBeSent"]
    check(all("/svg/" in u or u.endswith("/index.html") for u in urls), "hostile: cdp: nothing but the page and its pictures requested", urls)
    check(dt.eval("Promise.all(Array.from(document.images).map(i => i.decode())).then(() => Array.from(document.images).every(i => i.naturalWidth > 0), () => false)"),
          "hostile: cdp: the pictures decode")


def main():
    chromium = find_chromium()
    if not chromium:
        print("report: no Chromium (set CHROMIUM or install chromium)")
        return 1
    if not os.access(BIN, os.X_OK):
        print(f"report: no labelspec binary at {BIN} (swift build)")
        return 1
    work = Path(tempfile.mkdtemp(prefix="labelspec-report-"))
    try:
        projects = make_projects(work)
        dt = DevTools(chromium, work / "profile-cdp")
        try:
            check_main(chromium, dt, work, projects["main"])
            check_many(dt, projects["many"])
            check_hostile(chromium, dt, work, projects["hostile"])
        finally:
            dt.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"report: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
