import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelVocabulary

/// The widths a label is measured at (the fit matrix's third axis) and the screens each one
/// stands for.
public struct LabelWidths: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A number, or none where there is no screen: measured once, as written.
        case fixed
        /// `width` or `preferredMaxLayoutWidth` follows the screen.
        case followsScreen(ScreenLength, property: String)
        /// Neither is given: the label is as wide as each screen's margins at most.
        case atMargins
    }

    public let kind: Kind
    /// The distinct widths, narrowest first (`.fixed`: the one width, nil for one intrinsic
    /// line per paragraph).
    public let widths: [Double?]
    /// The screens of each width, in the configured order (`.fixed`: none).
    public let screens: [[ScreenGeometry]]
    /// The screens on which a width that follows the screen comes to 0 or less (or to no
    /// number), and what it comes to: not measured there.
    public let nonPositive: [(screen: ScreenGeometry, points: Double)]
    /// The screens on which it comes to more than `ScreenLength.mostPoints` (the most a constant
    /// width may be), and what it comes to: not measured there either (a width of 10¹⁹ pt
    /// would be laid out, drawn and printed).
    public let tooWide: [(screen: ScreenGeometry, points: Double)]
    /// Where the widths come from, as a finding says it after its points
    /// (`Diagnostic.widthSource`): the property as written, `width .margins - 200`, `width 120`,
    /// `preferredMaxLayoutWidth 280`, or `no width: the screen's margins`; nil without a width.
    public var source: String? = nil

    /// The phrase of `source` for a label with neither `width` nor `preferredMaxLayoutWidth`.
    public static let noWidthSource = "no width: the screen's margins"

    public static func == (a: LabelWidths, b: LabelWidths) -> Bool {
        a.kind == b.kind && a.source == b.source && a.widths == b.widths && a.screens == b.screens
            && a.nonPositive.map(\.screen) == b.nonPositive.map(\.screen) && a.nonPositive.map(\.points) == b.nonPositive.map(\.points)
            && a.tooWide.map(\.screen) == b.tooWide.map(\.screen) && a.tooWide.map(\.points) == b.tooWide.map(\.points)
    }

    /// Every screen it is not measured on: 0 or less, no number, or too wide.
    public var notMeasured: Int { nonPositive.count + tooWide.count }

    public var followsScreen: Bool { kind != .fixed }

    /// How many screens the `n` narrowest widths stand for (at least the narrowest's): the
    /// screens a finding counts when that many widths fail.
    public func screenCount(ofNarrowest n: Int) -> Int {
        screens[0..<min(screens.count, max(1, n))].reduce(0) { $0 + $1.count }
    }

    /// A label's widths on `screens` from its effective `width` and `preferredMaxLayoutWidth`.
    public static func of(width: TypedValue?, preferredMaxLayoutWidth: TypedValue?, screens: [ScreenGeometry]) -> LabelWidths {
        let chosen: (TypedValue, String)? = width.map { ($0, "width") } ?? preferredMaxLayoutWidth.map { ($0, "preferredMaxLayoutWidth") }
        let length: ScreenLength
        let kind: Kind
        switch chosen {
        case (.number(let w), let property)?:
            var fixed = LabelWidths(kind: .fixed, widths: [w], screens: [[]], nonPositive: [])
            fixed.source = phrase(property, ScreenLength.number(w))
            return fixed
        case (.length(let l), let property)?:
            (length, kind) = (l, .followsScreen(l, property: property))
        case nil:
            (length, kind) = (.margins, .atMargins)
        default:
            return LabelWidths(kind: .fixed, widths: [nil], screens: [[]], nonPositive: [])
        }
        guard !screens.isEmpty else { return LabelWidths(kind: .fixed, widths: [nil], screens: [[]], nonPositive: []) }
        var byWidth: [(Double, [ScreenGeometry])] = []
        var nonPositive: [(ScreenGeometry, Double)] = []
        var tooWide: [(ScreenGeometry, Double)] = []
        for screen in screens {
            let w = length.resolved(on: screen)
            if w > ScreenLength.mostPoints {
                tooWide.append((screen, w))
                continue
            }
            guard w > 0 else {
                nonPositive.append((screen, w))
                continue
            }
            if let i = byWidth.firstIndex(where: { $0.0 == w }) { byWidth[i].1.append(screen) } else { byWidth.append((w, [screen])) }
        }
        byWidth.sort { $0.0 < $1.0 }
        var out = LabelWidths(kind: kind, widths: byWidth.map(\.0), screens: byWidth.map(\.1), nonPositive: nonPositive, tooWide: tooWide)
        out.source = chosen.map { phrase($0.1, length.source) } ?? noWidthSource
        return out
    }

    /// The most characters of an expression a width's source quotes: a `.min(…)` of hundreds of
    /// terms is cut (with `…`), and a finding's message stays short.
    static let mostSourceCharacters = 60

    /// `width .margins - 200`: the property and its value as written, the value cut at
    /// `mostSourceCharacters`.
    static func phrase(_ property: String, _ value: String) -> String {
        property + " " + (value.count > mostSourceCharacters ? value.prefix(mostSourceCharacters - 1) + "…" : value)
    }

    init(
        kind: Kind, widths: [Double?], screens: [[ScreenGeometry]], nonPositive: [(screen: ScreenGeometry, points: Double)],
        tooWide: [(screen: ScreenGeometry, points: Double)] = []
    ) {
        (self.kind, self.widths, self.screens, self.nonPositive, self.tooWide) = (kind, widths, screens, nonPositive, tooWide)
    }
}

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

    /// The bytes of text past which a label can show nothing, at any of the sizes measured (the
    /// smallest, `smallest`), or nil when it can show any text (no width, no line limit, head or
    /// middle truncation, which show the text's end, or autoshrink with no minimum scale). A line
    /// `width` wide holds at most `width / (0.02 em)` clusters (no visible glyph is narrower; hair
    /// space is 0.04 em), a cluster taken as at most 64 bytes, one line more than the label shows
    /// for the line that decides truncation (docs/measurement.md, "How much text is measured").
    public static func showableBytes(_ input: LabelLayoutInput, smallest: ContentSizeCategory) -> Int? {
        guard let width = input.width, width > 0, width.isFinite, input.numberOfLines > 0 else { return nil }
        guard input.lineBreakMode != .byTruncatingHead, input.lineBreakMode != .byTruncatingMiddle else { return nil }
        var size: Double
        switch input.font {
        case .textStyle(let style, _): size = style.metrics(at: smallest).size
        case .system(let points, _, _): size = points
        case .custom(_, let points, let relative?, _):
            size = points * relative.metrics(at: smallest).size / relative.metrics(at: .large).size
        case .custom(_, let points, nil, _): size = points
        }
        // Autoshrink may take the font down to its minimum scale (none: no bound); SwiftUI's
        // minimumScaleFactor shrinks alone.
        if input.adjustsFontSizeToFitWidth && input.minimumScaleFactor <= 0 { return nil }
        if input.minimumScaleFactor > 0 { size *= min(1, input.minimumScaleFactor) }
        guard size > 0 else { return nil }
        let perLine = (width / (0.02 * size)).rounded(.up) + 1
        let bytes = (Double(input.numberOfLines) + 1) * perLine * 64  // (numberOfLines may be Int.max)
        return bytes < 1e9 ? max(4096, Int(bytes)) : nil
    }

    private static func baseInput(for info: ItemInfo, in workspace: Workspace) -> LabelLayoutInput {
        let e = workspace.effectiveValues(of: info)
        var input = baseInput(e)
        switch e[.text] {
        case .text(let s)?: input.text = s
        case .localized(let key, _, let defaultValue)?:
            input.text = workspace.localizations?.developmentText(LocalizationKey(key), defaultValue: defaultValue) ?? defaultValue ?? key
        default: break
        }
        return input
    }

    /// The input of a label's effective properties, without its text.
    static func baseInput(_ e: EffectiveValues) -> LabelLayoutInput {
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
            if case .enumCase(let a)? = typed(.textAlignment), let alignment = TextAlignment(rawValue: a) {
                input.textAlignment = alignment
            }
            if case .bool(let b)? = typed(.adjustsFontSizeToFitWidth) { input.adjustsFontSizeToFitWidth = b }
            if case .number(let f)? = typed(.minimumScaleFactor) { input.minimumScaleFactor = f }
            if case .bool(let b)? = typed(.allowsDefaultTighteningForTruncation) { input.allowsDefaultTighteningForTruncation = b }
        }
        input.parts = parts(icon: typed(.icon) != nil, styles: typed(.labelStyle))
        if case .enumCase(let v)? = typed(.verticalAlignment), let alignment = VerticalAlignment(rawValue: v) {
            input.verticalAlignment = alignment
        }
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
