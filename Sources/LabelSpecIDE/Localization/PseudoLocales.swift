/// Xcode's pseudolanguages (scheme options), measured like locales: they find truncation before
/// any translation exists. Each one transforms the development language's text of a localized
/// label (docs/language.md, "Pseudo-locales", gives the exact rules).
public enum PseudoLocale: String, Sendable, CaseIterable {
    /// The text, a space, and the text again.
    case doubleLength = "double-length"
    /// Every ASCII letter outside the format arguments replaced by an accented form ("Ŝéţţîñĝš").
    case accented
    /// `[# ` before the text and ` #]` after it.
    case bounded
    /// The text as it is, laid out right to left: measured with the language tag of the
    /// development language in Arabic script (`en-Arab`), which is written right to left.
    case rightToLeft = "right-to-left"

    /// The text shown for a format filled with arguments (`pieces`: literal text and arguments).
    func transform(_ pieces: [(text: String, isArgument: Bool)]) -> String {
        switch self {
        case .doubleLength:
            let text = pieces.map(\.text).joined()
            return text + " " + text
        case .accented:
            return pieces.map { $0.isArgument ? $0.text : String(String.UnicodeScalarView($0.text.unicodeScalars.map(PseudoLocale.accent))) }.joined()
        case .bounded:
            return "[# " + pieces.map(\.text).joined() + " #]"
        case .rightToLeft:
            return pieces.map(\.text).joined()
        }
    }

    /// The language the text is measured in.
    func language(development: String) -> String? {
        guard self == .rightToLeft else { return development }
        let parts = development.split(separator: "-")
        return ([parts.first.map(String.init) ?? "en", "Arab"] + parts.dropFirst().filter { $0.count != 4 }.map(String.init)).joined(separator: "-")
    }

    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let accented = "áƀçďéƒĝĥîĵķĺṁñöþǫŕšţûṽŵẋýžÁɃÇĎÉƑĜĤÎĴĶĹṀÑÖÞǪŔŜŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
    }()

    static func accent(_ s: Unicode.Scalar) -> Unicode.Scalar { accents[s] ?? s }
}
