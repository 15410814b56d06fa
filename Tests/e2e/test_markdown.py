"""Names that are not the server's own wording in hover Markdown (issue 33): a screen's name from
labelspec.json, a label's name, a width's expression. Every Markdown-active character is escaped
(one function, `Markdown.text`), line breaks cannot end a table row, long names are cut; the
hover is parsed with markdown-it (CommonMark and GitHub's tables, VS Code's parser family) under
each recorded client profile: no image, link or HTML comes out of a name."""

from __future__ import annotations

import json

from lsprotocol import types
from markdown_it import MarkdownIt

from conftest import initialize
from test_lsp import hover, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

HOSTILE = ("A|b\nc ![p](https://x.io/p.png) <img src=x> **b** `c` [l](u) \\ &amp; ~~s~~ _u_" + "x" * 200)
# What the row shows: the first 80 Unicode scalars, the line break as ↵, then … (the cut).
SHOWN = HOSTILE[:80].replace("\n", "↵") + "…"
ESCAPED = r"A\|b↵c \!\[p\](https://x.io/p.png) \<img src=x\> \*\*b\*\* \`c\` \[l\](u) \\ \&amp; \~\~s\~\~ \_u\_xxx…"
LONG_NAME = "L" + "o" * 120

TEXT = (f"label {LONG_NAME} {{\n"
        '    text: "Notifications and sounds for every conversation"\n'
        "    width: .screen - 32\n"
        "}\n")


def parse(value: str):
    md = MarkdownIt("commonmark").enable("table").enable("strikethrough")
    return md.parse(value)


def inline_children(tokens):
    for t in tokens:
        if t.type == "inline":
            yield from t.children or []


def tables(tokens):
    """Every table: its rows (heading first), each row its cells' text as a reader sees it."""
    out, row = [], None
    for t in tokens:
        if t.type == "table_open":
            out.append([])
        elif t.type == "tr_open":
            row = []
        elif t.type == "tr_close":
            out[-1].append(row)
        elif t.type == "inline" and row is not None:
            row.append("".join(c.content for c in t.children or []))
        elif t.type == "table_close":
            row = None
    return out


def screens_table(tokens):
    [table] = [t for t in tables(tokens) if t[0][0] == "screen"]
    return table[1:]


async def test_hostile_names_stay_text(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text(json.dumps({
        "contentSizes": ["large"],
        "screens": [{"name": HOSTILE, "width": 300, "sizeClass": "compact"}, "iPhone 16 Pro Max"],
    }))
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())

    result = await hover(raw, uri, 0, 7)
    assert isinstance(result.contents, types.MarkupContent) and result.contents.kind == types.MarkupKind.Markdown
    value = result.contents.value
    # The heading: the label's name cut, the screen's name escaped and cut.
    shown_label = "L" + "o" * 79 + "…"
    assert value.startswith(f"**{shown_label}** at .large on {ESCAPED} (268 pt) — 1 line · truncated"), value
    assert f"\n| {ESCAPED} | 268 pt | truncated at .large |\n" in value, value
    assert "\n| iPhone 16 Pro Max | 408 pt | fits |\n" in value, value
    tokens = parse(value)
    kinds = {c.type for c in inline_children(tokens)} | {t.type for t in tokens}
    assert not kinds & {"image", "link_open", "html_inline", "html_block", "code_inline", "s_open", "em_open"}, kinds
    # The table keeps its two rows of three cells; the hostile name is one cell, as written.
    assert screens_table(tokens) == [[SHOWN, "268 pt", "truncated at .large"], ["iPhone 16 Pro Max", "408 pt", "fits"]]

    # The width's hover: its expression as a code span, the screens' table escaped the same way.
    result = await hover(raw, uri, 2, 14)
    value = result.contents.value
    assert value.startswith("**width** `.screen - 32`\n\n"), value
    assert f"\n| {ESCAPED} | 268 pt |\n" in value, value
    tokens = parse(value)
    kinds = {c.type for c in inline_children(tokens)}
    assert not kinds & {"image", "link_open", "html_inline"}, kinds
    assert screens_table(tokens) == [[SHOWN, "268 pt"], ["iPhone 16 Pro Max", "408 pt"]]


CATALOG = {
    "sourceLanguage": "en",
    "strings": {
        "photos": {"localizations": {
            "en": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld photo"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld photos"}}}}},
            "de": {"stringUnit": {"state": "translated", "value": "%lld Fotos"}},
        }},
        "a|![p](https://x.io/p.png)": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "A | B\n![i](https://x.io/i.png)"}},
        }},
    },
    "version": "1.0",
}

KEYS = ('label Photos {\n    text: .localized("photos")\n}\n'
        'label Hostile {\n    text: .localized("a|![p](https://x.io/p.png)")\n}\n')


async def test_a_keys_hover(raw, tmp_path):
    """Issue 33: a hover on `.localized("key")` shows the key's text in each locale and plural
    form, and where the key is written; a key and a text from the catalog stay text."""
    (tmp_path / "Localizable.xcstrings").write_text(json.dumps(CATALOG, indent=2, ensure_ascii=False))
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, KEYS, uri=(tmp_path / "a.labelspec").as_uri())

    result = await hover(raw, uri, 1, 20)
    assert result.contents.kind == types.MarkupKind.Markdown
    assert result.contents.value == (
        '**"photos"** in `Localizable.xcstrings:4`\n\n'
        "| locale | text |\n|---|---|\n"
        "| en (one) | %lld photo |\n"
        "| en (other) | %lld photos |\n"
        "| de | %lld Fotos |\n")
    # The hover is about the whole value.
    assert (result.range.start.line, result.range.start.character, result.range.end.character) == (1, 10, 30)

    result = await hover(raw, uri, 4, 20)
    value = result.contents.value
    assert value == (
        r'**"a\|\!\[p\](https://x.io/p.png)"** in `Localizable.xcstrings:32`' "\n\n"
        "| locale | text |\n|---|---|\n"
        r"| en | A \| B↵\!\[i\](https://x.io/i.png) |" "\n")
    tokens = parse(value)
    assert not {c.type for c in inline_children(tokens)} & {"image", "link_open", "html_inline"}
    [table] = tables(tokens)
    assert table == [["locale", "text"], ["en", "A | B↵![i](https://x.io/i.png)"]]
