import Foundation
import JSON
import JSONRPC
import LabelSpecIDE
import Testing

@testable import LanguageServer

@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeAreRefused() {
        let client = TestClient()
        let reply = client.request("textDocument/hover", .object([]))
        #expect(reply?["error"]?["code"] == .int(-32002))
    }

    @Test func initializeAnswersCapabilitiesAndServerInfo() {
        let client = TestClient()
        let reply = client.request("initialize", .object([("capabilities", .object([]))]))
        let result = reply?["result"]
        #expect(result?["capabilities"]?["positionEncoding"] == .string("utf-16"))
        #expect(result?["capabilities"]?["textDocumentSync"]?["change"] == .int(2))
        #expect(result?["capabilities"]?["hoverProvider"] == .bool(true))
        #expect(result?["serverInfo"]?["name"] == .string("labelspec"))
        #expect(result?["serverInfo"]?["version"] == .string(LanguageServer.version))
    }

    /// The advertised capabilities are those of the request table, each once; every method of
    /// the table is answered (a missing parameter is InvalidParams, never MethodNotFound), and a
    /// method outside it is MethodNotFound.
    @Test func capabilitiesAndHandlersComeFromOneTable() {
        let client = TestClient.opened("file:///w/a.labelspec", "label A { text: \"x\" }\n")
        let capabilities = client.request("initialize", .object([("capabilities", .object([]))]))
        #expect(capabilities?["error"] != nil)  // opened() initialized already: a second initialize is refused
        let fresh = TestClient()
        let advertised =
            fresh.request("initialize", .object([("capabilities", .object([]))]))?["result"]?["capabilities"]?.objectValue ?? []
        let keys = advertised.map(\.0)
        #expect(Set(keys).count == keys.count)
        let fromTable = LanguageServer.requests.compactMap { $0.capability?.key }
        #expect(Set(fromTable).isSubset(of: Set(keys)))
        #expect(Set(keys).subtracting(fromTable) == ["positionEncoding", "textDocumentSync", "workspace"])
        // One table: no method twice, every entry of its kind; a notification is no request.
        #expect(LanguageServer.requests.count == 21 && LanguageServer.notifications.count == 10)
        #expect(LanguageServer.byMethod.count == 31 && LanguageServer.handlers.count == 31)
        #expect(
            LanguageServer.requests.allSatisfy { $0.kind == .request }
                && LanguageServer.notifications.allSatisfy { $0.kind == .notification })
        #expect(client.request("textDocument/didSave", .object([]))?["error"]?["code"] == .int(-32601))
        // Every request that measures is split: its measuring runs outside the lock (issue 25);
        // those that measure a whole document in turn.
        #expect(
            Set(LanguageServer.requests.filter { $0.locking == .split }.map(\.method)) == ["textDocument/hover", "textDocument/inlayHint"])
        #expect(
            Set(LanguageServer.requests.filter { $0.locking == .document }.map(\.method)) == [
                "textDocument/codeAction", "textDocument/diagnostic", "workspace/diagnostic",
            ])
        for handler in LanguageServer.requests {
            let empty = client.request(handler.method, .object([]))
            #expect(empty?["error"]?["code"] != .int(-32601), "\(handler.method)")
        }
        #expect(client.request("textDocument/typeDefinition", .object([]))?["error"]?["code"] == .int(-32601))
    }

    @Test func positionEncodingIsNegotiated() {
        let a = TestClient()
        #expect(
            a.request(
                "initialize",
                .object([
                    (
                        "capabilities",
                        .object([("general", .object([("positionEncodings", .array([.string("utf-16"), .string("utf-8")]))]))])
                    )
                ]))?["result"]?["capabilities"]?["positionEncoding"] == .string("utf-8"))
        let b = TestClient()
        #expect(
            b.request(
                "initialize",
                .object([("capabilities", .object([("general", .object([("positionEncodings", .array([.string("utf-32")]))]))]))]))?[
                    "result"]?["capabilities"]?["positionEncoding"] == .string("utf-32"))
    }

    @Test func shutdownThenExitIsZeroExitAloneIsOne() {
        let a = TestClient()
        a.initialize()
        #expect(a.request("shutdown")?["result"] == .null)
        a.notify("exit", .null)
        #expect(a.server.exitCode == 0)
        let b = TestClient()
        b.initialize()
        b.notify("exit", .null)
        #expect(b.server.exitCode == 1)
    }

    @Test func badMessagesGetErrorsAndTheServerGoesOn() {
        let client = TestClient()
        client.initialize()
        client.raw("{not json")
        #expect(
            client.received.last
                == .object([
                    ("jsonrpc", .string("2.0")), ("id", .null),
                    ("error", .object([("code", .int(-32700)), ("message", client.received.last?["error"]?["message"] ?? .null)])),
                ]))
        #expect(client.request("no/such/method")?["error"]?["code"] == .int(-32601))
        #expect(client.request("textDocument/hover", .object([("textDocument", .int(3))]))?["error"]?["code"] == .int(-32602))
        client.notify("$/setTrace", .object([("value", .string("off"))]))
        client.notify("$/cancelRequest", .object([("id", .int(99))]))
        // Still serving.
        client.open("file:///a.labelspec", "label A { text: \"a\" }")
        #expect(client.lastDiagnostics("file:///a.labelspec").isEmpty)
    }
}

@Suite struct DocumentTests {
    static let uri = "file:///w/a.labelspec"

    @Test func openPublishesTheSameDiagnosticsAsCheck() {
        let client = TestClient.opened(
            Self.uri,
            "label A {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    widht: 180\n}\nlabel B {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n}\n"
        )
        // (A, without a width, fits the margins with less room than Inter Display's error at
        // .extraExtraExtraLarge: near its limit.)
        #expect(
            client.lastDiagnostics(Self.uri).map { "\($0.0)@\($0.1):\($0.2)" } == [
                "near-limit@0:6", "unknown-property@2:4", "truncates@4:6",
            ])
        let publish = client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        #expect(publish?["params"]?["version"] == .int(1))
        let first = publish?["params"]?["diagnostics"]?.arrayValue?.first { $0["code"] == .string("unknown-property") }
        #expect(first?["severity"] == .int(1))
        #expect(first?["source"] == .string("labelspec"))
        // This client declares no codeDescriptionSupport: no link.
        #expect(first?["codeDescription"] == nil)
        #expect(first?["range"]?["end"]?["character"] == .int(9))
    }

    /// A client that declares `codeDescriptionSupport` (VS Code) gets each code's documentation
    /// link, in pushes, pulls and the diagnostics of code actions.
    @Test func codeDescriptionsForAClientThatTakesThem() throws {
        let text = "label A {\n    text: \"a\"\n    widht: 180\n}\n"
        // The code's section of the docs shipped with the binary: the repository's, for a build in it.
        let shipped = try #require(ShippedDocs.diagnosticURI(.unknownProperty))
        #expect(shipped.hasPrefix("file:///") && shipped.hasSuffix("/docs/diagnostics.md#unknown-property"))
        #expect(FileManager.default.fileExists(atPath: String(shipped.dropFirst("file://".count).prefix { $0 != "#" })))
        let href = JSONValue.string(shipped)
        for pull in [false, true] {
            let client = TestClient()
            var textDocument: [(String, JSONValue)] = [("publishDiagnostics", .object([("codeDescriptionSupport", .bool(true))]))]
            if pull { textDocument.append(("diagnostic", .object([("dynamicRegistration", .bool(false))]))) }
            client.request(
                "initialize", .object([("processId", .null), ("capabilities", .object([("textDocument", .object(textDocument))]))]))
            client.notify("initialized", .object([]))
            client.open(Self.uri, text)
            let items =
                pull
                ? client.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(Self.uri))]))]))?["result"]?[
                    "items"]
                : client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }?["params"]?["diagnostics"]
            #expect(items?.arrayValue?.first?["codeDescription"]?["href"] == href, "pull: \(pull)")
            let actions =
                client.request(
                    "textDocument/codeAction",
                    .object([
                        ("textDocument", .object([("uri", .string(Self.uri))])),
                        ("range", .object([("start", TestClient.position(2, 4)), ("end", TestClient.position(2, 4))])),
                        ("context", .object([("diagnostics", .array([]))])),
                    ]))?["result"]?.arrayValue ?? []
            #expect(!actions.isEmpty && actions.allSatisfy { $0["diagnostics"]?.arrayValue?.first?["codeDescription"]?["href"] == href })
        }
    }

    @Test func incrementalChangesUpdateDiagnostics() {
        let client = TestClient.opened(Self.uri, "label A {\n    text: \"a\"\n    widht: 180\n}\n")
        #expect(client.lastDiagnostics(Self.uri).map(\.0) == ["unknown-property"])
        // Replace "widht" with "width".
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", .object([("start", TestClient.position(2, 4)), ("end", TestClient.position(2, 9))])),
                            ("text", .string("width")),
                        ])
                    ])
                ),
            ]))
        #expect(client.lastDiagnostics(Self.uri).isEmpty)
        let publish = client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        #expect(publish?["params"]?["version"] == .int(2))
        // A range past the end is clamped, not a crash.
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(3))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", .object([("start", TestClient.position(99, 0)), ("end", TestClient.position(120, 5))])),
                            ("text", .string("label B {}\n")),
                        ])
                    ])
                ),
            ]))
        #expect(client.lastDiagnostics(Self.uri).map(\.0) == ["missing-text"])
        #expect(client.logs.contains { $0.contains("clamped") })
    }

    @Test func positionsCountUTF16UnitsByDefaultAndBytesWithUTF8() {
        let text = "label A {\n    text: \"😀é\"; widht: 1\n}\n"
        let utf16 = TestClient.opened(Self.uri, text)
        // "    text: \"😀é\"; " is 4+6+1+2+1+1+2 = 17 UTF-16 units before "widht".
        #expect(utf16.lastDiagnostics(Self.uri).map { "\($0.0)@\($0.1):\($0.2)" } == ["unknown-property@1:17"])
        let utf8 = TestClient()
        utf8.initialize(encodings: ["utf-8"])
        utf8.open(Self.uri, text)
        #expect(utf8.lastDiagnostics(Self.uri).map { "\($0.0)@\($0.1):\($0.2)" } == ["unknown-property@1:20"])
    }

    @Test func closeClearsDiagnostics() {
        let client = TestClient.opened(Self.uri, "label A { widht: 1 }")
        client.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(Self.uri))]))]))
        #expect(client.lastDiagnostics(Self.uri).isEmpty)
    }

    @Test func hoverOnALabelShowsItsMeasuredPreview() {
        let client = TestClient.opened(Self.uri, "label ProfileName {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n}\n")
        let reply = client.request(
            "textDocument/hover",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri))])), ("position", TestClient.position(0, 8)),
            ]))
        let value = reply?["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(value.hasPrefix("**ProfileName** at .large — 1 line · truncated · 17 pt"))
        #expect(value.contains("│Alexandra Fitzgerald-…│"))
        #expect(value.contains("| AX5 | 1 | truncated |"))
        #expect(reply?["result"]?["range"]?["start"]?["character"] == .int(6))
        let property = client.request(
            "textDocument/hover",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri))])), ("position", TestClient.position(2, 5)),
            ]))
        let docs = property?["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(docs.hasPrefix("**width**: points > 0"), "\(docs)")
        let nothing = client.request(
            "textDocument/hover",
            .object([
                ("textDocument", .object([("uri", .string("file:///never-opened"))])), ("position", TestClient.position(0, 0)),
            ]))
        #expect(nothing?["result"] == .null)
    }

    @Test func hoverOnAColourShowsLightAndDark() {
        let client = TestClient.opened(Self.uri, "label A {\n    text: \"a\"\n    textColor: .secondaryLabel\n}\n")
        let reply = client.request(
            "textDocument/hover",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri))])), ("position", TestClient.position(2, 18)),
            ]))
        #expect(
            reply?["result"]?["contents"]?["value"]
                == .string(
                    "**.secondaryLabel**\n\nlight: #3C3C4399 rgba(60, 60, 67, 0.6)  \ndark: #EBEBF599 rgba(235, 235, 245, 0.6)  \nlight, increased contrast: #3C3C43AD rgba(60, 60, 67, 0.68)  \ndark, increased contrast: #EBEBF5AD rgba(235, 235, 245, 0.68)"
                ))
    }
}

@Suite struct ChangeOrderTests {
    @Test func aRangedChangeAfterAFullChangeIsReadAgainstTheNewText() {
        let uri = "file:///w/order.labelspec"
        let client = TestClient.opened(uri, "label A {\n    text: \"a much longer text line here\"\n    width: 100\n}\n")
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([("text", .string("label B {\n    text: \"y\"\n}\n"))]),
                        .object([
                            ("range", .object([("start", TestClient.position(2, 0)), ("end", TestClient.position(2, 0))])),
                            ("text", .string("    widht: 1\n")),
                        ]),
                    ])
                ),
            ]))
        #expect(client.lastDiagnostics(uri).map { "\($0.0)@\($0.1):\($0.2)" } == ["unknown-property@2:4"])
    }
}

/// Hostile input to the server: each gets a correct answer or is ignored, and serving goes on.
@Suite struct ServerBadInputTests {
    @Test func wrongTypesUnknownDocumentsAndJunkText() {
        let client = TestClient()
        client.initialize()
        // Wrong types in params.
        #expect(
            client.request("textDocument/hover", .object([("textDocument", .object([("uri", .int(5))])), ("position", .string("x"))]))?[
                "error"]?["code"] == .int(-32602))
        #expect(client.request("textDocument/completion", .array([]))?["error"]?["code"] == .int(-32602))
        client.notify("textDocument/didOpen", .object([("textDocument", .int(1))]))
        client.notify(
            "textDocument/didChange",
            .object([("textDocument", .object([("uri", .string("file:///never"))])), ("contentChanges", .array([]))]))
        // A document never opened.
        #expect(
            client.request("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string("file:///never"))]))]))?[
                "result"] == .null)
        // Binary junk as a document.
        var rng: UInt64 = 7
        let junk = String(
            decoding: (0..<5000).map { _ -> UInt8 in
                rng = rng &* 6364136223846793005 &+ 1; return UInt8(truncatingIfNeeded: rng >> 56)
            }, as: UTF8.self)
        client.open("file:///junk.labelspec", junk)
        #expect(!client.lastDiagnostics("file:///junk.labelspec").isEmpty)
        for method in [
            "textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/semanticTokens/full", "textDocument/inlayHint",
            "textDocument/documentColor",
        ] {
            let reply = client.request(method, .object([("textDocument", .object([("uri", .string("file:///junk.labelspec"))]))]))
            #expect(reply?["result"] != nil, "\(method)")
        }
        #expect(
            client.request("textDocument/formatting", .object([("textDocument", .object([("uri", .string("file:///junk.labelspec"))]))]))?[
                "error"]?["code"] == .int(-32803))
        // Still serving.
        client.open("file:///ok.labelspec", "label A { text: \"a\" }")
        #expect(client.lastDiagnostics("file:///ok.labelspec").isEmpty)
    }

    @Test func tenThousandRequestsInABurst() {
        let c = AsyncClient()
        c.send(Outgoing.notification(method: "textDocument/didOpen", params: ConcurrencyTests.openParams))
        for i in 1...10_000 {
            c.send(
                Outgoing.request(
                    id: .number(i), method: i % 2 == 0 ? "textDocument/documentSymbol" : "no/such",
                    params: .object([
                        ("textDocument", .object([("uri", .string(ConcurrencyTests.uri))]))
                    ])))
        }
        #expect(c.wait { messages in messages.filter { $0["id"]?.intValue.map { $0 >= 1 } ?? false }.count == 10_000 })
        let answers = c.received.compactMap { m -> (Int, JSONValue)? in m.0["id"]?.intValue.flatMap { $0 >= 1 ? ($0, m.0) : nil } }
        #expect(answers.map(\.0) == Array(1...10_000))
        #expect(answers.allSatisfy { $0.0 % 2 == 0 ? $0.1["result"]?.arrayValue?.count == 1 : $0.1["error"]?["code"] == .int(-32601) })
    }
}
