import CLineBreak
import LabelVocabulary

/// A label as drawn: every glyph of its layout placed in the label's box, from the same fonts,
/// fallback chain, point size (after autoshrink), tracking and bidi as the measurement. Each line
/// of the layout is shaped once more, run by run, in visual order; nothing is broken or truncated
/// again, so the drawing shows exactly the lines the layout has. LabelPresentation's
/// `LabelPicture` writes it as SVG.
public struct LabelDrawing: Sendable {
    /// One glyph placed in the box, in points from its top-left corner.
    public struct Glyph: Sendable, Equatable {
        /// An index into `faces`.
        public var face: Int
        public var glyph: UInt32
        /// The glyph's origin: x on the pen, y on the baseline.
        public var x: Double
        public var y: Double
        /// Its advance, in points (a missing glyph's box is drawn this wide).
        public var advance: Double
        /// No installed font has it: drawn as the font's missing-glyph box, and marked.
        public var isMissing: Bool
    }

    public struct Line: Sendable, Equatable {
        /// Where the line starts (its alignment applied) and how wide it is drawn.
        public var x: Double
        public var width: Double
        /// The width the layout measured (`LayoutLine.width`): a line is drawn shaped whole, so
        /// the drawn width differs only by kerning across the pieces the layout measured apart
        /// (break opportunities, a soft hyphen's hyphen; docs/measurement.md, "Pictures").
        public var measuredWidth: Double
        public var top: Double
        public var baseline: Double
        /// Where the ellipsis of a truncated line is drawn.
        public var ellipsis: ClosedRange<Double>?
    }

    public var layout: LabelLayout
    public var faces: [FontFace]
    public var glyphs: [Glyph]
    public var lines: [Line]
    /// A SwiftUI Label's icon: where its square sits and its side.
    public var icon: (x: Double, size: Double)?
    /// The point size the glyphs are drawn at: the layout's, after autoshrink.
    public var pointSize: Double { layout.fontSize }
    /// The label's line break mode: `.byClipping` cuts its last line at the box's edge.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// The families the glyphs come from, the label's font first.
    public var families: [String] {
        var out: [String] = []
        for (i, f) in faces.enumerated() where (i == 0 || glyphs.contains { $0.face == i }) && !out.contains(f.familyName) {
            out.append(f.familyName)
        }
        return out
    }
}

extension Measurer {
    /// The drawing of `layout`, the layout of `input` (`layout(input)`).
    public func drawing(of input: LabelLayoutInput, _ layout: LabelLayout) -> Result<LabelDrawing, FontError> {
        let base: ResolvedFont, face: FontFace
        switch primaryFace(input) {
        case .success(let found): (base, face, _) = found
        case .failure(let e): return .failure(e)
        }
        var placement = LinePlacement(
            face: face, chain: nil, fonts: fonts, weight: base.weight, italic: base.italic, systemTracking: base.takesSystemTracking,
            language: input.language)
        let size = layout.fontSize
        placement.setPointSize(size)
        var faces: [FontFace] = [face]
        func index(of f: FontFace) -> Int {
            if let i = faces.firstIndex(where: { $0 === f }) { return i }
            faces.append(f)
            return faces.count - 1
        }
        let rightToLeftLabel = Bidi.isRightToLeft(language: input.language)
        let iconWidth = layout.iconWidth
        var icon: (x: Double, size: Double)?
        if iconWidth > 0 {
            let side = input.parts == .iconOnly ? iconWidth : iconWidth - LayoutRules.iconSpacing
            icon = (rightToLeftLabel ? layout.width - side : 0, side)
        }
        let textX = rightToLeftLabel ? 0 : iconWidth
        let available = max(0, layout.width - iconWidth)
        let ascent = face.ascenderEm * size
        let descent = -face.descenderEm * size

        var glyphs: [LabelDrawing.Glyph] = []
        var lines: [LabelDrawing.Line] = []
        // Lines shorter than a taller box (`height`) sit where `verticalAlignment` puts them
        // (UILabel centres them).
        let spare = max(0, layout.height - Double(layout.lines.count) * layout.lineHeight)
        let firstTop = input.verticalAlignment == .top ? 0 : input.verticalAlignment == .bottom ? spare : spare / 2
        for (n, line) in layout.lines.enumerated() {
            let top = firstTop + Double(n) * layout.lineHeight
            let baseline = top + (layout.lineHeight - ascent - descent) / 2 + ascent
            // The line as read, with the hyphen of a soft hyphen break; the ellipsis where the
            // layout's truncation put it (not a "…" of the text's own); placed by the rules the
            // layout measured it with. A tightened line is squeezed to its measured width.
            let tightened = layout.isTightened && n == layout.lines.count - 1
            let placed = placement.place(
                line.shownText, rightToLeft: line.isRightToLeft, ellipsisOffset: line.ellipsisOffset, baseline: baseline,
                tightenedTo: tightened ? line.width : nil, faceIndex: index(of:))
            let width = placed.width
            let offset: Double
            switch layout.alignment {
            case .right: offset = textX + available - width
            case .center: offset = textX + (available - width) / 2
            default: offset = textX
            }
            for var g in placed.glyphs {
                g.x += offset
                glyphs.append(g)
            }
            lines.append(
                LabelDrawing.Line(
                    x: offset, width: width, measuredWidth: line.width, top: top, baseline: baseline,
                    ellipsis: placed.ellipsis.map { ($0.lowerBound + offset)...($0.upperBound + offset) }))
        }
        return .success(
            LabelDrawing(
                layout: layout, faces: faces, glyphs: glyphs, lines: lines, icon: icon, lineBreakMode: input.lineBreakMode))
    }

    /// Whether a character without a glyph is drawn as one: what needs a glyph, and controls
    /// (HarfBuzz draws them as the missing-glyph box), not default-ignorable characters.
    static func showsAGlyph(_ s: Unicode.Scalar) -> Bool {
        Coverage.needsGlyph(s) || ((s.value < 0x20 || (0x7F..<0xA0).contains(s.value)) && s != "\t" && s != "\n" && s != "\r")
    }

    /// A piece of a line in runs of one direction, in visual order (UAX #9, ICU), each a range of
    /// the text in logical order; one run for left-to-right text. ICU's bounds fall between code
    /// points: they are moved back to the start of the grapheme cluster holding them, so that a
    /// cluster is shaped whole, with the one font the layout chose for it.
    static func visualRuns(_ piece: Substring, rightToLeft: Bool) -> [(range: Range<String.Index>, rightToLeft: Bool)] {
        guard rightToLeft || Bidi.mayNeedReordering(piece) else { return [(piece.startIndex..<piece.endIndex, false)] }
        let utf16 = Array(piece.utf16)
        var runs = [Int32](repeating: 0, count: 3 * 16)
        var n = utf16.withUnsafeBufferPointer { ls_bidi_runs($0.baseAddress, Int32($0.count), rightToLeft ? 1 : 0, &runs, 16) }
        if n > 16 {
            runs = [Int32](repeating: 0, count: 3 * Int(n))
            n = utf16.withUnsafeBufferPointer { ls_bidi_runs($0.baseAddress, Int32($0.count), rightToLeft ? 1 : 0, &runs, n) }
        }
        guard n > 0 else { return [(piece.startIndex..<piece.endIndex, rightToLeft)] }
        let bounds = Array(piece.indices) + [piece.endIndex]
        /// The last cluster start at or before `i`.
        func snap(_ i: String.Index) -> String.Index {
            var lo = 0, hi = bounds.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if bounds[mid] <= i { lo = mid } else { hi = mid - 1 }
            }
            return bounds[lo]
        }
        var out: [(range: Range<String.Index>, rightToLeft: Bool)] = []
        for i in 0..<Int(n) {
            let lower = snap(piece.utf16.index(piece.startIndex, offsetBy: Int(runs[3 * i])))
            let upper = snap(piece.utf16.index(piece.startIndex, offsetBy: Int(runs[3 * i] + runs[3 * i + 1])))
            guard lower < upper else { continue }
            out.append((lower..<upper, runs[3 * i + 2] == 1))
        }
        return out
    }
}
