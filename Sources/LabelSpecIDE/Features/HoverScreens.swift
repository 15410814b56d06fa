import LabelMeasure
import LabelPresentation
import LabelSpecSemantics
import LabelVocabulary

extension LabelHover {
    /// A label on every screen: the screens that fail (in any of its texts at any configured
    /// size), and the narrowest width at which it fits.
    public struct ScreenFitTable: Sendable {
        /// One group of screens (two when the text varies by device between phones and iPads:
        /// `FitMatrix`): its widths, and every text variant at every configured size,
        /// without a width, with the variant's locale (or nil).
        public struct Group: Sendable {
            public let widths: LabelWidths
            public let inputs: [LabelLayoutInput]
            public let locales: [String?]
            /// Each input's content size.
            public let sizes: [ContentSizeCategory]
        }

        public let groups: [Group]
        public let categories: [ContentSizeCategory]
        /// The widths of the group of the worst screen (`FitMatrix.worstScreen`; its narrowest
        /// is drawn).
        public var widths: LabelWidths { groups[FitMatrix.worstScreen(among: groups.map { $0.widths.widths.first ?? nil })].widths }

        /// The widest a search for "fits from" goes (the largest width a label may have).
        static let widest = 100_000.0
        /// The most screens a hover lists.
        static let maxScreenRows = 40

        /// What fails at `width`: "truncated in de at .large" (the first failing input), nil if
        /// every input fits.
        func failure(at width: Double, in group: Group, _ measurer: Measurer) -> String? {
            for (i, input) in group.inputs.enumerated() {
                var input = input
                input.width = width
                guard case .success(let l) = measurer.layout(input), l.isCut else { continue }
                let locale = group.locales[i].map { " in " + Markdown.text($0) } ?? ""
                return (l.isTruncated ? "truncated" : "clipped") + locale + " at " + group.sizes[i].displayName
            }
            return nil
        }

        /// The narrowest width, to half a point, at which every input of every group fits
        /// (bisection per group: a wider label never shows less); nil if none up to `widest` does.
        func fitsFrom(_ measurer: Measurer) -> Double? {
            var from = 0.0
            for group in groups {
                guard failure(at: ScreenFitTable.widest, in: group, measurer) == nil else { return nil }
                var (low, high) = (0.0, ScreenFitTable.widest)  // low fails (or is 0), high fits
                if let narrowest = group.widths.widths.first ?? nil {
                    if failure(at: narrowest, in: group, measurer) == nil { high = narrowest } else { low = narrowest }
                }
                while high - low > 0.5 {
                    let mid = ((low + high) / 2 * 2).rounded() / 2
                    if mid <= low || mid >= high { break }
                    if failure(at: mid, in: group, measurer) == nil { high = mid } else { low = mid }
                }
                from = max(from, high)
            }
            return from
        }

        /// A table of the screens, a line saying where the label fits from.
        func markdown(_ measurer: Measurer) -> String {
            var out = widths.kind == .atMargins ? "No `width`: measured at each screen's margins.\n\n" : ""
            out += "| screen | width | |\n|---|---|---|\n"
            // At most `maxScreenRows` rows (a configuration of thousands of screens does not make
            // a hover of megabytes), each width measured once.
            var rows = 0
            let total = groups.reduce(0) { $0 + $1.widths.screens.reduce(0) { $0 + $1.count } + $1.widths.notMeasured }
            for group in groups {
                let widths = group.widths
                for (k, w) in widths.widths.enumerated() where rows < ScreenFitTable.maxScreenRows {
                    guard let w else { continue }
                    let state = failure(at: w, in: group, measurer) ?? "fits"
                    for screen in widths.screens[k] where rows < ScreenFitTable.maxScreenRows {
                        out += "| \(Markdown.text(screen.name)) | \(LayoutSummary.points(w)) pt | \(state) |\n"
                        rows += 1
                    }
                }
                for (screen, points) in widths.nonPositive where rows < ScreenFitTable.maxScreenRows {
                    out +=
                        "| \(Markdown.text(screen.name)) | \(points.isFinite ? LayoutSummary.points(points) + " pt" : "–") | not measured: 0 or less |\n"
                    rows += 1
                }
                for (screen, points) in widths.tooWide where rows < ScreenFitTable.maxScreenRows {
                    let most = LayoutSummary.points(ScreenLength.mostPoints)
                    out +=
                        "| \(Markdown.text(screen.name)) | \(points.isFinite ? LayoutSummary.points(points) + " pt" : "–") | not measured: more than \(most) pt |\n"
                    rows += 1
                }
            }
            if total > rows { out += "\n… \(total - rows) more screens.\n" }
            if groups.allSatisfy({ $0.widths.widths.isEmpty }) {
                // Nothing measured on any screen: no width is known to fit.
                out += "\nNot measured on any configured screen.\n"
            } else if let from = fitsFrom(measurer) {
                out += "\nFits from \(LayoutSummary.points(from)) pt.\n"
            } else {
                out += "\nFits at no width up to \(LayoutSummary.points(ScreenFitTable.widest)) pt.\n"
            }
            return out
        }
    }
}
