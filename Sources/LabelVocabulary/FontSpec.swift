/// The font a label asks for, before Dynamic Type and autoshrink: the `font` value the language
/// checks, and the font the measurement lays out with.
public enum FontSpec: Hashable, Sendable {
    case textStyle(TextStyle, FontTraits = .none)
    /// Boxed, like `custom`: the larger cases would make every value (and every stored property
    /// assignment of the language) larger; text styles are the common case.
    indirect case system(size: Double, weight: FontWeight, traits: FontTraits = .none)
    /// A custom family; with `relativeTo`, it scales with Dynamic Type like that text style.
    indirect case custom(family: String, size: Double, relativeTo: TextStyle?)

    /// The weight it asks for: a text style's, the system font's; a custom family counts as
    /// regular (`relativeTo:` says how it scales, not how heavy its face is).
    public var weight: FontWeight {
        switch self {
        case .textStyle(let style, let traits): return traits.weight ?? style.weight
        case .system(_, let weight, let traits): return traits.weight ?? weight
        case .custom: return .regular
        }
    }

    /// The system font's design and digits (none for a custom family).
    public var traits: FontTraits {
        switch self {
        case .textStyle(_, let traits), .system(_, _, let traits): return traits
        case .custom: return .none
        }
    }
}

/// What a system font asks for besides its size: SwiftUI's `design:`
/// (`.system(.body, design: .rounded)`), `.monospacedDigit()`, and a weight other than its own
/// (`.title2.bold()`, `.headline.weight(.regular)`).
public struct FontTraits: Hashable, Sendable {
    public var design: FontDesign
    /// Digits of equal width (`.monospacedDigit()`; the font's `tnum` feature).
    public var monospacedDigit: Bool
    /// The weight `.bold()` or `.weight(_:)` gives it, over the text style's or `.system`'s.
    public var weight: FontWeight?
    /// `.italic()`: drawn with the italic faces.
    public var italic: Bool

    public init(design: FontDesign = .default, monospacedDigit: Bool = false, weight: FontWeight? = nil, italic: Bool = false) {
        (self.design, self.monospacedDigit, self.weight, self.italic) = (design, monospacedDigit, weight, italic)
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
