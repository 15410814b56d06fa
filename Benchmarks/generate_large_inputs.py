#!/usr/bin/env python3
"""The large inputs of docs/performance.md, "Hostile and large inputs" (issue 23), each in a
folder of its own under --out (a folder's files share names, so each is measured alone):

- substitutions/: a String Catalog entry of 45 substitutions of 300 words each, and a two-line
  label 200 pt wide that shows it;
- baseline/: a baseline of 1,000,000 `truncates` findings over 500 files (about 230 MB), and a
  one-label file to check with it;
- storyboard/: a storyboard of 62,500 labels as Xcode writes them (about 31 MB);
- strings/: a `Localizable.strings` of 2,185,303 entries (about 100 MB) beside a one-label file.

Python standard library only:

    python3 Benchmarks/generate_large_inputs.py --out /tmp/large
    /usr/bin/time -v .build/release/labelspec check --content-size large /tmp/large/substitutions
    (cd /tmp/large/baseline && /usr/bin/time -v labelspec check --baseline baseline.json a.labelspec)
    /usr/bin/time -v .build/release/labelspec import /tmp/large/storyboard/Big.storyboard -o /tmp/Big.labelspec
    /usr/bin/time -v .build/release/labelspec check --content-size large /tmp/large/storyboard/Big.storyboard
    /usr/bin/time -v .build/release/labelspec check /tmp/large/strings
"""
import argparse
import json
import os


def substitutions(folder):
    subs = {}
    for i in range(45):
        subs["s%d" % i] = {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%arg item " * 300}},
            "other": {"stringUnit": {"state": "translated", "value": "%arg items " * 300}}}}}
    fmt = " ".join("%%#@s%d@" % i for i in range(45))
    catalog = {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
        "stringUnit": {"state": "translated", "value": fmt}, "substitutions": subs}}}}}
    with open(os.path.join(folder, "Localizable.xcstrings"), "w") as f:
        json.dump(catalog, f)
    with open(os.path.join(folder, "a.labelspec"), "w") as f:
        f.write('label A { text: .localized("k"); width: 200; numberOfLines: 2 }\n')


def baseline(folder, findings=1_000_000):
    with open(os.path.join(folder, "baseline.json"), "w") as f:
        f.write('{\n  "version": 1,\n  "findings": [\n')
        for i in range(findings):
            f.write(("    " if i == 0 else ",\n    ") + json.dumps({
                "file": "Sources/Features/Onboarding/Screens%d.labelspec" % (i % 500), "code": "truncates",
                "item": "Label%d" % (i % 20000),
                "message": "truncates at .accessibilityLarge: \"Share with your team and fr\u2026\" (and at %d larger sizes)" % (i % 7),
                "count": 1}))
        f.write("\n  ]\n}\n")
    with open(os.path.join(folder, "a.labelspec"), "w") as f:
        f.write('label A { text: "x" }\n')


def storyboard(folder, labels=62_500):
    with open(os.path.join(folder, "Big.storyboard"), "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" '
                'version="3.0"><scenes><scene sceneID="s"><objects><viewController id="vc"><view key="view" id="v"><subviews>\n')
        for i in range(labels):
            f.write('<label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label number %d here" '
                    'textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" '
                    'adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="l%d-ab-cd">'
                    '<rect key="frame" x="16" y="%d" width="120" height="21"/><fontDescription key="fontDescription" '
                    'type="system" pointSize="17"/><color key="textColor" systemColor="labelColor"/>'
                    '<nil key="highlightedColor"/></label>\n' % (i, i, i))
        f.write("</subviews></view></viewController></objects></scene></scenes></document>\n")


def strings(folder, entries=2_185_303):
    with open(os.path.join(folder, "Localizable.strings"), "w") as f:
        for i in range(entries):
            f.write('"key%d" = "value %d of the big table";\n' % (i, i))
    with open(os.path.join(folder, "a.labelspec"), "w") as f:
        f.write('label A { text: .localized("key1"); width: 100 }\n')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", default="substitutions,baseline,storyboard,strings")
    args = parser.parse_args()
    makers = {"substitutions": substitutions, "baseline": baseline, "storyboard": storyboard, "strings": strings}
    for name in args.only.split(","):
        folder = os.path.join(args.out, name)
        os.makedirs(folder, exist_ok=True)
        makers[name](folder)
        print(folder)


if __name__ == "__main__":
    main()
