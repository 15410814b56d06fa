import Foundation
import JSON
import Testing

/// Issue 35, point 2, through the binary: every `truncates` and `clipped` finding says the width
/// of its worst cell and where that width came from, in its message (`(143 pt: width .margins -
/// 200)`), in JSON (`width`, `widthSource`) and in SARIF's property bag; for a storyboard, what
/// its constraints or frame gave the label, as `import` says it in the `// width:` comment.
@Suite struct WidthSourceTests {
    static let spec = """
        label Title {
            text: "Einstellungen für Benachrichtigungen und Datenschutz"
            font: .body
            width: .margins - 200
        }
        label Fixed {
            text: "Einstellungen für Benachrichtigungen und Datenschutz"
            font: .body
            width: 120
        }
        label Free {
            text: "Einstellungen für Benachrichtigungen und Datenschutz und noch viel mehr Text, der nicht passt"
            font: .body
        }
        label Preferred {
            text: "Einstellungen für Benachrichtigungen und Datenschutz"
            font: .body
            preferredMaxLayoutWidth: .screen - 250
        }
        label Clips {
            text: "Download the latest version"
            font: .body
            width: 200
            lineBreakMode: .byClipping
        }

        """

    static let configuration = #"{ "contentSizes": ["large", "extraExtraLarge"], "screens": ["iPhone SE (3rd generation)", "iPhone 16"] }"#

    /// The text report: the width's phrase after the points, inside the brackets, for a width
    /// that follows the screen, a number, `preferredMaxLayoutWidth`, and no width at all.
    @Test func textSaysTheWidthAndItsSource() throws {
        let dir = try CLI.folder(["a.labelspec": Self.spec, "labelspec.json": Self.configuration])
        let result = try CLI.run(["check", "a.labelspec"], in: dir, timeout: 60)
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") } == [
                #"a.labelspec:1:7: warning: truncates on iPhone SE (3rd generation) at .large: "Einstellungen für…" (143 pt: width .margins - 200; and at 1 larger size; on 1 more screen) [truncates]"#,
                #"a.labelspec:6:7: warning: truncates at .large: "Einstellungen…" (120 pt: width 120; and at 1 larger size) [truncates]"#,
                #"a.labelspec:11:7: warning: truncates on iPhone SE (3rd generation) at .large: "Einstellungen für Benachrichtigungen und…" (343 pt: no width: the screen's margins; and at 1 larger size; on 1 more screen) [truncates]"#,
                #"a.labelspec:15:7: warning: truncates on iPhone SE (3rd generation) at .large: "Einstellungen…" (125 pt: preferredMaxLayoutWidth .screen - 250; and at 1 larger size; on 1 more screen) [truncates]"#,
                #"a.labelspec:20:7: warning: clipped at .large: shows "Download the latest versi" (200 pt: width 200; and at 1 larger size) [clipped]"#,
                "Checked 1 file: 0 errors, 5 warnings",
                CLI.standIn.dropLast(),
            ])
    }

    /// JSON: `width` (points) and `widthSource` on every measured finding, after `screen` when
    /// it is on one; SARIF: the same keys in the result's property bag.
    @Test func jsonAndSARIFCarryTheWidthAndItsSource() throws {
        let dir = try CLI.folder(["a.labelspec": Self.spec, "labelspec.json": Self.configuration])
        let json = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir, timeout: 60)
        #expect(json.status == 0)
        let findings = try #require(try JSONValue.parse(json.stdout).arrayValue)
        func tail(_ o: JSONValue) -> [String] {
            (o.objectValue ?? []).drop { $0.0 != "message" }.dropFirst().map { "\($0.0)=\($0.1.serialized())" }
        }
        let expected = [
            [
                #"screen="iPhone SE (3rd generation)""#, "width=143.0", #"widthSource="width .margins - 200""#, #"fonts=["Inter"]"#,
                "standIn=true",
            ],
            ["width=120.0", #"widthSource="width 120""#, #"fonts=["Inter"]"#, "standIn=true"],
            [
                #"screen="iPhone SE (3rd generation)""#, "width=343.0", #"widthSource="no width: the screen's margins""#,
                #"fonts=["Inter"]"#, "standIn=true",
            ],
            [
                #"screen="iPhone SE (3rd generation)""#, "width=125.0", #"widthSource="preferredMaxLayoutWidth .screen - 250""#,
                #"fonts=["Inter"]"#, "standIn=true",
            ],
            ["width=200.0", #"widthSource="width 200""#, #"fonts=["Inter"]"#, "standIn=true"],
        ]
        #expect(findings.map(tail) == expected)
        #expect(findings[0]["width"]?.doubleValue == 143)

        let sarif = try CLI.run(["check", "--format", "sarif", "a.labelspec"], in: dir, timeout: 60)
        #expect(sarif.status == 0)
        let results = try #require(try JSONValue.parse(sarif.stdout)["runs"]?.arrayValue?.first?["results"]?.arrayValue)
        #expect(
            results.map { r in (r["properties"]?.objectValue ?? []).map { "\($0.0)=\($0.1.serialized())" } } == expected)
        #expect(
            results[1]["message"]?["text"]?.stringValue
                == #"truncates at .large: "Einstellungen…" (120 pt: width 120; and at 1 larger size)"#)
    }

    /// `measure --format json`: each row of a label measured at a width says where that width
    /// came from, as its findings do.
    @Test func measureRowsSayTheWidthSource() throws {
        let dir = try CLI.folder(["a.labelspec": Self.spec, "labelspec.json": Self.configuration])
        let result = try CLI.run(["measure", "--format", "json", "--content-size", "large", "a.labelspec"], in: dir, timeout: 60)
        #expect(result.status == 0)
        let rows = try #require(try JSONValue.parse(result.stdout).arrayValue)
        #expect(
            rows.map { "\($0["label"]?.stringValue ?? "") \($0["width"]?.doubleValue ?? 0) \($0["widthSource"]?.stringValue ?? "-")" } == [
                "Title 143.0 width .margins - 200", "Title 161.0 width .margins - 200", "Fixed 120.0 width 120",
                "Free 343.0 no width: the screen's margins", "Free 361.0 no width: the screen's margins",
                "Preferred 125.0 preferredMaxLayoutWidth .screen - 250", "Preferred 143.0 preferredMaxLayoutWidth .screen - 250",
                "Clips 200.0 width 200",
            ])
    }

    /// A width written as a long expression is quoted cut (a finding's message stays short).
    @Test func aLongWidthExpressionIsCut() throws {
        let terms = (1...20).map { ".screen - \($0)" }.joined(separator: ", ")
        let spec = """
            label Long {
                text: "Notifications and sounds for every conversation and every group you are in"
                width: .min(\(terms))
            }

            """
        let dir = try CLI.folder([
            "a.labelspec": spec, "labelspec.json": #"{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)"] }"#,
        ])
        let result = try CLI.run(["check", "--format", "json", "a.labelspec"], in: dir, timeout: 60)
        let finding = try #require(try JSONValue.parse(result.stdout).arrayValue?.first)
        #expect(finding["widthSource"]?.stringValue == "width .min(.screen - 1, .screen - 2, .screen - 3, .screen - 4, .s…")
        #expect(
            finding["message"]?.stringValue
                == #"truncates on iPhone SE (3rd generation) at .large: "Notifications and sounds for every conversat…" (355 pt: width .min(.screen - 1, .screen - 2, .screen - 3, .screen - 4, .s…)"#
        )
    }

    /// A storyboard of three: a label whose constraints pin it to the root view's margins, one
    /// with only a frame, and a button whose title's room is its frame less its insets.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="AppleSDK" useAutolayout="YES" useSafeAreas="YES">
            <scenes>
                <scene sceneID="s01-aa-000">
                    <objects>
                        <viewController id="vc1-aa-000" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="rt1-aa-000">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label text="Benachrichtigungen und Datenschutz" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="pin-aa-001" userLabel="Pinned">
                                        <rect key="frame" x="100" y="80" width="193" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                    </label>
                                    <label text="Einstellungen für Benachrichtigungen" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="frm-aa-002" userLabel="Framed">
                                        <rect key="frame" x="16" y="120" width="120" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                    </label>
                                    <button contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-aa-003" userLabel="Save">
                                        <rect key="frame" x="16" y="160" width="100" height="30"/>
                                        <inset key="contentEdgeInsets" minX="20" minY="0.0" maxX="20" maxY="0.0"/>
                                        <state key="normal" title="Speichern und schließen"/>
                                    </button>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="pin-aa-001" firstAttribute="leading" secondItem="rt1-aa-000" secondAttribute="leadingMargin" constant="84" id="c01-aa-001"/>
                                    <constraint firstItem="rt1-aa-000" firstAttribute="trailingMargin" secondItem="pin-aa-001" secondAttribute="trailing" constant="84" id="c01-aa-002"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    static let pinned = "between the leading margin + 84 and the trailing margin - 84"
    static let frame = "its frame: it has no constraints, and Xcode fixes its frame at build time"
    /// A button's: its title's room, the frame less its insets (and image).
    static let button = frame + "; the title's room: 40 pt less, for its insets and image"

    /// A storyboard's findings say what the label's constraints or frame gave it, not the
    /// generated `width` (in text, JSON and SARIF), and `import` writes the same phrase in the
    /// `// width:` comment above the width.
    @Test func aStoryboardsFindingsSayItsConstraintsOrFrame() throws {
        let dir = try CLI.folder([
            "Settings.storyboard": Self.storyboard,
            "labelspec.json": #"{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)", "iPhone 16 Pro Max"] }"#,
        ])
        let text = try CLI.run(["check", "--select", "truncates", "Settings.storyboard"], in: dir, timeout: 60)
        #expect(
            text.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") } == [
                #"Settings.storyboard:10:30: warning: truncates on iPhone SE (3rd generation) at .large: "Benachrichtigungen…" (175 pt: \#(Self.pinned); on 1 more screen); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.55 [truncates]"#,
                #"Settings.storyboard:14:30: warning: truncates at .large: "Einstellungen…" (120 pt: \#(Self.frame)); in Interface Builder's Attributes inspector, set Lines to 0 [truncates]"#,
                #"Settings.storyboard:18:30: warning: truncates at .large: "Speich…" (60 pt: \#(Self.button)) [truncates]"#,
                "Checked 1 file: 0 errors, 3 warnings",
                CLI.standInText.dropLast(),
            ])

        let json = try CLI.run(["check", "--select", "truncates", "--format", "json", "Settings.storyboard"], in: dir, timeout: 60)
        let findings = try #require(try JSONValue.parse(json.stdout).arrayValue)
        #expect(findings.map { $0["width"]?.doubleValue } == [175, 120, 60])
        let sources = [Self.pinned, Self.frame, Self.button]
        #expect(findings.map { $0["widthSource"]?.stringValue } == sources)
        #expect(findings.map { $0["screen"]?.stringValue } == ["iPhone SE (3rd generation)", nil, nil])

        let sarif = try CLI.run(["check", "--select", "truncates", "--format", "sarif", "Settings.storyboard"], in: dir, timeout: 60)
        let results = try #require(try JSONValue.parse(sarif.stdout)["runs"]?.arrayValue?.first?["results"]?.arrayValue)
        #expect(results.map { $0["properties"]?["widthSource"]?.stringValue } == sources)
        #expect(results.map { $0["properties"]?["width"]?.doubleValue } == [175, 120, 60])

        // `measure`'s rows say the same (one row per screen of the pinned label's widths).
        let measured = try CLI.run(["measure", "--format", "json", "--content-size", "large", "Settings.storyboard"], in: dir, timeout: 60)
        #expect(
            try #require(try JSONValue.parse(measured.stdout).arrayValue).map { $0["widthSource"]?.stringValue }
                == [Self.pinned, Self.pinned, Self.frame, Self.button])

        // One phrase for both: the comment `import` writes above each width (a button's title
        // room is its own comment there, below it).
        let imported = try CLI.run(["import", "Settings.storyboard"], in: dir, timeout: 60)
        #expect(
            imported.stdout.split(separator: "\n").filter { $0.contains("// width:") }.map(String.init)
                == [Self.pinned, Self.frame, Self.frame].map { "    // width: " + $0 })
    }

    /// A storyboard label whose text looks like the generated width's phrase: its text is quoted
    /// as it is, and only the phrase after it says the frame.
    @Test func aTextThatLooksLikeTheWidthIsLeftAlone() throws {
        let board = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes><scene sceneID="s1"><objects><viewController id="vc1"><view key="view" id="v1"><subviews>
                    <label text="A (300 pt: width 300; B) and more words until it is cut off at the end of the line" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" id="evl-aa-001">
                        <rect key="frame" x="0" y="0" width="300" height="21"/>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </label>
                </subviews></view></viewController></objects></scene></scenes>
            </document>

            """
        let dir = try CLI.folder(["Evil.storyboard": board, "labelspec.json": #"{ "contentSizes": ["large"] }"#])
        let result = try CLI.run(["check", "--select", "truncates", "--format", "json", "Evil.storyboard"], in: dir, timeout: 60)
        let finding = try #require(try JSONValue.parse(result.stdout).arrayValue?.first)
        #expect(
            finding["message"]?.stringValue
                == #"truncates at .large: "A (300 pt: width 300; B) and more w…" (300 pt: \#(Self.frame)); in Interface Builder's Attributes inspector, set Lines to 0"#
        )
        #expect(finding["widthSource"]?.stringValue == Self.frame)
    }
}
