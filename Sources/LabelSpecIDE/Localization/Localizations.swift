import LabelSpecSemantics

/// The string tables of a namespace: its String Catalogs and legacy `.strings` / `.stringsdict`
/// tables, read once when the namespace is made (docs/language.md, "Localization").
public final class Localizations: @unchecked Sendable, LocalizationLookup {
    public let catalogs: [Catalog]
    /// Every locale of every table, the source language first, then sorted.
    public let locales: [String]
    /// The development language: that of the first String Catalog (by path), else `en`.
    public let sourceLanguage: String

    /// The tables are read: from here on they do not change.
    public init(catalogs: [Catalog] = []) {
        self.catalogs = catalogs
        var locales = Set<String>()
        for c in catalogs { locales.formUnion(c.locales) }
        let source = catalogs.first { $0.path.hasSuffix(".xcstrings") }?.sourceLanguage ?? "en"
        locales.remove(source)
        self.locales = [source] + locales.sorted()
        sourceLanguage = source
    }

    /// The problems of every file, in path order.
    public var problems: [CatalogProblems] { catalogs.flatMap(\.problems).sorted { $0.path < $1.path } }

    /// The entry of `key`: from the table named `table` when one has it, else from the first
    /// table (by path) that has it.
    public func entry(_ key: String, table: String?) -> (catalog: Catalog, entry: CatalogEntry)? {
        let key = LocalizationKey(key)
        if let table {
            for c in catalogs where c.table == table { if let e = c.entries[key] { return (c, e) } }
        }
        for c in catalogs { if let e = c.entries[key] { return (c, e) } }
        return nil
    }

    /// Whether a table has `key` (by its exact scalars, as iOS compares keys).
    public func hasKey(_ key: LocalizationKey) -> Bool { catalogs.contains { $0.entries[key] != nil } }

    /// The development-language text of `key`: the source unit's text of the first table (by
    /// path) whose source unit is a text, else the key itself when a table has it.
    public func developmentText(_ key: LocalizationKey) -> String? {
        var found = false
        for c in catalogs {
            guard let entry = c.entries[key] else { continue }
            if case .text(let s)? = entry.localizations[c.sourceLanguage]?.unit { return s }
            found = true
        }
        return found ? key.string : nil
    }

    /// Reads the tables of a namespace: `*.xcstrings`, `*.strings` and `*.stringsdict` under
    /// `root` (see `WorkspaceFiles.files`). Legacy files are grouped by table name (`de.lproj/
    /// Localizable.strings` and `en.lproj/Localizable.stringsdict` are one table).
    static func read(under root: String, recursive: Bool, limit: Int) -> Localizations {
        var catalogs: [Catalog] = []
        var legacy: [String: Catalog] = [:]
        var legacyOrder: [String] = []
        var pending: [(path: String, bytes: [UInt8])] = []
        // Files that cannot be read (a FIFO, a device, no permission): a located problem each,
        // on a table of their own with no keys, listed last.
        var unreadable: [Catalog] = []
        for path in WorkspaceFiles.files(under: root, recursive: recursive, suffixes: [".xcstrings", ".strings", ".stringsdict"], limit: limit) {
            let bytes: [UInt8]
            switch WorkspaceFiles.readFile(path) {
            case .success(let b): bytes = b
            case .failure(let error):
                unreadable.append(Catalog.unreadable(path, error))
                continue
            }
            if path.hasSuffix(".xcstrings") {
                catalogs.append(CatalogReader.read(path: path, bytes: bytes))
            } else {
                pending.append((path, bytes))
            }
        }
        let source = catalogs.first?.sourceLanguage ?? "en"
        var tables: [String: [(path: String, bytes: [UInt8])]] = [:]
        for (path, bytes) in pending {
            let table = CatalogReader.tableName(path)
            if tables[table] == nil { legacyOrder.append(table) }
            tables[table, default: []].append((path, bytes))
        }
        for table in legacyOrder { legacy[table] = Catalog.read(legacy: tables[table] ?? [], sourceLanguage: source) }
        return Localizations(catalogs: catalogs + legacyOrder.compactMap { legacy[$0] } + unreadable)
    }
}

/// Locale names of string tables: a `localizations` key of a String Catalog and the `LOCALE` of a
/// `LOCALE.lproj` folder, checked as Xcode takes them, so that a name such as `"de DE"`, `"../x"`,
/// `""` or one of thousands of characters is reported instead of becoming a locale that is
/// measured (and named in every diagnostic).
enum LocaleNames {
    /// The longest name taken.
    static let maxLength = 64

    /// A language identifier (BCP 47 as Xcode writes it): a language of 2 or 3 letters, then
    /// subtags of 1 to 8 letters or digits, each after `-` or `_` (`de`, `pt-BR`, `zh-Hans`,
    /// `sr_Latn_RS`, `es-419`); or `Base`. At most `maxLength` characters.
    static func isValid(_ name: String) -> Bool {
        if name == "Base" { return true }
        let bytes = Array(name.utf8)
        guard bytes.count <= maxLength else { return false }
        func letter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        var subtags = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false) }[...]
        guard let language = subtags.popFirst(), (2...3).contains(language.count), language.allSatisfy(letter) else { return false }
        return subtags.allSatisfy { t in (1...8).contains(t.count) && t.allSatisfy { letter($0) || (0x30...0x39).contains($0) } }
    }

    /// A name as a message shows it: quoted, cut after 40 characters.
    static func shown(_ name: String) -> String {
        "\"" + (name.count > 40 ? String(name.prefix(40)) + "…" : name) + "\""
    }
}
