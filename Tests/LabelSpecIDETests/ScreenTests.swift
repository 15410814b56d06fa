import JSON
import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSyntax
import LabelVocabulary
import Testing

@testable import LabelSpecIDE

/// Issue 26: widths that follow the screen, the device table, `screens`, and the screen as the
/// fit matrix's third axis.
@Suite struct ScreenTests {
    static let se = DeviceTable.device(named: "iPhone SE (3rd generation)")!.screen(.portrait)
    static let proMax = DeviceTable.device(named: "iPhone 16 Pro Max")!.screen(.portrait)
    static let airLandscape = DeviceTable.device(named: "iPad Air 13-inch (M3)")!.screen(.landscape)

    /// The label `A`'s widths on `screens`, and the diagnostics of the document.
    func widths(_ width: String, on screens: [ScreenGeometry] = DeviceTable.defaultScreens) -> (LabelWidths, [String]) {
        let text = "label A {\n    text: \"x\"\n    width: \(width)\n}\n"
        let w = workspace(["a": text])
        let info = w.documents["a"]!.orderedItems[0].info
        let m = FitMatrix.of(info, in: w, plan: MeasuringPlan().at([.large]).on(screens)).groups[0]
        return (m.widths, w.diagnostics(for: "a").map { "\($0.code.rawValue): \($0.message)" })
    }

    func points(_ width: String, on screen: ScreenGeometry) -> Double? { widths(width, on: [screen]).0.widths.first ?? nil }

    /// The issue's three forms work exactly as written; `*` and `/` bind tighter than `+` and
    /// `-`, operators of one strength apply left to right, brackets group.
    @Test func expressionsResolvePerScreen() {
        #expect(points(".screen - 32", on: Self.se) == 343)
        #expect(points(".margins - 44 - 12", on: Self.se) == 287)
        #expect(points("(.screen - 48) / 2", on: Self.se) == 163.5)
        #expect(points(".screen - 2 * 3", on: Self.se) == 369)
        #expect(points(".screen - 10 - 5", on: Self.se) == 360)
        #expect(points(".screen - (10 - 5)", on: Self.se) == 370)
        #expect(points(".screen-32", on: Self.se) == 343)
        #expect(points(".safeArea", on: Self.airLandscape) == 1366)
        #expect(points(".min(.margins, 400)", on: Self.se) == 343)
        #expect(points(".min(.margins, 400)", on: Self.proMax) == 400)
        #expect(points(".max(.margins, 360)", on: Self.se) == 360)
        #expect(points(".sizeClass(compact: .margins, regular: 600)", on: Self.se) == 343)
        #expect(points(".sizeClass(compact: .margins, regular: 600)", on: Self.airLandscape) == 600)
        // A landscape phone: the safe area takes the notch's inset on both sides, the margins
        // follow the size class (regular on a Pro Max).
        let landscape = DeviceTable.device(named: "iPhone 16 Pro Max")!.screen(.landscape)
        #expect(landscape.width == 956 && landscape.sizeClass == .regular)
        #expect(points(".safeArea", on: landscape) == 832)
        #expect(points(".margins", on: landscape) == 792)
    }

    /// Distinct widths narrowest first, each with its screens; a constant expression is a
    /// number (no screen axis); a label without a width is at each screen's margins.
    @Test func distinctWidthsAndTheirScreens() {
        let se2 = DeviceTable.device(named: "iPhone SE (2nd generation)")!.screen(.portrait)
        let (w, d) = widths(".screen - 32", on: [Self.proMax, Self.se, se2])
        #expect(d.isEmpty)
        #expect(w.widths == [343, 408])
        #expect(w.screens.map { $0.map(\.name) } == [["iPhone SE (3rd generation)", "iPhone SE (2nd generation)"], ["iPhone 16 Pro Max"]])
        let constant = widths("100 + 20")
        #expect(constant.0.kind == .fixed && constant.0.widths == [120])
        let text = "label A { text: \"x\" }\n"
        let ws = workspace(["a": text])
        let m = FitMatrix.of(
            ws.documents["a"]!.orderedItems[0].info, in: ws,
            plan: MeasuringPlan().at([.large, .accessibilityLarge]).on(DeviceTable.defaultScreens)
        ).groups[0]
        #expect(m.widths.kind == .atMargins)
        #expect(m.widths.widths == [343, 361, 408])
        #expect(m.inputs.map { $0?.width } == [343, 343, 361, 361, 408, 408])
    }

    /// What is not a length, with the language's usual messages and fixes.
    @Test func errorsInLengths() {
        #expect(
            widths(".screne - 32").1 == [
                "type-mismatch: 'width' expects points > 0 or a length of the screen (.screen, .safeArea, .margins), not '.screne'; did you mean '.screen'?"
            ])
        #expect(
            widths(".screen * .margins").1 == [
                "type-mismatch: 'width' expects points > 0 or a length of the screen (.screen, .safeArea, .margins), not a product of two screen lengths; multiply by a number"
            ])
        #expect(widths("300 / .screen").1.first?.hasSuffix("not a division by a screen length; divide by a number") == true)
        #expect(widths(".screen / 0").1 == ["invalid-number: 'width' divides by 0"])
        #expect(widths("10 - 20").1 == ["invalid-number: 'width' must be greater than 0"])
        #expect(widths(".screen -32").1 == ["syntax: unexpected '-32'; to subtract, put a space after '-'"])
        #expect(widths(".screen - \"a\"").1.first?.hasSuffix("not a string") == true)
        #expect(widths(".min(.screen)").1.first?.hasSuffix("write .min(a, b) with two or more lengths") == true)
        #expect(widths(".sizeClass(regular: 1, compact: 2)").1.first?.hasSuffix("write .sizeClass(compact: a, regular: b)") == true)
        #expect(widths(".screen -").1 == ["syntax: expected a value"])
        let long = ".screen" + String(repeating: " - .margins", count: 70)
        #expect(widths(long).1 == ["invalid-number: 'width' has more than 64 terms; simplify it"])
    }

    /// A chain of 50,000 operators parses as one flat node per strength: no deep tree, no stack
    /// to overflow; checked in about linear time (the terms past 64 are not read).
    @Test func aVeryLongExpressionIsOneLevelDeep() {
        let chain = ".screen" + String(repeating: " - 1 * 2", count: 50_000)
        let (w, d) = widths(chain)
        #expect(d == ["invalid-number: 'width' has more than 64 terms; simplify it"])
        // Not a width: the label is measured as one without.
        #expect(w.kind == .atMargins)
    }

    /// The device table's figures that the issue names, and the windows of an iPad whose
    /// Split View widths swift-snapshot-testing lists (the 12.9-inch: 1024 × 1366).
    @Test func theDeviceTable() {
        let sizes: [(String, Double, Double)] = [
            ("iPhone SE (3rd generation)", 375, 667), ("iPhone 13 mini", 375, 812), ("iPhone 16e", 390, 844), ("iPhone 16", 393, 852),
            ("iPhone 16 Plus", 430, 932), ("iPhone 16 Pro", 402, 874), ("iPhone 16 Pro Max", 440, 956), ("iPhone 17", 402, 874),
            ("iPhone 17 Pro", 402, 874), ("iPhone 17 Pro Max", 440, 956), ("iPhone Air", 420, 912), ("iPad mini (A17 Pro)", 744, 1133),
            ("iPad (A16)", 820, 1180), ("iPad Air 11-inch (M3)", 820, 1180), ("iPad Air 13-inch (M3)", 1024, 1366),
            ("iPad Pro 11-inch (M4)", 834, 1210), ("iPad Pro 13-inch (M4)", 1032, 1376),
        ]
        for (name, w, h) in sizes {
            let d = DeviceTable.device(named: name)
            #expect(d?.portraitWidth == w && d?.portraitHeight == h, "\(name)")
        }
        #expect(Set(DeviceTable.devices.map(\.name)).count == DeviceTable.devices.count)
        #expect(Self.se.margins == 343 && Self.se.sizeClass == .compact && Self.se.idiom == .phone)
        let air = DeviceTable.device(named: "iPad Air 13-inch (M3)")!
        let landscape = WindowShare.allCases.map { air.window($0, .landscape).map { "\($0.width) \($0.sizeClass)" } }
        #expect(landscape == ["375.0 compact", "678.0 regular", "981.0 regular"])
        #expect(air.window(.oneThird, .portrait)?.width == 375)
        #expect(air.window(.twoThirds, .portrait).map { "\($0.width) \($0.sizeClass)" } == "639.0 compact")
        let pro11 = DeviceTable.device(named: "iPad Pro 11-inch (M4)")!
        #expect(pro11.window(.oneThird, .portrait)?.width == 320)
        #expect(pro11.window(.twoThirds, .portrait)?.width == 504)
        #expect(Self.se.name == "iPhone SE (3rd generation)")
        #expect(DeviceTable.device(named: "iPhone 16")!.window(.half, .landscape) == nil)
        #expect(DeviceTable.defaultScreens.map(\.width) == [375, 393, 440])
    }

    /// Each problem of a `screens` entry at the entry (or the member it is about).
    func problems(_ screens: String) -> (Configuration, [String]) {
        let text = #"{ "screens": "# + screens + " }"
        let file = ConfigurationFile(path: "/nowhere/labelspec.json", text: Array(text.utf8))
        let bytes = Array(text.utf8)
        return (file.configuration, file.diagnostics.map { "\($0.message) @ \(String(decoding: bytes[$0.range], as: UTF8.self))" })
    }

    @Test func screensInLabelspecJSON() {
        let (c, found) = problems(
            #"["iPhone SE (3rd generation)", {"device": "iPhone 16 Pro Max", "orientation": "landscape"}, {"device": "iPad Air 13-inch (M3)", "window": "1/3"}, {"name": "Display Zoom", "width": 320, "sizeClass": "compact"}]"#
        )
        #expect(found.isEmpty)
        #expect(
            c.screens.map { "\($0.name) \($0.width) \($0.margins)" } == [
                "iPhone SE (3rd generation) 375.0 343.0", "iPhone 16 Pro Max (landscape) 956.0 792.0",
                "iPad Air 13-inch (M3) (1/3, landscape) 375.0 343.0", "Display Zoom 320.0 288.0",
            ])
        #expect(
            problems(#"["iPhone SE"]"#).1 == [
                "unknown device 'iPhone SE'; did you mean 'iPhone SE (2nd generation)', 'iPhone SE (3rd generation)'? @ \"iPhone SE\""
            ])
        #expect(problems(#"[{"device": "iPhone 61"}]"#).1 == [#"unknown device 'iPhone 61'; did you mean 'iPhone 16'? @ "iPhone 61""#])
        #expect(
            problems(#"[{"device": "iPhone 16", "orientation": "sideways"}]"#).1 == [
                #"'orientation' must be "portrait" or "landscape" @ "sideways""#
            ])
        #expect(
            problems(#"[{"device": "iPhone 16", "window": "1/2"}]"#).1 == [
                #"'iPhone 16' is an iPhone: it has no windows; give an orientation instead @ "1/2""#
            ])
        #expect(
            problems(#"[{"name": "Zoom", "width": 0, "sizeClass": "compact"}]"#).1 == [
                "'width' must be a number of points greater than 0 and at most 100000 @ 0"
            ])
        #expect(problems(#"[{"name": "Zoom", "width": 320}]"#).1 == [#"'sizeClass' must be "compact" or "regular" @ "Zoom""#])
        #expect(
            problems("[]").1 == [
                #"'screens' must be "all" or a list of one or more screens: device names such as "iPhone SE (3rd generation)", or objects @ "screens""#
            ])
        // A problem keeps the default.
        #expect(problems(#"["iPhone 16", "nope"]"#).0.screens == DeviceTable.defaultScreens)
        #expect(problems(#""all""#).0.screens.count == DeviceTable.devices.count)
        // The editor's setting is the same key, read the same way.
        let editor = ConfigurationReader.editor(
            try! JSONValue.parse(Array(#"{ "screens": ["iPhone 16e", "iPhone SE"] }"#.utf8)), onto: Settings(), folder: nil)
        #expect(
            editor.problems.map(\.message) == [
                "unknown device 'iPhone SE'; did you mean 'iPhone SE (2nd generation)', 'iPhone SE (3rd generation)'?"
            ])
        let good = ConfigurationReader.editor(
            try! JSONValue.parse(Array(#"{ "screens": ["iPhone 16e"] }"#.utf8)), onto: Settings(), folder: nil)
        #expect(good.settings.configuration.screens.map(\.name) == ["iPhone 16e"])
    }

    func check(
        _ text: String, screens: [ScreenGeometry] = DeviceTable.defaultScreens, sizes: [ContentSizeCategory] = [.large]
    ) -> [String] {
        var configuration = Configuration()
        configuration.screens = screens
        return Checks.diagnostics(of: "a", in: workspace(["a": text]), measurer: Measurer(), plan: MeasuringPlan(configuration).at(sizes))
            .map { "\($0.code.rawValue): \($0.message)" + ($0.screen.map { " [\($0.name) \($0.width)]" } ?? "") }
    }

    /// One finding per label, at the narrowest screen that fails, its width, the other screens
    /// counted; a label without a width is measured at the margins and says so; a width that
    /// comes to 0 or less on a screen is an error naming it.
    @Test func findingsNameTheScreen() {
        let row = "label Row {\n    text: \"Notifications and sounds for every conversation\"\n    width: .screen - 32\n}\n"
        #expect(
            check(row, sizes: [.large, .extraExtraExtraLarge]) == [
                #"truncates: truncates on iPhone SE (3rd generation) at .large: "Notifications and sounds for every convers…" (343 pt: width .screen - 32; and at 1 larger size; on 2 more screens) [iPhone SE (3rd generation) 343.0]"#
            ])
        #expect(check(row, screens: [Self.proMax]) == [])
        let none =
            "label NoWidth {\n    text: \"A long line of text that is wider than any phone screen in portrait, surely, at the default size\"\n}\n"
        #expect(
            check(none) == [
                #"truncates: truncates on iPhone SE (3rd generation) at .large: "A long line of text that is wider than any ph…" (343 pt: no width: the screen's margins; on 2 more screens) [iPhone SE (3rd generation) 343.0]"#
            ])
        #expect(check("label Short { text: \"OK\" }\n") == [])
        #expect(
            check("label N {\n    text: \"x\"\n    width: .margins - 380\n}\n") == [
                "invalid-number: 'width' comes to -37 pt on iPhone SE (3rd generation) (and on 1 more screen): .margins - 380; make it wider than 0 there or leave that screen out"
            ])
        // A number keeps its meaning: measured once, no screen.
        #expect(
            check("label F {\n    text: \"A long line of text that is wider than 100 points\"\n    width: 100\n}\n") == [
                #"truncates: truncates at .large: "A long line…" (100 pt: width 100)"#
            ])
    }

    /// The first pass lays out each text at each size at the narrowest width only; wider widths
    /// are laid out where that one does not fit (`WidthSearch`); the kept diagnostics are
    /// measured again when the screens change.
    @Test func eachDistinctWidthIsMeasuredOnce() {
        let text = "label A {\n    text: \"x\"\n    width: .min(.screen, 380) - 32\n}\n"
        var configuration = Configuration()
        configuration.screens = DeviceTable.allScreens
        let w = workspace(["a": text])
        let snapshot = Checks.snapshot(of: "a", in: w, plan: MeasuringPlan(configuration).at([.large, .accessibilityLarge]))
        // 375 and every wider phone or iPad: 343 and 348; the first pass at 343 only.
        #expect(snapshot.layoutCount == 2)
        let cache = DiagnosticsCache()
        _ = Checks.snapshot(of: "a", in: w, plan: MeasuringPlan(configuration).at([.large]), cache: cache).diagnostics(measurer: Measurer())
        #expect(Checks.snapshot(of: "a", in: w, plan: MeasuringPlan(configuration).at([.large]), cache: cache).builtChunks == 0)
        configuration.screens = [Self.se]
        #expect(Checks.snapshot(of: "a", in: w, plan: MeasuringPlan(configuration).at([.large]), cache: cache).builtChunks == 1)
    }
}

extension ScreenTests {
    /// The hover draws the label at its narrowest width, names that screen, lists every screen
    /// with what fails there, and says from which width it fits; the inlay hint names the
    /// screen it is cut on.
    @Test func hoverAndInlayHintNameTheScreens() throws {
        let text = "label Row {\n    text: \"Notifications and sounds\"\n    width: .screen - 200\n}\n"
        let w = workspace(["a": text])
        let doc = w.documents["a"]!
        let hover = Hover.content(
            at: 7, in: doc, workspace: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]).on(DeviceTable.defaultScreens))
        let md = try #require(hover.markdown())
        #expect(md.hasPrefix("**Row** at .large on iPhone SE (3rd generation) (175 pt) — 1 line · truncated"))
        #expect(
            md.contains(
                """
                | screen | width | |
                |---|---|---|
                | iPhone SE (3rd generation) | 175 pt | truncated at .large |
                | iPhone 16 | 193 pt | fits |
                | iPhone 16 Pro Max | 240 pt | fits |

                Fits from 189.5 pt.
                """))
        // Bisection to half a point, checked against a layout on each side.
        let from = try #require(md.split(separator: "\n").last { $0.hasPrefix("Fits from ") })
        let points = try #require(Double(from.dropFirst("Fits from ".count).dropLast(" pt.".count)))
        var input = LayoutInputs.input(for: doc.orderedItems[0].info, in: w, contentSize: .large)!
        input.width = points
        #expect(try Measurer().layout(input).get().isTruncated == false)
        input.width = points - 0.5
        #expect(try Measurer().layout(input).get().isTruncated == true)
        let hints = InlayHints.hints(in: doc, range: 0..<text.utf8.count, workspace: w, measurer: Measurer(), plan: .plain())
        #expect(hints.map(\.label) == ["1 line"])  // no screens: one intrinsic line
        let pending = InlayHints.prepare(
            in: doc, range: 0..<text.utf8.count, workspace: w, plan: MeasuringPlan().at([.large]).on(DeviceTable.defaultScreens))
        #expect(InlayHints.measure(pending, measurer: Measurer()).map(\.label) == ["1 line · truncated on iPhone SE (3rd generation)"])
        // Without a width: said so.
        let none = workspace(["a": "label N { text: \"Hi\" }\n"])
        let noneHover = Hover.content(
            at: 7, in: none.documents["a"]!, workspace: none, measurer: Measurer(),
            plan: MeasuringPlan().at([.large]).on(DeviceTable.defaultScreens))
        #expect(noneHover.markdown()?.contains("No `width`: measured at each screen's margins.") == true)
    }
}

extension ScreenTests {
    /// Completion offers the screen lengths after `width:` and after an operator; semantic
    /// tokens classify the operators; hover over a width says what it comes to on each screen
    /// and what the name under the cursor is; `format` keeps expressions as written.
    @Test func editorFeaturesKnowTheNewForms() throws {
        #expect(Completion.context(prefix: "    width: .screen - .ma", inBlock: true) == .value(property: "width", hasDot: true))
        #expect(Completion.context(prefix: "    width: (.screen - 48) / ", inBlock: true) == .value(property: "width", hasDot: false))
        #expect(Completion.context(prefix: "    font: .body - ", inBlock: true) == CompletionContext.none)
        let text = "label A {\n    text: \"x\"\n    width: .min(.margins, 600) - 8 * 2\n}\n"
        let w = workspace(["a": text])
        let doc = w.documents["a"]!
        let afterDot = "label A {\n    text: \"x\"\n    width: .screen - .\n}\n"
        let w2 = workspace(["a": afterDot])
        let offered = Completion.items(at: offset(of: "- .", in: afterDot, plus: 3), in: w2.documents["a"]!, workspace: w2)
        #expect(offered.map(\.label) == [".screen", ".safeArea", ".margins", ".min(a, b)", ".max(a, b)", ".sizeClass(compact:regular:)"])
        #expect(offered.map { $0.insertText ?? "" }.prefix(3) == ["screen", "safeArea", "margins"])
        var chunks: [SemanticToken] = []
        doc.syntax.forEachLeafChunk { chunk, offset in chunks += SemanticTokens.tokens(inChunk: chunk, at: offset) }
        let operators = chunks.filter { $0.type == .operator }.map { slice(text, $0.range) }
        #expect(operators == [".", ".", "-", "*"])
        let hover = Hover.content(
            at: offset(of: "margins", in: text, plus: 2), in: doc, workspace: w, measurer: Measurer(),
            plan: MeasuringPlan().at([.large]).on([Self.se, Self.airLandscape]))
        #expect(
            hover.markdown() == """
                **width** `.min(.margins, 600) - 8 * 2`

                `.margins`: The safe area less the system layout margins: 16 pt a side in compact width, 20 in regular. A label without a width is measured here.

                | screen | width |
                |---|---|
                | iPhone SE (3rd generation) | 327 pt |
                | iPad Air 13-inch (M3) (landscape) | 584 pt |

                """)
        let formatted = try Formatter.format(Array("label A {\n    text: \"x\"\n    width:(.screen-48)/2\n}\n".utf8))
        #expect(String(decoding: formatted, as: UTF8.self) == "label A {\n    text: \"x\"\n    width: (.screen - 48) / 2\n}\n")
    }
}

extension ScreenTests {
    /// What `check` reports after the bisection over widths equals what laying out every text
    /// at every size at every width gives, on every device of the table, for labels that fit
    /// everywhere, nowhere, or from some width on (wrapping, truncating, clipping, autoshrink,
    /// line limits, heights).
    @Test func theWidthSearchAgreesWithLayingOutEveryWidth() {
        let texts = [
            "OK", "Save to library", "Allow notifications while the app is closed",
            "Benachrichtigungen zulassen, auch wenn die App geschlossen ist",
            "A long line of text that is wider than any phone screen in portrait, surely, at the default size and more",
            "Supercalifragilisticexpialidocious-and-then-some-more-characters",
        ]
        let widths = [
            ".screen - 32", ".margins - 51 - 12", "(.screen - 48) / 2", ".min(.margins, 600)",
            ".sizeClass(compact: .margins - 100, regular: 500)", "", ".safeArea - 200",
        ]
        let modes = [
            "numberOfLines: 1", "numberOfLines: 2", "numberOfLines: 0\n    height: 40",
            "numberOfLines: 1\n    adjustsFontSizeToFitWidth: true\n    minimumScaleFactor: 0.7",
            "numberOfLines: 1\n    lineBreakMode: .byClipping", "numberOfLines: 2\n    lineBreakMode: .byWordWrapping",
        ]
        var spec = ""
        var n = 0
        for (t, text) in texts.enumerated() {
            for (k, width) in widths.enumerated() {
                let mode = modes[(t + k) % modes.count]
                spec +=
                    "label L\(n) {\n    text: \"\(text)\"\n    font: .body\n" + (width.isEmpty ? "" : "    width: \(width)\n")
                    + "    \(mode)\n}\n"
                n += 1
            }
        }
        var configuration = Configuration()
        configuration.screens =
            DeviceTable.allScreens + DeviceTable.devices.filter { $0.idiom == .phone }.map { $0.screen(.landscape) }
            + [ScreenGeometry(name: "Zoomed", width: 320, sizeClass: .compact)]
        let categories: [ContentSizeCategory] = [.large, .extraExtraExtraLarge, .accessibilityLarge]
        // Several texts per label: the development language and two pseudo-locales.
        spec += "label Localized {\n    text: .localized(\"share\")\n    width: .screen - 200\n}\n"
        var pseudo = Configuration()
        pseudo.pseudoLocales = [.doubleLength, .accented]
        let plan = MeasuringPlan(
            pseudo,
            localizations: Localizations(catalogs: [
                Catalog.read(xcstrings: Array(LocaleMatrixTests.catalog.utf8), path: "/p/Localizable.xcstrings")
            ]))
        let w = workspace(["a": spec])
        w.localizations = plan.localizations
        let measurer = Measurer()
        let found = Checks.diagnostics(of: "a", in: w, measurer: measurer, plan: plan.at(categories).on(configuration.screens))
            .filter { $0.code == .truncates || $0.code == .clipped }
        // Every width laid out.
        var expected: [Diagnostic] = []
        for (info, offset) in w.documents["a"]!.orderedItems {
            let m = FitMatrix.of(info, in: w, plan: plan.at(categories).on(configuration.screens)).groups[0]
            let layouts = MeasuredChecks.layoutAll(m.inputs, measurer: measurer)
            expected += MeasuredChecks.diagnostics(for: info, at: offset, group: m, layouts: layouts[...]).filter {
                $0.code == .truncates || $0.code == .clipped
            }
        }
        #expect(found.count > 20)
        #expect(found.map(\.message) == expected.map(\.message))
        #expect(found.contains { $0.message.contains("more screens") })
        #expect(found.contains { $0.code == .clipped })
        #expect(found.contains { $0.message.hasPrefix("truncates in ") && $0.message.contains("also ") })
    }
}

extension ScreenTests {
    /// Hostile `screens`: thousands of unknown names are 32 problems and a count (only those
    /// 32 compared with the devices); a megabyte of name is shown cut, with no suggestion.
    @Test func hostileScreensAreBoundedProblems() {
        let many = "[" + (0..<5_000).map { "\"iPhone \($0)\"" }.joined(separator: ",") + "]"
        let (c, found) = problems(many)
        // iPhone 12 to 17 are devices: 4,994 entries name none.
        #expect(found.count == 33)
        #expect(found.contains(#"'screens': 4962 more entries name no screen or repeat a name @ "screens""#))
        #expect(c.screens == DeviceTable.defaultScreens)
        let long = String(repeating: "x", count: 1_000_000)
        let (_, one) = problems("[\"\(long)\"]")
        #expect(one.count == 1)
        #expect(
            one.first?.hasPrefix(
                "unknown device '" + String(repeating: "x", count: ScreensReader.longestName)
                    + "…'; see the device table in docs/language.md @ ") == true)
    }
}

extension ScreenTests {
    /// A hover lists 40 screens at most, then how many more there are.
    @Test func aHoverListsFortyScreensAtMost() throws {
        let w = workspace(["a": "label A {\n    text: \"Hello\"\n    width: .screen - 32\n}\n"])
        let screens = (0..<100).map { ScreenGeometry(name: "S\($0)", width: Double(300 + $0), sizeClass: .compact) }
        let md = try #require(
            Hover.content(at: 7, in: w.documents["a"]!, workspace: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]).on(screens))
                .markdown())
        #expect(md.split(separator: "\n").filter { $0.hasPrefix("| S") && $0.contains(" pt |") }.count == 40)
        #expect(md.contains("\n… 60 more screens.\n"))
    }
}

extension ScreenTests {
    static let deviceCatalog = """
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "title": { "localizations": { "en": { "variations": { "device": {
            "iphone": { "stringUnit": { "state": "translated", "value": "Photos" } },
            "ipad": { "stringUnit": { "state": "translated", "value": "All your photos and videos, on every device you own" } },
            "other": { "stringUnit": { "state": "translated", "value": "Photos" } } } } } } } } }
        """

    /// An iPad screen measures the catalog's `ipad` variation, a phone screen the plan's device:
    /// a text that is short on the iPhone and long on the iPad truncates on the iPad only, and
    /// one finding counts the screens of both groups.
    @Test func anIPadScreenMeasuresTheIPadText() throws {
        let text = "label Title {\n    text: .localized(\"title\")\n    width: .min(.margins, 200)\n}\n"
        let catalog = Catalog.read(xcstrings: Array(Self.deviceCatalog.utf8), path: "/p/Localizable.xcstrings")
        let plan = MeasuringPlan(localizations: Localizations(catalogs: [catalog]))
        let w = workspace(["a": text])
        w.localizations = plan.localizations
        var configuration = Configuration()
        let air = DeviceTable.device(named: "iPad Air 13-inch (M3)")!
        configuration.screens = [Self.se, Self.proMax, air.screen(.portrait), air.screen(.landscape)]
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: plan.at([.large]).on(configuration.screens))
        #expect(
            found.map(\.message) == [
                #"truncates on iPad Air 13-inch (M3) at .large: "All your photos and vide…" (200 pt: width .min(.margins, 200); on 1 more screen)"#
            ])
        // The hover says the same, screen by screen; `measure`'s rows measure the iPad's text.
        let hover = try #require(
            Hover.content(
                at: 7, in: w.documents["a"]!, workspace: w, measurer: Measurer(), plan: plan.at([.large]).on(configuration.screens)
            ).markdown())
        #expect(
            hover.contains(
                """
                | iPhone SE (3rd generation) | 200 pt | fits |
                | iPhone 16 Pro Max | 200 pt | fits |
                | iPad Air 13-inch (M3) | 200 pt | truncated at .large |
                | iPad Air 13-inch (M3) (landscape) | 200 pt | truncated at .large |
                """), "\(hover)")
        let groups = FitMatrix.of(w.documents["a"]!.orderedItems[0].info, in: w, plan: plan.at([.large]).on(configuration.screens)).groups
        #expect(groups.map { $0.variants.map(\.text) } == [["Photos"], ["All your photos and videos, on every device you own"]])
        #expect(
            groups.map { $0.widths.screens.flatMap { $0 }.map(\.name) } == [
                ["iPhone SE (3rd generation)", "iPhone 16 Pro Max"], ["iPad Air 13-inch (M3)", "iPad Air 13-inch (M3) (landscape)"],
            ])
        // Phones only: the iPhone text fits.
        configuration.screens = [Self.se, Self.proMax]
        #expect(Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: plan.at([.large]).on(configuration.screens)).isEmpty)
        // A narrower phone width that fails too: the phone group reports, counting the iPads.
        let narrow = "label Title {\n    text: .localized(\"title\")\n    width: .sizeClass(compact: 30, regular: 200)\n}\n"
        let w2 = workspace(["a": narrow])
        w2.localizations = plan.localizations
        configuration.screens = [Self.se, air.screen(.portrait)]
        #expect(
            Checks.diagnostics(of: "a", in: w2, measurer: Measurer(), plan: plan.at([.large]).on(configuration.screens))
                .map(\.message) == [
                    #"truncates on iPhone SE (3rd generation) at .large: "P…" (30 pt: width .sizeClass(compact: 30, regular: 200); on 1 more screen)"#
                ])
    }
}
