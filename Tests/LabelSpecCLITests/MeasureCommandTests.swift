import Foundation
import JSON
import Testing

@Suite struct MeasureCommandTests {
    /// Kerning across a break opportunity with no space (two kana, as Core Text shapes the line
    /// whole): "ユーザー名とパスワードを入力して" is 271.15 pt at 17 pt, not 272, so it fits 271.5 pt.
    @Test func kanaKeepTheirKerningAcrossBreaks() throws {
        let dir = try CLI.folder([
            "k.labelspec":
                "label Kerned {\n    text: \"ユーザー名とパスワードを入力してください。\"\n    font: .body\n    width: 271.5\n    numberOfLines: 0\n}\n"
        ])
        let result = try CLI.run(["measure", "k.labelspec", "--locale", "ja", "--content-size", "large", "--format", "json"], in: dir)
        #expect(result.status == 0)
        let rows = try #require(try JSONValue.parse(result.stdout).arrayValue)
        let row = try #require(rows.first)
        #expect(row["lines"] == .array([.string("ユーザー名とパスワードを入力して"), .string("ください。")]))
        #expect(row["lineWidths"] == .array([.double(271.15), .double(85.00)]))
    }

    @Test func textPreviewOfATruncatedLabel() throws {
        let result = try CLI.run(["measure", "Examples/Mistakes.labelspec"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                """
                Examples/Mistakes.labelspec:104: MistakeTruncates at .large
                ┌──────────────────────┐
                │Alexandra Fitzgerald-…│
                └──────────────────────┘
                1 line · truncated · 17 pt · 180 × 22 pt
                contrast .label on .systemBackground (WCAG AA 4.5:1): light 21.00:1 · dark 21.00:1 · light, increased contrast 21.00:1 · dark, increased contrast 21.00:1

                """))
        #expect(
            result.stdout.contains(
                """
                contrast .tertiaryLabel on .systemBackground (WCAG AA 4.5:1): light 1.73:1 ✗ · dark 2.25:1 ✗ · light, increased contrast 2.03:1 ✗ · dark, increased contrast 2.98:1 ✗

                """))
    }

    /// `contrast` in JSON: the colours, WCAG AA's threshold for the font, a ratio per appearance.
    @Test func jsonContrast() throws {
        let result = try CLI.run(["measure", "--format", "json", "Examples/Mistakes.labelspec"])
        let rows = try #require(try JSONValue.parse(result.stdout).arrayValue)
        let row = try #require(rows.first { $0["label"] == .string("MistakeContrast") })
        #expect(
            row["contrast"]
                == .object([
                    ("text", .string(".tertiaryLabel")), ("background", .string(".systemBackground")), ("threshold", .double(4.5)),
                    ("light", .double(1.73)), ("dark", .double(2.25)), ("lightIncreasedContrast", .double(2.03)),
                    ("darkIncreasedContrast", .double(2.98)),
                ]))
        // A storyboard's labels: their colours as Interface Builder says them (a row per screen
        // for the two whose width follows the screen, one for the label of fixed width).
        let xib = try CLI.run(["measure", "--format", "json", "--content-size", "large", "Tests/Fixtures/InterfaceBuilder/ProfileCell.xib"])
        let xibRows = try #require(try JSONValue.parse(xib.stdout).arrayValue)
        #expect(
            xibRows.map { $0["contrast"]?["text"]?.stringValue ?? "" } == [
                ".label", ".label", ".label", ".secondaryLabel", ".secondaryLabel", ".secondaryLabel", ".link",
            ])
        #expect(
            xibRows.map { $0["contrast"]?["light"] ?? .null } == [
                .double(21), .double(21), .double(21), .double(3.43), .double(3.43), .double(3.43), .double(4.01),
            ])
        let custom = try #require(rows.first { $0["label"] == .string("MistakeCustom") })
        #expect(custom["contrast"]?["light"] == .double(4.54))
        #expect(custom["contrast"]?["dark"] == .double(4.62))
    }

    @Test func jsonHasOneObjectPerLabelAndCategory() throws {
        let result = try CLI.run(["measure", "--format", "json", "--content-size", "all", "Examples/Mistakes.labelspec"])
        #expect(result.status == 0)
        let rows = try #require(try JSONValue.parse(result.stdout).arrayValue)
        // Labels are told apart by their line: Mistakes declares one name twice on purpose.
        let labels = Set(rows.compactMap { $0["line"]?.intValue })
        #expect(labels.count == 20)
        // A row per size, on each screen for a label whose width follows the screen (those
        // without a width: measured at the margins of the three default screens).
        for line in labels {
            let group = rows.filter { $0["line"]?.intValue == line }
            let screens = Set(group.map { $0["screen"]?.stringValue ?? "" })
            #expect(group.count == 12 * screens.count, "line \(line)")
            #expect(screens == [""] || screens.count == 3, "line \(line)")
        }
        let truncated = rows.filter { $0["label"] == .string("MistakeTruncates") }
        #expect(
            truncated.map { $0["contentSize"]?.stringValue ?? "" } == [
                "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
                "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
                "accessibilityExtraExtraExtraLarge",
            ])
        let large = try #require(truncated.first { $0["contentSize"] == .string("large") })
        #expect(large["line"] == .int(104))
        #expect(large["fontSize"] == .double(17))
        #expect(large["scale"] == .double(1))
        #expect(large["lineCount"] == .int(1))
        #expect(large["lines"] == .array([.string("Alexandra Fitzgerald-…")]))
        #expect(large["truncated"] == .bool(true))
        #expect(large["clipped"] == .bool(false))
        #expect(large["width"] == .double(180))
        #expect(large["height"] == .double(22))
        #expect(truncated.last?["fontSize"] == .double(53))
    }

    @Test func checkAtEveryContentSize() throws {
        let result = try CLI.run(["check", "--format", "json", "--content-size", "all", "Examples/DesignSystem"])
        let rows = try #require(try JSONValue.parse(result.stdout).arrayValue)
        // The design system is clean at .large but some labels truncate at accessibility sizes.
        #expect(result.status == 0)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { ["truncates", "clipped", "near-limit"].contains($0["code"]?.stringValue ?? "") })
        #expect(rows.allSatisfy { ($0["message"]?.stringValue ?? "").contains(" at .") })
        #expect(try CLI.run(["check", "--content-size", "large", "Examples/DesignSystem"]).status == 0)
    }

    @Test func unknownContentSizeIsAUsageError() throws {
        let result = try CLI.run(["measure", "--content-size", "huge", "Examples/Mistakes.labelspec"])
        #expect(result.status == 2)
        // The valid names follow (NewcomerOptionsTests).
        #expect(
            result.stderr.contains(
                "Error: The value 'huge' is invalid for '--content-size <content-size>'. Please provide one of the following:\n"))
    }

    @Test func contentSizesAreNamedWithOrWithoutTheirDot() throws {
        let bare = try CLI.run(["measure", "--format", "json", "--content-size", "accessibilityLarge", "Examples/Mistakes.labelspec"])
        let dotted = try CLI.run(["measure", "--format", "json", "--content-size", ".accessibilityLarge", "Examples/Mistakes.labelspec"])
        #expect(bare.status == dotted.status && !bare.stdout.isEmpty && bare.stdout == dotted.stdout)
        #expect(bare.stdout.contains(#""contentSize": "accessibilityLarge""#))
    }

    @Test func unreadableSystemFontIsAConfigurationError() throws {
        let dir = try CLI.temporaryDirectory()
        try Data(#"{ "systemFont": "missing/SF-Pro.otf" }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try Data("label A { text: \"a\"; width: 100 }\n".utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        let result = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                labelspec.json:1:3: error: systemFont: cannot use the font file 'missing/SF-Pro.otf': no such file or directory; the default system font is used [invalid-configuration]
                    { "systemFont": "missing/SF-Pro.otf" }
                      ^~~~~~~~~~~~
                Checked 1 file: 1 error, 0 warnings

                """ + CLI.standIn)
        #expect(result.stderr == "")
    }

    @Test func localizedTextIsMeasuredFromTheCatalog() throws {
        let dir = try CLI.temporaryDirectory()
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let catalog =
            #"{ "sourceLanguage": "en", "version": "1.0", "strings": { "greeting": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Welcome back, Alexandra Fitzgerald-Montgomery" } } } } } }"#
        try Data(catalog.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data("label A { text: .localized(\"greeting\"); width: 180 }\n".utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        let result = try CLI.run(["measure", "--format", "json", "a.labelspec"], in: dir)
        let row = try #require(try JSONValue.parse(result.stdout).arrayValue?.first)
        #expect(row["lines"] == .array([.string("Welcome back, Alexa…")]))
    }

    @Test func theConfiguredSystemFontIsUsed() throws {
        // At 17 pt the name is 262 pt wide in Inter Regular and 282 pt in Inter Black: a 270 pt
        // label fits the default stand-in and truncates with the configured font.
        let dir = try CLI.temporaryDirectory()
        try Data("label A { text: \"Alexandra Fitzgerald-Montgomery\"; width: 270 }\n".utf8)
            .write(to: dir.appendingPathComponent("a.labelspec"))
        try Data(#"{ "contentSizes": ["large"] }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let inter = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir)
        #expect(inter.status == 0 && inter.stdout == "[\n]\n")
        try Data(#"{ "contentSizes": ["large"], "systemFont": "/usr/share/fonts/opentype/inter/Inter-Black.otf" }"#.utf8)
            .write(to: dir.appendingPathComponent("labelspec.json"))
        let black = try JSONValue.parse(try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir).stdout)
        #expect(black.arrayValue?.map { $0["code"] } == [.string("truncates")])
    }

    /// A SwiftUI label is measured with SwiftUI's defaults: as many lines as needed; a UILabel
    /// with the same text and width gets one line and truncates (issue 14).
    @Test func swiftUILabelsWrapWithoutALimit() throws {
        let dir = try CLI.temporaryDirectory()
        try Data(
            """
            label SwiftUIText { text: "Share with your friends and family"; framework: .swiftUI; width: 120 }
            label UIKitLabel { text: "Share with your friends and family"; width: 120 }

            """.utf8
        ).write(to: dir.appendingPathComponent("a.labelspec"))
        let rows = try #require(
            try JSONValue.parse(CLI.run(["measure", "--format", "json", "--content-size", "large", "a.labelspec"], in: dir).stdout)
                .arrayValue)
        #expect(
            rows.map {
                "\($0["label"]?.stringValue ?? ""): \($0["lineCount"]?.intValue ?? -1) \($0["truncated"] == .bool(true)) \($0["numberOfLines"]?.intValue ?? -1)"
            } == [
                "SwiftUIText: 3 false 0", "UIKitLabel: 1 true 1",
            ])
    }
}
