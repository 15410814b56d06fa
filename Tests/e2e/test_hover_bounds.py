"""Hovers stay bounded whatever the workspace holds (issue 33, review): a width's hover over
hundreds of configured screens lists as many as a label's hover does (40, then how many more),
and a localized label's table over a catalog of hundreds of locales shows 60 of them, then how
many more. Under each recorded client profile."""

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


def locale(i: int) -> str:
    """A locale code the catalog reader takes: two letters, a region of two."""
    a = "abcdefghijklmnopqrstuvwxyz"
    return a[i % 26] + a[(i // 26) % 26] + "-" + a[(i // 676) % 26].upper() + "Z"


@pytest.mark.parametrize("sizes", [["large"], ["extraSmall", "small", "medium", "large", "extraLarge"]],
                         ids=["variants-as-rows", "variants-as-columns"])
async def test_locale_table_shows_sixty_locales(raw, tmp_path, sizes):
    names = [locale(i) for i in range(100)]
    localizations = {"en": {"stringUnit": {"state": "translated", "value": "Hi"}}}
    for n in names:
        localizations[n] = {"stringUnit": {"state": "translated", "value": "Hallo"}}
    catalog = {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": localizations}}}
    (tmp_path / "Localizable.xcstrings").write_text(json.dumps(catalog, indent=1))
    (tmp_path / "labelspec.json").write_text(json.dumps({"contentSizes": sizes, "locales": "all"}))
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, 'label A {\n    text: .localized("k")\n    width: 200\n}\n',
                            uri=(tmp_path / "a.labelspec").as_uri())

    result = await hover(raw, uri, 0, 7)
    value = result.contents.value
    # The table, before the tightest fit and the contrast: its heading, 60 of the 101 texts (en
    # first, then the locales by name), then how many more.
    shown = ["en"] + sorted(names)[:59]
    table = value[value.index("\n| |"):value.index("\nTightest fit: ")]
    assert value[value.index("\nTightest fit: "):value.index("\nContrast ")].startswith("\nTightest fit: "), value
    if len(sizes) == 1:
        expected = "\n| | .large |\n|---|---|\n" + "".join(f"| {n} | fits |\n" for n in shown)
    else:
        short = ["xS", "S", "M", "L", "xL"]
        expected = ("\n| |" + "".join(f" {n} |" for n in shown) + "\n|---|" + "---|" * 60 + "\n"
                    + "".join(f"| {s} |" + " fits |" * 60 + "\n" for s in short))
    assert table == expected + "\n… 41 more locales and forms.\n", table
