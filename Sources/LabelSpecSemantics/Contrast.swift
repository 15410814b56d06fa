import LabelSpecSupport
import LabelVocabulary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// WCAG 2.2 contrast of a text colour on a background colour, in every appearance
/// (docs/diagnostics.md, "low-contrast").
public enum Contrast {
    /// The colour a `ColorSpec` is in an appearance: a system colour's variant, a hex colour the
    /// same in all of them.
    public static func resolve(_ color: ColorSpec, in appearance: Appearance) -> RGBA {
        switch color {
        case .rgba(let c): return c
        case .system(let name): return SystemColors.byName[name]?.resolved(in: appearance) ?? RGBA(0, 0, 0)
        }
    }

    /// `top` drawn over the opaque `bottom` (source-over), as sRGB components 0…1.
    public static func composite(_ top: RGBA, over bottom: (Double, Double, Double)) -> (Double, Double, Double) {
        let a = min(1, max(0, top.alpha))
        func mix(_ t: UInt8, _ b: Double) -> Double { a * Double(t) / 255 + (1 - a) * b }
        return (mix(top.red, bottom.0), mix(top.green, bottom.1), mix(top.blue, bottom.2))
    }

    /// WCAG 2.2 relative luminance of an sRGB colour (components 0…1).
    public static func luminance(_ c: (Double, Double, Double)) -> Double {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1…21.
    public static func ratio(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The contrast of `text` on `background` in an appearance: the background over white in
    /// light mode and black in dark mode when it is not opaque, the text over that.
    public static func ratio(text: ColorSpec, background: ColorSpec, in appearance: Appearance) -> Double {
        let base: (Double, Double, Double) = appearance.isDark ? (0, 0, 0) : (1, 1, 1)
        let back = composite(resolve(background, in: appearance), over: base)
        let front = composite(resolve(text, in: appearance), over: back)
        return ratio(front, back)
    }

    /// The ratio in every appearance, in `Appearance` order.
    public static func ratios(text: ColorSpec, background: ColorSpec) -> [(appearance: Appearance, ratio: Double)] {
        Appearance.allCases.map { ($0, ratio(text: text, background: background, in: $0)) }
    }

    /// A ratio as messages write it: two decimals, rounded down (so a ratio shown as 4.50 is
    /// never below 4.5): `4.54:1`.
    public static func format(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100 + 1e-9).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
    }

    /// Whether WCAG counts the text as large: 18 pt and up, or 14 pt and up when bold (LabelSpec
    /// counts semibold and heavier as bold: iOS sets its bold roles, `.headline` and button
    /// titles, in semibold).
    public static func isLarge(size: Double, weight: FontWeight) -> Bool {
        size >= 18 || (size >= 14 && isBold(weight))
    }

    static func isBold(_ weight: FontWeight) -> Bool {
        switch weight {
        case .semibold, .bold, .heavy, .black: return true
        default: return false
        }
    }

    /// WCAG AA's minimum ratio for text of that size and weight: 3 for large text, else 4.5.
    public static func threshold(size: Double, weight: FontWeight) -> Double {
        isLarge(size: size, weight: weight) ? 3 : 4.5
    }

    /// The words after the threshold: which WCAG rule applies.
    static func rule(size: Double, weight: FontWeight) -> String {
        let bold = isBold(weight)
        if isLarge(size: size, weight: weight) {
            return size >= 18 ? "WCAG AA for text of 18 pt and larger" : "WCAG AA for bold text of 14 pt and larger"
        }
        return bold ? "WCAG AA for bold text under 14 pt" : "WCAG AA for text under 18 pt"
    }

    /// How a message names a colour: `.secondaryLabel`, `#767676`.
    public static func describe(_ color: ColorSpec) -> String {
        switch color {
        case .system(let name): return "." + name
        case .rgba(let c): return c.hex
        }
    }

    /// The font's point size at `.large` and its weight (the default font is `.body`; a custom
    /// family's the face its modifiers ask for, else regular: `relativeTo:` says how it scales,
    /// not how heavy its face is).
    public static func sizeAndWeight(of font: FontSpec?) -> (size: Double, weight: FontWeight) {
        let font = font ?? .textStyle(.body)
        switch font {
        case .textStyle(let style, _): return (style.metrics(at: .large).size, font.weight)
        case .system(let size, _, _), .custom(_, let size, _, _): return (size, font.weight)
        }
    }

    /// The `low-contrast` message, or nil when every appearance meets the threshold: the worst
    /// appearance first, the others that fail too summed up.
    public static func message(text: ColorSpec, background: ColorSpec, font: FontSpec?) -> String? {
        let (size, weight) = sizeAndWeight(of: font)
        // Kept per colours and font: a design system's few pairs recur on thousands of labels,
        // and the ratios (eight powers) and the message cost more than a look-up.
        let key = MessageKey(text: text, background: background, size: size, weight: weight)
        if let kept = messages.lock.withLock({ messages.table[key] }) { return kept }
        let made = makeMessage(text: text, background: background, size: size, weight: weight)
        messages.lock.withLock {
            if messages.table.count >= 4096 { messages.table.removeAll(keepingCapacity: true) }
            messages.table[key] = made
        }
        return made
    }

    private struct MessageKey: Hashable {
        let text: ColorSpec
        let background: ColorSpec
        let size: Double
        let weight: FontWeight
    }

    private final class Messages: @unchecked Sendable {
        let lock = Lock()
        var table: [MessageKey: String?] = [:]
    }

    private static let messages = Messages()

    private static func makeMessage(text: ColorSpec, background: ColorSpec, size: Double, weight: FontWeight) -> String? {
        let minimum = threshold(size: size, weight: weight)
        let failing = ratios(text: text, background: background).filter { $0.ratio < minimum }
            .sorted { ($0.ratio, $0.appearance) < ($1.ratio, $1.appearance) }
        guard let worst = failing.first else { return nil }
        var out = "contrast \(format(worst.ratio)) of \(describe(text)) on \(describe(background)) in \(worst.appearance.displayName)"
        out += " is below \(minimum == 3 ? "3" : "4.5"):1 (\(rule(size: size, weight: weight)))"
        let others = failing.dropFirst().map { "\($0.appearance.displayName) (\(format($0.ratio)))" }
        if !others.isEmpty {
            let list = others.count == 1 ? others[0] : others.dropLast().joined(separator: ", ") + " and " + others.last!
            out += "; also \(list)"
        }
        if case .system = text, case .system = background {
            // Apple's own pair (.secondaryLabel, .systemRed on .systemBackground): below AA by
            // design; say how to accept it (docs/diagnostics.md, low-contrast, says why it is reported).
            return out + "; Apple's colours, below WCAG AA by design: use .label for text that must be read, "
                + "or accept them with \"severity\": {\"low-contrast\": \"information\"} in labelspec.json"
        }
        return out + "; pick a textColor or backgroundColor with more contrast"
    }
}
