import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing

@testable import LanguageServer

/// Issue 38, point 4: a returned XLIFF file opened in the editor gets the diagnostics `check`
/// gives it, and a hover on a `<target>` shows the label that shows it, measured with it.
@Suite struct XLIFFServerTests {
    static let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Translators")

    /// The fixture app with its `.xcloc` inside one workspace (a `labelspec.json` above both).
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("labelspec-xliff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for name in ["App", "de.xcloc"] {
            try FileManager.default.copyItem(at: export.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("App/labelspec.json"), to: root.appendingPathComponent("labelspec.json"))
        return root
    }

    func summary(_ diagnostics: JSONValue?) -> [String] {
        (diagnostics?.arrayValue ?? []).map {
            "\($0["code"]?.stringValue ?? "")@\($0["range"]?["start"]?["line"]?.intValue ?? -1):\($0["range"]?["start"]?["character"]?.intValue ?? -1) \($0["message"]?.stringValue ?? "")"
        }
    }

    @Test func openHoverEditAndClose() throws {
        let root = try Self.project()
        let file = root.appendingPathComponent("de.xcloc/Localized Contents/de.xliff")
        let text = try String(contentsOf: file, encoding: .utf8)
        let uri = file.absoluteString
        let client = TestClient()
        client.initialize()
        client.open(uri, text, languageId: "xml")
        let pushed = client.received.last {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
        }
        #expect(
            summary(pushed?["params"]?["diagnostics"]) == [
                #"truncates@14:35 truncates in de (other) at .large: "3 Fotos un…" (80 pt: width 80)"#,
                #"truncates@24:35 truncates in de at .large: "Speicher…" (90 pt: width 90)"#,
                #"translation-not-imported@29:8 state "new": Xcode does not import this target (the table's text stays); mark it translated (or final) once it is done"#,
                #"translation-not-imported@34:2 'App/InfoPlist.xcstrings' names no table of the files checked: its unit is not checked (check the folder that holds the table with this file)"#,
            ])
        let related = pushed?["params"]?["diagnostics"]?.arrayValue?.first?["relatedInformation"]?.arrayValue?.first
        #expect(related?["message"] == .string("the label 'PhotoCount' shows it"))
        #expect(related?["location"]?["uri"]?.stringValue?.hasSuffix("/App/Store.labelspec") == true)
        // A hover on the target: the label, measured with the returned text in German.
        let hover = client.request(
            "textDocument/hover", .object([("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(24, 40))]))
        let value = hover?["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains("SaveButton"), "\(value)")
        #expect(value.contains("Speicher…"), "\(value)")
        #expect(hover?["result"]?["range"]?["start"] == TestClient.position(24, 35))
        // Not on a target: nothing.
        let none = client.request(
            "textDocument/hover", .object([("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(1, 3))]))
        #expect(none?["result"] == .null)
        // An edit that shortens the text: its finding goes.
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([.object([("text", .string(text.replacingOccurrences(of: "Speichern und schließen", with: "Sichern")))])])
                ),
            ]))
        let after = client.received.last {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
        }
        #expect(after?["params"]?["version"] == .int(2))
        #expect(
            summary(after?["params"]?["diagnostics"]).map { String($0.prefix(13)) } == ["truncates@14:", "translation-n", "translation-n"])
        client.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(uri))]))]))
        let closed = client.received.last {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
        }
        #expect(closed?["params"]?["diagnostics"] == .array([]))
    }

    @Test func aPullingClientGetsTheSameReport() throws {
        let root = try Self.project()
        let file = root.appendingPathComponent("de.xcloc/Localized Contents/de.xliff")
        let uri = file.absoluteString
        let client = TestClient()
        client.request("initialize", .object([("capabilities", .object([("textDocument", .object([("diagnostic", .object([]))]))]))]))
        client.notify("initialized", .object([]))
        client.open(uri, try String(contentsOf: file, encoding: .utf8), languageId: "xml")
        let report = client.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]
        #expect(report?["kind"] == .string("full"))
        #expect(summary(report?["items"]).count == 4)
        // A broken file: one invalid-xliff error where the reader stopped.
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("text", .string("<xliff version=\"1.2\">&"))])])),
            ]))
        let broken = client.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]
        #expect(summary(broken?["items"]) == ["invalid-xliff@0:21 Xcode cannot import this file: a bare '&' (write it as &amp;)"])
    }
}
