import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/inlayHint`: after each label's name in the requested range (the editor's
    /// visible lines), its line count and truncation at the first configured size (see
    /// `InlayHints`). The labels are read under the state lock; the returned work measures them.
    func inlayHints(_ d: DocumentContext, range: JSONValue? = nil) -> () -> JSONValue {
        let p = d.positions
        let wanted = range.flatMap { p.requested($0) } ?? 0..<Int.max
        let pending = d.namespace.inlayHints(in: d.document, range: wanted)
        let measurer = d.namespace.measurer
        return {
            var cursor = LineTable.Cursor(p)
            return .array(InlayHints.measure(pending, measurer: measurer).map { hint in
                let at = cursor.position(of: hint.offset)
                return .object([
                    ("position", .object([("line", .int(at.line)), ("character", .int(at.character))])),
                    ("label", .string(hint.label)), ("paddingLeft", .bool(true)),
                ])
            })
        }
    }
}
