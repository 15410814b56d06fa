import Foundation
import Testing

/// Issue 33: a locale asked for that no string table has (`--locale xx`, `"locales": ["xx"]`)
/// has no text: it is not measured as itself. The development language is measured once for
/// it and named so, `en (no xx table)`; no row, message or note claims an xx text.
@Suite struct AbsentLocaleCLITests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Welcome to the application settings page" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen auf der Einstellungsseite der Anwendung" } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    func project() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try Data(Self.catalog.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data(
            """
            label Greeting {
                text: .localized("greeting")
                width: 120
            }
            label Plain {
                text: "A literal text that is far too long for the label"
                width: 100
            }

            """.utf8
        ).write(to: dir.appendingPathComponent("a.labelspec"))
        return dir
    }

    @Test func checkNamesTheDevelopmentLanguageForALocaleNoTableHas() throws {
        let dir = try project()
        let r = try CLI.run(["check", "a.labelspec", "--locale", "xx"], in: dir)
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                a.labelspec:1:7: warning: truncates in en (no xx table) at .large: "Welcome to t…" (120 pt: width 120; and at 1 larger size) [truncates]
                    label Greeting {
                          ^~~~~~~~
                    note: the en text in the catalog at Localizable.xcstrings:4:5
                a.labelspec:2:5: hint: no xx translation of 'greeting': iOS shows the en text there; add one [missing-translation]
                        text: .localized("greeting")
                        ^~~~
                a.labelspec:5:7: warning: truncates in en (no xx table) at .large: "A literal tex…" (100 pt: width 100; and at 1 larger size) [truncates]
                    label Plain {
                          ^~~~~
                Checked 1 file: 0 errors, 2 warnings, 1 hint

                """ + CLI.standIn)
        #expect(
            r.stderr
                == "labelspec: warning: no string table has the locale 'xx' (they have de, en); it is not measured: the development language stands for it, as 'en (no xx table)'\n"
        )
        // Beside a locale a table has: that one measured as itself, xx still as en, once.
        let mixed = try CLI.run(["check", "a.labelspec", "--locale", "xx,de,yy"], in: dir)
        #expect(
            mixed.stdout.hasPrefix(
                """
                a.labelspec:1:7: warning: truncates in de at .large: "Willkommen a…" (120 pt: width 120; also en (no xx or yy table) at .large; and 1 larger size) [truncates]
                    label Greeting {
                          ^~~~~~~~
                    note: the de text in the catalog at Localizable.xcstrings:4:5
                a.labelspec:2:5: hint: no xx, yy translation of 'greeting': iOS shows the en text there; add one [missing-translation]

                """))
        #expect(
            mixed.stdout.contains(
                """

                a.labelspec:5:7: warning: truncates in en (no xx or yy table) at .large: "A literal tex…" (100 pt: width 100; also de at .large; and 1 larger size) [truncates]

                """))
        // With the development language asked for too, its own row covers xx.
        let withSource = try CLI.run(["check", "a.labelspec", "--locale", "xx,en"], in: dir)
        #expect(
            withSource.stdout.hasPrefix(
                #"a.labelspec:1:7: warning: truncates in en at .large: "Welcome to t…" (120 pt: width 120; and at 1 larger size) [truncates]"#
            ))
        #expect(!withSource.stdout.contains("in xx") && !withSource.stdout.contains("(no xx") && !withSource.stdout.contains("xx text"))
        // The machine formats say the same: no message, related note or rule result of xx text.
        for format in ["json", "sarif"] {
            let m = try CLI.run(["check", "a.labelspec", "--locale", "xx", "--format", format], in: dir)
            #expect(m.stdout.contains("truncates in en (no xx table) at .large"), "\(format)")
            #expect(!m.stdout.contains("in xx"), "\(format)")
            #expect(!m.stdout.contains("xx text"), "\(format)")
            #expect(m.stdout.contains("the en text in the catalog"), "\(format)")
        }
        // labelspec.json's `locales` (the server's setting too) read the same way.
        try Data(#"{ "locales": ["xx"] }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let configured = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(
            configured.stdout.hasPrefix(
                """
                a.labelspec:1:7: warning: truncates in en (no xx table) at .large: "Welcome to t…" (120 pt: width 120; and at 1 larger size) [truncates]
                    label Greeting {
                          ^~~~~~~~
                    note: the en text in the catalog at Localizable.xcstrings:4:5

                """))
        // The key has no xx translation: the hint still says so (it names no xx text).
        #expect(
            configured.stdout.contains("hint: no xx translation of 'greeting': iOS shows the en text there; add one [missing-translation]"))
    }

    /// Issue 35: a locale asked for falls back as iOS's bundle lookup does (`de-AT` → `de`): it
    /// is measured with the `de` text, named `de` (the locale whose text is shown), and is no
    /// absent locale (nothing said). On the base code it was "en (no de-AT table)", with a warning.
    @Test func aRegionFallsBackToItsLanguage() throws {
        let dir = try project()
        let r = try CLI.run(["check", "a.labelspec", "--locale", "de-AT"], in: dir)
        #expect(
            r.stdout == """
                a.labelspec:1:7: warning: truncates in de at .large: "Willkommen a…" (120 pt: width 120; and at 1 larger size) [truncates]
                    label Greeting {
                          ^~~~~~~~
                    note: the de text in the catalog at Localizable.xcstrings:4:5
                a.labelspec:5:7: warning: truncates in de at .large: "A literal tex…" (100 pt: width 100; and at 1 larger size) [truncates]
                    label Plain {
                          ^~~~~
                Checked 1 file: 0 errors, 2 warnings

                """ + CLI.standIn)
        #expect(r.stderr == "")
        // Beside a locale that resolves to nothing: only that one is said, and stood for by en.
        let mixed = try CLI.run(["check", "a.labelspec", "--locale", "de-AT,xx"], in: dir)
        #expect(
            mixed.stderr
                == "labelspec: warning: no string table has the locale 'xx' (they have de, en); it is not measured: the development language stands for it, as 'en (no xx table)'\n"
        )
        #expect(
            mixed.stdout.hasPrefix(
                #"a.labelspec:1:7: warning: truncates in de at .large: "Willkommen a…" (120 pt: width 120; also en (no xx table) at .large; and 1 larger size) [truncates]"#
            ))
        #expect(mixed.stdout.contains("hint: no xx translation of 'greeting': iOS shows the en text there; add one [missing-translation]"))
        #expect(!mixed.stdout.contains("de-AT"))
    }

    @Test func measureRowsAreTheDevelopmentLanguage() throws {
        let dir = try project()
        let text = try CLI.run(["measure", "a.labelspec", "--locale", "xx", "--content-size", "L"], in: dir)
        #expect(text.stdout.hasPrefix("a.labelspec:1: Greeting in en (no xx table) at .large\n"))
        #expect(text.stdout.contains("a.labelspec:5: Plain in en (no xx table) at .large\n"))
        let matrix = try CLI.run(["measure", "a.labelspec", "--locale", "xx", "--content-size", "L", "--matrix"], in: dir)
        #expect(
            matrix.stdout == """
                a.labelspec:1: Greeting
                                  .large
                en (no xx table)  truncated

                a.labelspec:5: Plain
                                  .large
                en (no xx table)  truncated

                """ + "\n" + CLI.standInText)
        let json = try CLI.run(["measure", "a.labelspec", "--locale", "xx", "--content-size", "L", "--format", "json"], in: dir)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["label"] as? String } == ["Greeting", "Plain"])
        #expect(rows.map { $0["locale"] as? String } == ["en", "en"])
        #expect(
            rows.map { $0["text"] as? String } == [
                "Welcome to the application settings page", "A literal text that is far too long for the label",
            ])
    }
}
