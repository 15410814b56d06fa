import Foundation
import Testing

@testable import InterfaceBuilder

@Suite struct TranslationTests {
    /// Xcode's archiving: an attribute at IB's default is not written. Autoshrink on writes
    /// `minimumScaleFactor` without `adjustsFontSizeToFit`; off writes `adjustsFontSizeToFit="NO"`
    /// (and a scale left behind is not read); `baselineAdjustment="alignBaselines"` is UIKit's
    /// default and not said.
    /// Fonts as Interface Builder stores them (issue 39): System Bold and Italic as the traits,
    /// a custom face from its PostScript name, the system font by its PostScript name, and a
    /// point size no font has left unread.
    @Test func fontsTranslateWithTheirTraitsAndFaces() {
        func font(_ description: String) -> String {
            let bytes = storyboard(
                """
                                                <label opaque="NO" text="A" id="aaa-11-bbb">
                                                    \(description)
                                                </label>
                """)
            let t = Translation.make(InterfaceBuilderDocument.read(bytes).labels, bytes: bytes, options: Translation.Options())
            return t.source.split(separator: "\n").first { $0.contains("font") }.map { String($0.drop { $0 == " " }) } ?? ""
        }
        #expect(font(#"<fontDescription key="fontDescription" type="boldSystem" pointSize="15"/>"#) == "font: .system(size: 15).bold()")
        #expect(font(#"<fontDescription key="fontDescription" type="italicSystem" pointSize="15"/>"#) == "font: .system(size: 15).italic()")
        #expect(
            font(#"<fontDescription key="fontDescription" name="Futura-MediumItalic" family="Futura" pointSize="17"/>"#)
                == #"font: .custom("Futura", size: 17).weight(.medium).italic()"#)
        #expect(
            font(#"<fontDescription key="fontDescription" name=".SFUIText-Semibold" family=".SF UI Text" pointSize="17"/>"#)
                == "font: .system(size: 17, weight: .semibold)")
        #expect(font(#"<fontDescription key="fontDescription" type="boldSystem" pointSize="1e309"/>"#).hasPrefix("// font:"))
        #expect(font(#"<fontDescription key="fontDescription" type="system" pointSize="0"/>"#).hasPrefix("// font:"))
    }

    @Test func labelsTranslateWithIBDefaults() {
        let bytes = storyboard(
            """
                                            <label opaque="NO" text="Shrinks" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" minimumScaleFactor="0.5" id="aaa-11-bbb">
                                                <rect key="frame" x="16" y="10" width="120.5" height="21"/>
                                                <fontDescription key="fontDescription" type="system" weight="medium" pointSize="17"/>
                                                <color key="textColor" red="1" green="0.5" blue="0.0" alpha="0.5" colorSpace="custom" customColorSpace="sRGB"/>
                                            </label>
                                            <label opaque="NO" text="Fixed" numberOfLines="0" lineBreakMode="wordWrap" baselineAdjustment="alignCenters" adjustsFontSizeToFit="NO" minimumScaleFactor="0.5" id="ccc-22-ddd" userLabel="Fixed size">
                                                <fontDescription key="fontDescription" name="AvenirNext-Bold" family="Avenir Next" pointSize="16"/>
                                                <color key="textColor" systemColor="systemFillColor"/>
                                                <color key="shadowColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                                <size key="shadowOffset" width="0.0" height="2"/>
                                            </label>
                                            <label opaque="NO" id="eee-33-fff"/>
            """)
        var options = Translation.Options()
        options.knownColors = ["label"]
        options.fileName = "Main.storyboard"
        let doc = InterfaceBuilderDocument.read(bytes)
        #expect(doc.problem == nil)
        let t = Translation.make(doc.labels, bytes: bytes, options: options)
        #expect(
            t.source == """
                // Main.storyboard:9:33: <label id="aaa-11-bbb">
                label Label_aaa_11_bbb {
                    text: "Shrinks"
                    font: .system(size: 17, weight: .medium)
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    width: 120.5
                    lineBreakMode: .byTruncatingTail
                    adjustsFontSizeToFitWidth: true
                    minimumScaleFactor: 0.5
                    textColor: #FF800080
                }

                // Main.storyboard:14:33: <label id="ccc-22-ddd">
                label FixedSize {
                    text: "Fixed"
                    font: .custom("Avenir Next", size: 16).weight(.bold)
                    numberOfLines: 0
                    lineBreakMode: .byWordWrapping
                    baselineAdjustment: .alignCenters
                    // textColor: system colour 'systemFillColor' (not read)
                    shadowColor: #000000
                    shadowOffset: (0, 2)
                }

                // Main.storyboard:20:33: <label id="eee-33-fff">
                label Label_eee_33_fff {
                    adjustsFontSizeToFitWidth: true
                }

                """)
        // Every member maps back to where it is written.
        func xml(_ r: Range<Int>?) -> String { r.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "nil" }
        func generated(_ needle: String) -> Range<Int> {
            let s = Array(t.source.utf8)
            let n = Array(needle.utf8)
            let i = (0...(s.count - n.count)).first { Array(s[$0..<($0 + n.count)]) == n }!
            return i..<(i + n.count)
        }
        #expect(xml(t.xmlRange(of: generated("minimumScaleFactor"))) == "minimumScaleFactor")
        #expect(xml(t.xmlRange(of: generated(": 0.5").dropFirst(2))) == "0.5")
        #expect(xml(t.xmlRange(of: generated("120.5"))) == "120.5")
        #expect(xml(t.xmlRange(of: generated(".alignCenters"))) == "alignCenters")
        #expect(xml(t.xmlRange(of: generated("Label_aaa_11_bbb {"))) == "label")
        #expect(xml(t.xmlRange(of: generated("#FF800080"))).hasPrefix("<color key=\"textColor\""))
        // Autoshrink left unwritten is IB's default: it has no attribute, so it is the element.
        #expect(xml(t.xmlRange(of: generated("adjustsFontSizeToFitWidth"))) == "label")
    }

    @Test(
        arguments: [
            ("Sign in to continue", "SignInToContinue"),
            ("  3 new messages!", "Label3NewMessages"),
            ("Alexandra Fitzgerald-Montgomery", "AlexandraFitzgeraldMontgomery"),
            ("Ünïcödé", "NCD"),
            ("日本語", nil),
        ] as [(String, String?)])
    func namesAreIdentifiers(_ text: String, _ name: String?) {
        #expect(LabelNames.identifier(text) == name)
    }

    @Test func namesAreUniqueAndFallBackToTheID() {
        var taken = LabelNames.Taken()
        #expect(LabelNames.unique(["Title"], id: "a", taken: &taken) == "Title")
        #expect(LabelNames.unique(["Title"], id: "b", taken: &taken) == "Title2")
        #expect(LabelNames.unique(["日本語"], id: "x1-y2", taken: &taken) == "Label_x1_y2")
        #expect(LabelNames.unique([], id: nil, taken: &taken) == "Label")
    }

    /// A label without a `userLabel` is named from its scene and its role (issue 24): the view
    /// controller's class without `ViewController`, its storyboard identifier or title, then what
    /// its text style says it is; outside a scene, by its id. Never from its text.
    @Test func labelsAreNamedFromTheirSceneAndRole() {
        func label(_ font: String, id: String, user: String = "") -> String {
            #"<label opaque="NO" text="Capture sketches, voice memos and photos" id="\#(id)"\#(user)><rect key="frame" x="0" y="0" width="100" height="20"/>"#
                + #"<fontDescription key="fontDescription" \#(font)/></label>"#
        }
        let xml =
            #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"><scenes>"#
            + #"<scene sceneID="s1"><objects><viewController id="v1" customClass="WelcomeViewController"><view key="view" id="w1"><subviews>"#
            + label(#"style="UICTFontTextStyleTitle0""#, id: "a1") + label(#"style="UICTFontTextStyleBody""#, id: "a2")
            + label(#"style="UICTFontTextStyleBody""#, id: "a3") + label(#"type="system" pointSize="17""#, id: "a4")
            + label(#"style="UICTFontTextStyleFootnote""#, id: "a5", user: #" userLabel="Privacy note""#)
            + #"</subviews></view></viewController></objects></scene>"#
            + #"<scene sceneID="s2"><objects><tableViewController id="t1" storyboardIdentifier="Settings"><view key="view" id="w2"><subviews>"#
            + label(#"style="UICTFontTextStyleHeadline""#, id: "b1")
            + #"</subviews></view></tableViewController></objects></scene>"#
            + #"</scenes><objects><view id="x"><subviews>"# + label(#"style="UICTFontTextStyleCaption1""#, id: "c1")
            + #"</subviews></view></objects></document>"#
        let document = InterfaceBuilderDocument.read(Array(xml.utf8))
        #expect(document.problem == nil)
        #expect(document.labels.map { $0.scene ?? "-" } == ["Welcome", "Welcome", "Welcome", "Welcome", "Welcome", "Settings", "-"])
        let t = Translation.make(document.labels, bytes: Array(xml.utf8))
        #expect(
            t.labels.map(\.name) == [
                "WelcomeTitle", "WelcomeBody", "WelcomeBody2", "WelcomeLabel", "PrivacyNote", "SettingsHeadline", "Label_c1",
            ])
    }

    @Test func textIsEscaped() {
        #expect(Builder.quoted("a\"b\\c\nd\u{1B}") == "\"a\\\"b\\\\c\\nd\\u{1B}\"")
    }

    /// Bidirectional controls from the file are written as escapes, in literals and comments:
    /// the generated source reads in the order it displays (U+202E cannot reverse what follows).
    @Test func bidiControlsAreEscaped() {
        #expect(Builder.quoted("a\u{202E}b\u{200F}c\u{2066}") == #""a\u{202E}b\u{200F}c\u{2066}""#)
        #expect(Builder.commentText("x\u{202D}y\u{061C}") == #"x\u{202D}y\u{61C}"#)
        // Letters of right-to-left scripts are text, not controls.
        #expect(Builder.quoted("مرحبا") == "\"مرحبا\"")
    }
}

extension TranslationTests {
    /// A label pinned on both sides to its root view (edges, margins or safe area, with
    /// constants) gets the matching length, solved (issue 35); where the constraints leave room
    /// (an inequality, a lower priority, one side only), the widest its superview allows; where
    /// required constraints conflict on some screen, the margins, said.
    @Test(
        arguments: [
            // edges, label first on the leading side and the root first on the trailing one
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" constant="16" id="c1"/><constraint firstItem="R" firstAttribute="trailing" secondItem="L" secondAttribute="trailing" constant="16" id="c2"/>"#,
                ".screen - 32"
            ),
            // margins, the root left out (the view that holds the constraints)
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondAttribute="leadingMargin" id="c1"/><constraint firstAttribute="trailingMargin" secondItem="L" secondAttribute="trailing" constant="8" id="c2"/>"#,
                ".margins - 8"
            ),
            // the safe area
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondItem="G" secondAttribute="leading" constant="20" id="c1"/><constraint firstItem="L" firstAttribute="trailing" secondItem="G" secondAttribute="trailing" constant="-20" id="c2"/>"#,
                ".safeArea - 40"
            ),
            // margins on one side, the safe area on the other; a negative inset
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leadingMargin" constant="-4" id="c1"/><constraint firstItem="G" firstAttribute="trailing" secondItem="L" secondAttribute="trailing" id="c2"/>"#,
                "(.margins + .safeArea) / 2 + 4"
            ),
            // not certain: an inequality, a lower priority, a multiplier, a second constraint on a side, one side only, a sibling
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" relation="greaterThanOrEqual" id="c1"/><constraint firstItem="R" firstAttribute="trailing" secondItem="L" secondAttribute="trailing" id="c2"/>"#,
                ".screen"
            ),
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" priority="750" id="c1"/><constraint firstItem="R" firstAttribute="trailing" secondItem="L" secondAttribute="trailing" id="c2"/>"#,
                ".screen"
            ),
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" multiplier="0.5" id="c1"/><constraint firstItem="R" firstAttribute="trailing" secondItem="L" secondAttribute="trailing" id="c2"/>"#,
                ".screen"
            ),
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" id="c1"/><constraint firstItem="L" firstAttribute="leading" secondItem="G" secondAttribute="leading" id="c3"/><constraint firstItem="R" firstAttribute="trailing" secondItem="L" secondAttribute="trailing" id="c2"/>"#,
                ".margins"
            ),
            (#"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" id="c1"/>"#, ".screen"),
            (
                #"<constraint firstItem="L" firstAttribute="leading" secondItem="R" secondAttribute="leading" id="c1"/><constraint firstItem="S" firstAttribute="leading" secondItem="L" secondAttribute="trailing" constant="8" id="c2"/>"#,
                ".screen"
            ),
        ] as [(String, String)])
    func pinnedLabelsFollowTheScreen(_ constraints: String, _ expected: String) {
        // The root view is `R` in the cases above: the storyboard's root id.
        let bytes = storyboard(
            """
            <label opaque="NO" text="Hello" id="L">
                <rect key="frame" x="16" y="10" width="343" height="21"/>
            </label>
            <view contentMode="scaleToFill" id="S"/>
            """,
            root: """
                <viewLayoutGuide key="safeArea" id="G"/>
                <constraints>
                    \(constraints.replacingOccurrences(of: "\"R\"", with: "\"8bC-Xf-vdC\""))
                </constraints>
                """)
        let doc = InterfaceBuilderDocument.read(bytes)
        #expect(doc.problem == nil)
        #expect(doc.labels.map { $0.layoutWidth?.expression } == [expected])
        let source = Translation.make(doc.labels, bytes: bytes, options: Translation.Options()).source
        #expect(source.contains("    width: \(expected)\n"))
        // A label inside another view of the scene, pinned to the root: the same.
        let nested = InterfaceBuilderDocument.read(
            Array(
                String(decoding: bytes, as: UTF8.self)
                    .replacingOccurrences(of: "<subviews>\n", with: "<subviews>\n<view id=\"N\"><subviews>\n")
                    .replacingOccurrences(of: "<view contentMode=\"scaleToFill\" id=\"S\"/>", with: "</subviews></view>").utf8))
        #expect(nested.labels.map { $0.layoutWidth?.expression } == [expected])
    }
}
