"""From a spec's key to the app's Swift code, through the real server under each recorded client
profile (issue 37, points 7 and 8): go to definition on `.localized("key")` lists the SwiftUI
and UIKit sites that show the key, the hover names them, and a Swift file changed on disk is read
again once the client reports it (the server reads Swift files off the request thread: a request
sent before the first read ends is answered without them, never held up)."""

from __future__ import annotations

import asyncio
import time

from lsprotocol import types

from conftest import initialize

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

SPEC = 'label Title {\n    text: .localized("settings.title")\n}\n'


async def definitions(client, uri, line, character):
    result = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)
        )
    )
    if result is None:
        return []
    items = result if isinstance(result, list) else [result]
    return [(i.uri, i.range.start.line, i.range.start.character, i.range.end.character) for i in items]


async def eventually(probe, expected, seconds=20.0):
    """`probe()` until it returns `expected` (the first read of the workspace's Swift files runs
    in the background), at most `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        got = await probe()
        if got == expected or time.monotonic() > deadline:
            return got
        await asyncio.sleep(0.1)


async def test_definition_hover_and_changes(raw, tmp_path):
    client = raw
    (tmp_path / "labelspec.json").write_text("{}")
    (tmp_path / "Localizable.xcstrings").write_text(
        '{"sourceLanguage": "en", "version": "1.0", "strings": {"settings.title": {}}}'
    )
    sources = tmp_path / "Sources"
    sources.mkdir()
    view = sources / "Settings.swift"
    view.write_text(
        'import SwiftUI\nstruct S: View {\n    var body: some View { Text("settings.title").lineLimit(1).font(.compound.bodyMD) }\n}\n'
    )
    cell = sources / "Cell.swift"
    cell.write_text(
        'final class Cell: UIView {\n    let title = UILabel()\n'
        '    func setUp() { title.text = NSLocalizedString("settings.title", comment: "") }\n}\n'
    )
    await initialize(client, client.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri = (tmp_path / "a.labelspec").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="labelspec", version=1, text=SPEC)
        )
    )
    expected = [(cell.as_uri(), 1, 8, 13), (view.as_uri(), 2, 26, 30)]
    assert await eventually(lambda: definitions(client, uri, 1, 20), expected) == expected

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=20))
    )
    text = hover.contents.value if hasattr(hover.contents, "value") else str(hover.contents)
    assert "Shown in code" in text and "Sources/Cell.swift:2" in text and "Sources/Settings.swift:3" in text

    # In labelspec.json, where a key of "fonts" goes: the tokens the code uses, unmapped.
    config = tmp_path / "labelspec.json"
    text = '{\n  "fonts": {\n    \n  }\n}\n'
    config.write_text(text)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=config.as_uri(), language_id="json", version=1, text=text)
        )
    )
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=config.as_uri()), position=types.Position(line=2, character=4)
        )
    )
    items = completion.items if hasattr(completion, "items") else completion
    assert [(i.label, i.text_edit.new_text) for i in items] == [("Font.compound.bodyMD", '"Font.compound.bodyMD": ".body"')]

    # The view is rewritten and the cell deleted; the client's watcher says so.
    view.write_text('let a = Text("settings.title")\n')
    cell.unlink()
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[
                types.FileEvent(uri=view.as_uri(), type=types.FileChangeType.Changed),
                types.FileEvent(uri=cell.as_uri(), type=types.FileChangeType.Deleted),
            ]
        )
    )
    expected = [(view.as_uri(), 0, 8, 12)]
    assert await eventually(lambda: definitions(client, uri, 1, 20), expected) == expected
