import Foundation
import JSON
import Testing

/// `check`, `measure` and `import` on `.storyboard` and `.xib` files (docs/interface-builder.md).
@Suite struct InterfaceBuilderCommandTests {
    static let fixtures = "Tests/Fixtures/InterfaceBuilder"
    static let storyboard = fixtures + "/Onboarding/Base.lproj/Main.storyboard"
    static let xib = fixtures + "/ProfileCell.xib"

    /// Every diagnostic of the equivalent `.labelspec`, at the attribute or element it is about;
    /// the storyboard's German `.strings` measured as a locale.
    @Test func checkReportsLabelsAtTheirXML() throws {
        let result = try CLI.run(["check", "--format", "github", Self.fixtures], timeout: 120)
        let s = "file=\(Self.storyboard)"
        let x = "file=\(Self.xib)"
        #expect(
            result.stdout == """
                ::warning \(s),line=19,col=30,endLine=19,endColumn=35,title=truncates on iPhone SE (3rd generation) (327 pt)::truncates in de on iPhone SE (3rd generation) at .extraExtraExtraLarge: "Willkommen zur…" (327 pt: between the safe area's leading edge + 24 and the safe area's trailing edge - 24); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.95
                ::warning \(s),line=25,col=30,endLine=25,endColumn=35,title=truncates on iPhone SE (3rd generation) (327 pt)::truncates in de on iPhone SE (3rd generation) at .large: "Skizzen, Sprachmemos und Fotos an ein…" (327 pt: between the leading and trailing edges of "Welcome back"; also en at .large; and 1 larger size; on 2 more screens); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.65
                ::warning \(s),line=28,col=33,endLine=28,endColumn=91,title=low-contrast::contrast 3.43:1 of .secondaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.22:1); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json
                ::warning \(s),line=31,col=261,endLine=31,endColumn=274,title=wrap-autoshrink-conflict::Line Break Word Wrap with Lines 0 and Autoshrink: autoshrink scales text without adding line breaks; set Lines to 1, or choose a truncating Line Break, or Fixed Font Size under Autoshrink
                ::warning \(s),line=33,col=79,endLine=33,endColumn=104,title=fixed-size-font::Automatically Adjusts Font is off: the text style Footnote takes the user's text size when the view loads (13 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector
                ::warning \(s),line=34,col=33,endLine=34,endColumn=91,title=low-contrast::contrast 3.43:1 of .secondaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.22:1); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json
                ::error \(s),line=37,col=30,endLine=37,endColumn=35,title=missing-text::label 'WelcomeLabel' has no text; add text: "…" or inherit it from a style
                ::warning \(s),line=39,col=97,endLine=39,endColumn=99,title=fixed-size-font::the font System 17 pt keeps 17 pt at every Dynamic Type size; choose the text style Body (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector
                ::warning \(s),line=43,col=30,endLine=43,endColumn=36,title=fixed-size-font::the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector
                ::warning \(s),line=73,col=30,endLine=73,endColumn=35,title=custom-font::font 'Avenir Next' is not installed: measured with the system font, as iOS draws it; install the font (fontconfig must find the family)
                ::warning \(s),line=73,col=30,endLine=73,endColumn=35,title=truncates::truncates at .large: "Alexandra Fitzgerald…" (180 pt: width 180; between the safe area's leading edge + 16 and "€ 1,299.00 per year" - 20; and at 1 larger size); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.6
                ::warning \(s),line=75,col=131,endLine=75,endColumn=133,title=fixed-size-font::custom font 'Avenir Next' keeps 17 pt at every Dynamic Type size, and Interface Builder cannot scale it; choose the text style Body (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector, or scale it in code with UIFontMetrics
                ::notice \(s),line=76,col=33,endLine=76,endColumn=171,title=custom-color::a colour of fixed components: prefer a system colour such as Label Color (Color → System Colors), which adapts to dark mode and Increase Contrast
                ::warning \(s),line=76,col=33,endLine=76,endColumn=171,title=low-contrast::contrast 1.26:1 of #1E1E24 on .systemBackground in dark mode is below 3:1 (WCAG AA for bold text of 14 pt and larger); also dark mode with Increase Contrast (1.26:1); pick a Color or Background with more contrast in the Attributes inspector
                ::warning \(s),line=79,col=237,endLine=79,endColumn=255,title=no-effect::'baselineAdjustment' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on
                ::warning \(s),line=81,col=115,endLine=81,endColumn=117,title=fixed-size-font::the font System Semibold 17 pt keeps 17 pt at every Dynamic Type size; choose the text style Body (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector
                ::warning \(s),line=82,col=33,endLine=82,endColumn=88,title=low-contrast::contrast 2.21:1 of .systemGreen on .systemBackground in light mode is below 3:1 (WCAG AA for bold text of 14 pt and larger); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json
                ::warning \(s),line=85,col=30,endLine=85,endColumn=35,title=truncates::truncates at .large: "Storage almost…" (120 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; and at 1 larger size); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.85
                ::warning \(s),line=85,col=275,endLine=85,endColumn=290,title=deprecated::'minimumFontSize' is deprecated since iOS 6; use minimumScaleFactor: 0.6 (9 / 15 pt)
                ::warning \(s),line=87,col=101,endLine=87,endColumn=103,title=fixed-size-font::the font System Bold 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector
                ::warning \(s),line=95,col=79,endLine=95,endColumn=103,title=fixed-size-font::Automatically Adjusts Font is off: the text style Subheadline takes the user's text size when the view loads (15 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector
                ::warning \(s),line=96,col=33,endLine=96,endColumn=91,title=low-contrast::contrast 3.43:1 of .secondaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.22:1); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json
                ::warning \(x),line=28,col=25,endLine=28,endColumn=83,title=low-contrast::contrast 3.43:1 of .secondaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.22:1); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json
                ::warning \(x),line=31,col=22,endLine=31,endColumn=27,title=clipped::clipped at .large: shows "Downl" (64 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; a cell of a xib, as wide as the screen; and at 1 larger size)
                ::warning \(x),line=33,col=107,endLine=33,endColumn=109,title=fixed-size-font::the font System Semibold 20 pt keeps 20 pt at every Dynamic Type size; choose the text style Title 3 (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector

                """ + "::notice title=LabelSpec%3A stand-in fonts::"
                + CLI.standIns("Inter and Inter Display for SF Pro; Inter for Avenir Next") + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 1)
        // The base text alone, in English.
        let en = try CLI.run(["check", "--format", "github", "--locale", "en", Self.storyboard], timeout: 120)
        #expect(
            en.stdout.hasPrefix(
                """
                ::warning \(s),line=25,col=30,endLine=25,endColumn=35,title=truncates on iPhone SE (3rd generation) (327 pt)::truncates on iPhone SE (3rd generation) at .large: "Capture sketches, voice memos and pho…" (327 pt: between the leading and trailing edges of "Welcome back"; and at 1 larger size; on 2 more screens); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.7
                """))
    }

    @Test func textFormatShowsTheXMLLine() throws {
        let result = try CLI.run(["check", Self.xib], timeout: 60)
        #expect(
            result.stdout == """
                \(Self.xib):28:25: warning: contrast 3.43:1 of .secondaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.22:1); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json [low-contrast]
                    <color key="textColor" systemColor="secondaryLabelColor"/>
                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                \(Self.xib):31:22: warning: clipped at .large: shows "Downl" (64 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; a cell of a xib, as wide as the screen; and at 1 larger size) [clipped]
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" ver…
                     ^~~~~
                \(Self.xib):33:107: warning: the font System Semibold 20 pt keeps 20 pt at every Dynamic Type size; choose the text style Title 3 (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector [fixed-size-font]
                    <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="20"/>
                                                                                                      ^~
                Checked 1 file: 0 errors, 3 warnings

                """ + CLI.standIn)
        #expect(result.status == 0)
    }

    @Test func measureNamesEachLabelAtItsElementLine() throws {
        let result = try CLI.run(["measure", "--format", "json", "--content-size", "large", Self.xib], timeout: 60)
        let rows = try JSONValue.parse(result.stdout).arrayValue ?? []
        // A label whose width follows the screen is a row per screen; one of fixed width, one row.
        #expect(
            rows.map { $0["label"] } == [
                .string("Header"), .string("Header"), .string("Header"), .string("Meta"), .string("Meta"), .string("Meta"),
                .string("Label_dLd_2z_eF3"),
            ])
        #expect(rows.map { $0["line"] } == [.int(19), .int(19), .int(19), .int(25), .int(25), .int(25), .int(31)])
        #expect(
            rows.map { $0["width"] } == [.double(343), .double(361), .double(408), .double(375), .double(393), .double(440), .double(64)])
        let meta = JSONValue.array([.string("2.4 MB · Edited 5 min ago by Alexandra")])
        #expect(
            rows.map { $0["lines"] } == [
                .array([.string("Shared with you")]), .array([.string("Shared with you")]), .array([.string("Shared with you")]), meta,
                meta,
                meta, .array([.string("Downl")]),
            ])
        #expect(result.status == 0)
    }

    @Test func importWritesTheEquivalentLabelSpec() throws {
        let result = try CLI.run(["import", Self.xib], timeout: 60)
        #expect(
            result.stdout == """
                // Imported from ProfileCell.xib by labelspec import: 3 labels.

                // ProfileCell.xib:19:21: <label id="hDr-0x-aB1">
                label Header {
                    text: "Shared with you"
                    font: .headline
                    // width: between the superview's leading edge + 16 and the superview's trailing edge - 16; a cell of a xib, as wide as the screen
                    width: .safeArea - 32
                    lineBreakMode: .byTruncatingTail
                    textAlignment: .natural
                    textColor: .label
                }

                // ProfileCell.xib:25:21: <label id="mEt-1y-cD2">
                label Meta {
                    text: "2.4 MB · Edited 5 min ago by Alexandra"
                    font: .caption1
                    // width: nothing holds its width: the width of the view around it; a cell of a xib, as wide as the screen
                    width: .safeArea
                    numberOfLines: 0
                    lineBreakMode: .byTruncatingMiddle
                    textAlignment: .natural
                    adjustsFontSizeToFitWidth: true
                    minimumScaleFactor: 0.75
                    textColor: .secondaryLabel
                }

                // ProfileCell.xib:31:21: <label id="dLd-2z-eF3">
                label Label_dLd_2z_eF3 {
                    text: "Download"
                    font: .system(size: 20, weight: .semibold)
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time; a cell of a xib, as wide as the screen
                    width: 64
                    lineBreakMode: .byClipping
                    textAlignment: .center
                    allowsDefaultTighteningForTruncation: true
                    textColor: .link
                }

                """)
        #expect(result.status == 0)
        // -o writes the same text, which check accepts with the same findings, on the .labelspec lines.
        let dir = try CLI.temporaryDirectory()
        let out = dir.appendingPathComponent("ProfileCell.labelspec")
        #expect(try CLI.run(["import", Self.xib, "-o", out.path], timeout: 60).status == 0)
        // The same text, with the file it was imported from (relative to the spec's folder) on its
        // second line: the lines below it are one further down.
        var lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let source = lines.remove(at: 1)
        #expect(source.hasPrefix("// labelspec:source ../"))
        #expect(source.hasSuffix("/Tests/Fixtures/InterfaceBuilder/ProfileCell.xib"))
        #expect(lines.joined(separator: "\n") == result.stdout)
        let check = try CLI.run(["check", "--format", "github", out.path], timeout: 60)
        #expect(
            check.stdout == """
                ::warning file=\(out.path),line=26,col=16,endLine=26,endColumn=31,title=low-contrast::contrast 3.43:1 of .secondaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.22:1); Apple's colours, below WCAG AA by design: use .label for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json
                ::warning file=\(out.path),line=30,col=7,endLine=30,endColumn=23,title=clipped::clipped at .large: shows "Downl" (64 pt: width 64; and at 1 larger size)
                ::warning file=\(out.path),line=32,col=11,endLine=32,endColumn=47,title=fixed-size-font::'.system(size: 20)' keeps 20 pt at every Dynamic Type size; use a text style such as .title3.weight(.semibold), which scales

                """ + CLI.standInNotice)
    }

    @Test func importOfAStoryboardReadsMultiLineTextAndLeavesUnknownColoursAsComments() throws {
        let result = try CLI.run(["import", Self.storyboard], timeout: 60)
        #expect(
            result.stdout.contains(
                """
                label ProfileLabel {
                    text: "Storage almost full"
                    font: .system(size: 15).bold()
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    width: 120
                    lineBreakMode: .byTruncatingTail
                    textAlignment: .natural
                    adjustsFontSizeToFitWidth: true
                    minimumFontSize: 9
                    // textColor: named colour 'WarningText' of an asset catalog (not read)
                }
                """))
        #expect(result.stdout.contains("    text: \"Designer in Lisbon.\\nSketches every morning.\"\n"))
        #expect(result.stdout.hasPrefix("// Imported from Main.storyboard by labelspec import: 9 labels.\n"))
        // Its button's title, as a label with the button's width and line break mode, UIKit's
        // default button font (IB leaves it out), and no contrast check: its title is in the
        // tint colour it inherits.
        #expect(
            result.stdout.contains(
                """
                // Main.storyboard:43:29: <button id="gEt-St-bT4">
                label WelcomeButton {
                    text: .localized("gEt-St-bT4.normalTitle", table: "Main", defaultValue: "Get started")
                    // font: UIKit's default button title font, System 15 (Interface Builder does not write it)
                    font: .system(size: 15)
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    width: 345
                    lineBreakMode: .byTruncatingMiddle
                    // no contrast check: the title is drawn in the tint colour, which the button inherits
                }
                """))
    }

    /// Bad files end in one located error, never a crash or a hang.
    @Test(arguments: [
        (
            "malformed.xib", "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <label text=\"a\">\n</document>\n",
            "3:1", "Opening and ending tag mismatch: label line 2 and document"
        ),
        (
            "plist.xib", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n",
            "2:2", "not an Interface Builder file: its root element is <plist>, not <document type=\"com.apple.InterfaceBuilder3…\">"
        ),
        ("empty.storyboard", "", "1:1", "the file is empty: not an Interface Builder file"),
        (
            "bomb.storyboard",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\"><!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\"><!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\"><!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\"><!ENTITY h \"&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;\"><!ENTITY i \"&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;\">]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><label text=\"&i;\"/></document>\n",
            "3:88", "Entity 'i' not defined"
        ),
    ])
    func badFilesAreOneLocatedError(_ name: String, _ text: String, _ place: String, _ message: String) throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        let check = try CLI.run(["check", "--format", "github", file.path], timeout: 30)
        let (line, column) = (place.split(separator: ":")[0], place.split(separator: ":")[1])
        #expect(check.stdout.hasPrefix("::error file=\(file.path),line=\(line),col=\(column),"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix(",title=invalid-interface-builder::\(message)\n"), "\(check.stdout)")
        #expect(check.status == 1)
        let measure = try CLI.run(["measure", file.path], timeout: 30)
        #expect(measure.stderr.hasPrefix("\(file.path):\(place): error: \(message) [invalid-interface-builder]\n"), "\(measure.stderr)")
        #expect(measure.status == 1)
        let imported = try CLI.run(["import", file.path], timeout: 30)
        #expect(imported.stdout == "")
        #expect(imported.stderr.hasPrefix("\(file.path):\(place): error: \(message) [invalid-interface-builder]\n"))
        #expect(imported.status == 1)
    }

    /// The FIFO refusal of `.labelspec` files (`ProjectFiles.readFile`): never opened for
    /// reading, reported, and the other files still checked.
    @Test func fifoNamedStoryboardIsReportedAndTheRestChecked() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: CLI.packageRoot.appendingPathComponent(Self.xib).path, toPath: dir.appendingPathComponent("a.xib").path)
        #expect(mkfifo(dir.appendingPathComponent("b.storyboard").path, 0o644) == 0)
        let check = try CLI.run(["check", "--format", "github", dir.path], timeout: 30)
        #expect(check.stderr == "labelspec: cannot read '\(dir.path)/b.storyboard': not a regular file (a FIFO)\n")
        #expect(check.stdout.components(separatedBy: "\n").filter { $0.contains("a.xib") }.count == 3)
        #expect(check.status == 2)
        let imported = try CLI.run(["import", dir.appendingPathComponent("b.storyboard").path], timeout: 30)
        #expect(imported.stderr == "labelspec: cannot read '\(dir.path)/b.storyboard': not a regular file (a FIFO)\n")
        #expect(imported.status == 2)
    }

    /// A 50 MB storyboard (100,000s of views, some labels) is streamed, not held as a tree.
    @Test func fiftyMegabyteStoryboardIsChecked() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("Big.storyboard")
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n<scenes>\n"
        let view =
            "<view contentMode=\"scaleToFill\" id=\"v\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"393\" height=\"852\"/><autoresizingMask key=\"autoresizingMask\" widthSizable=\"YES\" heightSizable=\"YES\"/></view>\n"
        let views = String(repeating: view, count: 10_000)
        var labels = 0
        while text.utf8.count < 50_000_000 {
            text += views
            text +=
                "<label text=\"Label \(labels)\" adjustsFontSizeToFit=\"NO\" id=\"l\(labels)\"><rect key=\"frame\" width=\"200\"/></label>\n"
            labels += 1
        }
        text += "</scenes>\n</document>\n"
        try Data(text.utf8).write(to: file)
        let check = try CLI.run(["check", file.path], timeout: 120)
        #expect(check.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
        #expect(check.status == 0)
    }

    @Test func foldersIncludeInterfaceBuilderFiles() throws {
        let dir = try CLI.temporaryDirectory()
        let result = try CLI.run(["check", dir.path], timeout: 30)
        #expect(result.stderr == "labelspec: no .labelspec, .storyboard, .xib or .swift files in '\(dir.path)'\n")
        try FileManager.default.copyItem(
            atPath: CLI.packageRoot.appendingPathComponent(Self.xib).path, toPath: dir.appendingPathComponent("Cell.xib").path)
        try Data("label A { text: \"a\" }\n".utf8).write(to: dir.appendingPathComponent("A.labelspec"))
        let both = try CLI.run(["check", dir.path], timeout: 30)
        #expect(both.stdout.hasSuffix("Checked 2 files: 0 errors, 3 warnings\n" + CLI.standIn))
    }

    @Test func formatLeavesInterfaceBuilderFilesAlone() throws {
        let result = try CLI.run(["format", Self.xib], timeout: 30)
        #expect(
            result.stderr
                == "labelspec: '\(Self.xib)' is an Interface Builder file; not formatted (labelspec import \(Self.xib) prints it as .labelspec)\n"
        )
        #expect(result.status == 1)
    }

    /// The storyboard's .strings are locales of the matrix.
    @Test func matrixHasTheStringsLocales() throws {
        let result = try CLI.run(["measure", "--matrix", "--content-size", "large", Self.storyboard], timeout: 60)
        #expect(
            result.stdout.hasPrefix(
                """
                \(Self.storyboard):19: Title
                on iPhone SE (3rd generation) (327 pt)
                        .large
                en      fits
                de      fits

                on iPhone 16 (345 pt)
                        .large
                en      fits
                de      fits

                on iPhone 16 Pro Max (392 pt)
                        .large
                en      fits
                de      fits

                \(Self.storyboard):25: WelcomeBody
                on iPhone SE (3rd generation) (327 pt)
                        .large
                en      truncated
                de      truncated

                on iPhone 16 (345 pt)
                        .large
                en      truncated
                de      truncated

                on iPhone 16 Pro Max (392 pt)
                        .large
                en      truncated
                de      truncated

                \(Self.storyboard):31: PrivacyNote
                        .large
                text    2 lines

                """))
    }

    /// A translation that is not UTF-8 is an invalid-catalog error on it; the base text is measured.
    @Test func unreadableStringsAreReportedOnTheirFile() throws {
        let dir = try CLI.temporaryDirectory()
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        try fm.copyItem(
            atPath: CLI.packageRoot.appendingPathComponent(Self.xib).path, toPath: dir.appendingPathComponent("Base.lproj/Cell.xib").path)
        try Data([0x22, 0x61, 0x22, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22, 0x3B]).write(
            to: dir.appendingPathComponent("fr.lproj/Cell.strings"))
        let result = try CLI.run(["check", "--format", "github", dir.path], timeout: 30)
        #expect(
            result.stdout.contains(
                "::error file=\(dir.path)/fr.lproj/Cell.strings,line=1,col=8,endLine=1,endColumn=9,title=invalid-catalog::not UTF-8 or UTF-16 text; save it as UTF-8 (the file is not read)\n"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("Base.lproj/Cell.xib,line=31,col=22"))
        #expect(result.status == 1)
    }

    /// A value LabelSpec refuses is its diagnostic, at the value between the quotes.
    @Test func badValuesPointAtTheAttributeValue() throws {
        let dir = try CLI.temporaryDirectory()
        var text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(Self.xib), encoding: .utf8)
        text = text.replacingOccurrences(of: "numberOfLines=\"0\" baselineAdjustment", with: "numberOfLines=\"-1\" baselineAdjustment")
            .replacingOccurrences(of: "lineBreakMode=\"clip\"", with: "lineBreakMode=\"bogusMode\"")
            .replacingOccurrences(of: "minimumScaleFactor=\"0.75\"", with: "minimumScaleFactor=\"1.5\"")
        let file = dir.appendingPathComponent("Values.xib")
        try Data(text.utf8).write(to: file)
        let result = try CLI.run(["check", "--format", "github", "--content-size", "large", file.path], timeout: 30)
        let f = "file=\(file.path)"
        #expect(
            result.stdout == """
                ::error \(f),line=25,col=267,endLine=25,endColumn=269,title=invalid-number::'numberOfLines' must be 0 (as many lines as needed) or more
                ::error \(f),line=25,col=367,endLine=25,endColumn=370,title=invalid-scale-factor::'minimumScaleFactor' must be in (0, 1]; use 1
                ::warning \(f),line=28,col=25,endLine=28,endColumn=83,title=low-contrast::contrast 3.43:1 of .secondaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.22:1); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with \"severity\": {\"low-contrast\": \"information\"} in labelspec.json
                ::warning \(f),line=31,col=22,endLine=31,endColumn=27,title=truncates::truncates at .large: "Dow…" (64 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; a cell of a xib, as wide as the screen); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.7
                ::error \(f),line=31,col=203,endLine=31,endColumn=212,title=type-mismatch::'lineBreakMode' expects .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle, not '.bogusMode'
                ::warning \(f),line=33,col=107,endLine=33,endColumn=109,title=fixed-size-font::the font System Semibold 20 pt keeps 20 pt at every Dynamic Type size; choose the text style Title 3 (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector

                """ + CLI.standInNotice)
        #expect(result.status == 1)
    }

    /// "Automatically Adjusts Font" off (IB writes nothing): `fixed-size-font` at the font (the
    /// text does not follow a change of the setting while the app runs); both labels are
    /// measured at every size. A label's own background colour is what its text's contrast is
    /// judged on.
    @Test func dynamicTypeAndBackgroundAreRead() throws {
        let dir = try CLI.temporaryDirectory()
        func label(_ id: String, _ extra: String, _ inner: String) -> String {
            """
                    <label opaque="NO" text="Notifications" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" \(extra)id="\(id)">
                        <rect key="frame" x="16" y="0.0" width="160" height="21"/>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                        \(inner)
                    </label>

            """
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
            \(label("aaa-aa-aa1", "", "<color key=\"textColor\" systemColor=\"labelColor\"/>"))\(label("aaa-aa-aa2", "adjustsFontForContentSizeCategory=\"YES\" ", "<color key=\"textColor\" white=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"/>\n            <color key=\"backgroundColor\" systemColor=\"systemBlueColor\"/>"))    </objects>
            </document>

            """
        let file = dir.appendingPathComponent("Type.xib")
        try Data(xml.utf8).write(to: file)
        let result = try CLI.run(
            ["check", "--format", "github", "--content-size", "large", "--content-size", "accessibilityLarge", file.path], timeout: 30)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let f = "file=\(file.path)"
        #expect(
            lines.first { $0.contains("fixed-size-font") }
                == "::warning \(f),line=6,col=59,endLine=6,endColumn=80,title=fixed-size-font::Automatically Adjusts Font is off: the text style Body takes the user's text size when the view loads (17 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector"
        )
        #expect(
            lines.filter { $0.contains("title=truncates") } == [
                "::warning \(f),line=4,col=10,endLine=4,endColumn=15,title=truncates::truncates at .accessibilityLarge: \"Notificati…\" (160 pt: its frame: it is in no view LabelSpec lays out); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.85",
                "::warning \(f),line=9,col=10,endLine=9,endColumn=15,title=truncates::truncates at .accessibilityLarge: \"Notificati…\" (160 pt: its frame: it is in no view LabelSpec lays out); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.85",
            ])
        #expect(lines.contains { $0.contains("title=low-contrast") && $0.contains("on .systemBlue") })
    }
}
