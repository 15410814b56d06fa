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
    /// The language of the text, BCP 47 (`de`, `ja`, `ar`); nil: the development language.
    public var language: String?

    public init(text: String, language: String? = nil) {
        self.text = text
        self.language = language
    }
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
