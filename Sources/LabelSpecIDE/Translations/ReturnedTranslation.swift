import LabelLocalization
import LabelSpecSemantics
import LabelSpecSupport
import XLIFF

/// An XLIFF file translators sent back (alone, or in an `.xcloc`'s `Localized Contents`),
/// mapped onto the tables of the project it is checked with: which texts Xcode's import would
/// write into which table, and what it would silently leave out (docs/translators.md).
public struct ReturnedTranslation: Sendable {
    /// The file, as output names it.
    public let path: String
    public let bytes: [UInt8]
    /// Nil when the file is not well-formed XLIFF (`problems` says why).
    public let document: XLIFFDocument?
    /// The locale the targets are in: the `.xcloc`'s `targetLocale`, else the files'
    /// `target-language`.
    public let locale: String?
    /// `invalid-xliff` and `translation-not-imported`, in the file's bytes.
    public private(set) var problems: [Diagnostic] = []
    /// The texts Xcode would import, per table file (`Catalog.path`) or Interface Builder file.
    public private(set) var texts: [Scope: [ReturnedText]] = [:]
    /// The unit of each returned text, by scope and key (where a finding about it is placed).
    public private(set) var units: [Scope: [String: [(unit: Int, id: UnitID)]]] = [:]
    /// Every unit whose table and key are known, whatever its target says.
    public private(set) var identified: [(unit: Int, scope: Scope, id: UnitID)] = []

    /// What a returned text is laid over: a table, or the translations of an Interface Builder file.
    public enum Scope: Hashable, Sendable {
        case table(String)
        case interfaceBuilder(String)
    }

    /// The tables and Interface Builder files a returned file's `<file original>` may name.
    public struct Tables {
        public var catalogs: [Catalog]
        /// A legacy table's files (`Localizations.files(of:)`).
        public var files: (Catalog) -> [String]
        public var interfaceBuilder: [String]

        public init(catalogs: [Catalog], files: @escaping (Catalog) -> [String], interfaceBuilder: [String]) {
            (self.catalogs, self.files, self.interfaceBuilder) = (catalogs, files, interfaceBuilder)
        }
    }

    /// Reads `bytes` and maps them onto `tables`; `xclocLocale` is the `targetLocale` of the
    /// `.xcloc` the file is in (nil: a file alone).
    public init(path: String, bytes: [UInt8], xclocLocale: String?, tables: Tables) {
        switch XLIFFDocument.read(bytes) {
        case .failure(let p):
            self.init(path: path, bytes: bytes, locale: xclocLocale, unread: p)
        case .success(let d):
            self.init(path: path, document: d, xclocLocale: xclocLocale, tables: tables)
        }
    }

    /// A file that is not well-formed XLIFF: its one `invalid-xliff` problem.
    private init(path: String, bytes: [UInt8], locale: String?, unread p: XLIFFProblem) {
        (self.path, self.bytes, document, self.locale) = (path, bytes, nil, locale)
        problems = [Diagnostic(.invalidXLIFF, "Xcode cannot import this file: " + p.message, at: p.range)]
    }

    /// Maps a file already read (`budgets --xcloc` reads it to strip it) onto `tables`.
    public init(path: String, document d: XLIFFDocument, xclocLocale: String?, tables: Tables) {
        self.path = path
        bytes = d.bytes
        document = d
        locale = xclocLocale ?? d.files.compactMap(\.targetLanguage).first
        var mapper = UnitMapper(document: d, locale: locale, tables: tables, fromXcloc: xclocLocale != nil)
        mapper.run()
        problems = mapper.problems
        texts = mapper.texts
        units = mapper.units
        identified = mapper.identified
        if let locale { checkFormats(locale: locale, tables: tables) }
    }

    /// `format-mismatch`: each returned text laid over its table and compared with the
    /// development text's arguments, as a table's own translations are when it is read; said
    /// at the unit's target.
    private mutating func checkFormats(locale: String, tables: Tables) {
        for (scope, returned) in texts {
            guard case .table(let path) = scope, let catalog = tables.catalogs.first(where: { $0.path == path }) else { continue }
            let overlaid = catalog.overlaying(locale: locale, returned)
            for key in Set(returned.map(\.key)).sorted() {
                for m in overlaid.formatMismatches(key, locale: locale) {
                    // Only a text that came back: the table's own are its problems.
                    guard
                        let unit = units[scope]?[key]?.first(where: {
                            $0.id.device == m.device && $0.id.plural == m.plural && $0.id.substitution == nil
                        })?.unit
                    else { continue }
                    problems.append(Diagnostic(.formatMismatch, m.message, at: range(ofUnit: unit)))
                }
            }
        }
    }

    /// The unit a finding about `key` (in `scope`) with the worst cell's plural form and device
    /// is placed at: the unit of exactly that variation, else the key's unit without one (a
    /// substitution's format), else its first unit.
    public func unit(for key: String, in scope: Scope, plural: String?, device: String?) -> Int? {
        guard let found = units[scope]?[key], !found.isEmpty else { return nil }
        let simple = plural.flatMap { $0.contains(":") ? nil : $0 }
        // Several substitutions' forms (`photos: other, albums: one`): of the returned forms it
        // shows, the longest text.
        if let plural, simple == nil {
            let pairs = Set(plural.split(separator: ",").map { $0.split(separator: ":").map { $0.trimming(" ") }.joined(separator: ":") })
            let forms = found.filter { u in u.id.substitution.map { pairs.contains("\($0):\(u.id.plural ?? "")") } ?? false }
            if let longest = forms.max(by: { targetLength($0.unit) < targetLength($1.unit) }) { return longest.unit }
            // Its format came back, and none of its forms: the format.
            return found.first { !$0.id.isVariation }?.unit
        }
        // The unit of exactly the variation measured: a text of the table that did not come
        // back (another plural form, another device) is not the returned file's to say.
        if let exact = found.first(where: { $0.id.plural == simple && $0.id.device == device && $0.id.substitution == nil }) {
            return exact.unit
        }
        // One substitution's form is named by its category alone.
        if let simple, device == nil, let form = found.first(where: { $0.id.plural == simple && $0.id.substitution != nil }) {
            return form.unit
        }
        return nil
    }

    private func targetLength(_ unit: Int) -> Int { document?.units[unit].target?.text.count ?? 0 }

    /// Where a finding about unit `index` is said: its `<target>`'s text (the start tag of an
    /// empty one), else the unit's start tag.
    public func range(ofUnit index: Int) -> Range<Int> {
        guard let u = document?.units[index] else { return 0..<0 }
        guard let t = u.target else { return u.element.startTag }
        return t.content.isEmpty ? t.startTag : t.content
    }
}
