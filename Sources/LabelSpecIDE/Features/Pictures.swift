import LabelMeasure
import LabelPresentation
import LabelSpecSemantics

/// A label's colours for its picture (`Pictures`, LabelPresentation): from its contrast, in the
/// light appearance.
extension Pictures {
    /// The picture's style: the text colour over the label's background, which is drawn over
    /// `.systemBackground` (white in light mode) when it is not opaque, so the picture is
    /// readable on a dark editor theme too.
    public static func style(_ contrast: LabelContrast?, title: String) -> LabelPicture.Style {
        let text = contrast.map { Contrast.resolve($0.text, in: .light) } ?? RGBA(0, 0, 0)
        let background = contrast.map { Contrast.resolve($0.background, in: .light) } ?? RGBA(255, 255, 255)
        let (r, g, b) = Contrast.composite(background, over: (1, 1, 1))
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return LabelPicture.Style(
            text: PictureColor(text.red, text.green, text.blue, opacity: text.alpha),
            background: PictureColor(byte(r), byte(g), byte(b)), title: title)
    }

    /// The SVG of a layout in the label's colours (`style`), its text as the title.
    public static func svg(
        of input: LabelLayoutInput, _ layout: LabelLayout, measurer: Measurer, contrast: LabelContrast?, budget: Int? = nil
    ) -> (svg: String, drawing: LabelDrawing)? {
        svg(of: input, layout, measurer: measurer, style: style(contrast, title: input.text), budget: budget)
    }
}
