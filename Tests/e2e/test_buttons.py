"""A storyboard's buttons and attributed text through each recorded client profile (issue 35,
points 5 and 6): an image-only button is no `missing-text`, a button's title colour is checked
against its background (white on black: nothing; white on green: `low-contrast`), its title
gets only the room its content insets leave, and an attributed label is its fragments' text in
the font of most of it, not the whitespace between the elements."""

from __future__ import annotations

import pytest

from test_lsp import open_doc, rng

pytestmark = pytest.mark.asyncio(loop_scope="function")

STORYBOARD = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
    <scenes>
        <scene sceneID="s1">
            <objects>
                <viewController id="vc1" customClass="MapViewController">
                    <view key="view" id="v1">
                        <subviews>
                            <button opaque="NO" lineBreakMode="middleTruncation" id="iMg-01-aaa">
                                <rect key="frame" x="0.0" y="0.0" width="42" height="42"/>
                                <color key="backgroundColor" white="1" alpha="1" colorSpace="custom"/>
                                <state key="normal" image="gear" catalog="system"/>
                            </button>
                            <button opaque="NO" buttonType="system" lineBreakMode="middleTruncation" id="cNl-04-ddd">
                                <rect key="frame" x="0.0" y="60" width="80" height="27"/>
                                <color key="backgroundColor" white="0.0" alpha="1" colorSpace="custom"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                <inset key="contentEdgeInsets" minX="10" minY="5" maxX="10" maxY="5"/>
                                <state key="normal" title="Continue">
                                    <color key="titleColor" white="1" alpha="1" colorSpace="custom"/>
                                </state>
                            </button>
                            <button opaque="NO" buttonType="system" lineBreakMode="middleTruncation" id="pAy-06-fff">
                                <rect key="frame" x="0.0" y="140" width="300" height="35"/>
                                <state key="normal" title="Button"/>
                                <buttonConfiguration key="configuration" style="filled" title="Pay">
                                    <color key="baseForegroundColor" white="1" alpha="1" colorSpace="custom"/>
                                    <color key="baseBackgroundColor" red="0.27" green="0.79" blue="0.38" alpha="1" colorSpace="custom"/>
                                </buttonConfiguration>
                            </button>
                            <label opaque="NO" usesAttributedText="YES" adjustsFontSizeToFit="NO" id="aTt-01-aaa">
                                <rect key="frame" x="20" y="219" width="200" height="43"/>
                                <attributedString key="attributedText">
                                    <fragment content="Go Map!!">
                                        <attributes>
                                            <font key="NSFont" metaFont="system" size="30"/>
                                        </attributes>
                                    </fragment>
                                </attributedString>
                            </label>
                        </subviews>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
"""


async def test_buttons_and_attributed_text_as_uikit_draws_them(lsp):
    uri = "file:///e2e/buttons/Main.storyboard"
    _, published = await open_doc(lsp, STORYBOARD, uri=uri)
    got = [(d.code, rng(d), d.message) for d in published.diagnostics]
    hint = "a colour of fixed components: prefer a system colour such as Label Color (Color → System Colors), which adapts to dark mode and Increase Contrast"
    # Nothing on the image button (was: missing-text, and .label on its white background).
    assert got == [
        # "Continue" in 80 - 20 pt (the button is in no constraint and has no autoresizing mask: it
        # keeps its 80 pt frame, less its content insets); white on black: no contrast finding
        # (was: .label on black).
        (
            "truncates",
            ((13, 29), (13, 35)),
            'truncates at .large: "Co…ue" (60 pt: its frame: it has no constraints, and Xcode fixes its frame at build time; the title\'s room: 20 pt less, for its insets and image; and at 1 larger size)',
        ),
        ("custom-color", ((15, 32), (15, 104)), hint),
        (
            "fixed-size-font",
            ((16, 78), (16, 99)),
            "Automatically Adjusts Font is off: the text style Body takes the user's text size when the view loads (17 pt at .large) but does not follow a change of it while the app runs; tick Automatically Adjusts Font in the Attributes inspector",
        ),
        ("custom-color", ((19, 36), (19, 101)), hint),
        # The filled configuration's white on its green.
        ("custom-color", ((26, 36), (26, 110)), hint),
        (
            "low-contrast",
            ((26, 36), (26, 110)),
            "contrast 2.14:1 of #FFFFFF on #45C961 in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also dark mode (2.14:1), light mode with Increase Contrast (2.14:1) and dark mode with Increase Contrast (2.14:1); pick a Color or Background with more contrast in the Attributes inspector",
        ),
        ("custom-color", ((27, 36), (27, 136)), hint),
        # "Go Map!!" in its fragment's font, at the <font key="NSFont"> (was: truncates, the
        # indentation measured as text).
        (
            "fixed-size-font",
            ((35, 44), (35, 92)),
            "'.system(size: 30)' keeps 30 pt at every Dynamic Type size; use a text style such as .title1, which scales",
        ),
    ]
