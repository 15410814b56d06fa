import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `workspace/symbol`: every style and label of every document the server knows whose name
    /// holds the query's characters in order (see `WorkspaceSymbols`).
    func workspaceSymbols(query: String) -> JSONValue {
        .array(
            WorkspaceSymbols.search(query, in: allDocuments.map { ($0.uri, $0.document) }).compactMap { symbol in
                guard let location = location(symbol.location) else { return nil }
                return .object([
                    ("name", .string(symbol.name)), ("kind", .int(LSPSymbolKind(symbol.kind).rawValue)), ("location", location),
                ])
            })
    }
}
