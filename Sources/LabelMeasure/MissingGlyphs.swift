import CLineBreak

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the `missing-glyph` diagnostic says about a character no installed font draws: its code
/// point and name, and the Debian package with a font for it.
public enum MissingGlyphs {
    /// `U+10000 LINEAR B SYLLABLE B008 A`; `U+0378 (unassigned)`, `U+E000 (private use)`.
    public static func describe(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch s.properties.generalCategory {
        case .unassigned: return code + " (unassigned)"
        case .privateUse: return code + " (private use)"
        default: return s.properties.name.map { code + " " + $0 } ?? code
        }
    }

    /// The Debian package with a font for the character (Noto's packages, by the character's
    /// script: CJK, colour emoji, the rest); nil for a code point no font is made for
    /// (unassigned, private use).
    public static func package(for s: Unicode.Scalar) -> String? {
        switch s.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: return nil
        default: break
        }
        if s.properties.isEmojiPresentation { return "fonts-noto-color-emoji" }
        switch String(cString: ls_script_code(s.value)) {
        case "Hani", "Hira", "Kana", "Hang", "Bopo": return "fonts-noto-cjk"
        default: return "fonts-noto-core"
        }
    }

    /// Whether dpkg has the package installed here (its file list is there).
    public static func isInstalled(package: String) -> Bool {
        ["", ":all", ":amd64", ":arm64"].contains { access("/var/lib/dpkg/info/\(package)\($0).list", F_OK) == 0 }
    }
}
