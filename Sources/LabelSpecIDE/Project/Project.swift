import Foundation
import JSON
import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary

/// The project model of `check` and the language server alike: which files share names, each
/// group (`Namespace`) with its `labelspec.json`, String Catalogs and measurer, and which
/// namespace each known document is in (language.md, "Which files share names"). A namespace is a
/// folder holding `labelspec.json` with every file below it except under folders holding their own
/// (`configured`), else the one folder of a file, without its subfolders. Documents that are not
/// files (an editor's `untitled:`) share one namespace with no root and no configuration.
///
/// The project only reads `labelspec.json` and catalogs; a front end reads the `.labelspec` files
/// (`check` in parallel, the server with the editor's text) and adds them. Documents are named by
/// the caller's ids (`check`: the path shown to the user; the server: the URI); `path` turns an id
/// into a file path, or nil for a document that is not a file.
public final class Project {
    /// Namespaces by root folder (`""` for the documents that are not files).
    public private(set) var namespaces: [String: Namespace] = [:]
    private var namespaceOf: [String: Namespace] = [:]
    /// Folder → the configured root above it (nil: none), for `namespace(for:)`; forgotten with
    /// the namespaces.
    private var knownRoots: [String: String?] = [:]
    /// At most this many files per walk (`.labelspec` files of a namespace, catalogs, a folder):
    /// a root high up the file system must not stall an editor.
    public let fileLimit: Int
    private let cachesLayouts: Bool
    private let path: (String) -> String?
    /// The `labelspec.json` every namespace uses instead of its root's (`--config`); nil: each
    /// namespace reads its own.
    public let configurationFile: ConfigurationFile?
    /// A string table whose text is not the file's (`check -` with `--stdin-filename
    /// Localizable.xcstrings`): its absolute path and bytes, read in place of the file on disk
    /// (or as a file of its folder when there is none).
    public let tableText: (path: String, bytes: [UInt8])?

    public init(
        fileLimit: Int = .max, cachesLayouts: Bool = true, configurationFile: ConfigurationFile? = nil,
        tableText: (path: String, bytes: [UInt8])? = nil, path: @escaping (String) -> String? = { $0 }
    ) {
        self.fileLimit = fileLimit
        self.cachesLayouts = cachesLayouts
        self.configurationFile = configurationFile
        self.tableText = tableText
        self.path = path
    }

    /// The namespace of a document in the project.
    public func namespace(of id: String) -> Namespace? { namespaceOf[id] }

    /// A document in the project, whatever its namespace.
    public func document(_ id: String) -> Workspace.Document? { namespaceOf[id]?.workspace.documents[id] }

    /// Every document in the project, by id.
    public var documents: [(id: String, document: Workspace.Document)] {
        namespaceOf.compactMap { id, ns in ns.workspace.documents[id].map { (id, $0) } }.sorted { $0.id < $1.id }
    }

    /// The namespace document `id` belongs to. A namespace is created (its `labelspec.json` and
    /// catalogs read) the first time one of its documents is asked for: `created` then tells the
    /// caller to add its files (`Namespace.files`).
    public func namespace(for id: String) -> (namespace: Namespace, created: Bool) {
        let root = path(id).map { ProjectFiles.root(of: $0, known: &knownRoots) }
        if let ns = namespaces[root?.path ?? ""] { return (ns, false) }
        let ns = Namespace(
            root: root?.path, configured: root?.configured ?? false, fileLimit: fileLimit, cachesLayouts: cachesLayouts,
            configurationFile: configurationFile, tableText: tableText)
        namespaces[root?.path ?? ""] = ns
        return (ns, true)
    }

    /// Puts a document in `namespace` (replacing one with the same id).
    public func add(_ document: Workspace.Document, to namespace: Namespace) {
        if let other = namespaceOf[document.id], other !== namespace { other.workspace.close(id: document.id) }
        namespace.workspace.add(document)
        namespaceOf[document.id] = namespace
    }

    /// Parses `text` as document `id` of `namespace` (see `add`).
    public func open(_ id: String, text: [UInt8], in namespace: Namespace) {
        add(Workspace.Document.make(id: id, bytes: text), to: namespace)
    }

    /// Takes a document out of the project; returns the namespace it was in.
    @discardableResult
    public func remove(_ id: String) -> Namespace? {
        guard let ns = namespaceOf.removeValue(forKey: id) else { return nil }
        ns.workspace.close(id: id)
        return ns
    }

    /// Forgets every namespace and document (the files on disk are read again as they are asked for).
    public func removeAll() {
        knownRoots = [:]
        namespaces = [:]
        namespaceOf = [:]
    }

    // MARK: - Files on disk

    /// Whether the walk of its namespace lists `file` (a `.labelspec` file, a catalog): no name on
    /// its path below the root starts with `.`, and no folder there is `node_modules` or an `.xcloc`. A file the
    /// editor reports as created or changed is taken only then, as `check` would take it.
    public static func isNamespaceFile(_ file: String) -> Bool {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        let root = ProjectFiles.root(of: absolute).path
        let below = absolute.dropFirst(root.hasSuffix("/") ? root.count : root.count + 1).split(separator: "/")
        return !below.contains { $0.hasPrefix(".") } && !below.dropLast().contains { ProjectFiles.isSkippedFolder(String($0)) }
    }

    /// The `.labelspec` files under `folders` (`check`'s folder arguments, the editor's workspace
    /// folders), each real file once, into nested namespaces too, at most `limit` in all.
    /// With `interfaceBuilder`, `.storyboard` and `.xib` files too (`check`, `measure`).
    public static func files(under folders: [String], limit: Int = .max, interfaceBuilder: Bool = false) -> [String] {
        walk(under: folders, limit: limit, interfaceBuilder: interfaceBuilder).files
    }

    /// `files(under:)`, with what the walk could not look into (`ProjectFiles.walk`).
    public static func walk(
        under folders: [String], limit: Int = .max, interfaceBuilder: Bool = false, swift: Bool = false
    ) -> (files: [String], unreadable: [(path: String, reason: String)]) {
        var files: [String] = []
        var unreadable: [(path: String, reason: String)] = []
        let suffixes = [".labelspec"] + (interfaceBuilder ? InterfaceBuilderFile.suffixes : []) + (swift ? SwiftSourceFile.suffixes : [])
        for folder in folders where files.count < limit {
            let found = ProjectFiles.walk(
                under: folder, recursive: true, suffixes: suffixes, limit: limit - files.count, nestedWorkspaces: true)
            files += found.files
            unreadable += found.unreadable
        }
        return (files, unreadable)
    }
}

/// Files that share names: one `Workspace` with the configuration, String Catalogs and measurer
/// of its root (see `Project`). Front ends lay their own settings over its `settings` (`use`: the
/// editor's) or their choices over its measuring `plan` (`check --content-size`, `--locale`).
public final class Namespace {
    /// The root folder, absolute; nil for the documents that are not files.
    public let root: String?
    /// Whether the root holds `labelspec.json` (its subfolders then belong to it too).
    public let configured: Bool
    public let workspace = Workspace()
    /// The root's `labelspec.json`, read once, with its problems; nil when there is none.
    public let configurationFile: ConfigurationFile?
    /// The settings in force: the file's, then whatever the front end lays over them (`use`).
    public private(set) var settings: Settings
    /// The configuration in force.
    public var configuration: Configuration { settings.configuration }
    /// The Dynamic Type sizes diagnostics measure at (`contentSizes`: an empty list measures none).
    public var contentSizes: [ContentSizeCategory] { settings.configuration.contentSizes }
    public private(set) var measurer: Measurer {
        didSet { epoch += 1 }  // other fonts: every kept measurement is stale
    }
    /// The namespace's string tables (String Catalogs, `.strings`, `.stringsdict`), read when
    /// the namespace is made and again, table by table, when their files change
    /// (`rereadLocalizations`, `replaceLocalizations`).
    public private(set) var localizations: Localizations
    /// What the namespace's labels are measured with: the configuration in force over its string
    /// tables, made here alone (a front end lays its own choices over it: `MeasuringPlan.at`,
    /// `inLocales`, …). Not kept: made from `settings` and `localizations` when asked for.
    public var plan: MeasuringPlan { MeasuringPlan(configuration, localizations: localizations) }
    /// Identifies the measurer and the texts measured in measured results kept between snapshots
    /// (`Checks.snapshot`): one more when the fonts change, when a setting that changes the texts
    /// does (`SettingDescriptor.Invalidation.texts`), and when the string tables are read again.
    public private(set) var epoch = 0
    /// Diagnostics per leaf chunk, kept between snapshots (see `Checks`).
    public let diagnosticsCache = DiagnosticsCache()
    private let fileLimit: Int
    private let cachesLayouts: Bool

    init(
        root: String?, configured: Bool, fileLimit: Int, cachesLayouts: Bool, configurationFile override: ConfigurationFile? = nil,
        tableText: (path: String, bytes: [UInt8])? = nil
    ) {
        self.root = root
        self.configured = configured
        self.fileLimit = fileLimit
        self.cachesLayouts = cachesLayouts
        let file = override ?? (configured ? root.map { ConfigurationFile.read($0 + "/" + ConfigurationFile.name) } : nil)
        configurationFile = file
        settings = file?.settings ?? Settings()
        measurer = settings.measurer(cachesLayouts: cachesLayouts)
        let tables =
            root.map { Localizations.read(under: $0, recursive: configured, limit: fileLimit, replacing: tableText) } ?? Localizations()
        localizations = tables
        if root != nil {
            workspace.localizations = tables
        }
    }

    /// The problems of the namespace's string tables, per file.
    public var catalogProblems: [CatalogProblems] { localizations.problems }

    /// What `labelspec.json` says (or the defaults): what a front end's settings are laid over.
    public var fileSettings: Settings { configurationFile?.settings ?? Settings() }

    /// Puts `settings` in force (a front end's, laid over `fileSettings` by `ConfigurationReader`):
    /// the fonts are made again, and the texts measured count as changed (a new `epoch`), only
    /// when a setting they come from changed (what each invalidates: `SettingDescriptor.all`), so
    /// that kept measurements stay good when nothing they depend on did.
    public func use(_ new: Settings) {
        let stale = SettingDescriptor.invalidated(from: settings, to: new)
        settings = new
        if stale.contains(.measurer) { measurer = new.measurer(cachesLayouts: cachesLayouts) }
        if stale.contains(.texts) { epoch += 1 }  // other texts: every kept measurement is stale
    }

    /// Whether the table file at `path` (absolute) is one this namespace reads.
    public func readsTable(_ path: String) -> Bool {
        guard let root, Localizations.isTable(path) else { return false }
        let folder = PathText.parent(path)
        guard configured else { return Localizations.isFlatTableFolder(folder, root: root) }
        return path.hasPrefix(root + "/") && ProjectFiles.root(of: path).path == root
    }

    /// The tables read again after the files at `changed` (absolute paths) were created,
    /// changed or deleted: only the tables those files belong to are read (a String Catalog's
    /// one file, a legacy table's `.strings` and `.stringsdict` files, which are checked against
    /// each other); every other table is the one already read. Touches nothing of the namespace's
    /// state, so it runs off the thread that answers requests; `replaceLocalizations` puts the
    /// answer in.
    public func rereadLocalizations(_ current: Localizations, changed: Set<String>) -> Localizations {
        guard let root else { return current }
        return current.reread(under: root, recursive: configured, limit: fileLimit, changed: changed)
    }

    /// Puts tables read by `rereadLocalizations` in: every label's text is looked up again.
    public func replaceLocalizations(_ tables: Localizations) {
        localizations = tables
        epoch += 1  // other texts: every kept measurement is stale
        if root != nil { workspace.localizations = tables }
    }

    /// The `.labelspec` files of the namespace on disk, sorted (see `ProjectFiles.files`).
    public func files() -> [String] {
        root.map { ProjectFiles.files(under: $0, recursive: configured, limit: fileLimit) } ?? []
    }

    /// Every diagnostic of a document, the measured ones included, as `check` reports them; kept
    /// per chunk in `diagnosticsCache` (the server's pushes and pulls).
    public func snapshot(_ id: String) -> Checks.Snapshot {
        Checks.snapshot(of: id, in: workspace, plan: plan, cache: diagnosticsCache, epoch: epoch, prefetch: measurer)
    }
}
