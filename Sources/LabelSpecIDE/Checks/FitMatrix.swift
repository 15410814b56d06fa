import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelVocabulary

/// What a label is measured on and how: its text variants (locale, plural form, device), its
/// widths with the screens each stands for, the content sizes, in one group of screens, or two
/// (the phones, then the iPads) when its texts differ by device. Built by `of(...)` alone; the
/// cells are named (`cell(variant:width:size:)`, `place(of:)`), in the order `measure` and
/// `render` show rows: variant by variant, then width by width (narrowest first), then size by
/// size. No code outside this type knows how the cells are laid out.
public struct FitMatrix: Sendable {
    /// Where a cell sits: its text variant, its width (an index into `LabelWidths.widths`,
    /// narrowest first) and its content size (an index into the sizes).
    public struct Place: Sendable, Hashable {
        public let variant: Int
        public let width: Int
        public let size: Int
    }

    /// One group of screens: texts, widths (with their screens), sizes and a layout input per cell.
    public struct Group: Sendable {
        public let variants: [TextVariant]
        /// The measured locales the label's key has no translation in.
        public let untranslated: [String]
        public let widths: LabelWidths
        public let sizes: [ContentSizeCategory]
        /// How many widths have cells: all of them, or the narrowest alone (`everyWidth: false`).
        public let measuredWidths: Int
        /// The iPad group of a label whose texts differ by device between its phone and iPad
        /// screens (it comes second, after the phones').
        public let isPadGroup: Bool
        /// A layout input per cell, in cell order (nil: an empty text).
        public let inputs: [LabelLayoutInput?]
        /// Whether the label is SwiftUI's (its fixes name SwiftUI's properties).
        public var swiftUI = false
        /// Per text variant × size: how far its neighbours' texts there move its widths
        /// (`RowNeighbours`); empty: not at all.
        public var widthChanges: [Double] = []

        /// The width of the cell at `place` (nil: none): its width, moved by its row neighbours'
        /// texts in its language and at its size, and never below 1 pt.
        public func width(at place: Place) -> Double? {
            guard widths.widths.indices.contains(place.width), let w = widths.widths[place.width] else { return nil }
            return widthChange(at: place).map { FitMatrix.moved(w, by: $0) } ?? w
        }

        /// How far its row neighbours' texts move the width of the cell at `place` (nil: it has
        /// none).
        public func widthChange(at place: Place) -> Double? {
            let k = place.variant * sizes.count + place.size
            return widthChanges.indices.contains(k) ? widthChanges[k] : nil
        }

        /// The index of the cell at `place` in `inputs` (and in anything laid out from them).
        public func index(of place: Place) -> Int {
            (place.variant * measuredWidths + place.width) * sizes.count + place.size
        }

        /// Where the cell at index `i` of `inputs` sits.
        public func place(of i: Int) -> Place {
            let n = max(1, sizes.count)
            let perVariant = max(1, measuredWidths) * n
            return Place(variant: i / perVariant, width: (i % perVariant) / n, size: i % n)
        }

        /// The layout input of a cell (nil: an empty text).
        public func cell(variant: Int, width: Int, size: Int) -> LabelLayoutInput? {
            inputs[index(of: Place(variant: variant, width: width, size: size))]
        }

        /// The variant of the cell at index `i`.
        public func variant(of i: Int) -> TextVariant { variants[place(of: i).variant] }

        /// The screens the width of the cell at index `i` stands for (none for a fixed width).
        public func screens(of i: Int) -> [ScreenGeometry] {
            widths.followsScreen ? widths.screens[place(of: i).width] : []
        }

        /// The indices of the cells at the narrowest width, in cell order (variant by variant,
        /// then size by size).
        public var narrowestCells: [Int] { inputs.indices.filter { place(of: $0).width == 0 } }

        /// Where the `k`th of `narrowestCells` sits.
        public func place(atNarrowest k: Int) -> Place {
            let n = max(1, sizes.count)
            return Place(variant: k / n, width: 0, size: k % n)
        }

        /// The position in `narrowestCells` of the cell of `variant` at `size`.
        public func positionAtNarrowest(variant: Int, size: Int) -> Int { variant * sizes.count + size }
    }

    /// A width moved by a row neighbour's text: never below 1 pt.
    static func moved(_ width: Double, by change: Double) -> Double { max(1, width + change) }

    public let groups: [Group]

    /// The group that shows the worst screen (`worstScreen(among:)` of the groups' narrowest
    /// widths): what hovers and inlay hints draw and name.
    public var worstScreenGroup: Group { groups[Self.worstScreen(among: groups.map { $0.widths.widths.first ?? nil })] }

    /// The one rule for the worst screen: of the candidates' widths (nil: no width, last), the
    /// narrowest; the first of equals. Hovers and inlay hints apply it to each group's narrowest
    /// width, the `truncates` and `clipped` of a label split by device to each group's narrowest
    /// failing one. 0 when there are no candidates.
    public static func worstScreen(among widths: [Double?]) -> Int {
        var best = 0
        for (i, w) in widths.enumerated() where (w ?? .infinity) < (widths[best] ?? .infinity) { best = i }
        return best
    }

    /// Where a text variant is named (`name(of:_:)`).
    public enum Wording: Sendable {
        /// A row of a table: `de`, `ru (few)`, `one` (a plural form of a text measured in one
        /// language), `text` (the label's one text) — `measure --matrix`.
        case row
        /// A row of the report page: as `row`, with the device whose text it is when the name
        /// does not say it: `de (ipad)`.
        case reportRow
        /// After a label's name: ` in de`, ` (one)`, or nothing — `measure`'s rows.
        case afterLabel
        /// In a diagnostic: `de`, `the one form`, or nil (the label's one text).
        case message
    }

    /// The one wording of a text variant (nil: no variant, the label's text): its locale's
    /// `displayName` (`de`, `ru (few)`, `en (no xx table)`), else its plural form, in the form
    /// `wording` asks for.
    public static func name(of variant: TextVariant?, _ wording: Wording) -> String? {
        var name = variant.flatMap { v in v.locale.map { _ in v.displayName } ?? v.pluralForm }
        // The label's one text, with Bold Text: named by the setting alone (`Bold Text`); a
        // plural form with it, `one (Bold Text)`; a message says "with Bold Text" itself.
        if let v = variant, v.boldText, v.locale == nil {
            if wording == .message { return name }
            name = name.map { "\($0) (Bold Text)" } ?? "Bold Text"
        }
        let inLocale = variant?.locale != nil
        switch wording {
        case .row: return name ?? "text"
        case .reportRow:
            let row = name ?? "text"
            guard let device = variant?.device?.rawValue, !row.contains(device) else { return row }
            return "\(row) (\(device))"
        case .afterLabel: return name.map { inLocale ? " in " + $0 : " (\($0))" } ?? ""
        case .message: return name.map { inLocale ? $0 : "the \($0) form" }
        }
    }

    /// A label's fit matrix for every text variant of `plan` × every width it has on the plan's
    /// screens × every one of its content sizes: one group, or two when its texts differ by
    /// device (a String Catalog's `variations.device`) and its screens are of both idioms: the
    /// phone screens with the plan's device, the iPad screens with `ipad`. Screens of one idiom
    /// only: one group, with that idiom's device. `padCache`: the text variants of the iPad plan (a cache is for
    /// one plan). `everyWidth: false`: cells at the narrowest width only (`Checks` lays out the
    /// wider ones where they are needed). A style: one empty group.
    public static func of(
        _ info: ItemInfo, in workspace: Workspace, plan: MeasuringPlan, cache: TextVariants.Cache? = nil,
        padCache: TextVariants.Cache? = nil, everyWidth: Bool = true, measurer: Measurer? = nil
    ) -> FitMatrix {
        let screens = plan.screens
        func on(_ screens: [ScreenGeometry], _ plan: MeasuringPlan, _ cache: TextVariants.Cache?, pad: Bool = false) -> Group {
            group(info, in: workspace, screens: screens, plan: plan, cache: cache, everyWidth: everyWidth, pad: pad, measurer: measurer)
        }
        let pads = screens.filter { $0.idiom == .pad }
        guard !pads.isEmpty, plan.device != Idiom.pad.catalogDevice else { return FitMatrix(groups: [on(screens, plan, cache)]) }
        let padPlan = plan.forDevice(Idiom.pad.catalogDevice)
        let phones = screens.filter { $0.idiom == .phone }
        if phones.isEmpty { return FitMatrix(groups: [on(screens, padPlan, padCache)]) }
        // Texts that do not vary by device (most) are the same on an iPad: one group of every
        // screen, made once.
        let all = on(screens, plan, cache)
        guard all.variants.contains(where: { $0.device != nil }) else { return FitMatrix(groups: [all]) }
        let pad = on(pads, padPlan, padCache, pad: true)
        if pad.variants.map(\.text) == all.variants.map(\.text) { return FitMatrix(groups: [all]) }
        return FitMatrix(groups: [on(phones, plan, cache), pad])
    }

    /// One group: the label's inputs for every text variant × measured width × size, in cell
    /// order; nil inputs for empty texts.
    /// `screens`: the plan's, or those of one idiom. `measurer`: what lays out its row
    /// neighbours' texts (`RowNeighbours`; nil: their widths as designed).
    private static func group(
        _ info: ItemInfo, in workspace: Workspace, screens: [ScreenGeometry], plan: MeasuringPlan, cache: TextVariants.Cache?,
        everyWidth: Bool, pad: Bool, measurer: Measurer?
    ) -> Group {
        let contentSizes = plan.contentSizes
        guard info.kind == .label else {
            let none = LabelWidths(kind: .fixed, widths: [], screens: [], nonPositive: [])
            return Group(variants: [], untranslated: [], widths: none, sizes: contentSizes, measuredWidths: 0, isPadGroup: pad, inputs: [])
        }
        let e = workspace.effectiveValues(of: info)
        var arguments: [SampleArgument]?
        if case .arguments(let a)? = e[.arguments] { arguments = a }
        let text = e[.text]
        var input = LayoutInputs.baseInput(e)
        let widths = LabelWidths.of(width: e[.width], preferredMaxLayoutWidth: e[.preferredMaxLayoutWidth], screens: screens)
        // The widest width shows the most text.
        input.width = widths.widths.last ?? nil
        let limit = contentSizes.min().flatMap { LayoutInputs.showableBytes(input, smallest: $0) }
        let make = {
            TextVariants.variants(
                of: text, arguments: arguments, plan: plan,
                developmentText: { workspace.localizations?.developmentText(LocalizationKey($0)) },
                limit: limit)
        }
        var (variants, untranslated) = cache?.variants(of: text, arguments: arguments, limit: limit, make) ?? make()
        // iOS's Bold Text draws the system font heavier (a custom family as it is): its texts
        // measured so instead, or besides (`both`, after the others).
        if case .custom = input.font {
        } else if plan.configuration.boldText != .off {
            let bold = variants.map { v -> TextVariant in
                var b = v
                b.boldText = true
                return b
            }
            variants = plan.configuration.boldText == .on ? bold : variants + bold
        }
        var inputs: [LabelLayoutInput?] = []
        let measured = everyWidth ? widths.widths : Array(widths.widths.prefix(1))
        inputs.reserveCapacity(variants.count * measured.count * contentSizes.count)
        let changes = RowNeighbours.changes(
            of: info, variants: variants, sizes: contentSizes, in: workspace, plan: plan, cache: cache, measurer: measurer)
        for (k, v) in variants.enumerated() {
            input.text = v.text
            input.language = v.language
            input.boldText = v.boldText
            for w in measured {
                for (s, category) in contentSizes.enumerated() {
                    input.width = changes.isEmpty ? w : w.map { moved($0, by: changes[k * contentSizes.count + s]) }
                    input.contentSize = category
                    inputs.append(v.text.isEmpty ? nil : input)
                }
            }
        }
        var framework: String?
        if case .enumCase(let f)? = e[.framework] { framework = f }
        return Group(
            variants: variants, untranslated: untranslated, widths: widths, sizes: contentSizes, measuredWidths: measured.count,
            isPadGroup: pad, inputs: inputs, swiftUI: Properties.isSwiftUI(framework: framework, has: { e[$0] != nil }),
            widthChanges: changes)
    }
}
