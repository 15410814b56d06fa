"""Issue 36, points 3 and 4 through each recorded client profile: completion offers the font
designs and modifiers, a hover says which font measured a design (a stand-in, named), and the
editor's `fontDirectories` setting puts a folder of Apple-named files before the stand-ins."""

from __future__ import annotations

import asyncio
import shutil

from lsprotocol import types

from conftest import TIMEOUT, initialize
from test_lsp import hover, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")


async def complete(client, uri: str, line: int, character: int) -> list[str]:
    items = await asyncio.wait_for(
        client.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri),
                                   position=types.Position(line=line, character=character))),
        TIMEOUT)
    return [i.label for i in (items.items if isinstance(items, types.CompletionList) else items)]


async def test_designs_and_modifiers_are_completed(lsp):
    uri, _ = await open_doc(lsp, 'label A {\n    font: .system(.body, design: .)\n}\nlabel B {\n    font: .body.\n}\n')
    assert await complete(lsp, uri, 1, 34) == [".default", ".rounded", ".monospaced", ".serif"]
    assert await complete(lsp, uri, 4, 16) == [".bold()", ".weight(_:)", ".italic()", ".design(_:)", ".monospacedDigit()"]


async def test_hover_names_the_designs_stand_in(lsp):
    text = 'label Round {\n    text: "Hello"\n    font: .system(.body, design: .rounded)\n    width: 300\n}\n'
    uri, _ = await open_doc(lsp, text)
    value = (await hover(lsp, uri, 0, 8)).contents.value
    fonts = [line for line in value.splitlines() if line.startswith("Measured with")]
    assert fonts == ['Measured with Inter and Inter Display for SF Pro Rounded (stand-ins: docs/measurement.md, "Stand-ins")'], value


async def test_the_editors_font_directories_come_first(raw, tmp_path):
    apple = tmp_path / "apple"
    apple.mkdir()
    shutil.copy("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", apple / "SF-Pro-Text-Regular.otf")
    raw.set_configuration({"fontDirectories": ["apple"], "contentSizes": ["large"]}, section="labelspec")
    await initialize(raw, raw.recorded, client_name="Visual Studio Code",
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    if not raw.recorded.workspace or not raw.recorded.workspace.configuration:
        pytest.skip(f"{raw.profile} does not answer workspace/configuration")
    text = 'label Hi {\n    text: "Hello"\n    font: .body\n    width: 300\n}\n'
    uri, _ = await open_doc(raw, text, uri=(tmp_path / "a.labelspec").as_uri())
    value = ""
    for _ in range(int(TIMEOUT / 0.1)):
        value = (await hover(raw, uri, 0, 7)).contents.value
        if "DejaVu Sans" in value:
            break
        await asyncio.sleep(0.1)
    fonts = [line for line in value.splitlines() if line.startswith("Measured with")]
    assert fonts == ['Measured with DejaVu Sans for SF Pro (stand-ins: docs/measurement.md, "Stand-ins")'], value
