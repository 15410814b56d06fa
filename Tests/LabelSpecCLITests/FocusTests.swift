import Foundation
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
        #expect(one.stdout == "Checked 1 file: 0 errors, 0 warnings\n")
        #expect(one.stderr == "")
        #expect(one.status == 0)
        // The folder: every file's findings, the table's too.
        let all = try CLI.run(["check", "--format", "github", "."], in: dir)
        #expect(
            all.stdout == """
                ::error file=de.lproj/Localizable.strings,line=1,col=10,endLine=1,endColumn=10,title=invalid-catalog::expected ';' after the value of "a"; add it (iOS does not load this file)
                ::error file=Other.labelspec,line=3,col=5,endLine=3,endColumn=10,title=unknown-property::unknown property 'widht'; did you mean 'width'?

                """)
        #expect(all.status == 1)
        // The table named: its problem.
        let table = try CLI.run(["check", "--format", "github", "Base.lproj/Main.storyboard", "de.lproj/Localizable.strings"], in: dir)
        #expect(
            table.stdout == """
                ::error file=de.lproj/Localizable.strings,line=1,col=10,endLine=1,endColumn=10,title=invalid-catalog::expected ';' after the value of "a"; add it (iOS does not load this file)

                """)
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

                """)
        #expect(one.status == 2)
        // Named with its folder: said once.
        let both = try CLI.run(["check", "--format", "github", "Base.lproj/Main.storyboard", "de.lproj"], in: dir)
        #expect(
            both.stdout == """
                ::error file=labelspec.json,line=1,col=2,endLine=1,endColumn=16,title=invalid-configuration::'contentSizes' must be a list of category names
                ::error file=de.lproj/Localizable.strings,line=1,col=10,endLine=1,endColumn=10,title=invalid-catalog::expected ';' after the value of "a"; add it (iOS does not load this file)
                ::error file=de.lproj/Main.strings,line=1,col=36,endLine=1,endColumn=36,title=invalid-catalog::expected ';' after the value of "abc-12-xyz.text"; add it (iOS does not load this file)

                """)
        #expect(both.stderr == "labelspec: no .labelspec, .storyboard or .xib files in 'de.lproj'\n")
    }
}
