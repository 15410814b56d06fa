/// Horizontal alignment of a label's lines (`textAlignment`).
public enum TextAlignment: String, CaseIterable, Sendable {
    case left, center, right, justified, natural
}
