"""Files changed on disk, end to end under each recorded client profile: the server registers
file watchers with a client that lets it (`workspace.didChangeWatchedFiles.dynamicRegistration`),
and follows a `.labelspec` file created, changed and deleted on disk once the client reports it
(pytest-lsp watches no files: the test sends what the client's watcher would)."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from conftest import initialize
from test_lsp import diagnostics_now, pulls

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

GLOBS = ["**/*.labelspec", "**/labelspec.json", "**/*.xcstrings", "**/*.strings", "**/*.stringsdict", "**/*.swift"]


async def test_disk_changes_are_followed(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text("{}")
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri = (tmp_path / "a.labelspec").as_uri()
    mark = len(raw.published)
    raw.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="labelspec", version=1, text='label A: Later { text: "a" }\n')
        )
    )
    published = await diagnostics_now(raw, uri, 1, after=mark)
    assert [d.code for d in published.diagnostics] == ["unknown-style"]

    # A registration, if any, was sent on `initialized`, before this document's diagnostics.
    caps = raw.recorded.workspace and raw.recorded.workspace.did_change_watched_files
    if caps and caps.dynamic_registration:
        assert [r.method for r in raw.registrations] == ["workspace/didChangeWatchedFiles"]
        watchers = raw.registrations[0].register_options["watchers"]
        assert [w["globPattern"] for w in watchers] == GLOBS
    else:
        assert raw.registrations == []

    async def codes_after(path, kind: types.FileChangeType):
        # The server publishes again after the change (or is pulled, in order after it).
        mark = len(raw.published)
        raw.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=path.as_uri(), type=kind)])
        )
        return [d.code for d in (await diagnostics_now(raw, uri, None, after=mark)).diagnostics]

    styles = tmp_path / "styles" / "later.labelspec"
    styles.parent.mkdir()
    styles.write_text("style Later { font: .body }\n")
    assert await codes_after(styles, types.FileChangeType.Created) == []
    styles.write_text("style Sooner { font: .body }\n")
    assert await codes_after(styles, types.FileChangeType.Changed) == ["unknown-style"]
    styles.write_text("style Later { font: .body }\n")
    assert await codes_after(styles, types.FileChangeType.Changed) == []
    styles.unlink()
    assert await codes_after(styles, types.FileChangeType.Deleted) == ["unknown-style"]


@pytest.mark.parametrize("raw", ["neovim"], indirect=True)
async def test_without_watchers_the_server_looks_itself(raw, tmp_path):
    """A client that cannot watch files (Neovim before 0.9 registers no watchers): the server
    looks at the files it reads itself (every LABELSPEC_POLL_INTERVAL seconds, 0.3 here) and
    re-checks: a key added to the String Catalog on disk clears `missing-localization`, and a
    catalog deleted brings it back."""
    caps = raw.recorded
    caps.workspace.did_change_watched_files = None
    (tmp_path / "labelspec.json").write_text("{}")
    catalog = tmp_path / "Localizable.xcstrings"
    catalog.write_text('{ "sourceLanguage" : "en", "strings" : { "other" : {} }, "version" : "1.0" }')
    await initialize(raw, caps, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    assert raw.registrations == []
    uri = (tmp_path / "a.labelspec").as_uri()
    mark = len(raw.published)
    raw.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="labelspec", version=1, text='label A { text: .localized("greeting") }\n')
        )
    )
    published = await diagnostics_now(raw, uri, 1, after=mark)
    assert [d.code for d in published.diagnostics] == ["missing-localization"]

    async def codes_once_changed(expected):
        # No notification is sent: the server finds the change and checks again (pushed, or
        # seen by the next pull).
        codes = None
        for _ in range(100):
            await asyncio.sleep(0.1)
            if pulls(raw):
                codes = [d.code for d in (await diagnostics_now(raw, uri, None, after=0)).diagnostics]
            else:
                last = [p for p in raw.published if p.uri == uri][-1]
                codes = [d.code for d in last.diagnostics]
            if codes == expected:
                break
        return codes

    catalog.write_text(
        '{ "sourceLanguage" : "en", "strings" : { "greeting" : { "localizations" : { "en" : '
        '{ "stringUnit" : { "state" : "translated", "value" : "Hello" } } } } }, "version" : "1.0" }'
    )
    assert await codes_once_changed([]) == []
    catalog.unlink()
    assert await codes_once_changed(["missing-localization"]) == ["missing-localization"]


@pytest.mark.parametrize("raw", ["neovim"], indirect=True)
async def test_notes_reach_the_client_at_their_level(raw, tmp_path):
    """Once initialized, the server's notes go to the client as `window/logMessage` at their
    level, not to standard error (which Neovim files as `[ERROR]`): the polling note is
    information (3), a change to a document that is not open a warning (2) (issue 24)."""
    caps = raw.recorded
    caps.workspace.did_change_watched_files = None
    (tmp_path / "labelspec.json").write_text("{}")
    await initialize(raw, caps, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    raw.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=(tmp_path / "gone.labelspec").as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="x")],
        )
    )
    for _ in range(100):
        if len(raw.log_messages) >= 2:
            break
        await asyncio.sleep(0.05)
    notes = sorted((m.type.value, m.message) for m in raw.log_messages)
    assert notes == [
        (2, "labelspec lsp: didChange for a document that is not open, or without contentChanges"),
        (3, "labelspec lsp: the client does not watch files: looking for changes on disk every 0.3 s"),
    ]
