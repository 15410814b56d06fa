import Foundation
import Testing

/// The fixes of `truncates` through the binary (issue 35 point 10): `check --fix` applies none of
/// them, not even with `--unsafe-fixes` (they are alternatives for a person to choose between),
/// and an Interface Builder file's finding says what to change in Interface Builder instead.
@Suite struct TruncationFixCommandTests {
    @Test func checkFixLeavesTruncatesAlone() throws {
        let spec = """
            label Name {
                text: "Alexandra Fitzgerald-Montgomery"
                width: 180
                width: 180
            }
            label Narrow { text: "Alexandra Fitzgerald-Montgomery"; width: 40; height: 21 }

            """
        let dir = try CLI.folder(["a.labelspec": spec])
        let r = try CLI.run(["check", "--fix", "--unsafe-fixes", "--content-size", "large", "."], in: dir)
        // The duplicate is fixed; both truncations stay, even Narrow's, whose one fix is the
        // ignore comment.
        #expect(
            r.stdout == """
                a.labelspec:3:5: fixed: Remove the earlier 'width' [duplicate]
                a.labelspec:1:7: warning: truncates at .large: "Alexandra Fitzgerald-…" (180 pt: width 180) [truncates]
                    label Name {
                          ^~~~
                a.labelspec:5:7: warning: clipped at .large: shows "Ale…" (40 pt: width 40) [clipped]
                    label Narrow { text: "Alexandra Fitzgerald-Montgomery"; width: 40; height: 21 }
                          ^~~~~~
                a.labelspec:5:7: warning: truncates at .large: "Ale…" (40 pt: width 40) [truncates]
                    label Narrow { text: "Alexandra Fitzgerald-Montgomery"; width: 40; height: 21 }
                          ^~~~~~
                Fixed 1 finding in 1 file
                Checked 1 file: 0 errors, 3 warnings

                """ + CLI.standInText)
        #expect(r.status == 0)
        #expect(
            try String(contentsOf: dir.appendingPathComponent("a.labelspec"), encoding: .utf8) == """
                label Name {
                    text: "Alexandra Fitzgerald-Montgomery"
                    width: 180
                }
                label Narrow { text: "Alexandra Fitzgerald-Montgomery"; width: 40; height: 21 }

                """)
        let rule = try CLI.run(["rule", "truncates"])
        #expect(rule.stdout.contains("\nQuick fix: editor (alternatives offered by the editor; check --fix applies none)\n"))
    }

    @Test func interfaceBuilderSaysWhatToChangeThere() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <viewController id="vc1">
                                <view key="view" id="v1">
                                    <subviews>
                                        <label text="Alexandra Fitzgerald-Montgomery" adjustsFontSizeToFit="NO" id="lAb-01-aaa">
                                            <rect key="frame" x="16" y="20" width="180" height="21"/>
                                        </label>
                                        <label text="Alexandra Fitzgerald-Montgomery" adjustsFontSizeToFit="NO" id="lAb-02-bbb">
                                            <rect key="frame" x="16" y="60" width="40" height="21"/>
                                        </label>
                                        <button buttonType="system" lineBreakMode="tailTruncation" id="bTn-01-aaa">
                                            <rect key="frame" x="16" y="100" width="80" height="44"/>
                                            <state key="normal" title="Continue to payment"/>
                                        </button>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """
        let dir = try CLI.folder(["Main.storyboard": storyboard])
        let r = try CLI.run(["check", "--format", "json", "--content-size", "large", "Main.storyboard"], in: dir)
        // (a measured finding's message is followed by its width's keys: a comma after it)
        let messages = r.stdout.split(separator: "\n").filter { $0.contains("\"message\"") }.map {
            $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ",")))
        }
        #expect(
            messages == [
                #""message": "truncates at .large: \"Alexandra Fitzgerald-…\" (180 pt: its frame: it has no constraints, and Xcode fixes its frame at build time); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.6""#,
                #""message": "truncates at .large: \"Ale…\" (40 pt: its frame: it has no constraints, and Xcode fixes its frame at build time); in Interface Builder's Attributes inspector, set Lines to 0""#,
                #""message": "the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector""#,
                #""message": "truncates at .large: \"Continue…\" (80 pt: its frame: it has no constraints, and Xcode fixes its frame at build time)""#,
            ])
    }
}
