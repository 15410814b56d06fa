import JSON
import Testing

@testable import LanguageServer

/// The server's one document index (issue 34, point 2): every document it keeps something for is
/// one entry by URI, of one kind, and `didChange`/`didClose` go the way of the kind the latest
/// `didOpen` gave it.
struct DocumentIndexTests {
    static func change(_ uri: String, version: Int, _ text: String) -> JSONValue {
        .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
            ("contentChanges", .array([.object([("text", .string(text))])])),
        ])
    }

    /// An unsaved document first opened in another language (left alone), then opened again as
    /// labelspec, is a labelspec document: its edits are applied and its diagnostics follow them.
    /// (With a set of left-alone URIs beside the map of open documents, the URI stayed in both and
    /// its edits were dropped: the fixed label kept its two diagnostics.)
    @Test func theKindIsTheOneTheLatestDidOpenGave() {
        let c = TestClient()
        c.initialize()
        let uri = "untitled:Untitled-4"
        c.open(uri, "label A { widht: 1 }\n", languageId: "plaintext")
        #expect(c.lastDiagnostics(uri).isEmpty)
        c.open(uri, "label A { widht: 1 }\n")
        #expect(c.lastDiagnostics(uri).map(\.0) == ["missing-text", "unknown-property"])
        c.notify("textDocument/didChange", DocumentIndexTests.change(uri, version: 2, "label A { text: \"x\" }\n"))
        let last = c.received.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }
        #expect(last?["params"]?["version"] == .int(2))
        #expect(c.lastDiagnostics(uri).isEmpty)
        #expect(c.server.stateLock.withLock { c.server.open[uri]?.version } == 2)
    }

    /// One entry per URI: a file read from disk and then opened keeps one entry (the open
    /// document's), and closing it drops it; a storyboard and a left-alone document are entries of
    /// their own kinds.
    @Test func oneEntryPerDocumentOfOneKind() {
        let c = TestClient()
        c.initialize()
        let a = "file:///w/a.labelspec", board = "file:///w/Main.storyboard", plist = "file:///w/Info.plist"
        let json = "file:///w/labelspec.json", xliff = "file:///w/de.xliff"
        c.open(a, "label A { text: \"x\" }\n")
        c.open(board, "<document></document>\n")
        c.open(plist, "<plist/>\n", languageId: "xml")
        c.open(json, "{}\n", languageId: "json")
        c.open(xliff, "<xliff/>\n", languageId: "xml")
        func kind(_ uri: String) -> String {
            c.server.stateLock.withLock {
                switch c.server.documents[uri] {
                case .labelspec?: "labelspec"
                case .interfaceBuilder?: "interfaceBuilder"
                case .xliff?: "xliff"
                case .configuration?: "configuration"
                case .ignored?: "ignored"
                case .onDisk?: "onDisk"
                case nil: "none"
                }
            }
        }
        #expect(
            [kind(a), kind(board), kind(plist), kind(json), kind(xliff)] == [
                "labelspec", "interfaceBuilder", "ignored", "configuration", "xliff",
            ])
        for uri in [a, board, plist, json, xliff] {
            c.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(uri))]))]))
        }
        #expect([kind(a), kind(board), kind(plist), kind(json)] == ["none", "none", "none", "none"])
    }
}
