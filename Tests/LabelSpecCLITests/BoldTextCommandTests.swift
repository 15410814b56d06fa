import Foundation
import JSON
import Testing

/// Issue 39, point 2: iOS's Bold Text as an axis: `boldText` in labelspec.json and
/// `--bold-text`, findings and rows that say it, and custom fonts left as they are.
@Suite struct BoldTextCommandTests {
    /// A title that fits at 200 pt in regular (196.4 pt) and not in semibold (202.1 pt), a German
    /// headline that truncates either way, and a custom font (Inter, without the system font's
    /// tracking: it truncates at 200 pt), which Bold Text leaves alone.
    static let files = [
        "labelspec.json": #"{"contentSizes": ["large"]}"#,
        "a.labelspec": """
        label Title {
            text: "Notifications and Settings"
            width: 200
        }

        label Localized {
            text: .localized("title")
            font: .headline
            width: 120
        }

        label Custom {
            text: "Notifications and Settings"
            font: .custom("Inter", size: 17, relativeTo: .body)
            width: 200
        }

        """,
        "Localizable.xcstrings": #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Mail settings"}}, "de": {"stringUnit": {"state": "translated", "value": "E-Mail-Optionen"}}}}}}
        """#,
    ]

    func warnings(_ arguments: [String], config: String? = nil) throws -> [String] {
        var files = Self.files
        if let config { files["labelspec.json"] = config }
        let r = try CLI.run(["check", "a.labelspec"] + arguments, in: try CLI.folder(files))
        return r.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
    }

    @Test func findingsSayBoldText() throws {
        let custom = #"a.labelspec:12:7: warning: truncates at .large: "Notifications and Setti…" (200 pt: width 200) [truncates]"#
        #expect(
            try warnings([]) == [
                #"a.labelspec:6:7: warning: truncates in de at .large: "E-Mail-Optio…" (120 pt: width 120) [truncates]"#, custom,
            ])
        let on = [
            #"a.labelspec:1:7: warning: truncates with Bold Text at .large: "Notifications and Settin…" (200 pt: width 200) [truncates]"#,
            #"a.labelspec:6:7: warning: truncates with Bold Text in de at .large: "E-Mail-Optio…" (120 pt: width 120) [truncates]"#, custom,
        ]
        #expect(try warnings(["--bold-text"]) == on)
        #expect(try warnings([], config: #"{"contentSizes": ["large"], "boldText": true}"#) == on)
        #expect(try warnings(["--bold-text", "off"], config: #"{"contentSizes": ["large"], "boldText": true}"#).count == 2)
        // Both: what fails without Bold Text is said as before; what fails only with it, with it.
        #expect(
            try warnings(["--bold-text", "both"]) == [
                #"a.labelspec:1:7: warning: truncates with Bold Text at .large: "Notifications and Settin…" (200 pt: width 200) [truncates]"#,
                #"a.labelspec:6:7: warning: truncates in de at .large: "E-Mail-Optio…" (120 pt: width 120) [truncates]"#, custom,
            ])
    }

    @Test func jsonFindingsSayBoldText() throws {
        let r = try CLI.run(["check", "a.labelspec", "--bold-text", "--format", "json"], in: try CLI.folder(Self.files))
        let found = try #require(try JSONValue.parse(r.stdout).arrayValue)
        #expect(found.map { $0["boldText"] == .bool(true) } == [true, true, false])
    }

    @Test func aBadValueIsSaid() throws {
        let r = try CLI.run(
            ["check", "a.labelspec"], in: try CLI.folder(Self.files.merging(["labelspec.json": #"{"boldText": "yes"}"#]) { $1 }))
        #expect(r.stdout.hasPrefix(#"labelspec.json:1:2: error: 'boldText' must be false, true or "both" [invalid-configuration]"#))
    }

    /// `measure --matrix` (issue 39, point 3): with Bold Text measured besides, a column beside
    /// each size's; with sizes as rows, beside each locale's; a custom font has none.
    @Test func matrixHasABoldTextColumn() throws {
        let folder = try CLI.folder(Self.files)
        let r = try CLI.run(["measure", "a.labelspec", "--matrix", "--bold-text", "both"], in: folder)
        #expect(
            r.stdout.hasPrefix(
                """
                a.labelspec:1: Title
                        .large  .large (Bold Text)
                text    fits    truncated

                a.labelspec:6: Localized
                        .large     .large (Bold Text)
                en      fits       fits
                de      truncated  truncated

                a.labelspec:12: Custom
                        .large
                text    truncated

                """))
        let rows = try CLI.run(
            ["measure", "a.labelspec", "--matrix", "--bold-text", "both", "--content-size", "large,xS,S,M,AX5"], in: folder)
        #expect(
            rows.stdout.contains(
                """
                a.labelspec:6: Localized
                        en         en (Bold Text)  de         de (Bold Text)
                L       fits       fits            truncated  truncated
                xS      fits       fits            fits       fits
                S       fits       fits            fits       truncated

                """))
    }

    /// `budgets` with Bold Text measured besides: one label, the budget of the Bold Text pass
    /// (the tighter), its face named as iOS draws it then (the adversarial pass found the label
    /// twice and the plain pass chosen).
    @Test func budgetsTakeTheBoldTextPass() throws {
        var files = Self.files
        files["labelspec.json"] = #"{"contentSizes": ["large"], "boldText": "both"}"#
        let r = try CLI.run(["budgets", "a.labelspec"], in: try CLI.folder(files))
        #expect(
            r.stdout.hasPrefix(
                """
                Localizable "title"
                  shown by Localized at a.labelspec:6
                  en: "Mail settings"
                  Fits 120 pt × 1 line, SF Pro Text Heavy 17 pt with Bold Text (.headline at .large); English uses 86 % and fits up to .extraLarge;
                """), "\(r.stdout)")
        let plain = try CLI.run(["budgets", "a.labelspec"], in: try CLI.folder(Self.files))
        #expect(plain.stdout.contains("SF Pro Text Semibold 17 pt (.headline at .large); English uses 83 %"))
    }

    /// `measure` rows: a row with Bold Text per text, `"boldText": true` in JSON; a custom font's
    /// only row is as it is.
    @Test func rowsSayBoldText() throws {
        let r = try CLI.run(["measure", "a.labelspec", "--bold-text", "both", "--format", "json"], in: try CLI.folder(Self.files))
        let rows = try #require(try JSONValue.parse(r.stdout).arrayValue)
        #expect(
            rows.map { "\($0["label"]?.stringValue ?? "") \($0["boldText"] == .bool(true)) \($0["truncated"] == .bool(true))" } == [
                "Title false false", "Title true true", "Localized false false", "Localized true false", "Custom false true",
            ])
        // Wider by the semibold face's own advances (the headline: semibold to heavy).
        let widths = rows.compactMap { $0["lineWidths"]?.arrayValue?.first?.doubleValue }
        #expect(widths[3] > widths[2] * 1.02, "\(widths)")
    }
}
