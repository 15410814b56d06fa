import Foundation
import LabelSpecSemantics

/// Legacy string tables: `.strings` (`"key" = "value";`, UTF-8 or UTF-16, or a binary property
/// list) and `.stringsdict` (property lists of plural rules) in `LOCALE.lproj` folders.
enum LegacyStrings {
    /// The locale of a file in `LOCALE.lproj/`; nil for a file outside one, or in `Base.lproj`
    /// (both stand for the source language). The English names of old projects
    /// (`English.lproj`, `German.lproj`, which iOS's bundles still read) are their language codes.
    static func locale(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
        let name = String(parts[parts.count - 2].dropLast(".lproj".count))
        return name == "Base" ? nil : legacyNames[name] ?? name
    }

    /// The folder names of old projects that `CFBundle` maps to a language (its table of
    /// language names, the common part).
    static let legacyNames: [String: String] = [
        "English": "en", "French": "fr", "German": "de", "Italian": "it", "Dutch": "nl", "Swedish": "sv", "Spanish": "es",
        "Danish": "da", "Portuguese": "pt", "Norwegian": "nb", "Hebrew": "he", "Japanese": "ja", "Arabic": "ar", "Finnish": "fi",
        "Greek": "el", "Icelandic": "is", "Turkish": "tr", "Croatian": "hr", "Korean": "ko", "Polish": "pl", "Hungarian": "hu",
        "Russian": "ru", "Thai": "th", "Czech": "cs", "Ukrainian": "uk", "Romanian": "ro", "Catalan": "ca", "Vietnamese": "vi",
    ]

    /// Reads one `.strings` or `.stringsdict` file into `catalog` (its table), under `locale`.
    static func read(path: String, bytes: [UInt8], locale: String, into catalog: Catalog) {
        var diagnostics: [Diagnostic] = []
        if path.hasSuffix(".stringsdict") {
            readStringsdict(bytes, locale: locale, into: catalog, &diagnostics)
        } else {
            diagnostics = decodeStrings(bytes, reserve: { catalog.reserve($0, bytes: bytes.count) }) { key, value in
                catalog.merge(key, locale: locale, CatalogLocalization(unit: .text(value)))
            }
        }
        if !diagnostics.isEmpty { catalog.problems.append(CatalogProblems(path: path, file: bytes, diagnostics: diagnostics)) }
    }

    /// The problems of a `.strings` file; its entries (none when iOS would not load it) go to
    /// `entry` as they are read.
    static func decodeStrings(_ bytes: [UInt8], reserve: (Int) -> Void = { _ in }, entry: (String, String) -> Void) -> [Diagnostic] {
        if bytes.starts(with: Array("bplist00".utf8)) {
            guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
                let dict = plist as? [String: Any]
            else {
                return [Diagnostic(.invalidCatalog, "not a valid binary property list of key: string; the file is not read", at: 0..<0)]
            }
            for (k, v) in dict.compactMap({ k, v in (v as? String).map { (k, $0) } }).sorted(by: { $0.0 < $1.0 }) { entry(k, v) }
            return []
        }
        return StringsFile.read(bytes, reserve: reserve, entry: entry)
    }

    /// A `.stringsdict`: each key's `NSStringLocalizedFormatKey` and its plural variables (as
    /// substitutions), or the widest of its `NSStringVariableWidthRuleType` variants.
    static func readStringsdict(_ bytes: [UInt8], locale: String, into catalog: Catalog, _ diagnostics: inout [Diagnostic]) {
        guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else {
            diagnostics.append(Diagnostic(.invalidCatalog, "not a valid property list; the file is not read", at: 0..<0))
            return
        }
        guard let root = plist as? [String: Any] else {
            diagnostics.append(Diagnostic(.invalidCatalog, "a .stringsdict is a dictionary of key: rule; the file is not read", at: 0..<0))
            return
        }
        var places: KeyPlaces?
        func at(_ key: String) -> Range<Int> {
            if places == nil { places = KeyPlaces(xml: bytes) }
            return places!.keyElement(key) ?? 0..<0
        }
        for key in root.keys.sorted() {
            guard let rule = root[key] as? [String: Any] else {
                diagnostics.append(Diagnostic(.invalidCatalog, "\"\(key)\" must be a dictionary", at: at(key)))
                continue
            }
            if let widths = rule["NSStringVariableWidthRuleType"] as? [String: Any] {
                let widest = widths.compactMap { k, v in (v as? String).map { (Int(k) ?? 0, $0) } }.max { $0.0 < $1.0 }
                if let (_, text) = widest { catalog.merge(key, locale: locale, CatalogLocalization(unit: .text(text))) }
                continue
            }
            guard let format = rule["NSStringLocalizedFormatKey"] as? String else {
                diagnostics.append(Diagnostic(.invalidCatalog, "\"\(key)\" has no NSStringLocalizedFormatKey string; add one", at: at(key)))
                continue
            }
            var substitutions: [String: CatalogSubstitution] = [:]
            let argNums = substitutionArguments(format)
            for name in FormatString.substitutionNames(format) {
                guard let variable = rule[name] as? [String: Any] else {
                    diagnostics.append(
                        Diagnostic(
                            .invalidCatalog, "%#@\(name)@ in \"\(key)\" names no variable; add a \"\(name)\" dictionary", at: at(key)))
                    continue
                }
                let spec = variable["NSStringFormatValueTypeKey"] as? String ?? "d"
                var forms: [PluralCategory: String] = [:]
                for category in PluralCategory.allCases {
                    guard let text = variable[category.rawValue] as? String else { continue }
                    // The form reads the variable's argument with its own specifier: `%arg` then.
                    if let r = text.range(of: "%" + spec) {
                        forms[category] = text.replacingCharacters(in: r, with: "%arg")
                    } else {
                        forms[category] = text
                    }
                }
                if forms[.other] == nil {
                    diagnostics.append(
                        Diagnostic(.invalidCatalog, "variable \"\(name)\" of \"\(key)\" has no \"other\" form; add it", at: at(key)))
                }
                substitutions[name] = CatalogSubstitution(argNum: argNums[name], formatSpecifier: spec, plural: forms)
            }
            catalog.merge(key, locale: locale, CatalogLocalization(unit: .text(format), substitutions: substitutions))
        }
    }

    /// The argument each `%#@name@` of a `.stringsdict` format reads: it takes the next
    /// argument, as a specifier without a position does.
    static func substitutionArguments(_ format: String) -> [String: Int] {
        var next = 1
        var out: [String: Int] = [:]
        for piece in FormatString.parse(format) {
            switch piece {
            case .argument(let spec): next = spec.index + 1
            case .substitution(let name):
                out[name] = next
                next += 1
            case .literal: break
            }
        }
        return out
    }

    /// Where `<key>KEY</key>` is written (XML property lists), for locating a problem.
    static func keyElement(_ key: String, in bytes: [UInt8]) -> Range<Int>? { search(keyElementNeedle(key), in: bytes) }

    static func keyElementNeedle(_ key: String) -> [UInt8] { Array("<key>\(key)</key>".utf8) }

    /// The first place `needle` is written in `bytes`.
    static func search(_ needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
            i += 1
        }
        return nil
    }

    /// `format-mismatch` in a table read from `.strings` / `.stringsdict` files: each
    /// translation's format specifiers against the source language's, as for a String Catalog,
    /// reported in the translation's own file at its key.
    static func checkFormats(_ catalog: Catalog, files: [(path: String, bytes: [UInt8])], sourceLanguage: String) {
        // The files of each locale, a .stringsdict first (its rules replace the .strings text).
        var byLocale: [String: [(path: String, bytes: [UInt8])]] = [:]
        for f in files {
            byLocale[locale(of: f.path) ?? sourceLanguage, default: []].append(f)
        }
        for locale in byLocale.keys { byLocale[locale]?.sort { $0.path.hasSuffix(".stringsdict") && !$1.path.hasSuffix(".stringsdict") } }
        var found: [String: [Diagnostic]] = [:]
        // Each file's keys, found in one pass over it when it is first asked about.
        var places: [String: KeyPlaces] = [:]
        func written(_ key: String, in f: (path: String, bytes: [UInt8])) -> Range<Int>? {
            let xml = f.path.hasSuffix(".stringsdict")
            if places[f.path] == nil { places[f.path] = xml ? KeyPlaces(xml: f.bytes) : KeyPlaces(strings: f.bytes) }
            return xml ? places[f.path]!.keyElement(key) : places[f.path]!.quotedKey(key)
        }
        // Only the source language's files: no translation to compare.
        if byLocale.keys.allSatisfy({ $0 == sourceLanguage }) { return }
        for (key, entry) in catalog.entries {
            for problem in CatalogReader.mismatches(key, entry, source: sourceLanguage) where problem.path.count >= 2 {
                let locale = problem.path[1]
                guard let candidates = byLocale[locale] else { continue }
                // The file that has the key, and where.
                var place: (String, Range<Int>)?
                for f in candidates {
                    if let r = written(key, in: f) {
                        place = (f.path, r)
                        break
                    }
                }
                let (path, range) = place ?? (candidates[0].path, 0..<0)
                found[path, default: []].append(Diagnostic(problem.code, problem.message, at: range))
            }
        }
        for f in files {
            guard let diagnostics = found[f.path] else { continue }
            if let i = catalog.problems.firstIndex(where: { $0.path == f.path }) {
                catalog.problems[i].diagnostics += diagnostics
            } else {
                catalog.problems.append(CatalogProblems(path: f.path, file: f.bytes, diagnostics: diagnostics))
            }
        }
    }

    /// Where `"KEY"` is written first in a UTF-8 `.strings` file (the key as written, quotes
    /// included), for locating a problem; nil in UTF-16 and binary files or when not found.
    static func quotedKey(_ key: String, in bytes: [UInt8]) -> Range<Int>? { search(quotedKeyNeedle(key), in: bytes) }

    /// `"KEY"` as a `.strings` file writes it: `"`, `\` and line breaks escaped.
    static func quotedKeyNeedle(_ key: String) -> [UInt8] {
        var escaped = ""
        for c in key.unicodeScalars {
            switch c {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(c)
            }
        }
        return Array(("\"" + escaped + "\"").utf8)
    }
}

/// Where the keys of one `.strings` or `.stringsdict` file are written, for locating many
/// problems: one pass over the file instead of one search of it per key, with the answers of
/// `LegacyStrings.quotedKey` / `keyElement` (the first place the key's needle is written, even
/// inside a comment or a value).
///
/// A needle can only be written where a candidate is: `"KEY"` starts at a `"` and, since its
/// escapes read one way only (`\"`, `\\`, `\n`, any other byte but a line break), ends at the
/// first `"` after it that no escape takes; `<key>KEY</key>` (a key without `</key>` in it) ends
/// at the first `</key>` after its `<key>`. So each candidate's bytes are hashed once (a
/// polynomial over the file's prefixes), and a needle is the first candidate with its hash and
/// length, checked byte by byte (a hash collision falls back to the plain search).
struct KeyPlaces {
    private struct Token: Hashable {
        var hash: UInt64
        var length: Int
    }

    private let bytes: [UInt8]
    /// The first candidate of each hash and length: its start.
    private var first: [Token: Int] = [:]
    private var prefix: [UInt64]
    private static let base: UInt64 = 0x100_0000_01B3

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var prefix = [UInt64](repeating: 0, count: bytes.count + 1)
        var h: UInt64 = 0
        for (i, b) in bytes.enumerated() {
            h = h &* Self.base &+ UInt64(b)
            prefix[i + 1] = h
        }
        self.prefix = prefix
    }

    /// A `.strings` file's candidates for `"KEY"`.
    init(strings bytes: [UInt8]) {
        self.init(bytes)
        // From the end: `after1` is where the quoted text that goes on at k + 1 ends (after its
        // closing quote), nil when it cannot end (a line break, an unknown escape, the file's end);
        // `after2` the same at k + 2. A candidate starting at k ends where the text at k + 1 does;
        // the last write of a candidate is its first in the file.
        var after1: Int?
        var after2: Int?
        var k = bytes.count - 1
        while k >= 0 {
            let b = bytes[k]
            let here: Int?
            switch b {
            case UInt8(ascii: "\""): here = k + 1
            case UInt8(ascii: "\\"):
                let next = k + 1 < bytes.count ? bytes[k + 1] : 0
                here = next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next == UInt8(ascii: "n") ? after2 : nil
            case 0x0A: here = nil
            default: here = after1
            }
            if b == UInt8(ascii: "\""), let end = after1 { first[token(k..<end)] = k }
            after2 = after1
            after1 = here
            k -= 1
        }
    }

    /// A property list's candidates for `<key>KEY</key>`.
    init(xml bytes: [UInt8]) {
        self.init(bytes)
        let open = Array("<key>".utf8)
        let close = Array("</key>".utf8)
        func at(_ i: Int, _ word: [UInt8]) -> Bool {
            i + word.count <= bytes.count && bytes[i] == word[0] && bytes[i..<(i + word.count)].elementsEqual(word)
        }
        var closes: [Int] = []
        for i in bytes.indices where at(i, close) { closes.append(i) }
        var c = 0
        for i in bytes.indices where at(i, open) {
            while c < closes.count, closes[c] < i + open.count { c += 1 }
            guard c < closes.count else { break }
            let t = token(i..<(closes[c] + close.count))
            if first[t] == nil { first[t] = i }
        }
    }

    private func token(_ r: Range<Int>) -> Token {
        var power: UInt64 = 1
        var b = Self.base
        var e = r.count
        while e > 0 {
            if e & 1 == 1 { power = power &* b }
            b = b &* b
            e >>= 1
        }
        return Token(hash: prefix[r.upperBound] &- prefix[r.lowerBound] &* power, length: r.count)
    }

    private func find(_ needle: [UInt8]) -> Range<Int>? {
        var h: UInt64 = 0
        for b in needle { h = h &* Self.base &+ UInt64(b) }
        guard let start = first[Token(hash: h, length: needle.count)] else { return nil }
        let r = start..<(start + needle.count)
        return bytes[r].elementsEqual(needle) ? r : LegacyStrings.search(needle, in: bytes)
    }

    /// `LegacyStrings.quotedKey(key, in:)` (a `.strings` file's places).
    func quotedKey(_ key: String) -> Range<Int>? { find(LegacyStrings.quotedKeyNeedle(key)) }

    /// `LegacyStrings.keyElement(key, in:)` (a property list's places).
    func keyElement(_ key: String) -> Range<Int>? {
        let needle = LegacyStrings.keyElementNeedle(key)
        // A key with `</key>` in it is not where a candidate ends: searched.
        return key.contains("</key>") ? LegacyStrings.search(needle, in: bytes) : find(needle)
    }
}
