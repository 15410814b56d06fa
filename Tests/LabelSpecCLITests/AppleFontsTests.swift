import Foundation
import JSON
import Testing

/// Issue 36, points 3 and 4: Apple's fonts from folders (`--font-dir`, `fontDirectories`), found
/// by Apple's file names, on Linux as on a Mac; the designs and tabular digits measured with them
/// or with their stand-ins. Tried with Debian's fonts under Apple's names (the look-up reads
/// names only), through the real binary.
@Suite struct AppleFontsTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let dejaVuMono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
    static let interBold = "/usr/share/fonts/opentype/inter/Inter-Bold.otf"

    /// A folder holding `files` (name: the font copied there).
    static func fontFolder(_ files: [String: String], in dir: URL) throws -> String {
        let folder = dir.appendingPathComponent("apple-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, source) in files { try FileManager.default.copyItem(atPath: source, toPath: folder + "/" + name) }
        return folder
    }

    /// `measure --format json`'s rows: label, widths of its lines and its fonts.
    static func rows(_ args: [String], in dir: URL) throws -> [String] {
        let result = try CLI.run(["measure", "--format", "json", "--content-size", "large"] + args, in: dir)
        #expect(result.stderr == "" && result.status == 0, "\(result.stderr)")
        return try JSONValue.parse(result.stdout).arrayValue?.map { row in
            let widths = row["lineWidths"]?.arrayValue?.compactMap(\.doubleValue).map { String(format: "%.2f", $0) } ?? []
            let fonts = row["fonts"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "\(row["label"]?.stringValue ?? "?") \(widths.joined(separator: " ")) \(fonts.joined(separator: ", "))"
                + (row["standIn"] == .bool(true) ? " (stand-in)" : "")
        } ?? []
    }

    static let spec = """
        label sys {
            text: "Hello"
            font: .body
            width: 300
        }
        label ref {
            text: "Hello"
            font: .custom("DejaVu Sans", size: 17, relativeTo: .body)
            width: 300
        }
        """

    /// `--font-dir` puts SF Pro's files first: the system font is the file named
    /// `SF-Pro-Text-Regular.otf`, with the system font's tracking (−0.43 pt a cluster at 17 pt):
    /// 5 × 0.43 = 2.15 pt narrower than the same font as a custom family (43.09 − 2.15 = 40.94).
    @Test func aFontDirMeasuresWithTheFilesItHolds() throws {
        let dir = try CLI.folder(["a.labelspec": Self.spec, "labelspec.json": "{}"])
        let fonts = try Self.fontFolder(["SF-Pro-Text-Regular.otf": Self.dejaVu], in: dir)
        #expect(try Self.rows(["a.labelspec"], in: dir) == ["sys 38.54 Inter (stand-in)", "ref 43.09 DejaVu Sans"])
        #expect(
            try Self.rows(["--font-dir", fonts, "a.labelspec"], in: dir) == ["sys 40.94 DejaVu Sans (stand-in)", "ref 43.09 DejaVu Sans"])
        // The same folder from labelspec.json, relative to it; --font-dir's folders come first.
        try Data(#"{ "fontDirectories": ["\#(fonts.split(separator: "/").last!)"] }"#.utf8)
            .write(to: dir.appendingPathComponent("labelspec.json"))
        #expect(try Self.rows(["a.labelspec"], in: dir).first == "sys 40.94 DejaVu Sans (stand-in)")
        let bold = try Self.fontFolder(["SF-Pro-Text-Regular.otf": Self.interBold], in: dir)
        #expect(try Self.rows(["--font-dir", bold, "a.labelspec"], in: dir).first == "sys 40.37 Inter (stand-in)")
    }

    /// SF Mono's file, when given, measures `.monospaced` as it is (DejaVu Sans Mono, 0.602 em, no
    /// tracking); without it the stand-in is DejaVu Sans Mono brought to SF Mono's 0.618 em. SF
    /// Pro Rounded stands in with SF Pro's stand-in; New York with Noto Serif. Given, SF Pro
    /// Rounded's file gets SF Pro's tracking (DejaVu Sans: 40.94, as SF Pro's file above), New
    /// York's none (DejaVu Serif at 17 pt as it is).
    @Test func designsMeasureWithAppleFilesElseTheirStandIns() throws {
        let spec = """
            label mono {
                text: "abc"
                font: .system(size: 20, design: .monospaced)
                width: 300
            }
            label rounded {
                text: "Hello"
                font: .system(.body, design: .rounded)
                width: 300
            }
            label serif {
                text: "Hello"
                font: .system(.body, design: .serif)
                width: 300
            }
            """
        let dir = try CLI.folder(["a.labelspec": spec, "labelspec.json": "{}"])
        #expect(
            try Self.rows(["a.labelspec"], in: dir) == [
                "mono 37.08 DejaVu Sans Mono (stand-in)", "rounded 38.54 Inter (stand-in)", "serif 42.11 Noto Serif (stand-in)",
            ])
        let fonts = try Self.fontFolder(
            [
                "SF-Mono-Regular.otf": Self.dejaVuMono, "SF-Pro-Rounded-Regular.otf": Self.dejaVu,
                "NewYork.ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
            ], in: dir)
        #expect(
            try Self.rows(["--font-dir", fonts, "a.labelspec"], in: dir) == [
                "mono 36.12 DejaVu Sans Mono (stand-in)", "rounded 40.94 DejaVu Sans (stand-in)", "serif 45.99 DejaVu Serif (stand-in)",
            ])
        let sarif = try JSONValue.parse(try CLI.run(["check", "--format", "sarif", "a.labelspec"], in: dir).stdout)
        let standsFor = sarif["runs"]?.arrayValue?.first?["properties"]?["fonts"]?.arrayValue?.map {
            "\($0["family"]?.stringValue ?? "") for \($0["standsFor"]?.stringValue ?? "-")"
        }
        #expect(
            standsFor == [
                "DejaVu Sans Mono for SF Mono", "Inter for SF Pro Rounded", "Inter Display for SF Pro Rounded", "Noto Serif for New York",
            ])
    }

    /// Apple's static SF Pro Rounded file is tracked by its own `trak` table (+200 units at 10 pt
    /// in the test font: 0.977 pt a cluster), SF Pro's Text file by the system font's table (0.12
    /// pt at 10 pt): "Hello" differs by 5 × 0.857 = 4.28 pt.
    @Test func applesStaticRoundedFilesTakeTheirOwnTracking() throws {
        let spec = """
            label rounded {
                text: "Hello"
                font: .system(size: 10, design: .rounded)
                width: 300
            }
            label text {
                text: "Hello"
                font: .system(size: 10)
                width: 300
            }
            """
        let dir = try CLI.folder(["a.labelspec": spec, "labelspec.json": "{}"])
        let tracked = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/Fonts/TrackedSans.ttf"
        let fonts = try Self.fontFolder(["SF-Pro-Rounded-Regular.otf": tracked, "SF-Pro-Text-Regular.otf": tracked], in: dir)
        #expect(
            try Self.rows(["--font-dir", fonts, "a.labelspec"], in: dir) == [
                "rounded 30.23 Tracked Sans (stand-in)", "text 25.95 Tracked Sans (stand-in)",
            ])
    }

    /// `.monospacedDigit()`: every digit as wide as the others (the font's `tnum`, and `0`'s
    /// advance where the stand-in's `tnum` is not tabular: Inter Display's at 34 pt); the letters
    /// are measured as without it.
    @Test func tabularDigitsAreOfOneWidth() throws {
        let spec = """
            label ones {
                text: "111"
                font: .body.monospacedDigit()
                width: 300
            }
            label zeros {
                text: "000"
                font: .body.monospacedDigit()
                width: 300
            }
            label proportional {
                text: "111"
                font: .body
                width: 300
            }
            label bigOnes {
                text: "111 Settings"
                font: .largeTitle.monospacedDigit()
                width: 300
            }
            label bigZeros {
                text: "000 Settings"
                font: .largeTitle.monospacedDigit()
                width: 300
            }
            label bigLetters {
                text: "Settings"
                font: .largeTitle.monospacedDigit()
                width: 300
            }
            label bigPlain {
                text: "Settings"
                font: .largeTitle
                width: 300
            }
            """
        let dir = try CLI.folder(["a.labelspec": spec, "labelspec.json": "{}"])
        let rows = try Self.rows(["a.labelspec"], in: dir)
        #expect(
            rows == [
                "ones 31.74 Inter (stand-in)", "zeros 31.74 Inter (stand-in)", "proportional 22.40 Inter (stand-in)",
                "bigOnes 192.70 Inter Display (stand-in)", "bigZeros 192.70 Inter Display (stand-in)",
                "bigLetters 121.67 Inter Display (stand-in)", "bigPlain 121.67 Inter Display (stand-in)",
            ])
    }

    /// A font file cut short (a download that stopped) opens in HarfBuzz and would measure as the
    /// font it names: in a font folder it is passed over (the stand-in measures), as `systemFont`
    /// it is refused, said.
    @Test func aFontFileCutShortIsNotUsed() throws {
        let dir = try CLI.folder(["a.labelspec": Self.spec, "labelspec.json": "{}"])
        let whole = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf"))
        let fonts = dir.appendingPathComponent("cut").path
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        // Its first 30,000 bytes: HarfBuzz opens it (its glyphs past the end read as nothing).
        try whole.prefix(30000).write(to: URL(fileURLWithPath: fonts + "/SF-Pro-Text-Regular.otf"))
        #expect(try Self.rows(["--font-dir", fonts, "a.labelspec"], in: dir).first == "sys 38.54 Inter (stand-in)")
        try Data(#"{ "systemFont": "cut/SF-Pro-Text-Regular.otf" }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let check = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(
            check.stdout.split(separator: "\n").first
                == "labelspec.json:1:3: error: systemFont: cannot use the font file 'cut/SF-Pro-Text-Regular.otf': a font file cut short (its tables run past its end); the default system font is used [invalid-configuration]"
        )
    }

    /// `.bold()` and `.weight(_:)` measure with that weight's face: `.title2.bold()` as wide as
    /// `.system(size: 22, weight: .bold)`, `.headline.weight(.regular)` as `.body`.
    @Test func weightModifiersMeasureWithThatWeight() throws {
        let spec = ["title2.bold()", "system(size: 22, weight: .bold)", "title2", "headline.weight(.regular)", "body"].enumerated()
            .map { "label L\($0.offset) {\n    text: \"Notifications and Settings\"\n    font: .\($0.element)\n    width: 600\n}\n" }
            .joined()
        let dir = try CLI.folder(["a.labelspec": spec, "labelspec.json": "{}"])
        #expect(
            try Self.rows(["a.labelspec"], in: dir) == [
                "L0 258.94 Inter, Inter Display (stand-in)", "L1 258.94 Inter, Inter Display (stand-in)",
                "L2 243.83 Inter, Inter Display (stand-in)", "L3 196.39 Inter (stand-in)", "L4 196.39 Inter (stand-in)",
            ])
    }

    /// A folder that cannot be used: `--font-dir` ends the run (exit 2); `fontDirectories` says
    /// where, leaves the entry out and keeps the others.
    @Test func foldersThatCannotBeUsedAreSaid() throws {
        let dir = try CLI.folder(["a.labelspec": Self.spec, "labelspec.json": "{}", "file.txt": "x"])
        let missing = try CLI.run(["measure", "--font-dir", "nope", "a.labelspec"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr == "labelspec: --font-dir: cannot use the folder 'nope': no such file or directory\n")
        let many = try CLI.run(["check"] + Array(repeating: ["--font-dir", "."], count: 33).flatMap { $0 } + ["a.labelspec"], in: dir)
        #expect(many.status == 2 && many.stderr == "labelspec: --font-dir: at most 32 folders are searched; 33 were given\n")
        let file = try CLI.run(["check", "--font-dir", "file.txt", "a.labelspec"], in: dir)
        #expect(file.status == 2 && file.stderr == "labelspec: --font-dir: cannot use the folder 'file.txt': not a folder\n")
        mkfifo(dir.appendingPathComponent("fifo").path, 0o644)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("loop").path, withDestinationPath: "loop")
        try Data(#"{ "fontDirectories": ["nope", "fifo", "loop", ".", 3] }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let list = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(list.status == 2)
        #expect(list.stdout.hasPrefix("labelspec.json:1:3: error: 'fontDirectories' must be a list of folders [invalid-configuration]"))
        try Data(#"{ "fontDirectories": ["nope", "fifo", "loop", ".", ""] }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let bad = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir)
        let messages = try JSONValue.parse(bad.stdout).arrayValue?.map {
            "\($0["column"]?.intValue ?? 0): \($0["message"]?.stringValue ?? "")"
        }
        #expect(
            messages == [
                "23: fontDirectories: cannot use the folder 'nope': no such file or directory; it is left out",
                "31: fontDirectories: cannot use the folder 'fifo': not a folder (a FIFO); it is left out",
                "39: fontDirectories: cannot use the folder 'loop': too many levels of symbolic links; it is left out",
                "52: fontDirectories: cannot use the folder '': an empty path; it is left out",
            ])
        let list33 = "[" + Array(repeating: #"".""#, count: 33).joined(separator: ", ") + "]"
        try Data(#"{ "fontDirectories": \#(list33) }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let capped = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir)
        #expect(
            try JSONValue.parse(capped.stdout).arrayValue?.compactMap { $0["message"]?.stringValue }.first
                == "fontDirectories: at most 32 folders are searched; '.' and the rest are left out")
    }
}
