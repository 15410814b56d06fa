import LabelLocalization
import LabelPresentation
import LabelSpecSemantics

/// A hover on `.localized("key")`: the key's text in each locale of the table that has it (the
/// table the label's text is read from: `Localizations.entry`), every plural form, device and
/// substitution form as a row of its own, and where the key is written (`file:line`).
public enum KeyHover {
    /// The most rows a hover lists (a key in hundreds of locales does not make a hover of
    /// megabytes); then "… N more".
    static let maxRows = 60
    /// A text shows at most this many Unicode scalars.
    static let maxText = 200

    /// The Markdown: a heading with the key and its place, then a table of locale and text.
    /// `root`: the namespace's folder; a table's path under it is shown relative to it.
    public static func markdown(key: String, table: String?, defaultValue: String?, localizations: Localizations, root: String?) -> String {
        let title = "**\"\(Markdown.text(key, max: maxText))\"**"
        guard let (catalog, entry) = localizations.entry(key, table: table) else {
            var out = title + " is in no string table" + (table.map { " (table " + Markdown.text($0) + ")" } ?? "")
            if let defaultValue { out += ": shown as its default value, \"" + Markdown.text(defaultValue, max: maxText) + "\"" }
            return out + "\n"
        }
        // The development language first, then the others by name.
        let source = catalog.sourceLanguage
        let locales = entry.localizations.keys.sorted { a, b in a == source ? b != source : b == source ? false : a < b }
        var path = catalog.path
        // A legacy table's files are one per locale: the first locale's (the development
        // language's when it has the key), not the table's first file, which may not have it.
        if let first = locales.first, let localization = entry.localizations[first],
            let file = localizations.legacyFile(of: catalog, locale: first, plural: KeyHover.isPlural(localization))
        {
            path = file
        }
        if let root, path.hasPrefix(root + "/") { path = String(path.dropFirst(root.count + 1)) }
        let place = entry.place.map { "\(path):\($0.columns.line + 1)" } ?? path
        var out = title + " in " + Markdown.code(place, max: 400) + "\n\n| locale | text |\n|---|---|\n"
        var rows: [(String, String)] = []
        for locale in locales {
            guard let localization = entry.localizations[locale] else { continue }
            rows += units(localization.unit, name: locale, forms: [])
            for (name, substitution) in localization.substitutions.sorted(by: { $0.key < $1.key }) {
                for (form, text) in substitution.plural.sorted(by: { $0.key < $1.key }) {
                    rows.append(("\(locale) (\(name): \(form.rawValue))", text))
                }
            }
        }
        for (name, text) in rows.prefix(maxRows) {
            out += "| " + Markdown.text(name) + " | " + Markdown.text(text, max: maxText) + " |\n"
        }
        if rows.count > maxRows { out += "\n… \(rows.count - maxRows) more.\n" }
        return out
    }

    /// Whether a localization has plural rules (a `.stringsdict`'s, in a legacy table).
    static func isPlural(_ localization: CatalogLocalization) -> Bool {
        if case .text = localization.unit { return !localization.substitutions.isEmpty }
        return true
    }

    /// The rows of one unit: a text, or one per plural form (CLDR's order) or device (by name),
    /// named `de (iphone, one)`.
    static func units(_ unit: CatalogUnit, name: String, forms: [String]) -> [(String, String)] {
        switch unit {
        case .text(let s):
            return [(forms.isEmpty ? name : "\(name) (\(forms.joined(separator: ", ")))", s)]
        case .plural(let byForm):
            return byForm.sorted { $0.key < $1.key }.flatMap { units($0.value, name: name, forms: forms + [$0.key.rawValue]) }
        case .device(let byDevice):
            return byDevice.sorted { $0.key < $1.key }.flatMap { units($0.value, name: name, forms: forms + [$0.key]) }
        }
    }
}
