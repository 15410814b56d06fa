import Foundation
import JSON
import JSONRPC
import Testing

@testable import LanguageServer

/// Issue 23, the server's side: what a client sees.
@Suite struct ServerEdgeCaseTests {
    /// A list left open swallows the next members: the editor's quick fixes of the member never
    /// delete them (the preferred one was the same removal `check --fix` made).
    @Test func noQuickFixDeletesWhatASyntaxErrorSwallowed() {
        let uri = "file:///w/a.labelspec"
        let text = "label A {\n    text: \"Hello\"\n    minimumScaleFactor: [0.5,\n    width: 100\n    numberOfLines: 2\n}\n"
        let c = TestClient.opened(uri, text)
        let actions =
            c.request(
                "textDocument/codeAction",
                .object([
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
            c.notify(
                "textDocument/didChange",
                .object([
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

    static func catalog(_ keys: [String]) -> String {
        #"{ "sourceLanguage" : "en", "strings" : { "# + keys.map { #""\#($0)" : { }"# }.joined(separator: ", ") + " } }"
    }

    /// Point 9: a storm of watched-file notifications naming a catalog is read once, off the
    /// thread that answers requests, and only the changed catalog is read again.
    @Test func watchedTableChangesAreGatheredAndOnlyTheChangedTableIsRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try Data(Self.catalog(["a"]).utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data(Self.catalog(["b"]).utf8).write(to: dir.appendingPathComponent("Other.xcstrings"))
        let client = AsyncClient()
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.send(
            Outgoing.notification(
                method: "textDocument/didOpen",
                params: .object([
                    (
                        "textDocument",
                        .object([
                            ("uri", .string(uri)), ("languageId", .string("labelspec")), ("version", .int(1)),
                            (
                                "text",
                                .string("label A { text: .localized(\"a\") }\nlabel C { text: .localized(\"c\", table: \"Other\") }\n")
                            ),
                        ])
                    )
                ])))
        func codes(_ messages: [JSONValue]) -> [String]? {
            messages.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }
                .map { ($0["params"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue } }
        }
        #expect(client.wait { codes($0) == ["missing-localization"] })
        let before = client.server.stateLock.withLock { client.server.namespace(of: uri)!.localizations }
        try Data(Self.catalog(["b", "c"]).utf8).write(to: dir.appendingPathComponent("Other.xcstrings"))
        for _ in 0..<5 {
            client.send(
                Outgoing.notification(
                    method: "workspace/didChangeWatchedFiles",
                    params: .object([
                        (
                            "changes",
                            .array([
                                .object([("uri", .string(dir.appendingPathComponent("Other.xcstrings").absoluteString)), ("type", .int(2))])
                            ])
                        )
                    ])))
        }
        #expect(client.wait { codes($0) == [] })
        let (reads, after) = client.server.stateLock.withLock {
            (client.server.tableReads, client.server.namespace(of: uri)!.localizations)
        }
        #expect(reads == 1)
        #expect(after !== before)
        let kept = before.catalogs.first { $0.path.hasSuffix("Localizable.xcstrings") }
        #expect(kept != nil && after.catalogs.contains { $0 === kept })
        #expect(!after.catalogs.contains { c in before.catalogs.contains { $0 === c } && c.path.hasSuffix("Other.xcstrings") })
        // Nothing is sent once the client is gone: shutdown waits for the reads and pushes.
        client.send(Outgoing.request(id: .number(99), method: "shutdown", params: .null))
        #expect(client.wait { $0.contains { $0["id"] == .int(99) } })
    }

    /// Smaller points: the editor's settings are its current ones, not added to the last ones:
    /// `{}` and `null` bring back the defaults (and `initializationOptions`), `contentSizes: []`
    /// measures at no size, another tool's section changes nothing.
    @Test func editorSettingsReplaceTheLastOnes() {
        let client = TestClient()
        client.request("initialize", .object([("capabilities", .object([]))]))
        client.notify("initialized", .object([]))
        let uri = "file:///labelspec-test-none/settings.labelspec"
        client.open(uri, "label A {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n}\n")
        func settings(_ value: JSONValue) {
            client.notify("workspace/didChangeConfiguration", .object([("settings", value)]))
        }
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        settings(.object([("labelspec", .object([("severity", .object([("truncates", .string("off"))]))]))]))
        #expect(client.lastDiagnostics(uri).isEmpty)
        settings(.object([("python", .object([("x", .int(1))]))]))  // not ours: no change
        #expect(client.lastDiagnostics(uri).isEmpty)
        settings(.object([("labelspec", .object([]))]))
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        settings(.object([("severity", .object([("truncates", .string("off"))]))]))
        #expect(client.lastDiagnostics(uri).isEmpty)
        settings(.null)
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        settings(.object([("labelspec", .object([("contentSizes", .array([]))]))]))
        #expect(client.lastDiagnostics(uri).isEmpty)
        settings(.object([]))
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
    }

    static let board = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes><scene sceneID="s1"><objects><viewController id="vc1"><view key="view" id="v1"><subviews>
                <label text="Hello" id="abc-12-xyz" numberOfLines="1" adjustsFontSizeToFit="NO"><rect key="frame" x="0" y="0" width="120" height="21"/></label>
            </subviews></view></viewController></objects></scene></scenes>
        </document>

        """

    /// An open storyboard is checked again when its `.strings` change on disk (its push stayed
    /// stale), the problems of its `.strings` are published on them as `check` reports them, and
    /// `workspace/diagnostic` has the storyboard and those files.
    @Test func storyboardsFollowTheirStringsAndArePulledWithTheWorkspace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-board-\(UUID().uuidString)")
        let base = dir.appendingPathComponent("Base.lproj")
        let de = dir.appendingPathComponent("de.lproj")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: de, withIntermediateDirectories: true)
        try Data(Self.board.utf8).write(to: base.appendingPathComponent("Main.storyboard"))
        let strings = de.appendingPathComponent("Main.strings")
        try Data(#""abc-12-xyz.text" = "Hallo";"#.utf8 + [0x0A, 0x22, 0xC3, 0x22, 0x0A]).write(to: strings)
        let client = TestClient()
        client.initialize()
        let uri = base.appendingPathComponent("Main.storyboard").absoluteString
        client.open(uri, Self.board, languageId: "xml")
        func last(_ u: String) -> [String]? {
            client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(u) }
                .map { ($0["params"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue } }
        }
        #expect(last(uri) == [])
        #expect(last(strings.absoluteString) == ["invalid-catalog"])
        // The translation grows past the label's width: on disk, then told.
        try Data(#""abc-12-xyz.text" = "Willkommen zurück in deiner Sammlung";"#.utf8).write(to: strings)
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([
                        .object([("uri", .string(strings.absoluteString)), ("type", .int(2))])
                    ])
                )
            ]))
        #expect(last(uri) == ["truncates"])
        #expect(last(strings.absoluteString) == [])
        // Broken again: the pull of the workspace has the storyboard and the .strings.
        try Data([0x22, 0xC3, 0x22, 0x0A]).write(to: strings)
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([
                        .object([("uri", .string(strings.absoluteString)), ("type", .int(2))])
                    ])
                )
            ]))
        let pulled =
            client.request("workspace/diagnostic", .object([("previousResultIds", .array([]))]))?["result"]?["items"]?.arrayValue ?? []
        let byURI = Dictionary(
            pulled.map { ($0["uri"]?.stringValue ?? "", ($0["items"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }) },
            uniquingKeysWith: { a, _ in a })
        #expect(byURI[uri] == [])
        #expect(byURI[strings.absoluteString] == ["invalid-catalog"])
    }

    /// Point 8: files past the size limit in the workspace (a 20 GiB catalog, `.strings` and
    /// `.labelspec`, sparse): the server opens a document there, reports the catalog's problem
    /// on it and stays up (it died on the first didOpen, failing to allocate).
    @Test func filesPastTheSizeLimitLeaveTheServerUp() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["Localizable.xcstrings", "Other.strings", "big.labelspec"] {
            let url = dir.appendingPathComponent(name)
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 20 << 30)
            try handle.close()
        }
        let client = TestClient()
        client.request("initialize", .object([("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, "label A { text: .localized(\"k\"); width: 100 }\n")
        #expect(client.lastDiagnostics(uri).map(\.0) == ["missing-localization"])
        let catalog = dir.appendingPathComponent("Localizable.xcstrings").absoluteString
        let pushed = client.received.last {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(catalog)
        }
        #expect(
            pushed?["params"]?["diagnostics"]?.arrayValue?.first?["message"]
                == .string("cannot read the file: too large (20 GiB; files are read up to 256 MiB); it is not read"))
        let symbols = client.request("workspace/symbol", .object([("query", .string(""))]))?["result"]?.arrayValue ?? []
        #expect(symbols.compactMap { $0["name"]?.stringValue } == ["A"])
    }
}
