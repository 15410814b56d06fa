import JSON
import Testing

@testable import LanguageServer

/// Issue 24, the first hour of a new user, in the server: quick fixes offered where the cursor
/// is, renames that would make a duplicate refused.
@Suite struct QuickFixAndRenameTests {
    static let uri = "file:///w/f.labelspec"

    func codeActions(_ c: TestClient, _ range: JSONRange, context: [JSONValue] = []) -> [String] {
        let actions =
            c.request(
                "textDocument/codeAction",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])), ("range", range.json),
                    ("context", .object([("diagnostics", .array(context))])),
                ]))?["result"]?.arrayValue ?? []
        return actions.map { $0["title"]?.stringValue ?? "" }
    }

    /// Right after typing `numberOfLine: 2`, the cursor at the line's end: the fix is offered
    /// (a cursor stands for its line), and so are the fixes of the diagnostics the client names.
    @Test func theFixesOfTheCursorsLineAndOfTheContextAreOffered() {
        let c = TestClient.opened(Self.uri, "label A {\n    text: \"Hello\"\n    numberOfLine: 2\n}\n")
        // At the end of line 2, after "2".
        #expect(codeActions(c, JSONRange(startLine: 2, startCharacter: 19, endLine: 2, endCharacter: 19)) == ["Rename to 'numberOfLines'"])
        // A cursor on another line: nothing.
        #expect(codeActions(c, JSONRange(startLine: 1, startCharacter: 17, endLine: 1, endCharacter: 17)) == [])
        // A range elsewhere, with the diagnostic in the context (as Neovim sends the line's).
        let named: JSONValue = .object([
            ("range", JSONRange(startLine: 2, startCharacter: 4, endLine: 2, endCharacter: 16).json), ("code", .string("unknown-property")),
            ("message", .string("whatever the client kept")),
        ])
        #expect(
            codeActions(c, JSONRange(startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 5), context: [named]) == [
                "Rename to 'numberOfLines'"
            ])
        // Named with another code, or elsewhere: not that diagnostic.
        let other: JSONValue = .object([
            ("range", JSONRange(startLine: 2, startCharacter: 4, endLine: 2, endCharacter: 16).json), ("code", .string("truncates")),
        ])
        #expect(codeActions(c, JSONRange(startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 5), context: [other]) == [])
    }

    /// Renaming a style to a name already declared would make a duplicate and move labels onto
    /// the other style: refused, saying where the name is. prepareRename says what can be renamed.
    @Test func aRenameToADeclaredNameIsRefused() {
        let c = TestClient.opened(
            Self.uri,
            "style Caption { font: .caption1 }\nstyle Footnote { font: .footnote }\nlabel A: Caption { text: \"a\"; width: 100 }\n")
        func rename(_ line: Int, _ character: Int, to name: String) -> JSONValue? {
            c.request(
                "textDocument/rename",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])), ("position", TestClient.position(line, character)),
                    ("newName", .string(name)),
                ]))
        }
        let refused = rename(2, 11, to: "Footnote")
        #expect(refused?["error"]?["code"] == .int(-32803))
        #expect(
            refused?["error"]?["message"]
                == .string(
                    "'Footnote' is already declared (f.labelspec:2); renaming 'Caption' to it would declare it twice: choose another name"))
        // From the declaration too.
        #expect(rename(0, 8, to: "Footnote")?["error"]?["message"]?.stringValue?.hasPrefix("'Footnote' is already declared") == true)
        // A free name is renamed everywhere; the same name changes nothing.
        #expect(rename(2, 11, to: "Small")?["result"]?["changes"]?[Self.uri]?.arrayValue?.count == 2)
        #expect(rename(2, 11, to: "Caption")?["result"]?["changes"]?[Self.uri]?.arrayValue?.count == 2)
        // prepareRename: the name at a name; elsewhere, what can be renamed.
        func prepare(_ line: Int, _ character: Int) -> JSONValue? {
            c.request(
                "textDocument/prepareRename",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])), ("position", TestClient.position(line, character)),
                ]))
        }
        #expect(prepare(2, 12)?["result"]?["placeholder"] == .string("Caption"))
        #expect(
            prepare(0, 17)?["error"]?["message"]
                == .string(
                    "only a style or label name can be renamed: put the cursor on its declaration or where a label or style inherits it"))
    }
}
