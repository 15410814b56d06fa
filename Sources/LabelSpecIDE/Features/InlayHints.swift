import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecSemantics
import LabelSpecSyntax
import LabelVocabulary

/// A hint shown in the text: after each label's name, its line count and truncation.
public struct InlayHint: Equatable, Sendable {
    /// Where it shows (a byte offset in the document: the end of the label's name).
    public var offset: Int
    public var label: String
}

public enum InlayHints {
    /// A hint read from the workspace, still to be measured: safe to measure anywhere.
    public struct Pending: @unchecked Sendable {
        let offset: Int
        let input: LabelLayoutInput
        /// The label's text variants at the hint's size and their inputs, when it is localized.
        let locales: (variants: [TextVariant], inputs: [LabelLayoutInput?])?
        /// The screen of the narrowest width, for a label on screens (measured there).
        let screen: ScreenGeometry?
    }

    /// The hints of the labels whose name ends in `range` (the editor's visible lines), measured at
    /// the plan's first content size (`large` when it has none), on its screens: only those labels
    /// are measured. A localized label is measured in each of the plan's locales at that size too,
    /// and a hint whose development-language text fits names the worst locale that does not:
    /// "1 line · truncated in de" ("+2": two more).
    public static func hints(
        in doc: Workspace.Document, range: Range<Int>, workspace: Workspace, measurer: Measurer, plan: MeasuringPlan
    ) -> [InlayHint] {
        measure(prepare(in: doc, range: range, workspace: workspace, plan: plan), measurer: measurer)
    }

    /// The part that reads the workspace (the server calls it under its state lock).
    public static func prepare(
        in doc: Workspace.Document, range: Range<Int>, workspace: Workspace, plan: MeasuringPlan
    ) -> [Pending] {
        let contentSize = plan.contentSizes.first ?? .large
        let plan = plan.at([contentSize])
        var labels: [(info: ItemInfo, offset: Int)] = []
        doc.syntax.forEachLeafChunk { chunk, offset in
            guard offset < range.upperBound, offset + chunk.length >= range.lowerBound else { return }
            doc.forEachItem(inChunk: chunk, at: offset) { info, start in
                if info.kind == .label, range.contains(start + info.nameRange.upperBound) { labels.append((info, start)) }
            }
        }
        return labels.compactMap { info, start in
            guard var input = LayoutInputs.input(for: info, in: workspace, contentSize: contentSize) else { return nil }
            // On screens: at the narrowest width (the worst screen), with its group's text (an
            // iPad's may differ by device: `FitMatrix`).
            let m = FitMatrix.of(info, in: workspace, plan: plan).worstScreenGroup
            let onScreens = m.widths.followsScreen && !m.widths.widths.isEmpty
            if onScreens {
                if let first = m.inputs.first ?? nil { input = first }
                input.width = m.widths.widths[0]
            }
            var locales: (variants: [TextVariant], inputs: [LabelLayoutInput?])?
            if m.variants.contains(where: { $0.locale != nil }) {
                locales = (m.variants, m.narrowestCells.map { m.inputs[$0] })
            }
            return Pending(
                offset: start + info.nameRange.upperBound, input: input, locales: locales,
                screen: onScreens ? m.widths.screens[0].first : nil)
        }
    }

    /// The measuring part: safe to run anywhere.
    public static func measure(_ pending: [Pending], measurer: Measurer) -> [InlayHint] {
        pending.compactMap { hint in
            guard case .success(let layout) = measurer.layout(hint.input) else { return nil }
            var label = LayoutSummary.text(layout, .brief)
            if let screen = hint.screen, layout.isCut { label += " on " + Markdown.line(screen.name) }
            if let locales = hint.locales, !layout.isTruncated, !layout.isClipped, let worst = worstLocale(locales, measurer) {
                label += " · " + worst + (hint.screen.map { " on " + Markdown.line($0.name) } ?? "")
            }
            return InlayHint(offset: hint.offset, label: label)
        }
    }

    /// "truncated in de" (or "clipped in …", "+N" more locales) for a localized label at one size;
    /// nil when every locale fits.
    static func worstLocale(_ m: (variants: [TextVariant], inputs: [LabelLayoutInput?]), _ measurer: Measurer) -> String? {
        var worst: (locale: String, hidden: Double, truncated: Bool)?
        var locales: [String] = []
        for (v, input) in zip(m.variants, m.inputs) {
            guard let input, case .success(let l) = measurer.layout(input), l.isCut, let locale = v.locale else { continue }
            if !locales.contains(locale) { locales.append(locale) }
            let hidden = MeasuredChecks.hiddenShare(l, of: v.text)
            if worst.map({ hidden > $0.hidden }) ?? true { worst = (locale, hidden, l.isTruncated) }
        }
        guard let worst else { return nil }
        let more = locales.count - 1
        return (worst.truncated ? "truncated in " : "clipped in ") + worst.locale + (more > 0 ? " +\(more)" : "")
    }
}
