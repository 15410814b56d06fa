import Foundation
import JSON
import Testing

/// Issue 36, points 1 and 2: every output says what measured, and a label that fits with less
/// room than the measuring font's error is `near-limit`. On this machine Inter stands in for SF
/// Pro: "Save changes" in `.body` at `.large` is 106.96 pt wide, and the band for 17 pt regular
/// text is 2 %.
@Suite struct StandInTests {
    static func project(width: String, configuration: String = #"{ "contentSizes": ["large"] }"#) throws -> URL {
        try CLI.folder([
            "a.labelspec": "label Save {\n    text: \"Save changes\"\n    font: .body\n    width: \(width)\n}\n",
            "labelspec.json": configuration,
        ])
    }

    /// At 109 pt the text is within 2 % of the edge (109 / 1.02 = 106.86 pt is less than it
    /// needs): near the limit. At 109.2 pt (107.06 pt shrunk) it is not; at 106 pt it truncates,
    /// and is reported for that only.
    @Test func nearLimitIsWhereTheBandSays() throws {
        let near = try CLI.run(["check", "a.labelspec"], in: try Self.project(width: "109"))
        #expect(
            near.stdout.split(separator: "\n").first
                == "a.labelspec:1:7: hint: fits at .large with 2 pt to spare (1.9 %) (109 pt: width 109); measured with Inter for SF Pro, which differs by up to 2 % at this size [near-limit]"
        )
        #expect(near.status == 0)
        let clear = try CLI.run(["check", "a.labelspec"], in: try Self.project(width: "109.2"))
        #expect(clear.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standInText)
        let cut = try CLI.run(["check", "--format", "json", "a.labelspec"], in: try Self.project(width: "106"))
        let codes = try JSONValue.parse(cut.stdout).arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes == ["truncates"])
    }

    /// With Bold Text (issue 39) the band is the weight measured: `.body` is drawn semibold
    /// (109.48 pt), whose band is 4 %: at 113 pt (108.65 pt shrunk) it is near the limit, and said
    /// with Bold Text; without it (regular, 2 %) the label is clear.
    @Test func nearLimitWithBoldTextTakesTheHeavierWeightsBand() throws {
        let folder = try Self.project(width: "113")
        let bold = try CLI.run(["check", "a.labelspec", "--bold-text"], in: folder)
        #expect(
            bold.stdout.split(separator: "\n").first
                == "a.labelspec:1:7: hint: fits with Bold Text at .large with 3.5 pt to spare (3.1 %) (113 pt: width 113); measured with Inter for SF Pro, which differs by up to 4 % at this size [near-limit]"
        )
        let plain = try CLI.run(["check", "a.labelspec"], in: folder)
        #expect(plain.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standInText)
    }

    /// A family's name in the stand-ins line is escaped for the terminal, as in diagnostics, and
    /// cut at 80 characters (adversarial pass: escape sequences reached the terminal raw).
    @Test func theStandInsLineEscapesFamilyNames() throws {
        let long = String(repeating: "A", count: 200)
        let folder = try CLI.folder([
            "a.labelspec": "label L {\n    text: \"x\"\n    font: .custom(\"In\\u{1B}[31mter\", size: 17, relativeTo: .body)\n}\n"
                + "label M {\n    text: \"x\"\n    font: .custom(\"\(long)\", size: 17, relativeTo: .body)\n}\n",
            "labelspec.json": #"{ "contentSizes": ["large"] }"#,
        ])
        let r = try CLI.run(["check", "a.labelspec"], in: folder)
        let line = try #require(r.stdout.split(separator: "\n").last)
        #expect(!line.contains("\u{1B}"))
        #expect(line.contains(#"Inter for In\u{1B}[31mter"#), "\(line)")
        #expect(
            line.contains("Inter for " + String(repeating: "A", count: 80) + "…;")
                || line.contains("Inter for " + String(repeating: "A", count: 80) + "… ("))
    }

    /// `nearLimit` sets the band (percent) or turns the check off; a bad value is said where it is.
    @Test func nearLimitInLabelspecJSON() throws {
        let wide = try CLI.run(
            ["check", "a.labelspec"],
            in: try Self.project(width: "110", configuration: #"{ "contentSizes": ["large"], "nearLimit": {"standIn": 4} }"#))
        #expect(
            wide.stdout.split(separator: "\n").first
                == "a.labelspec:1:7: hint: fits at .large with 3 pt to spare (2.8 %) (110 pt: width 110); measured with Inter for SF Pro, which differs by up to 4 % ('nearLimit' in labelspec.json) [near-limit]"
        )
        let off = try CLI.run(
            ["check", "a.labelspec"],
            in: try Self.project(width: "108.5", configuration: #"{ "contentSizes": ["large"], "nearLimit": false }"#))
        #expect(off.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standInText)
        let bad = try CLI.run(
            ["check", "--format", "github", "a.labelspec"],
            in: try Self.project(width: "200", configuration: #"{ "nearLimit": {"standIn": 80, "other": 1} }"#))
        #expect(
            bad.stdout.split(separator: "\n").first
                == "::error file=labelspec.json,line=1,col=28,endLine=1,endColumn=30,title=invalid-configuration::'nearLimit.standIn' must be a percentage from 0 to 50 (4 for 4 %25)"
        )
        #expect(bad.status == 2)
        let kind = try CLI.run(
            ["check", "--format", "github", "a.labelspec"], in: try Self.project(width: "200", configuration: #"{ "nearLimit": 3 }"#))
        #expect(
            kind.stdout.split(separator: "\n").first
                == #"::error file=labelspec.json,line=1,col=3,endLine=1,endColumn=14,title=invalid-configuration::'nearLimit' must be false, true or an object such as {"standIn": 4, "real": 0.5}"#
        )
    }

    /// JSON and SARIF findings name the fonts of their worst cell; SARIF's run names every font
    /// measured with; `measure`'s rows say their fonts, whether a stand-in measured, and the room
    /// to spare.
    @Test func machineFormatsNameTheFonts() throws {
        let dir = try Self.project(width: "108.5")
        let json = try #require(
            try JSONValue.parse(CLI.run(["check", "--format", "json", "a.labelspec"], in: dir).stdout).arrayValue?.first)
        #expect(json["fonts"] == .array([.string("Inter")]))
        #expect(json["standIn"] == .bool(true))
        let sarif = try JSONValue.parse(CLI.run(["check", "--format", "sarif", "a.labelspec"], in: dir).stdout)
        #expect(
            sarif["runs"]?.arrayValue?.first?["properties"]
                == .object([
                    ("fonts", .array([.object([("family", .string("Inter")), ("standsFor", .string("SF Pro"))])])),
                    ("standIn", .bool(true)),
                ]))
        let rows = try #require(try JSONValue.parse(CLI.run(["measure", "--format", "json", "a.labelspec"], in: dir).stdout).arrayValue)
        #expect(rows.map { $0["fonts"] } == [.array([.string("Inter")])])
        #expect(rows.map { $0["standIn"] } == [.bool(true)])
        #expect(rows.map { ($0["spare"]?.doubleValue ?? -1) * 100 }.map { $0.rounded() } == [154])
        let github = try CLI.run(["check", "--format", "github", "a.labelspec"], in: dir)
        #expect(github.stdout.hasSuffix(CLI.standInNoticeText))
    }
}
