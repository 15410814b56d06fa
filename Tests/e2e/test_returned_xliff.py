"""Translations sent back, opened in the editor (issue 38, point 4), through the real server under
each recorded client profile: an `.xcloc`'s XLIFF file inside the workspace gets the findings
`labelspec check` gives it (a truncation at the `<target>` it comes from, what Xcode would not
import), and a hover on a `<target>` shows the label that shows it, measured with it."""

from __future__ import annotations

import os
import shutil

from lsprotocol import types

from conftest import initialize
from test_lsp import diagnostics_now

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "..", "Examples", "Translators")


async def test_an_open_xliff_is_checked_and_hovered(raw, tmp_path):
    shutil.copytree(os.path.join(FIXTURE, "App"), tmp_path / "App")
    shutil.copytree(os.path.join(FIXTURE, "de.xcloc"), tmp_path / "de.xcloc")
    shutil.move(tmp_path / "App" / "labelspec.json", tmp_path / "labelspec.json")
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    path = tmp_path / "de.xcloc" / "Localized Contents" / "de.xliff"
    text = path.read_text()
    uri = path.as_uri()
    mark = len(raw.published)
    raw.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="xml", version=1, text=text)))
    published = await diagnostics_now(raw, uri, 1, after=mark)
    found = [(d.range.start.line, d.range.start.character, d.code, d.message) for d in published.diagnostics]
    assert found == [
        (14, 35, "truncates", 'truncates in de (other) at .large: "3 Fotos un…" (80 pt: width 80)'),
        (24, 35, "truncates", 'truncates in de at .large: "Speicher…" (90 pt: width 90)'),
        (29, 8, "translation-not-imported", 'state "new": Xcode does not import this target (the table\'s text stays); mark it translated (or final) once it is done'),
        (34, 2, "translation-not-imported", "'App/InfoPlist.xcstrings' names no table of the files checked: its unit is not checked (check the folder that holds the table with this file)"),
    ], found
    related = published.diagnostics[1].related_information or []
    assert [(r.location.uri.endswith("/App/Store.labelspec"), r.location.range.start.line, r.message) for r in related][:1] == [
        (True, 1, "the label 'SaveButton' shows it")]

    hover = await raw.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=24, character=40)))
    value = hover.contents.value if hasattr(hover.contents, "value") else str(hover.contents)
    assert "SaveButton" in value and "Speicher…" in value, value
    assert (hover.range.start.line, hover.range.start.character) == (24, 35)
