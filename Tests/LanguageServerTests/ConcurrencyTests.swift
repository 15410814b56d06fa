import Foundation
import JSON
import JSONRPC
import Testing

@testable import LanguageServer

/// A client of the concurrent server: answers arrive from other threads.
final class AsyncClient: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [(JSONValue, Date)] = []
    private(set) var server: LanguageServer!

    init(debounce: Double = 0.05) {
        server = LanguageServer(
            // Kept as a client reads them: serialised by json-c, parsed back (fragments spliced).
            send: { [unowned self] m in
                let parsed = (try? JSONValue.parse(m.serializedBytes())) ?? .string("unparsable reply")
                self.lock.withLock { self.messages.append((parsed, Date())) }
            }, concurrent: true,
            debounce: debounce, testHooks: true)
        send(
            Outgoing.request(
                id: .number(0), method: "initialize",
                params: .object([("capabilities", .object([("textDocument", TestClient.markdownCapabilities)]))])))
        send(Outgoing.notification(method: "initialized", params: .object([])))
    }

    func send(_ json: JSONValue) { server.handle(Array(json.serialized().utf8)) }

    var received: [(JSONValue, Date)] { lock.withLock { messages } }

    /// Waits (up to 20 s: CI machines are loaded) until `condition` holds for what was received.
    @discardableResult
    func wait(_ condition: ([JSONValue]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if condition(received.map(\.0)) { return true }
            usleep(5_000)
        }
        return false
    }

    func response(_ id: Int) -> (JSONValue, Date)? { received.first { $0.0["id"] == .int(id) } }
}

@Suite struct ConcurrencyTests {
    static let uri = "file:///w/c.labelspec"
    static let openParams: JSONValue = .object([
        (
            "textDocument",
            .object([
                ("uri", .string(uri)), ("languageId", .string("labelspec")), ("version", .int(1)),
                ("text", .string("label A {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n}\n")),
            ])
        )
    ])

    func hover(_ id: Int) -> JSONValue {
        Outgoing.request(
            id: .number(id), method: "textDocument/hover",
            params: .object([
                ("textDocument", .object([("uri", .string(Self.uri))])), ("position", TestClient.position(0, 6)),
            ]))
    }

    func change(_ version: Int, _ text: String) -> JSONValue {
        Outgoing.notification(
            method: "textDocument/didChange",
            params: .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(version))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", .object([("start", TestClient.position(3, 0)), ("end", TestClient.position(3, 0))])),
                            ("text", .string(text)),
                        ])
                    ])
                ),
            ]))
    }

    @Test func cancelledRequestsAnswerRequestCancelled() {
        let c = AsyncClient()
        c.send(Outgoing.notification(method: "textDocument/didOpen", params: Self.openParams))
        c.send(Outgoing.request(id: .number(1), method: "labelspec/_sleep", params: .object([("milliseconds", .int(200))])))
        c.send(hover(2))
        c.send(Outgoing.notification(method: "$/cancelRequest", params: .object([("id", .int(2))])))
        #expect(c.wait { $0.contains { $0["id"] == .int(2) } })
        #expect(c.response(2)?.0["error"]?["code"] == .int(-32800))
        #expect(c.wait { $0.contains { $0["id"] == .int(1) } })
        #expect(c.response(1)?.0["result"] == .null)
    }

    @Test func aChangeAnswersStaleRequestsAtOnceAndIsNotHeldUpBySlowOnes() {
        let c = AsyncClient()
        c.send(Outgoing.notification(method: "textDocument/didOpen", params: Self.openParams))
        // Generous times: CI machines are loaded, and only the order of events is asserted.
        c.send(Outgoing.request(id: .number(1), method: "labelspec/_sleep", params: .object([("milliseconds", .int(1500))])))
        c.send(hover(2))
        c.send(change(2, "label B { text: \"b\" }\n"))
        // The stale hover is answered by the change itself, not after the slow request.
        #expect(c.response(2)?.0["error"]?["code"] == .int(-32801))
        // The change's diagnostics are pushed while the slow request still runs.
        #expect(c.wait { $0.contains { $0["params"]?["version"] == .int(2) } })
        let pushed = c.received.first { $0.0["params"]?["version"] == .int(2) }!.1
        #expect(c.wait { $0.contains { $0["id"] == .int(1) } })
        let slowDone = c.response(1)!.1
        #expect(pushed < slowDone)
        // A hover after the change sees the new text.
        c.send(hover(3))
        #expect(c.wait { $0.contains { $0["id"] == .int(3) } })
        let preview = c.response(3)?.0["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(preview.hasPrefix("**A** at .large — 1 line · truncated"), "\(preview)")
    }

    @Test func pushesAreDebouncedButTheFirstComesAtOnce() {
        let c = AsyncClient(debounce: 1.0)
        let opened = Date()
        c.send(Outgoing.notification(method: "textDocument/didOpen", params: Self.openParams))
        #expect(c.wait { $0.contains { $0["params"]?["version"] == .int(1) } })
        // The first push does not wait for the debounce.
        #expect(c.received.first { $0.0["params"]?["version"] == .int(1) }!.1.timeIntervalSince(opened) < 1.0)
        for v in 2...5 { c.send(change(v, "label B\(v) { text: \"b\" }\n")) }
        #expect(c.wait { $0.contains { $0["params"]?["version"] == .int(5) } })
        usleep(1_200_000)
        let versions = c.received.compactMap { $0.0["params"]?["version"]?.intValue }
        #expect(versions == [1, 5])
    }
}
