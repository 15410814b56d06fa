import JSON
import LabelSpecIDE

extension LanguageServer {
    /// `textDocument/codeAction`: the quick fixes of every diagnostic that overlaps the range.
    func codeActions(uri: String, range: (start: (line: Int, character: Int), end: (line: Int, character: Int))) -> JSONValue {
        guard let doc = document(uri) else { return .array([]) }
        let p = positions(doc)
        let a = p.offset(line: range.start.line, character: range.start.character).offset
        let b = p.offset(line: range.end.line, character: range.end.character).offset
        return .array(CodeActions.actions(for: a..<max(a, b), diagnostics: diagnostics(for: uri)).map { action in
            .object([
                ("title", .string(action.fix.title)), ("kind", .string("quickfix")),
                ("diagnostics", .array([action.diagnostic.lspJSON(p, uri: uri, codeDescription: codeDescriptions) { self.document($0).map(self.positions) }])), ("isPreferred", .bool(action.isPreferred)),
                ("edit", .object([("changes", .object([(uri, .array(action.fix.edits.map { textEdit(p.range($0.range), $0.newText) }))]))])),
            ])
        })
    }
}
