"""Japanese text keeps its font's kerning across the break opportunities between its characters
(issue 36, "The accuracy tail"), through each recorded client profile: Core Text shapes a line
whole, so "ユーザー名とパスワードを入力して" at 17 pt is 271.15 pt wide (Noto Sans CJK JP kerns
"ーザ" and other kana pairs), not the 272 pt of its characters shaped one at a time, and fits a
271.5 pt label: no `truncates`, and the hover's matrix says it fits in ja (before: `truncates in ja
at .large: "ユーザー名とパスワードを入力し…"`). `nearLimit` is off: 0.35 pt of room is within the
stand-in's band, which is another question."""

from __future__ import annotations

from lsprotocol import types

from conftest import initialize
from test_lsp import hover, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

CATALOG = """{
  "sourceLanguage" : "en",
  "strings" : {
    "login" : {
      "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Sign in" } },
        "ja" : { "stringUnit" : { "state" : "translated", "value" : "ユーザー名とパスワードを入力して" } }
      }
    }
  },
  "version" : "1.0"
}
"""

TEXT = 'label Login {\n    text: .localized("login")\n    width: 271.5\n}\n'


async def test_kana_pairs_keep_their_kerning(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large"], "nearLimit": false }')
    (tmp_path / "Localizable.xcstrings").write_text(CATALOG)
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, published = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())
    assert [(d.code, d.message) for d in published.diagnostics] == []

    result = await hover(raw, uri, 0, 8)
    value = result.contents.value if isinstance(result.contents, types.MarkupContent) else str(result.contents)
    rows = [line for line in value.splitlines() if line.startswith("| ") and not line.startswith("| |")]
    assert rows == ["| en | fits |", "| ja | fits |"], value
