import LabelMeasure

/// Pictures of labels (`LabelPicture`'s SVG) as `render` and hovers make them: the label's colours
/// (its `style`, from its contrast: LabelSpecIDE's `Pictures.style`), its text as the picture's
/// title.
public enum Pictures {
    /// The SVG of a layout, or nil when its font cannot be had, or when its picture would take
    /// more than `budget` characters in base64 (a hover's): known from the glyphs placed, before
    /// the SVG is written.
    public static func svg(
        of input: LabelLayoutInput, _ layout: LabelLayout, measurer: Measurer, style: LabelPicture.Style, budget: Int? = nil
    ) -> (svg: String, drawing: LabelDrawing)? {
        guard case .success(let drawing) = measurer.drawing(of: input, layout) else { return nil }
        if let budget, leastBase64(drawing) > budget { return nil }
        return (LabelPicture.svg(drawing, style: style), drawing)
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
