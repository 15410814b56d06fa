/// Horizontal alignment of a label's lines (`textAlignment`).
public enum TextAlignment: String, CaseIterable, Sendable {
    case left, center, right, justified, natural
}

/// Where a label's lines sit in a box taller than them (`verticalAlignment`; UILabel centres
/// them).
public enum VerticalAlignment: String, CaseIterable, Sendable {
    case top, center, bottom
}
