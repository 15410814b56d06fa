import Foundation
import Testing

/// Issue 33, point 14: the other locales a finding names each carry the size they fail at.
@Suite struct AlsoFailingLocalesTests {
    static let catalog = """
        { "sourceLanguage": "en", "strings": { "share": { "localizations": {
          "en": { "stringUnit": { "value": "Share with friends" } },
          "de": { "stringUnit": { "value": "Mit Freunden teilen und mehr erfahren" } },
          "fr": { "stringUnit": { "value": "Partager avec des amis" } },
          "ja": { "stringUnit": { "value": "友達と共有" } } } } } }
        """

    @Test func eachOtherLocaleWithItsFirstFailingSize() throws {
        let dir = try CLI.temporaryDirectory()
        try Data(Self.catalog.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data(#"{ "contentSizes": ["large", "extraExtraExtraLarge", "accessibilityExtraExtraExtraLarge"] }"#.utf8)
            .write(to: dir.appendingPathComponent("labelspec.json"))
        try Data("label Share {\n    text: .localized(\"share\")\n    width: 160\n}\n".utf8).write(
            to: dir.appendingPathComponent("a.labelspec"))
        let r = try CLI.run(["check", "a.labelspec"], in: dir)
        #expect(
            r.stdout.split(separator: "\n").first.map(String.init)
                == #"a.labelspec:1:7: warning: truncates in de at .large: "Mit Freunden teile…" (160 pt: width 160; also fr at .large, en at .extraExtraExtraLarge, ja at .accessibilityExtraExtraExtraLarge; and 2 larger sizes) [truncates]"#
        )
        // Past five names, the rest are counted from the size of the first left out.
        let many = try CLI.run(["check", "--pseudo", "double-length,bounded,accented,right-to-left", "a.labelspec"], in: dir)
        #expect(
            many.stdout.split(separator: "\n").first.map(String.init)
                == #"a.labelspec:1:7: warning: truncates in de at .large: "Mit Freunden teile…" (160 pt: width 160; also fr, double-length and bounded at .large, en at .extraExtraExtraLarge, and 3 more at .extraExtraExtraLarge or larger; and 2 larger sizes) [truncates]"#
        )
    }
}
