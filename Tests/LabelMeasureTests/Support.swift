import LabelVocabulary

@testable import LabelMeasure

/// A label's layout with the inputs tests vary most; `configure` sets the rest.
func measured(
    _ measurer: Measurer, _ text: String, width: Double?, lines: Int, mode: LineBreakMode, font: FontSpec,
    configure: (inout LabelLayoutInput) -> Void = { _ in }
) -> LabelLayout {
    var input = LabelLayoutInput(text: text)
    input.width = width
    input.numberOfLines = lines
    input.lineBreakMode = mode
    input.font = font
    configure(&input)
    return try! measurer.layout(input).get()
}
