import LabelSpecSupport

/// What comes from the file, written into the generated source: never source itself
/// (`GeneratedSource`).
extension Builder {
    static func commentText(_ s: String) -> String { GeneratedSource.commentText(s) }
    static func quoted(_ s: String) -> String { GeneratedSource.quoted(s) }
}

extension Translation {
    /// A `//` comment line (without its line break) saying `text`, its control characters and
    /// line breaks written as `\u{…}` (`import`'s `labelspec:source` line).
    public static func commentLine(_ text: String) -> String { "// " + Builder.commentText(text) }
}
