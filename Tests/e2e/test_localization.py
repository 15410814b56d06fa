"""A localized label through each recorded client profile: the `truncates` diagnostic names the
worst locale and points at the translation in the String Catalog, the hover draws the worst case
and the locale × size matrix, and the inlay hint names the worst locale (issue 12)."""

from __future__ import annotations

from lsprotocol import types

from conftest import initialize
from test_lsp import hover, inlay_hints, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

CATALOG = """{
  "sourceLanguage" : "en",
  "strings" : {
    "share" : {
      "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Mit Freunden teilen und mehr erfahren" } },
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Share with friends" } },
        "ja" : { "stringUnit" : { "state" : "translated", "value" : "友達と共有" } }
      }
    }
  },
  "version" : "1.0"
}
"""

TEXT = 'label Share {\n    text: .localized("share")\n    width: 160\n}\n'


async def test_localized_label_diagnostic_hover_and_inlay_hint(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large", "extraExtraExtraLarge"] }')
    (tmp_path / "Localizable.xcstrings").write_text(CATALOG)
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, published = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())
    [d] = published.diagnostics
    assert d.code == "truncates"
    assert d.message == 'truncates in de at .large: "Mit Freunden teile…" (160 pt: width 160; also en at .extraExtraExtraLarge; and 1 larger size)'
    related = d.related_information
    if related is not None:  # a client that does not take related information gets none
        [r] = related
        assert r.message == "the de text in the catalog"
        assert r.location.uri == (tmp_path / "Localizable.xcstrings").as_uri()
        assert (r.location.range.start.line, r.location.range.start.character) == (3, 4)  # the key

    result = await hover(raw, uri, 0, 8)
    value = result.contents.value if isinstance(result.contents, types.MarkupContent) else str(result.contents)
    assert value.startswith("**Share** in en at .large — 1 line · 17 pt"), value
    assert "Worst: **de at .large** — 1 line · truncated · 17 pt" in value, value
    assert "│Mit Freunden teile…" in value, value
    rows = [line for line in value.splitlines() if line.startswith("| ") and not line.startswith("| |")]
    assert rows == [
        "| en | fits | truncated |",
        "| de | truncated | truncated |",
        "| ja | fits | fits |",
    ], value

    hints = await inlay_hints(raw, uri, 4)
    assert [h.label for h in hints] == ["1 line · truncated in de"]
