import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/selectionRange`: for each position, the token, then every enclosing node up
    /// to the item, then the document (see `SelectionRanges`), as nested `parent`s.
    func selectionRanges(_ d: DocumentContext, positions requested: [(line: Int, character: Int)]) -> JSONValue {
        let p = d.positions
        let offsets = requested.map { d.offset($0.line, $0.character) }
        return .array(
            SelectionRanges.ranges(at: offsets, in: d.document.syntax).map { chain in
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
