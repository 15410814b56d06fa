import Foundation
import JSON
import JSONRPC
import Testing

@testable import LanguageServer

/// An open storyboard or xib whose import is in the workspace (a spec whose `// labelspec:source`
/// line names it) is checked through it, as `check` leaves it out: one note instead of its
/// findings, until the spec no longer names it (docs/lsp.md, "A storyboard and its import").
@Suite struct ImportedStoryboardTests {
    /// A workspace: `App/ProfileCell.xib` (three findings of its own) and `Specs/`, with the
    /// `specs` given (name → text).
    static func workspace(_ specs: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-imported-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: InterfaceBuilderServerTests.xib, to: dir.appendingPathComponent("App/ProfileCell.xib"))
        try Data("{}\n".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        for (name, text) in specs { try Data(text.utf8).write(to: dir.appendingPathComponent("Specs/" + name)) }
        return dir
    }

    static let header = "// Imported from ProfileCell.xib by labelspec import: 1 label.\n"
    static let line = "// labelspec:source ../App/ProfileCell.xib"
    static let spec = header + line + "\n\nlabel Title { text: \"Profile\" }\n"

    static func client(_ dir: URL) -> TestClient {
        let client = TestClient()
        client.request(
            "initialize",
            .object([
                ("workspaceFolders", .array([.object([("uri", .string(dir.absoluteString)), ("name", .string("ws"))])])),
                ("capabilities", .object([])),
            ]))
        client.notify("initialized", .object([]))
        return client
    }

    /// The last diagnostics pushed for `uri`.
    static func pushed(_ client: TestClient, _ uri: String) -> JSONValue? {
        client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }?[
            "params"]?["diagnostics"]
    }

    /// The note, whole (UTF-16 positions: the client offers no other).
    static func note(spec: String, specURI: String, line: String = line) throws -> JSONValue {
        let firstLine = #"<?xml version="1.0" encoding="UTF-8"?>"#
        return try JSONValue.parse(
            #"[ { "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": "#
                + "\(firstLine.utf16.count)"
                + #" } }, "severity": 3, "source": "labelspec", "message": "checked through its import "#
                + spec
                + #"", "relatedInformation": [ { "location": { "uri": ""#
                + specURI
                + #"", "range": { "start": { "line": 1, "character": 0 }, "end": { "line": 1, "character": "#
                + "\(line.utf16.count)"
                + #" } } }, "message": "its labelspec:source line names this file" } ] } ]"#)
    }

    static let findings = ["low-contrast@27:24", "clipped@30:21", "fixed-size-font@32:106"]

    @Test func theNoteStandsForTheFindingsWhileTheSpecNamesIt() throws {
        let dir = try Self.workspace(["ProfileCell.labelspec": Self.spec])
        let client = Self.client(dir)
        let xib = dir.appendingPathComponent("App/ProfileCell.xib")
        let specURI = dir.appendingPathComponent("Specs/ProfileCell.labelspec").absoluteString
        let text = try String(contentsOf: xib, encoding: .utf8)
        client.open(xib.absoluteString, text, languageId: "xml")
        #expect(
            try #require(Self.pushed(client, xib.absoluteString))
                == (try Self.note(spec: "Specs/ProfileCell.labelspec", specURI: specURI)))
        // The spec opened and its line edited to name another file: the findings come back.
        client.open(specURI, Self.spec)
        let column = Self.line.utf16.count - "ProfileCell.xib".utf16.count
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(specURI)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", .object([("start", TestClient.position(1, column)), ("end", TestClient.position(1, column + 7))])),
                            ("text", .string("Other")),
                        ])
                    ])
                ),
            ]))
        #expect(InterfaceBuilderServerTests().places(Self.pushed(client, xib.absoluteString)) == Self.findings)
        // An edit elsewhere in the spec leaves the storyboard alone (no push for it).
        let pushes = client.received.count { $0["params"]?["uri"] == .string(xib.absoluteString) }
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(specURI)), ("version", .int(3))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", .object([("start", TestClient.position(3, 6)), ("end", TestClient.position(3, 11))])),
                            ("text", .string("Name")),
                        ])
                    ])
                ),
            ]))
        #expect(client.received.count { $0["params"]?["uri"] == .string(xib.absoluteString) } == pushes)
        // Closed: the file on disk names it again.
        client.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(specURI))]))]))
        #expect(
            try #require(Self.pushed(client, xib.absoluteString))
                == (try Self.note(spec: "Specs/ProfileCell.labelspec", specURI: specURI)))
    }

    /// Two specs of one storyboard: the first by URI stands for it; a spec naming the storyboard
    /// through a link counts (the same file), one naming a file of another name or none is not
    /// looked at.
    @Test func theFirstSpecByURIStandsForIt() throws {
        let dir = try Self.workspace([
            "B.labelspec": Self.spec,
            "C.labelspec": Self.spec.replacingOccurrences(of: "../App/ProfileCell.xib", with: "../Linked/ProfileCell.xib"),
            "D.labelspec": Self.spec.replacingOccurrences(of: "ProfileCell.xib", with: "Missing.xib"),
        ])
        try FileManager.default.createSymbolicLink(
            at: dir.appendingPathComponent("Linked"), withDestinationURL: dir.appendingPathComponent("App"))
        let client = Self.client(dir)
        let xib = dir.appendingPathComponent("App/ProfileCell.xib")
        client.open(xib.absoluteString, try String(contentsOf: xib, encoding: .utf8), languageId: "xml")
        let b = dir.appendingPathComponent("Specs/B.labelspec")
        #expect(
            try #require(Self.pushed(client, xib.absoluteString))
                == (try Self.note(spec: "Specs/B.labelspec", specURI: b.absoluteString)))
        // B gone (a watched-file notification): C, through the link, stands for it.
        try FileManager.default.removeItem(at: b)
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([("changes", .array([.object([("uri", .string(b.absoluteString)), ("type", .int(3))])]))]))
        let c = dir.appendingPathComponent("Specs/C.labelspec").absoluteString
        #expect(
            try #require(Self.pushed(client, xib.absoluteString))
                == (try Self.note(spec: "Specs/C.labelspec", specURI: c, line: "// labelspec:source ../Linked/ProfileCell.xib")))
    }
}
