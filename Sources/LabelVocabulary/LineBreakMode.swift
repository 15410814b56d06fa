/// How lines wrap and where the last visible line truncates (`lineBreakMode`).
public enum LineBreakMode: String, CaseIterable, Sendable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    /// Whether the mode puts an ellipsis where the text is cut.
    @inlinable public var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}
