import Foundation
import Testing

/// Buttons as UIKit draws them and attributed text read as UIKit shows it (issue 35, points 5
/// and 6; docs/interface-builder.md, "Buttons" and "Attributed text"): small storyboards of our
/// own through the binary, `check` and `import` outputs exact.
@Suite struct InterfaceBuilderButtonsTests {
    /// Three buttons without a title (an image from the file's resources, UIKit's info image, a
    /// configuration with only an image), then four with one: content insets and the image
    /// beside the title taken off its room; the normal state's title colour and a filled
    /// configuration's colours checked for contrast; a named colour not read, so no check.
    static let buttons = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" customClass="MapViewController">
                            <view key="view" id="v1">
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" lineBreakMode="middleTruncation" id="iMg-01-aaa">
                                        <rect key="frame" x="0.0" y="0.0" width="42" height="42"/>
                                        <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                        <state key="normal" image="arrow.uturn.left" catalog="system">
                                            <color key="titleColor" red="0.0" green="0.47843137250000001" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                        </state>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="infoLight" lineBreakMode="middleTruncation" id="iNf-02-bbb">
                                        <rect key="frame" x="50" y="0.0" width="25" height="25"/>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" lineBreakMode="middleTruncation" id="tRs-03-ccc">
                                        <rect key="frame" x="100" y="0.0" width="48" height="34"/>
                                        <state key="normal" title="Button"/>
                                        <buttonConfiguration key="configuration" style="plain" image="trash" catalog="system"/>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="cNl-04-ddd">
                                        <rect key="frame" x="0.0" y="60" width="80" height="27"/>
                                        <color key="backgroundColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <inset key="contentEdgeInsets" minX="10" minY="5" maxX="10" maxY="5"/>
                                        <state key="normal" title="Continue">
                                            <color key="titleColor" red="1" green="1" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                        </state>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="bNg-05-eee">
                                        <rect key="frame" x="0.0" y="100" width="150" height="30"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>
                                        <state key="normal" title="Bing maps" image="bing-logo"/>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="pAy-06-fff">
                                        <rect key="frame" x="0.0" y="140" width="160" height="35"/>
                                        <state key="normal" title="Button"/>
                                        <buttonConfiguration key="configuration" style="filled" title="Pay now" image="card" imagePadding="8">
                                            <directionalEdgeInsets key="contentInsets" top="7" leading="16" bottom="7" trailing="16"/>
                                            <fontDescription key="titleFontDescription" style="UICTFontTextStyleBody"/>
                                            <color key="baseForegroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                            <color key="baseBackgroundColor" red="0.27" green="0.79" blue="0.38" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                        </buttonConfiguration>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="nAm-07-ggg">
                                        <rect key="frame" x="0.0" y="180" width="200" height="30"/>
                                        <color key="backgroundColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                        <state key="normal" title="Share">
                                            <color key="titleColor" name="BrandText"/>
                                        </state>
                                    </button>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <image name="arrow.uturn.left" catalog="system" width="128" height="113"/>
                <image name="bing-logo" width="60" height="19"/>
                <image name="card" width="24" height="16"/>
                <image name="trash" catalog="system" width="128" height="119"/>
            </resources>
        </document>

        """#

    @Test func buttonsAreMeasuredAsUIKitDrawsThem() throws {
        let dir = try CLI.folder(["Base.lproj/Main.storyboard": Self.buttons])
        let board = "Base.lproj/Main.storyboard"
        let check = try CLI.run(["check", "--format", "github", board], in: dir)
        // No missing-text on the image buttons (was: 2 errors), no contrast of .label on the
        // white and black backgrounds (the title colours were not read), "Continue" measured in
        // 80 - 20 pt (it fit the frame's 80), "Bing maps" beside its 60 pt image, the filled
        // button's white on green.
        #expect(
            check.stdout == #"""
                ::warning file=\#(board),line=24,col=30,endLine=24,endColumn=36,title=truncates::truncates at .large: "Co…ue" (60 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; the title's room: 20 pt less, for its insets and image; and at 1 larger size)
                ::notice file=\#(board),line=26,col=33,endLine=26,endColumn=150,title=custom-color::a colour of fixed components: prefer a system colour such as Label Color (Color → System Colors), which adapts to dark mode and Increase Contrast
                ::warning file=\#(board),line=27,col=97,endLine=27,endColumn=99,title=fixed-size-font::the font System 17 pt keeps 17 pt at every Dynamic Type size; choose the text style Body (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector
                ::notice file=\#(board),line=30,col=37,endLine=30,endColumn=143,title=custom-color::a colour of fixed components: prefer a system colour such as Label Color (Color → System Colors), which adapts to dark mode and Increase Contrast
                ::warning file=\#(board),line=33,col=30,endLine=33,endColumn=36,title=truncates::truncates at .extraExtraExtraLarge: "Bin…aps" (90 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; the title's room: 60 pt less, for its insets and image)
                ::warning file=\#(board),line=35,col=79,endLine=35,endColumn=104,title=fixed-size-font::Automatically Adjusts Font is off: the text style Headline takes the user's text size when the view loads (17 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector
                ::notice file=\#(board),line=44,col=37,endLine=44,endColumn=159,title=custom-color::a colour of fixed components: prefer a system colour such as Label Color (Color → System Colors), which adapts to dark mode and Increase Contrast
                ::warning file=\#(board),line=44,col=37,endLine=44,endColumn=159,title=low-contrast::contrast 2.14:1 of #FFFFFF on #45C961 in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also dark mode (2.14:1), light mode with Increase Contrast (2.14:1) and dark mode with Increase Contrast (2.14:1); pick a Color or Background with more contrast in the Attributes inspector
                ::notice file=\#(board),line=45,col=37,endLine=45,endColumn=161,title=custom-color::a colour of fixed components: prefer a system colour such as Label Color (Color → System Colors), which adapts to dark mode and Increase Contrast
                ::warning file=\#(board),line=51,col=79,endLine=51,endColumn=100,title=fixed-size-font::Automatically Adjusts Font is off: the text style Body takes the user's text size when the view loads (17 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector

                """# + CLI.standInNotice)
        #expect(check.stderr == "")
        #expect(check.status == 0)
        let imported = try CLI.run(["import", board], in: dir)
        #expect(
            imported.stdout == #"""
                // Imported from Main.storyboard by labelspec import: 4 labels.

                // Main.storyboard:9:29: <button id="iMg-01-aaa">: an image ('arrow.uturn.left') and no title: no text to measure

                // Main.storyboard:16:29: <button id="iNf-02-bbb">: UIKit's 'infoLight' image and no title: no text to measure

                // Main.storyboard:19:29: <button id="tRs-03-ccc">: an image ('trash') and no title: no text to measure

                // Main.storyboard:24:29: <button id="cNl-04-ddd">
                label MapButton {
                    text: "Continue"
                    font: .system(size: 17)
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    // the title's room: less contentEdgeInsets 10 + 10
                    width: 80 - 20
                    lineBreakMode: .byTruncatingMiddle
                    textColor: #FFFFFF
                    backgroundColor: #000000
                }

                // Main.storyboard:33:29: <button id="bNg-05-eee">
                label MapButton2 {
                    text: "Bing maps"
                    font: .headline
                    adjustsFontForContentSizeCategory: false
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    // the title's room: less the image 'bing-logo' 60
                    width: 150 - 60
                    lineBreakMode: .byTruncatingMiddle
                    // no contrast check: the title is drawn in the tint colour, which the button inherits
                }

                // Main.storyboard:38:29: <button id="pAy-06-fff">
                label MapButton3 {
                    text: "Pay now"
                    font: .body
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    // the title's room: less contentInsets 16 + 16, the image 'card' 24, imagePadding 8
                    width: 160 - 64
                    lineBreakMode: .byTruncatingMiddle
                    textColor: #FFFFFF
                    backgroundColor: #45C961
                }

                // Main.storyboard:48:29: <button id="nAm-07-ggg">
                label MapButton4 {
                    text: "Share"
                    font: .body
                    adjustsFontForContentSizeCategory: false
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    width: 200
                    lineBreakMode: .byTruncatingMiddle
                    // textColor: named colour 'BrandText' of an asset catalog (not read)
                    // no contrast check: the textColor is not read
                }

                """#)
        #expect(imported.status == 0)
    }

    /// A label's attributed text: two fragments, one as a `content` attribute and one as a
    /// `<string key="content">`, each with its own font and colour, indented as Xcode writes
    /// them.
    static let attributed = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" customClass="LaunchViewController">
                            <view key="view" id="v1">
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" usesAttributedText="YES" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="aTt-01-aaa">
                                        <rect key="frame" x="20" y="219" width="200" height="43"/>
                                        <attributedString key="attributedText">
                                            <fragment content="Go Map!!">
                                                <attributes>
                                                    <color key="NSColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                                    <font key="NSFont" metaFont="system" size="30"/>
                                                    <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="truncatingTail" baseWritingDirection="natural"/>
                                                </attributes>
                                            </fragment>
                                            <fragment>
                                                <string key="content"> beta</string>
                                                <attributes>
                                                    <color key="NSColor" systemColor="secondaryLabelColor"/>
                                                    <font key="NSFont" size="12" name="HelveticaNeue"/>
                                                </attributes>
                                            </fragment>
                                        </attributedString>
                                        <nil key="highlightedColor"/>
                                    </label>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """#

    @Test func attributedTextIsItsFragmentsInTheirFontAndColour() throws {
        let dir = try CLI.folder(["Launch.storyboard": Self.attributed])
        let board = "Launch.storyboard"
        let check = try CLI.run(["check", "--format", "github", board], in: dir)
        // Was: `truncates at .large: "Go Map!!…"`, the whitespace between the elements measured
        // as text in the default font.
        #expect(
            check.stdout == #"""
                ::notice file=\#(board),line=14,col=45,endLine=14,endColumn=154,title=custom-color::a colour of fixed components: prefer a system colour such as Label Color (Color → System Colors), which adapts to dark mode and Increase Contrast
                ::warning file=\#(board),line=14,col=45,endLine=14,endColumn=154,title=low-contrast::contrast 1.00:1 of #000000 on .systemBackground in dark mode is below 3:1 (WCAG AA for text of 18 pt and larger); also dark mode with Increase Contrast (1.00:1); pick a Color or Background with more contrast in the Attributes inspector
                ::warning file=\#(board),line=15,col=45,endLine=15,endColumn=93,title=fixed-size-font::'.system(size: 30)' keeps 30 pt at every Dynamic Type size; use a text style such as .title1, which scales

                """# + "::notice title=LabelSpec%3A stand-in fonts::" + CLI.standIns("Inter Display for SF Pro") + "\n")
        #expect(check.status == 0)
        let imported = try CLI.run(["import", board], in: dir)
        #expect(
            imported.stdout == #"""
                // Imported from Launch.storyboard by labelspec import: 1 label.

                // Launch.storyboard:9:29: <label id="aTt-01-aaa">
                label LaunchLabel {
                    text: "Go Map!! beta"
                    // attributed text in 2 fonts and colours: measured and checked in those of most of it, .system(size: 30) in #000000 (8 of 13 characters); also .custom("HelveticaNeue", size: 12) in .secondaryLabel
                    font: .system(size: 30)
                    // width: its frame: it has no constraints, and Xcode fixes its frame at build time
                    width: 200
                    lineBreakMode: .byTruncatingTail
                    textColor: #000000
                }

                """#)
    }

    /// What hurts: 20,000 fragments in 40 fonts (the runs kept are capped at 32, three named),
    /// insets of 1e308 and NaN, images the file does not describe, a configuration size whose
    /// defaults are not known, an image wider than its button. Each ends in a comment saying what was not taken, in about linear
    /// time.
    @Test func hostileButtonsAndFragmentsEndInComments() throws {
        let fragments = (0..<20_000).map {
            #"<fragment content="ab"><attributes><font key="NSFont" metaFont="system" size="\#(10 + $0 % 40)"/></attributes></fragment>"#
        }.joined()
        let board = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes><scene sceneID="s1"><objects><viewController id="vc1" customClass="HostileViewController">
            <view key="view" id="v1"><subviews>
            <label opaque="NO" usesAttributedText="YES" adjustsFontSizeToFit="NO" id="mNy-01-aaa">
            <rect key="frame" x="0" y="0" width="300" height="40"/>
            <attributedString key="attributedText">\(fragments)</attributedString>
            </label>
            <button opaque="NO" buttonType="system" id="hUg-02-bbb">
            <rect key="frame" x="0" y="50" width="100" height="40"/>
            <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
            <inset key="contentEdgeInsets" minX="1e308" minY="0" maxX="-5" maxY="0"/>
            <state key="normal" title="Go" image="missing"/>
            </button>
            <button opaque="NO" id="cFg-03-ccc">
            <rect key="frame" x="0" y="100" width="100" height="40"/>
            <state key="normal" title="Button"/>
            <buttonConfiguration key="configuration" style="tinted" title="Next" image="star" catalog="system" imagePadding="NaN" buttonSize="small"/>
            </button>
            <button opaque="NO" buttonType="system" id="lOg-04-ddd">
            <rect key="frame" x="0" y="150" width="44" height="44"/>
            <state key="normal" title="Go" image="logo"/>
            </button>
            </subviews></view></viewController></objects></scene></scenes>
            <resources><image name="logo" width="128" height="128"/></resources>
            </document>

            """
        let dir = try CLI.folder(["Hostile.storyboard": board])
        let imported = try CLI.run(["import", "Hostile.storyboard"], in: dir, timeout: 60)
        #expect(imported.status == 0)
        let comments = imported.stdout.split(separator: "\n").filter { $0.hasPrefix("    //") }
        #expect(
            comments == [
                "    // attributed text in 32+ fonts and colours: measured and checked in those of most of it, .system(size: 10) (1000 of 40000 characters); also .system(size: 11), .system(size: 12), .system(size: 13) and more",
                "    // width: its frame: it has no constraints, and Xcode fixes its frame at build time",
                "    // width: its frame: it has no constraints, and Xcode fixes its frame at build time",
                #"    // not taken off the title's room, its width not known: contentEdgeInsets <inset minX="1e308" maxX="-5">; the image 'missing' (its width is not in the file's <resources>)"#,
                "    // no contrast check: the title is drawn in the tint colour, which the button inherits",
                "    // font: the default title font of a 'small' button configuration is not known: measured with .body, a medium one's",
                "    // width: its frame: it has no constraints, and Xcode fixes its frame at build time",
                #"    // not taken off the title's room, its width not known: the default content insets of a 'small' configuration; the image 'star' (its width is not in the file's <resources>); imagePadding="NaN""#,
                "    // no contrast check: the title is drawn in the tint colour, which the button inherits; a 'tinted' configuration draws its background from its colours at an opacity not in the file",
                "    // font: UIKit's default button title font, System 15 (Interface Builder does not write it)",
                "    // width: its frame: it has no constraints, and Xcode fixes its frame at build time",
                "    // the title's room: less the image 'logo' 128",
                "    // the title would have -84 pt: no room for it (UIKit draws none); measured in the frame's width",
                "    // no contrast check: the title is drawn in the tint colour, which the button inherits",
            ])
        #expect(imported.stdout.contains("    width: 100\n"))
        #expect(imported.stdout.contains("    width: 44\n"))
        let check = try CLI.run(["check", "--format", "github", "Hostile.storyboard"], in: dir, timeout: 60)
        #expect(check.status == 0)
        #expect(check.stderr == "")
    }

    /// Two labels clear over their root view (a scene's view writes its background after its
    /// subviews): over a system colour they are checked on it; over a hex colour, not a colour
    /// of their own, not at all (was: yellow on .systemBackground, 1.51:1, for a title drawn on
    /// dark slate).
    static let overRootViews = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" customClass="SplashViewController">
                            <view key="view" id="v1">
                                <subviews>
                                    <label opaque="NO" text="Go Map!!" adjustsFontSizeToFit="NO" id="yEl-01-aaa">
                                        <rect key="frame" x="20" y="219" width="300" height="43"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleTitle1"/>
                                        <color key="textColor" red="1" green="0.8" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                    </label>
                                </subviews>
                                <color key="backgroundColor" red="0.2" green="0.28" blue="0.37" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="vc2" customClass="ListViewController">
                            <view key="view" id="v2">
                                <subviews>
                                    <label opaque="NO" text="Updated" adjustsFontSizeToFit="NO" id="gRp-02-bbb">
                                        <rect key="frame" x="20" y="100" width="300" height="20"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote"/>
                                        <color key="textColor" systemColor="systemGray2Color"/>
                                    </label>
                                </subviews>
                                <color key="backgroundColor" systemColor="systemGroupedBackgroundColor"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """#

    @Test func labelsClearOverTheirRootViewAreCheckedOnItsSystemColourOnly() throws {
        let dir = try CLI.folder(["Root.storyboard": Self.overRootViews])
        let board = "Root.storyboard"
        let check = try CLI.run(["check", "--format", "github", board], in: dir)
        #expect(
            check.stdout == #"""
                ::warning file=\#(board),line=11,col=79,endLine=11,endColumn=102,title=fixed-size-font::Automatically Adjusts Font is off: the text style Title 1 takes the user's text size when the view loads (28 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector
                ::warning file=\#(board),line=27,col=79,endLine=27,endColumn=104,title=fixed-size-font::Automatically Adjusts Font is off: the text style Footnote takes the user's text size when the view loads (13 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector
                ::warning file=\#(board),line=28,col=33,endLine=28,endColumn=88,title=low-contrast::contrast 1.98:1 of .systemGray2 on .systemGroupedBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (2.74:1) and dark mode (3.50:1); Apple's colours, below WCAG AA by design: choose Label Color for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json

                """# + CLI.standInNotice)
        let imported = try CLI.run(["import", board], in: dir)
        #expect(imported.stdout.contains("    // no contrast check: it is clear over its root view's #33475E, a colour not its own\n}\n"))
        #expect(imported.stdout.contains("    textColor: .systemGray2\n    backgroundColor: .systemGroupedBackground\n}\n"))
    }
}
