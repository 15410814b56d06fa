import LabelSpecSupport
import LabelSpecSyntax
import Testing

@testable import SwiftSources

/// Issue 37, points 2, 4 and 5: what a site becomes in LabelSpec: its font read from Swift's
/// spelling, its lines, its width from frames, padding and comments; and why a site is not
/// checked.
@Suite struct SwiftTranslationTests {
    /// Fonts as SwiftUI and UIKit write them, in LabelSpec's spelling; tokens and code kept apart.
    @Test func fontsFromSwiftSyntax() {
        func read(_ text: String, uiKit: Bool = false) -> String {
            let f = FontSyntax.read(text: text, uiKit: uiKit)
            switch f.base {
            case .spec(let s): return s + f.modifiers.joined() + (f.italic ? " italic" : "")
            case .token(let t): return "token " + t + f.modifiers.joined()
            case .code(let c): return "code " + c
            }
        }
        #expect(read(".headline") == ".headline")
        #expect(read("Font.caption") == ".caption1")
        #expect(read(".title") == ".title1")
        #expect(read(".title2.bold()") == ".title2.bold()")
        #expect(read(".footnote.weight(.semibold)") == ".footnote.weight(.semibold)")
        #expect(read(".body.italic()") == ".body.italic() italic")
        #expect(read(".title3.italic().bold()") == ".title3.italic().bold() italic")
        #expect(read(".caption.monospacedDigit()") == ".caption1.monospacedDigit()")
        #expect(read(".body.monospaced()") == ".body.design(.monospaced)")
        #expect(read(".system(size: 15, weight: .semibold, design: .rounded)") == ".system(size: 15, weight: .semibold, design: .rounded)")
        #expect(read(".system(.body, design: .serif)") == ".system(.body, design: .serif)")
        #expect(read(".system(.title3, design: .rounded, weight: .bold)") == ".system(.title3, design: .rounded).weight(.bold)")
        #expect(read(#".custom("Avenir-Heavy", size: 17)"#) == #".custom("Avenir-Heavy", size: 17, relativeTo: .body)"#)
        #expect(read(#".custom("Avenir", size: 20, relativeTo: .title2)"#) == #".custom("Avenir", size: 20, relativeTo: .title2)"#)
        #expect(read(#".custom("Avenir", fixedSize: 12)"#) == #".custom("Avenir", size: 12)"#)
        #expect(read(".preferredFont(forTextStyle: .title1)", uiKit: true) == ".title1")
        #expect(read(".preferredFont(forTextStyle: .body, compatibleWith: nil).withTraits(.traitBold)", uiKit: true) == ".body.bold()")
        #expect(read(".preferredFont(forTextStyle: .body, compatibleWith: traits)", uiKit: true).hasPrefix("code "))
        #expect(read("UIFont.systemFont(ofSize: 20, weight: .bold)", uiKit: true) == ".system(size: 20, weight: .bold)")
        // UIKit's bold system font is the bold trait's; its italic, the italic trait's (issue 39).
        #expect(read(".boldSystemFont(ofSize: 14)", uiKit: true) == ".system(size: 14).bold()")
        #expect(read("UIFont.italicSystemFont(ofSize: 14)", uiKit: true) == ".system(size: 14).italic() italic")
        #expect(read(".italicSystemFont(ofSize: 14, weight: .bold)", uiKit: true) == "code .italicSystemFont(ofSize: 14, weight: .bold)")
        // UIKit's symbolic traits on a text style (issue 39): apps' `withTraits` helper, and the
        // descriptor at size 0 (Dynamic Type kept); a trait LabelSpec does not measure: code.
        #expect(read(".preferredFont(forTextStyle: .subheadline).withTraits(.traitBold)", uiKit: true) == ".subheadline.bold()")
        #expect(
            read("UIFont.preferredFont(forTextStyle: .body).withTraits(.traitBold, .traitItalic)", uiKit: true)
                == ".body.bold().italic() italic")
        #expect(read(".preferredFont(forTextStyle: .body).withTraits(traits: [.traitItalic])", uiKit: true) == ".body.italic() italic")
        #expect(
            read(".preferredFont(forTextStyle: .body).withTraits(.traitCondensed)", uiKit: true)
                == "code .preferredFont(forTextStyle: .body).withTraits(.traitCondensed)")
        #expect(read(".preferredFont(forTextStyle: .headline).withWeight(.semibold)", uiKit: true) == ".headline.weight(.semibold)")
        #expect(
            read(
                "UIFont(descriptor: UIFont.preferredFont(forTextStyle: .caption2).fontDescriptor.withSymbolicTraits(.traitBold)!, size: 0)",
                uiKit: true) == ".caption2.bold()")
        #expect(
            read(
                "UIFont(descriptor: UIFontDescriptor.preferredFontDescriptor(withTextStyle: .title1).withSymbolicTraits([.traitBold, .traitItalic]) ?? .init(), size: 0)",
                uiKit: true) == ".title1.bold().italic() italic")
        #expect(
            read("UIFont(descriptor: UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body), size: 0)", uiKit: true) == ".body")
        // The system font by its PostScript name: its weight and slant, as Apple names them; a
        // face's PostScript name is kept for the measurement to look up.
        #expect(read(#"UIFont(name: ".SFUIText-Semibold", size: 17)!"#, uiKit: true) == ".system(size: 17, weight: .semibold)")
        #expect(read(#"UIFont(name: ".SFUI-Ultralight", size: 17)!"#, uiKit: true) == ".system(size: 17, weight: .ultraLight)")
        #expect(
            read(#"UIFont(name: ".SFUIText-MediumItalic", size: 15)!"#, uiKit: true) == ".system(size: 15, weight: .medium).italic() italic"
        )
        #expect(read(#"UIFont(name: "Inter-Bold", size: 17)!"#, uiKit: true) == #".custom("Inter-Bold", size: 17)"#)
        #expect(PostScriptName.modifiers("AvenirNext-DemiBoldItalic") == ".weight(.semibold).italic()")
        #expect(
            PostScriptName.modifiers("Inter-Thin") == ".weight(.ultraLight)"
                && PostScriptName.modifiers("Inter-ExtraLight") == ".weight(.thin)")
        #expect(PostScriptName.modifiers("Optima-ExtraBlack") == ".weight(.black)" && PostScriptName.style("HiraginoSans-W6") == nil)
        #expect(
            PostScriptName.modifiers("Foo-semiboldITALIC") == ".weight(.semibold).italic()"
                && PostScriptName.modifiers("Foo-SemiLight") == ".weight(.light)")
        #expect(
            PostScriptName.isSystemFont(".SFNSText-Bold")
                && PostScriptName.systemFont(".SFNSText-Bold", points: "13") == (".system(size: 13, weight: .bold)", false))
        // An optional font's traits (`!`, `?`), and a chain too long to be a font's: code, read
        // without walking it (5,000 calls: no stack overflow, no quadratic time).
        #expect(read(#"UIFont(name: "Inter", size: 17)!.withTraits(.traitBold)"#, uiKit: true) == #".custom("Inter", size: 17).bold()"#)
        #expect(read(".body" + String(repeating: ".bold()", count: 5000)) == "code an expression of 35005 bytes")
        #expect(read(".body" + String(repeating: ".bold()", count: 17)) == "code .body" + String(repeating: ".bold()", count: 17))
        #expect(read(".body" + String(repeating: ".bold()", count: 16)) == ".body" + String(repeating: ".bold()", count: 16))
        // What is written adds up to one modifier of each kind, the last weight winning.
        let token = FontSyntax.read(text: ".title2.bold().italic().monospacedDigit().weight(.heavy).monospaced()")
        let site = SiteFont(base: .token("Font.a"), modifiers: [".bold()", ".italic()", ".weight(.light)"])
        #expect(site.expression { _ in token } == ".title2.weight(.light).design(.monospaced).italic().monospacedDigit()")
        #expect(SiteFont.applicable([".design(.rounded)", ".bold()"], custom: true) == [".bold()"])
        // A size other than 0 fixes the size: not read (the label is left out, not guessed at).
        #expect(
            read("UIFont(descriptor: d.withSymbolicTraits(.traitBold)!, size: 0)", uiKit: true)
                == "code UIFont(descriptor: d.withSymbolicTraits(.traitBold)!, size: 0)")
        #expect(
            read(
                "UIFont(descriptor: UIFont.preferredFont(forTextStyle: .body).fontDescriptor.withSymbolicTraits(.traitBold)!, size: 24)",
                uiKit: true)
                == "code UIFont(descriptor: UIFont.preferredFont(forTextStyle: .body).fontDescriptor.withSymbolicTraits(.traitBold)!, size: 24)"
        )
        #expect(read(#"UIFont(name: "Inter", size: 15)!"#, uiKit: true) == #".custom("Inter", size: 15)"#)
        #expect(read(".compound.bodyMD") == "token Font.compound.bodyMD")
        #expect(read(".compound.bodyMD.bold()") == "token Font.compound.bodyMD.bold()")
        #expect(read(".appTitle", uiKit: true) == "token UIFont.appTitle")
        #expect(read("theme.font") == "code theme.font")
        #expect(read(".system(size: size)") == "code .system(size: size)")
        #expect(read(".body.weight(w)") == "code .body.weight(w)")
        #expect(read(".body.smallCaps()") == "code .body.smallCaps()")
    }

    /// A view's sites as LabelSpec labels: the catalog's key, the innermost font and line limit,
    /// the weight modifiers, the first frame less the padding inside it.
    @Test func sitesBecomeLabels() {
        let source = """
            struct V: View {
                var body: some View {
                    VStack {
                        Text("\\(n) items").lineLimit(1...2).padding(.horizontal, 10).frame(width: 200).padding(30)
                        Text("Title").fontWeight(.semibold).truncationMode(.middle).minimumScaleFactor(0.5).frame(maxWidth: 300)
                        Text(verbatim: "v1").font(.caption).lineLimit(nil)
                        Text(L10n.Settings.title).fixedSize()
                    }
                    .font(.subheadline)
                    .lineLimit(3)
                }
            }
            """
        let sites = SwiftFile.read(Array(source.utf8))
        let t = SwiftTranslation.make(
            sites,
            context: .init(
                key: { key, table in key == "%lld items" || key == "%@ items" ? ("%lld items", table ?? "Localizable") : nil },
                accessor: { $0 == "L10n.Settings.title" ? Accessors.Entry(table: "Localizable", key: "settings.title") : nil },
                token: { _ in nil }))
        // Labels are named by the call's offset in the file.
        let at = { (text: String) in Array(source.utf8).firstRange(of: Array(text.utf8))!.lowerBound }
        #expect(
            t.source == """
                label Text_\(at("Text(\"\\(n)")) {
                    framework: .swiftUI
                    text: .localized("%lld items", table: "Localizable")
                    font: .subheadline
                    lineLimit: 2
                    width: 180
                }
                label Text_\(at("Text(\"Title")) {
                    framework: .swiftUI
                    text: "Title"
                    font: .subheadline.weight(.semibold)
                    lineLimit: 3
                    truncationMode: .middle
                    minimumScaleFactor: 0.5
                    width: .min(.margins, 300)
                }

                """)
        #expect(t.labels.map(\.widthSource) == [".frame(width: 200) less .padding 20", ".frame(maxWidth: 300)"])
        #expect(t.counts.found == 4 && t.counts.checked == 2 && t.counts.noConstraint == 2)
    }

    /// UIKit's labels: a stored label is checked when the class sets its lines; a width
    /// constraint's constant; the system font at 17 pt (a button's title at 15) when the code sets
    /// none.
    @Test func uikitLabelsBecomeLabels() {
        let source = """
            final class Header: UIView {
                let name = UILabel()
                let bio = UILabel()
                func setUp() {
                    name.text = "Alexandra"
                    name.numberOfLines = 1
                    name.lineBreakMode = .byTruncatingMiddle
                    self.name.adjustsFontSizeToFitWidth = true
                    NSLayoutConstraint.activate([name.widthAnchor.constraint(equalToConstant: 120)])
                    bio.text = "Bio"
                    bio.numberOfLines = 0
                }
            }
            """
        let t = SwiftTranslation.make(
            SwiftFile.read(Array(source.utf8)), context: .init(key: { _, _ in nil }, accessor: { _ in nil }, token: { _ in nil }))
        let name = Array(source.utf8).firstRange(of: Array("name = UILabel".utf8))!.lowerBound
        #expect(
            t.source == """
                label UIKit_\(name) {
                    framework: .uiKit
                    text: "Alexandra"
                    font: .system(size: 17)
                    numberOfLines: 1
                    adjustsFontSizeToFitWidth: true
                    lineBreakMode: .byTruncatingMiddle
                    width: 120
                }

                """)
        #expect(t.counts.found == 2 && t.counts.noConstraint == 1)
    }

    /// Dynamic Type caps against the sizes measured.
    @Test func dynamicTypeCaps() {
        func allows(_ arg: String, _ sizes: [String]) -> Bool {
            SwiftTranslation.capAllows(
                SiteModifier(name: "dynamicTypeSize", arguments: [.init(label: nil, text: arg)], enclosing: false), sizes)
        }
        #expect(allows(".large", ["large"]) && !allows(".large", ["large", "extraExtraExtraLarge"]))
        #expect(allows("...DynamicTypeSize.xxxLarge", ["large", "extraExtraExtraLarge"]))
        #expect(!allows("..<DynamicTypeSize.xxxLarge", ["large", "extraExtraExtraLarge"]))
        #expect(allows(".small ... .accessibility2", ["large", "accessibilityLarge"]))
        #expect(allows(".large...", ["accessibilityExtraExtraExtraLarge"]))
        #expect(!allows("size", ["large"]))
    }

    /// Padding amounts: both sides, one side, or none known.
    @Test func horizontalPadding() {
        func pad(_ args: [(String?, String)]) -> Double {
            SwiftTranslation.horizontalPadding(
                SiteModifier(name: "padding", arguments: args.map { .init(label: $0.0, text: $0.1) }, enclosing: false))
        }
        #expect(pad([(nil, "8")]) == 16 && pad([(nil, ".horizontal"), (nil, "12")]) == 24 && pad([(nil, ".leading"), (nil, "5")]) == 5)
        #expect(pad([(nil, ".vertical"), (nil, "8")]) == 0 && pad([]) == 0 && pad([(nil, "spacing")]) == 0)
    }
}

/// Xcode 26's generated symbols, derived from catalog keys as Xcode names them.
@Suite struct GeneratedSymbolsTests {
    @Test func namesOfKeys() {
        #expect(GeneratedSymbols.name(of: "character.bear") == "characterBear")
        #expect(GeneratedSymbols.name(of: "common.minutesShort %lld %lld") == "commonMinutesShort")
        #expect(GeneratedSymbols.name(of: "game.encouragement.0") == "gameEncouragement0")
        #expect(GeneratedSymbols.name(of: "settings.menu_bar.show_menu_bar_extra") == "settingsMenuBarShowMenuBarExtra")
        #expect(GeneratedSymbols.name(of: "Settings") == "settings")
        #expect(GeneratedSymbols.name(of: "OK") == "ok" && GeneratedSymbols.name(of: "Ok") == "ok")
        #expect(GeneratedSymbols.name(of: "URLTitle") == "urlTitle")
        #expect(GeneratedSymbols.name(of: "%lld items") == "items")
        #expect(GeneratedSymbols.name(of: "") == nil && GeneratedSymbols.name(of: "%lld") == nil)
        #expect(GeneratedSymbols.tableName("Onboarding") == "Onboarding" && GeneratedSymbols.tableName("settings_v2") == "SettingsV2")
    }

    /// By symbol, other tables' nested in their enum; a symbol two keys make is no one's.
    @Test func indexOfTables() {
        let index = GeneratedSymbols.index([("Localizable", ["settings.title", "OK", "Ok", "%lld items"]), ("Onboarding", ["welcome"])])
        #expect(index["settingsTitle"]?.key == "settings.title" && index["items"]?.key == "%lld items")
        #expect(index["Onboarding.welcome"]?.table == "Onboarding")
        #expect(index["ok"] == nil)
    }
}

/// What comes from the file never becomes LabelSpec source unescaped: odd variable names, texts
/// with quotes and line breaks, a family with a quote, a comment that tries to close the label.
@Suite struct HostileSitesTests {
    @Test func namesAndTextsStayInTheirPlace() {
        let source = #"""
            final class C: UIView {
                let `default` = UILabel()
                let títuloLabel = UILabel()
                func setUp() {
                    `default`.text = "a \"quoted\"\n} label Evil { text: \"x\""
                    títuloLabel.text = "Título"
                    títuloLabel.numberOfLines = 1
                    `default`.numberOfLines = 1
                    títuloLabel.font = UIFont(name: "Ev\"il", size: 12)
                }
            }
            """#
        let t = SwiftTranslation.make(
            SwiftFile.read(Array(source.utf8)), context: .init(key: { _, _ in nil }, accessor: { _ in nil }, token: { _ in nil }))
        let doc = SyntaxDocument(t.source)
        #expect(!doc.root.hasErrors)
        #expect(t.labels.count == 2 && t.source.split(separator: "\n").filter { $0.hasPrefix("label ") }.count == 2)
        #expect(t.source.contains(#"text: "a \"quoted\"\n} label Evil { text: \"x\"""#))
        #expect(t.source.contains(#"font: .custom("Ev\"il", size: 12)"#))
    }
}

/// Containers that give a text all the width it wants: it cannot truncate there, unless a
/// frame inside them limits it.
@Suite struct UnlimitedWidthTests {
    @Test func horizontalScrollViews() {
        let source = """
            struct V: View {
                var body: some View {
                    ScrollView(.horizontal, showsIndicators: false) {
                        HStack {
                            Text(verbatim: "A chip").font(.body).lineLimit(1)
                            Text(verbatim: "A framed chip").font(.body).lineLimit(1).frame(width: 80)
                        }
                    }
                    ScrollView {
                        Text(verbatim: "Vertical").font(.body).lineLimit(1)
                    }
                }
            }
            """
        let t = SwiftTranslation.make(
            SwiftFile.read(Array(source.utf8)), context: .init(key: { _, _ in nil }, accessor: { _ in nil }, token: { _ in nil }))
        #expect(t.labels.map(\.widthSource) == [".frame(width: 80)", nil])
        #expect(t.counts.noConstraint == 1 && t.counts.checked == 2)
    }
}

/// The content size pinned through the environment of an enclosing view, not only of the text's
/// own call: what the text shows at the sizes measured is not known.
@Suite struct EnvironmentSizeTests {
    @Test func anEnclosingSizeCategoryLeavesTheSiteUnchecked() {
        let source = """
            struct V: View {
                var body: some View {
                    VStack {
                        Text(verbatim: "A").font(.body).lineLimit(1)
                    }
                    .environment(\\.sizeCategory, .large)
                }
            }
            """
        let t = SwiftTranslation.make(
            SwiftFile.read(Array(source.utf8)), context: .init(key: { _, _ in nil }, accessor: { _ in nil }, token: { _ in nil }))
        #expect(t.counts.dynamicTypeCapped == 1 && t.labels.isEmpty)
    }
}
