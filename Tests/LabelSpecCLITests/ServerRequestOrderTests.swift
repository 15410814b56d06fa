import Foundation
import JSON
import Testing

/// Issue 25: a request that measures takes its snapshot under the state lock and measures outside
/// it, off the queue that reads requests in order, so a slow pull holds up neither an edit nor
/// the requests after it. Through the binary, as VS Code would drive it.
@Suite struct ServerRequestOrderTests {
    /// A workspace whose first pull measures for seconds (in a debug build): `labels` labels whose
    /// texts come from a String Catalog of `locales` locales, at all 12 content sizes.
    static func matrixWorkspace(labels: Int, locales: [String]) throws -> URL {
        let root = try CLI.temporaryDirectory()
        let words = ["share", "photos", "with", "friends", "album", "settings", "privacy", "account", "message", "continue"]
        var strings: [String] = []
        for k in 0..<labels {
            var localizations: [String] = []
            for (i, locale) in (["en"] + locales).enumerated() {
                // Each locale's text its own (nothing shared in the layout cache), some long.
                let text =
                    (0..<(1 + (k + i) % 5)).map { words[(k * 7 + i * 3 + $0) % words.count] + String(repeating: "e", count: i % 4) }
                    .joined(separator: " ") + " \(k) \(i)"
                localizations.append(#""\#(locale)": { "stringUnit": { "state": "translated", "value": "\#(text)" } }"#)
            }
            strings.append(#""key.\#(k)": { "localizations": { \#(localizations.joined(separator: ", ")) } }"#)
        }
        try Data(#"{ "sourceLanguage": "en", "version": "1.0", "strings": { \#(strings.joined(separator: ",\n")) } }"#.utf8)
            .write(to: root.appendingPathComponent("Localizable.xcstrings"))
        let all =
            "["
            + [
                "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge", "accessibilityMedium",
                "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge",
            ].map { "\"\($0)\"" }
            .joined(separator: ", ") + "]"
        try Data(#"{ "contentSizes": \#(all), "locales": "all", "severity": { "missing-translation": "off" } }"#.utf8)
            .write(to: root.appendingPathComponent("labelspec.json"))
        let text = (0..<labels).map {
            "label L\($0) {\n    text: .localized(\"key.\($0)\")\n    font: .body\n    width: \([120, 200, 311][$0 % 3])\n}\n"
        }
        try Data(text.joined(separator: "\n").utf8).write(to: root.appendingPathComponent("Labels.labelspec"))
        return root
    }

    /// The issue's case: the first pull of a large document, then, 150 ms later, an edit of
    /// another open document and its `documentSymbol`. The symbols (with the edit) come back
    /// while the pull is still measuring, before its reply; the pull's reply is whole and says
    /// what `check` says. Before, every request waited in line behind the pull.
    @Test func anEditAndItsSymbolsAreAnsweredWhileAPullMeasures() throws {
        let root = try Self.matrixWorkspace(
            labels: 240, locales: ["de", "fr", "es", "it", "pt-BR", "nl", "sv", "pl", "fi", "tr", "cs", "hu"])
        let labels = root.appendingPathComponent("Labels.labelspec")
        let other = root.appendingPathComponent("Other.labelspec").absoluteString
        let server = try LSPProcess(in: root)
        server.send(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)","capabilities":{"textDocument":{"diagnostic":{}}}}}"#
        )
        #expect(server.wait { $0.contains { $0["id"] == .int(1) } })
        server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        server.send(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(other)","languageId":"labelspec","version":1,"text":"label Before { text: \"o\" }\n"}}}"#
        )
        let text = try String(contentsOf: labels, encoding: .utf8)
        let open: JSONValue = .object([
            ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
            (
                "params",
                .object([
                    (
                        "textDocument",
                        .object([
                            ("uri", .string(labels.absoluteString)), ("languageId", .string("labelspec")), ("version", .int(1)),
                            ("text", .string(text)),
                        ])
                    )
                ])
            ),
        ])
        server.send(open.serialized())
        // Indexed and idle: a request answered.
        server.send(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(other)"}}}"#)
        #expect(server.wait(seconds: 60) { $0.contains { $0["id"] == .int(2) } })

        server.send(
            #"{"jsonrpc":"2.0","id":3,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":"\#(labels.absoluteString)"}}}"#)
        usleep(150_000)
        server.send(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(other)","version":2},"contentChanges":[{"text":"label After { text: \"o\" }\n"}]}}"#
        )
        server.send(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(other)"}}}"#)
        #expect(server.wait(seconds: 120) { $0.contains { $0["id"] == .int(3) } && $0.contains { $0["id"] == .int(4) } })
        let replies = server.received.filter { $0["id"] != nil && $0["method"] == nil }
        let order = replies.compactMap { $0["id"]?.intValue }
        #expect(order == [1, 2, 4, 3], "the symbols must come before the pull's reply")
        let symbols = replies.first { $0["id"] == .int(4) }?["result"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(symbols == ["After"])

        // The pull's reply is whole: what `check` reports for the document, to the message.
        let pulled = replies.first { $0["id"] == .int(3) }?["result"]
        #expect(pulled?["kind"] == .string("full"))
        let items = pulled?["items"]?.arrayValue ?? []
        let check = try CLI.run(["check", "--format", "json", "Labels.labelspec"], in: root, timeout: 300)
        let expected = try JSONValue.parse(Array(check.stdout.utf8)).arrayValue ?? []
        #expect(!items.isEmpty && items.count == expected.count, "\(items.count) pulled, \(expected.count) checked")
        #expect(Set(items.compactMap { $0["message"]?.stringValue }) == Set(expected.compactMap { $0["message"]?.stringValue }))

        server.send(#"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#)
        server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(server.finish() == 0)
    }

    /// Requests that measure a whole document take turns; one cancelled while it waits for its
    /// turn is answered -32800 and never measured, and the others are answered in full.
    @Test func aPullCancelledWhileItWaitsItsTurnIsNotMeasured() throws {
        let root = try Self.matrixWorkspace(
            labels: 240, locales: ["de", "fr", "es", "it", "pt-BR", "nl", "sv", "pl", "fi", "tr", "cs", "hu"])
        let labels = root.appendingPathComponent("Labels.labelspec")
        let server = try LSPProcess(in: root)
        server.send(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)","capabilities":{"textDocument":{"diagnostic":{}}}}}"#
        )
        server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        let open: JSONValue = .object([
            ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
            (
                "params",
                .object([
                    (
                        "textDocument",
                        .object([
                            ("uri", .string(labels.absoluteString)), ("languageId", .string("labelspec")), ("version", .int(1)),
                            ("text", .string(try String(contentsOf: labels, encoding: .utf8))),
                        ])
                    )
                ])
            ),
        ])
        server.send(open.serialized())
        for id in 2...4 {
            server.send(
                #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/diagnostic","params":{"textDocument":{"uri":"\#(labels.absoluteString)"}}}"#
            )
        }
        server.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}"#)
        #expect(server.wait(seconds: 120) { m in (2...4).allSatisfy { id in m.contains { $0["id"] == .int(id) } } })
        let replies = server.received.filter { $0["id"] != nil && $0["method"] == nil }
        #expect(replies.first { $0["id"] == .int(4) }?["error"]?["code"] == .int(-32800))
        let full = replies.filter { [2, 3].contains($0["id"]?.intValue ?? 0) }.compactMap { $0["result"]?["items"]?.arrayValue?.count }
        #expect(full.count == 2 && full[0] == full[1] && full[0] > 0)
        server.send(#"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#)
        server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(server.finish() == 0)
    }

    /// `shutdown` waits for the measuring in flight: every request asked for before it is
    /// answered, and it is answered last.
    @Test func shutdownAnswersEveryMeasuringRequestFirst() throws {
        let root = try Self.matrixWorkspace(labels: 60, locales: ["de", "fr", "es"])
        let labels = root.appendingPathComponent("Labels.labelspec")
        let server = try LSPProcess(in: root)
        server.send(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)","capabilities":{"textDocument":{"diagnostic":{}}}}}"#
        )
        server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        let text = try String(contentsOf: labels, encoding: .utf8)
        let open: JSONValue = .object([
            ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
            (
                "params",
                .object([
                    (
                        "textDocument",
                        .object([
                            ("uri", .string(labels.absoluteString)), ("languageId", .string("labelspec")), ("version", .int(1)),
                            ("text", .string(text)),
                        ])
                    )
                ])
            ),
        ])
        server.send(open.serialized())
        for id in 2...6 {
            server.send(
                #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/diagnostic","params":{"textDocument":{"uri":"\#(labels.absoluteString)"}}}"#
            )
        }
        server.send(
            #"{"jsonrpc":"2.0","id":7,"method":"textDocument/inlayHint","params":{"textDocument":{"uri":"\#(labels.absoluteString)"},"range":{"start":{"line":0,"character":0},"end":{"line":10,"character":0}}}}"#
        )
        server.send(#"{"jsonrpc":"2.0","id":8,"method":"shutdown"}"#)
        server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(server.finish(seconds: 120) == 0)
        let replies = server.received.filter { $0["id"] != nil && $0["method"] == nil }
        #expect(Set(replies.compactMap { $0["id"]?.intValue }) == Set(1...8))
        #expect(replies.last?["id"] == .int(8), "shutdown is answered last")
        let reports = replies.filter { (2...6).contains($0["id"]?.intValue ?? 0) }.compactMap { $0["result"]?["resultId"]?.stringValue }
        #expect(Set(reports).count == 1 && reports.count == 5, "five pulls, one answer")
        let hints = replies.first { $0["id"] == .int(7) }?["result"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(hints.count == 2, "\(hints)")
    }
}
