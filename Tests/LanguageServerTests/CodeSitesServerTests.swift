import Foundation
import JSON
import LabelSpecIDE
import Testing

@testable import LanguageServer

/// Issue 37, points 7 and 8 in the server: from a spec's `.localized("key")` to the Swift sites
/// that show the key (go to definition, hover), the Swift files read once and then only those
/// the client says changed.
@Suite struct CodeSitesServerTests {
    static func project() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("labelspec-codesites-\(UUID().uuidString)")
        let files: [String: String] = [
            "labelspec.json": "{}",
            "Localizable.xcstrings":
                #"{"sourceLanguage": "en", "version": "1.0", "strings": {"settings.title": {}, "%lld items": {}, "legacy.delete": {}}}"#,
            "Sources/Settings.swift": """
            import SwiftUI
            struct Settings: View {
                var body: some View {
                    VStack {
                        Text("settings.title").font(.headline)
                        Text("\\(count) items")
                        Text(L10n.Legacy.delete).lineLimit(1)
                        Text(.settingsTitle)
                    }
                }
            }
            """,
            "Sources/Strings.swift": """
            enum L10n { enum Legacy { static let delete = L10n.tr("Localizable", "legacy.delete", fallback: "Delete") } }
            """,
            // Ünïcödé before the call: its columns differ in each position encoding.
            "Sources/Header.swift":
                "final class Header: UIView {\n    /* Ünïcödé 😀 */ let title = UILabel()\n    func setUp() { title.text = NSLocalizedString(\"settings.title\", comment: \"\") }\n}\n",
        ]
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    static let spec = """
        label Title {
            text: .localized("settings.title")
        }
        label Items { text: .localized("%lld items") }
        label Delete { text: .localized("legacy.delete", table: "Localizable") }
        label None { text: .localized("nowhere") }
        """

    func at(_ c: TestClient, _ method: String, _ uri: String, _ line: Int, _ character: Int) -> JSONValue? {
        c.request(
            method, .object([("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(line, character))]))?[
                "result"]
    }

    /// `(file, line, start, end)` of each location.
    func places(_ v: JSONValue?, in dir: URL) -> [String] {
        (v?.arrayValue ?? []).map { l in
            let file = (l["uri"]?.stringValue ?? "").replacingOccurrences(of: dir.absoluteString + "/", with: "")
            let r = l["range"]
            return
                "\(file):\(r?["start"]?["line"]?.intValue ?? -1):\(r?["start"]?["character"]?.intValue ?? -1)-\(r?["end"]?["character"]?.intValue ?? -1)"
        }
    }

    @Test func definitionAndHoverFromAKeyToTheCode() throws {
        let dir = try Self.project()
        let c = TestClient()
        c.request("initialize", .object([("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]))
        c.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("Specs/a.labelspec").absoluteString
        c.open(uri, Self.spec)
        // On the key: the Texts (one by Xcode 26's symbol) and the UIKit label that show it, in
        // UTF-16 columns (the default).
        #expect(
            places(at(c, "textDocument/definition", uri, 1, 20), in: dir) == [
                "Sources/Header.swift:1:25-30", "Sources/Settings.swift:4:12-16", "Sources/Settings.swift:7:12-16",
            ])
        // An interpolation's key, and a SwiftGen accessor's.
        #expect(places(at(c, "textDocument/definition", uri, 3, 30), in: dir) == ["Sources/Settings.swift:5:12-16"])
        #expect(places(at(c, "textDocument/definition", uri, 4, 35), in: dir) == ["Sources/Settings.swift:6:12-16"])
        // A key no code shows: nothing.
        #expect(at(c, "textDocument/definition", uri, 5, 33) == .null)
        // The hover lists the places (as plain text: this client shows no Markdown).
        let hover = at(c, "textDocument/hover", uri, 1, 20)?["contents"]?["value"]?.stringValue ?? ""
        #expect(
            hover.hasSuffix(
                "\nShown in code (3 places):\n\n- Sources/Header.swift:2 title = UILabel()\n- Sources/Settings.swift:5 Text(\"settings.title\")\n- Sources/Settings.swift:8 Text(.settingsTitle)\n"
            ))
    }

    @Test func columnsInEachEncodingAndChangedFilesReadAgain() throws {
        let dir = try Self.project()
        let c = TestClient()
        c.request(
            "initialize",
            .object([
                ("rootUri", .string(dir.absoluteString)),
                ("capabilities", .object([("general", .object([("positionEncodings", .array([.string("utf-8")]))]))])),
            ]))
        c.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("Specs/a.labelspec").absoluteString
        c.open(uri, Self.spec)
        #expect(
            places(at(c, "textDocument/definition", uri, 1, 20), in: dir) == [
                "Sources/Header.swift:1:31-36", "Sources/Settings.swift:4:12-16", "Sources/Settings.swift:7:12-16",
            ])
        // The Swift file changes on disk: read again when the client says so (the others are not).
        let settings = dir.appendingPathComponent("Sources/Settings.swift")
        try Data("let a = Text(\"settings.title\")\n\nlet b = Text(\"settings.title\")\n".utf8).write(to: settings)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Sources/Header.swift"))
        c.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([
                        .object([("uri", .string(settings.absoluteString)), ("type", .int(2))]),
                        .object([
                            ("uri", .string(dir.appendingPathComponent("Sources/Header.swift").absoluteString)), ("type", .int(3)),
                        ]),
                    ])
                )
            ]))
        #expect(
            places(at(c, "textDocument/definition", uri, 1, 20), in: dir) == [
                "Sources/Settings.swift:0:8-12", "Sources/Settings.swift:2:8-12",
            ])
    }

    /// Point 4 in the editor: in an open `labelspec.json`, where a key of `"fonts"` goes, the
    /// tokens the Swift code uses and `fonts` does not map yet, most used first.
    @Test func completionOfTheTokensFoundInTheTree() throws {
        let dir = try Self.project()
        try Data(
            """
            struct Tokens: View {
                var body: some View {
                    VStack {
                        Text("a").font(.compound.bodyMD)
                        Text("b").font(.compound.bodyMD.bold())
                        Text("c").font(.scaledBody)
                    }
                }
            }
            final class Cell: UIView {
                let title = UILabel()
                func setUp() { title.font = .appTitle }
            }
            """.utf8
        ).write(to: dir.appendingPathComponent("Sources/Tokens.swift"))
        let c = TestClient()
        c.request("initialize", .object([("rootUri", .string(dir.absoluteString)), ("capabilities", .object([]))]))
        c.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("labelspec.json").absoluteString
        c.open(
            uri, "{\n  \"screens\": [\"iPhone 16\"],\n  \"fonts\": {\n    \"Font.scaledBody\": \".body\",\n    \n  }\n}\n",
            languageId: "json")
        func labels(_ line: Int, _ character: Int) -> [String] {
            (at(c, "textDocument/completion", uri, line, character)?.arrayValue ?? []).map {
                "\($0["label"]?.stringValue ?? "") (\($0["detail"]?.stringValue ?? ""))"
            }
        }
        #expect(
            labels(4, 4) == [
                "Font.compound.bodyMD (used at 2 sites in the Swift code)", "UIFont.appTitle (used at 1 site in the Swift code)",
            ])
        // Before a key already written: it is not offered again.
        #expect(labels(3, 4) == labels(4, 4))
        let item = at(c, "textDocument/completion", uri, 4, 4)?.arrayValue?.first
        #expect(item?["textEdit"]?["newText"] == .string(#""Font.compound.bodyMD": ".body""#))
        // Elsewhere in the file (a value, another key's list): nothing.
        #expect(labels(1, 16).isEmpty && labels(3, 26).isEmpty)
        // A key being typed: the tokens it matches, replacing it with its quotes.
        c.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", JSONRange(startLine: 4, startCharacter: 4, endLine: 4, endCharacter: 4).json),
                            ("text", .string(#""UIF""#)),
                        ])
                    ])
                ),
            ]))
        let typed = at(c, "textDocument/completion", uri, 4, 8)?.arrayValue ?? []
        #expect(typed.map { $0["label"]?.stringValue } == ["UIFont.appTitle"])
        #expect(typed.first?["textEdit"]?["range"] == JSONRange(startLine: 4, startCharacter: 4, endLine: 4, endCharacter: 9).json)
    }
}
