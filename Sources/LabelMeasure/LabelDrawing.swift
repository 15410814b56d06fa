import CLineBreak
import LabelVocabulary

/// A label as drawn: every glyph of its layout placed in the label's box, from the same fonts,
/// fallback chain, point size (after autoshrink), tracking and bidi as the measurement. Each line
/// of the layout is shaped once more, run by run, in visual order; nothing is broken or truncated
/// again, so the drawing shows exactly the lines the layout has. `LabelPicture` writes it as SVG.
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
        let size = layout.fontSize
        let tracking = base.isSystem ? SystemTracking.tracking(at: size) : 0
        var faces: [FontFace] = [face]
        func index(of f: FontFace) -> Int {
            if let i = faces.firstIndex(where: { $0 === f }) { return i }
            faces.append(f)
            return faces.count - 1
        }
        var chain: FontChain?
        func fallback() -> FontChain {
            if let chain { return chain }
            let c = fonts.chain(for: face, weight: base.weight, language: input.language)
            chain = c
            return c
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
            // layout's truncation put it (not a "…" of the text's own).
            let text = line.shownText
            let ellipsisOffset = line.ellipsisOffset
            // Tab-separated pieces, placed one after another as the layout measures them (in
            // logical order): a tab moves the pen to the next tab stop.
            var pieces: [Range<String.Index>] = []
            var pieceStart = text.startIndex
            for i in text.indices where text[i] == "\t" {
                pieces.append(pieceStart..<i)
                pieceStart = text.index(after: i)
            }
            pieces.append(pieceStart..<text.endIndex)
            var placed: [LabelDrawing.Glyph] = []
            var width = 0.0
            var ellipsis: ClosedRange<Double>?
            /// Lays the line out from x = 0 with `extra` points after every spaced cluster.
            func place(extra: Double) -> Int {
                placed = []
                ellipsis = nil
                var pen = 0.0
                var spaced = 0
                for (p, pieceRange) in pieces.enumerated() {
                  if p > 0 {
                      // Past the last tab stop, a tab is as wide as a space (`LayoutRules.tabStop`).
                      pen = LayoutRules.tabStop(after: pen) ?? pen + Double(face.advance(" ").units) * size / face.unitsPerEm + tracking + extra
                  }
                  for run in Self.visualRuns(text[pieceRange], rightToLeft: line.isRightToLeft) {
                    let piece = text[run.range]
                    var fontRuns: [(FontFace, Range<String.Index>, Bool)]
                    if TextTraits(String(piece), face: face).needsFallback {
                        fontRuns = fallback().runs(piece).map { ($0.face, $0.range, $0.isPrimary) }
                    } else {
                        fontRuns = [(face, run.range, true)]
                    }
                    // A truncation's ellipsis is shaped on its own, as the layout measured it (and as
                    // Core Text draws its truncation token): not kerned against its neighbours.
                    if let e = ellipsisOffset {
                        let at = text.utf8.index(text.startIndex, offsetBy: e)
                        let after = text.index(after: at)
                        fontRuns = fontRuns.flatMap { (f, r, p) -> [(FontFace, Range<String.Index>, Bool)] in
                            guard r.contains(at) else { return [(f, r, p)] }
                            return [(f, r.lowerBound..<at, p), (f, at..<after, p), (f, after..<r.upperBound, p)].filter { !$0.1.isEmpty }
                        }
                    }
                    if run.rightToLeft { fontRuns.reverse() }
                    for (f, range, isPrimary) in fontRuns {
                        let runText = String(text[range])
                        let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
                        let shaped = f.glyphs(runText, rightToLeft: run.rightToLeft)
                        let scale = size / f.unitsPerEm
                        let faceIndex = index(of: f)
                        // Each cluster's text: from its offset to the next cluster's.
                        let starts = Array(Set(shaped.map(\.cluster))).sorted()
                        var ends: [Int: Int] = [:]
                        for (k, c) in starts.enumerated() { ends[c] = k + 1 < starts.count ? starts[k + 1] : runText.utf8.count }
                        func clusterText(_ c: Int) -> Substring {
                            let u = runText.utf8
                            return Substring(runText[u.index(u.startIndex, offsetBy: c)..<u.index(u.startIndex, offsetBy: ends[c] ?? u.count)])
                        }
                        for (k, g) in shaped.enumerated() {
                            let cluster = clusterText(g.cluster)
                            let advance = Double(g.advance) * scale
                            let x = pen + Double(g.xOffset) * scale
                            placed.append(LabelDrawing.Glyph(
                                face: faceIndex, glyph: g.glyph, x: x, y: baseline - Double(g.yOffset) * scale, advance: advance,
                                isMissing: g.glyph == 0 && cluster.unicodeScalars.contains(where: Self.showsAGlyph)))
                            if start + g.cluster == ellipsisOffset {
                                ellipsis = ellipsis.map { min($0.lowerBound, pen)...max($0.upperBound, pen + advance) } ?? pen...(pen + advance)
                            }
                            pen += advance
                            let lastOfCluster = k + 1 == shaped.count || shaped[k + 1].cluster != g.cluster
                            // Tracking after every cluster that draws something (a ligature's cluster
                            // holds several), as the measurement counts them.
                            let clusters = lastOfCluster ? cluster.reduce(0) { $0 + (Coverage.isSpaced($1) ? 1 : 0) } : 0
                            pen += Double(clusters) * ((isPrimary ? tracking : 0) + extra)
                            spaced += clusters
                        }
                    }
                  }
                }
                width = pen
                return spaced
            }
            let spaced = place(extra: 0)
            if layout.isTightened, n == layout.lines.count - 1, spaced > 0, abs(width - line.width) > 0.01 {
                _ = place(extra: (line.width - width) / Double(spaced))
            }
            let offset: Double
            switch layout.alignment {
            case .right: offset = textX + available - width
            case .center: offset = textX + (available - width) / 2
            default: offset = textX
            }
            for var g in placed {
                g.x += offset
                glyphs.append(g)
            }
            lines.append(LabelDrawing.Line(
                x: offset, width: width, measuredWidth: line.width, top: top, baseline: baseline,
                ellipsis: ellipsis.map { ($0.lowerBound + offset)...($0.upperBound + offset) }))
        }
        return .success(LabelDrawing(
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
