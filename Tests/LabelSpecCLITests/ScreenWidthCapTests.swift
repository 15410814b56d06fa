import Foundation
import JSON
import Testing

/// Issue 33 through the binary: a width that follows the screen past the largest width, and
/// pictures of very wide labels.
@Suite struct ScreenWidthCapTests {
    /// A width past 100000 pt on a screen is an error naming the screen and is not measured
    /// there; `render` says which labels it left out and ends with 1 instead of trapping.
    @Test func aWidthPastTheLargestIsNotMeasured() throws {
        let spec = """
            label Huge {
                text: "Notifications and sounds for every conversation"
                width: .screen * 100000000000000000
            }
            label Mixed {
                text: "Notifications"
                width: .sizeClass(compact: .screen - 32, regular: .screen * 1000)
            }

            """
        let dir = try CLI.folder([
            "a.labelspec": spec, "labelspec.json": #"{ "contentSizes": ["large"], "screens": ["iPhone 16", "iPad Air 13-inch (M3)"] }"#,
        ])
        let check = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(check.status == 1)
        #expect(
            check.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") } == [
                "a.labelspec:3:12: error: 'width' comes to 3.93e+19 pt on iPhone 16 (and on 1 more screen): .screen * 1e+17; make it at most 100000 pt there or leave that screen out [invalid-number]",
                "a.labelspec:7:12: error: 'width' comes to 1024000 pt on iPad Air 13-inch (M3): .sizeClass(compact: .screen - 32, regular: .screen * 1000); make it at most 100000 pt there or leave that screen out [invalid-number]",
                "Checked 1 file: 2 errors, 0 warnings",
                CLI.standInText.dropLast(),
            ])

        let render = try CLI.run(["render", "--out", "report", "a.labelspec"], in: dir, timeout: 60)
        #expect(render.status == 1)
        #expect(
            render.stderr == """
                labelspec: a.labelspec:1: 'Huge' is not measured on iPhone 16 and 1 more screen: its width comes to more than 100000 pt there
                labelspec: a.labelspec:5: 'Mixed' is not measured on iPad Air 13-inch (M3): its width comes to more than 100000 pt there
                labelspec: 1 label, 1 picture, 0 failing: report/index.html

                """)
        let manifest = try #require(
            try JSONValue.parse(Array(Data(contentsOf: dir.appendingPathComponent("report/manifest.json")))).arrayValue)
        #expect(
            manifest.map { "\($0["label"]?.stringValue ?? "") \($0["screen"]?.stringValue ?? "-") \($0["width"]?.doubleValue ?? 0)" } == [
                "Mixed iPhone 16 361.0"
            ])
        // Nothing left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.labelspec", "labelspec.json", "report"])
    }

    /// A text that varies by device is measured in two groups (phones, iPads): each group's
    /// screens that cannot be measured are said, the iPads' too (it was dropped when the phones
    /// had an `invalid-number` of their own).
    @Test func eachGroupSaysItsOwnScreens() throws {
        let catalog = """
            { "sourceLanguage": "en", "version": "1.0", "strings": {
              "title": { "localizations": { "en": { "variations": { "device": {
                "iphone": { "stringUnit": { "state": "translated", "value": "Photos" } },
                "ipad": { "stringUnit": { "state": "translated", "value": "All your photos and videos, on every device you own" } },
                "other": { "stringUnit": { "state": "translated", "value": "Photos" } } } } } } } } }
            """
        let dir = try CLI.folder([
            "Localizable.xcstrings": catalog,
            "labelspec.json":
                #"{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)", "iPhone 16", "iPad Air 13-inch (M3)"] }"#,
            "a.labelspec":
                "label Title {\n    text: .localized(\"title\")\n    width: .sizeClass(compact: .screen - 380, regular: .screen * 1000)\n}\n",
        ])
        let check = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(check.status == 1)
        #expect(
            check.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") } == [
                #"a.labelspec:1:7: warning: truncates on iPhone 16 at .large: "…" (13 pt: width .sizeClass(compact: .screen - 380, regular: .screen * 1000)) [truncates]"#,
                "a.labelspec:3:12: error: 'width' comes to -5 pt on iPhone SE (3rd generation): .sizeClass(compact: .screen - 380, regular: .screen * 1000); make it wider than 0 there or leave that screen out [invalid-number]",
                "a.labelspec:3:12: error: 'width' comes to 1024000 pt on iPad Air 13-inch (M3): .sizeClass(compact: .screen - 380, regular: .screen * 1000); make it at most 100000 pt there or leave that screen out [invalid-number]",
                "Checked 1 file: 2 errors, 1 warning",
                CLI.standInText.dropLast(),
            ])
        let measure = try CLI.run(["measure", "--format", "json", "a.labelspec"], in: dir)
        #expect(measure.status == 1)
        #expect(
            measure.stderr
                == "labelspec: a.labelspec:1: 'Title' is not measured on iPhone SE (3rd generation) and 1 more screen: its width comes to 0 or less or more than 100000 pt there\n"
        )
    }

    /// The band of lines not shown is a pattern: its size does not grow with the label's width
    /// (100000 pt drew 10000 chevrons).
    @Test func theBandOfLinesNotShownIsOnePattern() throws {
        let spec = """
            label Wide {
                text: "First line\\nSecond line"
                width: 100000
                numberOfLines: 1
                lineBreakMode: .byWordWrapping
            }

            """
        let dir = try CLI.folder(["a.labelspec": spec])
        let render = try CLI.run(["render", "--out", "report", "--content-size", "large", "a.labelspec"], in: dir, timeout: 60)
        #expect(render.status == 0, "\(render.stderr)")
        // Pictures are named by their content (point 16): the manifest names the file.
        let manifest = try JSONValue.parse(String(contentsOf: dir.appendingPathComponent("report/manifest.json"), encoding: .utf8))
        let file = try #require(manifest.arrayValue?.first?["svg"]?.stringValue)
        let svg = try String(contentsOf: dir.appendingPathComponent("report").appendingPathComponent(file), encoding: .utf8)
        #expect(
            svg.contains(
                ##"<pattern id="lines-not-shown" x="1" y="22" width="10" height="6" patternUnits="userSpaceOnUse"><path d="M1 1l3 4l3 -4" fill="none" stroke="#FF2D55" stroke-width="1"/></pattern><rect x="1" y="22" width="99998" height="6" fill="url(#lines-not-shown)"/>"##
            ))
        #expect(svg.utf8.count < 4_000)
    }
}
