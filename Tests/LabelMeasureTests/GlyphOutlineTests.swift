import LabelMeasure
import LabelPresentation
import Testing

/// Glyph outlines from HarfBuzz (`hb_font_get_glyph_shape` on Debian 12's 6.0,
/// `hb_font_draw_glyph` from 7.0): the ground of issue 27's drawings, as SVG path data (`SVGPath`).
@Suite struct GlyphOutlineTests {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    @Test func anOutlineIsAClosedPathWithinTheGlyphsBox() throws {
        let face = try #require(FontFace(path: Self.inter))
        let glyph = try #require(GlyphOutline.glyph(of: "I", in: face))
        let path = SVGPath.data(GlyphOutline.path(of: glyph, in: face))
        // An "I" of Inter: one closed contour of straight lines, above the baseline (y < 0 in SVG).
        // Inter's "I": its stem, 248 units wide and as tall as the cap height (2048 units).
        #expect(path == "M496 -2048 L248 -2048 L248 0 L496 0 L496 -2048 Z")
        #expect(path.hasPrefix("M"))
        #expect(path.hasSuffix("Z"))
        #expect(path.filter { $0 == "M" }.count == 1)
        let numbers = path.split(whereSeparator: { $0 == " " || $0.isLetter }).compactMap { Double($0) }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        #expect(ys.allSatisfy { $0 <= 0 && $0 >= -face.unitsPerEm })
        // An "O" has two contours and curves; a space has no outline.
        let o = SVGPath.data(GlyphOutline.path(of: try #require(GlyphOutline.glyph(of: "O", in: face)), in: face))
        #expect(o.filter { $0 == "M" }.count == 2)
        #expect(o.contains("C") || o.contains("Q"))
        #expect(GlyphOutline.path(of: try #require(GlyphOutline.glyph(of: " ", in: face)), in: face).isEmpty)
        #expect(GlyphOutline.glyph(of: "\u{10FFFD}", in: face) == nil)
    }
}
