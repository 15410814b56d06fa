import JSON
import LabelMeasure
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/codeAction`: the quick fixes of every diagnostic the range touches (a
    /// cursor, an empty range, stands for its whole line: the fix of `numberOfLine: 2` is offered
    /// with the cursor at the line's end), and of the diagnostics the client names in `context`
    /// (found by code and range). The document is read under the state lock; the returned work
    /// measures it (a fix of `truncated` needs the layouts).
    func codeActions(
        _ d: DocumentContext, range: (start: (line: Int, character: Int), end: (line: Int, character: Int)),
        context: [(code: String, start: (line: Int, character: Int), end: (line: Int, character: Int))] = []
    ) -> PendingCodeActions {
        let (ns, p) = (d.namespace, d.positions)
        var a = p.offset(line: range.start.line, character: range.start.character).offset
        var b = p.offset(line: range.end.line, character: range.end.character).offset
        if a >= b {
            a = p.offset(line: range.start.line, character: 0).offset
            b = p.offset(line: range.start.line, character: .max).offset
        }
        // A range given backwards names no diagnostic (a diagnostic's range never is).
        let named = Set(
            context.compactMap { c -> CodeActions.Named? in
                let (start, end) = (
                    p.offset(line: c.start.line, character: c.start.character).offset,
                    p.offset(line: c.end.line, character: c.end.character).offset
                )
                return start <= end ? CodeActions.Named(code: c.code, range: start..<end) : nil
            })
        return PendingCodeActions(
            uri: d.uri, positions: p, range: a..<max(a, b), named: named, checks: ns.snapshot(d.uri), measurer: ns.measurer,
            codeDescriptions: client.codeDescriptions)
    }
}

/// A code-action request read under the state lock: the range and named diagnostics as offsets,
/// and the document's checks, to measure outside it.
struct PendingCodeActions: Sendable {
    let uri: String
    let positions: LineTable
    let range: Range<Int>
    let named: Set<CodeActions.Named>
    let checks: Checks.Snapshot
    let measurer: Measurer
    let codeDescriptions: Bool

    static func answer(_ pending: PendingCodeActions) -> JSONValue {
        let (uri, p, codeDescriptions) = (pending.uri, pending.positions, pending.codeDescriptions)
        let actions = CodeActions.actions(
            for: pending.range, named: pending.named, diagnostics: pending.checks.diagnostics(measurer: pending.measurer))
        return .array(
            actions.map { action in
                .object([
                    ("title", .string(action.fix.title)), ("kind", .string("quickfix")),
                    ("diagnostics", .array([action.diagnostic.lspJSON(p, uri: uri, codeDescription: codeDescriptions)])),
                    ("isPreferred", .bool(action.isPreferred)),
                    (
                        "edit",
                        .object([("changes", .object([(uri, .array(action.fix.edits.map { textEdit(p.range($0.range), $0.newText) }))]))])
                    ),
                ])
            })
    }
}
