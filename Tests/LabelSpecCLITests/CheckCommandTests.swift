import Foundation
import JSON
import Testing

@Suite struct CheckCommandTests {
    /// Every code Mistakes.labelspec shows, at its line and column (1-based).
    static let expectedMistakes: [(Int, Int, String)] = [
        (6, 9, "syntax"), (11, 11, "syntax"),
        (17, 5, "unknown-property"), (23, 20, "type-mismatch"), (24, 20, "type-mismatch"), (30, 5, "duplicate"),
        (34, 7, "duplicate"), (39, 22, "unknown-style"), (43, 21, "style-cycle"),
        (51, 25, "invalid-scale-factor"), (59, 5, "wrap-autoshrink-conflict"), (66, 5, "no-effect"),
        (67, 5, "no-effect"), (74, 5, "deprecated"), (75, 5, "deprecated"), (82, 29, "style-after-eraser"),
        (87, 5, "missing-localization"), (91, 7, "missing-text"), (92, 12, "invalid-number"),
        (93, 20, "invalid-number"), (97, 7, "custom-font"), (100, 16, "custom-color"), (104, 7, "truncates"),
        (110, 7, "clipped"), (120, 5, "wrong-framework"), (126, 11, "fixed-size-font"), (132, 16, "low-contrast"),
    ]

    @Test func mistakesInJSON() throws {
        let result = try CLI.run(["check", "--format", "json", "Examples/Mistakes.labelspec"])
        #expect(result.status == 1)
        let json = try JSONValue.parse(result.stdout)
        let items = try #require(json.arrayValue)
        let actual = items.map { ($0["line"]!.intValue!, $0["column"]!.intValue!, $0["code"]!.stringValue!) }
        #expect(actual.map { "\($0.0):\($0.1) \($0.2)" } == Self.expectedMistakes.map { "\($0.0):\($0.1) \($0.2)" })
        let first = try #require(items.first)
        #expect(first["file"] == .string("Examples/Mistakes.labelspec"))
        #expect(first["endLine"] == .int(6))
        #expect(first["endColumn"] == .int(9))
        #expect(first["severity"] == .string("error"))
        #expect(first["message"] == .string("expected ':' after the property name"))
    }

    @Test func mistakesInText() throws {
        let result = try CLI.run(["check", "Examples/Mistakes.labelspec"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Examples/Mistakes.labelspec:6:9: error: expected ':' after the property name [syntax]")
        #expect(lines[1] == "        text \"Missing colon\"")
        #expect(lines[2] == "            ^")
        #expect(
            lines.contains("Examples/Mistakes.labelspec:17:5: error: unknown property 'widht'; did you mean 'width'? [unknown-property]"))
        #expect(
            lines.contains(
                "Examples/Mistakes.labelspec:104:7: warning: truncates at .large: \"Alexandra Fitzgerald-…\" (180 pt: width 180) [truncates]"
            ))
        // (A family not installed, Avenir Next, is measured with the system font's stand-in.)
        #expect(
            result.stdout.hasSuffix(
                "Checked 1 file: 11 errors, 15 warnings, 1 hint\n"
                    + #"Measured with stand-ins: Inter for SF Pro; Inter for Avenir Next (their error: docs/measurement.md, "Stand-ins")"#
                    + "\n"))
    }

    @Test func mistakesInGitHubFormat() throws {
        let result = try CLI.run(["check", "--format", "github", "Examples/Mistakes.labelspec"])
        #expect(result.status == 1)
        var lines = result.stdout.split(separator: "\n").map(String.init)
        // The run's stand-in notice last, once.
        #expect(
            lines.removeLast()
                == #"::notice title=LabelSpec%3A stand-in fonts::Measured with stand-ins: Inter for SF Pro; Inter for Avenir Next (their error: docs/measurement.md, "Stand-ins")"#
        )
        #expect(lines.count == Self.expectedMistakes.count)
        #expect(
            lines[2]
                == "::error file=Examples/Mistakes.labelspec,line=17,col=5,endLine=17,endColumn=10,title=unknown-property::unknown property 'widht'; did you mean 'width'?"
        )
        #expect(
            lines.last!
                == "::warning file=Examples/Mistakes.labelspec,line=132,col=16,endLine=132,endColumn=30,title=low-contrast::contrast 1.73:1 of .tertiaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (2.03:1), dark mode (2.25:1) and dark mode with Increase Contrast (2.98:1); Apple's colours, below WCAG AA by design: use .label for text that must be read, or accept them with \"severity\": {\"low-contrast\": \"information\"} in labelspec.json"
        )
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 15)
    }

    @Test func mistakesInSARIF() throws {
        let result = try CLI.run(["check", "--format", "sarif", "Examples/Mistakes.labelspec"])
        #expect(result.status == 1)
        let log = try JSONValue.parse(result.stdout)
        #expect(log["version"] == .string("2.1.0"))
        let run = try #require(log["runs"]?.arrayValue?.first)
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
        #expect(rules.count == 33)  // the whole catalogue
        let ruleIDs: [String] = rules.compactMap { $0["id"]?.stringValue }
        #expect(ruleIDs.contains("wrap-autoshrink-conflict"))
        let results = try #require(run["results"]?.arrayValue)
        #expect(results.count == Self.expectedMistakes.count)
        let codes = Set(results.compactMap { $0["ruleId"]?.stringValue })
        // Every code of the catalogue is shown but invalid-utf8 (the example itself is UTF-8),
        // invalid-ignore (no labelspec:ignore comment), invalid-configuration (no labelspec.json
        // problem), missing-glyph (the fallback fonts draw every character of the example) and
        // invalid-interface-builder (about .xib and .storyboard files).
        #expect(codes.count == 21)
        #expect(!codes.contains("invalid-utf8"))
        let region = results[0]["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]
        #expect(region?["startLine"] == .int(6))
        #expect(region?["startColumn"] == .int(9))
    }

    @Test func cleanExamplesExitZero() throws {
        let result = try CLI.run(["check", "Examples/DesignSystem"])
        #expect(result.status == 0)
        // The design system's labels in Japanese, Thai and Hebrew: fallback fonts stand in too.
        #expect(
            result.stdout
                == "Checked 8 files: 0 errors, 0 warnings\n"
                + #"Measured with stand-ins: Inter and Inter Display for SF Pro; DejaVu Sans, Noto Sans CJK JP and Noto Sans Thai for iOS's font for this script (their error: docs/measurement.md, "Stand-ins")"#
                + "\n")
    }

    @Test func missingPathExitsTwoNamingIt() throws {
        let result = try CLI.run(["check", "does/not/exist.labelspec"])
        #expect(result.status == 2)
        #expect(result.stderr == "labelspec: cannot read 'does/not/exist.labelspec': no such file or directory\n")
    }

    @Test func unknownFormatIsAUsageError() throws {
        let result = try CLI.run(["check", "--format", "xml", "Examples/Mistakes.labelspec"])
        #expect(result.status == 2)
        // The argument parser refuses it (an `ExpressibleByArgument` enum); its help line names the values.
        #expect(result.stderr.contains("Error: The value 'xml' is invalid for '--format <format>'\n"))
        #expect(result.stderr.contains("Help:  --format <format>  Output format: text, json, github or sarif.\n"))
    }

    @Test func denyWarningsTurnsWarningsIntoFailure() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("w.labelspec")
        try Data("label A {\n    text: \"a\"\n    minimumScaleFactor: 0.5\n}\n".utf8).write(to: file)
        #expect(try CLI.run(["check", file.path]).status == 0)
        #expect(try CLI.run(["check", "--deny-warnings", file.path]).status == 1)
    }

    @Test func severityOverridesFromConfiguration() throws {
        let dir = try CLI.temporaryDirectory()
        try Data(#"{ "severity": { "no-effect": "off", "missing-text": "warning" } }"#.utf8).write(
            to: dir.appendingPathComponent("labelspec.json"))
        try Data("label A {\n    minimumScaleFactor: 0.5\n}\n".utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        let result = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir)
        #expect(result.status == 0)
        let items = try JSONValue.parse(result.stdout).arrayValue ?? []
        #expect(items.map { $0["code"]?.stringValue ?? "" } == ["missing-text"])
        #expect(items.first?["severity"] == .string("warning"))
    }

    @Test func stylesResolveAcrossFilesOfAWorkspace() throws {
        let dir = try CLI.temporaryDirectory()
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("style Shared { font: .body }\n".utf8).write(to: dir.appendingPathComponent("sub/styles.labelspec"))
        try Data("label A: Shared { text: \"a\" }\nlabel B: Missing { text: \"b\" }\n".utf8).write(
            to: dir.appendingPathComponent("a.labelspec"))
        let result = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir)
        let items = try JSONValue.parse(result.stdout).arrayValue ?? []
        #expect(items.map { "\($0["line"]!.intValue!):\($0["code"]!.stringValue!)" } == ["2:unknown-style"])
    }

    @Test func localizationKeysComeFromStringCatalogs() throws {
        let dir = try CLI.temporaryDirectory()
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try Data(#"{ "sourceLanguage": "en", "strings": { "known.key": {} }, "version": "1.0" }"#.utf8)
            .write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data("\"legacy.key\" = \"Legacy\";\n".utf8).write(to: dir.appendingPathComponent("Old.strings"))
        try Data(
            "label A { text: .localized(\"known.key\") }\nlabel B { text: .localized(\"legacy.key\") }\nlabel C { text: .localized(\"nope\") }\n"
                .utf8
        )
        .write(to: dir.appendingPathComponent("a.labelspec"))
        let result = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir)
        let items = try JSONValue.parse(result.stdout).arrayValue ?? []
        #expect(items.map { "\($0["line"]!.intValue!):\($0["code"]!.stringValue!)" } == ["3:missing-localization"])
    }

    @Test func oneFileNamedTwoWaysIsOneFile() throws {
        let result = try CLI.run([
            "check", "--format", "json", "Examples/DesignSystem/Buttons.labelspec", "./Examples/DesignSystem/Buttons.labelspec",
        ])
        #expect(result.status == 0)
        #expect(result.stdout == "[\n]\n")
    }
}
