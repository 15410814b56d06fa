"""Hovers stay bounded whatever the workspace holds (issue 33, review): a width's hover over
hundreds of configured screens lists as many as a label's hover does (40, then how many more).
Under each recorded client profile."""

from __future__ import annotations

import json

from lsprotocol import types

from conftest import initialize
from test_lsp import hover, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")


async def test_width_hover_lists_forty_screens(raw, tmp_path):
    # 100 screens with names that need escaping: the first 40 are listed, then the count.
    screens = [{"name": f"S{i} |", "width": 300 + i, "sizeClass": "compact"} for i in range(100)]
    (tmp_path / "labelspec.json").write_text(json.dumps({"contentSizes": ["large"], "screens": screens}))
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, 'label A {\n    text: "Hello"\n    width: .screen - 32\n}\n',
                            uri=(tmp_path / "a.labelspec").as_uri())

    result = await hover(raw, uri, 2, 14)
    value = result.contents.value
    assert value.startswith("**width** `.screen - 32`\n\n"), value
    table = value.split("\n\n| screen | width |\n|---|---|\n", 1)[1]
    rows = "".join(f"| S{i} \\| | {268 + i} pt |\n" for i in range(40))
    assert table == rows + "\n… 60 more screens.\n", table

