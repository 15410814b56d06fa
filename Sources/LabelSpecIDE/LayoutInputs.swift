import LabelMeasure
import LabelSpecSemantics
import LabelVocabulary

/// Turns a label's resolved properties into the measurement core's plain input.
public enum LayoutInputs {
    /// The layout input of a label at a content size category; nil for styles.
    public static func input(for info: ItemInfo, in workspace: Workspace, contentSize: ContentSizeCategory) -> LabelLayoutInput? {
        inputs(for: info, in: workspace, contentSizes: [contentSize]).first ?? nil
    }

    /// The layout inputs of a label at each category (in order), from one resolution of its
    /// properties; nils for styles.
    public static func inputs(for info: ItemInfo, in workspace: Workspace, contentSizes: [ContentSizeCategory]) -> [LabelLayoutInput?] {
        guard info.kind == .label, let first = contentSizes.first else { return contentSizes.map { _ in nil } }
        var input = baseInput(for: info, in: workspace)
        input.contentSize = first
        var out: [LabelLayoutInput?] = [input]
        out.reserveCapacity(contentSizes.count)
        for category in contentSizes.dropFirst() {
            input.contentSize = category
            out.append(input)
        }
        return out
    }

    /// A label's layout inputs for every text variant (locale, plural form) of `plan` × every
    /// category, variant by variant; nil inputs for empty texts. Also the variants, and the
    /// measured locales the label's key has no translation in.
    public static func matrix(
        for info: ItemInfo, in workspace: Workspace, contentSizes: [ContentSizeCategory], plan: LocalePlan,
        cache: TextVariants.Cache? = nil
    ) -> (variants: [TextVariant], untranslated: [String], inputs: [LabelLayoutInput?]) {
        guard info.kind == .label else { return ([], [], []) }
        let e = workspace.effectiveValues(of: info)
        var arguments: [SampleArgument]?
        if case .arguments(let a)? = e[.arguments] { arguments = a }
        let text = e[.text]
        let (variants, untranslated) = cache?.variants(of: text, arguments: arguments) {
            TextVariants.variants(of: text, arguments: arguments, plan: plan, developmentText: { workspace.localizations?.developmentText(LocalizationKey($0)) })
        } ?? TextVariants.variants(of: text, arguments: arguments, plan: plan, developmentText: { workspace.localizations?.developmentText(LocalizationKey($0)) })
        var input = baseInput(e)
        var inputs: [LabelLayoutInput?] = []
        inputs.reserveCapacity(variants.count * contentSizes.count)
        for v in variants {
            input.text = v.text
            input.language = v.language
            for category in contentSizes {
                input.contentSize = category
                inputs.append(v.text.isEmpty ? nil : input)
            }
        }
        return (variants, untranslated, inputs)
    }

    private static func baseInput(for info: ItemInfo, in workspace: Workspace) -> LabelLayoutInput {
        let e = workspace.effectiveValues(of: info)
        var input = baseInput(e)
        switch e[.text] {
        case .text(let s)?: input.text = s
        case .localized(let key, _)?: input.text = workspace.localizations?.developmentText(LocalizationKey(key)) ?? key
        default: break
        }
        return input
    }

    /// The input of a label's effective properties, without its text.
    private static func baseInput(_ e: EffectiveValues) -> LabelLayoutInput {
        func typed(_ id: PropertyID) -> TypedValue? { e[id] }

        var input = LabelLayoutInput(text: "")
        if case .font(let font)? = typed(.font) { input.font = font }
        if case .number(let w)? = typed(.width) {
            input.width = w
        } else if case .number(let w)? = typed(.preferredMaxLayoutWidth) {
            input.width = w
        }
        if case .number(let h)? = typed(.height) { input.height = h }
        var framework: String?
        if case .enumCase(let f)? = typed(.framework) { framework = f }
        if Properties.isSwiftUI(framework: framework, has: { typed($0) != nil }) {
            // SwiftUI's Text: as many lines as needed unless lineLimit, words wrapped and the
            // last line truncated (truncationMode), minimumScaleFactor alone shrinks.
            input.numberOfLines = 0
            if case .integer(let n)? = typed(.lineLimit) { input.numberOfLines = max(1, n) }
            input.lineBreakMode = .byTruncatingTail
            if case .enumCase(let m)? = typed(.truncationMode) {
                input.lineBreakMode = m == "head" ? .byTruncatingHead : m == "middle" ? .byTruncatingMiddle : .byTruncatingTail
            }
            if case .number(let f)? = typed(.minimumScaleFactor) {
                input.minimumScaleFactor = f
                input.adjustsFontSizeToFitWidth = f < 1
            }
            if case .bool(let b)? = typed(.allowsTightening) { input.allowsDefaultTighteningForTruncation = b }
            if case .enumCase(let a)? = typed(.multilineTextAlignment) {
                input.textAlignment = a == "center" ? .center : a == "trailing" ? .right : .natural
            }
        } else {
            if case .integer(let n)? = typed(.numberOfLines) { input.numberOfLines = n }
            if case .enumCase(let m)? = typed(.lineBreakMode), let mode = LineBreakMode(rawValue: m) { input.lineBreakMode = mode }
            if case .enumCase(let a)? = typed(.textAlignment), let alignment = TextAlignment(rawValue: a) { input.textAlignment = alignment }
            if case .bool(let b)? = typed(.adjustsFontSizeToFitWidth) { input.adjustsFontSizeToFitWidth = b }
            if case .number(let f)? = typed(.minimumScaleFactor) { input.minimumScaleFactor = f }
            if case .bool(let b)? = typed(.allowsDefaultTighteningForTruncation) { input.allowsDefaultTighteningForTruncation = b }
        }
        input.parts = parts(icon: typed(.icon) != nil, styles: typed(.labelStyle))
        return input
    }

    /// What a SwiftUI Label shows: the first built-in style of the chain decides (the ones after it
    /// are erased); without an icon there is only the title.
    static func parts(icon: Bool, styles: TypedValue?) -> LabelParts {
        guard icon else { return .title }
        var chosen = "automatic"
        if case .labelStyles(let names)? = styles, let builtIn = names.first(where: { Properties.builtInLabelStyles.contains($0) }) {
            chosen = builtIn
        }
        switch chosen {
        case "iconOnly": return .iconOnly
        case "titleOnly": return .title
        default: return .titleAndIcon
        }
    }
}
