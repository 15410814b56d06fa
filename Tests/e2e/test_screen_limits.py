"""Issue 33 through each recorded client profile: two entries of the editor's `screens` with one
name, or a name past 1000 characters, are a problem the log names (the file's screens stay); a width that follows the screen past
100000 pt is an error and is not measured, and a hover over it answers (it ended the server);
the band of lines not shown is a pattern, so a very wide label's picture fits a hover."""

from __future__ import annotations

import base64
import asyncio

from lsprotocol import types

from conftest import initialize
from test_lsp import hover, open_doc
from test_pictures import IMAGE, markdown_hovers, value_of

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

ROW = 'label Row {\n    text: "Notifications and sounds for every conversation"\n    width: .screen - 32\n}\n'


@pytest.mark.parametrize("screens, needle, note", [
    ([{"name": "Split", "width": 600, "sizeClass": "regular"}, {"name": "Split", "width": 320, "sizeClass": "compact"}],
     "names two screens",
     "labelspec lsp: setting 'screens': 'Split' names two screens: entry 1 (600 pt, regular) and this one (320 pt, compact); "
     "give each screen its own name"),
    ([{"name": "x" * 100_000, "width": 320, "sizeClass": "compact"}],
     "must be at most",
     "labelspec lsp: setting 'screens': 'name' must be at most 1000 characters (this one has 100000)"),
], ids=["one-name-twice", "name-past-the-ceiling"])
async def test_a_bad_screens_setting_is_logged_and_the_files_screens_stay(raw, tmp_path, screens, needle, note):
    """Two entries of one name with different screens, or a name past 1000 characters (every
    finding and hover on the screen repeats it): a problem the log names, and the file's screens
    stay."""
    settings = {"contentSizes": ["large"], "screens": screens}
    (tmp_path / "labelspec.json").write_text('{ "screens": ["iPhone 16 Pro Max"] }')
    await initialize(raw, raw.recorded, initialization_options=settings,
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    _, published = await open_doc(raw, ROW, uri=(tmp_path / "a.labelspec").as_uri())
    # The file's screen: the label fits at 408 pt. (Measured at the setting's 288 pt, it would
    # truncate; measured at the first Split's 568 pt alone, the 320 pt screen was never seen.)
    assert list(published.diagnostics) == []
    for _ in range(50):
        if any(needle in m.message for m in raw.log_messages):
            break
        await asyncio.sleep(0.1)
    notes = [(m.type, m.message) for m in raw.log_messages if needle in m.message]
    assert notes == [(types.MessageType.Warning, note)], [m.message[:200] for m in raw.log_messages]


async def test_a_width_past_the_largest_is_an_error_and_its_hover_answers(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large"], "screens": ["iPhone SE (3rd generation)", "iPhone 16"] }')
    await initialize(raw, raw.recorded, client_name="Visual Studio Code", initialization_options={"hoverImages": True},
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    text = 'label Huge {\n    text: "Notifications and sounds for every conversation"\n    width: .screen * 100000000000000000\n}\n'
    uri, published = await open_doc(raw, text, uri=(tmp_path / "a.labelspec").as_uri())
    assert [(d.code, d.message) for d in published.diagnostics] == [(
        "invalid-number",
        "'width' comes to 3.75e+19 pt on iPhone SE (3rd generation) (and on 1 more screen): .screen * 1e+17; "
        "make it at most 100000 pt there or leave that screen out",
    )]
    value = value_of(await hover(raw, uri, 0, 7))
    assert value.startswith("**Huge** at .large without a width (not measured on any screen) — 1 line · 17 pt"), value[:300]
    assert "| iPhone SE (3rd generation) | 3.75e+19 pt | not measured: more than 100000 pt |" in value, value
    assert value.endswith("\n\nNot measured on any configured screen.\n\n"
                          "Contrast .label on .systemBackground (WCAG AA 4.5:1): light 21.00:1 · dark 21.00:1 · "
                          "light, increased contrast 21.00:1 · dark, increased contrast 21.00:1\n"), value[-400:]
    assert "| iPhone 16 | 3.93e+19 pt | not measured: more than 100000 pt |" in value, value
    on_value = value_of(await hover(raw, uri, 2, 14))
    assert "| iPhone 16 | 3.93e+19 pt (not measured) |" in on_value, on_value
    # The server is still there.
    assert value_of(await hover(raw, uri, 0, 7)) == value


async def test_a_very_wide_labels_band_of_lines_not_shown_fits_a_hover(raw, tmp_path):
    (tmp_path / "labelspec.json").write_text('{ "contentSizes": ["large"] }')
    await initialize(raw, raw.recorded, client_name="Visual Studio Code", initialization_options={"hoverImages": True},
                     workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    text = 'label Wide {\n    text: "First line\\nSecond line"\n    width: 100000\n    numberOfLines: 1\n    lineBreakMode: .byWordWrapping\n}\n'
    uri, _ = await open_doc(raw, text, uri=(tmp_path / "a.labelspec").as_uri())
    value = value_of(await hover(raw, uri, 0, 7))
    assert len(value) < 100_000, len(value)
    if not markdown_hovers(raw):
        return
    # Drawn: 10000 chevrons made the picture too large for a hover, which then drew characters.
    [(alt, _, data)] = IMAGE.findall(value)
    svg = base64.b64decode(data).decode()
    assert alt == "Wide at .large: 1 line · clipped · 17 pt", alt
    assert svg.count('<path d="M1 1l3 4l3 -4"') == 1, svg[-600:]
    assert '<rect x="1" y="22" width="99998" height="6" fill="url(#lines-not-shown)"/>' in svg, svg[-600:]
