import Testing

@testable import SwiftSources

/// Issue 37, point 2 (begun): SwiftUI text sites read with swift-syntax, with their keys and the
/// modifiers from the call outward.
@Suite struct TextSitesTests {
    func describe(_ source: String) -> [String] {
        let bytes = Array(source.utf8)
        return TextSites.sites(in: bytes).map { site in
            let mods = site.modifiers.map { m in
                (m.enclosing ? "^" : "") + ".\(m.name)("
                    + m.arguments.map { ($0.label.map { $0 + ": " } ?? "") + $0.text }.joined(separator: ", ") + ")"
            }.joined()
            let at = String(decoding: bytes[site.offset..<min(bytes.count, site.offset + 6)], as: UTF8.self)
            var text = site.key.map { "\"\($0)\"" } ?? "-"
            if case .verbatim(let v) = site.text { text = "verbatim \"\(v)\"" }
            return "\(at)… \(site.callee) \(text)\(mods)"
        }
    }

    @Test func sitesKeysAndModifiers() {
        let source = """
            struct V: View {
                var body: some View {
                    VStack {
                        Text("Settings").lineLimit(1).font(.headline)
                        Text("Hello \\(name)!")
                        Text("\\(count) items").frame(width: 120)
                        Text(verbatim: "v1.0")
                        Label("Delete", systemImage: "trash")
                        Text(model.title)
                    }
                    .font(.caption)
                }
            }
            """
        #expect(
            describe(source) == [
                #"Text("… Text "Settings".lineLimit(1).font(.headline)^.font(.caption)"#,
                #"Text("… Text "Hello %@!"^.font(.caption)"#,
                #"Text("… Text "%@ items".frame(width: 120)^.font(.caption)"#,
                #"Text(v… Text verbatim "v1.0"^.font(.caption)"#,
                #"Label(… Label "Delete"^.font(.caption)"#,
                "Text(m… Text -^.font(.caption)",
            ])
    }

    @Test func specifiersFromWhatTheSyntaxShows() {
        #expect(
            describe(#"let a = Text("\(3) of \(items.count), \(2.5) \(x, specifier: "%.1f")")"#) == [
                #"Text("… Text "%lld of %lld, %lf %.1f""#
            ])
    }

    /// SwiftGen's generated file and DuckDuckGo-style `NSLocalizedString` accessors, by dotted
    /// path; a site's accessor names one.
    @Test func accessorsOfAGeneratedFile() {
        let generated = """
            internal enum L10n {
              internal enum Settings {
                /// Settings
                internal static let title = L10n.tr("Localizable", "settings.title", fallback: "Settings")
                internal static func items(_ p1: Int) -> String {
                  return L10n.tr("Localizable", "settings.items", p1, fallback: "%lld items")
                }
              }
              internal static let plain = "not an accessor"
            }
            struct UserText {
                static let done = NSLocalizedString("done.button", tableName: "Buttons", comment: "Done")
                static var cancel: String { NSLocalizedString("cancel", comment: "Cancel") }
            }
            """
        let entries = Accessors.entries(in: Array(generated.utf8))
        #expect(
            entries == [
                "L10n.Settings.title": .init(table: "Localizable", key: "settings.title"),
                "L10n.Settings.items": .init(table: "Localizable", key: "settings.items"),
                "UserText.done": .init(table: "Buttons", key: "done.button"),
                "UserText.cancel": .init(table: "Localizable", key: "cancel"),
            ])
        let sites = TextSites.sites(
            in: Array(#"let a = Text(L10n.Settings.items(3)); let b = Text(UserText.done); let c = Text(model.title.uppercased())"#.utf8))
        // Syntax cannot tell an accessor from a view model's member: the path is a candidate that
        // only the accessors read from the tree resolve.
        #expect(sites.map(\.accessor) == ["L10n.Settings.items", "UserText.done", "model.title.uppercased"])
        #expect(sites.map { $0.accessor.flatMap { entries[$0]?.key } } == ["settings.items", "done.button", nil])
    }

    /// `// labelspec:` comments on the line above a site or at the end of its line.
    @Test func annotationsAboveOrAtTheEndOfTheLine() {
        let source = """
            VStack {
                // labelspec: width .margins - 44
                Text("Title").lineLimit(1)
                Text("Subtitle").lineLimit(2)  // labelspec: lines 2
                Text("None")
            }
            """
        #expect(TextSites.sites(in: Array(source.utf8)).map(\.annotation) == ["width .margins - 44", "lines 2", nil])
    }

    /// UIKit in code: a label or button made in a block and configured there.
    @Test func uikitLabelsConfiguredInTheirBlock() {
        let source = """
            func setUp() {
                let title = UILabel()
                title.numberOfLines = 2
                title.font = .preferredFont(forTextStyle: .headline)
                title.adjustsFontForContentSizeCategory = true
                title.text = L10n.Settings.title
                title.backgroundColor = .red
                let done = UIButton(type: .system)
                done.setTitle(L10n.done, for: .normal)
                other.numberOfLines = 3
            }
            """
        let sites = UIKitSites.sites(in: Array(source.utf8))
        #expect(sites.map(\.type) == ["UILabel", "UIButton"] && sites.map(\.name) == ["title", "done"])
        #expect(
            sites[0].properties.map { "\($0.name) = \($0.value)" } == ["numberOfLines = 2", "adjustsFontForContentSizeCategory = true"])
        #expect(sites[0].text == .accessor("L10n.Settings.title") && sites[0].font == SiteFont(base: .spec(".headline")))
        #expect(sites[1].text == .accessor("L10n.done") && sites[1].properties.isEmpty)
        #expect(sites[0].offset == Array(source.utf8).firstRange(of: Array("title".utf8))?.lowerBound)
    }

    /// A value of several operands (issue 39's adversarial pass): `a ?? b` is the named font `a`;
    /// a ternary is code, never UILabel's default font.
    @Test func uikitFontsOfSeveralOperands() {
        let source = """
            func setUp() {
                let a = UILabel()
                a.font = UIFont(name: "Inter", size: 17)?.withTraits(.traitBold) ?? .systemFont(ofSize: 17)
                let b = UILabel()
                b.font = big ? .preferredFont(forTextStyle: .largeTitle) : .preferredFont(forTextStyle: .title1)
                b.text = title ?? "Untitled"
            }
            """
        let sites = UIKitSites.sites(in: Array(source.utf8))
        #expect(sites[0].font == SiteFont(base: .spec(#".custom("Inter", size: 17)"#), modifiers: [".bold()"], custom: true))
        #expect(
            sites[1].font
                == SiteFont(base: .code("big ? .preferredFont(forTextStyle: .largeTitle) : .preferredFont(forTextStyle: .title1)")))
        #expect(sites[1].text == .code)
    }

    /// A key read from code against a catalog's keys: specifiers are wildcards, exact wins,
    /// ambiguity is no match.
    @Test func keysFromCodeMatchTheCatalogsSpecifiers() {
        let keys: Set<String> = ["%lld items", "Hello %@!", "Done", "%lld of %lld", "Rating %.1f", "100%% sure", "%@ by %@", "%lld by %@"]
        #expect(KeyMatch.match("%@ items", in: keys) == "%lld items")
        #expect(KeyMatch.match("Hello %@!", in: keys) == "Hello %@!")
        #expect(KeyMatch.match("%@ of %@", in: keys) == "%lld of %lld")
        #expect(KeyMatch.match("Rating %@", in: keys) == "Rating %.1f")
        #expect(KeyMatch.match("100%% sure", in: keys) == "100%% sure")
        #expect(KeyMatch.match("%@ by %@", in: keys) == "%@ by %@")  // exact
        #expect(KeyMatch.match("%lld by %lld", in: keys) == nil)  // "%@ by %@" and "%lld by %@": ambiguous
        #expect(KeyMatch.match("Done!", in: keys) == nil && KeyMatch.match("Dona", in: keys) == nil)
        #expect(KeyMatch.shape("%1$@ and %2$lld").specifiers == 2 && KeyMatch.shape("50% off").specifiers == 0)
    }
}
