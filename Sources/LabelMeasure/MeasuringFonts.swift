import LabelVocabulary

/// A font a layout was measured with (`LabelLayout.fonts`): its family, and the Apple font it
/// stands in for when it is not that font (docs/measurement.md, "Stand-ins").
public struct MeasuringFont: Sendable, Hashable, Comparable {
    public let family: String
    /// What iOS draws instead: `SF Pro` for Inter, the custom family that is not installed, or
    /// `iOS's font for this script` for a fallback font; nil when the font is the one iOS uses
    /// (Apple's, or the app's own custom font).
    public let standsFor: String?

    public init(family: String, standsFor: String?) {
        (self.family, self.standsFor) = (family, standsFor)
    }

    public var isStandIn: Bool { standsFor != nil }

    public static func < (a: MeasuringFont, b: MeasuringFont) -> Bool {
        (a.standsFor == nil ? 0 : 1, a.family, a.standsFor ?? "") < (b.standsFor == nil ? 0 : 1, b.family, b.standsFor ?? "")
    }

    /// `Inter for SF Pro`, `SF Pro`: how a finding, a summary and a hover name it.
    public var phrase: String { standsFor.map { "\(family) for \($0)" } ?? family }

    /// What a fallback font stands for when it is not Apple's.
    public static let scriptFont = "iOS's font for this script"

    /// Whether a family is one of the fonts iOS itself draws with: SF Pro and its relatives (by
    /// their file and family names), New York, and the fonts iOS falls back to for other scripts
    /// (PingFang, Hiragino, Apple SD Gothic Neo, Geeza Pro, Kohinoor, Thonburi, …). Any other
    /// family measuring the system font or a fallback stands in for one of them.
    public static func isApple(_ family: String) -> Bool {
        let f = family.lowercased()
        return applePrefixes.contains { f.hasPrefix($0) }
    }

    static let applePrefixes = [
        "sf pro", "sf compact", "sf mono", ".sf", "sf ns", "system font", "new york", "pingfang", "hiragino", "apple sd gothic",
        "apple color emoji", "apple symbols", "geeza pro", "kohinoor", "thonburi", "heiti", "songti", "sukhumvit", "damascus",
        "al nile", "mishafi", "noto nastaliq urdu", "gujarati sangam", "gurmukhi mn", "devanagari sangam", "tamil sangam",
        "telugu sangam", "kannada sangam", "malayalam sangam", "bangla sangam", "sinhala sangam", "khmer sangam", "lao sangam",
        "myanmar sangam", "euphemia ucas", "arial hebrew",
    ]
}

extension LabelLayout {
    /// Whether a font that is not the one iOS draws with measured any of it.
    public var standIn: Bool { fonts.contains(where: \.isStandIn) }

    /// The room its text has (its width less a SwiftUI Label's icon) and what its widest line
    /// leaves of it: the spare room `measure`, hovers and `near-limit` say.
    public var room: (width: Double, spare: Double) {
        let width = self.width - iconWidth
        return (width, width - (lines.map(\.width).max() ?? 0))
    }
}

/// How far a stand-in's widths can be from SF Pro's, by point size and weight: the band in which
/// a label that fits may not fit on iOS (`near-limit`). Measured with
/// `Benchmarks/stand-in-error.py` against the variable SF Pro at the optical size of each point
/// size, as iOS draws its system font, on 441 UI strings in 13 languages (Latin, Cyrillic,
/// Greek) and digits (docs/measurement.md, "Stand-ins"): the share by which Inter is narrower
/// than SF Pro in the 5 % of strings where it is narrowest, rounded up to half a percent. Only
/// these statistics are here, nothing of Apple's fonts.
public enum StandInError {
    /// The band for a stand-in measuring the system font at `size` points and `weight`, as a
    /// fraction of the width (0.04: 4 %); `digits`: at least half of the text's characters are
    /// digits (Inter Display's digits are narrower than SF Pro's by up to a fifth).
    /// Other designs (`design`), measured the same way against SF Pro Rounded, SF Mono and New
    /// York: Rounded with SF Pro's stand-in (SF Pro Rounded has SF Pro Display's advances), 5.5 %
    /// (its digits 7 % below 19.5 pt); SF Mono with a Debian monospaced font brought to SF
    /// Mono's one advance, 1 %; New York with Noto Serif brought to New York's median width by
    /// size, 4 % to 17 pt, 4.5 % to 28 pt, 5 % above (digits: 13 %, New York's `1` is wide).
    /// `monospacedDigit`: every digit as wide as the stand-in's `0` (`TabularDigits`), 2.5 % below
    /// 19.5 pt, 4 % above. `italic`: Inter's italics against SF Pro's italic files, the same to
    /// 19.5 pt; above, half a percent more for words (SF Pro Display's italics are 1.4 % wider
    /// than its uprights, Inter Display's as wide), digits as upright (docs/measurement.md,
    /// "Italics").
    public static func band(
        size: Double, weight: FontWeight, digits: Bool = false, design: FontDesign = .default, monospacedDigit: Bool = false,
        italic: Bool = false
    ) -> Double {
        if italic, design == .default, !digits, size >= 19.5 {
            return band(size: size, weight: weight, digits: false, design: design, monospacedDigit: monospacedDigit) + 0.005
        }
        switch design {
        case .default: break
        case .rounded: return digits ? (size < 19.5 ? 0.07 : 0.195) : 0.055
        case .monospaced: return 0.01
        case .serif: return digits ? 0.13 : size < 17.5 ? 0.04 : size < 28.5 ? 0.045 : 0.05
        }
        if digits, monospacedDigit { return size < 19.5 ? 0.025 : 0.04 }
        if digits { return size < 19.5 ? 0.07 : size < 28.5 ? 0.12 : 0.195 }
        let heavy = [.bold, .heavy, .black].contains(weight)
        switch size {
        case ..<19.5:
            return heavy ? 0.055 : weight == .semibold ? 0.04 : weight == .medium ? 0.03 : 0.02
        case ..<28.5:
            // Inter blended with Inter Display by optical size (`StaticPair`).
            return heavy ? 0.045 : weight == .semibold ? 0.035 : weight == .medium ? 0.03 : 0.02
        default:
            return heavy ? 0.03 : weight == .semibold ? 0.02 : weight == .medium ? 0.015 : 0.01
        }
    }

    /// Whether at least half of `text`'s visible characters are digits (`band(digits:)`).
    public static func isMostlyDigits(_ text: String) -> Bool {
        var digits = 0
        var visible = 0
        for c in text where !c.isWhitespace {
            visible += 1
            if c.isNumber { digits += 1 }
        }
        return visible > 0 && digits * 2 >= visible
    }

    /// The band when Apple's own font measured: what is left is the shaping and line breaking
    /// LabelSpec does not share with iOS.
    public static let real = 0.005
}

extension MeasuringFont {
    /// The one line a run's summary says about stand-ins (nil when none measured):
    /// `Measured with stand-ins: Inter and Inter Display for SF Pro; Noto Sans CJK JP for iOS's
    /// font for this script (their error: docs/measurement.md, "Stand-ins")`.
    public static func standInSummary(_ fonts: [MeasuringFont]) -> String? {
        let standIns = fonts.filter(\.isStandIn)
        guard !standIns.isEmpty else { return nil }
        return "Measured with stand-ins: " + list(standIns) + #" (their error: docs/measurement.md, "Stand-ins")"#
    }

    /// `SF Pro; Inter and Inter Display for SF Pro; Noto Sans CJK JP for iOS's font for this
    /// script`: the fonts, the real ones first, the stand-ins grouped by what they stand for.
    public static func list(_ fonts: [MeasuringFont]) -> String {
        var groups: [(standsFor: String?, families: [String])] = []
        // A family name comes from a file: 80 characters of it at most.
        func shown(_ s: String) -> String { s.count > 80 ? s.prefix(80) + "…" : s }
        for f in fonts.sorted() {
            let (family, standsFor) = (shown(f.family), f.standsFor.map(shown))
            if let k = groups.firstIndex(where: { $0.standsFor == standsFor }) {
                if !groups[k].families.contains(family) { groups[k].families.append(family) }
            } else {
                groups.append((standsFor, [family]))
            }
        }
        // The real fonts, then the system font's stand-ins, a custom font's, the scripts'.
        groups.sort { rank($0.standsFor) < rank($1.standsFor) }
        return groups.map { g in
            let names =
                g.families.count <= 3
                ? g.families.count == 1 ? g.families[0] : g.families.dropLast().joined(separator: ", ") + " and " + g.families.last!
                : g.families.prefix(2).joined(separator: ", ") + " and \(g.families.count - 2) more"
            return g.standsFor.map { "\(names) for \($0)" } ?? names
        }.joined(separator: "; ")
    }

    private static func rank(_ target: String?) -> (Int, String) {
        guard let target else { return (0, "") }
        return target == "SF Pro" ? (1, "") : target == scriptFont ? (3, "") : (2, target)
    }
}
