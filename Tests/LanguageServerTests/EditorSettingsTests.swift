import Foundation
import JSON
import JSONRPC
import LanguageServer
import Testing

/// Issue 25, point 6: one typed configuration with one reader. The editor's settings take
/// labelspec.json's own keys, with the same validation and messages; the old editor names keep
/// working; a bad setting is a warning in the log that names it.
@Suite struct EditorSettingsTests {
    static let catalog = """
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "share": { "localizations": {
            "en": { "stringUnit": { "state": "translated", "value": "Share with friends" } },
            "de": { "stringUnit": { "state": "translated", "value": "Mit allen Freunden teilen" } } } },
          "done": { "localizations": {
            "en": { "stringUnit": { "state": "translated", "value": "Done" } } } } } }
        """
    static let labels =
        "label Share {\n    text: .localized(\"share\")\n    width: 150\n}\nlabel Done {\n    text: .localized(\"done\")\n    width: 150\n    textColor: #767676\n}\n"
    static let settings =
        #"{ "locales": ["de", "ja"], "pseudoLocales": ["double-length"], "contentSizes": ["large"], "severity": { "custom-color": "warning" } }"#

    /// A folder with the catalog and the labels, and `configuration` as its labelspec.json.
    func folder(configuration: String?) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(Self.catalog.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data(Self.labels.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        if let configuration { try Data(configuration.utf8).write(to: dir.appendingPathComponent("labelspec.json")) }
        return dir
    }

    /// The messages pushed for the folder's `a.labelspec`, with the editor's `settings`.
    func pushed(_ dir: URL, settings: JSONValue?) -> (messages: [String], logs: [String]) {
        let client = TestClient()
        var params: [(String, JSONValue)] = [("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]
        if let settings { params.append(("initializationOptions", settings)) }
        client.request("initialize", .object(params))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, Self.labels)
        let push = client.received.last {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
        }
        let messages = (push?["params"]?["diagnostics"]?.arrayValue ?? []).map {
            "\($0["range"]?["start"]?["line"]?.intValue ?? -1): \($0["severity"]?.intValue ?? 0) \($0["message"]?.stringValue ?? "") [\($0["code"]?.stringValue ?? "")]"
        }
        return (messages, client.logs)
    }

    /// The same keys, meaning the same: settings sent by the editor give exactly the diagnostics
    /// the same settings give in labelspec.json (locales, pseudo-locales, sizes, severities).
    @Test func theEditorTakesTheKeysOfTheFile() throws {
        let fromFile = pushed(try folder(configuration: Self.settings), settings: nil).messages
        #expect(
            fromFile == [
                "0: 2 truncates in double-length at .large: \"Share with friend…\" (150 pt: width 150; also de at .large) [truncates]",
                "1: 4 no ja translation of 'share': iOS shows the en text there; add one [missing-translation]",
                "5: 4 no de, ja translation of 'done': iOS shows the en text there; add one [missing-translation]",
                "7: 2 hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast [custom-color]",
            ])
        let editor = pushed(try folder(configuration: nil), settings: try JSONValue.parse(Array(Self.settings.utf8)))
        #expect(editor.messages == fromFile)
        #expect(editor.logs.filter { $0.hasPrefix("setting") }.isEmpty)
        // Without either: every locale of the catalog, the two default sizes, custom-color a hint.
        let defaults = pushed(try folder(configuration: nil), settings: nil).messages
        #expect(
            defaults == [
                "0: 2 truncates in de at .large: \"Mit allen Freunde…\" (150 pt: width 150; also en at .extraExtraExtraLarge; and 1 larger size) [truncates]",
                "5: 4 no de translation of 'done': iOS shows the en text there; add one [missing-translation]",
                "7: 4 hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast [custom-color]",
            ])
    }

    /// Each bad setting is said once in the log, by name, with labelspec.json's message; it keeps
    /// the file's value while the good ones apply. A client's own keys (VS Code's `path` and
    /// `trace`) are not the server's problem.
    @Test func aBadSettingIsAWarningThatNamesIt() throws {
        let dir = try folder(configuration: #"{ "contentSizes": ["large"], "locales": ["de"] }"#)
        let settings = try JSONValue.parse(
            Array(
                #"""
                { "contentSizes": ["large", "huge"], "severity": { "truncate": "off", "custom-color": "off" },
                  "pseudoLocales": ["longer"], "bogus": 1, "path": "labelspec", "trace": { "server": "off" },
                  "systemFontFile": "/nonexistent/Font.ttf", "contentSize": "enormous" }
                """#.utf8))
        let (messages, logs) = pushed(dir, settings: settings)
        #expect(
            logs.filter { $0.hasPrefix("setting") } == [
                "setting 'contentSizes': unknown content size 'huge'; use a name such as \"large\" or \"AX1\"",
                "setting 'severity': unknown diagnostic code 'truncate'; did you mean 'truncates'?",
                "setting 'pseudoLocales': unknown pseudo-locale 'longer'; use double-length, accented, bounded or right-to-left",
                "setting 'bogus': unknown setting 'bogus'",
                "setting 'systemFontFile': cannot use the font file '/nonexistent/Font.ttf': no such file or directory; the default system font is used",
                "setting 'contentSize': unknown content size 'enormous'; use a name such as \"large\" or \"AX1\", or \"all\"",
            ])
        // The file's sizes and locales, and its severities (the bad `severity` is not used at all,
        // as in labelspec.json: custom-color stays a hint).
        #expect(
            messages == [
                "0: 2 truncates in de at .large: \"Mit allen Freunde…\" (150 pt: width 150) [truncates]",
                "5: 4 no de translation of 'done': iOS shows the en text there; add one [missing-translation]",
                "7: 4 hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast [custom-color]",
            ])
    }

    /// Thousands of bad entries in one setting are ten lines of the log and a count.
    @Test func aSettingOfManyBadEntriesIsSaidInTenLines() throws {
        let dir = try folder(configuration: nil)
        let sizes: JSONValue = .array((0..<2_000).map { .string("huge\($0)") })
        let logs = pushed(dir, settings: .object([("contentSizes", sizes), ("pseudoLocales", .array([.string("x")]))])).logs
            .filter { $0.hasPrefix("setting") }
        #expect(logs.count == 12)
        #expect(logs.first == "setting 'contentSizes': unknown content size 'huge0'; use a name such as \"large\" or \"AX1\"")
        #expect(logs.contains("setting 'pseudoLocales': unknown pseudo-locale 'x'; use double-length, accented, bounded or right-to-left"))
        #expect(logs.last == "setting 'contentSizes': 1990 more problems")
    }

    /// The editor names of before stay: `contentSize` (one size or `all`) and `systemFontFile`;
    /// a setting left empty (VS Code's default for both) is the file's.
    @Test func theOldEditorNamesAreAliases() throws {
        let dir = try folder(configuration: #"{ "locales": ["en"] }"#)
        let all = pushed(dir, settings: .object([("contentSize", .string("all"))])).messages
        #expect(
            all == [
                "0: 2 truncates at .extraLarge: \"Share with frien…\" (150 pt: width 150; and at 7 larger sizes) [truncates]",
                "7: 4 hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast [custom-color]",
            ])
        let empty = pushed(dir, settings: .object([("contentSize", .string("")), ("systemFontFile", .string(""))]))
        #expect(empty.logs.filter { $0.hasPrefix("setting") }.isEmpty)
        #expect(empty.messages == pushed(dir, settings: nil).messages)
    }
}

/// Issue 25, point 3: one push scheduler for `.labelspec` documents and storyboards.
@Suite struct PushSchedulerTests {
    /// With a debounce longer than the test, edits of a `.labelspec` file and of a storyboard both
    /// wait; `shutdown` sends each waiting push once, with the last version, before its answer;
    /// a document closed while its push waited gets only the empty push of its close.
    @Test func shutdownSendsTheWaitingPushesOfEveryKind() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-pushes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let client = AsyncClient(debounce: 60)
        let spec = dir.appendingPathComponent("a.labelspec").absoluteString
        let closed = dir.appendingPathComponent("b.labelspec").absoluteString
        let board = dir.appendingPathComponent("Main.storyboard").absoluteString
        func open(_ uri: String, _ text: String) {
            client.send(
                Outgoing.notification(
                    method: "textDocument/didOpen",
                    params: .object([
                        (
                            "textDocument",
                            .object([
                                ("uri", .string(uri)), ("languageId", .string("labelspec")), ("version", .int(1)), ("text", .string(text)),
                            ])
                        )
                    ])))
        }
        func change(_ uri: String, _ version: Int, _ text: String) {
            client.send(
                Outgoing.notification(
                    method: "textDocument/didChange",
                    params: .object([
                        ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
                        ("contentChanges", .array([.object([("text", .string(text))])])),
                    ])))
        }
        func pushes(_ uri: String) -> [JSONValue] {
            client.received.map(\.0).filter {
                $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
            }
        }
        open(spec, "label A { text: \"a\" }\n")
        open(closed, "label B { text: \"b\" }\n")
        open(board, ServerEdgeCaseTests.board)
        #expect(client.wait { _ in pushes(spec).count == 1 && pushes(closed).count == 1 && pushes(board).count == 1 })
        change(spec, 2, "label A { widht: 1 }\n")
        change(spec, 3, "label A { widht: 1; text: \"a\" }\n")
        change(closed, 2, "label B { widht: 1 }\n")
        change(board, 2, ServerEdgeCaseTests.board.replacingOccurrences(of: "numberOfLines=\"1\"", with: "numberOfLines=\"-1\""))
        client.send(
            Outgoing.notification(method: "textDocument/didClose", params: .object([("textDocument", .object([("uri", .string(closed))]))]))
        )
        usleep(200_000)
        #expect(pushes(spec).count == 1 && pushes(board).count == 1, "the edits' pushes wait for the debounce")
        client.send(Outgoing.request(id: .number(9), method: "shutdown", params: .null))
        #expect(client.wait { $0.contains { $0["id"] == .int(9) } })
        let all = client.received.map(\.0)
        let answer = all.firstIndex { $0["id"] == .int(9) }!
        #expect(pushes(spec).count == 2 && pushes(spec).last?["params"]?["version"] == .int(3))
        #expect(pushes(spec).last?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == ["unknown-property"])
        #expect(pushes(board).count == 2 && pushes(board).last?["params"]?["version"] == .int(2))
        #expect(pushes(closed).count == 2 && pushes(closed).last?["params"]?["diagnostics"] == .array([]))
        for uri in [spec, board] {
            #expect(
                all.lastIndex { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }!
                    < answer)
        }
    }
}

/// Issue 25, point 1: one open-document type (`EditorDocument`) for `.labelspec` documents and
/// storyboards.
@Suite struct EditorDocumentServerTests {
    /// A namespace built again while a document is open (a `labelspec.json` appears) moves the
    /// document to a new workspace: the edits after it go there, and positions are read there (an
    /// editor document that kept its first workspace edited an orphan, and completion read past
    /// the text: the random session of Tests/e2e found it).
    @Test func editsAfterTheNamespaceIsBuiltAgainGoToTheNewWorkspace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-rebuilt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let client = TestClient()
        client.request("initialize", .object([("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, "label A { text: \"a\" }\n")
        try Data(#"{ "severity": { "unknown-property": "warning" } }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([
                        .object([
                            ("uri", .string(dir.appendingPathComponent("labelspec.json").absoluteString)), ("type", .int(1)),
                        ])
                    ])
                )
            ]))
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", .object([("start", TestClient.position(0, 21)), ("end", TestClient.position(0, 21))])),
                            ("text", .string("\nlabel B { widht: 1; text: \"b\" }")),
                        ])
                    ])
                ),
            ]))
        #expect(client.lastDiagnostics(uri).map(\.0) == ["unknown-property"])
        let push = client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        #expect(push?["params"]?["diagnostics"]?.arrayValue?.first?["severity"] == .int(2))  // the new namespace's configuration
        let completion = client.request(
            "textDocument/completion",
            .object([
                ("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(1, 32)),
            ]))
        #expect(completion?["result"] != nil)
        let symbols = client.request("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))
        #expect(symbols?["result"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["A", "B"])
    }
}
