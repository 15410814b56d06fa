import Foundation
import JSON
import Testing

/// Issue 38, points 1 and 2: `labelspec budgets` says the room of every key a label shows, and
/// writes it into an exported `.xcloc` as notes (and `maxwidth`, `weblate-flags`), every other
/// byte kept; `--strip` gives the file back.
@Suite struct BudgetsCommandTests {
    static var exportURL: URL { ReturnedTranslationsTests.exportURL }

    @Test func theBudgetOfEachKeyInWords() throws {
        let r = try CLI.run(["budgets", "App"], in: Self.exportURL)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == #"""
                Localizable "Save"
                  shown by SaveButton at App/Store.labelspec:2
                  en: "Save"
                  Fits 90 pt × 1 line, SF Pro Text Regular 17 pt (.body at .large); English uses 42 % and fits up to .accessibilityExtraLarge; about 11 characters in German, 12 in French (estimates).
                Localizable "Delete all"
                  shown by DeleteButton at App/Store.labelspec:8
                  en: "Delete all"
                  Fits 120 pt × 1 line, SF Pro Text Regular 17 pt (.body at .large); English uses 58 % and fits up to .accessibilityMedium; about 14 characters in German, 16 in French (estimates).
                Localizable "%lld photos|==|plural.one"
                  shown by PhotoCount at App/Store.labelspec:14
                  en: "1 photo"
                  Fits 80 pt × 1 line, SF Pro Text Regular 13 pt (.footnote at .large); English uses 56 % and fits up to .accessibilityMedium; about 12 characters in German, 13 in French (estimates).
                Localizable "%lld photos|==|plural.other"
                  shown by PhotoCount at App/Store.labelspec:14
                  en: "3 photos"
                  Fits 80 pt × 1 line, SF Pro Text Regular 13 pt (.footnote at .large); English uses 67 % and fits up to .extraExtraExtraLarge; about 12 characters in German, 13 in French (estimates).
                Localizable "Welcome"
                  shown by Greeting at App/Store.labelspec:21
                  en: "Welcome"
                  Fits 200 pt × 1 line, SF Pro Display Regular 28 pt (.title1 at .large); English uses 57 % and fits up to .accessibilityExtraLarge; about 15 characters in German, 16 in French (estimates).
                5 keys with a budget (character counts are estimates from the fonts' advances)

                """#)
    }

    /// The estimates follow the fonts' advances: a wider label has room for more characters,
    /// a larger font for fewer, and a key shown by two labels gets the tighter one's budget.
    @Test func aSharedKeyGetsTheTightestBudgetAndNamesTheLabelThatSetIt() throws {
        let folder = try CLI.folder([
            "Localizable.xcstrings":
                #"{"sourceLanguage": "en", "version": "1.0", "strings": {"Save": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Sichern"}}}}}}"#,
            "A.labelspec":
                "label Wide {\n    text: .localized(\"Save\")\n    width: 200\n}\nlabel Narrow {\n    text: .localized(\"Save\")\n    width: 60\n    font: .headline\n}\n",
        ])
        let r = try CLI.run(["budgets", ".", "--format", "json"], in: folder)
        let rows = try #require(try JSONValue.parse(r.stdout).arrayValue)
        #expect(rows.count == 1)
        #expect(rows[0]["labels"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Wide", "Narrow"])
        #expect(rows[0]["setBy"]?["name"]?.stringValue == "Narrow")
        #expect(rows[0]["budget"]?["width"] == .double(60))
        #expect(rows[0]["budget"]?["font"]?.stringValue == "SF Pro Text Semibold 17 pt")
        let narrow = try #require(rows[0]["estimates"]?["de"]?["characters"]?.intValue)
        #expect(narrow > 4 && narrow < 12, "\(narrow)")
    }

    @Test func csvIsWhatPlatformsImport() throws {
        let r = try CLI.run(["budgets", "App", "--format", "csv", "--locale", "de"], in: Self.exportURL)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "key,source,description,max_characters")
        #expect(
            lines.contains(
                #"Save,Save,"Fits 90 pt × 1 line, SF Pro Text Regular 17 pt (.body at .large); English uses 42 % and fits up to .accessibilityExtraLarge; about 11 characters in German (estimate).",11"#
            ))
        #expect(lines.contains { $0.hasPrefix("%lld photos|==|plural.other,3 photos,") && $0.hasSuffix(",12") })
        // Commas and quotes are quoted; a value a spreadsheet would run is kept as text.
        let folder = try CLI.folder([
            "Localizable.xcstrings": #"{"sourceLanguage": "en", "version": "1.0", "strings": {"=SUM(A1)": {}, "Hi, \"you\"": {}}}"#,
            "A.labelspec":
                "label A {\n    text: .localized(\"=SUM(A1)\")\n    width: 100\n}\nlabel B {\n    text: .localized(\"Hi, \\\"you\\\"\")\n    width: 100\n}\n",
        ])
        let quoted = try CLI.run(["budgets", ".", "--format", "csv"], in: folder).stdout.split(separator: "\n").map(String.init)
        #expect(quoted.dropFirst().map { $0.prefix(24) } == ["=SUM(A1),'=SUM(A1),\"Fits", #""Hi, ""you""","Hi, ""you"#])
    }

    /// Weblate's flags are made of the face in parts, not read back from its name: with Bold
    /// Text, the size and weight of the face it draws (the review of issue 39 found
    /// `font-size:Bold` from "… 17 pt with Bold Text").
    @Test func weblateFlagsWithBoldText() throws {
        let folder = try CLI.temporaryDirectory()
        for name in ["App", "de.xcloc"] {
            try FileManager.default.copyItem(at: Self.exportURL.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try Data(#"{"locales": ["en", "de", "fr"], "contentSizes": ["large"], "boldText": "both"}"#.utf8).write(
            to: folder.appendingPathComponent("App/labelspec.json"))
        let r = try CLI.run(["budgets", "App", "--xcloc", "de.xcloc", "--weblate"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        let annotated = try String(
            decoding: Data(contentsOf: folder.appendingPathComponent("de.xcloc/Localized Contents/de.xliff")), as: UTF8.self)
        #expect(annotated.contains(#"weblate-flags="max-size:90:1, font-family:Inter, font-size:17, font-weight:bold""#), "\(annotated)")
        #expect(annotated.contains("SF Pro Text Semibold 17 pt with Bold Text (.body at .large)"))
    }

    @Test func annotatingAnXclocIsReversibleAndIdempotent() throws {
        let folder = try CLI.temporaryDirectory()
        for name in ["App", "de.xcloc"] {
            try FileManager.default.copyItem(at: Self.exportURL.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let xliff = folder.appendingPathComponent("de.xcloc/Localized Contents/de.xliff")
        let original = try Data(contentsOf: xliff)
        let once = try CLI.run(["budgets", "App", "--xcloc", "de.xcloc", "--maxwidth", "--weblate"], in: folder)
        #expect(once.status == 0, "\(once.stderr)")
        #expect(once.stdout == "de.xcloc/Localized Contents/de.xliff: budgets for 5 of 6 units (de); 1 shown by no label checked\n")
        let annotated = try String(decoding: Data(contentsOf: xliff), as: UTF8.self)
        #expect(
            annotated.contains(
                #"""
                      <trans-unit id="Save" xml:space="preserve" maxwidth="11" size-unit="char" weblate-flags="max-size:90:1, font-family:Inter, font-size:17, font-weight:normal">
                        <source>Save</source>
                        <target state="translated">Speichern und schließen</target>
                        <note>Toolbar button</note>
                        <note from="labelspec">Fits 90 pt × 1 line, SF Pro Text Regular 17 pt (.body at .large); English uses 42 % and fits up to .accessibilityExtraLarge; about 11 characters in German (estimate). [LabelSpec set maxwidth, size-unit, weblate-flags]</note>
                      </trans-unit>
                """#))
        // The unit no label shows is as it was.
        #expect(annotated.contains("<trans-unit id=\"CFBundleDisplayName\" xml:space=\"preserve\">\n        <source>Store</source>"))
        let twice = try CLI.run(["budgets", "App", "--xcloc", "de.xcloc", "--maxwidth", "--weblate"], in: folder)
        #expect(twice.stdout.hasSuffix("; unchanged\n"))
        let strip = try CLI.run(["budgets", "--xcloc", "de.xcloc", "--strip", "App"], in: folder)
        #expect(strip.stdout == "de.xcloc/Localized Contents/de.xliff: removed the budgets of 5 units\n")
        #expect(try Data(contentsOf: xliff) == original)
        // A check of the annotated file says the same as of the original.
        _ = try CLI.run(["budgets", "App", "--xcloc", "de.xcloc"], in: folder)
        let checked = try CLI.run(["check", "App", "de.xcloc", "--format", "json"], in: folder)
        let plain = try CLI.run(["check", "App", "\(Self.exportURL.path)/de.xcloc", "--format", "json"], in: folder)
        func messages(_ s: String) throws -> [String] {
            try (JSONValue.parse(s).arrayValue ?? []).compactMap { $0["message"]?.stringValue }
        }
        #expect(try messages(checked.stdout) == (try messages(plain.stdout)))
    }

    @Test func whatCannotBeAnnotatedIsSaid() throws {
        let folder = try CLI.folder(["A.labelspec": "label A {\n    text: \"a\"\n}\n", "bad.xliff": "<xliff"])
        let r = try CLI.run(["budgets", ".", "--xcloc", "bad.xliff"], in: folder)
        #expect(r.status == 2)
        #expect(
            r.stderr.contains(
                "cannot annotate 'bad.xliff': Xcode cannot import this file: <xliff> is not closed (run 'labelspec check' on it)"))
        let usage = try CLI.run(["budgets", ".", "--strip"], in: folder)
        #expect(usage.status == 64 || usage.status == 2)
        #expect(usage.stderr.contains("--maxwidth, --weblate and --strip apply with --xcloc"))
    }

    /// An export for a language the project has no translation in yet is estimated with a
    /// sentence of that language; a unit's own `maxwidth` (pixels, without `size-unit`) is kept,
    /// and no `size-unit` added to it.
    @Test func aNewLanguageIsEstimatedAndAUnitsOwnLimitIsKept() throws {
        let folder = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(at: Self.exportURL.appendingPathComponent("App"), to: folder.appendingPathComponent("App"))
        try CLI.folder(
            [
                "ja.xliff": #"""
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                  <file original="App/Localizable.xcstrings" source-language="en" target-language="ja" datatype="plaintext">
                    <body>
                      <trans-unit id="Delete all" xml:space="preserve">
                        <source>Delete all</source>
                        <note/>
                      </trans-unit>
                      <trans-unit id="Save" xml:space="preserve" maxwidth="90">
                        <source>Save</source>
                        <note/>
                      </trans-unit>
                    </body>
                  </file>
                </xliff>

                """#
            ], in: folder)
        let r = try CLI.run(["budgets", "App", "--xcloc", "ja.xliff", "--maxwidth"], in: folder)
        #expect(r.stdout == "ja.xliff: budgets for 2 of 2 units (ja); 1 kept their own maxwidth or weblate-flags\n", "\(r.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("ja.xliff"), encoding: .utf8)
        #expect(text.contains(#"<trans-unit id="Save" xml:space="preserve" maxwidth="90">"#))
        #expect(text.contains(#"<trans-unit id="Delete all" xml:space="preserve" maxwidth="#))
        #expect(text.contains("characters in Japanese (estimate). [LabelSpec set maxwidth, size-unit]</note>"))
        #expect(text.contains("characters in Japanese (estimate).</note>"))
    }

    /// A format's sample arguments are said with its text.
    @Test func theSampleArgumentsAreSaid() throws {
        let folder = try CLI.folder([
            "Localizable.xcstrings": #"{"sourceLanguage": "en", "version": "1.0", "strings": {"%@ of %@ used": {}}}"#,
            "A.labelspec":
                "label Storage {\n    text: .localized(\"%@ of %@ used\")\n    arguments: [\"12 GB\", \"64 GB\"]\n    width: 200\n}\n",
        ])
        let rows = try #require(try JSONValue.parse(try CLI.run(["budgets", ".", "--format", "json"], in: folder).stdout).arrayValue)
        #expect(rows.first?["source"]?["text"]?.stringValue == "12 GB of 64 GB used")
        #expect(rows.first?["source"]?["arguments"]?.arrayValue?.compactMap(\.stringValue) == ["12 GB", "64 GB"])
        let text = try CLI.run(["budgets", "."], in: folder).stdout
        #expect(text.contains(#"  en: "12 GB of 64 GB used" (arguments: "12 GB", "64 GB")"#))
    }
}
