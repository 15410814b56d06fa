import LabelSpecSemantics

/// The string tables of a namespace: its String Catalogs and legacy `.strings` / `.stringsdict`
/// tables, read once when the namespace is made (docs/language.md, "Localization").
public final class Localizations: @unchecked Sendable {
    public let catalogs: [Catalog]

    /// Every key of every table (by its exact scalars, as iOS compares keys).
    public let keys: Set<LocalizationKey>
    /// Every locale of every table, the source language first, then sorted.
    public let locales: [String]
    /// The development language: that of the first String Catalog (by path), else `en`.
    public let sourceLanguage: String

    /// The tables are read: from here on they do not change.
    public init(catalogs: [Catalog] = []) {
        self.catalogs = catalogs
        var keys = Set<LocalizationKey>()
        var locales = Set<String>()
        for c in catalogs {
            keys.formUnion(c.entries.keys)
            locales.formUnion(c.locales)
        }
        let source = catalogs.first { $0.path.hasSuffix(".xcstrings") }?.sourceLanguage ?? "en"
        locales.remove(source)
        self.keys = keys
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

    /// The development-language text of each key (the source unit's text, else the key).
    public var developmentTexts: [LocalizationKey: String] {
        var out: [LocalizationKey: String] = [:]
        for c in catalogs.reversed() {
            for (key, entry) in c.entries {
                if case .text(let s)? = entry.localizations[c.sourceLanguage]?.unit { out[key] = s } else if out[key] == nil { out[key] = key.string }
            }
        }
        return out
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
