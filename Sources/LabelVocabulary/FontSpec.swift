/// The font a label asks for, before Dynamic Type and autoshrink: the `font` value the language
/// checks, and the font the measurement lays out with.
public enum FontSpec: Hashable, Sendable {
    case textStyle(TextStyle, FontTraits = .none)
    /// Boxed, like `custom`: the larger cases would make every value (and every stored property
    /// assignment of the language) larger; text styles are the common case.
    indirect case system(size: Double, weight: FontWeight, traits: FontTraits = .none)
    /// A custom family; with `relativeTo`, it scales with Dynamic Type like that text style;
    /// `traits`: the face SwiftUI's `.bold()`, `.weight(_:)` and `.italic()` ask the family for,
    /// `.monospacedDigit()`'s digits (no design: a family has its own).
    indirect case custom(family: String, size: Double, relativeTo: TextStyle?, traits: FontTraits = .none)

    /// The weight it asks for: a text style's, the system font's, or the one `.weight(_:)` or
    /// the bold trait (`.bold()`: the style's emphasized weight, the system font's semibold)
    /// gives it; a custom family regular, unless `.weight(_:)` or `.bold()` (its bold face) asks
    /// for another (`relativeTo:` says how it scales, not how heavy its face is).
    public var weight: FontWeight {
        switch self {
        case .textStyle(let style, let traits):
            return traits.bold ? style.emphasizedWeight : traits.weight ?? style.weight
        case .system(_, let weight, let traits):
            return traits.bold ? FontWeight.boldTrait(of: weight) : traits.weight ?? weight
        case .custom(_, _, _, let traits): return traits.bold ? .bold : traits.weight ?? .regular
        }
    }

    /// The font as it is measured, one spelling for one face: the weight it is drawn with
    /// written once (`.body.bold()` is `.body.weight(.semibold)`, `.headline.bold()` `.headline`,
    /// `.system(size: 17).bold()` `.system(size: 17, weight: .semibold)`), so that two spellings
    /// of one face compare equal.
    public var measured: FontSpec {
        var traits = self.traits
        let weight = self.weight
        traits.bold = false
        switch self {
        case .textStyle(let style, _):
            traits.weight = weight == style.weight ? nil : weight
            return .textStyle(style, traits)
        case .system(let size, _, _):
            traits.weight = nil
            return .system(size: size, weight: weight, traits: traits)
        case .custom(let family, let size, let relativeTo, _):
            traits.weight = weight == .regular ? nil : weight
            return .custom(family: family, size: size, relativeTo: relativeTo, traits: traits)
        }
    }

    /// The font drawn at another weight, its other traits kept (`.bold()` given up for it).
    public func withWeight(_ weight: FontWeight) -> FontSpec {
        var traits = self.traits
        (traits.bold, traits.weight) = (false, weight)
        switch self {
        case .textStyle(let style, _): return .textStyle(style, traits)
        case .system(let size, let w, _): return .system(size: size, weight: w, traits: traits)
        case .custom(let family, let size, let relativeTo, _):
            return .custom(family: family, size: size, relativeTo: relativeTo, traits: traits)
        }
    }

    /// Its design, digits, italic and weight modifiers (a custom family: never a design).
    public var traits: FontTraits {
        switch self {
        case .textStyle(_, let traits), .system(_, _, let traits), .custom(_, _, _, let traits): return traits
        }
    }

    /// The weight it is drawn with, iOS's Bold Text on or off: on, the system font's steps up
    /// (`FontWeight.withBoldText`), a custom family's does not.
    public func weight(boldText: Bool) -> FontWeight {
        boldText && isSystem ? weight.withBoldText : weight
    }

    /// Whether it is the system font (a text style or `.system(…)`), which iOS's Bold Text draws
    /// heavier; a custom family is drawn as it is.
    public var isSystem: Bool {
        if case .custom = self { return false }
        return true
    }
}

/// What a system font asks for besides its size: SwiftUI's `design:`
/// (`.system(.body, design: .rounded)`), `.monospacedDigit()`, and a weight other than its own
/// (`.title2.bold()`, `.headline.weight(.regular)`).
public struct FontTraits: Hashable, Sendable {
    public var design: FontDesign
    /// Digits of equal width (`.monospacedDigit()`; the font's `tnum` feature).
    public var monospacedDigit: Bool
    /// The weight `.weight(_:)` gives it, over the text style's or `.system`'s.
    public var weight: FontWeight?
    /// The bold trait (`.bold()`): the weight of the style's emphasized variant
    /// (`TextStyle.emphasizedWeight`), over `weight`. The last of `.bold()` and `.weight(_:)`
    /// written wins: each clears the other.
    public var bold: Bool
    /// `.italic()`: drawn with the italic faces.
    public var italic: Bool

    public init(
        design: FontDesign = .default, monospacedDigit: Bool = false, weight: FontWeight? = nil, bold: Bool = false, italic: Bool = false
    ) {
        (self.design, self.monospacedDigit, self.weight, self.bold, self.italic) = (design, monospacedDigit, weight, bold, italic)
    }

    public static let none = FontTraits()
}

/// The designs of the system font, as SwiftUI's `Font.Design` names them: SF Pro (`default`),
/// SF Pro Rounded, SF Mono and New York.
public enum FontDesign: String, CaseIterable, Sendable {
    case `default`, rounded, monospaced, serif

    /// The Apple family iOS draws the design with.
    public var appleFamily: String {
        switch self {
        case .default: return "SF Pro"
        case .rounded: return "SF Pro Rounded"
        case .monospaced: return "SF Mono"
        case .serif: return "New York"
        }
    }
}

/// The weights of `.system(size:weight:)`.
public enum FontWeight: String, CaseIterable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The weight the bold trait gives the system font of this weight at a fixed size
    /// (`.system(size: 17).bold()`, UIKit's `boldSystemFont(ofSize:)`, Interface Builder's
    /// "System Bold"): semibold, as iOS's `boldSystemFont` is (`.SFUI-Semibold`), or the weight
    /// itself when it is heavier already.
    public static func boldTrait(of weight: FontWeight) -> FontWeight {
        weight.heaviness > FontWeight.semibold.heaviness ? weight : .semibold
    }

    /// Lightest first (`allCases`' order).
    @inlinable public var heaviness: Int { FontWeight.allCases.firstIndex(of: self)! }

    /// The weight iOS draws the system font with when the user turns on Bold Text (Settings ›
    /// Accessibility › Display & Text Size; `legibilityWeight == .bold`): the three lightest one
    /// step heavier, the others two, up to black. Core Text's mapping is private; this is the
    /// public account of it (YMatterType's measurements: regular to semibold is also what a
    /// UIKit issue and WebKit's test of the body style show; the rows from semibold up rest on it
    /// alone). Custom fonts do not change (docs: issue 39's notes).
    public var withBoldText: FontWeight {
        switch self {
        case .ultraLight: return .thin
        case .thin: return .light
        case .light: return .regular
        case .regular: return .semibold
        case .medium: return .bold
        case .semibold: return .heavy
        case .bold, .heavy, .black: return .black
        }
    }
}
