"""Text set in code (issue 35, point 4): a label whose text the app's code sets
(`textSetInCode: true`, what `labelspec import` writes for a storyboard label on an outlet whose
text is Xcode's placeholder) has no `missing-text`, and its hover says it is not measured; a
sample text written in it is measured. Under each recorded client profile."""

from __future__ import annotations

from lsprotocol import types

from conftest import initialize
from test_lsp import change, hover, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

SPEC = """label PriceLabel {
    textSetInCode: true
    font: .body
    width: 20
}
"""


async def test_hover_says_text_set_in_code(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text('{"contentSizes": ["large"]}')
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, diagnostics = await open_doc(raw, SPEC, uri=(tmp_path / "card.labelspec").as_uri())
    assert [d.code for d in diagnostics.diagnostics] == [], diagnostics

    result = await hover(raw, uri, 0, 8)
    assert result.contents.value == (
        "**PriceLabel** — text set in code, not measured: give it a sample `text` to measure it"
    ), result.contents.value
    assert result.range == types.Range(start=types.Position(0, 6), end=types.Position(0, 16))

    # A sample text: measured (it truncates in 20 pt), and the hover is the label's usual one.
    diagnostics = await change(raw, uri, 2, (1, 4), (1, 4), 'text: "$1,234.56"\n    ')
    assert [(d.code, d.message) for d in diagnostics.diagnostics] == [("truncates", 'truncates at .large: "…" (20 pt: width 20)')], diagnostics
    result = await hover(raw, uri, 0, 8)
    assert "text set in code" not in result.contents.value
    assert result.contents.value.startswith("**PriceLabel**"), result.contents.value
