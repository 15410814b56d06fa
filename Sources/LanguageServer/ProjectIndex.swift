import Foundation
import JSON
import JSONRPC
import LabelLocalization
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

extension LanguageServer {
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }

    /// The `file://` URI of a file's path (never a folder's: no `stat` to ask which it is).
    static func uri(ofPath path: String) -> String { URL(fileURLWithPath: path, isDirectory: false).absoluteString }

    /// A file's text as an editor shows it, for documents read from disk: without a leading UTF-8
    /// byte order mark (editors drop it), so that positions on the first line agree with the
    /// editor's once the file is opened.
    static func readAsEditorText(_ path: String) -> [UInt8]? {
        guard let bytes = ProjectFiles.read(path) else { return nil }
        return Array(bytes.dropFirst(ByteOrderMark.length(in: bytes)))
    }

    /// The server's project: every namespace grouped as `check` groups them, documents named by
    /// URI, at most 10,000 files per walk.
    static func newProject() -> Project { Project(fileLimit: 10_000, path: LanguageServer.path(ofURI:)) }

    /// A document the server knows (open, or read from disk), whatever its namespace.
    func document(_ uri: String) -> Workspace.Document? { project.document(uri) }

    /// The namespace a document belongs to.
    func namespace(of uri: String) -> Namespace? { project.namespace(of: uri) }

    /// Every document the server knows, by URI.
    var allDocuments: [(uri: String, document: Workspace.Document)] { project.documents.map { ($0.id, $0.document) } }

    /// The namespace a file at `uri` belongs to. The first time one of its files is seen, its
    /// files are read from disk (so that names resolve as `check` resolves them), the editor's
    /// settings laid over its `labelspec.json`, and that file's problems published.
    func namespace(forFile uri: String) -> Namespace {
        let (ns, created) = project.namespace(for: uri)
        guard created else { return ns }
        if let file = ns.configurationFile { publishConfigurationProblems(file) }
        apply(to: ns)
        // Problems of its string tables (invalid-catalog, format-mismatch), on their files.
        publishTableProblems(ns.catalogProblems, clearing: [], configuration: ns.configuration)
        for file in ns.files() {
            let fileURI = LanguageServer.uri(ofPath: file)
            guard project.namespace(of: fileURI) == nil, let bytes = LanguageServer.readAsEditorText(file) else { continue }
            project.open(fileURI, text: bytes, in: ns)
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
        applySettings(params["initializationOptions"] ?? .null, initial: true)
    }

    static let progressCreateID = "progress-create-indexing"

    /// Indexes the workspace folders after `initialize` was answered, so that no folder (however
    /// large, however linked) delays the answer: the walk runs outside the state lock and each
    /// namespace is read under it, so notifications are handled meanwhile. A client that supports
    /// work-done progress is asked for a token first and sees `$/progress` once it answered (the
    /// work does not wait for that answer). Open documents are published again at the end: their
    /// names may resolve now.
    func indexInBackground() {
        let (folders, progress) = stateLock.withLock { (workspaceFolders, client.workDoneProgress) }
        let token = JSONValue.string("labelspec-indexing")
        if progress, !folders.isEmpty {
            emit(
                Outgoing.request(
                    id: .string(LanguageServer.progressCreateID), method: "window/workDoneProgress/create",
                    params: .object([("token", token)])))
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
                if project.namespace(of: uri) == nil { _ = namespace(forFile: uri) }
                return true
            }
            guard going else { break }
            let percentage = (i + 1) * 100 / files.count
            if percentage >= lastReport + 10 {
                lastReport = percentage
                report([
                    ("kind", .string("report")), ("message", .string("\(i + 1)/\(files.count) files")), ("percentage", .int(percentage)),
                ])
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
            if project.namespace(of: uri) == nil { _ = namespace(forFile: uri) }
        }
    }

    /// The `.labelspec` files under the workspace folders, at most 10,000 in all: the same walk as
    /// `check`'s, into nested namespaces too (each file then goes to its own namespace).
    static func files(under folders: [String]) -> [String] { Project.files(under: folders, limit: 10_000) }

    /// Forgets every namespace and builds them again from disk, open documents keeping the
    /// editor's text: after a `labelspec.json`, String Catalog or workspace folder changed.
    func rebuildNamespaces() {
        let open: [(String, [UInt8])] = self.open.keys.sorted().compactMap { uri in document(uri).map { (uri, $0.syntax.source.allBytes) } }
        project.removeAll()
        documents.forgetAllDisk()
        for document in self.open.values { document.forgetDerived() }
        indexFolders()
        for (uri, bytes) in open { openDocument(uri, bytes) }
        // A labelspec.json gone, or no longer read (no file of its namespace left): cleared.
        var read = Set(project.namespaces.values.compactMap { $0.configurationFile.map { LanguageServer.uri(ofPath: $0.path) } })
        for ns in project.namespaces.values { for file in ns.catalogProblems { read.insert(LanguageServer.uri(ofPath: file.path)) } }
        // The .strings of open storyboards: theirs, published with them.
        for uri in interfaceBuilderOpen.keys {
            guard let path = LanguageServer.path(ofURI: uri) else { continue }
            for s in InterfaceBuilderFile.stringsFiles(for: path) + InterfaceBuilderFile.catalogFiles(for: path) {
                read.insert(LanguageServer.uri(ofPath: s))
            }
        }
        for uri in configurationDiagnostics.subtracting(read).sorted() { publishConfigurationProblems([], uri: uri, text: []) }
    }

    /// Puts the editor's text of a document in its namespace; the file as read from disk is kept
    /// when the text is the same (no second parse, no second tree in memory meanwhile).
    func openDocument(_ uri: String, _ bytes: [UInt8]) {
        let ns = namespace(forFile: uri)
        if let indexed = ns.workspace.documents[uri], indexed.syntax.source.count == bytes.count, indexed.syntax.source.allBytes == bytes {
            log("didOpen: \(uri) matches the indexed file")
        } else {
            project.open(uri, text: bytes, in: ns)
        }
    }

    /// Settings from `initializationOptions` (`initial: true`: the base layer) or from
    /// `workspace/didChangeConfiguration` and the `workspace/configuration` answer (the editor's
    /// current settings, which replace the last ones: a setting left out, `{}` or `null` is the
    /// base layer's again, then `labelspec.json`'s). Applied over every namespace's
    /// `labelspec.json`, now and when one is read again.
    func applySettings(_ settings: JSONValue, initial: Bool = false) {
        if initial {
            initialSettings = settings.objectValue.map { .object($0) } ?? .object([])
        } else {
            editorSettings = settings.objectValue.map { .object($0) } ?? .object([])
        }
        // Read once, onto the defaults: each bad setting said once, by name, whatever the
        // namespaces; what is read is laid over each namespace's labelspec.json (`apply`).
        let reader = ConfigurationReader.editor(effectiveSettings, onto: Settings(), folder: workspaceFolders.first)
        editorLayer = (reader.settings, reader.assigned)
        hoverImages = reader.hoverImages
        // At most `loggedProblems` lines per setting, then how many more (settings of thousands of
        // bad entries do not flood the log).
        var said: [String: Int] = [:]
        for problem in reader.problems {
            said[problem.key, default: 0] += 1
            guard said[problem.key]! <= LanguageServer.loggedProblems else { continue }
            let prefix = problem.key + ": "
            let message = problem.message.hasPrefix(prefix) ? String(problem.message.dropFirst(prefix.count)) : problem.message
            log("setting '\(problem.key)': \(message)", level: .warning)
        }
        for (key, count) in said.sorted(by: { $0.key < $1.key }) where count > LanguageServer.loggedProblems {
            log("setting '\(key)': \(count - LanguageServer.loggedProblems) more problems", level: .warning)
        }
        for ns in project.namespaces.values { apply(to: ns) }
    }

    /// The editor's settings in force: the current ones over those of `initializationOptions`
    /// (a current setting of null is not set: the one of `initializationOptions` stays).
    var effectiveSettings: JSONValue {
        var merged = initialSettings.objectValue ?? []
        for (k, v) in editorSettings.objectValue ?? [] where v != .null {
            merged.removeAll { $0.0 == k }
            merged.append((k, v))
        }
        return .object(merged)
    }

    /// The `labelspec` settings of a `workspace/didChangeConfiguration`: its `labelspec` section,
    /// else the settings themselves when they are ours (a known key) or empty (`{}`, `null`:
    /// none); nil for another tool's section, which changes nothing here.
    static func labelspecSettings(_ settings: JSONValue?) -> JSONValue? {
        guard let settings, settings != .null else { return .null }
        if let section = settings["labelspec"] { return section }
        guard let pairs = settings.objectValue else { return nil }
        if pairs.isEmpty { return .null }
        return pairs.contains { ConfigurationReader.knownKeys.contains($0.0) } ? settings : nil
    }

    /// How many problems of one setting are said in the log.
    static let loggedProblems = 10

    /// The editor's settings, read by the one reader of them and of `labelspec.json`
    /// (`ConfigurationReader`: the same keys, validation and messages), laid over a namespace's
    /// `labelspec.json`: a bad setting keeps the file's value (its problem was logged by
    /// `applySettings`).
    private func apply(to ns: Namespace) {
        ns.use(ns.fileSettings.overlaying(editorLayer.settings, keys: editorLayer.keys))
    }

    /// The server asks to be told of files changed on disk (`workspace/didChangeWatchedFiles`),
    /// when the client lets it register that itself: every file the project reads.
    func registerFileWatchers() {
        guard client.watchesFiles else { return }
        let globs = ["**/*.labelspec", "**/" + ConfigurationFile.name] + Localizations.suffixes.map { "**/*" + $0 } + ["**/*.swift"]
        emit(
            Outgoing.request(
                id: .string(LanguageServer.watchersRegistrationID), method: "client/registerCapability",
                params: .object([
                    (
                        "registrations",
                        .array([
                            .object([
                                ("id", .string(LanguageServer.watchersRegistrationID)),
                                ("method", .string("workspace/didChangeWatchedFiles")),
                                ("registerOptions", .object([("watchers", .array(globs.map { .object([("globPattern", .string($0))]) }))])),
                            ])
                        ])
                    )
                ])))
    }

    static let watchersRegistrationID = "labelspec-watched-files"

    /// Files on disk changed, appeared or went away. A `.labelspec` file is read again (or
    /// dropped) unless the editor has it open, and taken only where `check` would find it (not
    /// in a hidden folder or `node_modules`); a `labelspec.json` or catalog rebuilds the
    /// namespaces, since it may regroup them.
    func didChangeWatchedFiles(_ params: JSONValue) {
        var rebuild = false
        var tables = Set<String>()
        var labelspecChanged = false
        var storyboardsChanged = false
        var swift = Set<String>()
        defer { if storyboardsChanged { for uri in interfaceBuilderOpen.keys.sorted() { publish(uri) } } }
        // Swift files: read again for navigation (nothing published depends on them).
        defer { if !swift.isEmpty { rereadSwift(swift) } }
        for change in params["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue, let path = LanguageServer.path(ofURI: uri) else { continue }
            let name = path.split(separator: "/").last ?? ""
            if name.hasSuffix(".swift") {
                // Where `check` would read it (not in a hidden folder or `node_modules`).
                if Project.isNamespaceFile(path) { swift.insert(path) }
                continue
            }
            if name.hasSuffix(".labelspec") {
                if open[uri] != nil { continue }
                labelspecChanged = true
                if change["type"]?.intValue == 3 {
                    project.remove(uri)?.diagnosticsCache.forget(uri)
                    documents.forgetDisk(uri)
                } else if Project.isNamespaceFile(path), let bytes = LanguageServer.readAsEditorText(path) {
                    // A namespace seen for the first time reads its files, this one included.
                    let ns = namespace(forFile: uri)
                    if ns.workspace.documents[uri]?.syntax.source.allBytes != bytes { project.open(uri, text: bytes, in: ns) }
                }
            } else if name == ConfigurationFile.name {
                rebuild = true
            } else if Localizations.isTable(path) {
                tables.insert(path)
                // A storyboard's translations: its open storyboards are checked again.
                if name.hasSuffix(".strings") || name.hasSuffix(".xcstrings") { storyboardsChanged = true }
            }
        }
        if rebuild {
            // Every namespace read again: the tables waiting to be read again are read with them.
            pendingTables = []
            rebuildNamespaces()
        } else if !tables.isEmpty {
            // Pushed again once they are read.
            rereadTables(tables)
            if !labelspecChanged { return }
        }
        republishAll()
    }

    /// String tables changed on disk: read again off the thread that answers requests, only the
    /// tables the files belong to (`Namespace.rereadLocalizations`), and put in under the state
    /// lock. Notifications that come while a read waits or runs are gathered into the next read
    /// (a storm of saves costs one read of each table changed, not one of every table per save).
    /// Without `concurrent` (tests) the read is done at once.
    func rereadTables(_ paths: Set<String>) {
        pendingTables.formUnion(paths)
        guard concurrent else {
            readPendingTables()
            return
        }
        guard !tableReadScheduled else { return }
        tableReadScheduled = true
        tableQueue.asyncAfter(deadline: .now() + LanguageServer.tableReadDelay) { [self] in readPendingTables() }
    }

    /// How long a table read waits for more notifications (seconds).
    static let tableReadDelay = 0.1

    private func readPendingTables() {
        // What to read: each namespace that reads a changed file, with its tables as they are.
        let work: [(namespace: Namespace, current: Localizations, changed: Set<String>)] = stateLock.withLock {
            let paths = pendingTables
            pendingTables = []
            tableReadScheduled = false
            let work = project.namespaces.values.sorted { ($0.root ?? "") < ($1.root ?? "") }.compactMap { ns in
                let mine = paths.filter(ns.readsTable)
                return mine.isEmpty ? nil : (ns, ns.localizations, mine)
            }
            if !work.isEmpty { tableReads += 1 }
            return work
        }
        guard !work.isEmpty else { return }
        // The reading, without the lock: requests are answered meanwhile.
        let read = work.map { w in (w, w.namespace.rereadLocalizations(w.current, changed: w.changed)) }
        stateLock.withLock {
            for (w, tables) in read {
                // Not if the namespace was built again meanwhile (a labelspec.json changed), or
                // read again by a later read of the same files.
                guard let root = w.namespace.root, project.namespaces[root] === w.namespace, w.namespace.localizations === w.current
                else { continue }
                w.namespace.replaceLocalizations(tables)
                // The problems of the files read again, shown or cleared.
                publishTableProblems(
                    tables.problems.filter { w.changed.contains($0.path) }, clearing: w.changed, configuration: w.namespace.configuration)
            }
            republishAll()
        }
    }

    /// Workspace folders added or removed: the namespaces are built again from the folders now open.
    func didChangeWorkspaceFolders(_ params: JSONValue) {
        for folder in params["event"]?["added"]?.arrayValue ?? [] {
            if let uri = folder["uri"]?.stringValue, let path = LanguageServer.path(ofURI: uri), !workspaceFolders.contains(path) {
                workspaceFolders.append(path)
            }
        }
        for folder in params["event"]?["removed"]?.arrayValue ?? [] {
            if let uri = folder["uri"]?.stringValue, let path = LanguageServer.path(ofURI: uri) {
                workspaceFolders.removeAll { $0 == path }
            }
        }
        rebuildNamespaces()
        republishAll()
        indexSwiftFiles()
    }
}

extension LanguageServer {
    /// Publishes the problems of a `labelspec.json` on that file, to pushing and pulling clients
    /// alike (a client does not pull for a file it did not open); an empty list clears what was
    /// shown. Nothing is sent for a file that had and has no problem.
    func publishConfigurationProblems(_ file: ConfigurationFile) {
        publishConfigurationProblems(file.diagnostics, uri: LanguageServer.uri(ofPath: file.path), text: file.text)
    }

    /// Publishes the problems of string tables on their files (with the namespace's severities),
    /// and clears the files of `clearing` that have none now.
    func publishTableProblems(_ files: [CatalogProblems], clearing: some Sequence<String>, configuration: Configuration) {
        let problems = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for path in Set(clearing).union(problems.keys).sorted() {
            let p = problems[path]
            publishConfigurationProblems(
                configuration.apply(to: p?.diagnostics ?? []), uri: LanguageServer.uri(ofPath: path), text: p?.text ?? [])
        }
    }

    func publishConfigurationProblems(_ problems: [Diagnostic], uri: String, text: [UInt8]) {
        guard !problems.isEmpty || configurationDiagnostics.contains(uri) else { return }
        if problems.isEmpty { configurationDiagnostics.remove(uri) } else { configurationDiagnostics.insert(uri) }
        for p in problems { log("\(LanguageServer.path(ofURI: uri) ?? uri): \(p.message)", level: .warning) }
        // Positions as the editor counts them: without a leading byte order mark.
        let bom = ByteOrderMark.length(in: text)
        let positions = LineTable(Array(text.dropFirst(bom)), encoding: encoding)
        // One cursor: on a long line (a minified catalog or configuration) it counts each
        // position from the line's nearest checkpoint, not from its start.
        var cursor = LineTable.Cursor(positions)
        let items: [JSONValue] = problems.map { p in
            var d = p
            d.range = max(0, p.range.lowerBound - bom)..<max(0, p.range.upperBound - bom)
            return d.lspJSON(&cursor, uri: uri, codeDescription: client.codeDescriptions)
        }
        problemReports[uri] = items.isEmpty ? nil : items
        emit(
            Outgoing.notification(
                method: "textDocument/publishDiagnostics",
                params: .object([
                    ("uri", .string(uri)), ("diagnostics", .array(items)),
                ])))
    }
}
