"""iOS's Bold Text from the editor's settings (issue 39, point 2), through the real server under
each recorded client profile: `boldText` in the settings measures the system font heavier, and
the finding says so."""

from __future__ import annotations

from lsprotocol import types

from conftest import initialize
from test_lsp import diagnostics_now

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

SPEC = 'label Title {\n    text: "Notifications and Settings"\n    width: 200\n}\n'


async def test_bold_text_from_the_settings(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text('{"contentSizes": ["large"]}')
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")],
                     initialization_options={"boldText": True})
    uri = (tmp_path / "a.labelspec").as_uri()
    mark = len(raw.published)
    raw.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="labelspec", version=1, text=SPEC)))
    published = await diagnostics_now(raw, uri, 1, after=mark)
    found = [(d.code, d.message) for d in published.diagnostics]
    assert found == [("truncates", 'truncates with Bold Text at .large: "Notifications and Settin…" (200 pt: width 200)')], found
