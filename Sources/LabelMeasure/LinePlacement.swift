import LabelVocabulary

/// How text is put on a line at one point size: the one statement of the rules that measuring
/// (`Measurer.Context`, run by run) and drawing (`LabelDrawing`, glyph by glyph) both follow.
/// - font runs: text the label's font draws all by itself (`Coverage.scan`) is one run of it;
///   other text is the fallback chain's runs;
/// - tracking: the system font's letter spacing after every spaced cluster the label's font
///   draws (`Coverage.isSpaced`; a fallback font brings its own spacing), and tightening's
///   squeeze after every spaced cluster, whatever font draws it;
/// - tab stops: a tab moves the pen to the next stop, past the last one by a space's width;
/// - the ellipsis of a truncation is shaped alone, not kerned against its neighbours;
/// - tightening: the squeeze per spaced cluster that makes a line as wide as asked.
/// Measuring sums a run's cached advance; drawing shapes the line whole and places each glyph,
/// so the two agree but for kerning across the pieces the layout measured apart.
struct LinePlacement {
    let face: FontFace
    /// The fallback fonts, for text the label's font does not draw all by itself (made when the
    /// label's text needs it, else on demand: an ellipsis a custom font lacks).
    let chain: FontChain?
    let fonts: FontResolver
    let weight: FontWeight
    /// Whether the system font's tracking table applies (`Measurer.ResolvedFont`), unless the
    /// face tracks itself (`FontFace.tracksItself`).
    let systemTracking: Bool
    /// The label's language (the fallback chain's order).
    let language: String?
    /// The label's font is italic (its fallbacks asked at that slant).
    let italic: Bool
    private(set) var pointSize: Double = 0
    /// The system font's letter spacing at `pointSize` (0 for a custom font).
    private(set) var tracking: Double = 0
    /// Tightening's squeeze after every spaced cluster (0 when not tightening).
    var extraTracking: Double = 0

    init(
        face: FontFace, chain: FontChain?, fonts: FontResolver, weight: FontWeight, italic: Bool = false, systemTracking: Bool,
        language: String?
    ) {
        self.face = face
        self.chain = chain
        self.fonts = fonts
        self.weight = weight
        self.italic = italic
        self.systemTracking = systemTracking
        self.language = language
    }

    /// The same rules at `pointSize`, without tightening.
    mutating func setPointSize(_ size: Double) {
        pointSize = size
        if face.tracksItself {
            tracking = 0
        } else if let own = face.ownTrack {
            tracking = own.points(at: size)
        } else {
            tracking = systemTracking ? SystemTracking.tracking(at: size) : 0
        }
        extraTracking = 0
    }

    var fallback: FontChain { chain ?? fonts.chain(for: face, weight: weight, italic: italic, language: language) }

    // MARK: The rules

    /// Where a tab starting at `pen` moves the pen: the next tab stop (`LayoutRules.tabStop`),
    /// past the last one a space further.
    @inline(__always) func afterTab(at pen: Double) -> Double {
        LayoutRules.tabStop(after: pen) ?? pen + runWidth(" ")
    }

    /// The letter spacing after one spaced cluster drawn by the label's font (`primary`) or by a
    /// fallback font.
    @inline(__always) func spacing(primary: Bool) -> Double { (primary ? tracking : 0) + extraTracking }

    /// Tightening: the squeeze per spaced cluster that makes a line `natural` points wide
    /// `target` points wide.
    @inline(__always) static func squeeze(from natural: Double, to target: Double, clusters: Int) -> Double {
        -(natural - target) / Double(clusters)
    }

    /// Whether the label's font draws all of `text` by itself (no fallback runs).
    @inline(__always) func drawsAlone(_ text: Substring) -> Bool { Coverage.scan(String(text), face).drawsAll }

    // MARK: Measuring

    /// Width in points of `text` starting `x` points into its line, tabs moving to their stops.
    func width(_ text: Substring, at x: Double) -> Double {
        guard text.utf8.contains(9) else { return runWidth(text) }
        var position = x
        var rest = text
        while let tab = rest.firstIndex(of: "\t") {
            position += runWidth(rest[..<tab])
            position = afterTab(at: position)
            rest = rest[rest.index(after: tab)...]
        }
        return position + runWidth(rest) - x
    }

    /// The clusters of `text` that letter spacing applies to (tightening spreads its squeeze
    /// over them).
    func spacedClusters(_ text: Substring) -> Int {
        let advance = face.advance(text)
        return advance.drawsAll ? advance.spacedClusters : fallback.measure(text).clusters
    }

    /// The width of text without tabs: one cache look-up for text the label's font draws all by
    /// itself; other text run by run, each run with the font of the fallback chain that draws it.
    func runWidth(_ text: Substring) -> Double {
        guard !text.isEmpty else { return 0 }
        let advance = face.advance(text)
        if advance.drawsAll {
            let spacing = spacing(primary: true)
            return Double(advance.units) * pointSize / face.unitsPerEm + (spacing == 0 ? 0 : spacing * Double(advance.spacedClusters))
        }
        let m = fallback.measure(text)
        return m.em * pointSize + tracking * Double(m.primaryClusters) + extraTracking * Double(m.clusters)
    }
}

// MARK: Drawing

extension LinePlacement {
    /// One line placed glyph by glyph from x = 0: its glyphs (their `face` from `faceIndex`), the
    /// pen's last position, where its ellipsis is drawn and how many spaced clusters it holds.
    struct PlacedLine {
        var glyphs: [LabelDrawing.Glyph] = []
        var width = 0.0
        var ellipsis: ClosedRange<Double>?
        var spacedClusters = 0
    }

    /// `text`, a drawn line (`LayoutLine.shownText`), placed as measured: tab-separated pieces one
    /// after another in logical order, each piece's bidi runs in visual order, each run in its
    /// font runs with the ellipsis at UTF-8 offset `ellipsisOffset` shaped alone. A tightened
    /// line (`tightenedTo`: its measured width) is placed again with the squeeze that makes it
    /// that wide (the drawing knows the width, not the squeeze the layout found for it).
    func place(
        _ text: String, rightToLeft: Bool, ellipsisOffset: Int?, baseline: Double, tightenedTo measured: Double?,
        faceIndex: (FontFace) -> Int
    ) -> PlacedLine {
        var pieces: [Range<String.Index>] = []
        var pieceStart = text.startIndex
        for i in text.indices where text[i] == "\t" {
            pieces.append(pieceStart..<i)
            pieceStart = text.index(after: i)
        }
        pieces.append(pieceStart..<text.endIndex)
        let natural = place(
            text, pieces, rightToLeft: rightToLeft, ellipsisOffset: ellipsisOffset, baseline: baseline, faceIndex: faceIndex)
        guard let measured, natural.spacedClusters > 0, abs(natural.width - measured) > 0.01 else { return natural }
        var placement = self
        placement.extraTracking = Self.squeeze(from: natural.width, to: measured, clusters: natural.spacedClusters)
        return placement.place(
            text, pieces, rightToLeft: rightToLeft, ellipsisOffset: ellipsisOffset, baseline: baseline, faceIndex: faceIndex)
    }

    private func place(
        _ text: String, _ pieces: [Range<String.Index>], rightToLeft: Bool, ellipsisOffset: Int?, baseline: Double,
        faceIndex: (FontFace) -> Int
    ) -> PlacedLine {
        var line = PlacedLine()
        var pen = 0.0
        for (p, pieceRange) in pieces.enumerated() {
            if p > 0 { pen = afterTab(at: pen) }
            for run in Measurer.visualRuns(text[pieceRange], rightToLeft: rightToLeft) {
                let piece = text[run.range]
                var fontRuns: [(FontFace, Range<String.Index>, Bool)]
                if drawsAlone(piece) {
                    fontRuns = [(face, run.range, true)]
                } else {
                    fontRuns = fallback.runs(piece).map { ($0.face, $0.range, $0.isPrimary) }
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
                    let scale = pointSize / f.unitsPerEm
                    let index = faceIndex(f)
                    // Each cluster's text: from its offset to the next cluster's.
                    let starts = Array(Set(shaped.map(\.cluster))).sorted()
                    var ends: [Int: Int] = [:]
                    for (k, c) in starts.enumerated() { ends[c] = k + 1 < starts.count ? starts[k + 1] : runText.utf8.count }
                    func clusterText(_ c: Int) -> Substring {
                        let u = runText.utf8
                        return Substring(runText[u.index(u.startIndex, offsetBy: c)..<u.index(u.startIndex, offsetBy: ends[c] ?? u.count)])
                    }
                    let spacing = spacing(primary: isPrimary)
                    for (k, g) in shaped.enumerated() {
                        let cluster = clusterText(g.cluster)
                        let advance = Double(g.advance) * scale
                        line.glyphs.append(
                            LabelDrawing.Glyph(
                                face: index, glyph: g.glyph, x: pen + Double(g.xOffset) * scale, y: baseline - Double(g.yOffset) * scale,
                                advance: advance, isMissing: g.glyph == 0 && cluster.unicodeScalars.contains(where: Measurer.showsAGlyph)))
                        if start + g.cluster == ellipsisOffset {
                            line.ellipsis =
                                line.ellipsis.map { min($0.lowerBound, pen)...max($0.upperBound, pen + advance) } ?? pen...(pen + advance)
                        }
                        pen += advance
                        let lastOfCluster = k + 1 == shaped.count || shaped[k + 1].cluster != g.cluster
                        // Tracking after every cluster that draws something (a ligature's cluster
                        // holds several), as the measurement counts them.
                        let clusters = lastOfCluster ? cluster.reduce(0) { $0 + (Coverage.isSpaced($1) ? 1 : 0) } : 0
                        pen += Double(clusters) * spacing
                        line.spacedClusters += clusters
                    }
                }
            }
        }
        line.width = pen
        return line
    }
}
