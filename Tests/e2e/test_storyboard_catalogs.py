"""An open storyboard is checked with its Xcode 15 String Catalog (issue 35 point 3):
`mul.lproj/NAME.xcstrings` beside its `Base.lproj`, keys `OBJECTID.text` and
`OBJECTID.normalTitle`; `locales: ["de-DE"]` falls back to the catalog's `de` as iOS does, and
the diagnostics name `de`, the locale whose text was measured. Under each recorded client
profile. Before: the catalog was not read, English was measured and nothing truncated."""

from __future__ import annotations

import asyncio
import json

from lsprotocol import types

from conftest import initialize
from test_lsp import diagnostics_now, pulls

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

# Each view states its width with a required `width` constraint (60 pt), so what truncates is the
# catalog's text, whatever the frames say.
STORYBOARD = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="AppleSDK" useAutolayout="YES" initialViewController="vc1-aa-bbb">
    <scenes>
        <scene sceneID="sc1-aa-bbb">
            <objects>
                <viewController id="vc1-aa-bbb" customClass="EditorViewController" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="vw1-aa-bbb">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <subviews>
                            <label opaque="NO" text="Save" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="lb1-aa-bbb">
                                <rect key="frame" x="16" y="80" width="60" height="21"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="60" id="wd1-aa-bbb"/>
                                </constraints>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                <color key="textColor" systemColor="labelColor"/>
                            </label>
                            <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="bt1-aa-bbb">
                                <rect key="frame" x="16" y="120" width="60" height="30"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="60" id="wd2-aa-bbb"/>
                                </constraints>
                                <state key="normal" title="Done"/>
                            </button>
                            <label opaque="NO" text="Hi" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="lb2-aa-bbb">
                                <rect key="frame" x="16" y="160" width="60" height="21"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="60" id="wd3-aa-bbb"/>
                                </constraints>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                <color key="textColor" systemColor="labelColor"/>
                            </label>
                        </subviews>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
"""

CATALOG = {"sourceLanguage": "en", "version": "1.0", "strings": {
    "lb1-aa-bbb.text": {"extractionState": "extracted_with_value", "localizations": {
        "de": {"stringUnit": {"state": "translated", "value": "Speichern und schließen"}},
        "en": {"stringUnit": {"state": "new", "value": "Save"}}}},
    "bt1-aa-bbb.normalTitle": {"extractionState": "extracted_with_value", "localizations": {
        "de": {"stringUnit": {"state": "translated", "value": "Fertigstellen"}}}},
}}


async def open_storyboard(raw, tmp_path, locales, text=STORYBOARD):
    (tmp_path / "App" / "Base.lproj").mkdir(parents=True)
    (tmp_path / "App" / "mul.lproj").mkdir()
    (tmp_path / "App" / "Base.lproj" / "Main.storyboard").write_text(text)
    (tmp_path / "App" / "mul.lproj" / "Main.xcstrings").write_text(json.dumps(CATALOG, indent=1, ensure_ascii=False))
    (tmp_path / "labelspec.json").write_text(json.dumps({"contentSizes": ["large"], "locales": locales}))
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri = (tmp_path / "App" / "Base.lproj" / "Main.storyboard").as_uri()
    mark = len(raw.published)
    raw.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="xml", version=1, text=text)))
    return await diagnostics_now(raw, uri, 1, after=mark)


async def test_an_open_storyboard_is_measured_with_its_catalog(raw, tmp_path):
    published = await open_storyboard(raw, tmp_path, ["de-DE"])
    found = [(d.range.start.line, d.range.start.character, d.code, d.message) for d in published.diagnostics]
    assert found == [
        (9, 29, "truncates", 'truncates in de at .large: "Speic…" (60 pt: width 60); in Interface Builder\'s Attributes inspector, set Lines to 0'),
        (17, 29, "fixed-size-font", "the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector"),
        (17, 29, "truncates", 'truncates in de at .large: "Fer…len" (60 pt: width 60)'),
    ], found


async def test_a_locale_it_has_no_translation_in_is_named_as_the_development_language(raw, tmp_path):
    # No fr in the catalog: the English text is measured for fr and named so, never "in fr".
    # (The label's text is the catalog's en unit, "Save"; the button has none: its base title.)
    text = STORYBOARD.replace('title="Done"', 'title="Done with all of it"')
    published = await open_storyboard(raw, tmp_path, ["fr"], text)
    found = [(d.range.start.line, d.code, d.message) for d in published.diagnostics]
    assert found == [
        (9, "missing-translation", "no fr translation of 'lb1-aa-bbb.text': iOS shows the en text there; add one"),
        (17, "fixed-size-font", "the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector"),
        (17, "truncates", 'truncates in en (no fr table) at .large: "Done…it" (60 pt: width 60)'),
        (22, "missing-translation", "no fr translation of 'bt1-aa-bbb.normalTitle': iOS shows the en text there; add one"),
    ], found


async def test_a_change_of_the_catalog_on_disk_checks_the_storyboard_again(raw, tmp_path):
    # No labelspec.json: the catalog beside Base.lproj is the storyboard's own, read at each check.
    (tmp_path / "App" / "Base.lproj").mkdir(parents=True)
    (tmp_path / "App" / "mul.lproj").mkdir()
    path = tmp_path / "App" / "Base.lproj" / "Main.storyboard"
    path.write_text(STORYBOARD)
    catalog = tmp_path / "App" / "mul.lproj" / "Main.xcstrings"
    short = json.loads(json.dumps(CATALOG))
    short["strings"]["lb1-aa-bbb.text"]["localizations"]["de"]["stringUnit"]["value"] = "OK"
    catalog.write_text(json.dumps(short, ensure_ascii=False))
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")],
                     initialization_options={"contentSizes": ["large"], "locales": ["de"]})
    uri = path.as_uri()
    mark = len(raw.published)
    raw.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="xml", version=1, text=STORYBOARD)))
    before = await diagnostics_now(raw, uri, 1, after=mark)
    assert [d.message for d in before.diagnostics] == ["the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector", 'truncates in de at .large: "Fer…len" (60 pt: width 60)']
    catalog.write_text(json.dumps(CATALOG, ensure_ascii=False))
    mark = len(raw.published)
    raw.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=catalog.as_uri(), type=types.FileChangeType.Changed)]))
    # The catalog is read again off the request thread: pushed once read, or seen by a later pull.
    want = [
        'truncates in de at .large: "Speic…" (60 pt: width 60); in Interface Builder\'s Attributes inspector, set Lines to 0', "the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector", 'truncates in de at .large: "Fer…len" (60 pt: width 60)']
    messages = None
    for _ in range(100):
        if pulls(raw):
            messages = [d.message for d in (await diagnostics_now(raw, uri, None, after=0)).diagnostics]
        else:
            pushed = [p for p in raw.published[mark:] if p.uri == uri]
            messages = [d.message for d in pushed[-1].diagnostics] if pushed else None
        if messages == want:
            break
        await asyncio.sleep(0.1)
    assert messages == want, messages
