"""Widths that follow the screen through each recorded client profile (issue 26): the
`truncates` diagnostic names the narrowest failing screen and its width, the hover lists every
configured screen and says from which width the label fits, the inlay hint names the screen,
and completion offers the screen lengths after an operator."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from conftest import TIMEOUT, initialize
from test_lsp import hover, inlay_hints, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

TEXT = 'label Row {\n    text: "Notifications and sounds for every conversation"\n    width: .screen - 32\n}\n'


async def test_a_width_that_follows_the_screen(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text(
        '{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)", "iPhone 16 Pro Max"] }')
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, published = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())
    [d] = published.diagnostics
    assert d.code == "truncates"
    assert d.message == 'truncates on iPhone SE (3rd generation) at .large: "Notifications and sounds for every convers…" (343 pt: width .screen - 32)'

    result = await hover(raw, uri, 0, 7)
    value = result.contents.value if isinstance(result.contents, types.MarkupContent) else str(result.contents)
    assert value.startswith("**Row** at .large on iPhone SE (3rd generation) (343 pt) — 1 line · truncated"), value
    assert "| iPhone SE (3rd generation) | 343 pt | truncated at .large |" in value, value
    assert "| iPhone 16 Pro Max | 408 pt | fits |" in value, value
    [fits] = [line for line in value.splitlines() if line.startswith("Fits from ")]
    points = float(fits[len("Fits from "):-len(" pt.")])
    assert 343 < points <= 408, value

    hints = await inlay_hints(raw, uri, 4)
    assert [h.label for h in hints] == ["1 line · truncated on iPhone SE (3rd generation)"]

    # Typing another operand: the screen lengths are offered after the operator.
    raw.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=2, character=23), end=types.Position(line=2, character=23)),
                text=" - .")],
        )
    )
    items = await asyncio.wait_for(
        raw.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=27))
        ),
        TIMEOUT,
    )
    labels = [i.label for i in (items.items if isinstance(items, types.CompletionList) else items)]
    assert labels[:3] == [".screen", ".safeArea", ".margins"], labels
