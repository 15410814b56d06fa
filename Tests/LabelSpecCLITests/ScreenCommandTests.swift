import Foundation
import JSON
import Testing

/// Issue 26 through the binary: `--screen`, `screens` in labelspec.json, and the screen and width
/// in every output format.
@Suite struct ScreenCommandTests {
    static let spec = """
        label Row {
            text: "Notifications and sounds for every conversation"
            width: .screen - 32
        }

        label Fixed {
            text: "Fits"
            width: 100
        }

        """

    @Test func checkNamesTheNarrowestFailingScreenInEveryFormat() throws {
        let dir = try CLI.folder(["a.labelspec": Self.spec])
        let text = try CLI.run(["check", "--content-size", "large", "a.labelspec"], in: dir)
        #expect(text.status == 0)  // warnings
        #expect(
            text.stdout.hasPrefix(
                #"a.labelspec:1:7: warning: truncates on iPhone SE (3rd generation) at .large: "Notifications and sounds for every convers…" (343 pt: width .screen - 32; on 1 more screen) [truncates]"#
            ))
        let json = try #require(
            try JSONValue.parse(CLI.run(["check", "--format", "json", "--content-size", "large", "a.labelspec"], in: dir).stdout).arrayValue
        )
        #expect(json.map { $0["screen"] } == [.string("iPhone SE (3rd generation)")])
        #expect(json.map { $0["width"] } == [.double(343)])
        let sarif = try JSONValue.parse(CLI.run(["check", "--format", "sarif", "--content-size", "large", "a.labelspec"], in: dir).stdout)
        #expect(
            sarif["runs"]?.arrayValue?.first?["results"]?.arrayValue?.first?["properties"]
                == .object([
                    ("screen", .string("iPhone SE (3rd generation)")), ("width", .double(343)),
                    ("widthSource", .string("width .screen - 32")), ("fonts", .array([.string("Inter")])), ("standIn", .bool(true)),
                ]))
        let github = try CLI.run(["check", "--format", "github", "--content-size", "large", "a.labelspec"], in: dir)
        #expect(github.stdout.contains("title=truncates on iPhone SE (3rd generation) (343 pt)::"))
    }

    /// `--screen` replaces the configured screens, as `--content-size` does; `all` is the table;
    /// an unknown name is a usage error that suggests the nearest.
    @Test func screenOption() throws {
        let dir = try CLI.folder([
            "a.labelspec": Self.spec,
            "labelspec.json": #"{ "screens": ["iPhone 16 Pro Max", {"name": "Zoomed", "width": 320, "sizeClass": "compact"}] }"#,
        ])
        let configured = try CLI.run(["check", "--content-size", "large", "a.labelspec"], in: dir)
        #expect(configured.stdout.contains("truncates on Zoomed at .large"))
        #expect(configured.stdout.contains("(288 pt: width .screen - 32) [truncates]"))
        let wide = try CLI.run(["check", "--content-size", "large", "--screen", "iPhone 16 Pro Max", "a.labelspec"], in: dir)
        #expect(wide.status == 0)
        let landscape = try CLI.run(
            ["check", "--content-size", "large", "--screen", "iPhone SE (3rd generation) (landscape)", "a.labelspec"], in: dir)
        #expect(landscape.status == 0)
        let list = try CLI.run(["check", "--content-size", "large", "--screen", "iPhone 16 Pro Max, Zoomed", "a.labelspec"], in: dir)
        #expect(list.stdout.contains("truncates on Zoomed at .large"))
        let all = try CLI.run(["check", "--content-size", "large", "--screen", "all", "a.labelspec"], in: dir)
        #expect(all.stdout.contains("(343 pt: width .screen - 32; on "))
        let unknown = try CLI.run(["check", "--screen", "iPhone SE", "a.labelspec"], in: dir)
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "labelspec: --screen: unknown device 'iPhone SE'; did you mean 'iPhone SE (2nd generation)', 'iPhone SE (3rd generation)'?\n"
        )
        #expect(unknown.stdout.isEmpty)
        let measured = try CLI.run(["measure", "--screen", "nope", "a.labelspec"], in: dir)
        #expect(measured.status == 2)
    }

    /// `measure --format json`: one row per screen for a width that follows the screen, with
    /// the screen's name and the width; a number keeps one row without a screen. `--matrix` draws
    /// a table per screen.
    @Test func measureRowsPerScreen() throws {
        let dir = try CLI.folder(["a.labelspec": Self.spec])
        let rows = try #require(
            try JSONValue.parse(CLI.run(["measure", "--format", "json", "--content-size", "large", "a.labelspec"], in: dir).stdout)
                .arrayValue)
        #expect(
            rows.map {
                "\($0["label"]?.stringValue ?? "") \($0["screen"]?.stringValue ?? "-") \($0["width"]?.doubleValue ?? 0) \($0["truncated"] == .bool(true))"
            } == [
                "Row iPhone SE (3rd generation) 343.0 true", "Row iPhone 16 361.0 true", "Row iPhone 16 Pro Max 408.0 false",
                "Fixed - 100.0 false",
            ])
        let matrix = try CLI.run(
            ["measure", "--matrix", "--content-size", "large", "--screen", "iPhone SE (3rd generation)", "a.labelspec"], in: dir)
        #expect(
            matrix.stdout == """
                a.labelspec:1: Row
                on iPhone SE (3rd generation) (343 pt)
                        .large
                text    truncated

                a.labelspec:6: Fixed
                        .large
                text    fits

                """ + "\n" + CLI.standInText)
    }

    /// A String Catalog whose "title" varies by device: short on an iPhone, long on an iPad.
    static let deviceCatalog = """
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "title": { "localizations": { "en": { "variations": { "device": {
            "iphone": { "stringUnit": { "state": "translated", "value": "Photos" } },
            "ipad": { "stringUnit": { "state": "translated", "value": "All your photos and videos, on every device you own" } },
            "other": { "stringUnit": { "state": "translated", "value": "Photos" } } } } } } } } }
        """

    /// An iPad screen measures the catalog's iPad text, through `check` and `measure`.
    @Test func anIPadScreenMeasuresTheIPadTextThroughTheBinary() throws {
        let dir = try CLI.folder([
            "Localizable.xcstrings": Self.deviceCatalog,
            "labelspec.json": #"{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)", "iPad Air 13-inch (M3)"] }"#,
            "a.labelspec": "label Title {\n    text: .localized(\"title\")\n    width: .min(.margins, 200)\n}\n",
        ])
        let check = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(
            check.stdout.hasPrefix(
                #"a.labelspec:1:7: warning: truncates on iPad Air 13-inch (M3) at .large: "All your photos and vide…" (200 pt: width .min(.margins, 200)) [truncates]"#
            ))
        let rows = try #require(try JSONValue.parse(CLI.run(["measure", "--format", "json", "a.labelspec"], in: dir).stdout).arrayValue)
        #expect(
            rows.map { "\($0["screen"]?.stringValue ?? "") \($0["text"]?.stringValue ?? "") \($0["truncated"] == .bool(true))" } == [
                "iPhone SE (3rd generation) Photos false", "iPad Air 13-inch (M3) All your photos and videos, on every device you own true",
            ])
    }

    /// A label whose text varies by device, on a phone and an iPad of the same width: the
    /// iPad's row has its own picture (its own text), and its own row in the page's grid.
    @Test func theIPadTextHasItsOwnPicture() throws {
        let dir = try CLI.folder([
            "Localizable.xcstrings": Self.deviceCatalog,
            "labelspec.json": #"{ "contentSizes": ["large"], "screens": ["iPhone 16", "iPad Air 13-inch (M3)"] }"#,
            "a.labelspec": "label Title {\n    text: .localized(\"title\")\n    width: 100\n}\n",
        ])
        let r = try CLI.run(["render", "a.labelspec", "--out", "r", "-q"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(try JSONValue.parse(Array(Data(contentsOf: dir.appendingPathComponent("r/manifest.json")))).arrayValue)
        #expect(rows.count == 2)
        for row in rows {
            let svg = try String(contentsOf: dir.appendingPathComponent("r/" + (row["svg"]?.stringValue ?? "")), encoding: .utf8)
            let device = row["device"]?.stringValue
            #expect(
                svg.contains(
                    device == "ipad" ? "<title>All your photos and videos, on every device you own</title>" : "<title>Photos</title>"),
                "\(device ?? "?"): \(row["svg"]?.stringValue ?? "")")
        }
        #expect(Set(rows.map { $0["svg"]?.stringValue ?? "" }).count == 2)
        let page = try String(contentsOf: dir.appendingPathComponent("r/index.html"), encoding: .utf8)
        #expect(page.contains("\"name\":\"text (ipad)\""), "the iPad's text is a row of its own")
        #expect(page.contains("\"failing\":1,"))
    }
}
