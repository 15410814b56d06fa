import Foundation
import JSON
import TestSupport
import Testing

/// Issue 33: nothing lost, round three. Every case runs the binary as a user would.
@Suite struct NothingLostRound3Tests {
    static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/InterfaceBuilder/Onboarding")

    /// A copy of the Onboarding fixture as `ROOT/App` (`Base.lproj/Main.storyboard`,
    /// `de.lproj/Main.strings`), with an unrelated folder `ROOT/other` beside it.
    static func app() throws -> URL {
        let root = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(at: fixture, to: root.appendingPathComponent("App"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("other"), withIntermediateDirectories: true)
        return root
    }

    /// `check --format json`'s findings without their file (each run names the file as it was
    /// given), one string each.
    static func findings(_ json: String) throws -> [String] {
        guard case .array(let rows) = try JSONValue.parse(json) else { return [] }
        return rows.map { row in
            ["line", "column", "severity", "code", "message"].map { row[$0].map { "\($0)" } ?? "-" }.joined(separator: " ")
        }
    }

    // MARK: 1. Translations do not depend on the working folder

    /// One storyboard checked from the project's root, from inside `Base.lproj` and by its
    /// absolute path from an unrelated folder: the same findings each time, the German ones
    /// among them, and no file refused as outside the folders checked. `import` writes
    /// `.localized(…)` from each of the three.
    @Test func translationsAreReadFromAnyWorkingFolder() throws {
        let root = try Self.app()
        let absolute = root.appendingPathComponent("App/Base.lproj/Main.storyboard").path
        let runs: [(URL, String)] = [
            (root, "App/Base.lproj/Main.storyboard"),
            (root.appendingPathComponent("App/Base.lproj"), "Main.storyboard"),
            (root.appendingPathComponent("App/Base.lproj"), "."),
            (root.appendingPathComponent("other"), absolute),
        ]
        var seen: [[String]] = []
        for (folder, path) in runs {
            let r = try CLI.run(["check", "--format", "json", path], in: folder, timeout: 60)
            #expect(r.status == 1, "\(path)")
            #expect(r.stderr == "", "\(path)")
            let findings = try Self.findings(r.stdout)
            #expect(findings.contains { $0.contains("truncates in de on iPhone SE (3rd generation) at .extraExtraExtraLarge") }, "\(path)")
            #expect(!findings.contains { $0.contains("outside the folders checked") }, "\(path)")
            seen.append(findings)
        }
        #expect(seen.allSatisfy { $0 == seen[0] })
        for (folder, path) in runs where path != "." {
            let r = try CLI.run(["import", path], in: folder, timeout: 60)
            #expect(r.status == 0, "\(path)")
            #expect(r.stdout.contains(#"text: .localized("wB1-tT-lE0.text", table: "Main", defaultValue: "Welcome back")"#), "\(path)")
        }
    }

    // MARK: 4. Short paths

    /// Every command with one-character and dot paths (a file, a missing one, a folder with a
    /// slash, `./x`, `.`, `..`; `/` where it walks nothing), and one-character `--config`,
    /// `--baseline` and `--out`:
    /// an answer and an exit status, never a crash (swift-corelibs-foundation's `NSString` path
    /// methods trap on a one-character path).
    @Test func oneCharacterPathsEndWithAnAnswer() throws {
        let top = try CLI.temporaryDirectory()
        let dir = top.appendingPathComponent("w")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("a"), withIntermediateDirectories: true)
        let label = "label A {\n    text: \"Hi\"\n    font: .body\n    width: 100\n}\n"
        try Data(label.utf8).write(to: dir.appendingPathComponent("x"))
        try Data(label.utf8).write(to: dir.appendingPathComponent("a/y.labelspec"))
        let missing = "labelspec: cannot read 'z': no such file or directory\n"
        // (arguments, status, stderr): a nil stderr is not compared.
        let needsOut = "labelspec: importing several files or a folder needs --out DIR (-o writes one file)\n"
        let cases: [([String], Int32, String?)] = [
            (["check", "x"], 0, ""), (["check", "z"], 2, missing), (["check", "a/"], 0, ""), (["check", "./x"], 0, ""),
            (["check", "."], 0, ""), (["check", ".."], 0, ""),
            (["measure", "x"], 0, ""), (["measure", "z"], 2, missing), (["measure", "a/"], 0, ""), (["measure", "./x"], 0, ""),
            (["measure", "."], 0, ""), (["measure", ".."], 0, ""),
            (["format", "--check", "x"], 0, ""), (["format", "--check", "z"], 2, missing), (["format", "--check", "a/"], 0, ""),
            (["format", "--check", "./x"], 0, ""), (["format", "--check", "."], 0, ""), (["format", "--check", ".."], 0, ""),
            // `/` itself only where nothing walks the whole machine (PathTextTests take it too).
            (["check", "x", "--config", "/"], 2, nil), (["check", "x", "--baseline", "/"], 2, nil),
            (["render", "x", "--out", "/", "-q"], 2, nil),
            // A folder is imported with --out DIR (issue 35, point 9).
            (["import", "z"], 2, missing), (["import", "a/"], 2, needsOut), (["import", "."], 2, needsOut),
            (["import", ".."], 2, needsOut), (["import", "/"], 2, needsOut),
            (["check", "x", "--config", "c"], 2, "labelspec: cannot read --config 'c': no such file or directory\n"),
            (["check", "x", "--baseline", "b"], 2, "labelspec: cannot read baseline 'b': no such file or directory\n"),
            (["measure", "x", "--config", "c"], 2, "labelspec: cannot read --config 'c': no such file or directory\n"),
            (["render", "x", "--out", "r", "-q"], 0, ""), (["render", "./x", "--out", "r/", "-q"], 0, ""),
            (["render", "a/", "--out", "r", "-q"], 0, ""), (["render", ".", "--out", "../r", "-q"], 0, ""),
            (["render", "z", "--out", "q", "-q"], 1, missing),
        ]
        for (arguments, status, stderr) in cases {
            let r = try CLI.run(arguments, in: dir, timeout: 120)
            #expect(r.status == status, "\(arguments): \(r.stderr)")
            if let stderr { #expect(r.stderr == stderr, "\(arguments)") }
            #expect(!r.stderr.contains("crashed"), "\(arguments)")
        }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r/index.html").path))
        #expect(FileManager.default.fileExists(atPath: top.appendingPathComponent("r/index.html").path))
    }

    // MARK: 9. Tables in *.lproj folders beside a spec without labelspec.json

    static let localizedLabel = "label A {\n    text: .localized(\"k1\")\n    font: .body\n    width: 60\n}\n"

    /// A folder holding `A.labelspec`, `en.lproj/Localizable.strings` and `de.lproj/
    /// Localizable.strings` and no `labelspec.json`: the `.lproj` folders are the spec's own
    /// tables, so the key is found and the German text is measured.
    @Test func lprojFoldersBesideASpecAreRead() throws {
        let dir = try CLI.folder([
            "A.labelspec": Self.localizedLabel, "en.lproj/Localizable.strings": "\"k1\" = \"Settings\";\n",
            "de.lproj/Localizable.strings": "\"k1\" = \"Einstellungen und mehr\";\n",
        ])
        for path in ["A.labelspec", "."] {
            let r = try CLI.run(["check", path], in: dir, timeout: 60)
            #expect(r.stderr == "")
            #expect(r.status == 0)
            #expect(
                r.stdout.hasPrefix(
                    #"A.labelspec:1:7: warning: truncates in de at .large: "Einste…" (60 pt: width 60; also en at .large; and 1 larger size) [truncates]"#
                ),
                "\(r.stdout)")
            #expect(!r.stdout.contains("missing-localization"))
        }
    }

    /// Tables below a spec's folder that a folder without `labelspec.json` does not read: the
    /// missing key's message says where they are, why they were not read and what to do.
    @Test func aMissingKeySaysWhereUnreadTablesAre() throws {
        let dir = try CLI.folder(
            [
                "A.labelspec": Self.localizedLabel, "Sub/Resources/en.lproj/Localizable.strings": "\"k1\" = \"Settings\";\n",
                "Sub/Resources/de.lproj/Localizable.strings": "\"k1\" = \"Einstellungen\";\n",
                "Other/Main.xcstrings": #"{"sourceLanguage": "en", "strings": {}, "version": "1.0"}"#,
            ], in: CLI.temporaryDirectory().appendingPathComponent("Settings"))
        let r = try CLI.run(["check", "A.labelspec"], in: dir, timeout: 60)
        #expect(r.status == 0)
        #expect(
            r.stdout.hasPrefix(
                "A.labelspec:2:5: warning: no String Catalog has the key 'k1'; add it or fix the key; tables in 'Other' and 2 more folders were not read: without a labelspec.json a spec's folder reads only its own tables and those of its *.lproj folders; add a labelspec.json to 'Settings' to read its subfolders [missing-localization]\n"
            ), "\(r.stdout)")
        // With the labelspec.json it asks for, the tables are read and the key is found.
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let configured = try CLI.run(["check", "A.labelspec"], in: dir, timeout: 60)
        #expect(!configured.stdout.contains("missing-localization"), "\(configured.stdout)")
    }

    /// A storyboard beside its `de.lproj` (no `Base.lproj`, no `labelspec.json`): the `.strings`
    /// file is both the storyboard's translation and a table of the folder; its problem is
    /// reported once, with and without a `labelspec.json`.
    @Test func aTranslationReadTwiceIsReportedOnce() throws {
        let dir = try CLI.temporaryDirectory()
        let example = CLI.packageRoot.appendingPathComponent("Examples/InterfaceBuilder")
        try FileManager.default.copyItem(
            at: example.appendingPathComponent("Base.lproj/Main.storyboard"), to: dir.appendingPathComponent("Main.storyboard"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        var strings = try String(contentsOf: example.appendingPathComponent("de.lproj/Main.strings"), encoding: .utf8)
        strings += "\"broken"
        try Data(strings.utf8).write(to: dir.appendingPathComponent("de.lproj/Main.strings"))
        let line = strings.split(separator: "\n", omittingEmptySubsequences: false).count
        for configured in [false, true] {
            if configured { try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json")) }
            for path in [".", "Main.storyboard"] {
                let r = try CLI.run(["check", path], in: dir, timeout: 60)
                let problems = r.stdout.split(separator: "\n").filter { $0.hasSuffix("[invalid-catalog]") }
                #expect(
                    problems == [
                        "de.lproj/Main.strings:\(line):1: error: the string has no closing \"; add it (iOS does not load this file) [invalid-catalog]"
                    ], "\(path) \(configured): \(r.stdout)")
                #expect(r.status == 1)
            }
        }
    }
}
