import Foundation
import JSON
import JSONRPC
import LabelSpecSemantics
import Testing

@testable import LanguageServer

/// Hostile and unusual client behaviour (issue 10): each test failed on the server before the fix.
@Suite struct ReliabilityTests {
    static let uri = "file:///w/r.labelspec"

    func change(_ version: Int, _ changes: [JSONValue]) -> (String, JSONValue) {
        (
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(version))])),
                ("contentChanges", .array(changes)),
            ])
        )
    }

    func text(_ client: TestClient) -> String? { client.server.document(Self.uri).map { String(decoding: $0.syntax.text, as: UTF8.self) } }

    @Test func aMalformedChangeIsRefusedAndTheDocumentKept() {
        let client = TestClient.opened(Self.uri, "label A { text: \"a\" }\n")
        let malformed: [JSONValue] = [
            .object([
                (
                    "range",
                    .object([("start", .object([("line", .string("0")), ("character", .int(0))])), ("end", TestClient.position(0, 0))])
                ), ("text", .string("X")),
            ]),
            .object([
                ("range", .object([("start", TestClient.position(-1, 0)), ("end", TestClient.position(0, 0))])), ("text", .string("X")),
            ]),
            .object([("range", .null), ("text", .string("X"))]),
            .object([("range", .object([("start", TestClient.position(0, 0))])), ("text", .string("X"))]),
            .object([("range", .object([("start", TestClient.position(0, 0)), ("end", TestClient.position(0, 0))]))]),
        ]
        for (i, bad) in malformed.enumerated() {
            // A good change before the bad one in the same notification is not applied either.
            let good = JSONValue.object([
                ("range", .object([("start", TestClient.position(0, 0)), ("end", TestClient.position(0, 0))])), ("text", .string("// c\n")),
            ])
            let (method, params) = change(i + 2, [good, bad])
            client.logs = []
            client.notify(method, params)
            #expect(text(client) == "label A { text: \"a\" }\n", "change \(i) was applied")
            #expect(
                client.logs.contains { $0.hasPrefix("didChange for \(Self.uri) refused: change 2 of 2 is malformed") }, "\(client.logs)")
        }
        // A well-formed change still applies afterwards.
        let (method, params) = change(
            9,
            [
                .object([
                    ("range", .object([("start", TestClient.position(0, 6)), ("end", TestClient.position(0, 7))])), ("text", .string("B")),
                ])
            ])
        client.notify(method, params)
        #expect(text(client) == "label B { text: \"a\" }\n")
    }

    /// Full-text changes replace the document: the old one is freed (the workspace kept every
    /// replaced document until a `recheck()` that the server never calls).
    @Test func replacedDocumentsAreFreed() {
        let client = TestClient.opened(Self.uri, "label A { text: \"a\" }\n")
        weak let first = client.server.document(Self.uri)
        #expect(first != nil)
        for version in 2...5 {
            let (method, params) = change(version, [.object([("text", .string("label A\(version) { text: \"a\" }\n"))])])
            client.notify(method, params)
        }
        #expect(text(client) == "label A5 { text: \"a\" }\n")
        #expect(first == nil, "a replaced document is still alive")
    }

    @Test func requestsAfterShutdownAreInvalid() {
        let client = TestClient.opened(Self.uri, "label A { text: \"a\" }\n")
        #expect(client.request("shutdown")?["result"] == .null)
        let after = client.request("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(Self.uri))]))]))
        #expect(after?["error"]?["code"] == .int(-32600))
        #expect(after?["error"]?["message"] == .string("the server is shut down: only the exit notification is accepted"))
        #expect(client.request("shutdown")?["error"]?["code"] == .int(-32600))
        client.notify("exit", .object([]))
        #expect(client.server.exitCode == 0)
    }

    @Test func withoutMarkdownSupportCompletionAndHoverArePlainText() {
        let client = TestClient()
        client.initialize(markdown: false)
        client.open(Self.uri, "label ProfileName {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n    \n}\n")
        let items =
            client.request(
                "textDocument/completion",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])), ("position", TestClient.position(3, 4)),
                ]))?["result"]?.arrayValue ?? []
        let font = items.first { $0["label"] == .string("font") }
        // A plain string: a client that declares no documentation format may not take MarkupContent.
        let docs = font?["documentation"]?.stringValue ?? ""
        #expect(!docs.isEmpty && !docs.contains("`") && !docs.contains("**"), "\(docs)")
        let hover = client.request(
            "textDocument/hover",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri))])), ("position", TestClient.position(0, 8)),
            ]))?["result"]?["contents"]
        #expect(hover?["kind"] == .string("plaintext"))
        let value = hover?["value"]?.stringValue ?? ""
        #expect(value.hasPrefix("ProfileName at .large — 1 line · truncated · 17 pt\n\n┌"), "\(value)")
    }
}

@Suite struct ConcurrentReliabilityTests {
    static let uri = "file:///w/c.labelspec"

    @Test func aDuplicateIdIsRefusedAndTheFirstRequestStillAnswered() {
        let c = AsyncClient()
        c.send(Outgoing.request(id: .number(5), method: "labelspec/_sleep", params: .object([("milliseconds", .int(300))])))
        c.send(Outgoing.request(id: .number(5), method: "workspace/symbol", params: .object([("query", .string(""))])))
        #expect(c.wait { $0.filter { $0["id"] == .int(5) }.count == 2 })
        let answers = c.received.map(\.0).filter { $0["id"] == .int(5) }
        #expect(answers.first?["error"]?["message"] == .string("request id 5 is already in use by a pending request"))
        #expect(answers.first?["error"]?["code"] == .int(-32600))
        #expect(answers.last?["result"] == .null)
    }

    /// A push still waiting for its debounce goes out before the answer to `shutdown`.
    @Test func aDebouncedPushIsSentBeforeShutdownIsAnswered() {
        let c = AsyncClient(debounce: 30)
        c.send(Outgoing.notification(method: "textDocument/didOpen", params: ConcurrencyTests.openParams))
        #expect(c.wait { $0.contains { $0["params"]?["version"] == .int(1) } })
        c.send(
            Outgoing.notification(
                method: "textDocument/didChange",
                params: .object([
                    ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
                    ("contentChanges", .array([.object([("text", .string("label B { widht: 1 }\n"))])])),
                ])))
        c.send(Outgoing.request(id: .number(9), method: "shutdown", params: .null))
        #expect(c.wait { $0.contains { $0["id"] == .int(9) } })
        let messages = c.received.map(\.0)
        let push = messages.firstIndex { $0["params"]?["version"] == .int(2) }
        let shutdown = messages.firstIndex { $0["id"] == .int(9) }
        #expect(push != nil && shutdown != nil && push! < shutdown!, "\(messages.map { $0.serialized() })")
        let codes = push.map { messages[$0]["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } } ?? nil
        #expect(codes == ["missing-text", "unknown-property"])
    }
}
