import JSON
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// A storyboard or xib whose import is in the workspace (a `.labelspec` file whose
/// `// labelspec:source PATH` line names it, `ImportedSource`) is checked through that spec, as
/// `check` leaves it out (docs/lsp.md, "A storyboard and its import"): its own findings are
/// not published, each label being reported once, on the spec; the storyboard gets one
/// Information diagnostic on its first line instead, `checked through its import
/// Specs/Main.labelspec`, pointing at the spec's source line. A diagnostic rather than a
/// `window/showMessage`: it stays on the file while it holds, goes when it stops holding, and a
/// pulling client gets it as a pushing one does.
extension LanguageServer {
    /// Under the state lock: the `.labelspec` documents the server knows (open, or read from
    /// disk), whose source lines `ImportCandidates.standIn` reads outside the lock: their texts
    /// are values shared with the documents, not copies.
    func importCandidates(for path: String) -> ImportCandidates {
        var specs: [(uri: String, text: SourceBuffer)] = []
        for ns in project.namespaces.values {
            for (uri, document) in ns.workspace.documents where document.syntax.source.count >= 2 {
                // Only a spec that opens with a comment can have the line.
                let text = document.syntax.source
                if text[0] == UInt8(ascii: "/"), text[1] == UInt8(ascii: "/") { specs.append((uri, text)) }
            }
        }
        return ImportCandidates(storyboard: path, specs: specs, workspaceFolders: workspaceFolders, encoding: encoding)
    }

    /// A document's source line (its first bytes read, not the document).
    func importLine(_ document: Workspace.Document) -> ImportedSource.Line? {
        let source = document.syntax.source
        return ImportedSource.line(count: source.count, reading: source.bytes(in:))
    }

    /// The source line of the `.labelspec` document `uri`, as the server has it now.
    func importLine(of uri: String) -> ImportedSource.Line? {
        document(uri).flatMap(importLine)
    }

    /// After an open, edit or close of the `.labelspec` document `uri` whose source line was
    /// `before`: the open storyboards are checked again when the line changed (one may be checked
    /// through this spec now, or no longer).
    func recheckStoryboards(ifImportOf uri: String, was before: ImportedSource.Line?) {
        guard !interfaceBuilderOpen.keys.isEmpty, importLine(of: uri) != before else { return }
        if client.pullsDiagnostics {
            republishAll()
        } else {
            for storyboard in interfaceBuilderOpen.keys.sorted() { publish(storyboard, debounced: true) }
        }
    }
}

/// The specs that may stand for an open storyboard, read under the state lock to be looked at
/// outside it.
struct ImportCandidates: Sendable {
    let storyboard: String
    let specs: [(uri: String, text: SourceBuffer)]
    let workspaceFolders: [String]
    let encoding: PositionEncoding

    /// The spec that stands for the storyboard: the first by URI whose source line names it (by
    /// identity on disk, as `check` matches it); nil when none does. Each spec's first bytes are
    /// read; only a line naming a file of the storyboard's name is looked at further (no URL nor
    /// `stat` for the others).
    func standIn() -> ImportStandIn? {
        let name = PathText.lastComponent(storyboard)
        var found: [(uri: String, path: String, line: ImportedSource.Line, text: SourceBuffer)] = []
        for (uri, text) in specs {
            guard let line = ImportedSource.line(count: text.count, reading: text.bytes(in:)), PathText.lastComponent(line.path) == name,
                let specPath = LanguageServer.path(ofURI: uri)
            else { continue }
            found.append((uri, specPath, line, text))
        }
        guard !found.isEmpty, let id = ProjectFiles.identity(of: storyboard) else { return nil }
        found.sort { $0.uri < $1.uri }
        guard let uri = ImportedSource.standIns(found.map { (spec: $0.uri, source: $0.line.source(ofSpec: $0.path)) })[id],
            let spec = found.first(where: { $0.uri == uri })
        else { return nil }
        let folders = workspaceFolders.map { Array(($0.hasSuffix("/") ? $0 : $0 + "/").utf8) }
        let folder = folders.first { spec.path.utf8.starts(with: $0) }
        let shown = folder.map { String(decoding: spec.path.utf8.dropFirst($0.count), as: UTF8.self) } ?? spec.path
        // The source line's range in the spec, as the editor counts positions.
        let head = LineTable(spec.text.bytes(in: 0..<spec.line.range.upperBound), encoding: encoding)
        return ImportStandIn(spec: shown, uri: uri, sourceLine: head.range(spec.line.range))
    }
}

/// The spec an open storyboard is checked through.
struct ImportStandIn: Sendable {
    /// The spec's path as shown: relative to the workspace folder that holds it, else absolute.
    let spec: String
    let uri: String
    /// Its `// labelspec:source` line.
    let sourceLine: JSONRange

    static let relatedMessage = "its labelspec:source line names this file"

    /// The one diagnostic the storyboard gets: Information, on its first line (`bytes`: the
    /// storyboard's text).
    func diagnostic(_ bytes: [UInt8], encoding: PositionEncoding) -> JSONValue {
        let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        let range = LineTable(Array(firstLine), encoding: encoding).range(0..<firstLine.count)
        return .object([
            ("range", range.json),
            ("severity", .int(Severity.information.lspValue)),
            ("source", .string("labelspec")),
            ("message", .string("checked through its import \(spec)")),
            (
                "relatedInformation",
                .array([
                    .object([
                        ("location", .object([("uri", .string(uri)), ("range", sourceLine.json)])),
                        ("message", .string(ImportStandIn.relatedMessage)),
                    ])
                ])
            ),
        ])
    }
}
