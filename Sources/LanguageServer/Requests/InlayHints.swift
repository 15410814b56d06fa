import JSON
import LabelMeasure
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/inlayHint`: after each label's name in the requested range (the editor's
    /// visible lines), its line count and truncation at the first configured size (see
    /// `InlayHints`). The labels are read under the state lock; `PendingInlayHints.answer`
    /// measures them.
    func inlayHints(_ d: DocumentContext, range: JSONValue? = nil) -> PendingInlayHints {
        let wanted = range.flatMap { d.positions.requested($0) } ?? 0..<Int.max
        return PendingInlayHints(
            pending: d.namespace.inlayHints(in: d.document, range: wanted), measurer: d.namespace.measurer, positions: d.positions)
    }
}

/// The labels of an inlay-hint request, read under the state lock, to measure outside it.
struct PendingInlayHints: Sendable {
    let pending: [InlayHints.Pending]
    let measurer: Measurer
    let positions: LineTable

    static func answer(_ hints: PendingInlayHints) -> JSONValue {
        var cursor = LineTable.Cursor(hints.positions)
        return .array(
            InlayHints.measure(hints.pending, measurer: hints.measurer).map { hint in
                let at = cursor.position(of: hint.offset)
                return .object([
                    ("position", .object([("line", .int(at.line)), ("character", .int(at.character))])),
                    ("label", .string(hint.label)), ("paddingLeft", .bool(true)),
                ])
            })
    }
}
