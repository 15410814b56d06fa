import JSON
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// A storyboard or xib whose import is in the workspace (a `.labelspec` file whose
/// `// labelspec:source PATH` line names it, `ImportedSource`) is checked through that spec, as
/// `check` leaves it out (docs/lsp.md, "Storyboards and their imports"): its own findings are
/// not published, each label being reported once, on the spec; the storyboard gets one
/// Information diagnostic on its first line instead, `checked through its import
/// Specs/Main.labelspec`, pointing at the spec's source line. A diagnostic rather than a
/// `window/showMessage`: it stays on the file while it holds, goes when it stops holding, and a
/// pulling client gets it as a pushing one does.
extension LanguageServer {
    /// Under the state lock: the spec that stands for the storyboard or xib at `path`, the first
    /// by URI of the `.labelspec` documents the server knows (open, or read from disk) whose
    /// source line names it (by identity on disk, as `check` matches it); nil when none does.
    func importStandIn(for path: String) -> ImportStandIn? {
        let name = PathText.lastComponent(path)
        var found: [(uri: String, line: ImportedSource.Line)] = []
        for (uri, document) in allDocuments {
            guard let specPath = LanguageServer.path(ofURI: uri), let line = importLine(document, path: specPath),
                PathText.lastComponent(line.source) == name
            else { continue }
            found.append((uri, line))
        }
        guard !found.isEmpty, let id = ProjectFiles.identity(of: path),
            let uri = ImportedSource.standIns(found.map { (spec: $0.uri, source: $0.line.source) })[id],
            let line = found.first(where: { $0.uri == uri })?.line, let document = document(uri)
        else { return nil }
        let specPath = LanguageServer.path(ofURI: uri) ?? uri
        let folders = workspaceFolders.map { Array(($0.hasSuffix("/") ? $0 : $0 + "/").utf8) }
        let folder = folders.first { specPath.utf8.starts(with: $0) }
        let shown = folder.map { String(decoding: specPath.utf8.dropFirst($0.count), as: UTF8.self) } ?? specPath
        // The source line's range in the spec, as the editor counts positions.
        let head = LineTable(document.syntax.source.bytes(in: 0..<line.range.upperBound), encoding: encoding)
        return ImportStandIn(spec: shown, uri: uri, sourceLine: head.range(line.range))
    }

    /// A document's source line (its first bytes read, not the document).
    func importLine(_ document: Workspace.Document, path: String) -> ImportedSource.Line? {
        let source = document.syntax.source
        return ImportedSource.line(ofSpec: path, count: source.count, reading: source.bytes(in:))
    }

    /// The source line of the `.labelspec` document `uri`, as the server has it now.
    func importLine(of uri: String) -> ImportedSource.Line? {
        guard let path = LanguageServer.path(ofURI: uri), let document = document(uri) else { return nil }
        return importLine(document, path: path)
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

/// The spec an open storyboard is checked through, read under the state lock.
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
