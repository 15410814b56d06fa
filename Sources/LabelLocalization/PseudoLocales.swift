import LabelVocabulary

/// How each pseudolanguage transforms a text (docs/language.md, "Pseudo-locales").
extension PseudoLocale {
    /// The text shown for a format filled with arguments (`pieces`: literal text and arguments).
    func transform(_ pieces: [(text: String, isArgument: Bool)]) -> String {
        switch self {
        case .doubleLength:
            let text = pieces.map(\.text).joined()
            return text + " " + text
        case .accented:
            return pieces.map {
                $0.isArgument ? $0.text : String(String.UnicodeScalarView($0.text.unicodeScalars.map(PseudoLocale.accent)))
            }.joined()
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
        return ([parts.first.map(String.init) ?? "en", "Arab"] + parts.dropFirst().filter { $0.count != 4 }.map(String.init)).joined(
            separator: "-")
    }

    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let accented = "áƀçďéƒĝĥîĵķĺṁñöþǫŕšţûṽŵẋýžÁɃÇĎÉƑĜĤÎĴĶĹṀÑÖÞǪŔŜŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
    }()

    static func accent(_ s: Unicode.Scalar) -> Unicode.Scalar { accents[s] ?? s }
}
