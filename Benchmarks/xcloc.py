#!/usr/bin/env python3
"""Writes an app with UNITS localized keys shown by labels, and a returned `de.xcloc` of those
keys shaped as Xcode exports one, for the speed of `labelspec budgets --xcloc` and `labelspec
check App de.xcloc` (issue 38; docs/performance.md, "Translators' files").

The app: a String Catalog of UNITS keys (a fifth of them plural, `one`/`other`, each a unit of
its own in the export, so the file has UNITS × 1.2 units), English and German, and `.labelspec`
files of 500 labels each, one label per key, 1 line, 90 to 300 pt, body or footnote. The export:
`de.xcloc/contents.json` and `Localized Contents/de.xliff` with every unit translated, Xcode's
bytes (default namespace, two-space indent, `<note/>`, units sorted by id). `--truncating`: every
German target is too long for its label (a finding per unit: the hard case). `--merged`: the German
texts are in the catalog too (what Xcode's import would write): `check OUT/App` alone is then the
floor `check OUT/App OUT/de.xcloc` is compared with, with the same findings.

Usage: python3 Benchmarks/xcloc.py OUT [--units 10000] [--truncating] [--merged] [--seed 1]
"""
import argparse
import json
import os
import random

WORDS = ("account settings photo library sync status upload queue message reply thread member room "
         "notification privacy device storage backup download share invite profile search filter").split()
GERMAN = ("Konto Einstellungen Fotomediathek Synchronisierung Status Warteschlange Nachricht Antwort "
          "Mitteilung Datenschutz Gerät Speicher Sicherung Freigabe Einladung Profil Suche Filter").split()


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--units", type=int, default=10000)
    ap.add_argument("--truncating", action="store_true")
    ap.add_argument("--merged", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    app = os.path.join(a.out, "App")
    os.makedirs(app, exist_ok=True)
    loc = os.path.join(a.out, "de.xcloc", "Localized Contents")
    os.makedirs(loc, exist_ok=True)
    keys = []
    strings = {}
    for i in range(a.units):
        key = f"key.{i:05d}"
        plural = i % 5 == 0
        en = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3))).capitalize()
        n = 4 if a.truncating else rng.randint(1, 2)
        de = " ".join(rng.choice(GERMAN) for _ in range(n))
        if plural:
            strings[key] = {"localizations": {
                "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld " + en}},
                                                 "other": {"stringUnit": {"state": "translated", "value": "%lld " + en + "s"}}}}}}}
            if a.merged:
                strings[key]["localizations"]["de"] = {"variations": {"plural": {
                    "one": {"stringUnit": {"state": "translated", "value": "%lld " + de}},
                    "other": {"stringUnit": {"state": "translated", "value": "%lld " + de}}}}}
            keys.append((key, [("one", "%lld " + en, "%lld " + de), ("other", "%lld " + en + "s", "%lld " + de)]))
        else:
            strings[key] = {"localizations": {"en": {"stringUnit": {"state": "translated", "value": en}}}}
            if a.merged:
                strings[key]["localizations"]["de"] = {"stringUnit": {"state": "translated", "value": de}}
            keys.append((key, [(None, en, de)]))
    with open(os.path.join(app, "Localizable.xcstrings"), "w") as f:
        json.dump({"sourceLanguage": "en", "version": "1.0", "strings": strings}, f, indent=1)
    with open(os.path.join(app, "labelspec.json"), "w") as f:
        json.dump({"contentSizes": ["large"], "locales": ["en", "de"]}, f)
    for start in range(0, len(keys), 500):
        with open(os.path.join(app, f"Screen{start // 500:03d}.labelspec"), "w") as f:
            for key, _ in keys[start:start + 500]:
                width = rng.choice([90, 120, 160, 200, 300])
                font = rng.choice([".body", ".footnote"])
                args = "\n    arguments: [3]" if key in strings and "variations" in json.dumps(strings[key]) else ""
                f.write(f'label L{key.replace(".", "_")} {{\n    text: .localized("{key}"){args}\n    font: {font}\n    width: {width}\n}}\n\n')
    units = []
    for key, forms in keys:
        for form, en, de in forms:
            uid = key if form is None else f"{key}|==|plural.{form}"
            units.append((uid, en, de))
    units.sort()
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" '
           'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 '
           'http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">\n'
           '  <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">\n'
           '    <header>\n      <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="27.0" build-num="27A266a"/>\n'
           '    </header>\n    <body>\n']
    for uid, en, de in units:
        out.append(f'      <trans-unit id="{esc(uid)}" xml:space="preserve">\n        <source>{esc(en)}</source>\n'
                   f'        <target state="translated">{esc(de)}</target>\n        <note/>\n      </trans-unit>\n')
    out.append("    </body>\n  </file>\n</xliff>\n")
    with open(os.path.join(loc, "de.xliff"), "w") as f:
        f.write("".join(out))
    with open(os.path.join(a.out, "de.xcloc", "contents.json"), "w") as f:
        f.write('{\n  "developmentRegion" : "en",\n  "project" : "App.xcodeproj",\n  "targetLocale" : "de",\n  "version" : "1.0"\n}\n')
    print(f"{len(keys)} keys, {len(units)} units, {sum(map(len, out))} bytes of XLIFF")


if __name__ == "__main__":
    main()
