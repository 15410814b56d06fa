import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/selectionRange`: for each position, the token, then every enclosing node up
    /// to the item, then the document (see `SelectionRanges`), as nested `parent`s.
    func selectionRanges(uri: String, positions requested: [(line: Int, character: Int)]) -> JSONValue {
        guard let doc = document(uri) else { return .null }
        let p = positions(doc)
        let offsets = requested.map { p.offset(line: $0.line, character: $0.character).offset }
        return .array(SelectionRanges.ranges(at: offsets, in: doc.syntax).map { chain in
            var result: JSONValue?
            for r in chain.reversed() {
                var fields: [(String, JSONValue)] = [("range", p.range(r).json)]
                if let parent = result { fields.append(("parent", parent)) }
                result = .object(fields)
            }
            return result ?? .null
        })
    }
}
