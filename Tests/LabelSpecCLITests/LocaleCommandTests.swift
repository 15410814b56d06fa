import Foundation
import JSON
import Testing

/// `--locale`, `--pseudo`, `measure --matrix` and the locale fields of `measure --format json`,
/// through the built binary (issue 12).
@Suite struct LocaleCommandTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "share" : { "localizations" : {
              "en" : { "stringUnit" : { "value" : "Share" } },
              "de" : { "stringUnit" : { "value" : "Mit Freunden teilen" } },
              "ja" : { "stringUnit" : { "value" : "友達と共有" } } } },
            "photos" : { "localizations" : {
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "value" : "%lld photo" } },
                "other" : { "stringUnit" : { "value" : "%lld photos" } } } } } } }
          }
        }
        """

    static let labels = """
        label Share {
            text: .localized("share")
            width: 120
        }
        label Photos {
            text: .localized("photos")
            arguments: [12]
            width: 100
        }

        """

    func project(configuration: String = #"{ "contentSizes": ["large", "accessibilityLarge"] }"#) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try Data(configuration.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try Data(Self.catalog.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data(Self.labels.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        return dir
    }

    /// The first line of each diagnostic and the summary.
    func lines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(" ") } }

    @Test func checkMeasuresEveryLocaleByDefault() throws {
        let result = try CLI.run(["check", "a.labelspec"], in: try project())
        #expect(result.status == 0)
        #expect(
            lines(result.stdout) == [
                #"a.labelspec:1:7: warning: truncates in de at .large: "Mit Freunden…" (120 pt: width 120; also ja at .accessibilityLarge; and 1 larger size) [truncates]"#,
                #"a.labelspec:5:7: warning: truncates in en (other) at .accessibilityLarge: "12 p…" (100 pt: width 100; also de and ja at .accessibilityLarge) [truncates]"#,
                "a.labelspec:6:5: hint: no de, ja translation of 'photos': iOS shows the en text there; add one [missing-translation]",
                "Checked 1 file: 0 errors, 2 warnings, 1 hint",
                CLI.withJapanese,
            ])
    }

    @Test func localeAndPseudoOptions() throws {
        let dir = try project()
        // The development language alone: today's wording (plural forms named).
        #expect(
            lines(try CLI.run(["check", "--locale", "en", "a.labelspec"], in: dir).stdout) == [
                #"a.labelspec:5:7: warning: truncates in the other form at .accessibilityLarge: "12 p…" (100 pt: width 100; also the one form at .accessibilityLarge) [truncates]"#,
                "Checked 1 file: 0 errors, 1 warning",
                String(CLI.standIn.dropLast()),
            ])
        #expect(
            lines(try CLI.run(["check", "--locale", "de,ja", "--pseudo", "double-length", "a.labelspec"], in: dir).stdout) == [
                #"a.labelspec:1:7: warning: truncates in de at .large: "Mit Freunden…" (120 pt: width 120; also ja and double-length at .accessibilityLarge; and 1 larger size) [truncates]"#,
                #"a.labelspec:5:7: warning: truncates in double-length (other) at .large: "12 photos…" (100 pt: width 100; also de and ja at .accessibilityLarge; and 1 larger size) [truncates]"#,
                "a.labelspec:6:5: hint: no de, ja translation of 'photos': iOS shows the en text there; add one [missing-translation]",
                "Checked 1 file: 0 errors, 2 warnings, 1 hint",
                CLI.withJapanese,
            ])
        // The options win over labelspec.json.
        let configured = try project(configuration: #"{ "locales": ["de"], "pseudoLocales": ["bounded"] }"#)
        #expect(
            lines(try CLI.run(["check", "a.labelspec"], in: configured).stdout) == [
                #"a.labelspec:1:7: warning: truncates in de at .large: "Mit Freunden…" (120 pt: width 120; and at 1 larger size) [truncates]"#,
                #"a.labelspec:5:7: warning: truncates in bounded (other) at .large: "[# 12 phot…" (100 pt: width 100; and at 1 larger size) [truncates]"#,
                "a.labelspec:6:5: hint: no de translation of 'photos': iOS shows the en text there; add one [missing-translation]",
                "Checked 1 file: 0 errors, 2 warnings, 1 hint",
                String(CLI.standIn.dropLast()),
            ])
        #expect(lines(try CLI.run(["check", "--locale", "all", "a.labelspec"], in: configured).stdout).count == 5)
        // Bad values: the parser's message, exit 2.
        let bad = try CLI.run(["check", "--pseudo", "huge", "a.labelspec"], in: dir)
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasPrefix(
                "Error: The value 'huge' is invalid for '--pseudo <pseudo>'. Please provide one of 'double-length', 'accented', 'bounded' or 'right-to-left'.\n"
            ))
        let locale = try CLI.run(["check", "--locale", "d e", "a.labelspec"], in: dir)
        #expect(locale.status == 2)
        #expect(locale.stderr.hasPrefix("Error: The value 'd e' is invalid for '--locale <locale>'\n"))
    }

    @Test func measureMatrix() throws {
        let result = try CLI.run(["measure", "--matrix", "a.labelspec"], in: try project())
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                a.labelspec:1: Share
                        .large     .accessibilityLarge
                en      fits       fits
                de      truncated  truncated
                ja      fits       truncated

                a.labelspec:5: Photos
                            .large  .accessibilityLarge
                en (one)    fits    truncated
                en (other)  fits    truncated
                de (one)    fits    truncated
                de (other)  fits    truncated
                ja (one)    fits    truncated
                ja (other)  fits    truncated

                """ + "\n" + CLI.withJapanese + "\n")
    }

    @Test func measureJSONNamesLocaleFormAndDevice() throws {
        let dir = try project()
        let rows = try #require(
            try JSONValue.parse(
                CLI.run(["measure", "--locale", "ja", "--format", "json", "--content-size", "large", "a.labelspec"], in: dir).stdout
            ).arrayValue)
        #expect(
            rows.map {
                "\($0["label"]?.stringValue ?? ""): \($0["locale"]?.stringValue ?? "-") \($0["pluralForm"]?.stringValue ?? "-") \($0["device"] == .null) \($0["lines"]?.arrayValue?.first?.stringValue ?? "")"
            } == [
                "Share: ja - true 友達と共有", "Photos: ja one true 1 photo", "Photos: ja other true 12 photos",
            ])
        // Without --locale: the rows of the development language as `check` lays it out (the
        // sample argument filled in, a row per plural form: issue 24), without a locale.
        let plain = try #require(
            try JSONValue.parse(CLI.run(["measure", "--format", "json", "--content-size", "large", "a.labelspec"], in: dir).stdout)
                .arrayValue)
        #expect(
            plain.map {
                "\($0["label"]?.stringValue ?? ""): \($0["locale"]?.stringValue == nil) \($0["pluralForm"]?.stringValue ?? "-") \($0["text"]?.stringValue ?? "")"
            } == [
                "Share: true - Share", "Photos: true one 1 photo", "Photos: true other 12 photos",
            ])
    }

    /// A text that is not localized, measured with `--locale he`: the same characters, laid out as
    /// an app running in Hebrew shows them (a neutral paragraph is right to left, `.natural` is
    /// right-aligned, the preview in visual order); without `--locale`, in the development language.
    @Test func literalTextIsLaidOutInTheLocaleAskedFor() throws {
        let dir = try CLI.temporaryDirectory()
        try Data("label Time {\n    text: \"12 — 30 ✓\"\n    width: 100\n}\n".utf8).write(to: dir.appendingPathComponent("t.labelspec"))
        let hebrew = try CLI.run(["measure", "--locale", "he", "--content-size", "large", "t.labelspec"], in: dir)
        #expect(
            hebrew.stdout.split(separator: "\n").prefix(3) == ["t.labelspec:1: Time in he at .large", "┌───────────┐", "│  ✓ 30 — 12│"])
        let plain = try CLI.run(["measure", "--content-size", "large", "t.labelspec"], in: dir)
        #expect(plain.stdout.split(separator: "\n").prefix(3) == ["t.labelspec:1: Time at .large", "┌───────────┐", "│12 — 30 ✓  │"])
        let rows = try #require(
            try JSONValue.parse(
                CLI.run(["measure", "--locale", "de,he", "--format", "json", "--content-size", "large", "t.labelspec"], in: dir).stdout
            ).arrayValue)
        #expect(rows.map { $0["locale"]?.stringValue ?? "-" } == ["de", "he"])
    }

    @Test func catalogProblemsAreReportedOnTheCatalog() throws {
        let dir = try project()
        try Data(
            #"{ "sourceLanguage" : "en", "strings" : { "share" : { "localizations" : { "de" : { "stringUnit" : { "value" : "%@" } } } }, "x" : 1 } }"#
                .utf8
        )
        .write(to: dir.appendingPathComponent("Other.xcstrings"))
        let result = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir)
        #expect(result.status == 1)
        let all = try #require(try JSONValue.parse(result.stdout).arrayValue)
        let found = all.filter { $0["file"] == .string("Other.xcstrings") }.map {
            "\($0["line"]?.intValue ?? 0):\($0["column"]?.intValue ?? 0) \($0["code"]?.stringValue ?? "") \($0["message"]?.stringValue ?? "")"
        }
        #expect(found == [#"1:130 invalid-catalog "x" must be an object, not a number"#])
    }
}
