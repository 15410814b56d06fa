import JSON
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// Reads String Catalogs (`.xcstrings`) into `Catalog`s: every locale's `stringUnit`, plural and
/// device variations, substitutions. json-c parses (`StringCatalog.stream`, entry by entry, so a
/// large catalog never becomes one tree); a scan of the text locates keys and problems.
enum CatalogReader {
    /// A problem inside one entry: the path below the entry's value, and whether it is about the
    /// last member's key (something missing in it) or its value.
    struct EntryProblem {
        var key: String
        var path: [String]
        var atKey: Bool
        var message: String
        var code: DiagnosticCode = .invalidCatalog
    }

    static func read(path: String, bytes: [UInt8]) -> Catalog {
        let table = tableName(path)
        var diagnostics: [Diagnostic] = []
        if ByteOrderMark.length(in: bytes) > 0 {
            var d = Diagnostic(
                .invalidCatalog,
                "the catalog starts with a UTF-8 byte order mark, which Xcode does not write; remove it (the catalog is read)",
                at: 0..<3)
            d.severity = .warning
            diagnostics.append(d)
        }
        var problems: [EntryProblem] = []
        // Each entry goes into the table as it is read (the table keeps it compactly), with its
        // place; the source language is known at the end.
        let located = CatalogLocator.scan(bytes)
        let catalog = Catalog(path: path, table: table, sourceLanguage: "en")
        let header: StringCatalog.Header
        do {
            header = try StringCatalog.stream(bytes) { key, value in
                var (entry, shouldTranslate) = convert(key, value, &problems)
                if let place = located.keys[LocalizationKey(key)] { entry.place = place.place }
                if !shouldTranslate { catalog.untranslatable.insert(LocalizationKey(key)) }
                catalog.add(key, entry)
            }
        } catch let error as JSONParseError {
            let at = min(error.offset ?? 0, bytes.count)
            let catalog = Catalog(path: path, table: table, sourceLanguage: "en")
            diagnostics.append(
                Diagnostic(
                    .invalidCatalog, "not valid JSON: \(error.description); the catalog is not read", at: at..<min(at + 1, bytes.count)))
            catalog.problems = [CatalogProblems(path: path, text: bytes, diagnostics: diagnostics)]
            return catalog
        } catch {
            return Catalog(path: path, table: table, sourceLanguage: "en")
        }
        func topKey(_ name: String) -> Range<Int> { located.top[name] ?? 0..<0 }
        var source = "en"
        if !header.isObject {
            diagnostics.append(
                Diagnostic(
                    .invalidCatalog, "a String Catalog is a JSON object with \"sourceLanguage\" and \"strings\"; the catalog is not read",
                    at: 0..<0))
        } else {
            if let language = header.members.first(where: { $0.0 == "sourceLanguage" })?.1 {
                if let s = language.stringValue, !s.isEmpty {
                    source = s
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .invalidCatalog,
                            "\"sourceLanguage\" must be a language tag such as \"en\", not \(describe(language)); \"en\" is used",
                            at: topKey("sourceLanguage")))
                }
            }
            if !header.hasStrings {
                diagnostics.append(Diagnostic(.invalidCatalog, "the catalog has no \"strings\" object; add one", at: 0..<0))
            } else if !header.stringsIsObject {
                diagnostics.append(Diagnostic(.invalidCatalog, "\"strings\" must be an object of key: entry", at: topKey("strings")))
            }
        }
        catalog.sourceLanguage = source
        for (key, entry) in catalog.entries { problems += mismatches(key, entry, source: source) }
        // An entry's value is scanned once for all its problems (an entry of thousands of bad
        // plural forms or mismatched specifiers was scanned again for each).
        var spans: [LocalizationKey: JSONSpan?] = [:]
        for p in problems {
            var range = 0..<0
            let key = LocalizationKey(p.key)
            if let place = located.keys[key] {
                range = place.place.range
                if !p.path.isEmpty || !p.atKey {
                    let span: JSONSpan?
                    if let known = spans[key] {
                        span = known
                    } else {
                        span = JSONSpan.parse(Array(bytes[place.value]))
                        spans[key] = .some(span)
                    }
                    range = span.flatMap { locate(p.path, atKey: p.atKey, in: $0, at: place.value.lowerBound) } ?? range
                }
            }
            diagnostics.append(Diagnostic(p.code, p.message, at: range))
        }
        diagnostics.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
        if !diagnostics.isEmpty { catalog.problems = [CatalogProblems(path: path, text: bytes, diagnostics: diagnostics)] }
        return catalog
    }

    /// `Localizable` for `…/Localizable.xcstrings`.
    static func tableName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    static func describe(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object, .fragment: return "an object"
        }
    }

    // MARK: - Entries

    /// An entry as the model holds it, and whether it is translated at all (`shouldTranslate`).
    static func convert(_ key: String, _ value: JSONValue, _ problems: inout [EntryProblem]) -> (CatalogEntry, Bool) {
        var entry = CatalogEntry()
        func problem(_ path: [String], atKey: Bool = false, _ message: String) {
            problems.append(EntryProblem(key: key, path: path, atKey: atKey, message: message))
        }
        func wrongType(_ path: [String], _ expected: String, _ got: JSONValue) {
            let where_ = ([quoted(key)] + path).joined(separator: " › ")
            problem(path, "\(where_) must be \(expected), not \(describe(got))")
        }
        guard let members = value.objectValue else {
            wrongType([], "an object", value)
            return (entry, true)
        }
        var shouldTranslate = true
        if let s = members.first(where: { $0.0 == "shouldTranslate" })?.1, s == .bool(false) { shouldTranslate = false }
        guard let localizations = value["localizations"] else { return (entry, shouldTranslate) }
        guard let locales = localizations.objectValue else {
            wrongType(["localizations"], "an object of locale: localization", localizations)
            return (entry, shouldTranslate)
        }
        for (locale, body) in locales {
            let base = ["localizations", locale]
            guard LocaleNames.isValid(locale) else {
                problem(
                    base, atKey: true,
                    "\(LocaleNames.shown(locale)) is not a locale: use a language code such as \"de\" or \"pt-BR\" (this localization is not read)"
                )
                continue
            }
            guard body.objectValue != nil else {
                wrongType(base, "an object", body)
                continue
            }
            var texts: [(String, [String])] = []
            var substitutions: [String: CatalogSubstitution] = [:]
            if let subs = body["substitutions"] {
                if let pairs = subs.objectValue {
                    for (name, s) in pairs {
                        let path = base + ["substitutions", name]
                        guard s.objectValue != nil else {
                            wrongType(path, "an object", s)
                            continue
                        }
                        var sub = CatalogSubstitution(argNum: nil, formatSpecifier: "@", plural: [:])
                        if let n = s["argNum"] {
                            if let i = n.intValue, i >= 1, i <= FormatString.maxArgument {
                                sub.argNum = i
                            } else {
                                wrongType(path + ["argNum"], "an argument number from 1 to \(FormatString.maxArgument)", n)
                            }
                        } else {
                            problem(
                                path, atKey: true,
                                "substitution \"\(name)\" of \(quoted(key)) (\(locale)) names no argument: add \"argNum\", the number of the argument it formats"
                            )
                        }
                        if let f = s["formatSpecifier"] {
                            if let spec = f.stringValue {
                                sub.formatSpecifier = spec
                            } else {
                                wrongType(path + ["formatSpecifier"], "a string such as \"lld\"", f)
                            }
                        }
                        if let v = s["variations"] {
                            if let plural = v["plural"], let forms = plural.objectValue {
                                for (form, unit) in forms {
                                    let formPath = path + ["variations", "plural", form]
                                    guard let category = PluralCategory(rawValue: form) else {
                                        problem(
                                            formPath, atKey: true,
                                            "\"\(form)\" is not a plural category: use zero, one, two, few, many or other")
                                        continue
                                    }
                                    if let text = stringUnitValue(unit, formPath, wrongType) { sub.plural[category] = text }
                                }
                                if forms.first(where: { $0.0 == "other" }) == nil {
                                    problem(
                                        path + ["variations", "plural"], atKey: true,
                                        "the plural variations of substitution \"\(name)\" of \(quoted(key)) (\(locale)) have no \"other\" form; add it"
                                    )
                                }
                            } else if let plural = v["plural"] {
                                wrongType(path + ["variations", "plural"], "an object of category: unit", plural)
                            }
                        }
                        substitutions[name] = sub
                    }
                } else {
                    wrongType(base + ["substitutions"], "an object of name: substitution", subs)
                }
            }
            guard let unit = self.unit(body, base, key: key, locale: locale, &texts, problem, wrongType) else { continue }
            for (text, path) in texts {
                for name in FormatString.substitutionNames(text) where substitutions[name] == nil {
                    problem(path, "%#@\(name)@ in \(quoted(key)) (\(locale)) names no substitution; add \"\(name)\" to \"substitutions\"")
                }
            }
            entry.localizations[locale] = CatalogLocalization(unit: unit, substitutions: substitutions)
        }
        return (entry, shouldTranslate)
    }

    /// A unit: `stringUnit`, or `variations` (plural or device) of units. Collects each text with
    /// the path of its value.
    private static func unit(
        _ body: JSONValue, _ path: [String], key: String, locale: String, _ texts: inout [(String, [String])],
        _ problem: ([String], Bool, String) -> Void, _ wrongType: ([String], String, JSONValue) -> Void
    ) -> CatalogUnit? {
        if body["stringUnit"] != nil {
            guard let text = stringUnitValue(body, path, wrongType) else { return nil }
            texts.append((text, path + ["stringUnit", "value"]))
            return .text(text)
        }
        guard let variations = body["variations"] else { return nil }
        guard variations.objectValue != nil else {
            wrongType(path + ["variations"], "an object", variations)
            return nil
        }
        // Plural or device variations: an object of name → unit.
        for (kind, expected) in [("plural", "an object of category: unit"), ("device", "an object of device: unit")] {
            guard let v = variations[kind] else { continue }
            let p = path + ["variations", kind]
            guard let members = v.objectValue else {
                wrongType(p, expected, v)
                return nil
            }
            var units: [(String, CatalogUnit)] = []
            for (name, u) in members {
                if kind == "plural", PluralCategory(rawValue: name) == nil {
                    problem(p + [name], true, "\"\(name)\" is not a plural category: use zero, one, two, few, many or other")
                    continue
                }
                if let inner = unit(u, p + [name], key: key, locale: locale, &texts, problem, wrongType) { units.append((name, inner)) }
            }
            if kind == "device" { return units.isEmpty ? nil : .device(Dictionary(units, uniquingKeysWith: { $1 })) }
            guard members.contains(where: { $0.0 == "other" }) else {
                problem(
                    p, true, "the plural variations of \(quoted(key)) (\(locale)) have no \"other\" form; add it (iOS falls back to it)")
                return nil
            }
            return units.isEmpty
                ? nil : .plural(Dictionary(units.map { (PluralCategory(rawValue: $0.0)!, $0.1) }, uniquingKeysWith: { $1 }))
        }
        return nil
    }

    /// `body.stringUnit.value`, or nil with a problem when it is not a string.
    private static func stringUnitValue(_ body: JSONValue, _ path: [String], _ wrongType: ([String], String, JSONValue) -> Void) -> String?
    {
        guard let su = body["stringUnit"] else {
            wrongType(path, "an object with \"stringUnit\"", body)
            return nil
        }
        guard su.objectValue != nil else {
            wrongType(path + ["stringUnit"], "an object with \"value\"", su)
            return nil
        }
        guard let v = su["value"] else {
            wrongType(path + ["stringUnit"], "an object with \"value\"", su)
            return nil
        }
        guard let s = v.stringValue else {
            wrongType(path + ["stringUnit", "value"], "a string", v)
            return nil
        }
        return s
    }

    static func quoted(_ key: String) -> String { "\"" + key + "\"" }

    // MARK: - Format specifiers against the source

    static func article(_ kind: FormatArgumentKind) -> String {
        switch kind {
        case .object: return "an object (%@)"
        case .integer: return "an integer (%lld)"
        case .float: return "a floating-point number (%f)"
        case .cString: return "a C string (%s)"
        case .character: return "a character (%c)"
        case .pointer: return "a pointer (%p)"
        }
    }

    /// `format-mismatch` problems of an entry: each translation's specifiers against the source
    /// language's (its unit, else the key itself, which iOS shows when there is none, when the key
    /// has specifiers).
    static func mismatches(_ key: String, _ entry: CatalogEntry, source: String) -> [EntryProblem] {
        let sourceLocalization = entry.localizations[source]
        // Without a source unit the key is the source text; a key without specifiers is then
        // more likely an identifier ("photos.count") than the English text: nothing to compare.
        if sourceLocalization == nil, FormatString.signature(key).isEmpty { return [] }
        let sourceTexts = sourceLocalization.map { texts(of: $0.unit, path: ["localizations", source]) } ?? [(key, [])]
        let sourceSubstitutions = sourceLocalization?.substitutions ?? [:]
        var expected: [Int: FormatArgumentKind] = [:]
        var required: Set<Int>?
        for (text, _) in sourceTexts {
            let sig = FormatString.signature(text, substitutions: sourceSubstitutions)
            for (i, k) in sig where expected[i] == nil { expected[i] = k }
            required = required.map { $0.intersection(sig.keys) } ?? Set(sig.keys)
        }
        var out: [EntryProblem] = []
        for (locale, localization) in entry.localizations.sorted(by: { $0.key < $1.key }) where locale != source {
            var seen = Set<Int>()
            let texts = texts(of: localization.unit, path: ["localizations", locale])
            for (text, path) in texts {
                let sig = FormatString.signature(text, substitutions: localization.substitutions)
                seen.formUnion(sig.keys)
                for (i, kind) in sig.sorted(by: { $0.key < $1.key }) {
                    if let want = expected[i] {
                        guard want != kind else { continue }
                        out.append(
                            EntryProblem(
                                key: key, path: path, atKey: false,
                                message:
                                    "the \(locale) translation of \(quoted(key)) reads argument \(i) as \(article(kind)), but the \(source) text passes \(article(want)); use the same specifier",
                                code: .formatMismatch))
                    } else {
                        out.append(
                            EntryProblem(
                                key: key, path: path, atKey: false,
                                message:
                                    "the \(locale) translation of \(quoted(key)) reads argument \(i) as \(article(kind)), but the \(source) text has no argument \(i); remove it",
                                code: .formatMismatch))
                    }
                }
            }
            for i in (required ?? []).subtracting(seen).sorted() {
                guard let kind = expected[i], let first = texts.first else { continue }
                out.append(
                    EntryProblem(
                        key: key, path: first.1, atKey: false,
                        message:
                            "the \(locale) translation of \(quoted(key)) leaves out argument \(i), \(article(kind)) in the \(source) text; add it",
                        code: .formatMismatch))
            }
        }
        return out
    }

    /// Every text of a unit with the path of its value.
    static func texts(of unit: CatalogUnit, path: [String]) -> [(String, [String])] {
        switch unit {
        case .text(let s): return [(s, path + ["stringUnit", "value"])]
        case .plural(let forms):
            return forms.sorted { $0.key < $1.key }.flatMap { texts(of: $0.value, path: path + ["variations", "plural", $0.key.rawValue]) }
        case .device(let devices):
            return devices.sorted { $0.key < $1.key }.flatMap { texts(of: $0.value, path: path + ["variations", "device", $0.key]) }
        }
    }

    // MARK: - Locating

    /// The byte range of `path` below an entry's value (the last member's key with `atKey`).
    /// `entry`: the entry's value, scanned, which starts at byte `start`.
    static func locate(_ path: [String], atKey: Bool, in entry: JSONSpan, at start: Int) -> Range<Int>? {
        var span = entry
        var keyRange: Range<Int>?
        for name in path {
            guard let m = span.member(name) else { break }
            keyRange = m.key
            span = m.value
        }
        let r = atKey ? (keyRange ?? span.range) : span.range
        return (r.lowerBound + start)..<(r.upperBound + start)
    }
}
