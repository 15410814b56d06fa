import Foundation
import LabelSpecSemantics
import LabelSpecSupport

/// The string tables of a namespace: its String Catalogs and legacy `.strings` / `.stringsdict`
/// tables, read once when the namespace is made (docs/language.md, "Localization").
public final class Localizations: @unchecked Sendable, LocalizationLookup {
    public let catalogs: [Catalog]
    /// Every locale of every table, the source language first, then sorted.
    public let locales: [String]
    /// The development language: that of the first String Catalog (by path), else `en`.
    public let sourceLanguage: String

    /// The files each legacy table was read from, by table name (what `reread` compares).
    let legacyFiles: [String: Set<String>]
    /// The files that could not be read (tried again by `reread`).
    let unreadable: Set<String>
    /// The folder read without its subfolders (a workspace without `labelspec.json`), where
    /// `tablesNotRead` looks; nil when the tables were read recursively or from no folder.
    let flatRoot: String?
    private let notReadLock = Lock()
    nonisolated(unsafe) private var notRead: String??

    /// The tables are read: from here on they do not change.
    public convenience init(catalogs: [Catalog] = []) {
        self.init(catalogs: catalogs, legacyFiles: [:], unreadable: [])
    }

    init(catalogs: [Catalog], legacyFiles: [String: Set<String>], unreadable: Set<String>, flatRoot: String? = nil) {
        self.catalogs = catalogs
        self.legacyFiles = legacyFiles
        self.unreadable = unreadable
        self.flatRoot = flatRoot
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

    /// The file of a legacy table (`.strings`, `.stringsdict` in `LOCALE.lproj` folders) that
    /// holds `locale`'s texts: its `.stringsdict` for `plural` texts, else its `.strings` (the
    /// other kind when there is only that one); nil for a String Catalog, or when no file of the
    /// table is that locale's. A legacy table is one `Catalog` of many files, and its `path` is
    /// only the first of them (in path order, `de.lproj` before `en.lproj`).
    public func legacyFile(of catalog: Catalog, locale: String, plural: Bool) -> String? {
        guard let files = legacyFiles[catalog.table], !catalog.path.hasSuffix(".xcstrings") else { return nil }
        let mine = files.filter { (LegacyStrings.locale(of: $0) ?? catalog.sourceLanguage) == locale }.sorted()
        let preferred = plural ? ".stringsdict" : ".strings"
        return mine.first { $0.hasSuffix(preferred) } ?? mine.first
    }

    /// Whether a table has `key` (by its exact scalars, as iOS compares keys).
    public func hasKey(_ key: LocalizationKey) -> Bool { catalogs.contains { $0.entries.contains(key) } }

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

    /// The names of string table files.
    public static let suffixes = [".xcstrings", ".strings", ".stringsdict"]

    /// Whether a path names a string table.
    public static func isTable(_ path: String) -> Bool { suffixes.contains { path.hasSuffix($0) } }

    /// The table files of a namespace rooted at `root`: with `recursive` (a `labelspec.json`
    /// root) every table under it (`ProjectFiles.files`); without, those directly in `root` and
    /// in the `*.lproj` folders directly in it (the root's own tables, as in any Xcode target:
    /// `en.lproj/Localizable.strings` beside `Settings.labelspec`). Sorted.
    public static func tablePaths(under root: String, recursive: Bool, limit: Int) -> [String] {
        var paths = tableFiles(under: root, recursive: recursive, limit: limit)
        if !recursive {
            for folder in lprojFolders(in: root) where paths.count < limit {
                paths += tableFiles(under: folder, recursive: false, limit: limit - paths.count)
            }
            paths.sort()
        }
        return paths
    }

    /// The tables the walk finds in `folder` and, in a command-line run, those that are links
    /// out of the folders it may read (`ReadRoots`): reading one fails with an `invalid-catalog`
    /// error that says where it leads, where the walk would leave it out without a word (and a
    /// key of it would be "in no String Catalog").
    static func tableFiles(under folder: String, recursive: Bool, limit: Int) -> [String] {
        let walk = ProjectFiles.walk(under: folder, recursive: recursive, suffixes: suffixes, limit: limit)
        guard ReadRoots.isConfined else { return walk.files }
        return walk.files + walk.unreadable.map(\.path).filter { isTable($0) && ReadRoots.leadsOutside($0) }
    }

    /// The `*.lproj` folders directly in `root` (links to folders included), sorted.
    public static func lprojFolders(in root: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        let base = root.hasSuffix("/") ? root : root + "/"
        return names.filter { $0.hasSuffix(".lproj") && !$0.hasPrefix(".") }.sorted().map { base + $0 }.filter {
            var info = stat()
            return stat($0, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        }
    }

    /// Whether `folder` (absolute) is one a namespace rooted at `root` reads its tables from
    /// without its subfolders: `root` itself or a `*.lproj` folder directly in it.
    public static func isFlatTableFolder(_ folder: String, root: String) -> Bool {
        folder == root || (PathText.parent(folder) == root && PathText.lastComponent(folder).hasSuffix(".lproj"))
    }

    /// Where tables are that a workspace without `labelspec.json` does not read: the folders
    /// below its root (its own `*.lproj` folders aside, and any folder that is a workspace of its
    /// own) that hold a table, found by the one folder walk listing at most 400 folders, only
    /// when a key is missing. Nil when there are none.
    public var tablesNotRead: String? {
        guard let root = flatRoot else { return nil }
        if let known = notReadLock.withLock({ notRead }) { return known }
        let found = Localizations.describeTablesBelow(root)
        notReadLock.withLock { notRead = .some(found) }
        return found
    }

    static func describeTablesBelow(_ root: String) -> String? {
        let base = root.hasSuffix("/") ? root : root + "/"
        // The one folder walk, as a labelspec.json would read the tree (nested workspaces left
        // to themselves), listing 400 folders at most; the root's own tables are read already.
        let tables = ProjectFiles.walk(under: root, recursive: true, suffixes: suffixes, folderLimit: 400).files
        var found: [String] = []
        for path in tables {
            let folder = PathText.parent(path)
            if !isFlatTableFolder(folder, root: root), found.last != folder { found.append(folder) }
        }
        guard let first = found.first else { return nil }
        let name = first.hasPrefix(base) ? String(first.dropFirst(base.count)) : first
        let more = found.count > 1 ? " and \(found.count - 1) more folder\(found.count == 2 ? "" : "s")" : ""
        return
            "tables in '\(name)'\(more) were not read: without a labelspec.json a spec's folder reads only its own tables and those of its *.lproj folders; add a labelspec.json to '\(PathText.lastComponent(root))' to read its subfolders"
    }

    /// Reads the tables of a namespace: `*.xcstrings`, `*.strings` and `*.stringsdict` under
    /// `root` (see `tablePaths`). Legacy files are grouped by table name (`de.lproj/
    /// Localizable.strings` and `en.lproj/Localizable.stringsdict` are one table).
    /// `replacing`: a table's absolute path and the text read for it instead of the file's (the
    /// file is added when the walk does not find it: a name given to standard input).
    public static func read(under root: String, recursive: Bool, limit: Int, replacing: (path: String, bytes: [UInt8])? = nil)
        -> Localizations
    {
        read(under: root, recursive: recursive, limit: limit, replacing: replacing, keeping: nil)
    }

    /// `read` again after the files at `changed` changed on disk: the tables of the files not
    /// changed are these tables' own objects (not read again); a String Catalog changed is read
    /// alone, a legacy table with a changed file is read again whole (its files are checked
    /// against each other). The folder is listed again: new and deleted files count as changed.
    public func reread(under root: String, recursive: Bool, limit: Int, changed: Set<String>) -> Localizations {
        var kept: [String: Catalog] = [:]
        var keptLegacy: [String: (catalog: Catalog, files: Set<String>)] = [:]
        for c in catalogs where !unreadable.contains(c.path) {
            if c.path.hasSuffix(".xcstrings") {
                kept[c.path] = c
            } else if let files = legacyFiles[c.table] {
                keptLegacy[c.table] = (c, files)
            }
        }
        return Localizations.read(
            under: root, recursive: recursive, limit: limit, replacing: nil,
            keeping: Keeping(catalogs: kept, legacy: keptLegacy, changed: changed))
    }

    /// What `reread` keeps: tables by path (String Catalogs) and by name (legacy tables, with
    /// the files they were read from), and the files that changed.
    struct Keeping {
        let catalogs: [String: Catalog]
        let legacy: [String: (catalog: Catalog, files: Set<String>)]
        let changed: Set<String>
    }

    private static func read(
        under root: String, recursive: Bool, limit: Int, replacing: (path: String, bytes: [UInt8])?, keeping: Keeping?
    ) -> Localizations {
        var catalogs: [Catalog] = []
        var legacy: [Catalog] = []
        var legacyFiles: [String: Set<String>] = [:]
        // Files that cannot be read (a FIFO, a device, no permission, past the size limit): a
        // located problem each, on a table of their own with no keys, listed last.
        var unreadable: [Catalog] = []
        var paths = tablePaths(under: root, recursive: recursive, limit: limit)
        if let replacing, !paths.contains(replacing.path) {
            paths.append(replacing.path)
            paths.sort()
        }
        func read(_ path: String) -> [UInt8]? {
            switch replacing?.path == path ? .success(replacing!.bytes) : ProjectFiles.readFile(path) {
            case .success(let b): return b
            case .failure(let error):
                unreadable.append(Catalog.unreadable(path, error))
                return nil
            }
        }
        /// Whether `keeping` holds the table read from `files`, none of them changed since.
        func unchanged(_ files: [String]) -> Bool { keeping.map { k in !files.contains(where: k.changed.contains) } ?? false }
        var legacyOrder: [String] = []
        var legacyPaths: [String: [String]] = [:]
        for path in paths {
            if path.hasSuffix(".xcstrings") {
                if unchanged([path]), let c = keeping?.catalogs[path] {
                    catalogs.append(c)
                } else if let bytes = read(path) {
                    catalogs.append(CatalogReader.read(path: path, bytes: bytes))
                }
            } else {
                let table = CatalogReader.tableName(path)
                if legacyPaths[table] == nil { legacyOrder.append(table) }
                legacyPaths[table, default: []].append(path)
            }
        }
        let source = catalogs.first?.sourceLanguage ?? "en"
        for table in legacyOrder {
            let files = legacyPaths[table] ?? []
            if unchanged(files), let old = keeping?.legacy[table], old.files == Set(files), old.catalog.sourceLanguage == source {
                legacy.append(old.catalog)
                legacyFiles[table] = old.files
                continue
            }
            let read = files.compactMap { path in read(path).map { (path: path, bytes: $0) } }
            guard !read.isEmpty else { continue }
            legacy.append(Catalog.read(legacy: read, sourceLanguage: source))
            legacyFiles[table] = Set(read.map(\.path))
        }
        return Localizations(
            catalogs: catalogs + legacy + unreadable, legacyFiles: legacyFiles, unreadable: Set(unreadable.map(\.path)),
            flatRoot: recursive ? nil : root)
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
