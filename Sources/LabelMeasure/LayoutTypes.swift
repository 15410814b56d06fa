import LabelVocabulary

/// What a SwiftUI `Label` shows, from its label style chain.
public enum LabelParts: Sendable, Hashable {
    case title
    case titleAndIcon
    case iconOnly
}

/// Everything the layout needs about one label: plain data, no syntax or LSP types.
public struct LabelLayoutInput: Sendable, Hashable {
    public var text: String
    public var font: FontSpec = .textStyle(.body)
    /// The box width (or `preferredMaxLayoutWidth`); nil: one intrinsic line per paragraph.
    public var width: Double?
    public var height: Double?
    /// 0 = as many as needed.
    public var numberOfLines = 1
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    public var adjustsFontSizeToFitWidth = false
    public var minimumScaleFactor = 0.0
    public var allowsDefaultTighteningForTruncation = false
    public var contentSize: ContentSizeCategory = .large
    public var parts: LabelParts = .title
    /// The language the text is in, a BCP 47 tag (`de`, `ja`, `zh-Hans`, `ar`, `th`); nil is the
    /// development language, taken as `en`. It chooses fallback fonts (fontconfig's `lang`: Han
    /// in `ja` gets Japanese forms, in `zh-Hans` Simplified Chinese).
    public var language: String?

    public init(text: String) { self.text = text }
}

/// One line as drawn.
public struct LayoutLine: Sendable, Equatable {
    public var text: String
    /// Width in points of the drawn text (trailing spaces excluded).
    public var width: Double
}

/// How a label renders.
public struct LabelLayout: Sendable, Equatable {
    public var lines: [LayoutLine]
    public var lineCount: Int { lines.count }
    /// Whether an ellipsis replaced part of the text.
    public var isTruncated: Bool
    /// Whether text is cut off without an ellipsis (`.byClipping`, a line limit with a wrapping
    /// mode, or a height).
    public var isClipped: Bool
    /// Point size used, after Dynamic Type and autoshrink.
    public var fontSize: Double
    /// Autoshrink scale used (1 when the text was not shrunk).
    public var scale: Double
    /// Whether letter spacing was tightened to avoid truncation.
    public var isTightened: Bool
    public var lineHeight: Double
    /// The label's size: its box, or the intrinsic size of the text.
    public var width: Double
    public var height: Double
    /// Width taken by a SwiftUI Label's icon and its spacing (0 without one).
    public var iconWidth: Double
    /// Characters of clusters no installed font draws (measured as the font's missing-glyph box),
    /// one per cluster, in text order, without repeats.
    public var missingGlyphs: [Unicode.Scalar] = []
    /// The `.custom` family that is not installed: the label was measured with the system font,
    /// as iOS draws it.
    public var missingFamily: String?
}

extension Int {
    /// The integer nearest below `value`, clamped to `Int`'s range (NaN is 0): for sizes that
    /// may be out of range, where `Int(_:)` would trap.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
