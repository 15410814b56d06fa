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
        try Data(#"{ "sourceLanguage": "en", "version": "1.0", "strings": { "hello": {} } }"#.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        return dir
    }

    @Test func stylesOnDiskResolveAndTheConfigurationApplies() throws {
        let dir = try folder()
        let client = TestClient()
        client.request("initialize", .object([("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, "label A: Shared {\n    text: .localized(\"hello\")\n    textColor: #FF0000\n}\nlabel B { text: .localized(\"nope\") }\n")
        // Shared resolves from disk; custom-color is off; only the missing key is reported.
        #expect(client.lastDiagnostics(uri).map(\.0) == ["missing-localization"])

        // The style file goes away: the reference breaks.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("styles/shared.labelspec"))
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([.object([
            ("uri", .string(dir.appendingPathComponent("styles/shared.labelspec").absoluteString)), ("type", .int(3)),
        ])]))]))
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
        let folders: [JSONValue] = [one, two].map { .object([("uri", .string($0.absoluteString)), ("name", .string($0.lastPathComponent))]) }
        let reply = client.request("initialize", .object([("workspaceFolders", .array(folders)), ("capabilities", .object([]))]))
        #expect(reply?["result"]?["capabilities"]?["workspace"]?["workspaceFolders"] == .object([
            ("supported", .bool(true)), ("changeNotifications", .bool(true)),
        ]))
        client.notify("initialized", .object([]))
        func names() -> [String] {
            (client.request("workspace/symbol", .object([("query", .string(""))]))?["result"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        }
        #expect(names().sorted() == ["Other", "Shared"])
        client.notify("workspace/didChangeWorkspaceFolders", .object([("event", .object([
            ("added", .array([])), ("removed", .array([folders[1]])),
        ]))]))
        #expect(names() == ["Shared"])
        client.notify("workspace/didChangeWorkspaceFolders", .object([("event", .object([
            ("added", .array([folders[1]])), ("removed", .array([])),
        ]))]))
        #expect(names().sorted() == ["Other", "Shared"])
    }

    @Test func settingsChangeSeveritiesAndContentSizes() throws {
        let client = TestClient()
        client.request("initialize", .object([
            ("capabilities", .object([])),
            ("initializationOptions", .object([("contentSize", .string("accessibilityExtraExtraExtraLarge"))])),
        ]))
        client.notify("initialized", .object([]))
        let uri = "file:///labelspec-test-none/s.labelspec"
        client.open(uri, "label A {\n    text: \"Share with your team\"\n    width: 150\n}\n")
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        client.notify("workspace/didChangeConfiguration", .object([("settings", .object([("labelspec", .object([
            ("contentSize", .string("large")), ("severity", .object([("truncates", .string("off"))])),
        ]))]))]))
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
        client.request("initialize", .object([
            ("rootUri", .string(dir.absoluteString)), ("capabilities", .object([])),
            ("initializationOptions", .object([("contentSize", .string("accessibilityExtraExtraExtraLarge"))])),
        ]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("n.labelspec").absoluteString
        client.open(uri, "label Name { text: \"Alexandra Fitz\"; width: 180 }\n")
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([.object([
            ("uri", .string(dir.appendingPathComponent("labelspec.json").absoluteString)), ("type", .int(2)),
        ])]))]))
        #expect(client.lastDiagnostics(uri).map(\.0) == ["truncates"])
    }
}
