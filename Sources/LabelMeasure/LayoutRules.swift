import LabelVocabulary

/// The rules of laying out lines, and every choice made where UIKit does not document its
/// behaviour (docs/measurement.md lists them). Each choice lives here, in one place, so it can be
/// recalibrated.
enum LayoutRules {
    /// Widths within this many points count as fitting.
    static let epsilon = 0.001
    /// Autoshrink searches the scale until the font size is known to within this many points.
    static let autoshrinkPrecision = 0.25
    /// Tightening may squeeze text that is up to 5% too wide (AppKit's documented rule).
    static let tighteningLimit = 1.05
    /// A SwiftUI Label's icon: a square of 1.2× the font size, then 8 pt of spacing.
    static let iconScale = 1.2
    static let iconSpacing = 8.0
    static let ellipsis: Substring = "…"

    static func iconWidth(parts: LabelParts, fontSize: Double) -> Double {
        switch parts {
        case .title: return 0
        case .iconOnly: return (fontSize * iconScale).rounded()
        case .titleAndIcon: return (fontSize * iconScale).rounded() + iconSpacing
        }
    }

    struct Line {
        var range: Range<String.Index>
        var text: String
        var width: Double
    }

    /// Spaces and line breaks at the end of a line hang: they take no room.
    static func hangs(_ c: Character) -> Bool { c == " " || c == "\t" || c.isNewline }

    static func visible(_ s: Substring) -> Substring {
        var end = s.endIndex
        while end > s.startIndex {
            let before = s.index(before: end)
            guard hangs(s[before]) else { break }
            end = before
        }
        return s[s.startIndex..<end]
    }

    /// Greedy filling: each line takes break-delimited segments while their visible width fits;
    /// a segment wider than a whole line is broken between grapheme clusters.
    static func wrap(_ segments: [Segment], in text: String, width: Double?, context: Measurer.Context) -> [Line] {
        var lines: [Line] = []
        var start: String.Index?
        var end = text.startIndex
        var fullWidth = 0.0
        var visibleWidth = 0.0
        func close() {
            guard let s = start else { return }
            lines.append(Line(range: s..<end, text: String(visible(text[s..<end])), width: visibleWidth))
            start = nil
            fullWidth = 0
            visibleWidth = 0
        }
        func add(_ piece: Substring) {
            let vis = visible(piece)
            let wVis = context.width(vis)
            let wFull = vis.endIndex == piece.endIndex ? wVis : wVis + context.width(piece[vis.endIndex...].filter { !$0.isNewline }[...])
            if start == nil { start = piece.startIndex }
            end = piece.endIndex
            if !vis.isEmpty { visibleWidth = fullWidth + wVis }
            fullWidth += wFull
        }
        for seg in segments {
            let vis = visible(seg.text)
            let wVis = context.width(vis)
            if start != nil, let w = width, fullWidth + wVis > w + epsilon { close() }
            if start == nil, let w = width, wVis > w + epsilon, vis.count > 1 {
                // Broken between grapheme clusters, each line's piece measured as one shaped run
                // (summing single letters would drop their kerning).
                // Whether the rest fits whole is known from `fill`'s probes, or asked only when
                // the rest is at most about two lines long: measuring every rest of a long word
                // would shape it once per line (quadratic).
                var pos = seg.text.startIndex
                while pos < seg.text.endIndex {
                    let rest = seg.text[pos...]
                    let filled = fill(rest, width: w, context: context)
                    if filled.wholeFits ?? (context.width(visible(rest)) <= w + epsilon) {
                        add(rest)
                        break
                    }
                    var cut = filled.end
                    // Spaces after the cut hang at the end of this line.
                    while cut < rest.endIndex, hangs(rest[cut]), !rest[cut].isNewline { cut = rest.index(after: cut) }
                    add(rest[..<cut])
                    close()
                    pos = cut
                }
            } else {
                add(seg.text)
            }
            if seg.isHardBreak { close() }
        }
        close()
        return lines
    }

    /// The end of the longest run of whole grapheme clusters at the start of `text` whose shaped
    /// width fits (at least one cluster): galloping, then a binary search, over exact widths.
    /// Its cost is bounded by the length of the line it finds, not of `text`.
    ///
    /// `wholeFits` tells whether all of `text` fits, when the probes settled it: a probe of the
    /// whole text, or a shorter prefix already too wide (widths grow with the text, as the search
    /// assumes); nil when the galloping ran past the end without probing the whole text.
    static func fill(_ text: Substring, width: Double, context: Measurer.Context) -> (end: String.Index, wholeFits: Bool?) {
        var ends: [String.Index] = [text.startIndex]
        var wholeFits: Bool?
        func end(_ k: Int) -> String.Index? {
            while ends.count <= k {
                guard ends.last! < text.endIndex else { return nil }
                ends.append(text.index(after: ends.last!))
            }
            return ends[k]
        }
        func fits(_ k: Int) -> Bool {
            guard let e = end(k) else { return false }
            let ok = context.width(visible(text[text.startIndex..<e])) <= width + epsilon
            if e == text.endIndex { wholeFits = ok }
            return ok
        }
        var good = 1
        var bad = 2
        while fits(bad) {
            good = bad
            bad *= 2
        }
        if wholeFits == nil, end(bad) != nil { wholeFits = false }
        while bad - good > 1 {
            let mid = (good + bad) / 2
            if fits(mid) { good = mid } else { bad = mid }
        }
        return (end(good) ?? text.endIndex, wholeFits)
    }

    /// The text from a line's start to the next hard line break.
    static func remainder(of text: String, from start: String.Index) -> Substring {
        let rest = text[start...]
        if let newline = rest.firstIndex(where: { $0.isNewline }) { return rest[..<newline] }
        return rest
    }

    /// The largest `k` in 0...n for which `fits(k)` holds, assuming `fits` is monotone.
    static func largest(upTo n: Int, _ fits: (Int) -> Bool) -> Int {
        var lo = 0
        var hi = n
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The last visible line with "…" where text is cut: at the end, the start or the middle.
    static func truncate(_ rest: Substring, mode: LineBreakMode, width: Double, context: Measurer.Context) -> Line {
        let ellipsisWidth = context.width(ellipsis)
        let indices = Array(rest.indices) + [rest.endIndex]
        let n = indices.count - 1
        func prefix(_ k: Int) -> Substring { visible(rest[rest.startIndex..<indices[k]]) }
        func suffix(_ k: Int) -> Substring {
            var s = rest[indices[n - k]...]
            while let f = s.first, hangs(f) { s = s.dropFirst() }
            return s
        }
        let range = rest.startIndex..<rest.endIndex
        switch mode {
        case .byTruncatingHead:
            let k = largest(upTo: n) { context.width(suffix($0)) + ellipsisWidth <= width + epsilon }
            let s = suffix(k)
            return Line(range: range, text: "…" + s, width: ellipsisWidth + context.width(s))
        case .byTruncatingMiddle:
            let t = largest(upTo: n) { t in
                context.width(prefix((t + 1) / 2)) + ellipsisWidth + context.width(suffix(t / 2)) <= width + epsilon
            }
            let p = prefix((t + 1) / 2)
            let s = suffix(t / 2)
            return Line(range: range, text: p + "…" + s, width: context.width(p) + ellipsisWidth + context.width(s))
        default:
            let k = largest(upTo: n) { context.width(prefix($0)) + ellipsisWidth <= width + epsilon }
            let p = prefix(k)
            return Line(range: range, text: p + "…", width: context.width(p) + ellipsisWidth)
        }
    }

    /// `.byClipping`: the graphemes that fit, cut at the edge without an ellipsis.
    static func clip(_ rest: Substring, width: Double, context: Measurer.Context) -> Line {
        let indices = Array(rest.indices) + [rest.endIndex]
        let k = largest(upTo: indices.count - 1) { context.width(visible(rest[rest.startIndex..<indices[$0]])) <= width + epsilon }
        let p = visible(rest[rest.startIndex..<indices[k]])
        return Line(range: rest.startIndex..<rest.endIndex, text: String(p), width: context.width(p))
    }

    /// Tightening before truncation: text at most `tighteningLimit` times too wide is squeezed to
    /// fit by reducing letter spacing; nil when it is wider than that.
    static func tighten(_ rest: Substring, width: Double, context: inout Measurer.Context) -> Line? {
        let vis = visible(rest)
        let natural = context.width(vis)
        guard natural > width, natural <= width * tighteningLimit, vis.count > 1 else { return nil }
        context.extraTracking = -(natural - width) / Double(vis.count)
        let line = Line(range: rest.startIndex..<rest.endIndex, text: String(vis), width: context.width(vis))
        context.extraTracking = 0
        return line
    }
}
