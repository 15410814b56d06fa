import LabelSpecSupport

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
        // A size a font can have (not 0, -3, 1e309 or nan: the tag is then left unread).
        guard let size = f["pointSize"]?.value, Double(size).map({ $0.isFinite && $0 > 0 }) == true else { return nil }
        let points = number(size)
        if let type = f["type"]?.value {
            let weight = f["weight"]?.value ?? "regular"
            guard type == "system" || type == "boldSystem" || type == "italicSystem", Builder.weights.contains(weight) else { return nil }
            let base = weight == "regular" ? ".system(size: \(points))" : ".system(size: \(points), weight: .\(weight))"
            return base + (type == "boldSystem" ? ".bold()" : type == "italicSystem" ? ".italic()" : "")
        }
        guard let family = f["family"]?.value ?? f["name"]?.value else { return nil }
        if PostScriptName.isSystemFont(family) || f["name"].map({ PostScriptName.isSystemFont($0.value) }) == true {
            return Builder.systemFont(postScriptName: f["name"]?.value ?? family, points: points)
        }
        let face = f["family"] != nil ? f["name"].map { PostScriptName.modifiers($0.value) } ?? "" : ""
        return ".custom(\(Builder.quoted(family)), size: \(points))" + face
    }

    /// The system font named by its PostScript name (`.SFUIText-Semibold`,
    /// `.AppleSystemUIFont`) at a size: its weight and slant from the name, as Apple names them.
    static func systemFont(postScriptName name: String, points: String) -> String {
        let (base, italic) = PostScriptName.systemFont(name, points: points)
        return base + (italic ? ".italic()" : "")
    }

    /// A `<fontDescription>` read as `font`, as Interface Builder names it.
    func interfaceBuilderFont(_ f: XMLStartTag, adjusts: Bool) -> Translation.Font? {
        if let style = f["style"]?.value { return Translation.Font(kind: .style(style), adjusts: adjusts) }
        guard let size = f["pointSize"]?.value else { return nil }
        let points = number(size)
        if let type = f["type"]?.value {
            var weight = f["weight"]?.value ?? "regular"
            if type == "boldSystem" { weight = "bold" }
            // As the inspector names it: `System Semibold`, `System Bold`, `System Italic`.
            var shown = weight == "regular" ? "" : weight.prefix(1).uppercased() + weight.dropFirst()
            if type == "italicSystem" { shown = shown.isEmpty ? "Italic" : shown + " Italic" }
            return Translation.Font(kind: .system(weight: shown, points: points), adjusts: adjusts)
        }
        guard let family = f["family"]?.value ?? f["name"]?.value else { return nil }
        if PostScriptName.isSystemFont(family) || f["name"].map({ PostScriptName.isSystemFont($0.value) }) == true {
            return Translation.Font(kind: .system(weight: "", points: points), adjusts: adjusts)
        }
        return Translation.Font(kind: .custom(family: family, points: points), adjusts: adjusts)
    }
}
