"""A screen's name in an inlay hint (issue 33, review): the hint is drawn inside a line of code, so
a name from labelspec.json or the editor's setting is put on one line (a line break shown as ↵)
and cut at 80 characters, as a hover shows it, but not escaped (a hint is plain text). Under each
recorded client profile."""

from __future__ import annotations

import json

from lsprotocol import types

from conftest import initialize
from test_lsp import inlay_hints, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

NAME = "Split\nview *|* " + "W" * 100
# 80 Unicode scalars (the line break one of them, shown as ↵), then the cut.
SHOWN = ("Split\nview *|* " + "W" * 100)[:80].replace("\n", "↵") + "…"

CATALOG = {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {
    "en": {"stringUnit": {"state": "translated", "value": "Hi"}},
    "de": {"stringUnit": {"state": "translated", "value": "Benachrichtigungen und Töne für jede einzelne Unterhaltung"}},
}}}}

TEXT = ('label Row {\n    text: "Notifications and sounds for every conversation"\n    width: .screen - 32\n}\n'
        'label Key {\n    text: .localized("k")\n    width: .screen - 32\n}\n')


async def test_inlay_hint_names_a_screen_on_one_line(raw, tmp_path):
    (tmp_path / "Localizable.xcstrings").write_text(json.dumps(CATALOG, indent=1, ensure_ascii=False))
    (tmp_path / "labelspec.json").write_text(json.dumps({
        "contentSizes": ["large"], "locales": ["en", "de"],
        "screens": [{"name": NAME, "width": 300, "sizeClass": "compact"}]}))
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())
    hints = await inlay_hints(raw, uri, 8)
    assert [h.label for h in hints] == [f"1 line · truncated on {SHOWN}", f"1 line · truncated in de on {SHOWN}"]
