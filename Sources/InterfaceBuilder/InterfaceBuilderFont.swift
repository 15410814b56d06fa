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
