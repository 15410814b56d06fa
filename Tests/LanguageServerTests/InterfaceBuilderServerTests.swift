import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing

@testable import LanguageServer

/// A storyboard or xib the editor opens: the diagnostics `check` reports for it, placed in the
/// XML, pushed or pulled, kept up with edits and cleared on close (docs/interface-builder.md).
@Suite struct InterfaceBuilderServerTests {
    static let xib = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/InterfaceBuilder/ProfileCell.xib")

    /// `code@line:character` of each diagnostic (0-based, UTF-16).
    func places(_ diagnostics: JSONValue?) -> [String] {
        (diagnostics?.arrayValue ?? []).map {
            "\($0["code"]?.stringValue ?? "")@\($0["range"]?["start"]?["line"]?.intValue ?? -1):\($0["range"]?["start"]?["character"]?.intValue ?? -1)"
        }
    }

    @Test func openEditAndCloseAStoryboard() throws {
        let text = try String(contentsOf: Self.xib, encoding: .utf8)
        let uri = Self.xib.absoluteString
        let client = TestClient()
        client.initialize()
        client.open(uri, text, languageId: "xml")
        let pushed = client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        #expect(pushed?["params"]?["version"] == .int(1))
        #expect(
            places(pushed?["params"]?["diagnostics"]) == [
                "low-contrast@27:24", "clipped@30:21", "fixed-size-font@32:106",
            ])
        #expect(
            pushed?["params"]?["diagnostics"]?.arrayValue?[1]["message"]
                == .string(
                    "clipped at .large: shows \"Downl\" (64 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; a cell of a xib, as wide as the screen; and at 1 larger size)"
                ))
        // An edit: the clipping line break mode goes (the title truncates instead); the rest stays where it was.
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([("text", .string(text.replacingOccurrences(of: " lineBreakMode=\"clip\"", with: "")))])
                    ])
                ),
            ]))
        let after = client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        #expect(after?["params"]?["version"] == .int(2))
        #expect(places(after?["params"]?["diagnostics"]) == ["low-contrast@27:24", "truncates@30:21", "fixed-size-font@32:106"])
        // Nothing else is offered on it.
        let hover = client.request(
            "textDocument/hover",
            .object([
                ("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(30, 22)),
            ]))
        #expect(hover?["result"] == .null)
        client.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(uri))]))]))
        let closed = client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        #expect(closed?["params"]?["diagnostics"] == .array([]))
    }

    @Test func aPullingClientGetsTheSameReport() throws {
        let text = try String(contentsOf: Self.xib, encoding: .utf8)
        let uri = Self.xib.absoluteString
        let client = TestClient()
        client.request("initialize", .object([("capabilities", .object([("textDocument", .object([("diagnostic", .object([]))]))]))]))
        client.notify("initialized", .object([]))
        client.open(uri, text, languageId: "xml")
        #expect(
            !client.received.contains { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }
        )
        let report = client.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]
        #expect(report?["kind"] == .string("full"))
        #expect(places(report?["items"]) == ["low-contrast@27:24", "clipped@30:21", "fixed-size-font@32:106"])
        let again = client.request(
            "textDocument/diagnostic",
            .object([
                ("textDocument", .object([("uri", .string(uri))])), ("previousResultId", report?["resultId"] ?? .null),
            ]))?["result"]
        #expect(again?["kind"] == .string("unchanged"))
    }

    /// A ranged edit given backwards (end before start) is read forwards, as on a `.labelspec`
    /// document: it replaces the text between its two ends, not an empty range at its start.
    @Test func aRangeGivenBackwardsIsReadForwards() throws {
        let text = try String(contentsOf: Self.xib, encoding: .utf8)
        let uri = Self.xib.absoluteString
        let client = TestClient()
        client.initialize()
        client.open(uri, text, languageId: "xml")
        // ` lineBreakMode="clip"` is line 30, characters 186..<207.
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", .object([("start", TestClient.position(30, 207)), ("end", TestClient.position(30, 186))])),
                            ("text", .string("")),
                        ])
                    ])
                ),
            ]))
        let after = client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        #expect(after?["params"]?["version"] == .int(2))
        #expect(places(after?["params"]?["diagnostics"]) == ["low-contrast@27:24", "truncates@30:21", "fixed-size-font@32:106"])
    }

    /// Positions past the end of a line or of the text are clamped; a position inside a
    /// surrogate pair (UTF-16) falls before the pair: the document stays valid UTF-8.
    @Test func editsAtOddPositionsKeepTheTextWhole() throws {
        let uri = "file:///tmp/labelspec-odd-positions.xib"
        let client = TestClient()
        client.initialize()
        client.open(uri, "<a>\u{1F600}é</a>", languageId: "xml")
        func change(_ start: (Int, Int), _ end: (Int, Int), _ text: String) {
            client.notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                    (
                        "contentChanges",
                        .array([
                            .object([
                                (
                                    "range",
                                    .object([("start", TestClient.position(start.0, start.1)), ("end", TestClient.position(end.0, end.1))])
                                ),
                                ("text", .string(text)),
                            ])
                        ])
                    ),
                ]))
        }
        change((0, 4), (0, 4), "x")  // inside the surrogate pair of U+1F600
        change((0, 500), (0, 900), "!")  // past the end of the line
        change((7, 0), (9, 0), "?")  // past the end of the text
        let bytes = try #require(client.server.stateLock.withLock { client.server.interfaceBuilderOpen[uri]?.ownText?.allBytes })
        #expect(String(decoding: bytes, as: UTF8.self) == "<a>x\u{1F600}é</a>!?")
    }

    /// Many changes in one notification (a multi-cursor edit, a replace-all), in document order
    /// either way and at random, each in the coordinates the previous one left: the text held is
    /// the text the changes make, applied one by one.
    @Test func aBatchOfChangesIsAppliedInOrder() throws {
        let uri = "file:///tmp/labelspec-batch.xib"
        var text = Array("<a>\u{1F600}é\r\n<b c=\"d\"/>\n\n<e>é</e>\r<f/>\n".utf8)
        let pieces = ["x", "\n", "\r\n", "é", "\u{1F600}", "<g/>", ""].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 7)
        let client = TestClient()
        client.initialize()
        client.open(uri, String(decoding: text, as: UTF8.self), languageId: "xml")
        for batch in 0..<30 {
            var changes: [JSONValue] = []
            let order = batch % 3  // 0: bottom-up, 1: top-down, 2: random
            var at = order == 0 ? text.count : 0
            for _ in 0..<Int.random(in: 1...25, using: &rng) {
                // Offsets at scalar boundaries, turned into UTF-16 positions as a client sends them.
                // (Not between the CR and the LF of a CR LF: one line break.)
                let boundaries = (0...text.count).filter {
                    ($0 == text.count || text[$0] & 0xC0 != 0x80)
                        && !($0 > 0 && $0 < text.count && text[$0 - 1] == 0x0D && text[$0] == 0x0A)
                }
                let candidates = boundaries.filter { order == 0 ? $0 <= at : order == 1 ? $0 >= min(at, text.count) : true }
                let a = candidates.randomElement(using: &rng)!
                let b = boundaries.filter { $0 >= a && $0 <= a + 6 }.randomElement(using: &rng)!
                let inserted = pieces.randomElement(using: &rng)!
                func position(_ offset: Int) -> JSONValue {
                    let prefix = text[..<offset]
                    let lineStart = prefix.lastIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 } ?? 0
                    let line = String(decoding: text[..<lineStart], as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
                        .reduce(0) { $0 + ($1 == "\n" || $1 == "\r" ? 1 : 0) }
                    return TestClient.position(line, String(decoding: text[lineStart..<offset], as: UTF8.self).utf16.count)
                }
                changes.append(
                    .object([
                        ("range", .object([("start", position(a)), ("end", position(b))])),
                        ("text", .string(String(decoding: inserted, as: UTF8.self))),
                    ]))
                text.replaceSubrange(a..<b, with: inserted)
                at = order == 0 ? a : a + inserted.count
            }
            client.notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .int(batch + 2))])), ("contentChanges", .array(changes)),
                ]))
            let held = try #require(client.server.stateLock.withLock { client.server.interfaceBuilderOpen[uri]?.ownText?.allBytes })
            #expect(held == text, "batch \(batch + 1) of \(changes.count) changes")
        }
    }

    /// Edits that come in a row are checked once, after the last: each checked in turn made 100
    /// quick edits of a 2 MB storyboard wait 94 s for their diagnostics (7 s now).
    @Test func editsInARowArePushedOnce() throws {
        let text = try String(contentsOf: Self.xib, encoding: .utf8)
        let uri = Self.xib.absoluteString
        let client = AsyncClient(debounce: 0.2)
        client.send(
            Outgoing.notification(
                method: "textDocument/didOpen",
                params: .object([
                    (
                        "textDocument",
                        .object([("uri", .string(uri)), ("languageId", .string("xml")), ("version", .int(1)), ("text", .string(text))])
                    )
                ])))
        for v in 2...51 {
            client.send(
                Outgoing.notification(
                    method: "textDocument/didChange",
                    params: .object([
                        ("textDocument", .object([("uri", .string(uri)), ("version", .int(v))])),
                        (
                            "contentChanges",
                            .array([
                                .object([
                                    ("range", .object([("start", TestClient.position(0, 0)), ("end", TestClient.position(0, 0))])),
                                    ("text", .string("")),
                                ])
                            ])
                        ),
                    ])))
        }
        func pushes(_ received: [JSONValue]) -> [JSONValue] {
            received.filter { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }
        }
        #expect(client.wait { pushes($0).last?["params"]?["version"] == .int(51) })
        usleep(400_000)
        let all = pushes(client.received.map(\.0))
        #expect(all.count <= 3, "\(all.count) pushes")
        #expect(all.last?["params"]?["version"] == .int(51))
        #expect(
            places(all.last?["params"]?["diagnostics"]) == [
                "low-contrast@27:24", "clipped@30:21", "fixed-size-font@32:106",
            ])
    }

    /// A storyboard that is not a file (`untitled:`) is not kept, and the log says why.
    @Test func aStoryboardThatIsNotAFileIsSaidSo() {
        let uri = "untitled:Untitled-1.xib"
        let client = TestClient()
        client.initialize()
        client.open(uri, "<document/>", languageId: "xml")
        #expect(client.logs.contains { $0.contains("untitled:Untitled-1.xib is not a file") })
        #expect(client.server.stateLock.withLock { client.server.interfaceBuilderOpen[uri] == nil })
    }
}
