import LabelSpecSemantics
import LabelVocabulary

/// A label's text colour on its background colour in every appearance, as hovers and `measure`
/// show it (the `low-contrast` check's numbers).
public struct LabelContrast: Sendable {
    public let text: ColorSpec
    public let background: ColorSpec
    /// WCAG AA's minimum for the label's font at `.large`: 4.5, or 3 for large text.
    public let threshold: Double
    /// Every appearance, in `Appearance` order.
    public let ratios: [(appearance: Appearance, ratio: Double)]

    public init(text: ColorSpec, background: ColorSpec, font: FontSpec?) {
        self.text = text
        self.background = background
        let (size, weight) = Contrast.sizeAndWeight(of: font)
        threshold = Contrast.threshold(size: size, weight: weight)
        ratios = Contrast.ratios(text: text, background: background)
    }

    /// The contrast of a label's effective colours (defaults `.label` on `.systemBackground`).
    public static func of(_ info: ItemInfo, in workspace: Workspace) -> LabelContrast {
        let e = workspace.effectiveValues(of: info)
        var text = ColorSpec.system("label"), background = ColorSpec.system("systemBackground")
        var font: FontSpec?
        if case .color(let c)? = e[.textColor] { text = c }
        if case .color(let c)? = e[.backgroundColor] { background = c }
        if case .font(let f)? = e[.font] { font = f }
        return LabelContrast(text: text, background: background, font: font)
    }

    var thresholdText: String { threshold == 3 ? "3:1" : "4.5:1" }

    /// One line: `contrast .secondaryLabel on .systemBackground (WCAG AA 4.5:1): light 3.43:1 ✗ ·
    /// dark 6.36:1 · light, increased contrast 4.22:1 ✗ · dark, increased contrast 8.02:1`; ✗
    /// marks a ratio below the threshold.
    public var line: String {
        "contrast \(Contrast.describe(text)) on \(Contrast.describe(background)) (WCAG AA \(thresholdText)): "
            + ratios.map { "\($0.appearance.shortName) \(Contrast.format($0.ratio))\($0.ratio < threshold ? " ✗" : "")" }
            .joined(separator: " · ")
    }

    /// A ratio as a number, rounded down to two decimals as messages show it.
    public static func rounded(_ ratio: Double) -> Double { (ratio * 100 + 1e-9).rounded(.down) / 100 }
}
