import LabelMeasure
import LabelPresentation
import LabelVocabulary

extension LabelHover {
    /// The layouts the hover's tables show: the locale matrix's cells, else each configured size.
    var shownLayouts: [(input: LabelLayoutInput, layout: LabelLayout)] {
        let shown = matrix.map { $0.inputs } ?? (inputs + (boldTextInputs ?? [])).filter { configured.contains($0.0) }.map(\.1)
        return shown.compactMap { input in
            guard let input, case .success(let l) = measurer.layout(input) else { return nil }
            return (input, l)
        }
    }

    /// `Measured with Inter for SF Pro (a stand-in: docs/measurement.md, "Stand-ins")`, as a
    /// paragraph: the fonts of the layouts shown (empty when none).
    static func fontsLine(_ shown: [(input: LabelLayoutInput, layout: LabelLayout)]) -> String {
        var fonts: [MeasuringFont] = []
        for (_, l) in shown { for f in l.fonts where !fonts.contains(f) { fonts.append(f) } }
        guard !fonts.isEmpty else { return "" }
        let names = MeasuringFont.list(fonts)
        let note = fonts.contains(where: \.isStandIn) ? #" (stand-ins: docs/measurement.md, "Stand-ins")"# : ""
        return "\n" + Markdown.text("Measured with \(names)\(note)", max: 400) + "\n"
    }

    /// `Tightest fit: 0.5 pt to spare (0.5 %) at .large`, as a paragraph, for a label with a
    /// width that fits in every cell shown (empty otherwise): the room left in its tightest.
    static func tightestLine(_ shown: [(input: LabelLayoutInput, layout: LabelLayout)]) -> String {
        var best: (spare: Double, share: Double, size: ContentSizeCategory)?
        for (input, l) in shown {
            guard !l.isCut else { return "" }
            guard input.width != nil else { continue }
            let (room, spare) = l.room
            guard room > 0 else { continue }
            if best.map({ spare / room < $0.share }) ?? true { best = (spare, spare / room, input.contentSize) }
        }
        guard let best else { return "" }
        return
            "\nTightest fit: \(LayoutSummary.points(best.spare)) pt to spare (\(NearLimit.percent(best.share))) at \(best.size.displayName)\n"
    }
}
