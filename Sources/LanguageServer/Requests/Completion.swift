import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/completion` (see `Completion`): snippets for clients that take them,
    /// documentation as Markdown or plain text as the client renders it.
    func completion(_ d: DocumentContext, line: Int, character: Int, snippets: Bool) -> JSONValue {
        let items = Completion.items(at: d.offset(line, character), in: d.document, workspace: d.namespace.workspace)
        return .array(items.map { $0.json(snippets: snippets, markdown: client.completionMarkdown) })
    }
}
