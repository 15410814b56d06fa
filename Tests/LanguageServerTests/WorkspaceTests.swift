import Foundation
import JSON
import Testing

@testable import LanguageServer

@Suite struct WorkspaceTests {
    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-ws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try Data(#"{ "severity": { "custom-color": "off" } }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try Data("style Shared { font: .body }\n".utf8).write(to: dir.appendingPathComponent("styles/shared.labelspec"))
        try Data(#"{ "sourceLanguage": "en", "version": "1.0", "strings": { "hello": {} } }"#.utf8).write(
            to: dir.appendingPathComponent("Localizable.xcstrings"))
        return dir
    }

    @Test func stylesOnDiskResolveAndTheConfigurationApplies() throws {
        let dir = try folder()
        let client = TestClient()
        client.request("initialize", .object([("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(
            uri, "label A: Shared {\n    text: .localized(\"hello\")\n    textColor: #767676\n}\nlabel B { text: .localized(\"nope\") }\n")
        // Shared resolves from disk; custom-color is off; only the missing key is reported.
        #expect(client.lastDiagnostics(uri).map(\.0) == ["missing-localization"])

        // The style file goes away: the reference breaks.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("styles/shared.labelspec"))
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([
                        .object([
                            ("uri", .string(dir.appendingPathComponent("styles/shared.labelspec").absoluteString)), ("type", .int(3)),
                        ])
                    ])
                )
            ]))
        #expect(client.lastDiagnostics(uri).map(\.0) == ["unknown-style", "missing-localization"])
    }

    @Test func openingAnIndexedFileUnchangedKeepsItsTreeAndAnEditedOneIsReparsed() throws {
        let dir = try folder()
        let text = "label A: Shared {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n}\n"
        try Data(text.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        try Data("label B { text: \"b\" }\n".utf8).write(to: dir.appendingPathComponent("b.labelspec"))
        let client = TestClient()
        client.request("initialize", .object([("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        let indexed = try #require(client.server.document(uri))
        client.open(uri, text)
        #expect(client.server.document(uri) === indexed)
        #expect(client.logs.contains { $0.contains("matches the indexed file") })
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        // The editor's text differs from the disk: the editor's text is what counts.
        let other = dir.appendingPathComponent("b.labelspec").absoluteString
        let indexedB = try #require(client.server.document(other))
        client.open(other, "label B: Nope { text: \"b\" }\n")
        #expect(client.server.document(other) !== indexedB)
        #expect(client.lastDiagnostics(other).map(\.0) == ["unknown-style"])
    }

    @Test func everyWorkspaceFolderIsIndexedAndFoldersCanChange() throws {
        let one = try folder()
        let two = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-ws2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: two, withIntermediateDirectories: true)
        try Data("style Other { font: .body }\n".utf8).write(to: two.appendingPathComponent("o.labelspec"))
        let client = TestClient()
        let folders: [JSONValue] = [one, two].map {
            .object([("uri", .string($0.absoluteString)), ("name", .string($0.lastPathComponent))])
        }
        let reply = client.request("initialize", .object([("workspaceFolders", .array(folders)), ("capabilities", .object([]))]))
        #expect(
            reply?["result"]?["capabilities"]?["workspace"]?["workspaceFolders"]
                == .object([
                    ("supported", .bool(true)), ("changeNotifications", .bool(true)),
                ]))
        client.notify("initialized", .object([]))
        func names() -> [String] {
            (client.request("workspace/symbol", .object([("query", .string(""))]))?["result"]?.arrayValue ?? []).compactMap {
                $0["name"]?.stringValue
            }
        }
        #expect(names().sorted() == ["Other", "Shared"])
        client.notify(
            "workspace/didChangeWorkspaceFolders",
            .object([
                (
                    "event",
                    .object([
                        ("added", .array([])), ("removed", .array([folders[1]])),
                    ])
                )
            ]))
        #expect(names() == ["Shared"])
        client.notify(
            "workspace/didChangeWorkspaceFolders",
            .object([
                (
                    "event",
                    .object([
                        ("added", .array([folders[1]])), ("removed", .array([])),
                    ])
                )
            ]))
        #expect(names().sorted() == ["Other", "Shared"])
    }

    @Test func settingsChangeSeveritiesAndContentSizes() throws {
        let client = TestClient()
        client.request(
            "initialize",
            .object([
                ("capabilities", .object([])),
                ("initializationOptions", .object([("contentSize", .string("accessibilityExtraExtraExtraLarge"))])),
            ]))
        client.notify("initialized", .object([]))
        let uri = "file:///labelspec-test-none/s.labelspec"
        client.open(uri, "label A {\n    text: \"Share with your team\"\n    width: 150\n}\n")
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        client.notify(
            "workspace/didChangeConfiguration",
            .object([
                (
                    "settings",
                    .object([
                        (
                            "labelspec",
                            .object([
                                ("contentSize", .string("large")), ("severity", .object([("truncates", .string("off"))])),
                            ])
                        )
                    ])
                )
            ]))
        #expect(client.lastDiagnostics(uri).isEmpty)
    }

    @Test func settingsArePulledWithWorkspaceConfiguration() {
        let client = TestClient()
        client.request("initialize", .object([("capabilities", .object([("workspace", .object([("configuration", .bool(true))]))]))]))
        client.notify("initialized", .object([]))
        let ask = client.received.last
        #expect(ask?["method"] == .string("workspace/configuration"))
        #expect(ask?["params"]?["items"] == .array([.object([("section", .string("labelspec"))])]))
        let uri = "file:///labelspec-test-none/cfg.labelspec"
        client.open(uri, "label A {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n}\n")
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        // The client answers: truncates is off.
        #expect(ask?["id"] == .string("configuration-1"))
        client.raw(#"{"jsonrpc":"2.0","id":"configuration-1","result":[{"severity":{"truncates":"off"}}]}"#)
        #expect(client.lastDiagnostics(uri).isEmpty)
    }

    @Test func editorSettingsSurviveAReloadOfTheConfigurationFile() throws {
        let dir = try folder()
        let client = TestClient()
        client.request(
            "initialize",
            .object([
                ("rootUri", .string(dir.absoluteString)), ("capabilities", .object([])),
                ("initializationOptions", .object([("contentSize", .string("accessibilityExtraExtraExtraLarge"))])),
            ]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("n.labelspec").absoluteString
        client.open(uri, "label Name { text: \"Alexandra Fitz\"; width: 180 }\n")
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([
                        .object([
                            ("uri", .string(dir.appendingPathComponent("labelspec.json").absoluteString)), ("type", .int(2)),
                        ])
                    ])
                )
            ]))
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
    }

    /// Writes `files` under a fresh folder (a `nil` text removes the file).
    func write(_ files: [(String, String?)], in root: URL? = nil) throws -> URL {
        let root = root ?? FileManager.default.temporaryDirectory.appendingPathComponent("lsp-project-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            if let text {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } else {
                try FileManager.default.removeItem(at: url)
            }
        }
        return root
    }

    func changed(_ client: TestClient, _ root: URL, _ changes: [(String, Int)]) {
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array(
                        changes.map { path, type in
                            .object([("uri", .string(root.appendingPathComponent(path).absoluteString)), ("type", .int(type))])
                        })
                )
            ]))
    }

    func start(_ root: URL, capabilities: JSONValue = .object([])) -> TestClient {
        let client = TestClient()
        client.request("initialize", .object([("rootUri", .string(root.absoluteString)), ("capabilities", capabilities)]))
        client.notify("initialized", .object([]))
        return client
    }

    /// Two sibling folders, each with its own labelspec.json, under a root that has none (the
    /// editor's folder): names are shared within each, never between them, as `check` has it.
    @Test func siblingFoldersWithTheirOwnConfigurationDoNotShareNames() throws {
        let root = try write([
            ("one/labelspec.json", "{}"), ("one/styles.labelspec", "style OneStyle { font: .body }\n"),
            ("two/labelspec.json", "{}"), ("two/styles.labelspec", "style TwoStyle { font: .body }\n"),
        ])
        let client = start(root)
        let a = root.appendingPathComponent("one/a.labelspec").absoluteString
        let b = root.appendingPathComponent("two/b.labelspec").absoluteString
        client.open(a, "label A: OneStyle { text: \"a\" }\nlabel A2: TwoStyle { text: \"a\" }\n")
        client.open(b, "label B: TwoStyle { text: \"b\" }\nlabel B2: OneStyle { text: \"b\" }\n")
        #expect(client.lastDiagnostics(a).map { "\($0.0)@\($0.1)" } == ["unknown-style@1"])
        #expect(client.lastDiagnostics(b).map { "\($0.0)@\($0.1)" } == ["unknown-style@1"])
        // Completion of parents offers only the document's own namespace's styles.
        #expect(client.server.namespace(of: a)?.workspace.styleNames.contains("TwoStyle") == false)
        #expect(client.server.namespace(of: a) !== client.server.namespace(of: b))
    }

    /// A client that lets the server register watchers gets one registration for every file
    /// the project reads; others get none (they may watch files on their own).
    @Test func fileWatchersAreRegisteredWhenTheClientAllowsIt() throws {
        let root = try write([("a.labelspec", "")])
        let watching = JSONValue.object([
            ("workspace", .object([("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))]))]))
        ])
        let client = start(root, capabilities: watching)
        let registrations = client.received.filter { $0["method"] == .string("client/registerCapability") }
        #expect(registrations.count == 1)
        let registration = registrations.first?["params"]?["registrations"]?.arrayValue?.first
        #expect(registration?["method"] == .string("workspace/didChangeWatchedFiles"))
        #expect(
            registration?["registerOptions"]?["watchers"]?.arrayValue?.compactMap { $0["globPattern"]?.stringValue }
                == ["**/*.labelspec", "**/labelspec.json", "**/*.xcstrings", "**/*.strings", "**/*.stringsdict", "**/*.swift"])
        // The client's answer is taken quietly.
        client.raw(#"{"jsonrpc":"2.0","id":"labelspec-watched-files","result":null}"#)
        #expect(start(root).received.allSatisfy { $0["method"] != .string("client/registerCapability") })
    }

    /// Files created, changed and deleted on disk are followed, as `check` would read them then.
    @Test func filesChangedOnDiskAreFollowed() throws {
        let root = try write([("labelspec.json", "{}"), ("a.labelspec", "")])
        let client = start(root)
        let a = root.appendingPathComponent("a.labelspec").absoluteString
        client.open(a, "label A: Later { text: \"a\" }\n")
        #expect(client.lastDiagnostics(a).map(\.0) == ["unknown-style"])
        let later = "style Later { font: .body }\n"
        // Each step: files written (nil: removed), what the client reports, the codes then.
        let steps: [(files: [(String, String?)], changes: [(String, Int)], codes: [String])] = [
            ([("styles/later.labelspec", later)], [("styles/later.labelspec", 1)], []),  // created: resolves
            ([("styles/later.labelspec", "style Sooner { font: .body }\n")], [("styles/later.labelspec", 2)], ["unknown-style"]),
            ([("styles/later.labelspec", later)], [("styles/later.labelspec", 2)], []),
            ([("styles/later.labelspec", nil)], [("styles/later.labelspec", 3)], ["unknown-style"]),  // deleted
            // Where `check` does not look (a hidden folder, node_modules), a new file is not read.
            (
                [(".cache/later.labelspec", later), ("node_modules/m/later.labelspec", later)],
                [(".cache/later.labelspec", 1), ("node_modules/m/later.labelspec", 1)], ["unknown-style"]
            ),
            ([("styles/later.labelspec", later)], [("styles/later.labelspec", 1)], []),
            // A labelspec.json created in a subfolder makes it a namespace of its own.
            ([("styles/labelspec.json", "{}")], [("styles/labelspec.json", 1)], ["unknown-style"]),
            ([("styles/labelspec.json", nil)], [("styles/labelspec.json", 3)], []),
        ]
        for (i, step) in steps.enumerated() {
            _ = try write(step.files, in: root)
            changed(client, root, step.changes)
            #expect(client.lastDiagnostics(a).map(\.0) == step.codes, "step \(i + 1)")
        }
    }

    /// The problems of a labelspec.json are published on it, at what they are about; the keys
    /// without a problem apply; fixing or removing the file clears them.
    @Test func configurationProblemsArePublishedOnTheFileAndCleared() throws {
        let root = try write([
            ("labelspec.json", "{\n  \"severity\": { \"custom-color\": \"off\" },\n  \"contentSizes\": [\"large\", \"huge\"]\n}\n")
        ])
        let client = start(root)
        let config = root.appendingPathComponent("labelspec.json").absoluteString
        let a = root.appendingPathComponent("a.labelspec").absoluteString
        client.open(a, "label A { text: \"a\"; textColor: #767676 }\n")
        #expect(client.lastDiagnostics(a).isEmpty)  // custom-color is off all the same
        #expect(client.lastDiagnostics(config).map { "\($0.0)@\($0.1):\($0.2)" } == ["invalid-configuration@2:28"])
        func pushes() -> Int {
            client.received.filter { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(config) }
                .count
        }
        #expect(pushes() == 1)
        _ = try write([("labelspec.json", "{}")], in: root)
        changed(client, root, [("labelspec.json", 2)])
        #expect(pushes() == 2 && client.lastDiagnostics(config).isEmpty)
        #expect(client.lastDiagnostics(a).map(\.0) == ["custom-color"])
        _ = try write([("labelspec.json", "{ \"other\": 1 }")], in: root)
        changed(client, root, [("labelspec.json", 2)])
        #expect(client.lastDiagnostics(config).map { "\($0.0)@\($0.1):\($0.2)" } == ["invalid-configuration@0:2"])
        _ = try write([("labelspec.json", nil)], in: root)
        changed(client, root, [("labelspec.json", 3)])
        #expect(pushes() == 4 && client.lastDiagnostics(config).isEmpty)
    }

    /// A truncation in a translation points at its key in the catalog (issue 12); the catalog's
    /// own problems are published on it.
    @Test func aTruncationInATranslationPointsAtTheCatalog() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "share" : { "localizations" : {
                  "en" : { "stringUnit" : { "value" : "Share" } },
                  "de" : { "stringUnit" : { "value" : "Mit Freunden teilen und mehr erfahren" } } } },
                "bad" : { "localizations" : { "de" : { "stringUnit" : { "value" : 1 } } } }
              }
            }
            """
        let root = try write([("labelspec.json", "{}"), ("Localizable.xcstrings", catalog)])
        let client = start(root, capabilities: .object([("general", .object([("positionEncodings", .array([.string("utf-16")]))]))]))
        let a = root.appendingPathComponent("a.labelspec").absoluteString
        client.open(a, "label Share {\n    text: .localized(\"share\")\n    width: 150\n}\n")
        let pushed = client.received.last {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(a)
        }
        let d = try #require(pushed?["params"]?["diagnostics"]?.arrayValue?.first)
        #expect(d["code"] == .string("truncates"))
        #expect(d["message"] == .string("truncates in de at .large: \"Mit Freunden teil…\" (150 pt: width 150; and at 1 larger size)"))
        let related = try #require(d["relatedInformation"]?.arrayValue?.first)
        #expect(related["message"] == .string("the de text in the catalog"))
        #expect(related["location"]?["uri"] == .string(root.appendingPathComponent("Localizable.xcstrings").absoluteString))
        #expect(
            related["location"]?["range"]
                == .object([
                    ("start", .object([("line", .int(3)), ("character", .int(4))])),
                    ("end", .object([("line", .int(3)), ("character", .int(11))])),
                ]))
        let uri = root.appendingPathComponent("Localizable.xcstrings").absoluteString
        #expect(client.lastDiagnostics(uri).map { "\($0.0)@\($0.1):\($0.2)" } == ["invalid-catalog@6:70"])
    }

    /// A minified `labelspec.json` and String Catalog, a problem at every key: each published at
    /// its place, in UTF-16 columns past two- and four-byte characters, in the order of the text
    /// (one cursor places them all: docs/performance.md, "Scaling").
    @Test func problemsOnOneLongLineArePublishedInPlace() throws {
        let n = 5_000
        var config = #"{"severity":{"#
        var expectedConfig: [String] = []
        for i in 0..<n {
            if i > 0 { config += "," }
            let key = "\"bögus😀\(i)\""
            let at = config.utf16.count
            expectedConfig.append("invalid-configuration 0:\(at)-0:\(at + key.utf16.count)")
            config += key + #":"warning""#
        }
        config += "}}"
        var catalog = #"{"sourceLanguage":"en","version":"1.0","strings":{"#
        var expectedCatalog: [String] = []
        for i in 0..<n {
            if i > 0 { catalog += "," }
            catalog +=
                "\"ké😀\(i)\"" + #":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%d items"}},"#
                + #""de":{"stringUnit":{"state":"translated","value":"#
            let at = catalog.utf16.count
            expectedCatalog.append("format-mismatch 0:\(at)-0:\(at + 10)")
            catalog += #""%@ Dinge"}}}}"#
        }
        catalog += "}}"
        let root = try write([("labelspec.json", config), ("Localizable.xcstrings", catalog)])
        let client = start(root, capabilities: .object([("general", .object([("positionEncodings", .array([.string("utf-16")]))]))]))
        client.open(root.appendingPathComponent("a.labelspec").absoluteString, "label A { text: \"x\" }\n")
        func published(_ name: String) -> [String] {
            let uri = root.appendingPathComponent(name).absoluteString
            let params = client.received.last {
                $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
            }?["params"]
            return (params?["diagnostics"]?.arrayValue ?? []).map { d in
                let r = d["range"]
                func at(_ end: String) -> String { "\(r?[end]?["line"]?.intValue ?? -1):\(r?[end]?["character"]?.intValue ?? -1)" }
                return "\(d["code"]?.stringValue ?? "") \(at("start"))-\(at("end"))"
            }
        }
        #expect(published("labelspec.json") == expectedConfig)
        #expect(published("Localizable.xcstrings") == expectedCatalog)
    }

    /// A `.strings` file's syntax error is published on it, placed by its characters in the
    /// editor's units, for a UTF-16 file as for a UTF-8 one (issue 23, point 6).
    @Test func aStringsFilesSyntaxErrorIsPublishedInPlace() throws {
        let root = try write([
            ("labelspec.json", "{}"), ("en.lproj/Localizable.strings", "\"k1\" = \"One\";\n/* ké😀 */ \"k3\" \"Three\";\n"),
        ])
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in "\"k1\" = \"Eins\";\n/* ké😀 */ \"k3\" \"Drei\";\n".utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data(utf16).write(to: root.appendingPathComponent("de.lproj/Localizable.strings"))
        let client = start(root, capabilities: .object([("general", .object([("positionEncodings", .array([.string("utf-16")]))]))]))
        client.open(root.appendingPathComponent("a.labelspec").absoluteString, "label A { text: \"x\" }\n")
        for locale in ["en", "de"] {
            let uri = root.appendingPathComponent("\(locale).lproj/Localizable.strings").absoluteString
            let params = client.received.last {
                $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
            }?["params"]
            let d = try #require(params?["diagnostics"]?.arrayValue?.first)
            #expect(d["code"] == .string("invalid-catalog"))
            #expect(d["message"] == .string(#"expected '=' after the key "k3"; add it (iOS does not load this file)"#))
            // After `/* ké😀 */ "k3" `: 16 UTF-16 units (😀 is two); "Three" or "Drei" with its quotes.
            let word = locale == "en" ? 7 : 6
            #expect(
                d["range"]
                    == .object([
                        ("start", .object([("line", .int(1)), ("character", .int(16))])),
                        ("end", .object([("line", .int(1)), ("character", .int(16 + word))])),
                    ]))
        }
    }
}
