"""Pictures in hovers through each recorded client profile (issue 27): a client known by its
`clientInfo.name` to draw Markdown images (VS Code, Zed, lsp-mode's "emacs") gets the label drawn
as `data:image/svg+xml;base64` images (`image/svg` for lsp-mode), its current variant and its worst failing one, with the
text summary beside them; any other client (Neovim, Helix, eglot) gets the box of characters.
The `hoverImages` setting overrides the name either way, and a hover never reaches VS Code's
100,000 characters."""

from __future__ import annotations

import base64
import re

from lsprotocol import types

from conftest import initialize
from test_lsp import hover, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

TEXT = (
    'label Title {\n    text: "Download the latest version"\n    font: .custom("Inter", size: 17)\n'
    '    width: 150\n}\n'
)
IMAGE = re.compile(r"!\[([^\]]*)\]\(data:(image/svg\+xml|image/svg);base64,([A-Za-z0-9+/=]+)\)")
# The names the profiles' real clients send: Neovim draws no images, VS Code does; the Emacs
# profile is run as lsp-mode, which calls itself "emacs".
NAMES = {"neovim": "Neovim", "vscode": "Visual Studio Code", "emacs": "emacs"}


def value_of(result) -> str:
    return result.contents.value if isinstance(result.contents, types.MarkupContent) else str(result.contents)


def markdown_hovers(client) -> bool:
    h = client.recorded.text_document and client.recorded.text_document.hover
    return bool(h and h.content_format and types.MarkupKind.Markdown in h.content_format)


async def test_pictures_by_client_name(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large"] }')
    await initialize(raw, raw.recorded, client_name=NAMES[raw.profile],
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())
    value = value_of(await hover(raw, uri, 0, 7))
    # The summary line is there either way.
    assert value.startswith("**Title** at .large — 1 line · truncated · 17 pt\n\n"), value
    images = IMAGE.findall(value)
    if raw.profile == "neovim" or not markdown_hovers(raw):
        assert images == [], value
        assert "```text\n┌" in value, value
        return
    [(alt, media, data)] = images
    assert alt == "Title at .large: 1 line · truncated · 17 pt"
    # lsp-mode's pattern for inline images takes letters only in the type (no "+"); Emacs
    # finds the type from the bytes.
    assert media == ("image/svg" if NAMES[raw.profile] == "emacs" else "image/svg+xml")
    svg = base64.b64decode(data).decode("utf-8")
    # The label alone: 150 pt wide, one line of Inter at 17 pt (20.57 pt tall), as outlines.
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                          'width="150" height="20.57" viewBox="0 0 150 20.57" role="img" '
                          'aria-label="Download the latest version">'), svg[:300]
    assert "<text" not in svg and "<style" not in svg
    # "Download the lat…": 15 glyphs that are not spaces.
    assert svg.count("<use ") == len("Download the lat…".replace(" ", ""))
    assert "```text" not in value, value
    assert "| L | 1 | truncated |" in value, value
    assert len(value) < 100_000


async def test_the_setting_overrides_the_name(raw, tmp_path):
    # Neovim asked for pictures gets them; VS Code told not to gets none.
    want = raw.profile != "vscode"
    await initialize(raw, raw.recorded, client_name=NAMES[raw.profile], initialization_options={"hoverImages": want},
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())
    value = value_of(await hover(raw, uri, 0, 7))
    assert bool(IMAGE.findall(value)) == (want and markdown_hovers(raw)), value


async def test_a_hover_with_pictures_stays_under_vs_codes_limit(raw, tmp_path):
    # Thousands of characters with no line limit: the picture would be far over 100,000
    # characters, so the hover draws the label as text (at most 20 lines).
    words = " ".join(f"word{i}" for i in range(3000))
    text = f'label Huge {{\n    text: "{words}"\n    width: 300\n    numberOfLines: 0\n}}\n'
    await initialize(raw, raw.recorded, client_name=NAMES[raw.profile], initialization_options={"hoverImages": True},
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, text, uri=(tmp_path / "a.labelspec").as_uri())
    value = value_of(await hover(raw, uri, 0, 7))
    assert len(value) < 100_000, len(value)
    assert IMAGE.findall(value) == []
    assert value.startswith("**Huge** at .large"), value[:200]


async def test_a_hover_of_many_emoji_shows_its_picture(raw, tmp_path):
    # 22 colour emoji (issue 33): each distinct one's PNG is written once in the picture and
    # placed with <use>, so the hover stays far under 100,000 characters and shows the picture
    # (each PNG at every occurrence made it a text box).
    text = 'label Party {\n    text: "' + "🎉" * 20 + '🥳🥳"\n    width: 600\n    numberOfLines: 0\n}\n'
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large"] }')
    await initialize(raw, raw.recorded, client_name=NAMES[raw.profile], initialization_options={"hoverImages": True},
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, text, uri=(tmp_path / "a.labelspec").as_uri())
    value = value_of(await hover(raw, uri, 0, 7))
    assert len(value) < 100_000, len(value)
    if not markdown_hovers(raw):
        return
    images = IMAGE.findall(value)
    assert len(images) == 1, value[:300]
    svg = base64.b64decode(images[0][2]).decode("utf-8")
    assert svg.count("data:image/png;base64,") == 2, svg.count("data:image/png;base64,")
    assert svg.count('<use xlink:href="#e1"') == 20 and svg.count('<use xlink:href="#e2"') == 2, svg[:400]


async def test_a_bad_setting_is_said_and_ignored(raw, tmp_path):
    await initialize(raw, raw.recorded, client_name="Visual Studio Code", initialization_options={"hoverImages": "yes"},
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())
    value = value_of(await hover(raw, uri, 0, 7))
    # The client's name decides, as without the setting.
    assert bool(IMAGE.findall(value)) == markdown_hovers(raw), value
