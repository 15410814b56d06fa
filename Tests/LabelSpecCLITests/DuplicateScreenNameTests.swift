import Foundation
import JSON
import Testing

/// Issue 33 through the binary: two `screens` entries of one name.
@Suite struct DuplicateScreenNameTests {
    static let row = """
        label Row {
            text: "Notifications and sounds for every conversation"
            width: .screen - 32
        }

        """

    /// A name stands for one screen: a second entry of that name with another screen is an
    /// error at its name (or at the device it names), naming the first; the screens stay the
    /// defaults. An exact repeat is one screen.
    @Test func twoScreensOfOneNameAreAnError() throws {
        let config = """
            { "contentSizes": ["large"], "screens": [
              {"name": "Split", "width": 600, "sizeClass": "regular"},
              {"name": "Split", "width": 320, "sizeClass": "compact"},
              {"name": "iPhone 16", "width": 320, "sizeClass": "compact"},
              "iPhone 16",
              {"device": "iPhone 16"}
            ] }
            """
        let dir = try CLI.folder(["a.labelspec": Self.row, "labelspec.json": config])
        let r = try CLI.run(["check", "--deny-warnings", "--format", "json", "."], in: dir)
        #expect(r.status == 2)
        let findings = try #require(try JSONValue.parse(r.stdout).arrayValue)
        #expect(
            findings.map {
                "\($0["file"]?.stringValue ?? ""):\($0["line"]?.intValue ?? 0):\($0["column"]?.intValue ?? 0): \($0["message"]?.stringValue ?? "")"
            } == [
                "labelspec.json:3:12: 'Split' names two screens: entry 1 (600 pt, regular) and this one (320 pt, compact); give each screen its own name",
                "labelspec.json:5:3: 'iPhone 16' names two screens: entry 3 (320 pt, compact) and this one (393 pt, compact); give each screen its own name",
                "labelspec.json:6:14: 'iPhone 16' names two screens: entry 3 (320 pt, compact) and this one (393 pt, compact); give each screen its own name",
                // The default screens, as for any problem of `screens`.
                #"a.labelspec:1:7: truncates on iPhone SE (3rd generation) at .large: "Notifications and sounds for every convers…" (343 pt: width .screen - 32; on 1 more screen)"#,
            ])

        // The label truncates only at 320 pt: once the second Split has a name of its own, it fails.
        let renamed = config.replacingOccurrences(of: #"{"name": "Split", "width": 320"#, with: #"{"name": "Slide Over", "width": 320"#)
            .replacingOccurrences(of: #"{"name": "iPhone 16", "width": 320, "sizeClass": "compact"},"#, with: "")
        try Data(renamed.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let fixed = try CLI.run(["check", "--deny-warnings", "a.labelspec"], in: dir)
        #expect(fixed.status == 1)
        #expect(
            fixed.stdout.hasPrefix(
                #"a.labelspec:1:7: warning: truncates on Slide Over at .large: "Notifications and sounds for every…" (288 pt: width .screen - 32; on 1 more screen) [truncates]"#
            ))

        // Exact repeats are one screen each.
        try Data(
            #"{ "contentSizes": ["large"], "screens": ["iPhone 16", {"device": "iPhone 16"}, {"name": "Wide", "width": 600, "sizeClass": "regular"}, {"name": "Wide", "width": 600, "sizeClass": "regular"}] }"#
                .utf8
        )
        .write(to: dir.appendingPathComponent("labelspec.json"))
        let rows = try #require(try JSONValue.parse(CLI.run(["measure", "--format", "json", "a.labelspec"], in: dir).stdout).arrayValue)
        #expect(rows.map { $0["screen"]?.stringValue ?? "-" } == ["iPhone 16", "Wide"])

        // Many repeats: the first 32 are said, then a count.
        let many = (1...41).map { #"{"name": "S", "width": \#($0), "sizeClass": "compact"}"# }.joined(separator: ",")
        try Data(#"{ "screens": [\#(many)] }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let repeated = try #require(try JSONValue.parse(CLI.run(["check", "--format", "json", "a.labelspec"], in: dir).stdout).arrayValue)
            .filter { $0["file"]?.stringValue == "labelspec.json" }.compactMap { $0["message"]?.stringValue }
        #expect(repeated.count == 33)
        // The count at the key, first; then the entries in order.
        #expect(repeated.first == "'screens': 8 more entries name no screen or repeat a name")
        #expect(repeated[1] == "'S' names two screens: entry 1 (1 pt, compact) and this one (2 pt, compact); give each screen its own name")
        #expect(
            repeated.last == "'S' names two screens: entry 1 (1 pt, compact) and this one (33 pt, compact); give each screen its own name")
    }
}
