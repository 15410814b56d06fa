import LabelLocalization
import LabelMeasure
import LabelVocabulary

/// How many of a label's widths fail, found with few layouts. A label that fits at a width fits
/// at every wider one (more room never adds a line, nor takes away from autoshrink), so the
/// widths that fail are the narrowest ones, up to some count. `Checks` lays every text at every
/// size out at the narrowest width (what the worst case and its message need); this finds the
/// count by bisection over the wider widths, probing only the texts and sizes that failed at the
/// narrowest: a probe fails at the first of them that fails there (the one that hid most of
/// its text is tried first, alone), and fits only when all of them fit.
enum WidthSearch {
    /// Per group of `groups` (whose cells, at the narrowest width, were laid out one group
    /// after the other into `layouts`): how many of its widths truncate, and how many clip,
    /// narrowest first (0: none).
    static func failingWidths(
        _ layouts: [Result<LabelLayout, FontError>?], groups: ArraySlice<FitMatrix.Group>, measurer: Measurer
    ) -> [(truncates: Int, clipped: Int)] {
        var searches: [Search] = []
        var out = [(truncates: Int, clipped: Int)](repeating: (0, 0), count: groups.count)
        var start = 0
        for (k, m) in groups.enumerated() {
            defer { start += m.inputs.count }
            // One width: nothing to search (the diagnostics count the failing layouts themselves).
            guard m.widths.widths.count > 1 else { continue }
            for clipping in [false, true] {
                var failing: [(index: Int, hidden: Double)] = []
                for i in m.inputs.indices {
                    guard case .success(let l)? = layouts[start + i], clipping ? l.isClipped : l.isTruncated else { continue }
                    failing.append((i, MeasuredChecks.hiddenShare(l, of: m.variant(of: i).text)))
                }
                guard !failing.isEmpty else { continue }
                if clipping { out[k].clipped = 1 } else { out[k].truncates = 1 }
                failing.sort { $0.hidden > $1.hidden }
                searches.append(
                    Search(
                        label: k, clipping: clipping, widths: m.widths.widths.compactMap { $0 }, group: m,
                        candidates: failing.map(\.index)))
            }
        }
        // Each round probes every open search once (two waves: the likeliest failure alone, then
        // the rest where it fit), all labels' layouts of a wave laid out together.
        while !searches.isEmpty {
            var first: [LabelLayoutInput] = []
            for s in searches { first.append(s.input(s.candidates[0])) }
            let firstResults = MeasuredChecks.layoutAll(first, measurer: measurer)
            var rest: [LabelLayoutInput] = []
            var owners: [Int] = []
            for (n, s) in searches.enumerated() {
                if fails(firstResults[n], s.clipping) {
                    searches[n].fails = true
                } else {
                    for c in s.candidates.dropFirst() {
                        rest.append(s.input(c))
                        owners.append(n)
                    }
                }
            }
            let restResults = MeasuredChecks.layoutAll(rest, measurer: measurer)
            for (n, r) in zip(owners, restResults) where fails(r, searches[n].clipping) { searches[n].fails = true }
            var open: [Search] = []
            for var s in searches {
                if s.fails { s.low = s.probe } else { s.high = s.probe }
                s.fails = false
                if s.high - s.low > 1 {
                    s.probe = (s.low + s.high) / 2
                    open.append(s)
                } else if s.clipping {
                    out[s.label].clipped = s.low + 1
                } else {
                    out[s.label].truncates = s.low + 1
                }
            }
            searches = open
        }
        return out
    }

    /// A label's bisection: widths up to `low` fail, from `high` on fit (`high` = the count of
    /// widths: none known to fit yet); the next probe is `probe`.
    struct Search {
        let label: Int
        /// Whether it looks for clipping (else truncation).
        let clipping: Bool
        let widths: [Double]
        let group: FitMatrix.Group
        /// The group's inputs (at the narrowest width).
        var inputs: [LabelLayoutInput?] { group.inputs }
        /// Inputs (by index) that failed at the narrowest width, the likeliest to fail first.
        let candidates: [Int]
        var low = 0
        var high: Int
        var probe: Int
        var fails = false

        init(label: Int, clipping: Bool, widths: [Double], group: FitMatrix.Group, candidates: [Int]) {
            self.label = label
            self.clipping = clipping
            self.widths = widths
            self.group = group
            self.candidates = candidates
            high = widths.count
            probe = widths.count - 1  // the widest first: a label that fails everywhere costs one probe
        }

        /// Input `i` at the width of the probe (moved as its row neighbours move it).
        func input(_ i: Int) -> LabelLayoutInput {
            var input = inputs[i]!
            let place = group.place(of: i)
            input.width = group.width(at: FitMatrix.Place(variant: place.variant, width: probe, size: place.size)) ?? widths[probe]
            return input
        }
    }

    static func fails(_ r: Result<LabelLayout, FontError>?, _ clipping: Bool) -> Bool {
        guard case .success(let l)? = r else { return false }
        return clipping ? l.isClipped : l.isTruncated
    }
}
