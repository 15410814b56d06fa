import JSON
import Testing

@testable import LanguageServer

/// The quick fixes of `truncates` in the server (issue 35 point 10): three code actions on a
/// spec's label, none preferred; none on a storyboard, whose message says what to change in
/// Interface Builder instead.
@Suite struct TruncationFixServerTests {
    func actions(_ c: TestClient, _ uri: String, line: Int, character: Int) -> [JSONValue] {
        c.request(
            "textDocument/codeAction",
            .object([
                ("textDocument", .object([("uri", .string(uri))])),
                (
                    "range",
                    JSONRange(startLine: line, startCharacter: character, endLine: line, endCharacter: character).json
                ),
                ("context", .object([("diagnostics", .array([]))])),
            ]))?["result"]?.arrayValue ?? []
    }

    @Test func aSpecsTruncatesOffersThreeFixesNonePreferred() {
        let uri = "file:///w/f.labelspec"
        let c = TestClient.opened(uri, "label Name {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n}\n")
        let found = actions(c, uri, line: 0, character: 8)
        #expect(
            found.map { $0["title"]?.stringValue ?? "" } == [
                "Allow wrapping (numberOfLines: 0)", "Shrink to fit (minimumScaleFactor: 0.6)",
                "Ignore with // labelspec:ignore truncates",
            ])
        #expect(found.map { $0["isPreferred"] } == [.bool(false), .bool(false), .bool(false)])
    }

    @Test func aStoryboardsTruncatesSaysWhatToChangeAndOffersNoEdit() {
        let uri = "file:///w/Main.storyboard"
        let board = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects>
            <viewController id="vc"><view key="view" id="v"><subviews>
            <label text="Alexandra Fitzgerald-Montgomery" adjustsFontSizeToFit="NO" id="lAb-01-aaa"><rect key="frame" x="0" y="0" width="180" height="21"/></label>
            </subviews></view></viewController></objects></scene></scenes></document>

            """
        let c = TestClient()
        c.initialize()
        c.open(uri, board, languageId: "xml")
        let pushed = c.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        let truncates = pushed?["params"]?["diagnostics"]?.arrayValue?.first { $0["code"] == .string("truncates") }
        #expect(
            truncates?["message"]
                == .string(
                    "truncates at .large: \"Alexandra Fitzgerald-…\" (180 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; and at 1 larger size); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.6"
                ))
        #expect(actions(c, uri, line: 3, character: 2).isEmpty)
    }
}
