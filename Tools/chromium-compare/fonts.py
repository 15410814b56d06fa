"""Which fonts the multilingual comparison uses, and a check that Chromium used them.

- fallback_table(): fontconfig's pick for each script the corpus has (`fc-match`), the fonts both
  engines should fall back to after Inter. Missing Noto fonts stop the comparison (exit 2).
- isolate(): a fontconfig configuration that sees only the font packages CI installs
  (FONT_PACKAGES), set as FONTCONFIG_FILE for this process and every engine it starts, so that a
  font another package brings (FreeSerif has Thai and outranks Noto Sans Thai) changes neither
  engine's fallback.
- chromium_prefs(): a profile Preferences file that makes Chromium's "standard", "serif" and
  "sans-serif" fonts Inter. Without it a character Inter lacks is first looked up in Chromium's
  default standard font ("Times New Roman", which fontconfig maps to Liberation Serif) before the
  per-character fontconfig fallback; with it the fallback is fontconfig's alone, as in LabelSpec.
- check_fonts(): loads the comparison's page in Chromium through the DevTools protocol
  (`--remote-debugging-pipe`, standard library only), asks `CSS.getPlatformFontsForNode` which
  fonts rendered each case, and compares them with what fontconfig picks for each grapheme
  cluster of the case's text in the case's language (libfontconfig through ctypes, the same
  query Chromium's fallback makes: charset + lang, FcConfigSubstitute, FcDefaultSubstitute,
  FcFontSort, first font that has the characters).
"""

import ctypes
import ctypes.util
import json
import os
import subprocess
import time
import unicodedata
from pathlib import Path

# (what, fontconfig lang, a character of the script, the family the comparison needs, package)
SCRIPTS = [
    ("Japanese (Han, kana)", "ja", "日", "Noto Sans CJK JP", "fonts-noto-cjk"),
    ("Chinese Simplified", "zh-cn", "简", "Noto Sans CJK SC", "fonts-noto-cjk"),
    ("Chinese Traditional", "zh-tw", "繁", "Noto Sans CJK TC", "fonts-noto-cjk"),
    ("Korean", "ko", "한", "Noto Sans CJK KR", "fonts-noto-cjk"),
    ("Thai", "th", "ก", "Noto Sans Thai", "fonts-noto-core"),
    ("Devanagari", "hi", "क", "Noto Sans Devanagari", "fonts-noto-core"),
    ("Arabic", "ar", "ب", None, "fonts-noto-core"),
    ("Hebrew", "he", "ש", None, "fonts-noto-core"),
]
EMOJI_FAMILY = "Noto Color Emoji"
# The font packages .ci/run installs: the comparison sees these and no other font.
FONT_PACKAGES = ("fonts-inter", "fonts-inter-variable", "fonts-dejavu-core", "fonts-noto-core", "fonts-noto-cjk",
                 "fonts-noto-color-emoji")
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc", ".pfb", ".pcf.gz")
REJECTED_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc", ".TTF", ".OTF", ".TTC", ".pfb", ".pfa", ".t1", ".pcf", ".pcf.gz",
                     ".bdf", ".pfr", ".woff", ".woff2", ".dfont")


def isolate(workdir, packages=FONT_PACKAGES):
    """Writes WORKDIR/fonts.conf: the system's configuration (its substitutions and aliases) with
    every font file rejected but those of `packages` (their files as dpkg lists them), and sets
    FONTCONFIG_FILE to it for this process and its children (LabelSpec, Chromium, fc-match).
    Returns the number of font files accepted, or None where dpkg cannot say (nothing is changed:
    the machine's fonts are used as they are)."""
    files = []
    for package in packages:
        proc = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True) if _has("dpkg") else None
        if proc is None or proc.returncode != 0:
            return None
        files += [f for f in proc.stdout.splitlines() if f.endswith(FONT_SUFFIXES) and os.path.isfile(f)]
    from xml.sax.saxutils import escape
    # A glob has no escape: a path with a glob character is left out (rejected with the rest).
    accept = "".join("      <glob>%s</glob>\n" % escape(f) for f in sorted(set(files)) if not set(f) & set("*?[]"))
    # Rejected by file name ending: a glob that matched a directory would skip the whole folder.
    reject = "".join("      <glob>*%s</glob>\n" % ext for ext in REJECTED_SUFFIXES)
    conf = Path(workdir) / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        '  <selectfont>\n    <acceptfont>\n%s    </acceptfont>\n'
        '    <rejectfont>\n%s    </rejectfont>\n  </selectfont>\n</fontconfig>\n'
        % (accept, reject), encoding="utf-8")
    os.environ["FONTCONFIG_FILE"] = str(conf.resolve())
    return len(files)


def _has(tool):
    import shutil
    return shutil.which(tool) is not None


def fc_match(pattern):
    out = subprocess.run(["fc-match", "-f", "%{family[0]}\t%{file}\t%{postscriptname}", pattern],
                         capture_output=True, text=True)
    parts = out.stdout.split("\t")
    return parts if out.returncode == 0 and len(parts) == 3 else None


def fallback_table():
    """[(script, lang, family, file, postscript)] as fontconfig picks them here, and a list of
    problems (a needed font missing)."""
    rows, problems = [], []
    for what, lang, ch, need, package in SCRIPTS:
        m = fc_match("sans-serif:lang=%s:charset=%x" % (lang, ord(ch)))
        if not m:
            problems.append("fc-match failed for %s" % what)
            continue
        family, file, ps = m
        has = subprocess.run(["fc-list", "%s:charset=%x" % (family, ord(ch)), "file"], capture_output=True, text=True).stdout.strip()
        if not has or (need and family != need):
            problems.append("%s: fontconfig picks %s, which %s (apt-get install %s)"
                            % (what, family, "lacks %s" % ch if not has else "is not %s" % need, package))
        rows.append((what, lang, family, file, ps))
    m = fc_match("emoji")
    if not m or m[0] != EMOJI_FAMILY:
        problems.append("no %s (apt-get install fonts-noto-color-emoji)" % EMOJI_FAMILY)
    else:
        rows.append(("emoji presentation", "und", m[0], m[1], m[2]))
    return rows, problems


def chromium_prefs():
    fonts = {kind: {"Zyyy": "Inter"} for kind in ("standard", "serif", "sansserif")}
    return json.dumps({"webkit": {"webprefs": {"fonts": fonts}}})


def write_profile(profile):
    d = Path(profile) / "Default"
    d.mkdir(parents=True, exist_ok=True)
    (d / "Preferences").write_text(chromium_prefs(), encoding="utf-8")


# ------------------------------------------------------------------------- DevTools protocol


class DevTools:
    """Chromium driven through --remote-debugging-pipe: commands on fd 3, replies on fd 4, each a
    JSON message ended by a NUL byte."""

    def __init__(self, chromium, profile, extra=()):
        cmd_r, self._cmd_w = os.pipe()
        self._out_r, out_w = os.pipe()

        def child():
            a, b = os.dup(cmd_r), os.dup(out_w)  # above 4, so that the dup2s cannot clobber them
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--allow-file-access-from-files", "--font-render-hinting=none", "--no-first-run",
             "--user-data-dir=" + str(profile), *extra, "about:blank"],
            pass_fds=(3, 4), preexec_fn=child, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(cmd_r)
        os.close(out_w)
        self._buf = b""
        self._id = 0

    def _message(self):
        while b"\0" not in self._buf:
            chunk = os.read(self._out_r, 1 << 20)
            if not chunk:
                raise OSError("Chromium closed the DevTools pipe")
            self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=None):
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self._cmd_w, json.dumps(msg).encode() + b"\0")
        want = self._id
        while True:
            r = self._message()
            if r.get("id") == want:
                if "error" in r:
                    raise OSError("%s: %s" % (method, r["error"]))
                return r["result"]
            if "method" in r:
                self.on_event(r)

    def on_event(self, message):
        """An event that came while waiting for a reply (ignored here; Tests/report keeps them)."""

    def close(self):
        try:
            self.send("Browser.close")
        except OSError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self._cmd_w)
        os.close(self._out_r)


def chromium_fonts(chromium, page, profile, timeout=600):
    """{case id: [(family, postscript name, custom font?, glyphs)]} for every div.c of the page."""
    dt = DevTools(chromium, profile)
    try:
        target = dt.send("Target.createTarget", {"url": "about:blank"})
        s = dt.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
        dt.send("Page.enable", session=s)
        dt.send("Page.navigate", {"url": Path(page).resolve().as_uri()}, session=s)
        deadline = time.time() + timeout
        while True:
            r = dt.send("Runtime.evaluate", {"expression": "document.getElementById('out') && document.getElementById('out').dataset.done || ''"}, session=s)
            if r["result"].get("value") == "1":
                break
            if time.time() > deadline:
                raise OSError("the page did not finish within %d s" % timeout)
            time.sleep(0.5)
        dt.send("DOM.enable", session=s)
        dt.send("CSS.enable", session=s)
        root = dt.send("DOM.getDocument", {"depth": 0}, session=s)["root"]["nodeId"]
        ids = dt.send("DOM.querySelectorAll", {"nodeId": root, "selector": "div.c"}, session=s)["nodeIds"]
        out = {}
        for node in ids:
            attrs = dt.send("DOM.getAttributes", {"nodeId": node}, session=s)["attributes"]
            case_id = attrs[attrs.index("id") + 1]
            fonts = dt.send("CSS.getPlatformFontsForNode", {"nodeId": node}, session=s)["fonts"]
            out[case_id] = [(f["familyName"], f.get("postScriptName", ""), f["isCustomFont"], f["glyphCount"]) for f in fonts]
        return out
    finally:
        dt.close()


# ------------------------------------------------------------------------- fontconfig (ctypes)


class _FcFontSet(ctypes.Structure):
    _fields_ = [("nfont", ctypes.c_int), ("sfont", ctypes.c_int), ("fonts", ctypes.POINTER(ctypes.c_void_p))]


class Fontconfig:
    """The few libfontconfig calls the check needs."""

    def __init__(self):
        path = ctypes.util.find_library("fontconfig") or "libfontconfig.so.1"
        fc = self.fc = ctypes.CDLL(path)
        fc.FcInitLoadConfigAndFonts.restype = ctypes.c_void_p
        fc.FcNameParse.restype = ctypes.c_void_p
        fc.FcNameParse.argtypes = [ctypes.c_char_p]
        fc.FcCharSetCreate.restype = ctypes.c_void_p
        fc.FcCharSetAddChar.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
        fc.FcCharSetHasChar.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
        fc.FcCharSetDestroy.argtypes = [ctypes.c_void_p]
        fc.FcPatternAddCharSet.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        fc.FcPatternAddBool.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        fc.FcConfigSubstitute.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
        fc.FcDefaultSubstitute.argtypes = [ctypes.c_void_p]
        fc.FcFontSort.restype = ctypes.POINTER(_FcFontSet)
        fc.FcFontSort.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
        fc.FcFontSetDestroy.argtypes = [ctypes.POINTER(_FcFontSet)]
        fc.FcPatternDestroy.argtypes = [ctypes.c_void_p]
        fc.FcPatternGetCharSet.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)]
        fc.FcPatternGetString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        self.config = fc.FcInitLoadConfigAndFonts()
        self._cache = {}

    def _string(self, pat, key):
        s = ctypes.c_char_p()
        if self.fc.FcPatternGetString(pat, key, 0, ctypes.byref(s)) == 0:
            return s.value.decode("utf-8", "replace")
        return ""

    def pick(self, chars, lang, base="sans-serif"):
        """The postscript name of the first font in fontconfig's sorted list for a pattern with
        these characters (and lang) that has all of them (else the first that has the first)."""
        key = (tuple(chars), lang, base)
        if key in self._cache:
            return self._cache[key]
        fc = self.fc
        pat = fc.FcNameParse((base + (":lang=" + lang if lang else "")).encode())
        cs = fc.FcCharSetCreate()
        for c in chars:
            fc.FcCharSetAddChar(cs, ord(c))
        fc.FcPatternAddCharSet(pat, b"charset", cs)
        fc.FcPatternAddBool(pat, b"scalable", 1)
        fc.FcConfigSubstitute(self.config, pat, 0)
        fc.FcDefaultSubstitute(pat)
        result = ctypes.c_int()
        fs = fc.FcFontSort(self.config, pat, 1, None, ctypes.byref(result))
        best = first = None
        if fs:
            for i in range(fs.contents.nfont):
                font = fs.contents.fonts[i]
                fcs = ctypes.c_void_p()
                if fc.FcPatternGetCharSet(font, b"charset", 0, ctypes.byref(fcs)) != 0:
                    continue
                has = [bool(fc.FcCharSetHasChar(fcs, ord(c))) for c in chars]
                if all(has):
                    best = self._string(font, b"postscriptname")
                    break
                if first is None and has[0]:
                    first = self._string(font, b"postscriptname")
            fc.FcFontSetDestroy(fs)
        fc.FcPatternDestroy(pat)
        fc.FcCharSetDestroy(cs)
        self._cache[key] = best or first or "?"
        return self._cache[key]


# Fontconfig takes zh-cn / zh-tw, not the script subtags of BCP 47.
FC_LANG = {"zh-Hans": "zh-cn", "zh-Hant": "zh-tw"}


def is_ignorable(ch):
    cp = ord(ch)
    return unicodedata.category(ch) in ("Cf", "Cc", "Zl", "Zp") or 0xFE00 <= cp <= 0xFE0F or 0xE0000 <= cp <= 0xE0FFF


# Emoji_Presentation=Yes below U+1F000 (Unicode's emoji-data.txt).
EMOJI_PRESENTATION_BMP = set()
for a, b in ((0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3), (0x25FD, 0x25FE),
             (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F), (0x2693, 0x2693), (0x26A1, 0x26A1),
             (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4),
             (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
             (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C), (0x274E, 0x274E),
             (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797), (0x27B0, 0x27B0), (0x27BF, 0x27BF),
             (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55)):
    EMOJI_PRESENTATION_BMP.update(range(a, b + 1))


def is_emoji_presentation(cluster):
    """An emoji presentation sequence (approximated without the Unicode emoji data, which Python
    lacks): VS16, a keycap, a flag, a skin tone, a tag sequence, ZWJ between pictographs, or a
    pictograph from U+1F000 on (the few text-default ones there are not in the corpus)."""
    cps = [ord(c) for c in cluster]
    if 0xFE0E in cps:
        return False
    if 0xFE0F in cps or 0x20E3 in cps or any(0x1F3FB <= c <= 0x1F3FF for c in cps) or any(0xE0020 <= c <= 0xE007F for c in cps):
        return True
    if sum(1 for c in cps if 0x1F1E6 <= c <= 0x1F1FF) >= 1:
        return True
    if cps[0] in EMOJI_PRESENTATION_BMP:
        return True
    return any(c >= 0x1F000 and c not in range(0x1F100, 0x1F1E6) for c in cps)


def expected_fonts(fc, text, lang, segment, inter="Inter-Regular", emoji="NotoColorEmoji"):
    """The postscript names fontconfig's fallback would render text with: Inter for clusters
    Inter has, the colour emoji font for emoji presentation, else fontconfig's pick."""
    fl = FC_LANG.get(lang, lang.split("-")[0])
    out = set()
    for cluster in segment(text):
        visible = [c for c in cluster if not is_ignorable(c)]
        if not visible:
            if cluster in ("\t", "\u200b"):
                out.add(inter)  # Chromium draws a tab or a zero-width space with the first font's space
            continue
        if is_emoji_presentation(cluster):
            out.add(emoji)
            continue
        if fc.pick(visible, "", base="Inter") == inter:
            out.add(inter)
            continue
        out.add(fc.pick(visible, fl))
    return out


def graphemes_py(text):
    """Extended grapheme clusters, near enough for font expectations: a base with the marks,
    joiners, variation selectors, modifiers and tags after it; regional indicators in pairs."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        j = i + 1
        ri = 0x1F1E6 <= ord(text[i]) <= 0x1F1FF
        if ri and j < n and 0x1F1E6 <= ord(text[j]) <= 0x1F1FF:
            j += 1
        while j < n:
            c = text[j]
            cp = ord(c)
            if unicodedata.category(c) in ("Mn", "Me", "Mc") or 0xFE00 <= cp <= 0xFE0F or 0x1F3FB <= cp <= 0x1F3FF \
                    or 0xE0020 <= cp <= 0xE007F or cp == 0x200D:
                j += 1
                if cp == 0x200D and j < n:
                    j += 1
                continue
            break
        out.append(text[i:j])
        i = j
    return out


def check_fonts(chromium, page, cases, profile):
    """(rows, mismatches): rows = {category: [checked, matching]}, mismatches = [(case, expected,
    used)], plus {postscript name: (family, file)} for every font Chromium used."""
    used = chromium_fonts(chromium, page, profile)
    fc = Fontconfig()
    rows = {}
    mismatches = []
    seen = {}
    for c in cases:
        fonts = used.get(c["id"], [])
        got = {ps for _, ps, _, glyphs in fonts if glyphs > 0}
        for fam, ps, custom, _ in fonts:
            seen.setdefault(ps, fam)
        want = expected_fonts(fc, c["text"], c["lang"], graphemes_py)
        r = rows.setdefault(c["category"], [0, 0])
        r[0] += 1
        if got == want:
            r[1] += 1
        else:
            mismatches.append((c, sorted(want), sorted(got)))
    files = {}
    for ps, fam in seen.items():
        m = fc_match(":postscriptname=%s" % ps)
        files[ps] = (fam, m[1] if m and m[2] == ps else "?")
    return rows, mismatches, files
