/// Fonts as Interface Builder names them: what messages about an IB file's fonts say.
extension Translation {
    /// A label's `<fontDescription>` as Interface Builder shows it in the Attributes inspector.
    public struct Font: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A text style: IB's `style` value (`UICTFontTextStyleBody`).
            case style(String)
            /// The system font: its weight (`Semibold`; empty for regular) and size as written.
            case system(weight: String, points: String)
            /// A custom font: its family and size as written.
            case custom(family: String, points: String)
        }
        public let kind: Kind
        /// Whether *Automatically Adjusts Font* is ticked (`adjustsFontForContentSizeCategory="YES"`).
        public let adjusts: Bool
    }
}

extension Builder {
    static let textStyles = [
        "UICTFontTextStyleTitle0": "largeTitle", "UICTFontTextStyleTitle1": "title1", "UICTFontTextStyleTitle2": "title2",
        "UICTFontTextStyleTitle3": "title3", "UICTFontTextStyleHeadline": "headline", "UICTFontTextStyleSubhead": "subheadline",
        "UICTFontTextStyleBody": "body", "UICTFontTextStyleCallout": "callout", "UICTFontTextStyleFootnote": "footnote",
        "UICTFontTextStyleCaption1": "caption1", "UICTFontTextStyleCaption2": "caption2",
    ]
    static let weights: Set<String> = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    /// A `<fontDescription>`: a text style, the system font (`type="system"` with `weight`;
    /// `boldSystem` and `italicSystem`, UIKit's `boldSystemFont` and `italicSystemFont`: the bold
    /// and italic traits), or a custom font (`family`, its face from the PostScript `name`:
    /// `AvenirNext-DemiBold` is Avenir Next's semibold) at `pointSize`. (A text style has no
    /// traits in Interface Builder: its inspector offers none, and Xcode writes `style` alone.)
    func font(_ f: XMLStartTag) -> String? {
        if let style = f["style"]?.value {
            return Builder.textStyles[style].map { "." + $0 }
        }
        guard let size = f["pointSize"]?.value else { return nil }
        let points = number(size)
        if let type = f["type"]?.value {
            let weight = f["weight"]?.value ?? "regular"
            guard type == "system" || type == "boldSystem" || type == "italicSystem", Builder.weights.contains(weight) else { return nil }
            let base = weight == "regular" ? ".system(size: \(points))" : ".system(size: \(points), weight: .\(weight))"
            return base + (type == "boldSystem" ? ".bold()" : type == "italicSystem" ? ".italic()" : "")
        }
        guard let family = f["family"]?.value ?? f["name"]?.value else { return nil }
        if family.hasPrefix(".AppleSystemUIFont") || family.hasPrefix(".SFUI") { return ".system(size: \(points))" }
        let face = f["family"] != nil ? f["name"].map { Builder.face(postScriptName: $0.value) } ?? "" : ""
        return ".custom(\(Builder.quoted(family)), size: \(points))" + face
    }

    /// The face a PostScript name's style part names (`AvenirNext-Bold`, `Futura-MediumItalic`,
    /// `HelveticaNeue-Light`), as modifiers: `.weight(.bold)`, `.italic()`; empty for the
    /// regular face or a style part not known (`-CondensedBold`: measured regular).
    static func face(postScriptName name: String) -> String {
        guard let dash = name.lastIndex(of: "-") else { return "" }
        var style = String(name[name.index(after: dash)...])
        var italic = false
        for slant in ["Italic", "Oblique", "It"] where style.hasSuffix(slant) {
            (style, italic) = (String(style.dropLast(slant.count)), true)
            break
        }
        let weights: [String: String] = [
            "": "", "Regular": "", "Roman": "", "Book": "", "Normal": "", "UltraLight": "ultraLight", "ExtraLight": "ultraLight",
            "Thin": "thin", "Hairline": "thin", "Light": "light", "Medium": "medium", "SemiBold": "semibold", "Semibold": "semibold",
            "DemiBold": "semibold", "Demi": "semibold", "Bold": "bold", "ExtraBold": "heavy", "UltraBold": "heavy", "Heavy": "heavy",
            "Black": "black",
        ]
        guard let weight = weights[style] else { return "" }
        return (weight.isEmpty ? "" : ".weight(.\(weight))") + (italic ? ".italic()" : "")
    }

    /// A `<fontDescription>` read as `font`, as Interface Builder names it.
    func interfaceBuilderFont(_ f: XMLStartTag, adjusts: Bool) -> Translation.Font? {
        if let style = f["style"]?.value { return Translation.Font(kind: .style(style), adjusts: adjusts) }
        guard let size = f["pointSize"]?.value else { return nil }
        let points = number(size)
        if let type = f["type"]?.value {
            var weight = f["weight"]?.value ?? "regular"
            if type == "boldSystem" { weight = "bold" }
            let shown = weight == "regular" ? "" : weight.prefix(1).uppercased() + weight.dropFirst()
            return Translation.Font(kind: .system(weight: shown, points: points), adjusts: adjusts)
        }
        guard let family = f["family"]?.value ?? f["name"]?.value else { return nil }
        if family.hasPrefix(".AppleSystemUIFont") || family.hasPrefix(".SFUI") {
            return Translation.Font(kind: .system(weight: "", points: points), adjusts: adjusts)
        }
        return Translation.Font(kind: .custom(family: family, points: points), adjusts: adjusts)
    }
}
