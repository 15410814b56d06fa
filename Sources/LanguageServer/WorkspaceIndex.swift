import Foundation
import JSONRPC
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics

/// The files that share names (language.md, "Which files share names"), as `labelspec check`
/// groups them: one per workspace root (the nearest folder holding `labelspec.json`, else the
/// file's own folder), each with its configuration, String Catalogs and measurer. Documents that
/// are not files (e.g. `untitled:`) share one namespace with no root and no configuration.
final class Namespace {
    let root: String?
    let configured: Bool
    let workspace = Workspace()
    /// `labelspec.json` with the editor's settings applied over it.
    var configuration = Configuration()
    var contentSizes: [ContentSizeCategory] = [.large]
    var measurer = Measurer() {
        didSet { epoch += 1 }  // other fonts: every kept measurement is stale
    }
    /// Identifies the measurer in measured results kept between pushes (`Checks.snapshot`).
    private(set) var epoch = 0
    /// Diagnostics per leaf chunk, kept between pushes and pulls (see `Checks`).
    let diagnosticsCache = DiagnosticsCache()

    init(root: String?, configured: Bool) {
        self.root = root
        self.configured = configured
    }

    /// Every diagnostic of a document, the measured ones included, as `check` reports them.
    func snapshot(_ uri: String) -> Checks.Snapshot {
        Checks.snapshot(
            of: uri, in: workspace, categories: contentSizes, configuration: configuration, cache: diagnosticsCache, epoch: epoch)
    }
}

extension LanguageServer {
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }

    static func uri(ofPath path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// A file's text as an editor shows it, for documents read from disk: without a leading UTF-8
    /// byte order mark (editors drop it), so that positions on the first line agree with the
    /// editor's once the file is opened.
    static func readAsEditorText(_ path: String) -> [UInt8]? {
        guard let bytes = WorkspaceFiles.read(path) else { return nil }
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// A document the server knows (open, or read from disk), whatever its namespace.
    func document(_ uri: String) -> Workspace.Document? { namespaceOf[uri]?.workspace.documents[uri] }

    /// The namespace a document belongs to.
    func namespace(of uri: String) -> Namespace? { namespaceOf[uri] }

    /// Every document the server knows, by URI.
    var allDocuments: [(uri: String, document: Workspace.Document)] {
        namespaceOf.compactMap { uri, ns in ns.workspace.documents[uri].map { (uri, $0) } }.sorted { $0.uri < $1.uri }
    }

    /// The namespace a file at `uri` belongs to, created (configuration read, files indexed from
    /// disk) the first time one of its files is seen.
    func namespace(forFile uri: String) -> Namespace {
        // Documents that are not files share the namespace keyed "", with no root.
        let (root, configured): (String?, Bool) = LanguageServer.path(ofURI: uri).map { WorkspaceFiles.root(of: $0) } ?? (nil, false)
        if let ns = namespaces[root ?? ""] { return ns }
        let ns = Namespace(root: root, configured: configured)
        namespaces[root ?? ""] = ns
        configure(ns)
        // Its files on disk, so that names resolve as `check` resolves them.
        for file in root.map({ WorkspaceFiles.files(under: $0, recursive: configured, limit: 10_000) }) ?? [] {
            let fileURI = LanguageServer.uri(ofPath: file)
            guard namespaceOf[fileURI] == nil, let bytes = LanguageServer.readAsEditorText(file) else { continue }
            ns.workspace.open(id: fileURI, text: bytes)
            namespaceOf[fileURI] = ns
        }
        return ns
    }

    /// Reads the workspace folders from `initialize`, the editor's settings, and indexes the files.
    func loadWorkspace(_ params: JSONValue) {
        var folders: [String] = []
        for folder in params["workspaceFolders"]?.arrayValue ?? [] {
            if let uri = folder["uri"]?.stringValue, let path = LanguageServer.path(ofURI: uri) { folders.append(path) }
        }
        if folders.isEmpty {
            if let uri = params["rootUri"]?.stringValue, let path = LanguageServer.path(ofURI: uri) {
                folders = [path]
            } else if let path = params["rootPath"]?.stringValue {
                folders = [path]
            }
        }
        workspaceFolders = folders
        applySettings(params["initializationOptions"] ?? .null)
    }

    static let progressCreateID = "progress-create-indexing"

    /// Indexes the workspace folders after `initialize` was answered, so that no folder (however
    /// large, however linked) delays the answer: the walk runs outside the state lock and each
    /// namespace is read under it, so notifications are handled meanwhile. A client that supports
    /// work-done progress is asked for a token first and sees `$/progress` once it answered (the
    /// work does not wait for that answer). Open documents are published again at the end: their
    /// names may resolve now.
    func indexInBackground() {
        let (folders, progress) = stateLock.withLock { (workspaceFolders, workDoneProgress) }
        let token = JSONValue.string("labelspec-indexing")
        if progress, !folders.isEmpty {
            emit(Outgoing.request(id: .string(LanguageServer.progressCreateID), method: "window/workDoneProgress/create", params: .object([("token", token)])))
        }
        var begun = false
        func report(_ value: [(String, JSONValue)]) {
            guard progress, begun || stateLock.withLock({ progressTokenReady }) else { return }
            if !begun {
                begun = true
                if value.first?.1 != .string("begin") {
                    report([("kind", .string("begin")), ("title", .string("Indexing .labelspec files")), ("percentage", .int(0))])
                }
            }
            emit(Outgoing.notification(method: "$/progress", params: .object([("token", token), ("value", .object(value))])))
        }
        report([("kind", .string("begin")), ("title", .string("Indexing .labelspec files")), ("percentage", .int(0))])
        let files = LanguageServer.files(under: folders)
        var lastReport = 0
        for (i, file) in files.enumerated() {
            let uri = LanguageServer.uri(ofPath: file)
            let going: Bool = stateLock.withLock {
                // Folders changed meanwhile: they were indexed again at once (rebuildNamespaces).
                guard state == .running, workspaceFolders == folders else { return false }
                if namespaceOf[uri] == nil { _ = namespace(forFile: uri) }
                return true
            }
            guard going else { break }
            let percentage = (i + 1) * 100 / files.count
            if percentage >= lastReport + 10 {
                lastReport = percentage
                report([("kind", .string("report")), ("message", .string("\(i + 1)/\(files.count) files")), ("percentage", .int(percentage))])
            }
        }
        if begun { report([("kind", .string("end")), ("message", .string("\(files.count) file\(files.count == 1 ? "" : "s") indexed"))]) }
        stateLock.withLock {
            guard state == .running, !files.isEmpty else { return }
            republishAll()
        }
    }

    /// Every `.labelspec` file under the workspace folders, each in its namespace (open documents
    /// keep the editor's text).
    func indexFolders() {
        for file in LanguageServer.files(under: workspaceFolders) {
            let uri = LanguageServer.uri(ofPath: file)
            if namespaceOf[uri] == nil { _ = namespace(forFile: uri) }
        }
    }

    /// The `.labelspec` files under the workspace folders, at most 10,000 in all: the same walk as
    /// `check`'s, into nested workspaces too (each file then goes to its own namespace).
    static func files(under folders: [String]) -> [String] {
        var files: [String] = []
        for folder in folders where files.count < 10_000 {
            files += WorkspaceFiles.files(under: folder, recursive: true, limit: 10_000 - files.count, nestedWorkspaces: true)
        }
        return files
    }

    /// Forgets every namespace and builds them again from disk, open documents keeping the
    /// editor's text: after a `labelspec.json`, String Catalog or workspace folder changed.
    func rebuildNamespaces() {
        let open: [(String, [UInt8])] = openInEditor.sorted().compactMap { uri in document(uri).map { (uri, $0.syntax.source.allBytes) } }
        namespaces = [:]
        namespaceOf = [:]
        diskPositions = [:]
        diskDiagnostics = [:]
        for document in self.open.values { document.forgetDerived() }
        indexFolders()
        for (uri, bytes) in open { openDocument(uri, bytes) }
    }

    /// Puts the editor's text of a document in its namespace; the file as read from disk is kept
    /// when the text is the same (no second parse, no second tree in memory meanwhile).
    func openDocument(_ uri: String, _ bytes: [UInt8]) {
        let ns = namespace(forFile: uri)
        if let indexed = ns.workspace.documents[uri], indexed.syntax.source.count == bytes.count, indexed.syntax.source.allBytes == bytes {
            log("didOpen: \(uri) matches the indexed file")
        } else {
            ns.workspace.open(id: uri, text: bytes)
        }
        namespaceOf[uri] = ns
    }

    /// `labelspec.json` of the namespace's root, its String Catalogs, then the editor's settings.
    func configure(_ ns: Namespace) {
        ns.configuration = Configuration()
        ns.contentSizes = [.large]
        ns.measurer = Measurer()
        var problems: [ConfigurationProblem] = []
        var text: [UInt8] = []
        if let root = ns.root, ns.configured {
            let file = root + "/labelspec.json"
            // A regular file only: no configuration may make the server read a FIFO, a device
            // or its own standard input.
            switch WorkspaceFiles.readFile(file) {
            case .success(let bytes):
                text = bytes
                do {
                    ns.configuration = try Configuration(json: try JSONValue.parse(bytes), path: file)
                } catch {
                    problems.append(ConfigurationProblem(key: nil, message: "\(error)"))
                }
            case .failure(let error):
                problems.append(ConfigurationProblem(key: nil, message: "cannot read labelspec.json: \(error)"))
            }
            let sizes = ns.configuration.contentSizes.compactMap(ContentSizeCategory.init(rawValue:))
            if !sizes.isEmpty { ns.contentSizes = sizes }
            if let font = ns.configuration.systemFont {
                let path = font.hasPrefix("/") ? font : root + "/" + font
                if let why = FontFace.validate(path: path) {
                    problems.append(ConfigurationProblem(
                        key: "systemFont", message: "systemFont: cannot use the font file '\(font)': \(why); the default system font is used"))
                } else {
                    ns.measurer = Measurer(fonts: FontResolver(systemFontFile: path))
                }
            }
            publishConfigurationProblems(problems, file: file, text: text)
        }
        if let root = ns.root {
            let (keys, texts) = WorkspaceFiles.localizations(under: root, recursive: ns.configured, limit: 10_000)
            ns.workspace.localizationKeys = keys
            ns.workspace.localizedText = texts
        }
        apply(editorSettings, to: ns)
    }

    /// Settings from `initializationOptions` or `workspace/didChangeConfiguration` (the
    /// `labelspec` section): contentSize(s), systemFontFile, severity. They are remembered and
    /// applied over every namespace's `labelspec.json`, now and when one is read again.
    func applySettings(_ settings: JSONValue) {
        if case .object(let pairs) = settings {
            var merged = editorSettings.objectValue ?? []
            for (k, v) in pairs {
                merged.removeAll { $0.0 == k }
                merged.append((k, v))
            }
            editorSettings = .object(merged)
        }
        for ns in namespaces.values { apply(settings, to: ns) }
    }

    private func apply(_ settings: JSONValue, to ns: Namespace) {
        if let size = settings["contentSize"]?.stringValue {
            ns.contentSizes = size == "all" ? ContentSizeCategory.allCases : ContentSizeCategory(rawValue: size).map { [$0] } ?? ns.contentSizes
        }
        if let sizes = settings["contentSizes"]?.arrayValue?.compactMap(\.stringValue) {
            let parsed = sizes.compactMap(ContentSizeCategory.init(rawValue:))
            if !parsed.isEmpty { ns.contentSizes = parsed }
        }
        if let file = settings["systemFontFile"]?.stringValue {
            if let why = FontFace.validate(path: file) {
                log("systemFontFile: cannot use the font file '\(file)': \(why)")
            } else {
                ns.measurer = Measurer(fonts: FontResolver(systemFontFile: file))
            }
        }
        if let overrides = settings["severity"]?.objectValue {
            for (code, level) in overrides {
                guard let c = DiagnosticCode(rawValue: code), let l = level.stringValue else { continue }
                ns.configuration.severity[c] = l == "off" ? .some(nil) : Severity(rawValue: l).map { .some($0) } ?? ns.configuration.severity[c]
            }
        }
    }

    /// A file on disk changed, appeared or went away.
    func didChangeWatchedFiles(_ params: JSONValue) {
        var rebuild = false
        for change in params["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue, let path = LanguageServer.path(ofURI: uri) else { continue }
            if path.hasSuffix(".labelspec") {
                if openInEditor.contains(uri) { continue }
                if change["type"]?.intValue == 3 {
                    namespaceOf[uri]?.workspace.close(id: uri)
                    namespaceOf[uri] = nil
                } else if let bytes = LanguageServer.readAsEditorText(path) {
                    let ns = namespace(forFile: uri)
                    ns.workspace.open(id: uri, text: bytes)
                    namespaceOf[uri] = ns
                }
            } else if path.hasSuffix("labelspec.json") || path.hasSuffix(".xcstrings") || path.hasSuffix(".strings") {
                rebuild = true
            }
        }
        if rebuild { rebuildNamespaces() }
        republishAll()
    }

    /// Workspace folders added or removed: the namespaces are built again from the folders now open.
    func didChangeWorkspaceFolders(_ params: JSONValue) {
        for folder in params["event"]?["added"]?.arrayValue ?? [] {
            if let uri = folder["uri"]?.stringValue, let path = LanguageServer.path(ofURI: uri), !workspaceFolders.contains(path) {
                workspaceFolders.append(path)
            }
        }
        for folder in params["event"]?["removed"]?.arrayValue ?? [] {
            if let uri = folder["uri"]?.stringValue, let path = LanguageServer.path(ofURI: uri) { workspaceFolders.removeAll { $0 == path } }
        }
        rebuildNamespaces()
        republishAll()
    }
}

/// Something in `labelspec.json` the server could not use, shown as an `invalid-configuration`
/// diagnostic on that file (at the key's name when there is one).
struct ConfigurationProblem {
    let key: String?
    let message: String
}

extension LanguageServer {
    /// Publishes the problems of a `labelspec.json` (an empty list clears what was shown), to
    /// pushing and pulling clients alike: a client does not pull for a file it did not open.
    func publishConfigurationProblems(_ problems: [ConfigurationProblem], file: String, text: [UInt8]) {
        let uri = LanguageServer.uri(ofPath: file)
        guard !problems.isEmpty || configurationDiagnostics.contains(uri) else { return }
        if problems.isEmpty { configurationDiagnostics.remove(uri) } else { configurationDiagnostics.insert(uri) }
        for p in problems { log("\(file): \(p.message)") }
        let positions = TextPositions(text, encoding: encoding)
        let items: [JSONValue] = problems.map { p in
            var range = 0..<0
            if let key = p.key, let at = LanguageServer.find(Array("\"\(key)\"".utf8), in: text) { range = at..<(at + key.utf8.count + 2) }
            return .object([
                ("range", positions.range(range).json),
                ("severity", .int(DiagnosticCode.invalidConfiguration.defaultSeverity.lspValue)),
                ("code", .string(DiagnosticCode.invalidConfiguration.rawValue)),
                ("source", .string("labelspec")),
                ("message", .string(p.message)),
            ])
        }
        emit(Outgoing.notification(method: "textDocument/publishDiagnostics", params: .object([
            ("uri", .string(uri)), ("diagnostics", .array(items)),
        ])))
    }

    /// The first offset of `needle` in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }
}
