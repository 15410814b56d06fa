import Foundation
import LabelLocalization
import LabelSpecSemantics
import LabelSpecSupport
import XLIFF

/// Maps the units of a returned XLIFF file onto the project's tables as Xcode's import reads
/// them: each `<file original>` to a table (or an Interface Builder file), each unit's id to a
/// key and a variation of it, each target to what would be imported, and what would not be
/// said (`translation-not-imported`).
struct UnitMapper {
    typealias Scope = ReturnedTranslation.Scope
    let document: XLIFFDocument
    let locale: String?
    let tables: ReturnedTranslation.Tables
    var problems: [Diagnostic] = []
    var texts: [Scope: [ReturnedText]] = [:]
    var units: [Scope: [String: [(unit: Int, id: UnitID)]]] = [:]
    /// Every unit whose table and key are known, whatever its target says (what `budgets
    /// --xcloc` annotates).
    var identified: [(unit: Int, scope: Scope, id: UnitID)] = []

    /// Whether the locale is an `.xcloc`'s (else the file's first `<file>`'s).
    let fromXcloc: Bool

    init(document: XLIFFDocument, locale: String?, tables: ReturnedTranslation.Tables, fromXcloc: Bool = false) {
        (self.document, self.locale, self.tables, self.fromXcloc) = (document, locale, tables, fromXcloc)
    }

    private mutating func warn(_ message: String, at range: Range<Int>) {
        problems.append(Diagnostic(.translationNotImported, message, at: range))
    }

    mutating func run() {
        let d = document
        let count = d.units.count
        let units = "\(count) unit\(count == 1 ? "" : "s")"
        if let prefix = d.namespacePrefix {
            warn(
                "the XLIFF namespace is written with the prefix '\(prefix):': Xcode skips such a file without a word, and none of its \(units) is imported; write it with xmlns=\"\(xliff12Namespace)\" on <xliff>",
                at: d.root)
            return
        }
        if !d.declaresNamespace {
            warn(
                "<xliff> does not declare the XLIFF 1.2 namespace: Xcode does not read its elements, and none of its \(units) is imported; add xmlns=\"\(xliff12Namespace)\"",
                at: d.root)
            return
        }
        guard let locale else {
            problems.append(
                Diagnostic(
                    .invalidXLIFF,
                    "no <file> says its target-language: the locale of the translations is not known (write target-language=\"de\")",
                    at: d.root))
            return
        }
        for file in d.files {
            let tag = file.element.startTag
            if let language = file.targetLanguage, language != locale {
                problems.append(
                    Diagnostic(
                        .invalidXLIFF,
                        fromXcloc
                            ? "this <file> is in '\(language)', but the .xcloc is for '\(locale)': Xcode imports an .xcloc into one locale; its units are not checked"
                            : "this <file> is in '\(language)', but the file's first is in '\(locale)': a returned file is checked in one locale; its units are not checked",
                        at: tag))
                continue
            }
            guard let original = file.original else {
                warn("this <file> has no original: Xcode cannot tell which table its units belong to, and imports none of them", at: tag)
                continue
            }
            guard let (scope, catalog) = resolve(original) else {
                let n = file.units.count
                warn(
                    "'\(original)' names no table of the files checked: its \(n == 1 ? "unit is" : "\(n) units are") not checked (check the folder that holds the table with this file)",
                    at: tag)
                continue
            }
            let kind: IDKind =
                original.hasSuffix(".stringsdict") ? .stringsdict : original.hasSuffix(".xcstrings") ? .catalog : .plain
            for i in file.units { map(i, scope: scope, catalog: catalog, kind: kind, locale: locale) }
        }
        checkPluralForms(locale: locale)
    }

    enum IDKind { case catalog, stringsdict, plain }

    /// The table or Interface Builder file `original` (a path relative to the Xcode project)
    /// names: the one whose path ends with it; a legacy table's by its name and folder, whatever
    /// `.lproj` folder the file is in.
    private func resolve(_ original: String) -> (Scope, Catalog?)? {
        func ends(_ path: String, _ suffix: String) -> Bool { path == suffix || path.hasSuffix("/" + suffix) }
        if InterfaceBuilderFile.isInterfaceBuilder(original) {
            return tables.interfaceBuilder.first { ends($0, original) }.map { (.interfaceBuilder($0), nil) }
        }
        if original.hasSuffix(".xcstrings") {
            return tables.catalogs.first { ends($0.path, original) }.map { (.table($0.path), $0) }
        }
        guard original.hasSuffix(".strings") || original.hasSuffix(".stringsdict") else { return nil }
        // `App/en.lproj/Localizable.strings`: the folder above the `.lproj`, and the name.
        let parts = original.split(separator: "/", omittingEmptySubsequences: false)
        let name = String(parts.last ?? "")
        let folder = parts.count >= 2 && parts[parts.count - 2].hasSuffix(".lproj") ? parts.dropLast(2).joined(separator: "/") : nil
        for c in tables.catalogs where !c.path.hasSuffix(".xcstrings") {
            for f in tables.files(c) where PathText.lastComponent(f) == name {
                let parent = PathText.parent(f)
                guard let folder else {
                    if ends(f, original) { return (.table(c.path), c) }
                    continue
                }
                if PathText.lastComponent(parent).hasSuffix(".lproj"), folder.isEmpty || ends(PathText.parent(parent), folder) {
                    return (.table(c.path), c)
                }
            }
        }
        return nil
    }

    private mutating func map(_ index: Int, scope: Scope, catalog: Catalog?, kind: IDKind, locale: String) {
        let u = document.units[index]
        let tag = u.element.startTag
        guard let raw = u.id else {
            warn("a <trans-unit> without an id: Xcode cannot tell which key it translates, and does not import it", at: tag)
            return
        }
        var id: UnitID
        switch kind {
        case .stringsdict: id = UnitID.stringsdict(raw) ?? UnitID(key: raw)
        case .plain: id = UnitID(key: raw)
        case .catalog:
            id = UnitID.catalog(raw)
            if id.isVariation, let catalog, catalog.entries.contains(LocalizationKey(raw)) {
                let variation = Self.describe(id)
                if catalog.entries.contains(LocalizationKey(id.key)) {
                    warn(
                        "\(Self.quoted(raw)) is a key of \(PathText.lastComponent(catalog.path)), and also key \(Self.quoted(id.key)) \(variation): Xcode cannot tell them apart (its export stops on such a pair); rename one of the keys",
                        at: tag)
                } else {
                    warn(
                        "Xcode reads \(Self.quoted(raw)) as key \(Self.quoted(id.key)) \(variation), and ignores this update of key \(Self.quoted(raw)); rename the key so that it does not end in '\(raw.suffix(from: raw.range(of: UnitID.separator, options: .backwards)!.lowerBound))'",
                        at: tag)
                }
                return
            }
        }
        if let catalog, !catalog.entries.contains(LocalizationKey(id.key)) {
            warn(
                "\(Self.quoted(id.key)) is no key of \(PathText.lastComponent(catalog.path)) (removed since the export?): Xcode has nowhere to import it",
                at: tag)
            return
        }
        identified.append((index, scope, id))
        guard let target = u.target else { return }  // nothing to import: the table's text stays
        let state = target[attribute: "state"] ?? ""
        if state == "new" || state.hasPrefix("needs-") {
            let probably = ["new", "needs-review-l10n", "needs-review-translation"].contains(state) ? "" : "probably "
            warn(
                "state \"\(state)\": Xcode \(probably)does not import this target (the table's text stays); mark it translated (or final) once it is done",
                at: target.startTag)
            return
        }
        if id.substitution != nil, kind == .catalog, u.source?.text == raw {
            warn(
                "a plural form the \(catalog?.sourceLanguage ?? "development") text does not have, with the unit's id as its <source>: Xcode skips it on import",
                at: target.startTag)
            return
        }
        if let catalog, let source = u.source?.text, let entry = catalog.entries[LocalizationKey(id.key)] {
            let known = Self.developmentTexts(entry, catalog: catalog, id: id)
            if !known.isEmpty, !known.map(Self.shape).contains(Self.shape(source)) {
                warn(
                    "the <source> is \(Self.quoted(source)), but the \(catalog.sourceLanguage) text is now \(Self.quoted(known[0])): the translation was made for an older text; Xcode imports it anyway (the <source> is ignored)",
                    at: u.source!.startTag)
            }
        }
        let plural = id.plural.flatMap(PluralCategory.init(rawValue:))
        let text = ReturnedText(key: id.key, device: id.device, plural: plural, substitution: id.substitution, text: target.text)
        texts[scope, default: []].append(text)
        // One id twice: the later text is laid over the earlier (as a file read in order), and
        // the finding about it goes to the later unit.
        if let k = units[scope]?[id.key]?.firstIndex(where: { $0.id == id }) {
            let earlier = units[scope]![id.key]![k].unit
            warn(
                "another unit further down has the id \(Self.quoted(raw)): Xcode imports one of them; this one is not checked (the later is)",
                at: document.units[earlier].element.startTag)
            units[scope]![id.key]!.remove(at: k)
        }
        units[scope, default: [:]][id.key, default: []].append((index, id))
    }

    /// The development-language texts a unit's `<source>` may read: the text of its variation,
    /// and the text without variations (what Xcode writes for a variation only the target has).
    static func developmentTexts(_ entry: CatalogEntry, catalog: Catalog, id: UnitID) -> [String] {
        guard let l = entry.localizations[catalog.sourceLanguage] else { return [] }
        var out: [String] = []
        if let name = id.substitution {
            if let c = id.plural.flatMap(PluralCategory.init(rawValue:)), let s = l.substitutions[name]?.plural[c] { out.append(s) }
            return out
        }
        var unit: CatalogUnit? = l.unit
        if let d = id.device, case .device(let m)? = unit { unit = m[d] }
        if let p = id.plural.flatMap(PluralCategory.init(rawValue:)), case .plural(let m)? = unit { unit = m[p] }
        if case .text(let s)? = unit { out.append(s) }
        if case .text(let s) = l.unit, !out.contains(s) { out.append(s) }
        return out
    }

    /// Plural forms the locale needs that came back empty while the other forms of the same
    /// text did not: said at the empty one.
    private mutating func checkPluralForms(locale: String) {
        let needed = Set(PluralRules.samples(for: locale).keys.map(\.rawValue))
        struct Group: Hashable {
            let file: Int
            let key: String
            let device: String?
            let substitution: String?
        }
        var translated = Set<Group>()
        var empty: [(Group, Int, String)] = []
        for (i, u) in document.units.enumerated() {
            guard let raw = u.id else { continue }
            let original = document.files.indices.contains(u.file) ? document.files[u.file].original ?? "" : ""
            let id =
                original.hasSuffix(".stringsdict") ? UnitID.stringsdict(raw) : original.hasSuffix(".xcstrings") ? UnitID.catalog(raw) : nil
            guard let id, let c = id.plural, needed.contains(c) else { continue }
            let g = Group(file: u.file, key: id.key, device: id.device, substitution: id.substitution)
            if let t = u.target, !t.text.isEmpty { translated.insert(g) } else { empty.append((g, i, c)) }
        }
        let samples = PluralRules.samples(for: locale)
        for (g, i, c) in empty where translated.contains(g) {
            let u = document.units[i]
            let number = PluralCategory(rawValue: c).flatMap { samples[$0] }.map { " (such as \(Self.number($0)))" } ?? ""
            warn(
                "the \(locale) plural form '\(c)' of \(Self.quoted(g.key)) came back empty while its other forms are translated: \(locale) uses it for some numbers\(number); translate it",
                at: u.target?.startTag ?? u.element.startTag)
        }
    }

    static func number(_ n: Double) -> String { n == n.rounded() ? String(Int(n)) : String(n) }

    /// A text with each format specifier (and a substitution's `%arg`) as one placeholder: an
    /// export writes a form's argument `%lld` or `%1$lld` where the table says `%arg`.
    static func shape(_ text: String) -> String {
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            guard text[i] == "%" else {
                out.append(text[i])
                i = text.index(after: i)
                continue
            }
            var j = text.index(after: i)
            if j < text.endIndex, text[j] == "%" {
                out += "%%"
                i = text.index(after: j)
                continue
            }
            if text[j...].hasPrefix("arg") {
                out += "\u{1}"
                i = text.index(j, offsetBy: 3)
                continue
            }
            // Position, flags, width, precision, length, conversion (or a substitution `#@…@`).
            while j < text.endIndex, "0123456789$-+ #'.hlqzjtL".contains(text[j]) { j = text.index(after: j) }
            if j < text.endIndex, text[j] == "@", text[text.index(before: j)] == "#",
                let close = text[text.index(after: j)...].firstIndex(of: "@")
            {
                j = close
            }
            if j < text.endIndex { j = text.index(after: j) }
            out += "\u{1}"
            i = j
        }
        return out
    }

    static func describe(_ id: UnitID) -> String {
        var parts: [String] = []
        if let d = id.device { parts.append("on \(d)") }
        if let s = id.substitution { parts.append("substitution \(s)") }
        if let p = id.plural { parts.append("plural \(p)") }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    static func quoted(_ s: String) -> String { "\"" + s.debugDescription.dropFirst().dropLast() + "\"" }
}
