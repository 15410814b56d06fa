import LabelMeasure
import LabelPresentation
import LabelSpecSemantics
import LabelVocabulary

/// The hover on a `font` value (`.body.bold()`): the face Apple draws it with at each configured
/// content size, as a budget names it (`SF Pro Text Semibold 17 pt`), what its modifiers did
/// (the bold trait's emphasized weight), the face with iOS's Bold Text when it is configured,
/// and the font that measures it here (a stand-in, said).
enum FontHover {
    static func markdown(
        _ font: FontSpec, source: String, sizes: [ContentSizeCategory], boldText: Configuration.BoldText, measurer: Measurer
    ) -> String {
        let sizes = sizes.isEmpty ? [.large] : sizes
        var out = Markdown.code(source, max: 200)
        let (face, scaled, fixed) = Budgets.describe(font, at: sizes.contains(.large) ? .large : sizes[0])
        out += " — " + Markdown.text(face) + (scaled.map { " (" + Markdown.text($0) + ")" } ?? "")
        if fixed { out += ", at every content size" }
        out += "\n"
        if let bold = boldTrait(font) { out += "\n" + Markdown.text(bold, max: 400) + "\n" }
        if !fixed, sizes.count > 1 {
            out += "\n| size | face |\n|---|---|\n"
            for size in sizes { out += "| \(size.displayName) | \(Markdown.text(Budgets.describe(font, at: size).0)) |\n" }
        }
        if boldText != .off {
            if font.isSystem {
                let heavier = font.withWeight(font.weight(boldText: true))
                let face = Budgets.describe(heavier, at: sizes.contains(.large) ? .large : sizes[0]).0
                out += "\n" + Markdown.text("With Bold Text: \(face) (iOS draws the system font heavier).", max: 400) + "\n"
            } else {
                out += "\n" + Markdown.text("With Bold Text: unchanged (a custom family is drawn as it is).", max: 400) + "\n"
            }
        }
        var input = LabelLayoutInput(text: "Ag")
        (input.font, input.width, input.contentSize) = (font, nil, sizes.contains(.large) ? .large : sizes[0])
        if case .success(let l) = measurer.layout(input) { out += LabelHover.fontsLine([(input, l)]) }
        return out
    }

    /// What `.bold()` gave: the bold trait's weight, said when it is not the bold weight's name.
    static func boldTrait(_ font: FontSpec) -> String? {
        guard font.traits.bold else { return nil }
        switch font {
        case .textStyle(let style, _):
            return
                ".bold() is the bold trait: .\(style.rawValue)'s emphasized weight, \(style.emphasizedWeight.rawValue) (Apple's documentation of Font.bold(); .weight(.bold) is the bold weight)."
        case .system:
            return font.weight == .semibold
                ? ".bold() is the bold trait: the system font's semibold, as UIKit's boldSystemFont draws it."
                : ".bold() is the bold trait: semibold (UIKit's boldSystemFont), or the weight written when heavier: \(font.weight.rawValue)."
        case .custom(let family, _, _, _):
            return ".bold() asks \(family) for its bold face."
        }
    }
}
