"""`select` and `ignore` (issue 35, point 8) through each recorded client profile: the server
reports the codes labelspec.json chooses, as `check` does, and the editor's settings of those
names are laid over the file's."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from conftest import TIMEOUT, initialize
from test_lsp import diagnostics_now, open_doc, pulls

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

# Truncates (a warning of the group `layout`) and sets a custom colour (a hint of `properties`).
LONG = 'label Done {\n    text: "Done and dusted, all of it"\n    width: 60\n    textColor: #767676\n}\n'


async def codes_once(client, uri: str, want: list[str]) -> list[str]:
    """The codes of `uri`'s diagnostics, once they are `want` (or the last seen at the timeout)."""
    seen: list[str] = []
    for _ in range(int(TIMEOUT / 0.1)):
        found = (await diagnostics_now(client, uri, None, 0)).diagnostics if pulls(client) else client.diagnostics.get(uri, [])
        seen = [str(d.code) for d in found]
        if seen == want:
            break
        await asyncio.sleep(0.1)
    return seen


async def test_labelspec_json_select_and_ignore(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large"], "ignore": ["layout"] }')
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, first = await open_doc(raw, LONG, uri=(tmp_path / "a.labelspec").as_uri())
    assert [(d.code, d.range.start.line) for d in first.diagnostics] == [("custom-color", 3)]
    # The more specific name wins: the group is ignored, its one code selected.
    other = tmp_path / "b"
    other.mkdir()
    (other / "labelspec.json").write_text('{ "contentSizes": ["large"], "select": ["truncates"], "ignore": ["layout", "properties"] }')
    uri_b, second = await open_doc(raw, LONG, uri=(other / "a.labelspec").as_uri())
    assert [(d.code, d.message) for d in second.diagnostics] == [
        ("truncates", 'truncates at .large: "Done…" (60 pt: width 60)'),
    ]


async def test_editor_ignore_is_laid_over_the_file(raw, tmp_path):
    raw.set_configuration({"ignore": ["properties"]}, section="labelspec")
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large"], "ignore": ["layout"] }')
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    if not raw.recorded.workspace or not raw.recorded.workspace.configuration:
        pytest.skip(f"{raw.profile} does not answer workspace/configuration")
    uri, _ = await open_doc(raw, LONG, uri=(tmp_path / "a.labelspec").as_uri())
    # The editor's `ignore` replaces the file's: truncates is back, custom-color goes.
    assert await codes_once(raw, uri, ["truncates"]) == ["truncates"]
