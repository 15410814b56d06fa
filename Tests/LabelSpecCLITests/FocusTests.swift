import Foundation
import JSON
import Testing

/// Focus (issue 35, points 8 and 9): `check FILE` in a workspace reports that file's findings
/// only; `--select`/`--ignore` (and `select`/`ignore` of labelspec.json) on check, measure and
/// render; baselines matched by a fingerprint that does not depend on a message's wording.
@Suite struct FocusTests {
    /// A storyboard with one label (object id `abc-12-xyz`) that fits, in English and German.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label text="Settings" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" id="abc-12-xyz">
                                        <rect key="frame" x="20" y="100" width="300" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                    </label>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    /// A workspace (a labelspec.json) holding a storyboard beside a spec with an error and a
    /// `.strings` table iOS would not load.
    static func workspace(configuration: String = "{}\n", mainStrings: String = "\"abc-12-xyz.text\" = \"Einstellungen\";\n")
        throws -> URL
    {
        try CLI.folder([
            "labelspec.json": configuration,
            "Base.lproj/Main.storyboard": storyboard,
            "de.lproj/Main.strings": mainStrings,
            "de.lproj/Localizable.strings": "\"a\" = \"b\"\n\"c\" = \"d\";\n",
            "Other.labelspec": "label Broken {\n    text: \"x\"\n    widht: 3\n}\n",
        ])
    }

    /// `check FILE`: the storyboard's findings only (it has none); the other spec's error and the
    /// problem of a table the storyboard does not read are not said (they were:
    /// `de.lproj/Localizable.strings:1:10: error: …`, and the run failed).
    @Test func checkOfOneFileReportsThatFileOnly() throws {
        let dir = try Self.workspace()
        let one = try CLI.run(["check", "Base.lproj/Main.storyboard"], in: dir)
        #expect(one.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
        #expect(one.stderr == "")
        #expect(one.status == 0)
        // The folder: every file's findings, the table's too.
        let all = try CLI.run(["check", "--format", "github", "."], in: dir)
        #expect(
            all.stdout == """
                ::error file=de.lproj/Localizable.strings,line=1,col=10,endLine=1,endColumn=10,title=invalid-catalog::expected ';' after the value of "a"; add it (iOS does not load this file)
                ::error file=Other.labelspec,line=3,col=5,endLine=3,endColumn=10,title=unknown-property::unknown property 'widht'; did you mean 'width'?

                """ + CLI.standInNotice)
        #expect(all.status == 1)
        // The table named: its problem.
        let table = try CLI.run(["check", "--format", "github", "Base.lproj/Main.storyboard", "de.lproj/Localizable.strings"], in: dir)
        #expect(
            table.stdout == """
                ::error file=de.lproj/Localizable.strings,line=1,col=10,endLine=1,endColumn=10,title=invalid-catalog::expected ';' after the value of "a"; add it (iOS does not load this file)

                """ + CLI.standInNotice)
    }

    /// The storyboard's own translations are its findings: a `Main.strings` iOS would not load is
    /// said with `check FILE` (once), and a labelspec.json problem of its namespace too.
    @Test func checkOfOneFileStillSaysItsTablesAndItsConfiguration() throws {
        let dir = try Self.workspace(configuration: "{\"contentSizes\": 3}\n", mainStrings: "\"abc-12-xyz.text\" = \"Einstellungen\"\n")
        let one = try CLI.run(["check", "--format", "github", "Base.lproj/Main.storyboard"], in: dir)
        #expect(
            one.stdout == """
                ::error file=labelspec.json,line=1,col=2,endLine=1,endColumn=16,title=invalid-configuration::'contentSizes' must be a list of category names
                ::error file=de.lproj/Main.strings,line=1,col=36,endLine=1,endColumn=36,title=invalid-catalog::expected ';' after the value of "abc-12-xyz.text"; add it (iOS does not load this file)

                """ + CLI.standInNotice)
        #expect(one.status == 2)
        // Named with its folder: said once.
        let both = try CLI.run(["check", "--format", "github", "Base.lproj/Main.storyboard", "de.lproj"], in: dir)
        #expect(
            both.stdout == """
                ::error file=labelspec.json,line=1,col=2,endLine=1,endColumn=16,title=invalid-configuration::'contentSizes' must be a list of category names
                ::error file=de.lproj/Localizable.strings,line=1,col=10,endLine=1,endColumn=10,title=invalid-catalog::expected ';' after the value of "a"; add it (iOS does not load this file)
                ::error file=de.lproj/Main.strings,line=1,col=36,endLine=1,endColumn=36,title=invalid-catalog::expected ';' after the value of "abc-12-xyz.text"; add it (iOS does not load this file)

                """ + CLI.standInNotice)
        #expect(both.stderr == "labelspec: no .labelspec, .storyboard, .xib or .swift files in 'de.lproj'\n")
    }
}

/// Baselines keyed by a fingerprint (file, code, label or object id, worst cell), not by message.
@Suite struct BaselineFingerprintTests {
    /// A label whose text truncates in every locale of `locales` (the same text in each).
    static func project(_ locales: [String]) throws -> URL {
        var files = [
            "labelspec.json": "{}\n",
            "a.labelspec": "label Title {\n    text: .localized(\"title\")\n    font: .body\n    width: 100\n}\n",
        ]
        for l in locales { files["\(l).lproj/Localizable.strings"] = "\"title\" = \"A rather long title that will not fit\";\n" }
        return try CLI.folder(files)
    }

    static func addLocale(_ locale: String, in dir: URL) throws {
        try CLI.folder(["\(locale).lproj/Localizable.strings": "\"title\" = \"A rather long title that will not fit\";\n"], in: dir)
    }

    static let eight = ["en", "de", "es", "fr", "it", "ja", "ko", "nl"]

    /// A ninth locale turns "and 3 more" into "and 4 more": the finding is the same one (its worst
    /// cell, `en at .large`, did not change), so nothing is raised. A version 1 baseline keyed it
    /// by its message and raised it again.
    @Test func aMessagesSummaryChangingRaisesNothing() throws {
        let dir = try Self.project(Self.eight)
        let write = try CLI.run(["check", "--write-baseline", "b.json", "a.labelspec"], in: dir)
        #expect(write.stdout == "Wrote 1 finding to b.json\n")
        #expect(
            try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8) == #"""
                {
                  "version": 2,
                  "findings": [
                    {
                      "file": "a.labelspec",
                      "code": "truncates",
                      "item": "Title",
                      "cell": "en at .large",
                      "message": "truncates in en at .large: \"A rather lo…\" (100 pt: width 100; also de, es, fr and it at .large, and 3 more at .large or larger; and 1 larger size)",
                      "count": 1
                    }
                  ]
                }

                """#)
        try Self.addLocale("pt", in: dir)
        let after = try CLI.run(["check", "--baseline", "b.json", "a.labelspec"], in: dir)
        #expect(after.stdout == "Checked 1 file: 0 errors, 0 warnings (1 more in the baseline)\n" + CLI.standIn)
        #expect(after.status == 0)
        // Another worst cell is another finding: Arabic's longer text, more of it hidden, is now
        // the worst cell (`ar at .large`), reported though the baseline holds the label's.
        try CLI.folder(
            ["ar.lproj/Localizable.strings": "\"title\" = \"A rather long title that will not fit at all, in Arabic\";\n"], in: dir)
        let worse = try CLI.run(["check", "--baseline", "b.json", "--format", "github", "a.labelspec"], in: dir)
        #expect(worse.status == 0)
        #expect(
            worse.stdout
                == "::warning file=a.labelspec,line=1,col=7,endLine=1,endColumn=12,title=truncates::truncates in ar at .large: \"A rather lo…\" (100 pt: width 100; also en, de, es and fr at .large, and 5 more at .large or larger; and 1 larger size)\n"
                + CLI.standInNotice
        )
    }

    /// A baseline of version 1 (written before) is still read and matched as it was: by message.
    @Test func aVersion1BaselineIsMatchedByMessage() throws {
        let dir = try Self.project(Self.eight)
        let message =
            #"truncates in en at .large: \"A rather lo…\" (100 pt: width 100; also de, es, fr and it at .large, and 3 more at .large or larger; and 1 larger size)"#
        try CLI.folder(
            [
                "b.json":
                    #"{"version": 1, "findings": [{"file": "a.labelspec", "code": "truncates", "item": "Title", "message": ""#
                    + message + #"", "count": 1}]}"#
            ], in: dir)
        let same = try CLI.run(["check", "--baseline", "b.json", "a.labelspec"], in: dir)
        #expect(same.stdout == "Checked 1 file: 0 errors, 0 warnings (1 more in the baseline)\n" + CLI.standIn)
        try Self.addLocale("pt", in: dir)
        let after = try CLI.run(["check", "--baseline", "b.json", "--format", "github", "a.labelspec"], in: dir)
        #expect(
            after.stdout
                == "::warning file=a.labelspec,line=1,col=7,endLine=1,endColumn=12,title=truncates::truncates in en at .large: \"A rather lo…\" (100 pt: width 100; also de, es, fr and it at .large, and 4 more at .large or larger; and 1 larger size)\n"
                + CLI.standInNotice
        )
        // A version this binary does not know is refused.
        try CLI.folder(["c.json": #"{"version": 3, "findings": []}"#], in: dir)
        let future = try CLI.run(["check", "--baseline", "c.json", "a.labelspec"], in: dir)
        #expect(future.stderr == "labelspec: invalid baseline 'c.json': \"version\" must be 1 or 2\n")
        #expect(future.status == 2)
    }

    /// A storyboard's finding is keyed by its label's object id.
    @Test func aStoryboardFindingIsKeyedByObjectID() throws {
        let narrow = FocusTests.storyboard.replacingOccurrences(of: "width=\"300\"", with: "width=\"30\"")
        let dir = try CLI.folder(["Base.lproj/Main.storyboard": narrow])
        let write = try CLI.run(["check", "--write-baseline", "-", "Base.lproj/Main.storyboard"], in: dir)
        let findings = try #require(try JSONValue.parse(Array(write.stdout.utf8))["findings"]?.arrayValue)
        #expect(
            findings.map { "\($0["code"]?.stringValue ?? "") \($0["item"]?.stringValue ?? "-") \($0["cell"]?.stringValue ?? "-")" } == [
                "truncates abc-12-xyz at .large"
            ])
    }
}
