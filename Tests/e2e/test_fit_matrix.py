"""One worst screen (issue 34, point 1): a label whose text varies by device, its iPad width
the narrower, is drawn and named on the iPad with the iPad's text by the hover, as the inlay
hint and the diagnostic name it, through each recorded client profile."""

from __future__ import annotations

from lsprotocol import types

from conftest import initialize
from test_lsp import hover, inlay_hints, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

CATALOG = """{ "sourceLanguage": "en", "version": "1.0", "strings": {
  "title": { "localizations": { "en": { "variations": { "device": {
    "iphone": { "stringUnit": { "state": "translated", "value": "Photos" } },
    "ipad": { "stringUnit": { "state": "translated", "value": "All your photos and videos, on every device you own" } },
    "other": { "stringUnit": { "state": "translated", "value": "Photos" } } } } } } } } }
"""

TEXT = 'label Title {\n    text: .localized("title")\n    width: .sizeClass(compact: 300, regular: 150)\n}\n'


async def test_hover_and_inlay_hint_show_the_same_worst_screen(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text(
        '{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)", "iPad Air 13-inch (M3)"] }')
    (tmp_path / "Localizable.xcstrings").write_text(CATALOG)
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, published = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())
    assert [d.message for d in published.diagnostics] == [
        'truncates on iPad Air 13-inch (M3) at .large: "All your photos a…" (150 pt: width .sizeClass(compact: 300, regular: 150))'
    ]

    result = await hover(raw, uri, 0, 7)
    value = result.contents.value if isinstance(result.contents, types.MarkupContent) else str(result.contents)
    assert value.splitlines()[0] == "**Title** at .large on iPad Air 13-inch (M3) (150 pt) — 1 line · truncated · 17 pt", value

    hints = await inlay_hints(raw, uri, 4)
    assert [h.label for h in hints] == ["1 line · truncated on iPad Air 13-inch (M3)"]
