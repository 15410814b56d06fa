"""Issue 33, through each recorded client profile: a spec whose folder has no `labelspec.json`
reads the `*.lproj` folders directly in it (the folder's own tables), when opened alone and in a
workspace folder, and follows a change of one of those tables on disk."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from conftest import initialize
from test_lsp import diagnostics_now, open_doc, pulls

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

TEXT = 'label A {\n    text: .localized("k1")\n    font: .body\n    width: 60\n}\n'


def tables(folder, german):
    (folder / "en.lproj").mkdir(exist_ok=True)
    (folder / "de.lproj").mkdir(exist_ok=True)
    (folder / "en.lproj" / "Localizable.strings").write_text('"k1" = "OK";\n')
    (folder / "de.lproj" / "Localizable.strings").write_text(f'"k1" = "{german}";\n')


@pytest.mark.parametrize("with_folder", [False, True])
async def test_lproj_folders_beside_a_spec_without_configuration(raw, tmp_path, with_folder):
    tables(tmp_path, "Einstellungen und mehr")
    folders = [types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")] if with_folder else None
    await initialize(raw, raw.recorded, workspace_folders=folders)
    uri, published = await open_doc(raw, TEXT, uri=(tmp_path / "A.labelspec").as_uri())
    [d] = published.diagnostics
    assert d.code == "truncates"
    assert d.message.startswith('truncates in de at .large: "Einste…"'), d.message

    # The German table changed on disk (as the client's watcher, or the server's own look, finds).
    (tmp_path / "de.lproj" / "Localizable.strings").write_text('"k1" = "Mehr";\n')
    mark = len(raw.published)
    raw.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=(tmp_path / "de.lproj" / "Localizable.strings").as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    # The table is read again off the request thread: pushed once read, or seen by a later pull.
    messages = None
    for _ in range(100):
        await asyncio.sleep(0.1)
        if pulls(raw):
            messages = [d.message for d in (await diagnostics_now(raw, uri, None, after=0)).diagnostics]
        else:
            pushed = [p for p in raw.published[mark:] if p.uri == uri]
            messages = [d.message for d in pushed[-1].diagnostics] if pushed else None
        if messages == []:
            break
    assert messages == []
