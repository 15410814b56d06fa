import Foundation
import JSON
import Testing

@testable import LanguageServer

/// Issue 23, the server's side: what a client sees.
@Suite struct Issue23ServerTests {
    /// A list left open swallows the next members: the editor's quick fixes of the member never
    /// delete them (the preferred one was the same removal `check --fix` made).
    @Test func noQuickFixDeletesWhatASyntaxErrorSwallowed() {
        let uri = "file:///w/a.labelspec"
        let text = "label A {\n    text: \"Hello\"\n    minimumScaleFactor: [0.5,\n    width: 100\n    numberOfLines: 2\n}\n"
        let c = TestClient.opened(uri, text)
        let actions = c.request("textDocument/codeAction", .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("range", JSONRange(startLine: 2, startCharacter: 0, endLine: 5, endCharacter: 0).json),
            ("context", .object([("diagnostics", .array([]))])),
        ]))?["result"]?.arrayValue ?? []
        let removals = actions.filter { a in
            (a["edit"]?["changes"]?[uri]?.arrayValue ?? []).contains { e in
                e["newText"] == .string("") && (e["range"]?["end"]?["line"]?.intValue ?? 0) > (e["range"]?["start"]?["line"]?.intValue ?? 0)
            }
        }
        #expect(removals.isEmpty, "\(removals)")
        #expect(!actions.contains { $0["title"] == .string("Remove 'minimumScaleFactor'") })
    }
}
