#!/usr/bin/env python3
"""A workspace for the fit-matrix benchmark (issue 12): LABELS labels whose text comes from one
String Catalog with LOCALES locales, checked at all 12 content size categories.

    python3 Benchmarks/generate_locales.py --out DIR [--labels 1000] [--locales 40] [--keys 250] [--seed 1]
    python3 Benchmarks/generate_locales.py --out DIR --catalog-mb 100

The second form writes one label and a String Catalog of about that many megabytes (keys with 10
locales each, plurals and substitutions among them): the memory check of a large catalog
(`/usr/bin/time -v labelspec check DIR`, docs/performance.md).

DIR gets labelspec.json (all 12 categories, "locales": "all"), Localizable.xcstrings and
Labels.labelspec. Labels share keys (--keys of them: a design system repeats "Cancel" and
"Done") and a few styles, and each locale leaves about one key in ten untranslated (measured
with the English text, as iOS shows it), so some layouts repeat: the check lays out each distinct
one once. `labelspec check DIR` then lays out LABELS × LOCALES × 12 texts (480,000 by default).
Stdlib only.
"""
import argparse
import json
import os
import random

CATEGORIES = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
              "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
              "accessibilityExtraExtraExtraLarge"]
WORDS = ["share", "photos", "with", "friends", "album", "settings", "privacy", "account", "message", "new", "continue",
         "download", "update", "later", "storage", "notifications", "allow", "library", "recent", "search", "done",
         "cancel", "delete", "edit", "profile", "sign", "in", "out", "help", "more"]
# Real locale names in Latin script (a catalog's made-up names, such as "l01", are invalid-catalog
# errors since issue 23 and are not read): the texts are the generator's stretched English, so
# the script the locale would write does not matter, only that the name is one Xcode takes.
LOCALES = ["de", "fr", "es", "it", "pt-BR", "pt-PT", "nl", "sv", "da", "nb", "fi", "is", "pl", "cs", "sk", "sl", "hr", "hu",
           "ro", "ca", "eu", "gl", "et", "lv", "lt", "ga", "cy", "mt", "sq", "tr", "id", "ms", "vi", "fil", "sw", "af", "zu",
           "en-GB", "en-AU", "fr-CA", "es-MX", "de-CH", "de-AT", "nl-BE", "it-CH", "fr-BE", "es-419", "en-IN", "nn", "fo"]
FONTS = [".body", ".headline", ".subheadline", ".footnote", ".caption1", ".title3"]


def word(rng, lengthen):
    w = rng.choice(WORDS)
    # Other languages run longer: stretch the word with letters (and an accent now and then).
    extra = "".join(rng.choice("aeiounrstlkäöüéè") for _ in range(int(len(w) * lengthen)))
    return w + extra


def phrase(rng, n, lengthen):
    return " ".join(word(rng, lengthen) for _ in range(n)).capitalize()


# The eight current iPhones of the device table, narrowest first: seven distinct widths.
SCREENS = ["iPhone SE (3rd generation)", "iPhone 13 mini", "iPhone 16e", "iPhone 16", "iPhone 16 Pro", "iPhone Air",
           "iPhone 16 Plus", "iPhone 16 Pro Max"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--labels", type=int, default=1000)
    ap.add_argument("--locales", type=int, default=40)
    ap.add_argument("--keys", type=int, default=250)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--catalog-mb", type=float, default=0)
    ap.add_argument("--screens", type=int, default=0,
                    help="widths follow the screen (`width: .screen - k`, the same width as the numeric one on a "
                         "375 pt screen) on this many screens of SCREENS (issue 26)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    if a.catalog_mb:
        big_catalog(a, rng)
        return
    if a.locales > len(LOCALES) + 1:
        ap.error("--locales: at most %d" % (len(LOCALES) + 1))
    locales = ["en"] + LOCALES[:a.locales - 1]
    strings = {}
    for k in range(a.keys):
        words = rng.randint(1, 5)
        english = phrase(rng, words, 0)
        locs = {"en": {"stringUnit": {"state": "translated", "value": english}}}
        for i, loc in enumerate(locales[1:]):
            if rng.random() < 0.1:
                continue  # untranslated: iOS shows the English text
            locs[loc] = {"stringUnit": {"state": "translated", "value": phrase(rng, words, 0.1 + 0.5 * (i % 5) / 4)}}
        strings["key.%d" % k] = {"localizations": locs}
    with open(os.path.join(a.out, "Localizable.xcstrings"), "w", encoding="utf-8") as f:
        json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, f, ensure_ascii=False, indent=1)
    config = {"contentSizes": CATEGORIES, "locales": "all", "severity": {"missing-translation": "off"}}
    if a.screens:
        config["screens"] = SCREENS[:a.screens]
    with open(os.path.join(a.out, "labelspec.json"), "w") as f:
        json.dump(config, f)
    out = []
    for i in range(a.labels):
        key = rng.randrange(a.keys)
        # Labels that share a key mostly share a style too (the same component on several screens).
        font = FONTS[key % len(FONTS)] if rng.random() < 0.8 else rng.choice(FONTS)
        width = [120, 160, 200, 240, 311, 343][key % 6]
        lines = [1, 1, 2, 0][key % 4]
        written = ".screen - %d" % (375 - width) if a.screens else "%d" % width
        out.append('label L%d {\n    text: .localized("key.%d")\n    font: %s\n    width: %s\n    numberOfLines: %d\n}\n'
                   % (i, key, font, written, lines))
    with open(os.path.join(a.out, "Labels.labelspec"), "w") as f:
        f.write("\n".join(out))
    print(json.dumps({"labels": a.labels, "locales": len(locales), "categories": len(CATEGORIES), "keys": a.keys,
                      "layouts": a.labels * len(locales) * len(CATEGORIES)}))


def big_catalog(a, rng):
    target = int(a.catalog_mb * 1e6)
    locales = ["en", "de", "fr", "es", "it", "ja", "ko", "ru", "ar", "th"]
    path = os.path.join(a.out, "Localizable.xcstrings")
    written = 0
    with open(path, "w", encoding="utf-8") as f:
        f.write('{\n  "sourceLanguage" : "en",\n  "strings" : {\n')
        k = 0
        while written < target:
            locs = {}
            for loc in locales:
                if k % 7 == 0:
                    locs[loc] = {"variations": {"plural": {
                        "one": {"stringUnit": {"state": "translated", "value": "%lld " + phrase(rng, 2, 0.2)}},
                        "other": {"stringUnit": {"state": "translated", "value": "%lld " + phrase(rng, 3, 0.2)}}}}}
                else:
                    locs[loc] = {"stringUnit": {"state": "translated", "value": phrase(rng, rng.randint(1, 6), 0.3)}}
            entry = json.dumps({"comment": "generated", "localizations": locs}, ensure_ascii=False, indent=2)
            text = ('' if k == 0 else ',\n') + '    "key.%d" : ' % k + entry.replace("\n", "\n    ")
            f.write(text)
            written += len(text.encode("utf-8"))
            k += 1
        f.write('\n  },\n  "version" : "1.0"\n}\n')
    with open(os.path.join(a.out, "labelspec.json"), "w") as f:
        f.write('{ "locales": "all" }')
    with open(os.path.join(a.out, "Label.labelspec"), "w") as f:
        f.write('label A {\n    text: .localized("key.1")\n    width: 200\n}\n')
    print(json.dumps({"catalog_bytes": os.path.getsize(path), "keys": k}))


if __name__ == "__main__":
    main()
