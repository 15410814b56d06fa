import Foundation
import JSON
import TestSupport
import Testing

/// Issue 33, reviewed as a new user and as an attacker: what the first pass left. Every case
/// runs the binary.
@Suite struct LinkedTranslationsTests {
    /// The German finding of the Onboarding fixture's title, read from `de.lproj/Main.strings`.
    static let german = "truncates in de on iPhone SE (3rd generation) at .extraExtraExtraLarge"

    /// `check --format json`'s findings as `LINE COLUMN SEVERITY CODE MESSAGE`, one string each.
    static func rows(_ json: String) throws -> [String] {
        guard case .array(let rows) = try JSONValue.parse(json) else { return [] }
        return rows.map { row in
            let line = row["line"]?.doubleValue.map { String(Int($0)) } ?? "-"
            let column = row["column"]?.doubleValue.map { String(Int($0)) } ?? "-"
            return [line, column] + ["severity", "code", "message"].map { row[$0]?.stringValue ?? "-" }
        }.map { $0.joined(separator: " ") }
    }

    /// `ROOT/Shared/Base.lproj/Main.storyboard` (the Onboarding fixture's) and `ROOT/App`, whose
    /// `Base.lproj` is a link to the shared one and whose `de.lproj/Main.strings` is its own,
    /// beside the link; `ROOT/other`, an unrelated folder.
    static func linkedBase() throws -> URL {
        let root = try CLI.temporaryDirectory()
        let fixture = NothingLostRound3Tests.fixture
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("Shared"), withIntermediateDirectories: true)
        try fm.copyItem(at: fixture.appendingPathComponent("Base.lproj"), to: root.appendingPathComponent("Shared/Base.lproj"))
        try fm.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try fm.copyItem(at: fixture.appendingPathComponent("de.lproj"), to: root.appendingPathComponent("App/de.lproj"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("App/Base.lproj").path, withDestinationPath: "../Shared/Base.lproj")
        try fm.createDirectory(at: root.appendingPathComponent("other"), withIntermediateDirectories: true)
        return root
    }

    // MARK: 1. Translations whatever the working folder

    /// A `Base.lproj` that is a link to a shared folder, its translations beside the link: from
    /// an unrelated folder, the storyboard (by an absolute or a `..` path, or its folder) reads
    /// `App/de.lproj/Main.strings` as it does from `App`; nothing is refused as outside the
    /// folders checked, and `import` writes `.localized(…)`. (It was refused: `a link to
    /// '…/App/de.lproj/Main.strings', outside the folders checked`, and `import` wrote plain
    /// `text:` without a word.)
    @Test func aLinkedBaseLprojReadsTheTranslationsBesideIt() throws {
        let root = try Self.linkedBase()
        let absolute = root.appendingPathComponent("App/Base.lproj/Main.storyboard").path
        let runs: [(URL, String)] = [
            (root.appendingPathComponent("App"), "Base.lproj/Main.storyboard"),
            (root.appendingPathComponent("other"), absolute),
            (root.appendingPathComponent("other"), "../App/Base.lproj/Main.storyboard"),
            (root.appendingPathComponent("other"), "../App/Base.lproj"),
        ]
        for (folder, path) in runs {
            let r = try CLI.run(["check", "--format", "json", path], in: folder, timeout: 60)
            #expect(r.status == 1, "\(path): \(r.stdout)")
            #expect(r.stderr == "", "\(path)")
            let findings = try NothingLostRound3Tests.findings(r.stdout)
            #expect(findings.contains { $0.contains(Self.german) }, "\(path): \(findings)")
            #expect(!findings.contains { $0.contains("outside the folders checked") }, "\(path)")
        }
        for (folder, path) in runs where path.hasSuffix(".storyboard") {
            let r = try CLI.run(["import", path], in: folder, timeout: 60)
            #expect(r.status == 0, "\(path)")
            #expect(r.stdout.contains(#"text: .localized("wB1-tT-lE0.text", table: "Main", defaultValue: "Welcome back")"#), "\(path)")
        }
    }

    /// Standard input named by `--stdin-filename` (as an editor passes a storyboard not yet
    /// saved) reads the named file's translations from any working folder: from inside
    /// `Base.lproj` and from an unrelated folder, the German finding is there and nothing is
    /// refused. (It was refused: `invalid-catalog` on `de.lproj/Main.strings`, `a link to …,
    /// outside the folders checked`, and the German findings were gone.)
    @Test func standardInputReadsTheTranslationsOfTheFileItStandsFor() throws {
        let root = try NothingLostRound3Tests.app()
        let storyboard = root.appendingPathComponent("App/Base.lproj/Main.storyboard")
        let text = try String(contentsOf: storyboard, encoding: .utf8)
        let runs: [(URL, String)] = [
            (root.appendingPathComponent("App/Base.lproj"), "Main.storyboard"),
            (root.appendingPathComponent("other"), storyboard.path),
            (root.appendingPathComponent("other"), "../App/Base.lproj/Main.storyboard"),
        ]
        for (folder, name) in runs {
            let r = try CLI.run(["check", "--format", "json", "-", "--stdin-filename", name], in: folder, timeout: 60, stdin: text)
            #expect(r.status == 1, "\(name): \(r.stdout)")
            #expect(r.stderr == "", "\(name)")
            let findings = try NothingLostRound3Tests.findings(r.stdout)
            #expect(findings.contains { $0.contains(Self.german) }, "\(name): \(findings)")
            #expect(!findings.contains { $0.contains("outside the folders checked") }, "\(name)")
        }
    }

    // MARK: 2/5. Screen names

    /// A named screen's name has a ceiling (1000 Unicode scalars): past it, the entry is an
    /// `invalid-configuration` error at the name and the labels are measured on the default
    /// screens, so a name of a megabyte in a cloned repository's `labelspec.json` is not
    /// repeated in every finding (20 labels made `check` print 20 MB). A name of exactly 1000
    /// (two-byte) characters is taken and named in the finding.
    @Test func aScreenNameHasACeiling() throws {
        let dir = try CLI.temporaryDirectory()
        let labels = (0..<20).map { "label A\($0) {\n    text: \"Hello\"\n    font: .body\n    width: .screen\n}\n" }
        try Data(labels.joined(separator: "\n").utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        func config(_ name: String) throws {
            let json = #"{"screens": [{"name": ""# + name + #"", "width": 20, "sizeClass": "compact"}]}"#
            try Data(json.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        }
        try config(String(repeating: "x", count: 1_000_000))
        let huge = try CLI.run(["check", "--format", "json", "."], in: dir, timeout: 120)
        #expect(huge.status == 2)
        #expect(huge.stdout.utf8.count < 40_000, "\(huge.stdout.utf8.count) bytes")
        let rows = try Self.rows(huge.stdout)
        #expect(rows == ["1 23 error invalid-configuration 'name' must be at most 1000 characters (this one has 1000000)"])

        let name = String(repeating: "é", count: 1000)
        try config(name)
        let fine = try CLI.run(["check", "--format", "json", "."], in: dir, timeout: 120)
        #expect(fine.status == 0)
        let found = try Self.rows(fine.stdout)
        #expect(found.count == 20)
        #expect(found.first == "1 7 warning truncates truncates on \(name) at .large: \"…\" (20 pt: width .screen; and at 1 larger size)")
    }

    // MARK: 8. --locale xx

    /// A locale listed twice (`--locale xx,xx`, or `"locales": ["xx", "xx"]`) is one locale: the
    /// warning on standard error is said once and the hint names it once (it was said twice,
    /// and the hint read `no xx, xx translation of 'k'`).
    @Test func aLocaleListedTwiceIsOneLocale() throws {
        let dir = try CLI.temporaryDirectory()
        let label = "label A {\n    text: .localized(\"k\")\n    font: .body\n    width: 300\n}\n"
        try Data(label.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        try Data("\"k\" = \"Settings\";\n".utf8).write(to: dir.appendingPathComponent("Localizable.strings"))
        let warning =
            "labelspec: warning: no string table has the locale 'xx' (they have en); it is not measured: "
            + "the development language stands for it, as 'en (no xx table)'\n"
        let hint = ["2 5 hint missing-translation no xx translation of 'k': iOS shows the en text there; add one"]
        let r = try CLI.run(["check", "--format", "json", "--locale", "xx,xx", "."], in: dir, timeout: 60)
        #expect(r.status == 0)
        #expect(r.stderr == warning)
        #expect(try Self.rows(r.stdout) == hint, "\(r.stdout)")
        try Data(#"{"locales": ["xx", "xx"]}"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let c = try CLI.run(["check", "--format", "json", "."], in: dir, timeout: 60)
        #expect(c.status == 0)
        #expect(try Self.rows(c.stdout) == hint, "\(c.stdout)")
    }

    /// A storyboard's `de.lproj/Main.strings` that is a link out of the folders checked: one
    /// `invalid-catalog` error that says it is not read once (it said `…; not read; it is not
    /// read`).
    @Test func aTranslationLinkedOutOfTheFoldersCheckedIsSaidOnce() throws {
        let root = try NothingLostRound3Tests.app()
        let fm = FileManager.default
        let strings = root.appendingPathComponent("App/de.lproj/Main.strings")
        try fm.moveItem(at: strings, to: root.appendingPathComponent("other/Main.strings"))
        try fm.createSymbolicLink(atPath: strings.path, withDestinationPath: "../../other/Main.strings")
        let r = try CLI.run(
            ["check", "--format", "json", "Base.lproj/Main.storyboard"], in: root.appendingPathComponent("App"), timeout: 60)
        #expect(r.status == 1)
        let target = try #require(ReadRootsProbe.realPath(root.appendingPathComponent("other/Main.strings").path))
        #expect(
            try Self.rows(r.stdout).filter { $0.contains("invalid-catalog") } == [
                "1 1 error invalid-catalog cannot read the file: a link to '\(target)', outside the folders checked; not read"
            ], "\(r.stdout)")
    }

    // MARK: 10. Broken catalogs

    /// `measure` with a string table it cannot read says so on standard error and ends with 1,
    /// as `render` does: a String Catalog that does not parse and a `.strings` file iOS would
    /// not load (their labels are measured with their key). It said nothing and ended with 0.
    @Test func measureSaysATableItCouldNotRead() throws {
        let label = "label A {\n    text: .localized(\"k\")\n    font: .body\n    width: 300\n}\n"
        let cases: [(String, String, String)] = [
            (
                "Localizable.xcstrings", #"{"sourceLanguage": "en", "strings": {"k": "#,
                "Localizable.xcstrings:1:43: error: not valid JSON: unexpected end of JSON; the catalog is not read [invalid-catalog]\n"
            ),
            (
                "Localizable.strings", "\"k\" = \"x\"\n",
                "Localizable.strings:1:10: error: expected ';' after the value of \"k\"; add it (iOS does not load this file) [invalid-catalog]\n"
            ),
        ]
        for (name, text, said) in cases {
            let dir = try CLI.temporaryDirectory()
            try Data(label.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
            try Data(text.utf8).write(to: dir.appendingPathComponent(name))
            for format in ["text", "json"] {
                let r = try CLI.run(["measure", "--format", format, "a.labelspec"], in: dir, timeout: 60)
                #expect(r.status == 1, "\(name) \(format)")
                #expect(r.stderr == said, "\(name) \(format)")
                #expect(r.stdout.hasPrefix(format == "text" ? "a.labelspec:1: A at .large\n" : "["), "\(name) \(format)")
            }
        }
    }

    /// A spec's own table that is a link out of the folders checked (`App/Localizable.strings ->
    /// ../shared/Localizable.strings`, checked from `App`): not read, as any such link, but said,
    /// an `invalid-catalog` error at the table, and `check` ends with 1. It was left out without
    /// a word: the key was "in no String Catalog" and the status 0.
    @Test func aTableLinkedOutOfTheFoldersCheckedIsSaid() throws {
        let root = try CLI.temporaryDirectory()
        let fm = FileManager.default
        for folder in ["App", "shared"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let label = "label A {\n    text: .localized(\"k\")\n    font: .body\n    width: 300\n}\n"
        try Data(label.utf8).write(to: root.appendingPathComponent("App/a.labelspec"))
        try Data("\"k\" = \"Settings\";\n".utf8).write(to: root.appendingPathComponent("shared/Localizable.strings"))
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("App/Localizable.strings").path, withDestinationPath: "../shared/Localizable.strings")
        let target = try #require(ReadRootsProbe.realPath(root.appendingPathComponent("shared/Localizable.strings").path))
        let r = try CLI.run(["check", "--format", "json", "a.labelspec"], in: root.appendingPathComponent("App"), timeout: 60)
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(
            try Self.rows(r.stdout) == [
                "1 1 error invalid-catalog cannot read the file: a link to '\(target)', outside the folders checked; not read",
                "2 5 warning missing-localization no String Catalog has the key 'k'; add it or fix the key",
            ], "\(r.stdout)")
        // From the folder above, the link leads inside the folders checked: read.
        let above = try CLI.run(["check", "--format", "json", "App/a.labelspec"], in: root, timeout: 60)
        #expect(above.status == 0)
        #expect(try Self.rows(above.stdout) == [])
    }
}

/// The real path of a file, as the binary names a link's target.
enum ReadRootsProbe {
    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
