/// Dynamic Type: the content size categories and the HIG's point sizes and leading per text style
/// (iOS), as data.
public enum ContentSizeCategory: String, CaseIterable, Sendable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    @usableFromInline var index: Int { ContentSizeCategory.allCases.firstIndex(of: self)! }

    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool { a.index < b.index }

    /// `.large`, `.accessibilityMedium`, …: how messages name a category.
    public var displayName: String { "." + rawValue }

    /// The short name used in tables: xS … AX5.
    public var shortName: String {
        ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"][index]
    }

    /// A category as a person names it anywhere (the command line, `labelspec.json`, editor
    /// settings): its Swift name with or without the dot (`large`, `.accessibilityMedium`) or its
    /// short name (`L`, `AX1`), in any case.
    public init?(name: String) {
        let bare = (name.hasPrefix(".") ? String(name.dropFirst()) : name).lowercased()
        guard
            let found = ContentSizeCategory.allCases.first(where: { $0.rawValue.lowercased() == bare || $0.shortName.lowercased() == bare })
        else { return nil }
        self = found
    }
}

/// The Dynamic Type text styles, the names a `font` may be (`.body`, `.headline`, …).
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// A text style by its name in UIKit (`title1`, `caption1`) or in SwiftUI, whose `Font`
    /// spells two of them otherwise (`.title`, `.caption`).
    public init?(name: String) {
        switch name {
        case "title": self = .title1
        case "caption": self = .caption1
        default:
            guard let style = TextStyle(rawValue: name) else { return nil }
            self = style
        }
    }

    /// The weight the HIG gives the style.
    @inlinable public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The weight of the style's emphasized variant, which the bold trait gives it (SwiftUI's
    /// `.bold()`, UIKit's `withSymbolicTraits(.traitBold)`: Core Text's
    /// `UICTFontTextStyleEmphasizedBody` …), not the bold weight: "`Font.body.bold()` will most
    /// likely get you the emphasized version of body text style, which is often in semibold
    /// weight" (Apple's documentation of `Font.bold()`). Apple publishes no table for iOS: the
    /// titles bold, the others semibold as Apple's iOS design kit has them; `.headline`, already
    /// semibold, is kept so (whether iOS draws it heavier is not known: measured as the lighter
    /// of the two, a finding is not made up). docs/language.md, "Fonts".
    @inlinable public var emphasizedWeight: FontWeight {
        switch self {
        case .largeTitle, .title1, .title2: return .bold
        case .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2: return .semibold
        }
    }

    /// Point size and leading at a content size category. Inlinable, as `LabelMeasure` asks for
    /// them on every layout.
    @inlinable public func metrics(at category: ContentSizeCategory) -> (size: Double, leading: Double) {
        let row = DynamicType.table[self]!
        let entry = row[category.index]
        return (entry.0, entry.1)
    }
}

/// The one Dynamic Type table: the language's checks read `.large` from it, the measurement every
/// category.
@usableFromInline enum DynamicType {
    /// measurement.md, "Dynamic Type (Apple HIG, Typography, iOS)": size/leading per category xS…AX5.
    @usableFromInline static let table: [TextStyle: [(Double, Double)]] = [
        .largeTitle: [
            (31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70),
        ],
        .title1: [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)],
        .title2: [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)],
        .title3: [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)],
        .headline: [
            (14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62),
        ],
        .body: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .callout: [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)],
        .subheadline: [
            (12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58),
        ],
        .footnote: [
            (12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52),
        ],
        .caption1: [
            (11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51),
        ],
        .caption2: [
            (11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48),
        ],
    ]
}
