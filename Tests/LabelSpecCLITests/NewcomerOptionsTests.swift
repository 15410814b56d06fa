import Foundation
import Testing

/// Issue 24, the options a newcomer types, through the built binary.
@Suite struct NewcomerOptionsTests {
    func project() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try Data(LocaleCommandTests.catalog.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data(#"label A { text: "Hello there friend"; width: 60 }"#.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        return dir
    }

    func firstLines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(" ") } }

    /// `--content-size` takes lists (as `--locale` does) and the short names hovers print, in
    /// any case; an unknown name is refused with every valid one listed.
    @Test func contentSizesAsListsAndShortNames() throws {
        let dir = try project()
        let expected = [
            #"a.labelspec:1:7: warning: truncates at .large: "Hello…" (60 pt: width 60; and at 1 larger size) [truncates]"#,
            "Checked 1 file: 0 errors, 1 warning", String(CLI.standIn.dropLast()),
        ]
        for arguments in [["L,AX1"], ["l", "ax1"], ["large,.accessibilityMedium"], ["L", "--content-size", "L,AX1"]] {
            let r = try CLI.run(
                ["check", "a.labelspec"] + arguments.flatMap { $0 == "--content-size" ? [] : ["--content-size", $0] }, in: dir)
            #expect(r.status == 0)
            #expect(firstLines(r.stdout) == expected, "\(arguments)")
        }
        // labelspec.json's contentSizes take the same names.
        try Data(#"{ "contentSizes": ["L", "ax1"] }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let configured = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(firstLines(configured.stdout) == expected)
        let bad = try CLI.run(["check", "a.labelspec", "--content-size", "L,huge"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("The value 'L,huge' is invalid for '--content-size <content-size>'"))
        for name in ["extraSmall (xS)", "large (L)", "accessibilityMedium (AX1)", "accessibilityExtraExtraExtraLarge (AX5)", "all"] {
            #expect(bad.stderr.contains("  - \(name)\n"), "\(name)")
        }
    }

    /// `--locale xx`, a locale no string table has: said on standard error (the run goes on).
    @Test func aLocaleNoTableHasIsSaid() throws {
        let dir = try project()
        for command in ["check", "measure"] {
            let r = try CLI.run([command, "a.labelspec", "--locale", "xx,de"], in: dir)
            #expect(
                r.stderr
                    == "labelspec: warning: no string table has the locale 'xx' (they have de, en, ja); it is not measured: the development language stands for it, as 'en (no xx table)'\n",
                "\(command)")
            let known = try CLI.run([command, "a.labelspec", "--locale", "de,ja"], in: dir)
            #expect(known.stderr == "", "\(command)")
        }
    }

    /// `measure --matrix --content-size all`: the sizes as rows, so that the table is as wide as
    /// its locales (it was about 250 columns); two sizes keep them as columns.
    @Test func aMatrixOfEverySizeHasTheSizesAsRows() throws {
        let dir = try project()
        try Data(#"label A { text: .localized("share"); width: 100 }"#.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        let all = try CLI.run(["measure", "--matrix", "--content-size", "all", "a.labelspec"], in: dir)
        #expect(
            all.stdout == """
                a.labelspec:1: A
                        en         de         ja
                xS      fits       truncated  fits
                S       fits       truncated  fits
                M       fits       truncated  fits
                L       fits       truncated  fits
                xL      fits       truncated  fits
                xxL     fits       truncated  truncated
                xxxL    fits       truncated  truncated
                AX1     fits       truncated  truncated
                AX2     fits       truncated  truncated
                AX3     truncated  truncated  truncated
                AX4     truncated  truncated  truncated
                AX5     truncated  truncated  truncated

                """ + "\n" + CLI.withJapanese + "\n")
        // (The table's lines; the stand-in line after it is prose.)
        #expect(all.stdout.split(separator: "\n").filter { !$0.hasPrefix("Measured with") }.allSatisfy { $0.count <= 80 })
        let two = try CLI.run(["measure", "--matrix", "--content-size", "L,AX1", "a.labelspec"], in: dir)
        #expect(two.stdout.hasPrefix("a.labelspec:1: A\n        .large     .accessibilityMedium\nen      fits       fits\n"))
    }

    /// `measure` without `--locale` lays out what `check` lays out: the development language's
    /// text with the sample arguments, each plural form in a row of its own, named.
    @Test func measureDrawsTheDevelopmentLanguagesText() throws {
        let r = try CLI.run(["measure", "--content-size", "large", "Examples/Translations"])
        let headers = r.stdout.split(separator: "\n").filter { $0.hasPrefix("Examples/") }.map(String.init)
        #expect(headers.contains("Examples/Translations/Store.labelspec:54: BagCount (one) at .large"))
        #expect(headers.contains("Examples/Translations/Store.labelspec:54: BagCount (other) at .large"))
        #expect(r.stdout.contains("│1 item in your bag"))
        #expect(r.stdout.contains("│3 items in your bag"))
        #expect(r.stdout.contains("│Welcome back, Alexandra!"))
        #expect(!r.stdout.contains("%@") && !r.stdout.contains("cart.items"))
    }

    /// SARIF's help links name the docs the binary ships (here, the repository's), never a web
    /// site that may not exist.
    @Test func sarifHelpLinksPointAtShippedDocs() throws {
        let r = try CLI.run(["check", "--format", "sarif", "Examples/Mistakes.labelspec"])
        let repo = FileManager.default.currentDirectoryPath
        #expect(
            r.stdout.contains("\"helpUri\":\"" + URL(fileURLWithPath: repo + "/docs/diagnostics.md").absoluteString + "#truncates\"")
                || r.stdout.contains(
                    "\"helpUri\": \"" + URL(fileURLWithPath: repo + "/docs/diagnostics.md").absoluteString + "#truncates\"")
        )
        #expect(!r.stdout.contains("labelspec.dev"))
    }

    /// `import` of a storyboard with translations keeps them: a translated label becomes
    /// `.localized("ID.text", table: "Main", defaultValue: "…")`, and the imported file, in the
    /// same workspace, reports what the storyboard reports (issue 24, point 7; a font's finding in
    /// each one's words, issue 35 point 7).
    @Test func importKeepsTheStoryboardsTranslations() throws {
        let dir = try CLI.temporaryDirectory()
        let fm = FileManager.default
        for sub in ["Base.lproj", "de.lproj"] {
            try fm.copyItem(atPath: "Examples/InterfaceBuilder/" + sub, toPath: dir.appendingPathComponent(sub).path)
        }
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let imported = try CLI.run(["import", "Base.lproj/Main.storyboard", "-o", "Main.labelspec"], in: dir)
        #expect(imported.status == 0)
        let text = try String(contentsOf: dir.appendingPathComponent("Main.labelspec"), encoding: .utf8)
        #expect(
            text.contains(
                #"text: .localized("sUb-tI-tL1.text", table: "Main", defaultValue: "Capture sketches, voice memos and photos in one place.")"#
            ))
        // A label without a translation stays a literal.
        #expect(text.contains(#"text: "Everything stays on your device, and nothing is shared until you say so.""#))
        func findings(_ path: String) throws -> [String] {
            try CLI.run(["check", path], in: dir).stdout.split(separator: "\n")
                .filter { !$0.hasPrefix(" ") && !$0.hasPrefix("Checked") }
                .map { line in String(line.split(separator: " ", maxSplits: 1).last ?? "") }  // without the place
                // A storyboard's fonts are worded in Interface Builder's terms (what to tick), the
                // imported file's in LabelSpec's: the same finding, told for each.
                .map { line in
                    let worded = ["[fixed-size-font]", "[low-contrast]", "[custom-color]", "[wrap-autoshrink-conflict]"]
                    return worded.first { line.hasSuffix($0) }.map { (line.split(separator: ":").first ?? "") + ": " + $0 } ?? line
                }
        }
        let fromStoryboard = try findings("Base.lproj/Main.storyboard")
        #expect(fromStoryboard.contains { $0.hasPrefix("warning: truncates in de on iPhone SE (3rd generation) at .large") })
        // The same, but for what to change in Interface Builder, which the storyboard's
        // `truncates` add (the spec's offer code actions instead).
        let advice = "; in Interface Builder's Attributes inspector, "
        // Each says where its width came from in its own words: the storyboard, what its
        // constraints gave the label (the title pinned to the safe area, the subtitle to the
        // title's edges); the spec, its `width`.
        let sources = [
            ("between the safe area's leading edge + 24 and the safe area's trailing edge - 24", "width .safeArea - 48"),
            ("between the leading and trailing edges of \"Welcome back\"", "width .safeArea - 48"),
        ]
        let withoutAdvice = fromStoryboard.map { line -> String in
            var line = line
            for (a, b) in sources { line = line.replacingOccurrences(of: " pt: " + a, with: " pt: " + b) }
            guard let a = line.range(of: advice), let code = line.range(of: " [truncates]"), a.upperBound <= code.lowerBound else {
                return line
            }
            return String(line[..<a.lowerBound] + line[code.lowerBound...])
        }
        #expect(withoutAdvice != fromStoryboard)
        #expect(try findings("Main.labelspec").sorted() == withoutAdvice.sorted())
    }

    /// `<button>` titles are measured as labels, with the button's font, frame width and line
    /// break mode, their translations from `ID.normalTitle` (issue 24, point 7; a configuration's
    /// title from `ID.configuration.title`, issue 35 point 5), in `check` and `import`; the title
    /// colour of the normal state is checked for contrast.
    @Test func buttonTitlesAreMeasured() throws {
        let board = "Tests/Fixtures/Buttons/Base.lproj/Main.storyboard"
        let check = try CLI.run(["check", board])
        #expect(
            firstLines(check.stdout) == [
                #"\#(board):9:30: warning: truncates at .large: "Contin…yment" (120 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; and at 1 larger size) [truncates]"#,
                "\(board):11:97: warning: the font System 17 pt keeps 17 pt at every Dynamic Type size; choose the text style Body (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector [fixed-size-font]",
                #"\#(board):13:37: warning: contrast 4.01:1 of .link on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.01:1); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json [low-contrast]"#,
                #"\#(board):16:30: warning: truncates in de at .large: "Jetzt bezahlen mit Ih…" (176 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; the title's room: 24 pt less, for its insets and image; and at 1 larger size) [truncates]"#,
                "Checked 1 file: 0 errors, 4 warnings",
                String(CLI.standIn.dropLast()),
            ])
        let imported = try CLI.run(["import", board])
        #expect(
            imported.stdout.contains(
                """
                // Main.storyboard:9:29: <button id="bTn-01-aaa">
                label CheckoutButton {
                    text: "Continue to payment"
                    font: .system(size: 17)
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    width: 120
                    lineBreakMode: .byTruncatingMiddle
                    textColor: .link
                }
                """))
        #expect(imported.stdout.contains(#"text: .localized("bTn-02-bbb.configuration.title", table: "Main", defaultValue: "Pay now")"#))
    }
}
