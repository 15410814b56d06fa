#!/usr/bin/env python3
"""Writes a synthetic app of Swift sources for the speed of `labelspec check` on Swift code
(issue 37, point 8; docs/performance.md, "Swift sources").

Shaped by what issue 37 counted in seven public apps (6,438 files, 29.6 MB, 3,129 Text/Label
sites, 11 % of them constrained): FILES Swift files of about 4.6 KB each; most are models, view
models and services (no site: the byte pre-scan skips them); one in five is a SwiftUI view with
about three sites (literal keys, interpolations, SwiftGen accessors, view-model text, app font
tokens, frames and paddings), one in forty a UIKit cell; a SwiftGen `Strings.swift` of every key;
a String Catalog with the keys in `LOCALES` languages, German twice as long; a `labelspec.json`
mapping the tokens. `--truncating` makes every constrained site's German text too long for its
frame: the hard case, a finding per constrained site.

Usage: python3 Benchmarks/swift-tree.py OUT [--files 6500] [--locales 8] [--truncating] [--seed 1]
Prints the number of files, bytes and sites written.
"""
import argparse
import json
import os
import random

WORDS = ("account settings photo library sync status upload queue message reply thread member room "
         "notification privacy device storage backup download share invite profile search filter").split()


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def model_file(rng, i, size):
    """Plain Swift with no text site: structs, enums, functions."""
    out = [f"import Foundation\n\n/// Model {i}.\nstruct Model{i}: Codable, Hashable {{\n"]
    n = 0
    while sum(map(len, out)) < size:
        out.append(f"    var field{n}: String = \"{rng.choice(WORDS)}\"\n    var count{n}: Int = {rng.randint(0, 99)}\n")
        out.append(f"    func compute{n}(_ x: Int) -> Int {{\n        let y = x * {rng.randint(2, 9)} + count{n}\n"
                   f"        return y > {rng.randint(10, 99)} ? y : -y\n    }}\n")
        n += 1
    out.append("}\n")
    return "".join(out)


def view_file(rng, i, keys, size, truncating, counts):
    """A SwiftUI view with about three sites, padded with helpers to `size`."""
    lines = [f"import SwiftUI\n\nstruct Screen{i}View: View {{\n    @ObservedObject var model: Model{i}ViewModel\n\n"
             "    var body: some View {\n        VStack(alignment: .leading) {\n"]
    for _ in range(rng.randint(2, 4)):
        key = rng.choice(keys)
        kind = rng.random()
        if kind < 0.5:
            text = f'Text("{key}")'
        elif kind < 0.7:
            text = f'Text(L10n.{accessor(key)})'
        elif kind < 0.85:
            text = "Text(model.title)"
        else:
            text = 'Text("\\(model.count) items")'
        font = rng.choice([".font(.headline)", ".font(.compound.bodyMD)", ".font(.footnote)", ".font(.scaledBody)", ""])
        constrained = truncating or rng.random() < 0.11
        chain = font
        if constrained:
            chain += ".lineLimit(1)" + (f".frame(width: {rng.choice([120, 160, 200])})" if rng.random() < 0.6 else "")
            counts["constrained"] += 1
        counts["sites"] += 1
        lines.append(f"            {text}{chain}\n")
    lines.append("        }\n        .padding(.horizontal, 16)\n    }\n")
    n = 0
    while sum(map(len, lines)) < size:
        lines.append(f"\n    private func helper{n}(_ value: Int) -> String {{\n        let parts = [\"{rng.choice(WORDS)}\", \"\\(value)\"]\n"
                     f"        return parts.joined(separator: \" \")\n    }}\n")
        n += 1
    lines.append("}\n")
    return "".join(lines)


def cell_file(rng, i, keys, counts):
    key = rng.choice(keys)
    counts["sites"] += 1
    counts["constrained"] += 1
    return (f"import UIKit\n\nfinal class Cell{i}: UITableViewCell {{\n    let titleLabel = UILabel()\n\n"
            f"    func configure() {{\n        titleLabel.font = .preferredFont(forTextStyle: .body)\n        titleLabel.numberOfLines = 1\n"
            f"        titleLabel.text = NSLocalizedString(\"{key}\", comment: \"\")\n"
            f"        titleLabel.widthAnchor.constraint(equalToConstant: 140).isActive = true\n    }}\n}}\n")


def accessor(key):
    a, b = key.split(".")
    return f"{a.capitalize()}.{b}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--files", type=int, default=6500)
    ap.add_argument("--locales", type=int, default=8)
    ap.add_argument("--truncating", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(os.path.join(a.out, "Sources", "Generated"), exist_ok=True)
    os.makedirs(os.path.join(a.out, "Resources"), exist_ok=True)
    keys = [f"{rng.choice(WORDS)}{i // 100}.{rng.choice(WORDS)}{i}" for i in range(2000)]
    locales = ["de", "fr", "es", "it", "ja", "pt-BR", "nl", "sv", "pl", "tr"][: a.locales]
    strings = {}
    for k in keys:
        en = sentence(rng, 3)
        loc = {"en": {"stringUnit": {"state": "translated", "value": en}}}
        for l in locales:
            text = sentence(rng, 9 if (a.truncating and l == "de") else 5 if l == "de" else 3)
            loc[l] = {"stringUnit": {"state": "translated", "value": text}}
        strings[k] = {"localizations": loc}
    strings["%lld items"] = {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}
    with open(os.path.join(a.out, "Resources", "Localizable.xcstrings"), "w") as f:
        json.dump({"sourceLanguage": "en", "version": "1.0", "strings": strings}, f)
    with open(os.path.join(a.out, "labelspec.json"), "w") as f:
        json.dump({"fonts": {"Font.compound.bodyMD": ".subheadline", "Font.scaledBody": ".body"}, "screens": ["iPhone SE (3rd generation)"]}, f)
    # SwiftGen's file: an enum per key prefix.
    groups = {}
    for k in keys:
        a_, b = k.split(".")
        groups.setdefault(a_.capitalize(), []).append((b, k))
    gen = ["internal enum L10n {\n"]
    for g, items in sorted(groups.items()):
        gen.append(f"  internal enum {g} {{\n")
        for b, k in items:
            gen.append(f"    internal static let {b} = L10n.tr(\"Localizable\", \"{k}\", fallback: \"{k}\")\n")
        gen.append("  }\n")
    gen.append("}\n")
    with open(os.path.join(a.out, "Sources", "Generated", "Strings.swift"), "w") as f:
        f.write("".join(gen))
    counts = {"sites": 0, "constrained": 0}
    total = 0
    for i in range(a.files - 1):
        folder = os.path.join(a.out, "Sources", f"Module{i // 200}")
        os.makedirs(folder, exist_ok=True)
        size = int(rng.lognormvariate(8.27, 0.6))
        r = rng.random()
        if r < 0.2:
            text, name = view_file(rng, i, keys, size, a.truncating, counts), f"Screen{i}View.swift"
        elif r < 0.225:
            text, name = cell_file(rng, i, keys, counts), f"Cell{i}.swift"
        else:
            text, name = model_file(rng, i, size), f"Model{i}.swift"
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
        total += len(text.encode())
    print(f"{a.files} files, {total / 1e6:.1f} MB of Swift, {counts['sites']} sites, {counts['constrained']} constrained")


if __name__ == "__main__":
    main()
