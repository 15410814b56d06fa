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
        var style = String(name[name.index(after: dash)...])
        var italic = false
        for slant in ["Italic", "Oblique", "It"] where style.hasSuffix(slant) {
            (style, italic) = (String(style.dropLast(slant.count)), true)
            break
        }
        guard let weight = (apple ? appleWeights[style] : nil) ?? weights[style] else { return nil }
        return (weight.isEmpty ? nil : weight, italic)
    }

    /// The style as modifiers: `.weight(.bold)`, `.italic()`; empty for the regular face or a
    /// style not known (measured regular).
    public static func modifiers(_ name: String) -> String {
        guard let (weight, italic) = style(name) else { return "" }
        return (weight.map { ".weight(.\($0))" } ?? "") + (italic ? ".italic()" : "")
    }

    /// Apple's names of its system font's light weights.
    static let appleWeights: [String: String] = ["Ultralight": "ultraLight", "UltraLight": "ultraLight", "Thin": "thin"]

    /// Style names as font makers write them → `FontWeight`'s names ("" for regular).
    static let weights: [String: String] = [
        "": "", "Regular": "", "Roman": "", "Book": "", "Normal": "", "UltraLight": "thin", "Ultralight": "thin",
        "ExtraLight": "thin", "Thin": "ultraLight", "Hairline": "ultraLight", "Light": "light", "Medium": "medium",
        "SemiBold": "semibold", "Semibold": "semibold", "DemiBold": "semibold", "Demi": "semibold", "Bold": "bold",
        "ExtraBold": "heavy", "UltraBold": "heavy", "Heavy": "heavy", "Black": "black",
    ]
}
