"""The editor's settings through each recorded client profile: VS Code answers
`workspace/configuration` with every setting editors/vscode/package.json declares, null for
each left unset. A null setting is not set: it is no warning in the log (there were eight at
every start), and the settings that are set apply."""

from __future__ import annotations

import asyncio
import json

from lsprotocol import types

from conftest import REPO, TIMEOUT, initialize
from test_lsp import diagnostics_now, open_doc, pulls

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

DONE = 'label Done {\n    text: "Done"\n    width: 150\n    textColor: #767676\n}\n'


def vscode_section() -> dict:
    """VS Code's `labelspec` section with nothing set: every declared property with its default."""
    manifest = json.loads((REPO / "editors" / "vscode" / "package.json").read_text())
    section: dict = {}
    for name, prop in manifest["contributes"]["configuration"]["properties"].items():
        *parents, last = name.split(".")[1:]
        node = section
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = prop["default"]
    return section


async def test_vscodes_unset_settings_are_no_warnings(raw, tmp_path):
    section = vscode_section()
    assert section["contentSizes"] is None and section["trace"] == {"server": "off"}
    # One setting set, in the answer only: custom-color becomes an error once it is read.
    section["severity"] = {"custom-color": "error"}
    raw.set_configuration(section, section="labelspec")
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large"] }')
    await initialize(raw, raw.recorded, client_name="Visual Studio Code",
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, DONE, uri=(tmp_path / "a.labelspec").as_uri())
    if not raw.recorded.workspace or not raw.recorded.workspace.configuration:
        pytest.skip(f"{raw.profile} does not answer workspace/configuration")
    seen = []
    for _ in range(int(TIMEOUT / 0.1)):
        seen = (await diagnostics_now(raw, uri, None, 0)).diagnostics if pulls(raw) else raw.diagnostics.get(uri, [])
        if [d.severity for d in seen] == [types.DiagnosticSeverity.Error]:
            break
        await asyncio.sleep(0.1)
    assert [(d.code, d.severity, d.range.start.line) for d in seen] == [("custom-color", types.DiagnosticSeverity.Error, 3)]
    settings = [m.message for m in raw.log_messages if "setting '" in m.message]
    assert settings == []
