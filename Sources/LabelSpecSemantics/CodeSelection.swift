import LabelSpecSupport

/// A name of codes in `select`, `ignore` (labelspec.json) and `--select`, `--ignore`,
/// `--extend-select` (ruff's words): `all`, a group (`layout`), or a code or the first words of
/// codes (`truncates`; `missing` is `missing-glyph`, `missing-localization`, `missing-text` and
/// `missing-translation`). Read once (`parse`), never parsed again.
public enum CodeSelector: Sendable, Hashable {
    case all
    case group(CodeGroup)
    /// A code, or whole words a code starts with (`invalid`, `invalid-scale`).
    case prefix(String)

    /// The codes it names.
    public var codes: [DiagnosticCode] {
        switch self {
        case .all: return DiagnosticCode.allCases
        case .group(let g): return g.codes
        case .prefix(let p): return DiagnosticCode.allCases.filter { $0.rawValue == p || $0.rawValue.hasPrefix(p + "-") }
        }
    }

    /// How narrow it is: `all` 0, a group 1, a prefix 1 + its words (a code is the most specific
    /// name of itself). Where a select and an ignore name a code, the more specific wins; at equal
    /// specificity, the ignore (ruff's order).
    public var specificity: Int {
        switch self {
        case .all: return 0
        case .group: return 1
        case .prefix(let p): return 1 + p.split(separator: "-").count
        }
    }

    /// As written.
    public var name: String {
        switch self {
        case .all: return "all"
        case .group(let g): return g.rawValue
        case .prefix(let p): return p
        }
    }

    /// Every name a selector may be written as: `all`, the groups, the codes and their word
    /// prefixes (for suggestions).
    public static let names: [String] = {
        var out = ["all"] + CodeGroup.allCases.map(\.rawValue)
        var seen = Set(out)
        for code in DiagnosticCode.allCases {
            let words = code.rawValue.split(separator: "-")
            for n in 1...words.count {
                let p = words.prefix(n).joined(separator: "-")
                if seen.insert(p).inserted { out.append(p) }
            }
        }
        return out
    }()

    /// The selector `word` names (`ALL` and `all` alike), or why none: `unknown code or group
    /// 'truncate'; did you mean 'truncates'?`.
    /// `suggesting: false` leaves the nearest name out (and the work of finding it).
    public static func parse(_ word: String, suggesting: Bool = true) -> Result<CodeSelector, SelectorError> {
        let w = word.trimming(" \t")
        if w.lowercased() == "all" { return .success(.all) }
        if let g = CodeGroup(rawValue: w) { return .success(.group(g)) }
        if !w.isEmpty, !w.hasSuffix("-"), !w.hasPrefix("-"), !CodeSelector.prefix(w).codes.isEmpty { return .success(.prefix(w)) }
        // A name of thousands of characters is not compared with every name (quadratic).
        let hint = !suggesting || w.utf8.count > 64 ? nil : nearest(w, in: names)
        return .failure(SelectorError(word: word, suggestion: hint))
    }

    /// Every selector of a comma-separated list (`--select truncates,layout`); blanks around
    /// names are ignored, empty names too.
    public static func parseList(_ text: String) -> Result<[CodeSelector], SelectorError> {
        var out: [CodeSelector] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            let word = String(part).trimming(" \t")
            guard !word.isEmpty else { continue }
            switch parse(word) {
            case .success(let s): out.append(s)
            case .failure(let e): return .failure(e)
            }
        }
        return .success(out)
    }
}

/// A name that is no code, group or prefix of codes.
public struct SelectorError: Error, Sendable, Equatable {
    public let word: String
    public let suggestion: String?
    /// `unknown code or group 'truncate'; did you mean 'truncates'?`
    public var message: String {
        "unknown code or group '\(word)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
}

/// The groups of codes `select` and `ignore` take: every code is in exactly one
/// (docs/diagnostics.md's overview lists them).
public enum CodeGroup: String, Sendable, CaseIterable {
    /// Whether the text fits its box: what a layout shows, and settings that fight over it.
    case layout
    /// Fonts that are not there, or lack a character.
    case fonts
    /// Dynamic Type and contrast.
    case accessibility
    /// String tables and the texts taken from them.
    case localization
    /// Values and properties of styles and labels.
    case properties
    /// Styles: names, cycles, order.
    case inheritance
    /// Files and comments that cannot be read as written.
    case input

    public var codes: [DiagnosticCode] { DiagnosticCode.allCases.filter { $0.group == self } }
}

extension DiagnosticCode {
    /// The code's group (`CodeGroup`).
    public var group: CodeGroup {
        switch self {
        case .truncates, .clipped, .nearLimit, .wrapAutoshrinkConflict: return .layout
        case .customFont, .missingGlyph: return .fonts
        case .fixedSizeFont, .lowContrast: return .accessibility
        case .formatMismatch, .invalidCatalog, .missingLocalization, .missingTranslation, .translationNotImported: return .localization
        case .customColor, .deprecated, .duplicate, .invalidNumber, .invalidScaleFactor, .missingText, .noEffect, .typeMismatch,
            .unknownProperty, .wrongFramework, .specDrift:
            return .properties
        case .styleAfterEraser, .styleCycle, .unknownStyle: return .inheritance
        case .syntax, .invalidUTF8, .invalidInterfaceBuilder, .invalidConfiguration, .invalidIgnore, .invalidXLIFF: return .input
        }
    }
}

/// Which codes are reported: `select` and `ignore` of labelspec.json, then those of a command
/// line laid over them, as ruff resolves them. Each layer that selects starts again from its own
/// selection (`--select` replaces the file's `select` and `ignore`); one that does not adds its
/// `extend-select` and takes away its `ignore` from what the layers before it chose. Within a
/// layer, names apply from the least specific to the most, so the more specific wins
/// (`select: ["layout"], ignore: ["clipped"]` is `truncates` and `wrap-autoshrink-conflict`;
/// `select: ["clipped"], ignore: ["layout"]` is `clipped`), and at equal specificity the ignore.
public struct CodeSelection: Sendable, Equatable {
    public struct Layer: Sendable, Equatable {
        /// nil: this layer does not select (it adjusts what came before).
        public var select: [CodeSelector]?
        public var extendSelect: [CodeSelector]
        public var ignore: [CodeSelector]

        public init(select: [CodeSelector]? = nil, extendSelect: [CodeSelector] = [], ignore: [CodeSelector] = []) {
            (self.select, self.extendSelect, self.ignore) = (select, extendSelect, ignore)
        }

        public var isEmpty: Bool { select == nil && extendSelect.isEmpty && ignore.isEmpty }
    }

    /// The codes the layers leave out.
    public static func unselected(_ layers: [Layer]) -> Set<DiagnosticCode> {
        var selected = Set(DiagnosticCode.allCases)
        for layer in layers where !layer.isEmpty {
            if layer.select != nil { selected = [] }
            let adds = ((layer.select ?? []) + layer.extendSelect).map { ($0, true) }
            let removes = layer.ignore.map { ($0, false) }
            // Stable: at equal specificity the selects (first) before the ignores.
            let ordered = (adds + removes).enumerated().sorted {
                ($0.element.0.specificity, $0.element.1 ? 0 : 1, $0.offset) < ($1.element.0.specificity, $1.element.1 ? 0 : 1, $1.offset)
            }
            for (_, (selector, add)) in ordered {
                if add { selected.formUnion(selector.codes) } else { selected.subtract(selector.codes) }
            }
        }
        return Set(DiagnosticCode.allCases).subtracting(selected)
    }
}
