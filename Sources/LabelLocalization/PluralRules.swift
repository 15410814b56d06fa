import CLineBreak
import LabelSpecSupport

/// CLDR plural rules through ICU (`uplrules_select`, in the C shim): which category a number
/// takes in a locale, and a sample number for each category a locale has.
public enum PluralRules {
    private static let lock = Lock()
    nonisolated(unsafe) private static var cache: [String: [PluralCategory: Double]] = [:]

    /// The category ICU gives `number` in `locale` (`other` when ICU cannot say).
    public static func category(of number: Double, in locale: String) -> PluralCategory {
        var buffer = [CChar](repeating: 0, count: 16)
        let length = ls_plural_category(locale, number, &buffer, Int32(buffer.count))
        guard length > 0 else { return .other }
        return PluralCategory(rawValue: String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)) ?? .other
    }

    /// For each category `locale` uses, the first number that selects it among 0, 1, 2, …, 199,
    /// then 1,000, 10,000, 100,000, 1,000,000, then 0.5, 1.5, 2.5 (Russian and Polish reach
    /// `other` only with fractions; French `many` only at a million).
    public static func samples(for locale: String) -> [PluralCategory: Double] {
        if let known = lock.withLock({ cache[locale] }) { return known }
        var found: [PluralCategory: Double] = [:]
        let candidates = (0..<200).map(Double.init) + [1_000, 10_000, 100_000, 1_000_000, 0.5, 1.5, 2.5]
        for n in candidates {
            let c = category(of: n, in: locale)
            if found[c] == nil { found[c] = n }
            if found.count == PluralCategory.allCases.count { break }
        }
        lock.withLock { cache[locale] = found }
        return found
    }

    /// The number to measure category `form` with in `locale`: `preferred` when it selects that
    /// category, else the sample of `samples(for:)`, else nil (the locale has no such category).
    public static func number(for form: PluralCategory, in locale: String, preferred: Double?) -> Double? {
        if let p = preferred, category(of: p, in: locale) == form { return p }
        return samples(for: locale)[form]
    }
}
