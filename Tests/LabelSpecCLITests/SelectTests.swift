import Foundation
import JSON
import LabelSpecSemantics
import Testing

/// `--select`, `--ignore`, `--extend-select` and `select`/`ignore` of labelspec.json (issue 35,
/// point 8): exact output through the binary.
@Suite struct SelectTests {
    /// `Long` truncates (layout, a warning); `Lint` has a no-effect (properties, a warning) and an
    /// unknown property (properties, an error); `Fine` has nothing.
    static let spec = """
        label Long {
            text: "A rather long title that will not fit"
            font: .body
            width: 100
        }
        label Fine {
            text: "OK"
            font: .body
            width: 200
        }
        label Lint {
            text: "OK"
            font: .body
            width: 200
            minimumScaleFactor: 0.5
            widht: 3
        }

        """

    static let truncates =
        "::warning file=a.labelspec,line=1,col=7,endLine=1,endColumn=11,title=truncates::truncates at .large: \"A rather lo…\" (100 pt: width 100)\n"
    static let noEffect =
        "::warning file=a.labelspec,line=15,col=5,endLine=15,endColumn=23,title=no-effect::'minimumScaleFactor' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on\n"
    static let unknown =
        "::error file=a.labelspec,line=16,col=5,endLine=16,endColumn=10,title=unknown-property::unknown property 'widht'; did you mean 'width'?\n"

    static func project(_ configuration: String = #"{"contentSizes": ["large"]}"#) throws -> URL {
        try CLI.folder(["labelspec.json": configuration, "a.labelspec": spec])
    }

    /// `check --format github`, its annotations without the run's stand-in notice, which ends
    /// every run here (the label is measured with Inter at `.large`).
    static func check(_ options: [String], in dir: URL) throws -> CLIResult {
        let r = try CLI.run(["check", "--format", "github"] + options + ["a.labelspec"], in: dir)
        #expect(r.stdout.hasSuffix(CLI.standInNoticeText), "\(options)")
        return CLIResult(status: r.status, stdout: String(r.stdout.dropLast(CLI.standInNoticeText.count)), stderr: r.stderr)
    }

    @Test func selectAndIgnoreOnTheCommandLine() throws {
        let dir = try Self.project()
        #expect(try Self.check([], in: dir).stdout == Self.truncates + Self.noEffect + Self.unknown)
        let layout = try Self.check(["--select", "layout"], in: dir)
        #expect(layout.stdout == Self.truncates)
        #expect(layout.status == 0)  // the error is not reported: the status follows what is
        #expect(try Self.check(["--select", "layout", "--ignore", "truncates"], in: dir).stdout == "")
        // The more specific name wins, whatever the order.
        #expect(try Self.check(["--ignore", "layout", "--select", "truncates"], in: dir).stdout == Self.truncates)
        #expect(try Self.check(["--select", "properties", "--ignore", "unknown"], in: dir).stdout == Self.noEffect)
        // At equal specificity, the ignore.
        #expect(try Self.check(["--select", "no-effect", "--ignore", "no-effect"], in: dir).stdout == "")
        // Lists and repeats; blanks around names.
        #expect(
            try Self.check(["--select", "truncates, no-effect", "--select", "unknown-property"], in: dir).stdout == Self.truncates
                + Self.noEffect + Self.unknown)
        #expect(
            try Self.check(["--ignore", "properties", "--extend-select", "no-effect"], in: dir).stdout == Self.truncates + Self.noEffect)
        #expect(try Self.check(["--select", "ALL", "--ignore", "all"], in: dir).stdout == "")
        // The summary counts what is reported.
        let text = try CLI.run(["check", "--ignore", "layout,unknown-property", "a.labelspec"], in: dir)
        #expect(text.stdout.hasSuffix("Checked 1 file: 0 errors, 1 warning\n" + CLI.standInText))
    }

    @Test func selectAndIgnoreOfLabelspecJSON() throws {
        let dir = try Self.project(#"{"contentSizes": ["large"], "ignore": ["layout", "no-effect"]}"#)
        #expect(try Self.check([], in: dir).stdout == Self.unknown)
        // --select replaces the file's select and ignore; --ignore and --extend-select adjust them.
        #expect(try Self.check(["--select", "truncates"], in: dir).stdout == Self.truncates)
        #expect(try Self.check(["--extend-select", "no-effect"], in: dir).stdout == Self.noEffect + Self.unknown)
        #expect(try Self.check(["--ignore", "input,properties"], in: dir).stdout == "")
        let selects = try Self.project(
            #"{"contentSizes": ["large"], "select": ["missing", "unknown"], "severity": {"unknown-property": "off"}}"#)
        // `severity` off stays off.
        #expect(try Self.check([], in: selects).stdout == "")
        #expect(try Self.check(["--extend-select", "layout"], in: selects).stdout == Self.truncates)
        // --fix fixes only what is chosen: no-effect ignored, its line stays.
        let fix = try CLI.run(["check", "--fix", "--ignore", "no-effect", "--select", "properties", "a.labelspec"], in: dir)
        #expect(fix.status == 1)
        #expect(try String(contentsOf: dir.appendingPathComponent("a.labelspec"), encoding: .utf8) == Self.spec)
    }

    @Test func unknownNamesAreUsageErrors() throws {
        let dir = try Self.project()
        for command in ["check", "measure"] {
            let r = try CLI.run([command, "--select", "layout,truncate", "a.labelspec"], in: dir)
            #expect(r.stderr == "labelspec: --select: unknown code or group 'truncate'; did you mean 'truncates'?\n")
            #expect(r.stdout == "")
            #expect(r.status == 2)
        }
        let render = try CLI.run(["render", "--ignore", "layuot", "--out", "rep", "a.labelspec"], in: dir)
        #expect(render.stderr == "labelspec: --ignore: unknown code or group 'layuot'; did you mean 'layout'?\n")
        #expect(render.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("rep").path))
        let far = try CLI.run(["check", "--extend-select", "zzzzzzzzzz", "a.labelspec"], in: dir)
        #expect(far.stderr == "labelspec: --extend-select: unknown code or group 'zzzzzzzzzz'\n")
        // Control characters are escaped, not sent to the terminal.
        let escape = try CLI.run(["check", "--select", "a\u{1B}[31mb", "a.labelspec"], in: dir)
        #expect(escape.stderr == "labelspec: --select: unknown code or group 'a\\u{1B}[31mb'\n")
        // A prefix is whole words: `trunc` is no name, and a name ending in '-' neither.
        #expect(try CLI.run(["check", "--select", "missing-", "a.labelspec"], in: dir).status == 2)
        #expect(try CLI.run(["check", "--select", "trunc", "a.labelspec"], in: dir).status == 2)
    }

    @Test func badSelectAndIgnoreInLabelspecJSON() throws {
        let dir = try Self.project(#"{"contentSizes": ["large"], "select": "layout", "ignore": ["layut", "fonts"]}"#)
        let r = try Self.check([], in: dir)
        #expect(
            r.stdout == """
                ::error file=labelspec.json,line=1,col=29,endLine=1,endColumn=37,title=invalid-configuration::'select' must be a list of codes or groups such as ["layout", "low-contrast"]
                ::error file=labelspec.json,line=1,col=60,endLine=1,endColumn=67,title=invalid-configuration::unknown code or group 'layut'; did you mean 'layout'?

                """ + Self.truncates + Self.noEffect + Self.unknown)
        #expect(r.status == 2)
    }

    /// Thousands of unknown names, and a name of 30 KB: said, without suggestions past the
    /// first 32 (and for the long one), in about linear time.
    @Test func hostileNamesEndQuickly() throws {
        let names = (0..<20_000).map { "\"layou\($0)\"" }.joined(separator: ",")
        let dir = try Self.project(#"{"ignore": ["# + names + "]}")
        let start = Date()
        let r = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir, timeout: 60)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(r.status == 2)
        let found = try #require(try JSONValue.parse(Array(r.stdout.utf8)).arrayValue)
        let messages = found.filter { $0["code"] == .string("invalid-configuration") }.compactMap { $0["message"]?.stringValue }
        #expect(messages.count == 20_000)
        #expect(messages[0] == "unknown code or group 'layou0'; did you mean 'layout'?")
        #expect(messages[40] == "unknown code or group 'layou40'")
        // (an argument is at most 128 KiB, and `CLI.run` reads standard error after standard output)
        let huge = String(repeating: "x", count: 30_000)
        let long = try CLI.run(["check", "--select", huge, "a.labelspec"], in: dir, timeout: 60)
        #expect(long.stderr == "labelspec: --select: unknown code or group '\(huge)'\n")
        #expect(long.status == 2)
    }

    /// measure and render with --select/--ignore keep the labels `check` reports a finding on,
    /// with all their rows; without them, every label.
    @Test func measureAndRenderKeepTheLabelsWithFindings() throws {
        let dir = try Self.project()
        func labels(_ options: [String]) throws -> [String] {
            let r = try CLI.run(["measure", "--format", "json"] + options + ["a.labelspec"], in: dir)
            return try #require(try JSONValue.parse(Array(r.stdout.utf8)).arrayValue).map {
                "\($0["label"]?.stringValue ?? "") \($0["contentSize"]?.stringValue ?? "")"
            }
        }
        #expect(try labels([]) == ["Long large", "Fine large", "Lint large"])
        #expect(try labels(["--select", "truncates"]) == ["Long large"])
        #expect(
            try labels(["--select", "truncates", "--content-size", "large,extraExtraExtraLarge"]) == [
                "Long large", "Long extraExtraExtraLarge",
            ])
        #expect(try labels(["--ignore", "layout"]) == ["Lint large"])
        #expect(try labels(["--select", "low-contrast"]) == [])
        let render = try CLI.run(["render", "--select", "layout", "--out", "rep", "a.labelspec"], in: dir)
        #expect(render.stderr == "labelspec: 1 label, 1 picture, 1 failing: rep/index.html\n")
        let manifest = try #require(
            try JSONValue.parse(Array(try Data(contentsOf: dir.appendingPathComponent("rep/manifest.json")))).arrayValue)
        #expect(manifest.map { $0["label"]?.stringValue ?? "" } == ["Long"])
    }

    /// docs/diagnostics.md's table of groups is `CodeGroup`: every code in one group.
    @Test func theDocsListTheGroups() throws {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let after = try #require(text.components(separatedBy: "### Groups of codes").dropFirst().first)
        let section = try #require(after.components(separatedBy: "\n## ").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let documented = rows.map { row -> String in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return cells[0] + ": " + cells[1]
        }
        let actual = CodeGroup.allCases.map { g in "`\(g.rawValue)`: " + g.codes.map { "`\($0.rawValue)`" }.joined(separator: ", ") }
        #expect(documented == actual)
        #expect(Set(DiagnosticCode.allCases.map(\.group)) == Set(CodeGroup.allCases))
    }
}
