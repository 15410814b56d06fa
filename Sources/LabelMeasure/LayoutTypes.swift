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
    /// `.natural` is right-aligned in a right-to-left language, left-aligned otherwise.
    public var textAlignment: TextAlignment = .natural
    /// Where the lines sit in a box taller than them (`height`): only drawings use it.
    public var verticalAlignment: VerticalAlignment = .center
    /// iOS's Bold Text setting is on: the system font is drawn heavier
    /// (`FontWeight.withBoldText`); a custom family is not.
    public var boldText = false

    public init(text: String, language: String? = nil) {
        self.text = text
        self.language = language
    }

    /// Equal inputs lay out the same: the text compared by its bytes (`ByteKey`), not by Unicode
    /// equivalence (cheaper in the layout caches, and what the shaper sees).
    public static func == (a: LabelLayoutInput, b: LabelLayoutInput) -> Bool {
        a.font == b.font && a.width == b.width && a.height == b.height && a.numberOfLines == b.numberOfLines
            && a.lineBreakMode == b.lineBreakMode && a.adjustsFontSizeToFitWidth == b.adjustsFontSizeToFitWidth
            && a.minimumScaleFactor == b.minimumScaleFactor
            && a.allowsDefaultTighteningForTruncation == b.allowsDefaultTighteningForTruncation
            && a.contentSize == b.contentSize && a.parts == b.parts && a.language == b.language
            && a.textAlignment == b.textAlignment && a.verticalAlignment == b.verticalAlignment && a.boldText == b.boldText
            && ByteKey.sameBytes(a.text, b.text)
    }

    public func hash(into hasher: inout Hasher) {
        ByteKey.hashBytes(text, into: &hasher)
        hasher.combine(font)
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(numberOfLines)
        hasher.combine(lineBreakMode)
        hasher.combine(adjustsFontSizeToFitWidth)
        hasher.combine(minimumScaleFactor)
        hasher.combine(allowsDefaultTighteningForTruncation)
        hasher.combine(contentSize)
        hasher.combine(parts)
        hasher.combine(language)
        hasher.combine(textAlignment)
        hasher.combine(verticalAlignment)
        hasher.combine(boldText)
    }
}

/// One line as drawn.
public struct LayoutLine: Sendable, Equatable {
    /// The line's text in logical order (the text's own order, its own characters: a line broken
    /// at a soft hyphen ends with U+00AD), with "…" where it was truncated.
    public var text: String
    /// Width in points of the drawn text (trailing spaces excluded; the hyphen of a soft hyphen
    /// break included).
    public var width: Double
    /// Whether the line was broken at a soft hyphen (U+00AD), where a hyphen is drawn.
    public var isHyphenated = false
    /// The direction of the line's paragraph: from its first strong character, else the
    /// label's language.
    public var isRightToLeft = false
    /// The line as drawn, left to right: in visual order (UAX #9), brackets mirrored, with the
    /// hyphen of a soft hyphen break. The same as `text` for left-to-right text.
    public var visualText: String
    /// Where truncation put its "…" in `text`, as a UTF-8 offset (nil on a line it did not cut):
    /// a drawing marks that one, not a "…" of the text's own.
    public var ellipsisOffset: Int?

    public init(text: String, width: Double, isHyphenated: Bool = false, isRightToLeft: Bool = false, visualText: String? = nil) {
        self.text = text
        self.width = width
        self.isHyphenated = isHyphenated
        self.isRightToLeft = isRightToLeft
        self.visualText = visualText ?? text
    }

    /// The line as read, in logical order, with the hyphen of a soft hyphen break: how messages
    /// quote it.
    public var shownText: String { isHyphenated ? String(text.dropLast()) + "-" : text }
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
    /// Whether the label does not show all its text: truncated or clipped (what fails).
    public var isCut: Bool { isTruncated || isClipped }
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
    /// Where the lines sit in the label's width: `.left`, `.center`, `.right` or `.justified`
    /// (`.natural` resolved by the language).
    public var alignment: TextAlignment = .left
    /// The `.custom` family that is not installed: the label was measured with the system font,
    /// as iOS draws it.
    public var missingFamily: String?
    /// The fonts that drew it: its own (or the system font's), then each fallback font that drew
    /// a cluster, in that order (`MeasuringFont`; `standIn`).
    public var fonts: [MeasuringFont] = []
}
