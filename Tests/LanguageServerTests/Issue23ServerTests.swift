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

    /// Point 7: with `filetypes = {'labelspec','xml'}`, an open `.stringsdict` or `Info.plist`
    /// got `syntax` errors and joined the names of the `.labelspec` files beside it (a
    /// `duplicate` that `check` never reports). Only `.labelspec` files, storyboards and xibs,
    /// and unsaved documents of language labelspec are checked; anything else is left alone.
    @Test func documentsThatAreNotLabelspecAreLeftAlone() {
        let c = TestClient()
        c.initialize()
        let real = "file:///w/a.labelspec"
        c.open(real, "label A { text: \"x\" }\n")
        let pushesBefore = c.received.filter { $0["method"] == .string("textDocument/publishDiagnostics") }.count
        let others = [
            ("file:///w/Info.plist", "xml"), ("file:///w/Localizable.stringsdict", "xml"), ("file:///w/notes.txt", "labelspec"),
            ("untitled:Untitled-2", "plaintext"),
        ]
        for (uri, language) in others {
            c.open(uri, "label A { text: \"y\" }\n<plist>\n", languageId: language)
            c.notify("textDocument/didChange", .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("text", .string("label A { text: \"z\" }\n"))])])),
            ]))
        }
        #expect(c.lastDiagnostics(real).isEmpty)
        let pushes = c.received.filter { $0["method"] == .string("textDocument/publishDiagnostics") }
        #expect(pushes.count == pushesBefore, "\(pushes.suffix(3))")
        for (uri, _) in others {
            #expect(!pushes.contains { $0["params"]?["uri"] == .string(uri) })
            let pulled = c.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]))
            #expect(pulled?["result"]?["items"]?.arrayValue?.isEmpty ?? true, "\(String(describing: pulled))")
            let symbols = c.request("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))
            #expect(symbols?["result"]?.arrayValue?.isEmpty ?? true, "\(String(describing: symbols))")
            c.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(uri))]))]))
        }
        #expect(c.logs.contains { $0.contains("file:///w/Info.plist is not a .labelspec file") })
        // An unsaved document of language labelspec is checked, in a namespace of its own kind.
        c.open("untitled:Untitled-3", "label A { widht: 1 }\n")
        #expect(c.lastDiagnostics("untitled:Untitled-3").map(\.0).contains("unknown-property"))
        #expect(c.lastDiagnostics(real).isEmpty)
    }
}
