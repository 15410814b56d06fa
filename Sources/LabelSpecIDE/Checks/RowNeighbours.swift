import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelVocabulary

/// A label's width in each language and at each size when other labels of its row take room
/// from it (`MeasuringPlan.rowNeighbours`, a storyboard's Auto Layout): each neighbour's text is
/// laid out on one line in that language (its development text where it has no translation)
/// at that size, and the label's width moves by the neighbour's slope times how much wider
/// than assumed that text is (docs/autolayout.md, "Neighbours in each language").
enum RowNeighbours {
    /// The most characters of a neighbour's text laid out (`changes`).
    static let mostCharacters = 2_000

    /// Per text variant × content size (`variants.count × sizes.count`, variant by variant):
    /// how far the label's width moves; empty when it has no neighbours or nothing measures them.
    static func changes(
        of info: ItemInfo, variants: [TextVariant], sizes: [ContentSizeCategory], in workspace: Workspace, plan: MeasuringPlan,
        cache: TextVariants.Cache?, measurer: Measurer?
    ) -> [Double] {
        guard let measurer, let name = info.name, let neighbours = plan.rowNeighbours[name], !neighbours.isEmpty else { return [] }
        var out = [Double](repeating: 0, count: variants.count * sizes.count)
        for n in neighbours {
            guard let item = workspace.resolve(n.name), item.kind == .label else { continue }
            let e = workspace.effectiveValues(of: item)
            var arguments: [SampleArgument]?
            if case .arguments(let a)? = e[.arguments] { arguments = a }
            let text = e[.text]
            let make = {
                TextVariants.variants(
                    of: text, arguments: arguments, plan: plan,
                    developmentText: { workspace.localizations?.developmentText(LocalizationKey($0)) }, limit: nil)
            }
            let theirs = (cache?.variants(of: text, arguments: arguments, limit: nil, make) ?? make()).variants
            guard !theirs.isEmpty else { continue }
            var input = LayoutInputs.baseInput(e)
            (input.width, input.numberOfLines, input.adjustsFontSizeToFitWidth) = (nil, 0, false)
            // Its text in the label's language, else its development text (what the app shows).
            let development = theirs.first { $0.locale == nil || $0.locale == plan.localizations.sourceLanguage } ?? theirs[0]
            for (k, v) in variants.enumerated() {
                let mine = theirs.first { $0.locale == v.locale && $0.device == v.device } ?? theirs.first { $0.locale == v.locale }
                let shown = mine ?? development
                // Its first `mostCharacters` characters: wider than any screen already (a width
                // past its slope's range is taken at the range's end), and a translation of a
                // megabyte is not laid out on one line at every size of every label beside it.
                let text =
                    shown.text.utf8.count > RowNeighbours.mostCharacters
                    ? String(shown.text.prefix(RowNeighbours.mostCharacters)) : shown.text
                (input.text, input.language) = (text, shown.language)
                for (s, size) in sizes.enumerated() {
                    input.contentSize = size
                    guard case .success(let layout) = measurer.layout(input) else { continue }
                    out[k * sizes.count + s] += n.change(at: layout.width)
                }
            }
        }
        return out
    }
}
