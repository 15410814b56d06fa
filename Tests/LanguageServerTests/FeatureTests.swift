import JSON
import Testing

@testable import LanguageServer

@Suite struct FeatureTests {
    static let uri = "file:///w/f.labelspec"
    static let text =
        "style Caption { font: .caption1 }\nlabel A: Caption {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    widht: 180\n    width: 180\n    textColor: #FF0000\n}\n"

    func client(_ text: String = FeatureTests.text) -> TestClient {
        let c = TestClient.opened(Self.uri, text)
        return c
    }

    func doc() -> JSONValue { .object([("uri", .string(Self.uri))]) }

    func at(_ c: TestClient, _ method: String, _ line: Int, _ character: Int, _ extra: [(String, JSONValue)] = []) -> JSONValue? {
        c.request(method, .object([("textDocument", doc()), ("position", TestClient.position(line, character))] + extra))?["result"]
    }

    /// `low-contrast` is pushed at the label's own textColor, with the worst appearance first;
    /// the label's hover ends with its contrast in every appearance.
    @Test func lowContrastIsPushedAndHoverShowsTheRatios() {
        let uri = "file:///w/contrast.labelspec"
        let c = TestClient.opened(uri, "label Faint {\n    text: \"Hard to read\"\n    textColor: .tertiaryLabel\n}\n")
        let pushed = c.received.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }
        let diagnostics = pushed?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.count == 1)
        let d = diagnostics.first
        #expect(d?["code"] == .string("low-contrast"))
        #expect(d?["severity"] == .int(2))
        #expect(
            d?["range"]
                == .object([
                    ("start", TestClient.position(2, 15)), ("end", TestClient.position(2, 29)),
                ]))
        #expect(
            d?["message"]
                == .string(
                    "contrast 1.73:1 of .tertiaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (2.03:1), dark mode (2.25:1) and dark mode with Increase Contrast (2.98:1); Apple's colours, below WCAG AA by design: use .label for text that must be read, or accept them with \"severity\": {\"low-contrast\": \"information\"} in labelspec.json"
                ))
        let hover =
            c.request(
                "textDocument/hover",
                .object([
                    ("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(0, 7)),
                ]))?["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(
            hover.hasSuffix(
                "\nContrast .tertiaryLabel on .systemBackground (WCAG AA 4.5:1): light 1.73:1 ✗ · dark 2.25:1 ✗ · light, increased contrast 2.03:1 ✗ · dark, increased contrast 2.98:1 ✗\n"
                    + #"\#nMeasured with Inter and Inter Display for SF Pro (stand-ins: docs/measurement.md, "Stand-ins")"# + "\n"
            ))
    }

    @Test func documentSymbolsListStylesWithTheirPropertiesAndLabels() {
        let symbols = client().request("textDocument/documentSymbol", .object([("textDocument", doc())]))?["result"]?.arrayValue ?? []
        #expect(symbols.map { $0["name"]?.stringValue ?? "" } == ["Caption", "A"])
        #expect(symbols.map { $0["kind"]?.intValue ?? 0 } == [5, 19])
        #expect(symbols[0]["detail"] == nil)
        #expect(symbols[1]["detail"] == .string(": Caption"))
        #expect(symbols[1]["children"] == nil)
        let caption = symbols[0]["children"]?.arrayValue ?? []
        #expect(caption.map { $0["name"]?.stringValue ?? "" } == ["font"])
        #expect(caption.first?["kind"] == .int(7))
        #expect(caption.first?["range"] == JSONRange(startLine: 0, startCharacter: 16, endLine: 0, endCharacter: 31).json)
        #expect(caption.first?["selectionRange"] == JSONRange(startLine: 0, startCharacter: 16, endLine: 0, endCharacter: 20).json)
        #expect(symbols[1]["range"] == JSONRange(startLine: 1, startCharacter: 0, endLine: 6, endCharacter: 1).json)
        #expect(symbols[1]["selectionRange"] == JSONRange(startLine: 1, startCharacter: 6, endLine: 1, endCharacter: 7).json)
    }

    @Test func foldingRangesCoverMultiLineItems() {
        let ranges = client().request("textDocument/foldingRange", .object([("textDocument", doc())]))?["result"]
        #expect(ranges == .array([.object([("startLine", .int(1)), ("endLine", .int(6))])]))
    }

    @Test func formattingReturnsTheCanonicalLayout() {
        let c = client("label A{text:\"a\";width:10}")
        let edits = c.request("textDocument/formatting", .object([("textDocument", doc()), ("options", .object([]))]))?["result"]?
            .arrayValue
        #expect(edits?.first?["newText"] == .string("label A {\n    text: \"a\"\n    width: 10\n}\n"))
        #expect(edits?.first?["range"] == JSONRange(startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 26).json)
        let broken = client("label A { text \"a\" }")
        #expect(broken.request("textDocument/formatting", .object([("textDocument", doc())]))?["error"]?["code"] == .int(-32803))
    }

    @Test func codeActionsCarryTheQuickFixes() {
        let c = client()
        let actions =
            c.request(
                "textDocument/codeAction",
                .object([
                    ("textDocument", doc()),
                    ("range", JSONRange(startLine: 3, startCharacter: 4, endLine: 3, endCharacter: 4).json),
                    ("context", .object([("diagnostics", .array([]))])),
                ]))?["result"]?.arrayValue ?? []
        #expect(actions.map { $0["title"]?.stringValue ?? "" } == ["Rename to 'width'"])
        let edit = actions.first?["edit"]?["changes"]?[Self.uri]?.arrayValue?.first
        #expect(edit?["newText"] == .string("width"))
        #expect(edit?["range"] == JSONRange(startLine: 3, startCharacter: 4, endLine: 3, endCharacter: 9).json)
    }

    @Test func definitionReferencesAndRenameOfAStyle() {
        let c = client()
        let definition = at(c, "textDocument/definition", 1, 11)
        #expect(definition?["range"] == JSONRange(startLine: 0, startCharacter: 6, endLine: 0, endCharacter: 13).json)
        let references = at(c, "textDocument/references", 0, 8, [("context", .object([("includeDeclaration", .bool(true))]))])
        #expect(references?.arrayValue?.count == 2)
        #expect(at(c, "textDocument/prepareRename", 1, 11)?["placeholder"] == .string("Caption"))
        let rename = at(c, "textDocument/rename", 1, 11, [("newName", .string("Footnote"))])
        let edits = rename?["changes"]?[Self.uri]?.arrayValue ?? []
        #expect(edits.map { $0["newText"] } == [.string("Footnote"), .string("Footnote")])
        let bad = c.request(
            "textDocument/rename",
            .object([
                ("textDocument", doc()), ("position", TestClient.position(1, 11)), ("newName", .string("not valid")),
            ]))
        #expect(bad?["error"]?["code"] == .int(-32602))
    }

    @Test func inlayHintsShowLineCountAndTruncation() {
        let hints = client().request("textDocument/inlayHint", .object([("textDocument", doc())]))?["result"]?.arrayValue ?? []
        #expect(hints.map { $0["label"]?.stringValue ?? "" } == ["1 line · truncated"])
        #expect(hints.first?["position"] == .object([("line", .int(1)), ("character", .int(7))]))
    }

    @Test func inlayHintsOnlyForTheRequestedRange() {
        let text = (0..<200).map { "label L\($0) { text: \"Row \($0)\"; width: 200 }\n" }.joined()
        let c = client(text)
        func hints(_ from: Int, _ to: Int) -> [JSONValue] {
            c.request(
                "textDocument/inlayHint",
                .object([
                    ("textDocument", doc()), ("range", JSONRange(startLine: from, startCharacter: 0, endLine: to, endCharacter: 0).json),
                ]))?["result"]?.arrayValue ?? []
        }
        let some = hints(150, 152)
        #expect(some.map { $0["position"]?["line"]?.intValue ?? -1 } == [150, 151])
        #expect(some.first?["position"]?["character"] == .int(10))
        #expect(hints(0, 200).count == 200)
    }

    @Test func coloursAndTheirPresentations() {
        let c = client()
        let colors = c.request("textDocument/documentColor", .object([("textDocument", doc())]))?["result"]?.arrayValue ?? []
        #expect(colors.count == 1)
        #expect(
            colors.first?["color"] == .object([("red", .double(1)), ("green", .double(0)), ("blue", .double(0)), ("alpha", .double(1))]))
        let presentations =
            c.request(
                "textDocument/colorPresentation",
                .object([
                    ("textDocument", doc()),
                    ("color", .object([("red", .double(0)), ("green", .double(0)), ("blue", .double(0)), ("alpha", .double(1))])),
                    ("range", JSONRange(startLine: 5, startCharacter: 15, endLine: 5, endCharacter: 22).json),
                ]))?["result"]?.arrayValue ?? []
        #expect(presentations.map { $0["label"]?.stringValue ?? "" } == ["#000000", ".label", ".darkText", ".black"])
    }
}

@Suite struct MoreFeatureTests {
    static let uri = "file:///w/g.labelspec"

    @Test func semanticTokensClassifyEveryToken() {
        let c = TestClient.opened(Self.uri, "// hi\nlabel A: B { text: \"x\"; textColor: .label }")
        let data =
            c.request("textDocument/semanticTokens/full", .object([("textDocument", .object([("uri", .string(Self.uri))]))]))?["result"]?[
                "data"]?.arrayValue?.compactMap(\.intValue) ?? []
        let tokens = stride(from: 0, to: data.count, by: 5).map { Array(data[$0..<($0 + 5)]) }
        // comment, label, A, B, text, "x", textColor, ., label (as a case)
        #expect(tokens.map { $0[3] } == [6, 0, 1, 1, 2, 4, 2, 7, 3])
        #expect(tokens[0] == [0, 0, 5, 6, 0])
        #expect(tokens[1] == [1, 0, 5, 0, 0])
        #expect(tokens[2] == [0, 6, 1, 1, 0])
    }

    @Test func selectionRangesGrowFromTheTokenToTheItem() {
        let c = TestClient.opened(Self.uri, "label A { font: .system(size: 13) }")
        let result = c.request(
            "textDocument/selectionRange",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri))])), ("positions", .array([TestClient.position(0, 30)])),
            ]))?["result"]?.arrayValue?.first
        var widths: [Int] = []
        var cursor = result
        while let r = cursor {
            widths.append((r["range"]?["end"]?["character"]?.intValue ?? 0) - (r["range"]?["start"]?["character"]?.intValue ?? 0))
            cursor = r["parent"]
        }
        // "13", the argument, the argument list, the call, the member, the block, the item, the file.
        #expect(widths == [2, 8, 10, 17, 23, 27, 35, 35])
    }

    @Test func workspaceSymbolsMatchFuzzily() {
        let c = TestClient.opened(Self.uri, "style Caption {}\nlabel ProfileName { text: \"x\" }\nlabel Other { text: \"y\" }")
        let names = c.request("workspace/symbol", .object([("query", .string("pfn"))]))?["result"]?.arrayValue?.compactMap {
            $0["name"]?.stringValue
        }
        #expect(names == ["ProfileName"])
    }

    @Test func pullingClientsGetDiagnosticsOnRequestAndNoPush() {
        let c = TestClient()
        c.request("initialize", .object([("capabilities", .object([("textDocument", .object([("diagnostic", .object([]))]))]))]))
        c.notify("initialized", .object([]))
        c.open(Self.uri, "label A { widht: 1 }\nlabel A { text: \"b\" }")
        #expect(!c.received.contains { $0["method"] == .string("textDocument/publishDiagnostics") })
        let report = c.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(Self.uri))]))]))?["result"]
        #expect(report?["kind"] == .string("full"))
        let items = report?["items"]?.arrayValue ?? []
        #expect(items.compactMap { $0["code"]?.stringValue } == ["missing-text", "unknown-property", "duplicate"])
        let related = items.last?["relatedInformation"]?.arrayValue?.first
        #expect(related?["message"] == .string("first declaration of 'A'"))
        #expect(related?["location"]?["uri"] == .string(Self.uri))
    }

    /// `// labelspec:ignore` comments suppress in the editor as in `check` (the shared `Checks`),
    /// and an edit that adds one is seen by the next pull.
    @Test func ignoreCommentsSuppressPulledDiagnostics() {
        let c = TestClient()
        c.request("initialize", .object([("capabilities", .object([("textDocument", .object([("diagnostic", .object([]))]))]))]))
        c.notify("initialized", .object([]))
        c.open(Self.uri, "label A {\n    text: \"a\"\n    widht: 1  // labelspec:ignore unknown-property\n    hieght: 2\n}\n")
        func codes() -> [String] {
            let report = c.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(Self.uri))]))]))?["result"]
            return (report?["items"]?.arrayValue ?? []).map {
                "\($0["range"]?["start"]?["line"]?.intValue ?? -1) \($0["code"]?.stringValue ?? "")"
            }
        }
        #expect(codes() == ["3 unknown-property"])
        c.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([("text", .string("label A {  // labelspec:ignore\n    text: \"a\"\n    widht: 1\n    hieght: 2\n}\n"))])
                    ])
                ),
            ]))
        #expect(codes() == [])
    }

    /// An edit, an open or a close in one file pushes again the other open files whose
    /// diagnostics it changed: a style renamed in one file is `unknown-style` in the file that
    /// inherits from it, and fine again when renamed back, or when the file is closed (nothing
    /// on disk) and opened again.
    @Test func changesInOneFilePushTheFilesTheyAffect() {
        let c = TestClient()
        c.initialize()
        let a = "untitled:A", b = "untitled:B"
        c.open(a, "style Base { numberOfLines: 1 }\n")
        c.open(b, "label L: Base { text: \"x\" }\n")
        func pushesOf(_ uri: String) -> Int {
            c.received.filter { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }.count
        }
        func rename(_ name: String, version: Int) {
            c.notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string(a)), ("version", .int(version))])),
                    ("contentChanges", .array([.object([("text", .string("style \(name) { numberOfLines: 1 }\n"))])])),
                ]))
        }
        #expect(c.lastDiagnostics(b).isEmpty)
        let before = pushesOf(b)
        rename("Basis", version: 2)
        #expect(pushesOf(b) == before + 1)
        #expect(c.lastDiagnostics(b).map(\.0) == ["unknown-style"])
        rename("Base", version: 3)
        #expect(pushesOf(b) == before + 2)
        #expect(c.lastDiagnostics(b).isEmpty)
        // An edit that changes nothing another file depends on (a comment after the style)
        // pushes only its own file.
        c.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(a)), ("version", .int(4))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", .object([("start", TestClient.position(1, 0)), ("end", TestClient.position(1, 0))])),
                            ("text", .string("// note\n")),
                        ])
                    ])
                ),
            ]))
        #expect(pushesOf(b) == before + 2)
        // Closed (nothing on disk), the style is gone; opened again, it is back.
        c.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(a))]))]))
        #expect(c.lastDiagnostics(b).map(\.0) == ["unknown-style"])
        c.open(a, "style Base { numberOfLines: 1 }\n")
        #expect(c.lastDiagnostics(b).isEmpty)
        #expect(pushesOf(b) == before + 4)
    }

    /// A duplicate whose first declaration is in another file points there with that file's
    /// lines, not the duplicate's.
    @Test func relatedLocationsInOtherFilesUseTheirOwnLines() {
        let c = TestClient()
        c.request("initialize", .object([("capabilities", .object([]))]))
        c.notify("initialized", .object([]))
        let a = "file:///w/a.labelspec", b = "file:///w/b.labelspec"
        c.open(a, "// one\n// two\n\nlabel A { text: \"a\" }\n")
        c.open(b, "label A { text: \"b\" }\n")
        let pushed = c.received.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(b) }
        let duplicate = pushed?["params"]?["diagnostics"]?.arrayValue?.first { $0["code"] == .string("duplicate") }
        let related = duplicate?["relatedInformation"]?.arrayValue?.first
        #expect(related?["location"]?["uri"] == .string(a))
        #expect(related?["location"]?["range"] == .object([("start", TestClient.position(3, 6)), ("end", TestClient.position(3, 7))]))
        #expect(duplicate?["message"] == .string("'A' is already declared in a.labelspec; rename this label or remove it"))
    }

    @Test func pullsCarryResultIdsAndAnswerUnchangedWhenNothingChanged() {
        let c = TestClient()
        c.request("initialize", .object([("capabilities", .object([("textDocument", .object([("diagnostic", .object([]))]))]))]))
        c.notify("initialized", .object([]))
        c.open(Self.uri, "label A { widht: 1 }\n")
        func pull(_ previous: String?) -> JSONValue? {
            var params: [(String, JSONValue)] = [("textDocument", .object([("uri", .string(Self.uri))]))]
            if let previous { params.append(("previousResultId", .string(previous))) }
            return c.request("textDocument/diagnostic", .object(params))?["result"]
        }
        let first = pull(nil)
        let id = first?["resultId"]?.stringValue
        #expect(id != nil)
        #expect(pull(id) == .object([("kind", .string("unchanged")), ("resultId", .string(id ?? ""))]))
        #expect(pull("stale")?["kind"] == .string("full"))
        c.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("text", .string("label A { text: \"a\" }\n"))])])),
            ]))
        let after = pull(id)
        #expect(after?["kind"] == .string("full"))
        #expect(after?["items"] == .array([]))
        #expect(after?["resultId"] != first?["resultId"])
    }

    @Test func workspaceDiagnosticsCoverOpenAndIndexedDocuments() {
        let c = TestClient()
        c.initialize()
        #expect(c.received.first?["result"]?["capabilities"]?["diagnosticProvider"]?["workspaceDiagnostics"] == .bool(true))
        let (first, other) = ("file:///w/a.labelspec", "file:///w/b.labelspec")
        c.open(first, "label A { widht: 1 }\n", version: 4)
        c.open(other, "label B { text: \"b\" }\n")
        let report = c.request("workspace/diagnostic", .object([("previousResultIds", .array([]))]))?["result"]?["items"]?.arrayValue ?? []
        #expect(report.map { $0["uri"]?.stringValue ?? "" } == [first, other])
        #expect(report.first?["version"] == .int(4))
        #expect(report.first?["items"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == ["missing-text", "unknown-property"])
        #expect(report.last?["items"] == .array([]))
        // Sent back, the result ids make both reports "unchanged".
        let previous: [JSONValue] = report.map { .object([("uri", $0["uri"] ?? .null), ("value", $0["resultId"] ?? .null)]) }
        let again =
            c.request("workspace/diagnostic", .object([("previousResultIds", .array(previous))]))?["result"]?["items"]?.arrayValue ?? []
        #expect(again.map { $0["kind"]?.stringValue ?? "" } == ["unchanged", "unchanged"])
    }

    @Test func pullingClientsAreAskedToRefreshAfterAConfigurationChange() {
        let c = TestClient()
        c.request(
            "initialize",
            .object([
                (
                    "capabilities",
                    .object([
                        ("textDocument", .object([("diagnostic", .object([]))])),
                        ("workspace", .object([("diagnostics", .object([("refreshSupport", .bool(true))]))])),
                    ])
                )
            ]))
        c.notify("initialized", .object([]))
        c.notify(
            "workspace/didChangeConfiguration",
            .object([("settings", .object([("labelspec", .object([("contentSize", .string("all"))]))]))]))
        #expect(c.received.last?["method"] == .string("workspace/diagnostic/refresh"))
        #expect(c.received.last?["id"] == .string("refresh-1"))
    }

    /// A configuration change (or a file on disk, or the end of indexing) pushes again only the
    /// documents whose diagnostics change: a client never gets the same push twice for one version.
    @Test func aChangeThatChangesNothingPushesNothing() {
        let c = TestClient.opened("file:///a.labelspec", "label A { text: \"Hello\", width: 10 }\n")
        let pushes = { c.received.filter { $0["method"] == .string("textDocument/publishDiagnostics") }.count }
        #expect(pushes() == 1)
        #expect(c.lastDiagnostics("file:///a.labelspec").map(\.0) == ["truncates"])
        // The default severity of a code, said again: the same diagnostics.
        c.notify(
            "workspace/didChangeConfiguration",
            .object([("settings", .object([("labelspec", .object([("severity", .object([("truncates", .string("warning"))]))]))]))]))
        #expect(pushes() == 1)
        // One that changes them is pushed.
        c.notify(
            "workspace/didChangeConfiguration",
            .object([("settings", .object([("labelspec", .object([("severity", .object([("truncates", .string("off"))]))]))]))]))
        #expect(pushes() == 2)
        #expect(c.lastDiagnostics("file:///a.labelspec").isEmpty)
    }
}
