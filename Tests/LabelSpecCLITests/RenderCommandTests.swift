import Foundation
import JSON
import Testing

/// `labelspec render` through the binary (issue 27): the manifest, the pictures and the page, and
/// the folder it writes, which it replaces only when it is a report of its own.
@Suite struct RenderCommandTests {
    static let spec = """
        label Title {
            text: "Download the latest version"
            font: .custom("Inter", size: 17)
            width: 150
        }

        label Footer {
            text: "Saved"
            font: .custom("Inter", size: 17)
            width: 150
        }

        """

    func project() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try Self.spec.write(to: dir.appendingPathComponent("UI.labelspec"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aReportHasAManifestPicturesAndAPage() throws {
        let dir = try project()
        let r = try CLI.run(["render", "UI.labelspec", "--out", "report", "--content-size", "large,AX1"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "")
        // A custom font without `relativeTo` does not grow: each label is one picture at both sizes.
        #expect(r.stderr == "labelspec: 2 labels, 2 pictures, 1 failing: report/index.html\n")
        let manifest = try JSONValue.parse(Array(Data(contentsOf: dir.appendingPathComponent("report/manifest.json"))))
        let rows = try #require(manifest.arrayValue)
        #expect(rows.count == 4)
        let first = rows[0]
        #expect(first["file"]?.stringValue == "UI.labelspec")
        #expect(first["label"]?.stringValue == "Title")
        #expect(first["line"]?.intValue == 1)
        #expect(first["contentSize"]?.stringValue == "large")
        #expect(first["locale"] == .null)
        #expect(first["screen"] == .null)
        #expect(first["width"] == .double(150))
        #expect(first["height"] == .double(20.57))
        #expect(first["lineHeight"] == .double(20.57))
        #expect(first["fontSize"] == .double(17))
        #expect(first["lines"] == .array([.string("Download the lat…")]))
        #expect(first["truncated"] == .bool(true))
        #expect(first["clipped"] == .bool(false))
        #expect(first["fonts"] == .array([.string("Inter")]))
        // Each picture a file named by its content, shared by the rows that show it.
        let names = rows.map { $0["svg"]?.stringValue ?? "" }
        #expect(names[0] == names[1] && names[2] == names[3] && names[0] != names[2], "\(names)")
        #expect(names.allSatisfy { $0.wholeMatch(of: /svg\/[0-9a-f]{16}\.svg/) != nil }, "\(names)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("report/svg").path).sorted()
                == Set(names).map { String($0.dropFirst(4)) }.sorted())
        for row in rows {
            let svg = try String(contentsOf: dir.appendingPathComponent("report/" + (row["svg"]?.stringValue ?? "")), encoding: .utf8)
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(!svg.contains("<text") && !svg.contains("<style"))
        }
        let page = try String(contentsOf: dir.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(page.contains("\"name\":\"Title\",\"failing\":2"))
        #expect(page.contains("\"incomplete\":false"))
        #expect(!page.contains("http://") || !page.contains("src=\"http"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("report").path).sorted()
        #expect(entries == [".labelspec-report", "index.html", "manifest.json", "svg"])
        // Nothing left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["UI.labelspec", "report"])
    }

    @Test func aReportIsReplacedWholeAndNothingElseIs() throws {
        let dir = try project()
        #expect(try CLI.run(["render", "UI.labelspec", "--out", "report", "-q"], in: dir).status == 0)
        // Again: the old report is replaced (a stale picture does not survive).
        try "stale".write(to: dir.appendingPathComponent("report/svg/99-Old.svg"), atomically: true, encoding: .utf8)
        let again = try CLI.run(["render", "UI.labelspec", "--out", "report", "-q"], in: dir)
        #expect(again.status == 0 && again.stderr == "")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("report/svg/99-Old.svg").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["UI.labelspec", "report"])

        // A folder with anything else in it, the project's own folder, a file, a link: refused,
        // untouched, before any work.
        let refusals: [(String, String)] = [
            (".", "name a folder of its own, not '.'"),
            ("UI.labelspec", "it is a file, not a folder"),
            ("link", "it is a symbolic link"),
            ("busy", "it holds files that are not a report of 'labelspec render'"),
            ("missing/report", "its parent folder 'missing' does not exist"),
            // A web folder that looks like a report, without the report's marker.
            ("web", "it holds files that are not a report of 'labelspec render'"),
        ]
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("web/svg"), withIntermediateDirectories: true)
        for name in ["manifest.json", "index.html", "svg/logo.svg"] {
            try "{}".write(to: dir.appendingPathComponent("web/" + name), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link").path, withDestinationPath: "report")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("busy"), withIntermediateDirectories: true)
        try "keep".write(to: dir.appendingPathComponent("busy/notes.txt"), atomically: true, encoding: .utf8)
        for (out, reason) in refusals {
            let r = try CLI.run(["render", "UI.labelspec", "--out", out], in: dir)
            #expect(r.status == 2, "\(out)")
            #expect(r.stderr == "labelspec: cannot write the report to '\(out)': \(reason)\n", "\(out)")
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("busy/notes.txt"), encoding: .utf8) == "keep")
        #expect(try String(contentsOf: dir.appendingPathComponent("UI.labelspec"), encoding: .utf8) == Self.spec)
        #expect(try String(contentsOf: dir.appendingPathComponent("web/svg/logo.svg"), encoding: .utf8) == "{}")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["UI.labelspec", "busy", "link", "report", "web"])
    }

    /// Only a report's own files are replaced: a file or a folder put in its `svg/` makes it
    /// not a report (refused, untouched); Finder's `.DS_Store` is no obstacle. The report is as
    /// readable as any new folder (not mkdtemp's 0700), and keeps an old folder's mode.
    @Test func aReportHoldsOnlyItsOwnFiles() throws {
        let dir = try project()
        #expect(try CLI.run(["render", "UI.labelspec", "--out", "r", "-q"], in: dir).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("r").path)[.posixPermissions] as? Int
        #expect(mode == 0o755 || mode == 0o775 || mode == 0o777, "\(String(mode ?? 0, radix: 8))")
        try "x".write(to: dir.appendingPathComponent("r/svg/precious.txt"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["render", "UI.labelspec", "--out", "r", "-q"], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr == "labelspec: cannot write the report to 'r': it holds files that are not a report of 'labelspec render'\n")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r/svg/precious.txt").path))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("r/svg/precious.txt"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("r/svg/sub"), withIntermediateDirectories: false)
        #expect(try CLI.run(["render", "UI.labelspec", "--out", "r", "-q"], in: dir).status == 2)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("r/svg/sub"))
        // Finder's file, at either level: replaced with the report.
        try "".write(to: dir.appendingPathComponent("r/.DS_Store"), atomically: true, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent("r/svg/.DS_Store"), atomically: true, encoding: .utf8)
        chmod(dir.appendingPathComponent("r").path, 0o750)
        let again = try CLI.run(["render", "UI.labelspec", "--out", "r", "-q"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        let kept = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("r").path)[.posixPermissions] as? Int
        #expect(kept == 0o750)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["UI.labelspec", "r"])
    }

    /// A report written without some of its labels exits 1 (each problem said); 2 is for a
    /// report not written.
    @Test func aReportWithoutSomeLabelsExits1() throws {
        let dir = try project()
        try "{ \"colour\": 1 }".write(to: dir.appendingPathComponent("labelspec.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "UI.labelspec", "--out", "r", "-q"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("unknown key 'colour'"))
        // The page says it may be incomplete.
        let page = try String(contentsOf: dir.appendingPathComponent("r/index.html"), encoding: .utf8)
        #expect(page.contains("\"incomplete\":true"))
    }

    /// A string table that is not read (a String Catalog that does not parse; a storyboard's
    /// `de.lproj/Main.strings` iOS would not load) is said on standard error, whatever severity
    /// labelspec.json gives `invalid-catalog`, the run exits 1 and the page says it may be
    /// incomplete: a label is not drawn as its key, or without its German rows, without a word.
    @Test func aStringTableNotReadIsSaid() throws {
        let dir = try CLI.temporaryDirectory()
        try "label Title {\n    text: .localized(\"greeting\")\n    width: 150\n}\n".write(
            to: dir.appendingPathComponent("UI.labelspec"), atomically: true, encoding: .utf8)
        try #"{ "sourceLanguage": "en", "strings": { "greeting": { "#.write(
            to: dir.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        try #"{ "severity": { "invalid-catalog": "off" } }"#.write(
            to: dir.appendingPathComponent("labelspec.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "UI.labelspec", "--out", "r", "-q", "--content-size", "large"], in: dir)
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "Localizable.xcstrings:1:54: error: not valid JSON: unexpected end of JSON; the catalog is not read [invalid-catalog]\n")
        let page = try String(contentsOf: dir.appendingPathComponent("r/index.html"), encoding: .utf8)
        #expect(page.contains("\"incomplete\":true"))

        let ib = try CLI.temporaryDirectory()
        let example = CLI.packageRoot.appendingPathComponent("Examples/InterfaceBuilder")
        for folder in ["Base.lproj", "de.lproj"] {
            try FileManager.default.copyItem(at: example.appendingPathComponent(folder), to: ib.appendingPathComponent(folder))
        }
        let strings = ib.appendingPathComponent("de.lproj/Main.strings")
        try (String(contentsOf: strings, encoding: .utf8) + "\"x\" = ;").write(to: strings, atomically: true, encoding: .utf8)
        let s = try CLI.run(["render", ".", "--out", "r", "-q", "--content-size", "large"], in: ib)
        #expect(s.status == 1)
        #expect(
            s.stderr
                == "de.lproj/Main.strings:13:7: error: expected a value after '=' for \"x\", not ';'; write a quoted string (iOS does not load this file) [invalid-catalog]\n"
        )
        #expect(try String(contentsOf: ib.appendingPathComponent("r/index.html"), encoding: .utf8).contains("\"incomplete\":true"))
    }

    /// Colour emoji: each distinct one's PNG once per picture, in `<defs>`, placed with `<use>`
    /// at each occurrence (it was a PNG at every occurrence: 82 MB for a 1 MB text).
    @Test func eachEmojiIsWrittenOncePerPicture() throws {
        let dir = try CLI.temporaryDirectory()
        let text = String(repeating: "🎉", count: 40) + " " + String(repeating: "🥳", count: 40)
        try "label Party {\n    text: \"\(text)\"\n    width: 300\n    numberOfLines: 0\n}\n".write(
            to: dir.appendingPathComponent("P.labelspec"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "P.labelspec", "--out", "r", "-q", "--content-size", "large"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try JSONValue.parse(Array(Data(contentsOf: dir.appendingPathComponent("r/manifest.json"))))
        let name = try #require(manifest.arrayValue?.first?["svg"]?.stringValue)
        let svg = try String(contentsOf: dir.appendingPathComponent("r/" + name), encoding: .utf8)
        #expect(svg.components(separatedBy: "data:image/png;base64,").count - 1 == 2)
        #expect(svg.components(separatedBy: "<image id=\"e").count - 1 == 2)
        #expect(svg.components(separatedBy: "<use xlink:href=\"#e1\"").count - 1 == 40)
        #expect(svg.components(separatedBy: "<use xlink:href=\"#e2\"").count - 1 == 40)
        #expect(svg.utf8.count < 40_000, "\(svg.utf8.count) bytes")
    }

    /// Identical pictures are one file (issue 33): named by their content, shared by every
    /// manifest row and page cell that shows them, across labels and files; the closing line
    /// counts the files. A report of an earlier version (`N-Label.svg`) is still replaced.
    @Test func identicalPicturesAreOneFile() throws {
        let dir = try CLI.temporaryDirectory()
        let label = "    text: \"Saved\"\n    font: .custom(\"Inter\", size: 17)\n    width: 150\n}\n"
        try ("label A {\n" + label + "\nlabel B {\n" + label).write(
            to: dir.appendingPathComponent("A.labelspec"), atomically: true, encoding: .utf8)
        try ("label C {\n" + label + "\nlabel D {\n" + label.replacingOccurrences(of: "150", with: "160")).write(
            to: dir.appendingPathComponent("C.labelspec"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("r/svg"), withIntermediateDirectories: true)
        try "A report of labelspec render; the whole folder is replaced by the next run.\n".write(
            to: dir.appendingPathComponent("r/.labelspec-report"), atomically: true, encoding: .utf8)
        for name in ["manifest.json", "index.html", "svg/1-Title.svg", "svg/2-Title_2.svg"] {
            try "x".write(to: dir.appendingPathComponent("r/" + name), atomically: true, encoding: .utf8)
        }
        let r = try CLI.run(["render", ".", "--out", "r", "--content-size", "large"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "labelspec: 4 labels, 2 pictures, 0 failing: r/index.html\n")
        let rows = try #require(try JSONValue.parse(Array(Data(contentsOf: dir.appendingPathComponent("r/manifest.json")))).arrayValue)
        let svg = rows.map { $0["svg"]?.stringValue ?? "" }
        #expect(rows.map { $0["label"]?.stringValue ?? "" } == ["A", "B", "C", "D"])
        #expect(svg[0] == svg[1] && svg[1] == svg[2] && svg[3] != svg[0], "\(svg)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("r/svg").path).sorted()
                == [svg[0], svg[3]].map { String($0.dropFirst(4)) }.sorted())
        let page = try String(contentsOf: dir.appendingPathComponent("r/index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "\"svg\":\"\(svg[0])\"").count - 1 == 3)
    }

    /// A label's text cannot end the page's data or inject markup: it is JSON in a script
    /// element with every `<` escaped, and the pictures' titles are escaped XML.
    @Test func hostileTextStaysText() throws {
        let dir = try CLI.temporaryDirectory()
        let text = #"</script><script>alert(1)</script> \"quoted\" & <b>"#
        try "label Evil {\n    text: \"\(text)\"\n    width: 100\n}\n".write(
            to: dir.appendingPathComponent("E.labelspec"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "E.labelspec", "--out", "r", "-q"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let page = try String(contentsOf: dir.appendingPathComponent("r/index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "<script").count == 3)  // the data and the page's own script
        #expect(page.components(separatedBy: "</script>").count == 3)
        let svgs = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("r/svg").path)
        #expect(svgs.count == 2)
        let svg = try String(contentsOf: dir.appendingPathComponent("r/svg/" + (svgs.first ?? "")), encoding: .utf8)
        #expect(svg.contains("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt;</title>"))
    }

    @Test func standardInputIsRendered() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            ["render", "-", "--stdin-filename", "In.labelspec", "--out", "r", "-q"], in: dir,
            stdin: "label A {\n    text: \"Hello\"\n    width: 100\n}\n")
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try JSONValue.parse(Array(Data(contentsOf: dir.appendingPathComponent("r/manifest.json"))))
        let rows = try #require(manifest.arrayValue)
        // At the default sizes, .large and .extraExtraExtraLarge.
        #expect(rows.map { $0["file"]?.stringValue ?? "" } == ["In.labelspec", "In.labelspec"])
        #expect(rows.map { $0["contentSize"]?.stringValue ?? "" } == ["large", "extraExtraExtraLarge"])
        #expect(rows.map { $0["lines"] ?? .null } == [.array([.string("Hello")]), .array([.string("Hello")])])
    }

    /// The manifest's rows are `measure --locale all`'s: the same rows in the same order, with the
    /// same lines and flags, in every locale of a String Catalog.
    @Test func theManifestIsMeasuresRows() throws {
        let out = try CLI.temporaryDirectory().appendingPathComponent("r")
        let args = ["Examples/Translations", "--content-size", "large,xxxL"]
        let r = try CLI.run(["render"] + args + ["--out", out.path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let measured = try CLI.run(["measure"] + args + ["--locale", "all", "--format", "json"])
        let m = try #require(try JSONValue.parse(measured.stdout).arrayValue)
        let rows = try #require(try JSONValue.parse(Array(Data(contentsOf: out.appendingPathComponent("manifest.json")))).arrayValue)
        #expect(rows.count == m.count)
        #expect(rows.count > 50)
        for (a, b) in zip(rows, m) {
            for key in ["file", "label", "line", "contentSize", "locale", "pluralForm", "lines", "truncated", "clipped", "width", "height"]
            {
                #expect(a[key] == b[key], "\(key): \(a[key] ?? .null) against measure's \(b[key] ?? .null)")
            }
        }
        #expect(rows.contains { $0["locale"]?.stringValue == "ja" && $0["truncated"] == .bool(true) })
    }

    /// On a terminal, the progress line counts files measured, then pictures drawn, and is
    /// cleared before the closing line; never in a pipe.
    @Test func progressCountsFilesThenPictures() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let labels = (0..<300).map { "label L\($0) { text: \"Some text to measure \($0)\"; width: 120 }\n" }.joined()
        let dir = try CLIHabitsTests.project(["a.labelspec": labels])
        let tty = try CLIHabitsTests.onTerminal(
            "render a.labelspec --out r --content-size all", in: dir, environment: ["LABELSPEC_PROGRESS_AFTER": "0", "NO_COLOR": "1"])
        #expect(tty.stdout.contains("\r\u{1B}[2Klabelspec: drew "), "\(tty.stdout.suffix(300))")
        #expect(tty.stdout.contains("/3600 pictures · "))
        #expect(
            tty.stdout.hasSuffix("\r\u{1B}[2Klabelspec: 300 labels, 3600 pictures, 300 failing: r/index.html\r\n"),
            "\(tty.stdout.suffix(200))")
        let pipe = try CLI.run(
            ["render", "a.labelspec", "--out", "r2", "--content-size", "all"], in: dir, environment: ["LABELSPEC_PROGRESS_AFTER": "0"])
        #expect(pipe.stderr == "labelspec: 300 labels, 3600 pictures, 300 failing: r2/index.html\n")
        #expect(!pipe.stderr.contains("\u{1B}"))
    }

    /// Stopped by SIGTERM (a CI job's timeout) or Ctrl-C, render leaves nothing: its unfinished
    /// report is removed, and the process ends as the signal ends it.
    @Test func aSignalLeavesNothingBehind() throws {
        let labels = (0..<2000).map { "label L\($0) { text: \"Some text to measure \($0)\"; width: 120 }\n" }.joined()
        let dir = try CLIHabitsTests.project(["a.labelspec": labels])
        for delay in [0.3, 1.0] {
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["render", "a.labelspec", "--out", "r", "-q", "--content-size", "all"]
            process.currentDirectoryURL = dir
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            process.terminate()
            process.waitUntilExit()
            let entries = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            if process.terminationReason == .uncaughtSignal {
                #expect(process.terminationStatus == SIGTERM)
                #expect(entries == ["a.labelspec"], "after \(delay) s")
            } else {
                // It finished first: the report, and nothing else.
                #expect(entries == ["a.labelspec", "r"], "after \(delay) s")
                try FileManager.default.removeItem(at: dir.appendingPathComponent("r"))
            }
        }
    }
}
