/// The font a label asks for, before Dynamic Type and autoshrink: the `font` value the language
/// checks, and the font the measurement lays out with.
public enum FontSpec: Hashable, Sendable {
    case textStyle(TextStyle)
    /// Boxed, like `custom`: the larger cases would make every value (and every stored property
    /// assignment of the language) larger; text styles are the common case.
    indirect case system(size: Double, weight: FontWeight)
    /// A custom family; with `relativeTo`, it scales with Dynamic Type like that text style.
    indirect case custom(family: String, size: Double, relativeTo: TextStyle?)

    /// The weight it asks for: a text style's, the system font's; a custom family counts as
    /// regular (`relativeTo:` says how it scales, not how heavy its face is).
    public var weight: FontWeight {
        switch self {
        case .textStyle(let style): return style.weight
        case .system(_, let weight): return weight
        case .custom: return .regular
        }
    }
}

/// The weights of `.system(size:weight:)`.
public enum FontWeight: String, CaseIterable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
}
