import Foundation
import JSON
import Testing

/// Command-line habits from ruff and SwiftLint (issue 13, point 5): standard input, --fix,
/// --quiet, --config, exclude, --color, inline suppression, baselines, progress, --version and
/// what is said when there is nothing to check. Exact output, exit codes and file contents.
@Suite struct CLIHabitsTests {
    /// A folder with `files` (path → text) written into it.
    static func project(_ files: [String: String]) throws -> URL { try CLI.folder(files) }

    static func read(_ dir: URL, _ path: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
    }

    /// Two safe fixes (no-effect: remove the property; duplicate: remove the earlier value) and
    /// an unsafe one (invalid-scale-factor: clamp 2 to 1, which changes what renders).
    static let fixable = """
        label A {
            text: "a"
            minimumScaleFactor: 0.5
            width: 10
            width: 300
        }
        label B {
            text: "b"
            adjustsFontSizeToFitWidth: true
            minimumScaleFactor: 2
        }

        """

    // MARK: - 1. Standard input

    @Test func checkReadsStandardInputAsDash() throws {
        let dir = try Self.project([:])
        let result = try CLI.run(["check", "-"], in: dir, stdin: "label A {\n    text: \"a\"\n    minimumScaleFactor: 0.5\n}\n")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                -:3:5: warning: 'minimumScaleFactor' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on [no-effect]
                        minimumScaleFactor: 0.5
                        ^~~~~~~~~~~~~~~~~~
                Checked 1 file: 0 errors, 1 warning

                """ + CLI.standIn)
        #expect(result.stderr == "")
    }

    @Test func stdinFilenameNamesItAndFindsItsConfiguration() throws {
        // The labelspec.json of UI/ turns no-effect into an error and UI/Styles.labelspec declares
        // the style: both apply to standard input named UI/New.labelspec.
        let dir = try Self.project([
            "UI/labelspec.json": #"{ "severity": { "no-effect": "error" } }"#,
            "UI/Styles.labelspec": "style Body { font: .body }\n",
        ])
        let text = "label A: Body {\n    text: \"a\"\n    minimumScaleFactor: 0.5\n}\n"
        let result = try CLI.run(["check", "--format", "json", "-", "--stdin-filename", "UI/New.labelspec"], in: dir, stdin: text)
        #expect(result.status == 1)
        let items = try JSONValue.parse(result.stdout).arrayValue ?? []
        #expect(
            items.map { "\($0["file"]!.stringValue!):\($0["line"]!.intValue!) \($0["severity"]!.stringValue!) \($0["code"]!.stringValue!)" }
                == ["UI/New.labelspec:3 error no-effect"])
        // Without the name, the same text is a file of the current folder: no style, no configuration.
        let plain = try CLI.run(["check", "--format", "json", "-"], in: dir, stdin: text)
        let codes = try JSONValue.parse(plain.stdout).arrayValue?.map {
            "\($0["file"]!.stringValue!) \($0["severity"]!.stringValue!) \($0["code"]!.stringValue!)"
        }
        #expect(codes == ["- error unknown-style", "- warning no-effect"])
    }

    @Test func formatDashIsAFilter() throws {
        let dir = try Self.project([:])
        let result = try CLI.run(["format", "-"], in: dir, stdin: "label A{text:\"a\";width:10}\n")
        #expect(result.status == 0)
        #expect(result.stdout == "label A {\n    text: \"a\"\n    width: 10\n}\n")
        #expect(result.stderr == "")
        let check = try CLI.run(["format", "--check", "-", "--stdin-filename", "x.labelspec"], in: dir, stdin: "label A{text:\"a\"}\n")
        #expect(check.status == 1)
        #expect(check.stdout == "would reformat x.labelspec\n")
        // Excluded with --force-exclude: given back untouched.
        try Data(#"{ "exclude": ["Gen"] }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let excluded = try CLI.run(
            ["format", "--force-exclude", "-", "--stdin-filename", "Gen/x.labelspec"], in: dir, stdin: "label A{text:\"a\"}\n")
        #expect(excluded.status == 0)
        #expect(excluded.stdout == "label A{text:\"a\"}\n")
        let broken = try CLI.run(["format", "-"], in: dir, stdin: "label A { text \"a\" }\n")
        #expect(broken.status == 1)
        #expect(broken.stdout == "")
        #expect(broken.stderr == "labelspec: '-' has syntax errors; not formatted (see labelspec check -)\n")
    }

    // MARK: - 2. --fix

    @Test func fixAppliesSafeFixesOnlyAndSaysWhat() throws {
        let dir = try Self.project(["a.labelspec": Self.fixable])
        let file = dir.appendingPathComponent("a.labelspec")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let result = try CLI.run(["check", "--fix", "a.labelspec"], in: dir)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                a.labelspec:3:5: fixed: Remove 'minimumScaleFactor' [no-effect]
                a.labelspec:4:5: fixed: Remove the earlier 'width' [duplicate]
                a.labelspec:8:25: error: 'minimumScaleFactor' must be in (0, 1]; use 1 [invalid-scale-factor]
                        minimumScaleFactor: 2
                                            ^
                Fixed 2 findings in 1 file
                Checked 1 file: 1 error, 0 warnings

                """ + CLI.standIn)
        #expect(
            try Self.read(dir, "a.labelspec") == """
                label A {
                    text: "a"
                    width: 300
                }
                label B {
                    text: "b"
                    adjustsFontSizeToFitWidth: true
                    minimumScaleFactor: 2
                }

                """)
        // Rewritten in place (a temporary file renamed over it): the mode is kept, no file is left beside it.
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.labelspec"])
    }

    @Test func unsafeFixesApplyTheRest() throws {
        let dir = try Self.project(["a.labelspec": Self.fixable])
        let result = try CLI.run(["check", "--fix", "--unsafe-fixes", "a.labelspec"], in: dir)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                a.labelspec:3:5: fixed: Remove 'minimumScaleFactor' [no-effect]
                a.labelspec:4:5: fixed: Remove the earlier 'width' [duplicate]
                a.labelspec:10:25: fixed: Clamp to 1 [invalid-scale-factor]
                Fixed 3 findings in 1 file
                Checked 1 file: 0 errors, 0 warnings

                """ + CLI.standIn)
        #expect(try Self.read(dir, "a.labelspec").contains("    minimumScaleFactor: 1\n"))
        // Nothing left to fix: nothing said but the summary.
        let again = try CLI.run(["check", "--fix", "--unsafe-fixes", "a.labelspec"], in: dir)
        #expect(again.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
    }

    /// docs/cli.md's example of --fix, on a copy of Examples/Habits.
    @Test func fixTheDocumentedExample() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Examples"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("Examples/Habits"), to: dir.appendingPathComponent("Examples/Habits"))
        let result = try CLI.run(["check", "--fix", "Examples/Habits"], in: dir)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Examples/Habits/Settings.labelspec:16:5: fixed: Remove 'minimumScaleFactor' [no-effect]
                Fixed 1 finding in 1 file
                Checked 1 file: 0 errors, 0 warnings

                """ + CLI.standIn)
        let fixed = try Self.read(dir, "Examples/Habits/Settings.labelspec")
        let original = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/Habits/Settings.labelspec"), encoding: .utf8)
        #expect(fixed == original.replacingOccurrences(of: "    minimumScaleFactor: 0.8\n", with: ""))
    }

    @Test func fixLinesGoToStandardErrorWithMachineFormats() throws {
        let dir = try Self.project(["a.labelspec": Self.fixable])
        let result = try CLI.run(["check", "--fix", "--format", "json", "a.labelspec"], in: dir)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                a.labelspec:3:5: fixed: Remove 'minimumScaleFactor' [no-effect]
                a.labelspec:4:5: fixed: Remove the earlier 'width' [duplicate]

                """)
        let items = try JSONValue.parse(result.stdout).arrayValue ?? []
        #expect(items.map { "\($0["line"]!.intValue!) \($0["code"]!.stringValue!)" } == ["8 invalid-scale-factor"])
    }

    @Test func fixRefusesStandardInputAndUnsafeNeedsFix() throws {
        let dir = try Self.project(["a.labelspec": Self.fixable])
        let stdin = try CLI.run(["check", "--fix", "-"], in: dir, stdin: "")
        #expect(stdin.status == 2)
        #expect(stdin.stderr.hasPrefix("Error: --fix rewrites files and cannot rewrite standard input ('-')\n"))
        let unsafe = try CLI.run(["check", "--unsafe-fixes", "a.labelspec"], in: dir)
        #expect(unsafe.status == 2)
        #expect(unsafe.stderr.hasPrefix("Error: --unsafe-fixes applies fixes with --fix only; add --fix\n"))
        #expect(try Self.read(dir, "a.labelspec") == Self.fixable)
    }

    // MARK: - 3. --quiet

    @Test func quietPrintsFindingsOnly() throws {
        let dir = try Self.project(["a.labelspec": Self.fixable, "b.labelspec": "label C{text:\"c\"}\n"])
        let check = try CLI.run(["check", "--quiet", "a.labelspec"], in: dir)
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("a.labelspec:3:5: warning: "))
        #expect(!check.stdout.contains("Checked"))
        let clean = try CLI.run(["check", "-q", "b.labelspec"], in: dir)
        #expect(clean.status == 0)
        #expect(clean.stdout == "")
        let fix = try CLI.run(["check", "-q", "--fix", "a.labelspec"], in: dir)
        #expect(
            fix.stdout == """
                a.labelspec:8:25: error: 'minimumScaleFactor' must be in (0, 1]; use 1 [invalid-scale-factor]
                        minimumScaleFactor: 2
                                            ^

                """)
        let format = try CLI.run(["format", "--quiet", "b.labelspec"], in: dir)
        #expect(format.status == 0)
        #expect(format.stdout == "")
        #expect(try Self.read(dir, "b.labelspec") == "label C {\n    text: \"c\"\n}\n")
    }

    @Test func formatSaysWhatItRewrote() throws {
        let dir = try Self.project(["a.labelspec": "label A{text:\"a\"}\n", "b.labelspec": "label B {\n    text: \"b\"\n}\n"])
        let result = try CLI.run(["format", "."], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "1 file reformatted, 1 file left unchanged\n")
        #expect(try CLI.run(["format", "."], in: dir).stdout == "2 files left unchanged\n")
    }

    // MARK: - 4. --config

    @Test func configAppliesToEveryFile() throws {
        let dir = try Self.project([
            "ci.json": #"{ "severity": { "no-effect": "off" } }"#,
            "UI/labelspec.json": #"{ "severity": { "no-effect": "error" } }"#,
            "UI/a.labelspec": "label A {\n    text: \"a\"\n    minimumScaleFactor: 0.5\n}\n",
        ])
        #expect(try CLI.run(["check", "UI"], in: dir).status == 1)
        let result = try CLI.run(["check", "--config", "ci.json", "UI"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
    }

    @Test func missingOrInvalidConfigIsAUsageError() throws {
        let dir = try Self.project(["a.labelspec": "label A { text: \"a\" }\n", "bad.json": #"{ "colour": 1 }"#])
        let missing = try CLI.run(["check", "--config", "nope.json", "a.labelspec"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stdout == "")
        #expect(missing.stderr == "labelspec: cannot read --config 'nope.json': no such file or directory\n")
        let invalid = try CLI.run(["check", "--config", "bad.json", "a.labelspec"], in: dir)
        #expect(invalid.status == 2)
        #expect(invalid.stdout == "")
        #expect(
            invalid.stderr == """
                bad.json:1:3: error: unknown key 'colour' [invalid-configuration]
                    { "colour": 1 }
                      ^~~~~~~~
                labelspec: --config 'bad.json' is not a usable labelspec.json; nothing was checked

                """)
    }

    // MARK: - 5. exclude

    static let excluded: [String: String] = [
        "labelspec.json": #"{ "exclude": ["Generated/**", "*.draft.labelspec"] }"#,
        "UI/a.labelspec": "label A { text: \"a\" }\n",
        "UI/b.draft.labelspec": "label B { text: \"b\"; widht: 1 }\n",
        "Generated/deep/c.labelspec": "label C { text: \"c\"; widht: 1 }\n",
        "Vendor/d.labelspec": "label D { text: \"d\"; widht: 1 }\n",
    ]

    @Test func excludeGlobsOfTheConfigurationAndTheCommandLine() throws {
        let dir = try Self.project(Self.excluded)
        let result = try CLI.run(["check", "."], in: dir)
        #expect(result.stdout.hasPrefix("Vendor/d.labelspec:1:22: error: unknown property 'widht'"))
        #expect(result.stdout.hasSuffix("Checked 2 files: 1 error, 0 warnings\n" + CLI.standIn))
        let cli = try CLI.run(["check", "--exclude", "Vendor", "."], in: dir)
        #expect(cli.status == 0)
        #expect(cli.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
        // Files named on the command line are checked anyway, unless --force-exclude.
        let named = try CLI.run(["check", "--format", "github", "UI/b.draft.labelspec"], in: dir)
        #expect(named.status == 1)
        let forced = try CLI.run(["check", "--force-exclude", "UI/b.draft.labelspec", "UI/a.labelspec"], in: dir)
        #expect(forced.status == 0)
        #expect(forced.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
        // format and measure leave the same files out.
        let format = try CLI.run(["format", "--check", "--exclude", "Vendor", "."], in: dir)
        #expect(format.stdout == "would reformat UI/a.labelspec\n")
        let measure = try CLI.run(
            ["measure", "--format", "json", "--content-size", "large", "--screen", "iPhone 16", "--exclude", "UI", "."], in: dir)
        #expect(try JSONValue.parse(measure.stdout).arrayValue?.map { $0["label"]!.stringValue! } == ["D"])
        // A folder where everything is excluded says so.
        let none = try CLI.run(["check", "Generated"], in: dir)
        #expect(none.status == 0)
        #expect(none.stdout == "Checked 0 files: 0 errors, 0 warnings\n")
        #expect(none.stderr == "labelspec: no .labelspec, .storyboard, .xib or .swift files in 'Generated' (1 excluded)\n")
    }

    @Test func badExcludeIsALocatedConfigurationError() throws {
        let dir = try Self.project([
            "labelspec.json": "{\n  \"exclude\": [\"ok/**\", 3]\n}\n",
            "a.labelspec": "label A { text: \"a\" }\n",
        ])
        let result = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                labelspec.json:2:3: error: 'exclude' must be a list of glob patterns such as ["Generated/**"] [invalid-configuration]
                      "exclude": ["ok/**", 3]
                      ^~~~~~~~~
                Checked 1 file: 1 error, 0 warnings

                """ + CLI.standIn)
        try Data("{ \"exclude\": [\"/abs/**\"] }".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let absolute = try CLI.run(["check", "--format", "github", "a.labelspec"], in: dir)
        #expect(
            absolute.stdout
                == "::error file=labelspec.json,line=1,col=15,endLine=1,endColumn=24,title=invalid-configuration::exclude pattern '/abs/**' must be relative to the folder of labelspec.json\n"
                + CLI.standInNotice)
        let cli = try CLI.run(["check", "--exclude", "../x", "a.labelspec"], in: dir)
        #expect(cli.status == 2)
        #expect(cli.stderr == "labelspec: --exclude: exclude pattern '../x' must not climb out of its folder ('..')\n")
    }

    // MARK: - 6. --color

    static let oneWarning = "label A {\n    text: \"a\"\n    minimumScaleFactor: 0.5\n}\n"
    static let plainWarning = """
        a.labelspec:3:5: warning: 'minimumScaleFactor' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on [no-effect]
                minimumScaleFactor: 0.5
                ^~~~~~~~~~~~~~~~~~
        Checked 1 file: 0 errors, 1 warning

        """ + CLI.standIn
    static let colouredWarning =
        "\u{1B}[1ma.labelspec:3:5:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m 'minimumScaleFactor' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on \u{1B}[2m[no-effect]\u{1B}[0m\n"
        + "        minimumScaleFactor: 0.5\n" + "    \u{1B}[1;33m    ^~~~~~~~~~~~~~~~~~\u{1B}[0m\n"
        + "Checked 1 file: 0 errors, 1 warning\n" + CLI.standIn

    @Test func colorAlwaysNeverAndNoColor() throws {
        let dir = try Self.project(["a.labelspec": Self.oneWarning])
        #expect(try CLI.run(["check", "a.labelspec"], in: dir).stdout == Self.plainWarning)
        #expect(try CLI.run(["check", "--color", "never", "a.labelspec"], in: dir).stdout == Self.plainWarning)
        #expect(try CLI.run(["check", "--color", "always", "a.labelspec"], in: dir).stdout == Self.colouredWarning)
        // always wins over NO_COLOR (as in ruff); auto into a pipe is plain whatever NO_COLOR says.
        #expect(
            try CLI.run(["check", "--color", "always", "a.labelspec"], in: dir, environment: ["NO_COLOR": "1"]).stdout
                == Self.colouredWarning)
        #expect(try CLI.run(["check", "a.labelspec"], in: dir, environment: ["NO_COLOR": ""]).stdout == Self.plainWarning)
        // JSON is never coloured.
        #expect(!(try CLI.run(["check", "--color", "always", "--format", "json", "a.labelspec"], in: dir).stdout.contains("\u{1B}")))
    }

    /// `script` (util-linux) runs the binary on a pseudo-terminal, as a user's shell would.
    static func onTerminal(_ command: String, in dir: URL, environment: [String: String?] = [:]) throws -> CLIResult {
        let shell = "cd '\(dir.path)' && '\(CLI.binary.path)' \(command)"
        return try CLI.run(["-qec", shell, "/dev/null"], in: dir, environment: environment, executable: "/usr/bin/script")
    }

    @Test func colourOnARealTerminalUnlessNoColor() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped colourOnARealTerminalUnlessNoColor: no script(1) here")
            return
        }
        let dir = try Self.project(["a.labelspec": Self.oneWarning])
        // The terminal turns line feeds into CR LF.
        let coloured = try Self.onTerminal("check a.labelspec", in: dir, environment: ["NO_COLOR": nil])
        #expect(coloured.stdout == Self.colouredWarning.replacingOccurrences(of: "\n", with: "\r\n"))
        let noColor = try Self.onTerminal("check a.labelspec", in: dir, environment: ["NO_COLOR": "1"])
        #expect(noColor.stdout == Self.plainWarning.replacingOccurrences(of: "\n", with: "\r\n"))
        let always = try Self.onTerminal("check --color always a.labelspec", in: dir, environment: ["NO_COLOR": "1"])
        #expect(always.stdout == coloured.stdout)
    }

    @Test func colouredOutputIsAligned() throws {
        let dir = try Self.project([
            "a.labelspec":
                "label A {\n    text: \"a\"\n    minimumScaleFactor: 0.5\n    widht: 1\n}\n\n\n\nlabel LongerName {\n    text: \"b\"\n    width: 1\n    width: 2\n}\n"
        ])
        let result = try CLI.run(["check", "--color", "always", "--format", "text", "a.labelspec"], in: dir)
        let plain = result.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        let heads = plain.split(separator: "\n").filter { $0.hasPrefix("a.labelspec:") }
        #expect(
            heads == [
                "a.labelspec:3:5:  warning: 'minimumScaleFactor' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on [no-effect]",
                "a.labelspec:4:5:  error:   unknown property 'widht'; did you mean 'width'? [unknown-property]",
                "a.labelspec:9:7:  warning: clipped at .large: shows \"b\" (2 pt: width 2; and at 1 larger size) [clipped]",
                "a.labelspec:11:5: warning: 'width' is set again 1 line below; this earlier value has no effect, remove it [duplicate]",
            ])
    }

    // MARK: - 7. Inline suppression

    @Test func ignoreCommentsSuppressFindings() throws {
        let dir = try Self.project([
            "a.labelspec": """
            label A {  // labelspec:ignore
                text: "a"
                widht: 1
            }
            label B {
                text: "b"
                // labelspec:ignore no-effect
                minimumScaleFactor: 0.5
                widht: 1  // labelspec:ignore truncates
            }

            """
        ])
        let result = try CLI.run(["check", "--format", "github", "a.labelspec"], in: dir)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "::error file=a.labelspec,line=9,col=5,endLine=9,endColumn=10,title=unknown-property::unknown property 'widht'; did you mean 'width'?\n"
                + CLI.standInNotice)
        // --fix leaves suppressed findings alone.
        let fix = try CLI.run(["check", "--fix", "-q", "a.labelspec"], in: dir)
        #expect(!fix.stdout.contains("fixed"))
        #expect(try Self.read(dir, "a.labelspec").contains("    minimumScaleFactor: 0.5\n"))
    }

    // MARK: - 8. Baseline

    @Test func baselineKeepsOldFindingsOutAndCountsDuplicates() throws {
        let dir = try Self.project([
            "a.labelspec": "label A {\n    text: \"a\"\n    widht: 1\n}\nlabel B {\n    text: \"b\"\n    widht: 1\n    widht: 2\n}\n"
        ])
        let write = try CLI.run(["check", "--write-baseline", "baseline.json", "a.labelspec"], in: dir)
        #expect(write.status == 0)
        #expect(write.stdout == "Wrote 3 findings to baseline.json\n")
        #expect(
            try Self.read(dir, "baseline.json") == """
                {
                  "version": 2,
                  "findings": [
                    {
                      "file": "a.labelspec",
                      "code": "unknown-property",
                      "item": "A",
                      "cell": null,
                      "message": "unknown property 'widht'; did you mean 'width'?",
                      "count": 1
                    },
                    {
                      "file": "a.labelspec",
                      "code": "unknown-property",
                      "item": "B",
                      "cell": null,
                      "message": "unknown property 'widht'; did you mean 'width'?",
                      "count": 2
                    }
                  ]
                }

                """)
        // Lines moved by an edit above: still the same findings.
        try Data(("// a comment\n\n" + (try Self.read(dir, "a.labelspec"))).utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        let same = try CLI.run(["check", "--baseline", "baseline.json", "a.labelspec"], in: dir)
        #expect(same.status == 0)
        #expect(same.stdout == "Checked 1 file: 0 errors, 0 warnings (3 more in the baseline)\n" + CLI.standIn)
        // A third 'widht' in B is new: only it is reported, and the exit code follows it.
        try Data(
            "label A {\n    text: \"a\"\n    widht: 1\n}\nlabel B {\n    text: \"b\"\n    widht: 1\n    widht: 2\n    widht: 3\n}\n".utf8
        ).write(to: dir.appendingPathComponent("a.labelspec"))
        let more = try CLI.run(["check", "--baseline", "baseline.json", "--format", "github", "a.labelspec"], in: dir)
        #expect(more.status == 1)
        #expect(
            more.stdout
                == "::error file=a.labelspec,line=9,col=5,endLine=9,endColumn=10,title=unknown-property::unknown property 'widht'; did you mean 'width'?\n"
                + CLI.standInNotice)
    }

    @Test func badBaselineIsAUsageError() throws {
        let dir = try Self.project([
            "a.labelspec": "label A { text: \"a\" }\n", "b.json": #"{ "version":  1, "findings":  [{ "file":  "a" }] }"#,
        ])
        let missing = try CLI.run(["check", "--baseline", "nope.json", "a.labelspec"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stdout == "")
        #expect(missing.stderr == "labelspec: cannot read baseline 'nope.json': no such file or directory\n")
        let invalid = try CLI.run(["check", "--baseline", "b.json", "a.labelspec"], in: dir)
        #expect(invalid.status == 2)
        #expect(
            invalid.stderr
                == "labelspec: invalid baseline 'b.json': findings[0] must be an object with \"file\", \"code\" and \"message\" strings\n")
    }

    @Test func writingABaselineWithABadConfigurationSaysWhy() throws {
        let dir = try Self.project(["labelspec.json": #"{ "colour": 1 }"#, "a.labelspec": "label A { text: \"a\"; widht: 1 }\n"])
        let result = try CLI.run(["check", "--write-baseline", "b.json", "a.labelspec"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "Wrote 1 finding to b.json\n")
        #expect(
            result.stderr == """
                labelspec.json:1:3: error: unknown key 'colour' [invalid-configuration]
                    { "colour": 1 }
                      ^~~~~~~~

                """)
    }

    // MARK: - 9. Progress

    @Test func progressOnATerminalIsClearedAndNeverInAPipe() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped progressOnATerminalIsClearedAndNeverInAPipe: no script(1) here")
            return
        }
        let labels = (0..<400).map { "label L\($0) { text: \"Some text to measure \($0)\"; width: 120 }\n" }.joined()
        let dir = try Self.project(["a.labelspec": labels])
        // Shown at once (not after a second) for the test; cleared before the summary.
        let tty = try Self.onTerminal(
            "check --content-size all a.labelspec", in: dir, environment: ["LABELSPEC_PROGRESS_AFTER": "0", "NO_COLOR": "1"])
        #expect(tty.stdout.contains("\r\u{1B}[2Klabelspec: "))
        #expect(tty.stdout.contains("\r\u{1B}[2KChecked 1 file: ") || tty.stdout.hasSuffix("\r\u{1B}[2K"))
        // Not with --quiet, not in a pipe.
        let quiet = try Self.onTerminal(
            "check -q --content-size all a.labelspec", in: dir, environment: ["LABELSPEC_PROGRESS_AFTER": "0", "NO_COLOR": "1"])
        #expect(!quiet.stdout.contains("labelspec: "))
        let json = try Self.onTerminal(
            "check --format json --content-size all a.labelspec", in: dir, environment: ["LABELSPEC_PROGRESS_AFTER": "0", "NO_COLOR": "1"])
        #expect(!json.stdout.contains("labelspec: "))
        #expect(!json.stdout.contains("\u{1B}"))
        let pipe = try CLI.run(["check", "a.labelspec"], in: dir, environment: ["LABELSPEC_PROGRESS_AFTER": "0"])
        #expect(pipe.stderr == "")
    }

    // MARK: - 10, 11. --version, nothing to check

    @Test func versionAndCompletionAndManual() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        let completion = try CLI.run(["--generate-completion-script", "bash"])
        #expect(completion.status == 0)
        #expect(completion.stdout.contains("--unsafe-fixes"))
        #expect(completion.stdout.contains("--stdin-filename"))
    }

    @Test func missingPathHasNoSummaryAndEmptyFolderSaysSo() throws {
        let dir = try Self.project(["a.labelspec": "label A { text: \"a\" }\n", "empty/readme.txt": "x"])
        let missing = try CLI.run(["check", "nope.labelspec"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stdout == "")
        #expect(missing.stderr == "labelspec: cannot read 'nope.labelspec': no such file or directory\n")
        // With other files: they are checked and summed up, and the run still fails.
        let mixed = try CLI.run(["check", "nope.labelspec", "a.labelspec"], in: dir)
        #expect(mixed.status == 2)
        #expect(mixed.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
        let empty = try CLI.run(["check", "empty"], in: dir)
        #expect(empty.status == 0)
        #expect(empty.stdout == "Checked 0 files: 0 errors, 0 warnings\n")
        #expect(empty.stderr == "labelspec: no .labelspec, .storyboard, .xib or .swift files in 'empty'\n")
    }
}
