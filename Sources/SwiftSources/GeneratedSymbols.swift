/// Xcode 26's generated symbols for String Catalog keys (`STRING_CATALOG_GENERATE_SYMBOLS`):
/// `Text(.settingsTitle)` for the key `settings.title` of `Localizable`, `Text(.Onboarding.welcome)`
/// for `welcome` of the table `Onboarding`, `.commonMinutesShort(3, 5)` for
/// `common.minutesShort %lld %lld`. Xcode writes them into a file outside the tree
/// (`DerivedSources/GeneratedStringSymbols_TABLE.swift`), so LabelSpec derives each key's name
/// the same way and looks a site's symbol up by it (docs/swift-sources.md, "The text").
public enum GeneratedSymbols {
    /// The symbol of `key`: its format specifiers left out, its words (split at anything but a
    /// letter or digit: `settings.menu_bar.section` → `settingsMenuBarSection`) joined in
    /// lowerCamelCase, each word after the first with its first letter raised; nil when no word
    /// is left (`""`, `"%lld"`: Xcode makes no symbol).
    public static func name(of key: String) -> String? {
        let shape = KeyMatch.shape(key)
        var words: [String] = []
        var word = ""
        for u in shape.text {
            if u == "\u{FFFC}" || !(u.properties.isAlphabetic || ("0"..."9").contains(u)) {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.unicodeScalars.append(u)
            }
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first else { return nil }
        return lowered(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The first word in lowerCamelCase: its leading capitals lowered, but for the last of
    /// them when a small letter follows (`Settings` → `settings`, `OK` and `Ok` → `ok`,
    /// `URLTitle` → `urlTitle`), as Swift names are written.
    static func lowered(_ word: String) -> String {
        let chars = Array(word)
        var n = 0
        while n < chars.count, chars[n].isUppercase { n += 1 }
        if n > 1, n < chars.count, chars[n].isLowercase { n -= 1 }
        return String(chars[..<n]).lowercased() + String(chars[n...])
    }

    /// A table's name as the enum its symbols are nested in (`Onboarding`, `Discover`).
    public static func tableName(_ table: String) -> String {
        guard let first = name(of: table) else { return table }
        return first.prefix(1).uppercased() + first.dropFirst()
    }

    /// Every table's keys by symbol: `settingsTitle` (table `Localizable`) or `Onboarding.welcome`;
    /// a symbol two keys of one table make (a build error in Xcode) is left out.
    public static func index(_ tables: [(table: String, keys: [String])]) -> [String: (key: String, table: String)] {
        var out: [String: (key: String, table: String)] = [:]
        var twice = Set<String>()
        for (table, keys) in tables {
            let prefix = table == "Localizable" ? "" : tableName(table) + "."
            for key in keys {
                guard let symbol = name(of: key).map({ prefix + $0 }) else { continue }
                if let known = out[symbol], known.key != key || known.table != table { twice.insert(symbol) }
                out[symbol] = (key, table)
            }
        }
        for s in twice { out[s] = nil }
        return out
    }
}
