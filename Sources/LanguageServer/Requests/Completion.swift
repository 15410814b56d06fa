import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/completion` (see `Completion`): snippets for clients that take them,
    /// documentation as Markdown or plain text as the client renders it.
    func completion(uri: String, line: Int, character: Int, snippets: Bool) -> JSONValue {
        guard let doc = document(uri), let ns = namespace(of: uri) else { return .array([]) }
        let items = Completion.items(at: offset(doc, line: line, character: character), in: doc, workspace: ns.workspace)
        return .array(items.map { $0.json(snippets: snippets, markdown: client.completionMarkdown) })
    }
}
