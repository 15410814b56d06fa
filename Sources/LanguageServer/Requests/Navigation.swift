import JSON
import JSONRPC
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax

extension LanguageServer {
    /// LSP Location of bytes of a document the server knows.
    func location(_ place: DocumentRange) -> JSONValue? {
        guard let doc = document(place.document) else { return nil }
        return .object([("uri", .string(place.document)), ("range", positions(doc).range(place.range).json)])
    }

    /// `textDocument/definition`: where the style or label name under the cursor is declared;
    /// on a `.localized("key")`, the Swift sites that show the key (`codeLocations`).
    func definition(_ d: DocumentContext, line: Int, character: Int) -> JSONValue {
        let offset = d.offset(line, character)
        guard let target = Navigation.definition(at: offset, in: d.document, workspace: d.namespace.workspace) else {
            return codeLocations(d, offset: offset) ?? .null
        }
        return location(target) ?? .null
    }

    /// `textDocument/references`: every place the name stands in its namespace.
    func references(_ d: DocumentContext, line: Int, character: Int, includeDeclaration: Bool) -> JSONValue {
        guard let (name, _) = Navigation.name(at: d.offset(line, character), in: d.document) else { return .null }
        return .array(Navigation.occurrences(of: name, in: d.namespace.workspace, declarations: includeDeclaration).compactMap(location))
    }

    /// `textDocument/prepareRename`: the name under the cursor; elsewhere an error that says what
    /// can be renamed (a client shows it instead of a bare "cannot rename").
    func prepareRename(_ d: DocumentContext, line: Int, character: Int) -> Result<JSONValue, ResponseError> {
        guard let (name, range) = Navigation.name(at: d.offset(line, character), in: d.document) else {
            return .failure(
                ResponseError(
                    .requestFailed,
                    "only a style or label name can be renamed: put the cursor on its declaration or where a label or style inherits it"))
        }
        return .success(.object([("range", d.positions.range(range).json), ("placeholder", .string(name))]))
    }

    /// `textDocument/rename`: the name's declarations and references in every document of its
    /// namespace. A name that is already declared in the namespace is refused (the items that
    /// inherit either would then resolve to one of two declarations), naming where it is.
    func rename(_ d: DocumentContext, line: Int, character: Int, newName: String) -> Result<JSONValue, ResponseError> {
        let ns = d.namespace
        guard let (name, _) = Navigation.name(at: d.offset(line, character), in: d.document) else { return .success(.null) }
        guard Navigation.isValidName(newName) else {
            return .failure(ResponseError(.invalidParams, "'\(newName)' is not a valid name: use letters, digits and _"))
        }
        if newName != name, let taken = Navigation.declaration(of: newName, in: ns.workspace) {
            let file =
                LanguageServer.path(ofURI: taken.document).map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? taken.document
            let line = document(taken.document).map { positions($0).range(taken.range).startLine + 1 } ?? 0
            return .failure(
                ResponseError(
                    .requestFailed,
                    "'\(newName)' is already declared (\(file):\(line)); renaming '\(name)' to it would declare it twice: choose another name"
                ))
        }
        var changes: [(String, JSONValue)] = []
        let grouped = Dictionary(grouping: Navigation.occurrences(of: name, in: ns.workspace), by: \.document)
        for uri in grouped.keys.sorted() {
            guard let doc = document(uri) else { continue }
            let p = positions(doc)
            changes.append((uri, .array(grouped[uri]!.map { textEdit(p.range($0.range), newName) })))
        }
        return .success(.object([("changes", .object(changes))]))
    }
}
