import Foundation
import JSON
import JSONRPC
import LanguageServer
import Testing

/// Issue 26: the editor's `screens` is labelspec.json's key, read the same way; a bad entry is a
/// warning in the log that names the setting, and the file's screens stay.
@Suite struct ScreenSettingsTests {
    static let text = "label Row {\n    text: \"Notifications and sounds for every conversation\"\n    width: .screen - 32\n}\n"

    func pushed(configuration: String?, settings: String?) throws -> (messages: [String], logs: [String]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-screens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(Self.text.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        if let configuration { try Data(configuration.utf8).write(to: dir.appendingPathComponent("labelspec.json")) }
        let client = TestClient()
        var params: [(String, JSONValue)] = [("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]
        if let settings { params.append(("initializationOptions", try JSONValue.parse(Array(settings.utf8)))) }
        client.request("initialize", .object(params))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, Self.text)
        let push = client.received.last {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
        }
        return ((push?["params"]?["diagnostics"]?.arrayValue ?? []).map { $0["message"]?.stringValue ?? "" }, client.logs)
    }

    @Test func theEditorsScreensAreTheFilesKey() throws {
        let settings =
            #"{ "contentSizes": ["large"], "screens": ["iPhone 16 Pro Max", {"name": "Zoomed", "width": 320, "sizeClass": "compact"}] }"#
        let fromFile = try pushed(configuration: settings, settings: nil).messages
        #expect(fromFile == [#"truncates on Zoomed at .large: "Notifications and sounds for every…" (288 pt: width .screen - 32)"#])
        let fromEditor = try pushed(configuration: nil, settings: settings)
        #expect(fromEditor.messages == fromFile)
        // A bad entry: said, and the file's screens stay (the default here: SE, 16, 16 Pro Max).
        let bad = try pushed(configuration: #"{ "contentSizes": ["large"] }"#, settings: #"{ "screens": ["iPhone SE"] }"#)
        #expect(
            bad.messages == [
                #"truncates on iPhone SE (3rd generation) at .large: "Notifications and sounds for every convers…" (343 pt: width .screen - 32; on 1 more screen)"#
            ])
        #expect(
            bad.logs.contains {
                $0.contains(
                    "setting 'screens': unknown device 'iPhone SE'; did you mean 'iPhone SE (2nd generation)', 'iPhone SE (3rd generation)'?"
                )
            })
    }
}
