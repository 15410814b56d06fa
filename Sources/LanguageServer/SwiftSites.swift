import Dispatch
import JSON
import LabelSpecIDE
import LabelSpecSupport
import LabelSpecSyntax

/// The app's Swift files, read for navigation from a spec's keys to the code that shows them
/// (`CodeSites`): read once after `initialize`, then only the files that change
/// (`workspace/didChangeWatchedFiles`), always on `swiftQueue`, never under the state lock or on
/// the queue that answers requests; what was read is put in under the lock at once
/// (docs/swift-sources.md, "In the editor").
extension LanguageServer {
    /// Reads the Swift files under the workspace folders (at most `CodeSites.fileLimit`).
    /// Without `concurrent` (tests) at once, on the caller's thread.
    func indexSwiftFiles() {
        let folders = stateLock.withLock { workspaceFolders }
        let work: @Sendable () -> Void = { [self] in
            let found = Project.walk(under: folders, limit: CodeSites.fileLimit, swift: true).files.filter(SwiftSourceFile.isSwift)
            let read = Self.readSwift(found)
            stateLock.withLock {
                guard state == .running, workspaceFolders == folders else { return }
                codeSites = CodeSites().replacing(read)
                swiftIndexed = true
            }
            if found.count >= CodeSites.fileLimit {
                log("read the first \(CodeSites.fileLimit) Swift files of the workspace for navigation; the others are not", level: .info)
            }
        }
        if concurrent { swiftQueue.async(execute: work) } else { work() }
    }

    /// Swift files changed on disk: read again off the request thread, gathered for
    /// `tableReadDelay` like string tables (a storm of saves reads each file once).
    func rereadSwift(_ paths: Set<String>) {
        pendingSwift.formUnion(paths)
        guard concurrent else {
            readPendingSwift()
            return
        }
        guard !swiftReadScheduled else { return }
        swiftReadScheduled = true
        swiftQueue.asyncAfter(deadline: .now() + LanguageServer.tableReadDelay) { [self] in readPendingSwift() }
    }

    private func readPendingSwift() {
        let paths: [String] = stateLock.withLock {
            let paths = pendingSwift.sorted()
            pendingSwift = []
            swiftReadScheduled = false
            return paths
        }
        guard !paths.isEmpty else { return }
        let read = Self.readSwift(paths)
        stateLock.withLock {
            guard state == .running else { return }
            codeSites = codeSites.replacing(read)
            swiftReads += 1
        }
    }

    /// Each file's sites, over all cores; nil for a file that cannot be read (gone, a FIFO, a
    /// folder), which is then dropped.
    static func readSwift(_ paths: [String]) -> [String: CodeSites.File?] {
        let read = ConcurrentSlots<CodeSites.File>.collect(paths.count) { i in
            guard case .success(let bytes) = ProjectFiles.readFile(paths[i]) else { return nil }
            return CodeSites.read(bytes: bytes)
        }
        var out: [String: CodeSites.File?] = [:]
        for (path, file) in zip(paths, read) { out[path] = .some(file) }
        return out
    }

    /// The LSP locations of the Swift sites that show the key at the cursor, when it is on a
    /// `.localized("key")`; nil when it is not.
    func codeLocations(_ d: DocumentContext, offset: Int) -> JSONValue? {
        guard let (key, table) = Navigation.localizedKey(at: offset, in: d.document) else { return nil }
        let places = codeSites.showing(key: key, table: table, under: d.namespace.configured ? d.namespace.root : nil)
        guard !places.isEmpty else { return nil }
        return .array(
            places.map { path, site in
                let columns: Range<Int>
                switch encoding {
                case .utf8: columns = site.utf8
                case .utf16: columns = site.utf16
                case .utf32: columns = site.scalars
                }
                let range = JSONRange(
                    startLine: site.line, startCharacter: columns.lowerBound, endLine: site.line, endCharacter: columns.upperBound)
                return .object([("uri", .string(LanguageServer.uri(ofPath: path))), ("range", range.json)])
            })
    }

    /// What a key's hover adds: the places the code shows it.
    func codeSitesMarkdown(_ d: DocumentContext, offset: Int) -> String? {
        guard let (key, table) = Navigation.localizedKey(at: offset, in: d.document) else { return nil }
        let root = d.namespace.configured ? d.namespace.root : nil
        return CodeSites.markdown(codeSites.showing(key: key, table: table, under: root), root: d.namespace.root)
    }
}

extension LanguageServer {
    /// `textDocument/completion` in an open `labelspec.json`: the app's font tokens not mapped
    /// yet, where a key of `"fonts"` goes (`ConfigurationCompletion`); nil for any other document.
    func configurationCompletion(_ uri: String, line: Int, character: Int) -> JSONValue? {
        guard let doc = documents.configurations[uri], let text = doc.ownText?.allBytes else { return nil }
        let lines = doc.lineTable(encoding)
        let offset = lines.offset(line: line, character: character).offset
        let items = ConfigurationCompletion.items(in: text, at: offset, tokens: codeSites.tokens)
        return .array(
            items.map { item in
                .object([
                    ("label", .string(item.label)), ("kind", .int(10)), ("detail", .string(item.detail)),
                    ("textEdit", .object([("range", lines.range(item.range).json), ("newText", .string(item.insert))])),
                    ("filterText", .string("\"" + item.label)),
                ])
            })
    }
}
