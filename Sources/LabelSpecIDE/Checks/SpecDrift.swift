import Foundation
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

/// `spec-drift`: a spec's label and a Swift site show the same key, and their line limits, fonts
/// or minimum scale factors differ. The code is what ships: the finding is said at both places
/// (docs/swift-sources.md, "Specs and code in step").
public enum SpecDrift {
    /// What one label shows (a spec's, or the one a Swift site amounts to): its key (or its text)
    /// and what decides its fit.
    public struct Facts: Sendable {
        /// The file as the run names it, and the range a finding goes at.
        public var file: String
        public var range: Range<Int>
        /// The label's name (a spec's), or the call (`Text`, `let title`) for a site.
        public var name: String
        /// The key, or the text itself when it is shown as written (`table` nil).
        public var key: String
        public var table: String?
        /// nil: as many lines as needed.
        public var lines: Int?
        public var font: FontSpec?
        public var scale: Double?
        public var swiftUI: Bool
        /// A Swift site's: the generated label it is (one per text of `flag ? a : b`).
        public var label: String? = nil
        /// A spec's: the Swift file it was imported from (`// labelspec:source`), absolute.
        public var source: String? = nil

        /// How this place says its lines: `lineLimit 2`, `numberOfLines 1`, `no line limit`.
        var linesPhrase: String {
            guard let lines else { return swiftUI ? "no line limit" : "numberOfLines 0" }
            return swiftUI ? "lineLimit \(lines)" : "numberOfLines \(lines)"
        }
    }

    /// The facts of the labels of `document` in `workspace` that show a localized key.
    /// `file`: the name the run gives the file; `place`: where a label's finding goes, and the
    /// name it goes by, from its item (a spec's label name; a Swift site's call).
    public static func facts(
        of document: Workspace.Document, in workspace: Workspace, file: String,
        place: (ItemInfo, Range<Int>) -> (range: Range<Int>, name: String, label: String?)?
    ) -> [Facts] {
        var out: [Facts] = []
        for (info, offset) in document.orderedItems where info.kind == .label {
            let e = workspace.effectiveValues(of: info)
            // A localized key, or a text shown as written (`Text(verbatim:)`, a literal in UIKit).
            let key: String
            let table: String?
            switch e[.text] {
            case .localized(let k, let t, _)?: (key, table) = (k, t ?? "Localizable")
            case .text(let t)?: (key, table) = (t, nil)
            default: continue
            }
            guard let at = place(info, info.nameRange.shifted(by: offset)) else { continue }
            var framework: String?
            if case .enumCase(let f)? = e[.framework] { framework = f }
            let swiftUI = Properties.isSwiftUI(framework: framework, has: { e[$0] != nil })
            var lines: Int?
            if swiftUI {
                if case .integer(let n)? = e[.lineLimit] { lines = n }
            } else {
                lines = 1
                if case .integer(let n)? = e[.numberOfLines] { lines = n == 0 ? nil : n }
            }
            var font: FontSpec?
            if case .font(let f)? = e[.font] { font = f }
            var scale: Double?
            if case .number(let s)? = e[.minimumScaleFactor], s < 1 { scale = s }
            out.append(
                Facts(
                    file: file, range: at.range, name: at.name, key: key, table: table,
                    lines: lines, font: font ?? .textStyle(.body), scale: scale, swiftUI: swiftUI, label: at.label))
        }
        return out
    }

    /// Each spec label's site, of the sites that show its key (same table): one of the Swift
    /// file the spec was imported from, else one no earlier label took, else the one that differs
    /// least (the first of those). A key shown in several places with several fonts is described
    /// by a spec for one of them; a label whose key no site shows has none.
    public static func matches(specs: [Facts], sites: [Facts]) -> [(spec: Facts, site: Facts)] {
        func id(_ f: Facts) -> String { (f.table.map { $0 + "\u{0}" } ?? "\u{1}") + f.key }
        var byKey: [String: [Int]] = [:]
        for (i, s) in sites.enumerated() { byKey[id(s), default: []].append(i) }
        var absolute: [String: String] = [:]
        func path(_ file: String) -> String {
            if let known = absolute[file] { return known }
            let made = URL(fileURLWithPath: file).standardizedFileURL.path
            absolute[file] = made
            return made
        }
        var taken = Set<Int>()
        var out: [(spec: Facts, site: Facts)] = []
        for spec in specs {
            // A site of the file the spec was imported from first, then one no other label
            // describes, then the one that differs least, then the first.
            let best = (byKey[id(spec)] ?? []).min { a, b in
                func rank(_ i: Int) -> (Int, Int, Int, Int) {
                    (
                        spec.source.map { path(sites[i].file) == $0 ? 0 : 1 } ?? 1, taken.contains(i) ? 1 : 0,
                        differences(spec: spec, site: sites[i]).count, i
                    )
                }
                return rank(a) < rank(b)
            }
            guard let best else { continue }
            taken.insert(best)
            out.append((spec, sites[best]))
        }
        return out
    }

    /// The generated labels of the sites a spec's label describes (`matches`), by file: measured
    /// as the spec says, not again as the code does.
    public static func described(_ matches: [(spec: Facts, site: Facts)]) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for m in matches { if let label = m.site.label { out[m.site.file, default: []].insert(label) } }
        return out
    }

    /// The `spec-drift` findings of `matches` that differ, by file: one at the spec label's name,
    /// naming the site, and one at the site's call, naming the label. `bytes` gives a file's text
    /// (for the line and column each message names of the other place).
    public static func diagnostics(_ matches: [(spec: Facts, site: Facts)], bytes: (String) -> [UInt8]) -> [String: [Diagnostic]] {
        // Lines and columns as every finding counts them (`LineTable`, Unicode scalars).
        var tables: [String: LineTable] = [:]
        func position(_ f: Facts) -> String {
            if tables[f.file] == nil { tables[f.file] = LineTable(bytes(f.file), encoding: .utf32) }
            let p = tables[f.file]!.position(of: f.range.lowerBound)
            let (line, column) = (p.line + 1, p.character + 1)
            return "\(f.file):\(line):\(column)"
        }
        var out: [String: [Diagnostic]] = [:]
        for (spec, site) in matches {
            let differences = differences(spec: spec, site: site)
            guard !differences.isEmpty else { continue }
            let specSays = differences.map(\.spec).joined(separator: ", ")
            let codeSays = differences.map(\.code).joined(separator: ", ")
            out[spec.file, default: []].append(
                Diagnostic(
                    .specDrift,
                    "the code shows \(shown(spec)) with \(codeSays) at \(position(site)); this label says \(specSays): the code is what ships",
                    at: spec.range))
            out[site.file, default: []].append(
                Diagnostic(
                    .specDrift,
                    "the spec label '\(spec.name)' (\(position(spec))) shows \(shown(spec)) with \(specSays); this code says \(codeSays)",
                    at: site.range))
        }
        return out
    }

    /// `"key"`, or `the text "…"` for a text shown as written.
    static func shown(_ f: Facts) -> String { (f.table == nil ? "the text " : "") + "\"" + f.key + "\"" }

    /// What differs, as each place says it.
    static func differences(spec: Facts, site: Facts) -> [(spec: String, code: String)] {
        var out: [(spec: String, code: String)] = []
        if spec.lines != site.lines { out.append((spec.linesPhrase, site.linesPhrase)) }
        if let a = spec.font, let b = site.font, a.measured != b.measured { out.append(("font " + text(a), "font " + text(b))) }
        if spec.scale != site.scale {
            func phrase(_ s: Double?) -> String { s.map { "minimumScaleFactor \(number($0))" } ?? "no minimumScaleFactor" }
            out.append((phrase(spec.scale), phrase(site.scale)))
        }
        return out
    }

    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }

    /// A font as the language writes it: `.title2.bold()`, `.system(size: 15, weight: .semibold)`.
    static func text(_ font: FontSpec) -> String {
        func traits(_ t: FontTraits) -> String {
            (t.bold ? ".bold()" : "") + (t.weight.map { ".weight(.\($0.rawValue))" } ?? "") + (t.italic ? ".italic()" : "")
                + (t.monospacedDigit ? ".monospacedDigit()" : "")
        }
        switch font {
        case .textStyle(let style, let t):
            let base = t.design == .default ? "." + style.rawValue : ".system(.\(style.rawValue), design: .\(t.design.rawValue))"
            return base + traits(t)
        case .system(let size, let weight, let t):
            return ".system(size: \(number(size))" + (weight == .regular ? "" : ", weight: .\(weight.rawValue)")
                + (t.design == .default ? "" : ", design: .\(t.design.rawValue)") + ")" + traits(t)
        case .custom(let family, let size, let relativeTo, let t):
            return ".custom(\"\(family)\", size: \(number(size))" + (relativeTo.map { ", relativeTo: .\($0.rawValue)" } ?? "") + ")"
                + traits(t)
        }
    }
}
