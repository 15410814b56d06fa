import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport

/// Pictures of labels (`LabelPicture`'s SVG) as `render` and hovers make them: the label's colours
/// in the light appearance, its text as the picture's title.
public enum Pictures {
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

    /// The SVG of a layout, or nil when its font cannot be had, or when its picture would take
    /// more than `budget` characters in base64 (a hover's): known from the glyphs placed, before
    /// the SVG is written.
    public static func svg(
        of input: LabelLayoutInput, _ layout: LabelLayout, measurer: Measurer, contrast: LabelContrast?, budget: Int? = nil
    ) -> (svg: String, drawing: LabelDrawing)? {
        guard case .success(let drawing) = measurer.drawing(of: input, layout) else { return nil }
        if let budget, leastBase64(drawing) > budget { return nil }
        return (LabelPicture.svg(drawing, style: style(contrast, title: input.text)), drawing)
    }

    /// The least a drawing's SVG takes in base64: each glyph of a character that is not white
    /// space is at least a `<use xlink:href="#g1" x="0" y="0"/>` (36 bytes), the frame and the
    /// marks 300 more; base64 writes 4 characters for 3 bytes.
    static func leastBase64(_ drawing: LabelDrawing) -> Int {
        let spaces = drawing.layout.lines.reduce(0) { $0 + $1.text.unicodeScalars.filter(\.properties.isWhitespace).count }
        let bytes = 300 + 36 * max(0, drawing.glyphs.count - spaces)
        return bytes / 3 * 4
    }
}
