import CLineBreak
import LabelSpecSupport
import LabelVocabulary

/// Cutting a line that does not fit: truncation with "…" at the end, the start or the middle, clipping,
/// and tightening first (the rules of `LayoutRules`, continued).
extension LayoutRules {
    /// The grapheme clusters of a text, found from either end as far as a search needs them.
    final class Clusters {
        let text: Substring
        private var forward: [String.Index]
        private var backward: [String.Index]

        init(_ text: Substring) {
            self.text = text
            forward = [text.startIndex]
            backward = [text.endIndex]
        }

        /// Where the first `k` clusters end; nil when there are fewer.
        func prefixEnd(_ k: Int) -> String.Index? {
            while forward.count <= k {
                let last = forward[forward.count - 1]
                guard last < text.endIndex else { return nil }
                forward.append(text.index(after: last))
            }
            return forward[k]
        }

        /// Where the last `k` clusters start; nil when there are fewer.
        func suffixStart(_ k: Int) -> String.Index? {
            while backward.count <= k {
                let last = backward[backward.count - 1]
                guard last > text.startIndex else { return nil }
                backward.append(text.index(before: last))
            }
            return backward[k]
        }

        /// How many clusters the text has (walks it whole).
        func count() -> Int {
            while prefixEnd(forward.count) != nil {}
            return forward.count - 1
        }
    }

    /// The last visible line with "…" where text is cut: at the end, the start or the middle.
    /// `wrapped`: the line as wrapping left it (the last that fits), whose clusters and width
    /// give the search its first guess: as many clusters as it holds, less room for the
    /// ellipsis. The answer is the same from any guess (when widths grow with the text, as the
    /// search assumes); a good guess costs two or three measurements instead of a dozen.
    static func truncate(_ rest: Substring, mode: LineBreakMode, width: Double, context: Measurer.Context, wrapped: Line? = nil) -> Line {
        let ellipsisWidth = context.width(ellipsis)
        let clusters = Clusters(rest)
        let guess: Int? = wrapped.flatMap { line in
            let count = line.text.count
            guard lookAhead(context) == 0, count > 0, line.width > 0 else { return nil }
            // Clusters the ellipsis takes the room of, at the line's mean cluster width (a
            // line of zero-width clusters: all of them).
            let room = (ellipsisWidth * Double(count) / line.width).rounded(.up)
            return room.isFinite && room < Double(count) ? count - max(0, Int(room)) : 0
        }
        func search(_ fits: (Int) -> Bool?) -> Int {
            if let guess { return largestFitting(near: guess, fits, count: clusters.count) }
            return largestFitting(lookAhead: lookAhead(context), fits, count: clusters.count)
        }
        func prefix(_ k: Int) -> Substring? { clusters.prefixEnd(k).map { visible(rest[rest.startIndex..<$0]) } }
        func suffix(_ k: Int) -> Substring? {
            guard let start = clusters.suffixStart(k) else { return nil }
            var s = rest[start...]
            while let f = s.first, hangs(f) { s = s.dropFirst() }
            return s
        }
        let range = rest.startIndex..<rest.endIndex
        switch mode {
        case .byTruncatingHead:
            let k = search { k in suffix(k).map { context.width($0) + ellipsisWidth <= width + epsilon } }
            let s = suffix(k) ?? rest[rest.endIndex...]
            return Line(range: range, text: "…" + s, width: ellipsisWidth + context.width(s), ellipsis: 0)
        case .byTruncatingMiddle:
            // t clusters shown: the first ⌈t/2⌉ and the last ⌊t/2⌋, which must not overlap.
            func parts(_ t: Int) -> (Substring, Substring)? {
                guard let pe = clusters.prefixEnd((t + 1) / 2), let ss = clusters.suffixStart(t / 2), pe <= ss,
                    let p = prefix((t + 1) / 2), let s = suffix(t / 2)
                else { return nil }
                return (p, s)
            }
            let t = search { t in parts(t).map { context.width($0.0) + ellipsisWidth + context.width($0.1) <= width + epsilon } }
            let (p, s) = parts(t) ?? (rest[rest.startIndex..<rest.startIndex], rest[rest.endIndex...])
            return Line(range: range, text: p + "…" + s, width: context.width(p) + ellipsisWidth + context.width(s), ellipsis: p.utf8.count)
        default:
            let k = search { k in prefix(k).map { context.width($0) + ellipsisWidth <= width + epsilon } }
            let p = prefix(k) ?? rest[rest.startIndex..<rest.startIndex]
            return Line(range: range, text: p + "…", width: context.width(p) + ellipsisWidth, ellipsis: p.utf8.count)
        }
    }

    /// `.byClipping`: the graphemes that fit, cut at the edge without an ellipsis.
    static func clip(_ rest: Substring, width: Double, context: Measurer.Context) -> Line {
        let clusters = Clusters(rest)
        func prefix(_ k: Int) -> Substring? { clusters.prefixEnd(k).map { visible(rest[rest.startIndex..<$0]) } }
        let k = largestFitting(
            lookAhead: lookAhead(context), { k in prefix(k).map { context.width($0) <= width + epsilon } }, count: clusters.count)
        let p = prefix(k) ?? rest[rest.startIndex..<rest.startIndex]
        return Line(range: rest.startIndex..<rest.endIndex, text: String(p), width: context.width(p))
    }

    /// Tightening before truncation: text at most `tighteningLimit` times too wide is squeezed to
    /// fit by reducing letter spacing; nil when it is wider than that.
    static func tighten(_ rest: Substring, width: Double, context: inout Measurer.Context) -> Line? {
        let vis = visible(rest)
        let natural = context.width(vis)
        let clusters = context.spacedClusters(vis)
        guard natural > width, natural <= width * tighteningLimit, clusters > 1 else { return nil }
        context.extraTracking = LinePlacement.squeeze(from: natural, to: width, clusters: clusters)
        let line = Line(range: rest.startIndex..<rest.endIndex, text: String(vis), width: context.width(vis))
        context.extraTracking = 0
        return line
    }
}
