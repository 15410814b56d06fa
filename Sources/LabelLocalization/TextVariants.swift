import LabelSpecSemantics
import LabelVocabulary

/// One text a label is measured with: a locale (or pseudo-locale), a plural form, a device.
public struct TextVariant: Sendable, Hashable {
    /// The locale (or pseudo-locale name); nil for a label whose text is not localized.
    public var locale: String?
    /// The plural form (`one`), or the forms of several substitutions (`photos:one, albums:few`).
    public var pluralForm: String?
    /// The device whose variation was used, when the unit had device variations.
    public var device: CatalogDevice?
    public var text: String
    /// The language the text is laid out in (`LabelLayoutInput.language`); nil: the development language.
    public var language: String?
    /// The locale has no translation: the development language's text is shown.
    public var isFallback = false
    /// The localization key (nil for a text that is not localized).
    public var key: String?
    /// The catalog the text comes from, and where its key is written there (a String Catalog's:
    /// a legacy table's keys are not located).
    public var catalogPath: String?
    /// The table the text comes from (`Catalog.path`; a legacy table's first file), whatever it is.
    public var tablePath: String?
    public var keyPlace: CatalogKeyPlace?
    /// Measured with iOS's Bold Text on (`boldText` of the configuration: the system font drawn
    /// heavier); named so (`de (Bold Text)`).
    public var boldText = false
    /// Locales asked for that no table has, which this development-language text is measured
    /// for (`MeasuringPlan.absentLocales`): named in `displayName`, never as the variant's locale.
    public var absentLocales: [String] = []

    public static func == (a: TextVariant, b: TextVariant) -> Bool {
        (a.locale, a.pluralForm, a.device, a.text, a.language, a.isFallback) == (
            b.locale, b.pluralForm, b.device, b.text, b.language, b.isFallback
        ) && a.boldText == b.boldText
    }

    public func hash(into h: inout Hasher) {
        h.combine(locale)
        h.combine(pluralForm)
        h.combine(text)
        h.combine(boldText)
    }

    /// How a message names the variant: `de`, `ru (few)`, `en (no xx table)` (the development
    /// language measured for a locale no table has), `en (one; no xx or yy table)`.
    public var displayName: String {
        let l = locale ?? "?"
        var notes = pluralForm.map { [$0] } ?? []
        if !absentLocales.isEmpty { notes.append("no " + absentLocales.joined(separator: " or ") + " table") }
        if boldText { notes.append("Bold Text") }
        return notes.isEmpty ? l : "\(l) (\(notes.joined(separator: "; ")))"
    }
}

/// The texts of a label in each locale of a plan (docs/language.md, "Localization").
public enum TextVariants {
    /// The variants of each localized text already worked out for one plan: labels that share a
    /// key (and arguments) share them. One per snapshot (not thread-safe).
    public final class Cache {
        struct Key: Hashable {
            let key: String
            let table: String?
            let defaultValue: String?
            let arguments: [SampleArgument]?
            let limit: Int?
        }
        private var known: [Key: (variants: [TextVariant], untranslated: [String])] = [:]

        public init() {}

        public func variants(
            of text: TypedValue?, arguments: [SampleArgument]?, limit: Int? = nil, _ make: () -> ([TextVariant], [String])
        ) -> ([TextVariant], [String]) {
            guard case .localized(let key, let table, let defaultValue)? = text else { return make() }
            let k = Key(key: key, table: table, defaultValue: defaultValue, arguments: arguments, limit: limit)
            if let hit = known[k] { return hit }
            let made = make()
            known[k] = made
            return made
        }
    }

    /// The variants of a label's text, and the measured locales it has no translation in.
    /// A key in no table is measured with `developmentText(key)`, else the key itself.
    /// `limit`: the bytes past which the label can show nothing (`LayoutInputs.showableBytes`):
    /// a localized text is made only that far (its substitutions, its specifiers filled), so a
    /// catalog entry that grows into megabytes costs what the label can show.
    public static func variants(
        of text: TypedValue?, arguments: [SampleArgument]?, plan: MeasuringPlan, developmentText: (String) -> String? = { _ in nil },
        limit: Int? = nil
    ) -> (variants: [TextVariant], untranslated: [String]) {
        switch text {
        case .text(let s)?:
            guard !plan.literalLocales.isEmpty else {
                return ([TextVariant(locale: nil, text: s, language: MeasuringPlan.layoutLanguage(plan.localizations.sourceLanguage))], [])
            }
            return (
                plan.measuredLiteralLocales.map { l in
                    var v = TextVariant(locale: l, text: s, language: MeasuringPlan.layoutLanguage(l))
                    v.absentLocales = plan.standIns(for: l, asked: plan.literalLocales)
                    return v
                }, []
            )
        case .localized(let key, let table, let defaultValue)?:
            let args = arguments ?? plan.sampleArguments
            let source = plan.localizations.sourceLanguage
            guard let (catalog, entry) = plan.localizations.entry(key, table: table) else {
                // Measured with its defaultValue, else the key itself (missing-localization says so).
                let shown = developmentText(key) ?? defaultValue ?? key
                var out = [
                    TextVariant(
                        locale: plan.namesLocales ? source : nil, text: shown, language: MeasuringPlan.layoutLanguage(source))
                ]
                if plan.namesLocales { out[0].absentLocales = plan.standIns(for: source, asked: plan.locales) }
                for p in plan.pseudoLocales {
                    out.append(
                        TextVariant(locale: p.rawValue, text: p.transform([(shown, false)]), language: p.language(development: source)))
                }
                for i in out.indices { out[i].key = key }
                return (out, [])
            }
            let place = entry.place.map { (catalog.path, $0) }
            // Without a text in the development language: its defaultValue, else the key (iOS).
            let sourceLocalization = entry.localizations[catalog.sourceLanguage] ?? CatalogLocalization(unit: .text(defaultValue ?? key))
            let untranslatable = catalog.untranslatable.contains(LocalizationKey(key))
            var out: [TextVariant] = []
            var untranslated: [String] = []
            let measured = plan.measuredLocales
            let names = plan.namesLocales
            for locale in measured {
                var localization = entry.localizations[locale]
                var fallback = false
                if locale == source || locale == catalog.sourceLanguage {
                    localization = sourceLocalization
                } else if localization == nil || untranslatable {
                    if !untranslatable { untranslated.append(locale) }
                    localization = sourceLocalization
                    fallback = true
                }
                let rulesLocale = fallback ? catalog.sourceLanguage : locale
                var expanded = expand(
                    localization!, locale: rulesLocale, device: plan.device, arguments: args, formats: plan.formatsText, limit: limit)
                if expanded.isEmpty, !fallback {
                    // No unit for this device: the development language's.
                    expanded = expand(
                        sourceLocalization, locale: catalog.sourceLanguage, device: plan.device, arguments: args, formats: plan.formatsText,
                        limit: limit)
                    fallback = true
                }
                for e in expanded {
                    var v = TextVariant(
                        locale: names ? locale : nil, pluralForm: e.form, device: e.device, text: cut(e.pieces.map(\.text).joined(), limit),
                        language: MeasuringPlan.layoutLanguage(fallback ? catalog.sourceLanguage : locale), isFallback: fallback)
                    (v.key, v.catalogPath, v.keyPlace, v.tablePath) = (key, place?.0, place?.1, catalog.path)
                    if names { v.absentLocales = plan.standIns(for: locale, asked: plan.locales) }
                    out.append(v)
                }
            }
            // A locale no table has is not measured, but the key has no translation there either:
            // named with the others, in the order asked.
            // A locale shown in another (`de-DE` in `de`) is named as that one, once.
            let absent = plan.absentLocales
            if !absent.isEmpty, !untranslatable {
                let missing = Set(untranslated)
                var named: [String] = []
                for r in plan.resolution(of: plan.locales ?? []) {
                    let name = r.used.flatMap { missing.contains($0) ? $0 : nil } ?? (r.used == nil ? r.asked : nil)
                    if let name, !named.contains(name) { named.append(name) }
                }
                untranslated = named
            }
            for p in plan.pseudoLocales {
                for e in expand(
                    sourceLocalization, locale: catalog.sourceLanguage, device: plan.device, arguments: args, formats: plan.formatsText,
                    limit: limit)
                {
                    var v = TextVariant(
                        locale: p.rawValue, pluralForm: e.form, device: e.device, text: cut(p.transform(e.pieces), limit),
                        language: p.language(development: source))
                    (v.key, v.catalogPath, v.keyPlace, v.tablePath) = (key, place?.0, place?.1, catalog.path)
                    out.append(v)
                }
            }
            return (out, untranslated)
        default:
            return ([], [])
        }
    }

    struct Expanded {
        var form: String?
        var device: CatalogDevice?
        var pieces: [(text: String, isArgument: Bool)]
    }

    /// Every text of a localization in `locale`: each plural form the unit holds that the locale
    /// can select (zero always: iOS uses it for 0), each combination of its substitutions' forms,
    /// with the sample arguments filled in and a number that selects the form.
    /// `formats` false: each text as written (no specifier filled, no substitution made).
    /// `limit`: each text only as far as that many bytes (see `variants`).
    static func expand(
        _ localization: CatalogLocalization, locale: String, device: CatalogDevice, arguments: [SampleArgument], formats: Bool = true,
        limit: Int? = nil
    ) -> [Expanded] {
        var out: [Expanded] = []
        func numberSample(_ index: Int) -> Double? {
            guard index >= 1, index <= arguments.count, case .number(let n) = arguments[index - 1] else { return nil }
            return n
        }
        // A plural form is measured with the sample number when it selects the form, else
        // with the first number that does.
        var preferred = FormatString.defaultInteger
        for case .number(let n) in arguments {
            preferred = n
            break
        }
        func walk(_ unit: CatalogUnit, form: String?, number: Double?, device chosen: CatalogDevice?) {
            switch unit {
            case .device(let units):
                let name = units[device.rawValue] != nil ? device : .other
                guard let u = units[name.rawValue] else { return }
                walk(u, form: form, number: number, device: name)
            case .plural(let forms):
                for (category, u) in forms.sorted(by: { $0.key < $1.key }) {
                    let n: Double?
                    if category == .zero {
                        n = 0
                    } else {
                        n = PluralRules.number(for: category, in: locale, preferred: preferred)
                    }
                    guard let n else { continue }
                    walk(u, form: category.rawValue, number: n, device: chosen)
                }
            case .text(let format) where !formats:
                out.append(Expanded(form: form, device: chosen, pieces: [(cut(format, limit), false)]))
            case .text(let format):
                for (text, subForm, numbers) in substituted(
                    format, localization.substitutions, locale: locale, numberSample: numberSample, limit: limit)
                {
                    let pieces = FormatString.parse(text)
                    var overrides = numbers
                    if let number,
                        let first = pieces.first(where: {
                            if case .argument(let s) = $0 { return s.kind == .integer || s.kind == .float }
                            return false
                        }), case .argument(let spec) = first
                    {
                        overrides[spec.index] = number
                    }
                    // Arguments without a sample get their kind's default (`FormatString.render`).
                    var args = arguments
                    for (i, n) in overrides {
                        while args.count < i { args.append(.string(FormatString.defaultObject)) }
                        args[i - 1] = .number(n)
                    }
                    let fills = filled(pieces, arguments: args, limit: limit)
                    let forms = [form, subForm].compactMap { $0 }
                    out.append(Expanded(form: forms.isEmpty ? nil : forms.joined(separator: ", "), device: chosen, pieces: fills))
                }
            }
        }
        walk(localization.unit, form: nil, number: nil, device: nil)
        return out
    }

    /// How many texts one format's substitutions make at most (docs/language.md, "String Catalogs").
    static let maxCombinations = 36

    /// A format with its `%#@name@` substitutions replaced by each combination of their forms
    /// (`%arg` becoming `%N$spec`), with the form names and the number each argument takes. At
    /// most 36 combinations: past that, one substitution varies at a time, the others at `other`,
    /// until there are 36. Each text is built in one pass (`fillSubstitutions`).
    static func substituted(
        _ format: String, _ substitutions: [String: CatalogSubstitution], locale: String, numberSample: (Int) -> Double?,
        limit: Int? = nil
    ) -> [(String, String?, [Int: Double])] {
        // The names in the order the format first uses them, and each one's place in that order.
        var names: [String] = []
        var position: [String: Int] = [:]
        for n in FormatString.substitutionNames(format) where substitutions[n]?.argNum != nil && position[n] == nil {
            position[n] = names.count
            names.append(n)
        }
        guard !names.isEmpty else { return [(cut(format, limit), nil, [:])] }
        // The forms of each substitution this locale can select, with their numbers.
        var options: [[(category: PluralCategory, number: Double)]] = []
        for name in names {
            let s = substitutions[name]!
            var o: [(PluralCategory, Double)] = []
            for category in s.plural.keys.sorted() {
                let n =
                    category == .zero
                    ? 0 : PluralRules.number(for: category, in: locale, preferred: numberSample(s.argNum!) ?? FormatString.defaultInteger)
                if let n { o.append((category, n)) }
            }
            options.append(o.isEmpty ? [(.other, FormatString.defaultInteger)] : o)
        }
        var combinations: [[Int]] = [[]]
        // The product, counted only as far as the limit (it overflows with about 40 substitutions).
        var total = 1
        for o in options where total <= maxCombinations { total *= max(1, o.count) }
        if total <= maxCombinations {
            for o in options { combinations = combinations.flatMap { c in o.indices.map { c + [$0] } } }
        } else {
            let others = options.map { o in o.firstIndex { $0.category == .other } ?? 0 }
            combinations = []
            var baseTaken = false
            vary: for (i, o) in options.enumerated() {
                for j in o.indices {
                    // All at `other` comes once, where the first substitution takes `other`.
                    if j == others[i] {
                        if baseTaken { continue }
                        baseTaken = true
                    }
                    var c = others
                    c[i] = j
                    combinations.append(c)
                    if combinations.count == maxCombinations { break vary }
                }
            }
        }
        // Each substitution's form per option, `%arg` replaced, made once for all combinations.
        var formBytes: [[[UInt8]?]] = options.map { [[UInt8]?](repeating: nil, count: $0.count) }
        func form(_ i: Int, _ j: Int) -> [UInt8] {
            if let made = formBytes[i][j] { return made }
            let s = substitutions[names[i]]!
            let text = (s.plural[options[i][j].category] ?? "").replacingOccurrences(of: "%arg", with: "%\(s.argNum!)$\(s.formatSpecifier)")
            let bytes = Array(text.utf8)
            formBytes[i][j] = bytes
            return bytes
        }
        let formatBytes = Array(format.utf8)
        // A text may grow past its format only as far as its forms allow, with room for nesting:
        // four times the format and every form of its substitutions.
        var budget = formatBytes.count
        for name in names { for text in substitutions[name]!.plural.values { budget += text.utf8.count + 16 } }
        budget *= 4
        return combinations.map { choice in
            let text = fillSubstitutions(formatBytes, position: position, form: { form($0, choice[$0]) }, limit: budget, cut: limit)
            var numbers: [Int: Double] = [:]
            var labels: [String] = []
            for (i, name) in names.enumerated() {
                let s = substitutions[name]!
                let (category, number) = options[i][choice[i]]
                numbers[s.argNum!] = number
                labels.append(names.count == 1 ? category.rawValue : "\(name): \(category.rawValue)")
            }
            return (text, labels.joined(separator: ", "), numbers)
        }
    }

    /// `format` with each `%#@name@` of a substitution at `position[name]` replaced by `form(position)`,
    /// as replacing the names one after the other in that order would do: a form's own
    /// `%#@later@` is replaced too, an earlier name (or its own) is left as written. One pass over
    /// the text, whatever the number of names; a replacement that would take the text past `limit`
    /// bytes is left as written (a catalog whose forms nest into one another cannot make it grow
    /// without bound).
    /// `cut`: the text is made only as far as that many bytes (a prefix of the whole text).
    static func fillSubstitutions(_ format: [UInt8], position: [String: Int], form: (Int) -> [UInt8], limit: Int, cut: Int? = nil) -> String
    {
        var out: [UInt8] = []
        out.reserveCapacity(min(format.count, cut ?? .max))
        let stop = cut ?? .max
        // The length the text will have: what is written, and what is left to copy.
        var length = format.count
        // Texts being copied: the format, then the forms inserted into it, each with where it is
        // and the first name it may still replace.
        var stack: [(bytes: [UInt8], at: Int, first: Int)] = [(format, 0, 0)]
        copying: while let (bytes, start, first) = stack.popLast() {
            var i = start
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "%"), i + 3 < bytes.count, bytes[i + 1] == UInt8(ascii: "#"), bytes[i + 2] == UInt8(ascii: "@"),
                    let close = bytes[(i + 3)...].firstIndex(of: UInt8(ascii: "@")), close > i + 3,
                    let k = position[String(decoding: bytes[(i + 3)..<close], as: UTF8.self)], k >= first
                {
                    let inserted = form(k)
                    let token = close + 1 - i
                    if length - token + inserted.count <= limit {
                        length += inserted.count - token
                        stack.append((bytes, close + 1, first))
                        stack.append((inserted, 0, k + 1))
                        continue copying
                    }
                }
                out.append(bytes[i])
                i += 1
                if out.count >= stop { break copying }
            }
        }
        return cut == nil ? String(decoding: out, as: UTF8.self) : TextVariants.cut(String(decoding: out, as: UTF8.self), cut)
    }

    /// `text` cut after `limit` bytes, at a scalar's end, and after `limit / 64` clusters (nil:
    /// whole; see `LayoutInputs.showableBytes`).
    static func cut(_ text: String, _ limit: Int?) -> String {
        guard let limit, text.utf8.count > limit / 64 else { return text }
        let s = prefix(text, bytes: limit)
        let clusters = limit / 64
        var end = s.startIndex
        var n = 0
        while end < s.endIndex, n < clusters {
            end = s.index(after: end)
            n += 1
        }
        return String(s[..<end])
    }

    /// The first `bytes` bytes of `text` (fewer: a scalar is not split).
    static func prefix(_ text: String, bytes: Int) -> Substring {
        guard text.utf8.count > bytes else { return Substring(text) }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: bytes)
        while end > text.utf8.startIndex, UTF8.isContinuation(text.utf8[end]) { end = text.utf8.index(before: end) }
        return Substring(text.utf8[..<end])
    }

    /// The pieces of a format filled (`FormatString.fill`), only as far as `limit` bytes: a
    /// format of thousands of `%999d` does not make megabytes the label cannot show.
    static func filled(_ pieces: [FormatPiece], arguments: [SampleArgument], limit: Int?) -> [(text: String, isArgument: Bool)] {
        guard let limit else { return FormatString.fill(pieces, arguments: arguments) }
        var out: [(text: String, isArgument: Bool)] = []
        var length = 0
        var start = 0
        while start < pieces.count, length < limit {
            let end = min(pieces.count, start + 64)
            for piece in FormatString.fill(Array(pieces[start..<end]), arguments: arguments) {
                out.append(piece)
                length += piece.text.utf8.count
                if length >= limit { break }
            }
            start = end
        }
        if length > limit, let last = out.popLast() {
            // Its bytes up to the limit only (the clusters are counted once, on the whole text).
            out.append((String(prefix(last.text, bytes: last.text.utf8.count - (length - limit))), last.isArgument))
        }
        return out
    }
}
