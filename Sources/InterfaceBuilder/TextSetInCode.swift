/// Text set in code: a label or button connected to an outlet whose text in the file is one of
/// Xcode's placeholders.
extension IBLabel {
    /// Its text in the file: the `text` attribute, else the text of a child element (a button's title).
    public var fileText: String? { self["text"]?.value ?? elementText?.text }

    /// Whether its text comes from code: it is connected to an outlet (`outlet`) and its text
    /// in the file is a placeholder (`isPlaceholder`), or a label's is empty. Such a label is
    /// not measured unless a sample text is given.
    public var textIsSetInCode: Bool {
        guard outlet != nil else { return false }
        guard let text = fileText, !text.isEmpty else { return !isButton }
        return IBLabel.isPlaceholder(text)
    }

    /// The texts Xcode puts in a new label, button or cell style, which an app's code replaces.
    public static let placeholders: Set<String> = ["Label", "Title", "Subtitle", "Detail", "Button", "Text"]

    /// The placeholders (and their plurals) a filler repeats, lowercased.
    static let repeatable: Set<String> = ["label", "title", "subtitle", "detail", "details", "button", "text"]

    /// Whether `text` is one of Xcode's placeholders (`placeholders`, Xcode's "Lorem ipsum…"), one
    /// repeated ("Details details details"), or
    /// a filler made only of dashes, dots, bullets and blanks (`-`, `—`, `...`, `•`), the text
    /// developers leave in a label that code fills.
    public static func isPlaceholder(_ text: String) -> Bool {
        let trimmed = text.trimmingBlanks
        if placeholders.contains(trimmed) || trimmed.hasPrefix("Lorem ipsum") { return true }
        // A placeholder repeated to stand for a long text: "Title title title title".
        let words = trimmed.split(separator: " ").map { $0.lowercased() }
        if words.count > 1, words.allSatisfy({ repeatable.contains($0) }) { return true }
        let fillers: Set<Unicode.Scalar> = [
            "-", "\u{2010}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}", ".", "\u{2026}", "_", "\u{00B7}", "\u{2022}", "*",
            "?",
        ]
        return !trimmed.isEmpty && trimmed.unicodeScalars.allSatisfy { fillers.contains($0) || $0 == " " }
    }
}

extension String {
    /// Without the blanks (spaces, tabs, line breaks) at either end.
    var trimmingBlanks: String {
        let scalars = unicodeScalars
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !blank($0) }), let last = scalars.lastIndex(where: { !blank($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
