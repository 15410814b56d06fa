import CLineBreak

/// Bidirectional text (UAX #9) through ICU's ubidi: paragraph directions, and lines in visual
/// order for drawing. Lines are broken in logical order; only what is drawn is reordered.
enum Bidi {
    /// Languages written right to left (BCP 47 primary language subtags).
    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"]

    /// Scripts written right to left (ISO 15924 codes, lowercased): a tag's script subtag says
    /// the direction whatever its language (Xcode's right-to-left pseudolanguage is `en-Arab`).
    static let rightToLeftScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr"]

    /// Whether a language (a BCP 47 tag; nil is English) is written right to left: by its script
    /// subtag when it has one, else by its language.
    static func isRightToLeft(language: String?) -> Bool {
        guard let language else { return false }
        let parts = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        if parts.count > 1, parts[1].count == 4 { return rightToLeftScripts.contains(parts[1]) }
        return rightToLeftLanguages.contains(parts.first ?? "")
    }

    /// Whether text may need reordering: it holds a right-to-left character or a bidi control.
    /// Free for text below U+0590 (Latin, Greek, Cyrillic).
    static func mayNeedReordering<S: StringProtocol>(_ text: S) -> Bool {
        text.unicodeScalars.contains(where: mayReorder)
    }

    /// Whether a character may reorder its line: right to left, or a bidi control.
    static func mayReorder(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        guard v >= 0x590 else { return false }
        return (0x200E...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || ls_bidi_is_rtl(v) != 0
    }

    /// The direction of a paragraph (UAX #9 P2–P3): its first strong character's; without one,
    /// the language's.
    static func isRightToLeft<S: StringProtocol>(paragraph: S, language: String?) -> Bool {
        guard mayNeedReordering(paragraph) else {
            // No right-to-left character: left to right if there is a strong one at all.
            return Bidi.isRightToLeft(language: language) && !paragraph.unicodeScalars.contains(where: isStrongLeftToRight)
        }
        let utf16 = Array(paragraph.utf16)
        switch utf16.withUnsafeBufferPointer({ ls_bidi_base_direction($0.baseAddress, Int32($0.count)) }) {
        case 1: return true
        case 0: return false
        default: return isRightToLeft(language: language)
        }
    }

    /// A cheap test for a strong left-to-right character among text without right-to-left ones:
    /// letters and marks of left-to-right scripts (digits and punctuation are not strong).
    private static func isStrongLeftToRight(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic && !(0x0590...0x08FF).contains(s.value)
    }

    /// A line in visual order, left to right as drawn, brackets mirrored, in a paragraph of the
    /// given direction.
    static func visual(_ line: String, rightToLeft: Bool) -> String {
        guard rightToLeft || mayNeedReordering(line) else { return line }
        let utf16 = Array(line.utf16)
        var out = [UInt16](repeating: 0, count: utf16.count + 8)
        var n = utf16.withUnsafeBufferPointer {
            ls_bidi_reorder($0.baseAddress, Int32($0.count), rightToLeft ? 1 : 0, &out, Int32(out.count))
        }
        if n > out.count {
            out = [UInt16](repeating: 0, count: Int(n))
            n = utf16.withUnsafeBufferPointer {
                ls_bidi_reorder($0.baseAddress, Int32($0.count), rightToLeft ? 1 : 0, &out, Int32(out.count))
            }
        }
        guard n >= 0 else { return line }
        return String(decoding: out[0..<Int(min(n, Int32(out.count)))], as: UTF16.self)
    }
}
