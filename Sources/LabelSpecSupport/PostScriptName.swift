/// The face a PostScript name's style part names (`AvenirNext-DemiBold`, `Futura-MediumItalic`,
/// `.SFUIText-Semibold`), in LabelSpec's words: Interface Builder's custom fonts and Swift's
/// `UIFont(name:size:)` name faces so.
public enum PostScriptName {
    /// The weight (`"semibold"`; nil for the regular face) and slant of the part after the last
    /// `-`; nil when it names no face LabelSpec knows (`-CondensedBold`, `-W6`). The light ends
    /// as font makers number them (Thin 100, ExtraLight and UltraLight 200: `FontWeight`'s
    /// ultraLight and thin, which LabelSpec matches to fontconfig's thin and extra-light); `apple`:
    /// as Apple names its system font's (`.SFUIText-Ultralight` the lightest, `-Thin` the next).
    public static func style(_ name: String, apple: Bool = false) -> (weight: String?, italic: Bool)? {
        guard let dash = name.lastIndex(of: "-") else { return (nil, false) }
        var style = name[name.index(after: dash)...].lowercased()
        var italic = false
        for slant in ["italic", "oblique", "it"] where style.hasSuffix(slant) {
            (style, italic) = (String(style.dropLast(slant.count)), true)
            break
        }
        guard let weight = (apple ? appleWeights[style] : nil) ?? weights[style] else { return nil }
        return (weight.isEmpty ? nil : weight, italic)
    }

    /// A name of the system font, not of an installed family: `.AppleSystemUIFont`,
    /// `.SFUIText-Semibold`, `.SF UI Text`, `.SFNSText`.
    public static func isSystemFont(_ name: String) -> Bool {
        name.hasPrefix(".AppleSystemUIFont") || name.hasPrefix(".SFUI") || name.hasPrefix(".SF UI") || name.hasPrefix(".SFNS")
    }

    /// The system font by its name at a size, as LabelSpec writes it: its weight and slant from
    /// the name, as Apple names them (`.system(size: 17, weight: .semibold)`, `.italic()` after).
    public static func systemFont(_ name: String, points: String) -> (base: String, italic: Bool) {
        let (weight, italic) = style(name, apple: true) ?? (nil, false)
        return (".system(size: \(points)\(weight.map { ", weight: .\($0)" } ?? ""))", italic)
    }

    /// The style as modifiers: `.weight(.bold)`, `.italic()`; empty for the regular face or a
    /// style not known (measured regular).
    public static func modifiers(_ name: String) -> String {
        guard let (weight, italic) = style(name) else { return "" }
        return (weight.map { ".weight(.\($0))" } ?? "") + (italic ? ".italic()" : "")
    }

    /// Apple's names of its system font's light weights (lowercased).
    static let appleWeights: [String: String] = ["ultralight": "ultraLight", "thin": "thin"]

    /// Style names as font makers write them, lowercased → `FontWeight`'s names ("" for
    /// regular). Between two weights (SemiLight), the lighter: a finding is not made up.
    static let weights: [String: String] = [
        "": "", "regular": "", "roman": "", "book": "", "normal": "", "ultralight": "thin", "extralight": "thin",
        "thin": "ultraLight", "hairline": "ultraLight", "light": "light", "semilight": "light", "medium": "medium",
        "semibold": "semibold", "demibold": "semibold", "demi": "semibold", "bold": "bold", "extrabold": "heavy",
        "ultrabold": "heavy", "heavy": "heavy", "black": "black", "extrablack": "black", "ultrablack": "black",
    ]
}
