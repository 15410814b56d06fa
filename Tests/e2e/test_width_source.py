"""Every finding says its width and where it came from (issue 35, point 2) through each recorded
client profile: the published `truncates` names the worst cell's width and the label's `width`
as written (or what a storyboard label's constraints or frame gave it), and the hover of a label
that is cut says the same width, its source and its screen; a label that fits has no such line."""

from __future__ import annotations

from lsprotocol import types

from conftest import initialize
from test_lsp import hover, open_doc, rng

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

SPEC = (
    'label Title {\n    text: "Einstellungen für Benachrichtigungen und Datenschutz"\n    font: .body\n    width: .margins - 200\n}\n'
    'label Fixed {\n    text: "Einstellungen für Benachrichtigungen und Datenschutz"\n    font: .body\n    width: 120\n}\n'
    'label Short {\n    text: "OK"\n    font: .body\n    width: .margins - 200\n}\n'
)

CONFIG = '{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)", "iPhone 16"] }'

STORYBOARD = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" useAutolayout="YES">
    <scenes>
        <scene sceneID="s01-aa-000">
            <objects>
                <viewController id="vc1-aa-000" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="rt1-aa-000">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <subviews>
                            <label text="Benachrichtigungen und Datenschutz" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" id="pin-aa-001">
                                <rect key="frame" x="100" y="80" width="193" height="21"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                            </label>
                            <label text="Einstellungen für Benachrichtigungen" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" id="frm-aa-002">
                                <rect key="frame" x="16" y="120" width="120" height="21"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                            </label>
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


def markdown(result) -> str:
    return result.contents.value if isinstance(result.contents, types.MarkupContent) else str(result.contents)


async def test_findings_and_hovers_say_the_width_and_its_source(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text(CONFIG)
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, published = await open_doc(raw, SPEC, uri=(tmp_path / "a.labelspec").as_uri())
    assert [(d.code, rng(d), d.message) for d in published.diagnostics] == [
        (
            "truncates",
            ((0, 6), (0, 11)),
            'truncates on iPhone SE (3rd generation) at .large: "Einstellungen für…" (143 pt: width .margins - 200; on 1 more screen)',
        ),
        ("truncates", ((5, 6), (5, 11)), 'truncates at .large: "Einstellungen…" (120 pt: width 120)'),
    ]

    title = markdown(await hover(raw, uri, 0, 7))
    assert [line for line in title.splitlines() if line.startswith("Width:")] == [
        "Width: 143 pt (width .margins - 200) on iPhone SE (3rd generation)"
    ], title
    fixed = markdown(await hover(raw, uri, 5, 7))
    assert [line for line in fixed.splitlines() if line.startswith("Width:")] == ["Width: 120 pt (width 120)"], fixed
    # A label that fits everywhere: its screens' table says its widths, no width line.
    short = markdown(await hover(raw, uri, 10, 7))
    assert short.startswith("**Short** at .large on iPhone SE (3rd generation) (143 pt) — 1 line"), short
    assert not [line for line in short.splitlines() if line.startswith("Width:")], short


async def test_a_storyboards_findings_say_its_constraints_or_frame(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text(CONFIG)
    board = tmp_path / "Settings.storyboard"
    board.write_text(STORYBOARD)
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    _, published = await open_doc(raw, STORYBOARD, uri=board.as_uri())
    # The first label is held between the root view's margins with 84 pt on each side (343 - 168 =
    # 175 pt on the SE); the second is in no constraint and has no autoresizing mask, so Xcode's
    # build-time constraints fix its frame: 120 pt.
    assert [(d.code, d.message) for d in published.diagnostics] == [
        (
            "truncates",
            'truncates on iPhone SE (3rd generation) at .large: "Benachrichtigungen…" (175 pt: between the leading margin + 84'
            " and the trailing margin - 84; on 1 more screen); in Interface Builder's Attributes inspector,"
            " set Lines to 0, or set Autoshrink to Minimum Font Scale 0.55",
        ),
        (
            "truncates",
            "truncates at .large: \"Einstellungen…\" (120 pt: its frame: it has no constraints, and Xcode fixes its frame"
            " at build time); in Interface Builder's Attributes inspector, set Lines to 0",
        ),
    ]
