import JSON
import Testing

@testable import LanguageServer

@Suite struct CompletionTests {
    static let uri = "file:///w/c.labelspec"

    /// Completion labels at marker 1️⃣ of `marked`.
    func labels(_ marked: String, snippets: Bool = false, extra: String = "") -> [JSONValue] {
        let (text, positions) = extractMarkers(marked)
        let client = TestClient()
        var item: [(String, JSONValue)] = [("documentationFormat", .array([.string("markdown")]))]
        if snippets { item.append(("snippetSupport", .bool(true))) }
        let completion: [(String, JSONValue)] = [("completionItem", .object(item))]
        client.request(
            "initialize", .object([("capabilities", .object([("textDocument", .object([("completion", .object(completion))]))]))]))
        client.notify("initialized", .object([]))
        client.open(Self.uri, extra + text)
        let p = positions["1️⃣"]!
        let reply = client.request(
            "textDocument/completion",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri))])),
                ("position", TestClient.position(p.line + extra.filter { $0 == "\n" }.count, p.character)),
            ]))
        return reply?["result"]?.arrayValue ?? []
    }

    @Test func propertiesNotYetSetInTableOrder() {
        let items = labels("label A {\n    text: \"a\"\n    width: 10\n    1️⃣\n}\n")
        let names = items.compactMap { $0["label"]?.stringValue }
        #expect(names.prefix(4) == ["font", "textColor", "textAlignment", "lineBreakMode"])
        #expect(!names.contains("text") && !names.contains("width") && !names.contains("minimumFontSize"))
        #expect(items.first?["detail"] == .string("a text style, .system(size:weight:design:) or .custom(\"Family\", size:)"))
        #expect(items.first?["insertText"] == .string("font: "))
        let documentation = items.first?["documentation"]?["value"]?.stringValue ?? ""
        #expect(documentation.hasSuffix("Default: `.body`"), "\(documentation)")
    }

    /// A SwiftUI label is offered SwiftUI's properties, a UILabel UIKit's; the server pushes
    /// `wrong-framework` for the other's, with its quick fix.
    @Test func eachFrameworkGetsItsOwnProperties() {
        let swiftUI = labels("label A {\n    text: \"a\"\n    icon: .systemImage(\"star\")\n    1️⃣\n}\n").compactMap {
            $0["label"]?.stringValue
        }
        let offered = Set(swiftUI)
        #expect(offered.isSuperset(of: ["lineLimit", "multilineTextAlignment"]))
        #expect(!offered.contains("numberOfLines"))
        let uiKit = labels("label A {\n    text: \"a\"\n    1️⃣\n}\n").compactMap { $0["label"]?.stringValue }
        let offeredUIKit = Set(uiKit)
        #expect(offeredUIKit.contains("numberOfLines"))
        #expect(!offeredUIKit.contains("lineLimit"))

        let client = TestClient.opened(Self.uri, "label A {\n    text: \"a\"\n    framework: .swiftUI\n    numberOfLines: 3\n}\n")
        let pushed = client.received.last { $0["method"] == .string("textDocument/publishDiagnostics") }
        let d = pushed?["params"]?["diagnostics"]?.arrayValue?.first
        #expect(d?["code"] == .string("wrong-framework"))
        #expect(
            d?["message"]
                == .string("'numberOfLines' is UILabel's; this label is SwiftUI (framework: .swiftUI), which ignores it: use lineLimit: 3"))
        #expect(d?["range"]?["start"] == TestClient.position(3, 4))
        let actions =
            client.request(
                "textDocument/codeAction",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])),
                    ("range", .object([("start", TestClient.position(3, 4)), ("end", TestClient.position(3, 4))])),
                    ("context", .object([("diagnostics", .array([d ?? .null]))])),
                ]))?["result"]?.arrayValue ?? []
        let titles = actions.compactMap { $0["title"]?.stringValue }
        #expect(titles.contains("Replace with lineLimit: 3"))
    }

    @Test func propertiesAsSnippetsWhenTheClientTakesThem() {
        let items = labels("label A {\n    1️⃣\n}\n", snippets: true)
        #expect(items.first?["insertText"] == .string("text: ${1}"))
        #expect(items.first?["insertTextFormat"] == .int(2))
    }

    @Test func systemLabelColoursComeFirst() {
        let items = labels("label A {\n    textColor: .1️⃣\n}\n")
        let sorted = items.sorted { ($0["sortText"]?.stringValue ?? "") < ($1["sortText"]?.stringValue ?? "") }
        #expect(
            sorted.prefix(4).compactMap { $0["label"]?.stringValue } == [".label", ".secondaryLabel", ".tertiaryLabel", ".quaternaryLabel"])
        #expect(sorted.first?["kind"] == .int(16))
        #expect(sorted.first?["insertText"] == .string("label"))
        #expect(
            sorted.first?["documentation"]?["value"] == .string("light #000000 rgba(0, 0, 0, 1)  \ndark #FFFFFF rgba(255, 255, 255, 1)"))
        #expect(items.contains { $0["label"] == .string(".systemRed") })
    }

    /// backgroundColor is completed like textColor, background colours first.
    @Test func backgroundColoursComeFirstForBackgroundColor() {
        let items = labels("label A {\n    backgroundColor: .1️⃣\n}\n")
        #expect(items.count == labels("label A {\n    textColor: .1️⃣\n}\n").count)
        let sorted = items.sorted { ($0["sortText"]?.stringValue ?? "") < ($1["sortText"]?.stringValue ?? "") }
        #expect(
            sorted.prefix(6).compactMap { $0["label"]?.stringValue } == [
                ".systemBackground", ".secondarySystemBackground", ".tertiarySystemBackground", ".systemGroupedBackground",
                ".secondarySystemGroupedBackground", ".tertiarySystemGroupedBackground",
            ])
        #expect(sorted.first?["detail"] == .string("background colour"))
        #expect(sorted.first?["kind"] == .int(16))
        #expect(items.contains { $0["label"] == .string(".label") })
    }

    @Test func enumCasesAfterAColon() {
        let items = labels("label A { text: \"a\"; lineBreakMode: 1️⃣ }\n")
        #expect(
            items.compactMap { $0["label"]?.stringValue } == [
                ".byWordWrapping", ".byCharWrapping", ".byClipping", ".byTruncatingHead", ".byTruncatingTail", ".byTruncatingMiddle",
            ])
        #expect(items.first?["insertText"] == .string(".byWordWrapping"))
    }

    @Test func styleNamesAfterALabelsColon() {
        let items = labels("label A: 1️⃣", extra: "style Caption { font: .caption1 }\nstyle Body {}\nlabel Other { text: \"x\" }\n")
        #expect(items.compactMap { $0["label"]?.stringValue } == ["Body", "Caption"])
    }

    @Test func argumentLabelsInsideSystem() {
        let items = labels("label A {\n    font: .system(1️⃣\n}\n")
        #expect(items.compactMap { $0["label"]?.stringValue } == ["size:", "weight:", "design:"])
    }

    @Test func nothingOutsideBlocksOrInStrings() {
        #expect(labels("1️⃣\nlabel A {}\n").isEmpty)
    }
}
