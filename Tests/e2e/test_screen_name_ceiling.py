"""Issue 33, reviewed: a named screen's name has a ceiling (1000 Unicode scalars) in the editor's
`screens` setting too: a longer one is a problem the log names, and the file's screens stay
(every finding and hover on the screen repeats its name)."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from conftest import initialize
from test_lsp import open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

ROW = 'label Row {\n    text: "Notifications and sounds for every conversation"\n    width: .screen - 32\n}\n'


async def test_a_screen_name_past_the_ceiling_in_the_editors_setting(raw, tmp_path):
    settings = {"contentSizes": ["large"], "screens": [{"name": "x" * 100_000, "width": 320, "sizeClass": "compact"}]}
    (tmp_path / "labelspec.json").write_text('{ "screens": ["iPhone 16 Pro Max"] }')
    await initialize(raw, raw.recorded, initialization_options=settings,
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    _, published = await open_doc(raw, ROW, uri=(tmp_path / "a.labelspec").as_uri())
    # The file's screen: the label fits at 408 pt (at the setting's 288 pt it would truncate).
    assert list(published.diagnostics) == []
    for _ in range(50):
        if any("must be at most" in m.message for m in raw.log_messages):
            break
        await asyncio.sleep(0.1)
    notes = [(m.type, m.message) for m in raw.log_messages if "must be at most" in m.message]
    assert notes == [(types.MessageType.Warning,
                      "labelspec lsp: setting 'screens': 'name' must be at most 1000 characters (this one has 100000)")], \
        [m.message[:200] for m in raw.log_messages]
