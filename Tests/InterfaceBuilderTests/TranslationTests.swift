import Testing

@testable import InterfaceBuilder

@Suite struct TranslationTests {
    /// Xcode's archiving: an attribute at IB's default is not written. Autoshrink on writes
    /// `minimumScaleFactor` without `adjustsFontSizeToFit`; off writes `adjustsFontSizeToFit="NO"`
    /// (and a scale left behind is not read); `baselineAdjustment="alignBaselines"` is UIKit's
    /// default and not said.
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
                    width: 120.5
                    lineBreakMode: .byTruncatingTail
                    adjustsFontSizeToFitWidth: true
                    minimumScaleFactor: 0.5
                    textColor: #FF800080
                }

                // Main.storyboard:14:33: <label id="ccc-22-ddd">
                label FixedSize {
                    text: "Fixed"
                    font: .custom("Avenir Next", size: 16)
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
        let xml = #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"><scenes>"#
            + #"<scene sceneID="s1"><objects><viewController id="v1" customClass="WelcomeViewController"><view key="view" id="w1"><subviews>"#
            + label(#"style="UICTFontTextStyleTitle0""#, id: "a1") + label(#"style="UICTFontTextStyleBody""#, id: "a2")
            + label(#"style="UICTFontTextStyleBody""#, id: "a3") + label(#"type="system" pointSize="17""#, id: "a4")
            + label(#"style="UICTFontTextStyleFootnote""#, id: "a5", user: #" userLabel="Privacy note""#)
            + #"</subviews></view></viewController></objects></scene>"#
            + #"<scene sceneID="s2"><objects><tableViewController id="t1" storyboardIdentifier="Settings"><view key="view" id="w2"><subviews>"#
            + label(#"style="UICTFontTextStyleHeadline""#, id: "b1")
            + #"</subviews></view></tableViewController></objects></scene>"#
            + #"</scenes><objects><view id="x"><subviews>"# + label(#"style="UICTFontTextStyleCaption1""#, id: "c1") + #"</subviews></view></objects></document>"#
        let document = InterfaceBuilderDocument.read(Array(xml.utf8))
        #expect(document.problem == nil)
        #expect(document.labels.map { $0.scene ?? "-" } == ["Welcome", "Welcome", "Welcome", "Welcome", "Welcome", "Settings", "-"])
        let t = Translation.make(document.labels, bytes: Array(xml.utf8))
        #expect(t.labels.map(\.name) == ["WelcomeTitle", "WelcomeBody", "WelcomeBody2", "WelcomeLabel", "PrivacyNote", "SettingsHeadline", "Label_c1"])
    }

    @Test func textIsEscaped() {
        #expect(Builder.quoted("a\"b\\c\nd\u{1B}") == "\"a\\\"b\\\\c\\nd\\u{1B}\"")
    }
}
