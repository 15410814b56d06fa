import Foundation
import Testing

/// Issue 35, point 7: a storyboard's findings in Interface Builder's words (what to tick in the
/// Attributes inspector, not the `.labelspec` property of the generated source), Xcode's own
/// `adjustsLetterSpacingToFitWidth` (*Tighten Letter Spacing*) not `deprecated`, and excerpts
/// that show the attribute that matters without the tag's indentation.
@Suite struct InterfaceBuilderWordsTests {
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <view contentMode="scaleToFill" id="vvv-vv-vv1">
                    <subviews>
                        <label opaque="NO" text="Style" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" id="aaa-aa-aa1">
                            <rect key="frame" x="16" y="0.0" width="200" height="21"/>
                            <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote"/>
                        </label>
                        <label opaque="NO" text="System" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" id="aaa-aa-aa2">
                            <rect key="frame" x="16" y="30" width="200" height="21"/>
                            <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="15"/>
                        </label>
                        <label opaque="NO" text="Custom" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" id="aaa-aa-aa3">
                            <rect key="frame" x="16" y="60" width="200" height="21"/>
                            <fontDescription key="fontDescription" name="AvenirNext-Regular" family="Avenir Next" pointSize="20"/>
                        </label>
                        <label opaque="NO" text="Tight" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" adjustsLetterSpacingToFitWidth="YES" adjustsFontForContentSizeCategory="YES" id="aaa-aa-aa4">
                            <rect key="frame" x="16" y="90" width="200" height="21"/>
                            <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                        </label>
                    </subviews>
                </view>
            </objects>
        </document>

        """

    @Test func findingsSpeakInterfaceBuilder() throws {
        let dir = try CLI.folder(["Words.xib": Self.xib])
        let result = try CLI.run(["check", "Words.xib"], in: dir, timeout: 30)
        #expect(
            result.stdout == """
                Words.xib:8:67: warning: Automatically Adjusts Font is off: the text style Footnote takes the user's text size when the view loads (13 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector [fixed-size-font]
                    <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote"/>
                                                                  ^~~~~~~~~~~~~~~~~~~~~~~~~
                Words.xib:12:103: warning: the font System Semibold 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector [fixed-size-font]
                    <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="15"/>
                                                                                                      ^~
                Words.xib:14:18: warning: font 'Avenir Next' is not installed: measured with the system font, as iOS draws it; install the font (fontconfig must find the family) [custom-font]
                    <label opaque="NO" text="Custom" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" id="aaa-aa-…
                     ^~~~~
                Words.xib:16:118: warning: custom font 'Avenir Next' keeps 20 pt at every Dynamic Type size, and Interface Builder cannot scale it; choose the text style Title 3 (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector, or scale it in code with UIFontMetrics [fixed-size-font]
                    <fontDescription key="fontDescription" name="AvenirNext-Regular" family="Avenir Next" pointSize="20"/>
                                                                                                                     ^~
                Checked 1 file: 0 errors, 4 warnings

                """ + CLI.standIns("Inter and Inter Display for SF Pro; Inter and Inter Display for Avenir Next") + "\n")
        #expect(result.status == 0)
    }

    /// `import` keeps the `.labelspec` words: *Tighten Letter Spacing* is imported as the
    /// property UIKit reads it as.
    @Test func tightenLetterSpacingIsImportedAsTightening() throws {
        let dir = try CLI.folder(["Words.xib": Self.xib])
        let result = try CLI.run(["import", "Words.xib"], in: dir, timeout: 30)
        #expect(result.stdout.contains("    allowsDefaultTighteningForTruncation: true\n"))
        #expect(!result.stdout.contains("adjustsLetterSpacingToFitWidth"))
    }
}
