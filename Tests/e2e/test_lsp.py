"""`labelspec lsp` end to end over stdio, once per recorded client profile (Neovim, VS Code,
Emacs): lifecycle, negotiated position encoding, push diagnostics (measured ones included),
incremental edits, hovers and error replies."""

from __future__ import annotations

import asyncio
import json
import subprocess

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import BIN, PROFILES, REPO, TIMEOUT, initialize, server_config

pytestmark = pytest.mark.asyncio(loop_scope="function")

# ---------------------------------------------------------------------------------------------
# Documents

MISTAKES = """\
label Greeting {
    text: "Hello"
    widht: 120
    numberOfLines: "two"
}

label Broken {
    text "Missing colon"
    width: 200
}

label Name {
    text: "Alexandra Fitzgerald-Montgomery"
    width: 180
}
"""

# (code, severity, (start line, start char), (end line, end char), message); all lines ASCII.
MISTAKES_EXPECTED = [
    ("unknown-property", 1, (2, 4), (2, 9), "unknown property 'widht'; did you mean 'width'?"),
    ("type-mismatch", 1, (3, 19), (3, 24), "'numberOfLines' expects an integer ≥ 0, not a string"),
    ("syntax", 1, (7, 8), (7, 8), "expected ':' after the property name"),
    ("truncates", 2, (11, 6), (11, 10), 'truncates at .large: "Alexandra Fitzgerald-…" (180 pt: width 180; and at 1 larger size)'),
]

TRUNCATES = """\
label Name {
    text: "Alexandra Fitzgerald-Montgomery"
    width: 180
}
"""

# A line whose mistake comes after characters that take a different number of units in each
# encoding: "é" is 2 UTF-8 bytes / 1 UTF-16 unit / 1 scalar, "😀" is 4 / 2 / 1.
EMOJI_LINE = '    text: "é😀"; widht: 100'
EMOJI = f"""\
label Emoji {{
{EMOJI_LINE}
}}
"""


def units(s: str, encoding: str) -> int:
    """Length of `s` in the code units of an LSP position encoding."""
    if encoding == "utf-8":
        return len(s.encode("utf-8"))
    if encoding == "utf-16":
        return len(s.encode("utf-16-le")) // 2
    assert encoding == "utf-32"
    return len(s)


def char(line: str, index: int, encoding: str) -> int:
    """The LSP `character` of the Python string index `index` in `line`."""
    return units(line[:index], encoding)


# ---------------------------------------------------------------------------------------------
# Helpers

_uri_counter = 0


def new_uri(name: str) -> str:
    global _uri_counter
    _uri_counter += 1
    return f"file:///e2e/{_uri_counter}/{name}.labelspec"


async def wait_publish(client, uri: str, version: int | None = None, after: int = 0):
    """The first publishDiagnostics for `uri` (with `version`, if given) among those received
    from index `after` on; fails on a timeout."""

    async def find():
        while True:
            for params in client.published[after:]:
                if params.uri == uri and (version is None or params.version == version):
                    return params
            client.published_event.clear()
            await client.published_event.wait()

    try:
        return await asyncio.wait_for(find(), TIMEOUT)
    except asyncio.TimeoutError:
        seen = [(p.uri, p.version, len(p.diagnostics)) for p in client.published]
        pytest.fail(f"no publishDiagnostics for {uri} version {version} within {TIMEOUT}s; got {seen}")


def pulls(client) -> bool:
    """Whether this client pulls diagnostics (`textDocument/diagnostic`) rather than being pushed
    them: it offers pull and the server advertises it. A server may then push nothing."""
    td = client.recorded.text_document
    return bool(td and td.diagnostic is not None and client.init_result.capabilities.diagnostic_provider is not None)


async def diagnostics_now(client, uri: str, version: int | None, after: int):
    """The diagnostics of `uri` once the server has seen `version`: the push for that version,
    or for a pulling client the answer to a pull (requests are answered in order, so after the
    edit). A pull has no version: `.version` is then None."""
    if not pulls(client):
        return await wait_publish(client, uri, version, after=after)
    report = await asyncio.wait_for(
        client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        ),
        TIMEOUT,
    )
    assert report.kind == "full"
    return types.PublishDiagnosticsParams(uri=uri, diagnostics=report.items, version=None)


async def open_doc(client, text: str, name: str = "doc", version: int = 1, uri: str | None = None):
    """Opens `text` (at `uri`, else a new document named `name`) and returns its URI and its
    diagnostics once the server has seen it."""
    uri = uri or new_uri(name)
    mark = len(client.published)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="labelspec", version=version, text=text)
        )
    )
    return uri, await diagnostics_now(client, uri, version, after=mark)


async def change(client, uri: str, version: int, start, end, text: str):
    mark = len(client.published)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=text
                )
            ],
        )
    )
    return await diagnostics_now(client, uri, version, after=mark)


def assert_version(client, published, version: int):
    """A push carries the document version it was computed for."""
    if not pulls(client):
        assert published.version == version


async def hover(client, uri: str, line: int, character: int):
    return await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        ),
        TIMEOUT,
    )


async def inlay_hints(client, uri: str, lines: int):
    """The inlay hints of the document's first `lines` lines."""
    return await asyncio.wait_for(
        client.text_document_inlay_hint_async(
            types.InlayHintParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=lines, character=0)),
            )
        ),
        TIMEOUT,
    )


async def request(client, method: str, params=None):
    return await asyncio.wait_for(client.protocol.send_request_async(method, params), TIMEOUT)


def rng(d) -> tuple:
    r = d.range
    return (r.start.line, r.start.character), (r.end.line, r.end.character)


def supports_code_description(client) -> bool:
    pd = client.recorded.text_document and client.recorded.text_document.publish_diagnostics
    return bool(pd and pd.code_description_support)


def check_common_fields(client, diagnostic):
    assert diagnostic.source == "labelspec"
    # The code's section of the docs the binary ships: the repository's docs/ for a build in it.
    href = (REPO / "docs" / "diagnostics.md").as_uri() + f"#{diagnostic.code}"
    if supports_code_description(client):
        assert diagnostic.code_description is not None, "client supports codeDescription, none was sent"
    if diagnostic.code_description is not None:
        assert diagnostic.code_description.href == href


# ---------------------------------------------------------------------------------------------
# Lifecycle


async def test_initialize_result(raw):
    profile = PROFILES[raw.profile]
    offered = raw.recorded.general.position_encodings if raw.recorded.general else None
    # The recorded profile offers what this suite expects it to (guards the pinned spec).
    assert (list(offered) if offered else None) == profile["offers"]

    result = await initialize(raw, raw.recorded)
    assert result.server_info is not None
    assert result.server_info.name == "labelspec"
    version = subprocess.run([BIN, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    assert result.server_info.version == version

    caps = result.capabilities
    assert caps.position_encoding == profile["encoding"]
    sync = caps.text_document_sync
    assert isinstance(sync, types.TextDocumentSyncOptions)
    assert sync.change == types.TextDocumentSyncKind.Incremental
    assert sync.open_close is True
    assert sync.save is not None and sync.save is not False
    assert caps.hover_provider is True


async def test_request_before_initialize_is_refused(raw):
    # pytest-lsp checks every request against the client's capabilities, which it otherwise
    # learns only from initialize.
    raw.capabilities = raw.recorded
    with pytest.raises(JsonRpcException) as error:
        await hover(raw, "file:///x.labelspec", 0, 0)
    assert error.value.code == -32002
    # The server keeps serving: initialize still works afterwards.
    result = await initialize(raw, raw.recorded)
    assert result.server_info.name == "labelspec"


async def test_initialize_twice_is_refused(lsp):
    with pytest.raises(JsonRpcException) as error:
        await request(lsp, "initialize", types.InitializeParams(capabilities=lsp.recorded))
    assert error.value.code == -32600


async def test_unknown_request_gets_method_not_found(lsp):
    with pytest.raises(JsonRpcException) as error:
        await request(lsp, "labelspec/noSuchMethod", {"anything": 1})
    assert error.value.code == -32601
    # A `$/` request the server does not know must get method-not-found as well.
    with pytest.raises(JsonRpcException) as error:
        await request(lsp, "$/labelspecNoSuchRequest", {})
    assert error.value.code == -32601
    # ...and the server still answers afterwards.
    uri, _ = await open_doc(lsp, TRUNCATES)
    assert await hover(lsp, uri, 0, 7) is not None


async def test_unknown_notifications_are_ignored(lsp):
    lsp.protocol.notify("$/someExtension", {"x": 1})
    lsp.protocol.notify("labelspec/someNotification", {"x": 1})
    lsp.protocol.notify("$/cancelRequest", types.CancelParams(id=12345))
    uri, published = await open_doc(lsp, TRUNCATES)
    assert [d.code for d in published.diagnostics] == ["truncates"]


async def test_shutdown_then_exit(lsp):
    assert await request(lsp, "shutdown") is None
    lsp.shut_down = True
    lsp.exit(None)
    code = await asyncio.wait_for(lsp._server.wait(), TIMEOUT)
    assert code == 0


async def test_exit_without_shutdown_exits_1(lsp):
    lsp.shut_down = True  # no teardown shutdown: the process is gone
    lsp.exit(None)
    code = await asyncio.wait_for(lsp._server.wait(), TIMEOUT)
    assert code == 1


# ---------------------------------------------------------------------------------------------
# Diagnostics


async def test_open_publishes_diagnostics_at_exact_ranges(lsp):
    uri, published = await open_doc(lsp, MISTAKES, version=7)
    assert_version(lsp, published, 7)
    got = [(d.code, d.severity.value, *rng(d), d.message) for d in published.diagnostics]
    assert got == MISTAKES_EXPECTED
    for d in published.diagnostics:
        check_common_fields(lsp, d)


async def test_measured_truncation_is_published(lsp):
    uri, published = await open_doc(lsp, TRUNCATES)
    assert len(published.diagnostics) == 1
    d = published.diagnostics[0]
    assert d.code == "truncates"
    assert d.severity == types.DiagnosticSeverity.Warning
    assert rng(d) == ((0, 6), (0, 10))  # the label's name
    assert d.message == 'truncates at .large: "Alexandra Fitzgerald-…" (180 pt: width 180; and at 1 larger size)'
    check_common_fields(lsp, d)


async def test_low_contrast_is_published_and_hovered(lsp):
    text = 'label Faint {\n    text: "Hard to read"\n    textColor: .tertiaryLabel\n}\n'
    uri, published = await open_doc(lsp, text)
    assert [(d.code, d.severity.value, *rng(d)) for d in published.diagnostics] == [("low-contrast", 2, (2, 15), (2, 29))]
    d = published.diagnostics[0]
    assert d.message.startswith("contrast 1.73:1 of .tertiaryLabel on .systemBackground in light mode is below 4.5:1"), d.message
    check_common_fields(lsp, d)
    result = await hover(lsp, uri, 0, 8)  # inside "Faint"
    assert result is not None
    value = result.contents.value if isinstance(result.contents, types.MarkupContent) else str(result.contents)
    assert "Contrast .tertiaryLabel on .systemBackground (WCAG AA 4.5:1): light 1.73:1 ✗ · dark 2.25:1 ✗" in value, value


async def test_diagnostics_match_labelspec_check(lsp, tmp_path):
    """The server's diagnostics are exactly `labelspec check`'s (ASCII text: columns agree)."""
    path = tmp_path / "x.labelspec"
    path.write_text(MISTAKES)
    out = subprocess.run([BIN, "check", "--format", "json", str(path)], capture_output=True, text=True, timeout=60)
    cli = [
        (e["code"], (e["line"] - 1, e["column"] - 1), (e["endLine"] - 1, e["endColumn"] - 1), e["message"])
        for e in json.loads(out.stdout)
    ]
    uri, published = await open_doc(lsp, MISTAKES)
    got = [(d.code, *rng(d), d.message) for d in published.diagnostics]
    assert got == cli


async def test_incremental_change_fixes_typo(lsp):
    uri, published = await open_doc(lsp, MISTAKES, version=1)
    assert "unknown-property" in [d.code for d in published.diagnostics]

    # `widht` → `width`: replace the two swapped letters "ht" (line 2, chars 7..9) with "th".
    published = await change(lsp, uri, 2, (2, 7), (2, 9), "th")
    assert_version(lsp, published, 2)
    got = [(d.code, *rng(d)) for d in published.diagnostics]
    assert got == [(code, start, end) for code, _, start, end, _ in MISTAKES_EXPECTED if code != "unknown-property"]

    # A second incremental edit: a line inserted at the top moves every range down by one.
    published = await change(lsp, uri, 3, (0, 0), (0, 0), "// header\n")
    assert_version(lsp, published, 3)
    got = [(d.code, *rng(d)) for d in published.diagnostics]
    assert got == [
        (code, (start[0] + 1, start[1]), (end[0] + 1, end[1]))
        for code, _, start, end, _ in MISTAKES_EXPECTED
        if code != "unknown-property"
    ]

    # And one that makes the label fit: a wider box clears `truncates`.
    name_width_line = MISTAKES.splitlines().index("    width: 180") + 1
    published = await change(lsp, uri, 4, (name_width_line, 11), (name_width_line, 14), "400")
    assert_version(lsp, published, 4)
    assert "truncates" not in [d.code for d in published.diagnostics]


async def test_close_clears_diagnostics(lsp):
    uri, published = await open_doc(lsp, MISTAKES)
    assert published.diagnostics
    mark = len(lsp.published)
    lsp.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    if pulls(lsp):
        published = await diagnostics_now(lsp, uri, None, after=mark)
    else:
        published = await wait_publish(lsp, uri, after=mark)
    assert list(published.diagnostics) == []


# ---------------------------------------------------------------------------------------------
# Hover


async def test_hover_on_label_name_shows_measured_preview(lsp):
    uri, _ = await open_doc(lsp, TRUNCATES)
    result = await hover(lsp, uri, 0, 8)  # inside "Name"
    assert result is not None
    assert isinstance(result.contents, types.MarkupContent)
    assert result.contents.kind == types.MarkupKind.Markdown
    value = result.contents.value
    assert value.startswith("**Name** at .large — 1 line · truncated"), value
    assert "1 line · truncated" in value
    assert "│Alexandra Fitzgerald-…│" in value
    # The table over the 12 Dynamic Type sizes.
    table = [line for line in value.splitlines() if line.startswith("| ") and not line.startswith("| size")]
    sizes = [row.split("|")[1].strip() for row in table]
    assert sizes == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"], value
    assert all(row.split("|")[3].strip() == "truncated" for row in table), value
    assert result.range is not None
    assert rng(result) == ((0, 6), (0, 10))


async def test_hover_matches_labelspec_measure(lsp, tmp_path):
    """The hover's preview is `labelspec measure`'s answer: the same lines, count and state."""
    text = ('label Name {\n    text: "Alexandra Fitzgerald-Montgomery will be there soon"\n'
            '    width: 120\n    numberOfLines: 2\n}\n')
    path = tmp_path / "m.labelspec"
    path.write_text(text)
    out = subprocess.run([BIN, "measure", "--format", "json", str(path)], capture_output=True, text=True, timeout=60)
    measured = json.loads(out.stdout)[0]
    uri, _ = await open_doc(lsp, text, name="measure")
    result = await hover(lsp, uri, 0, 8)
    value = result.contents.value
    facts = f"{measured['lineCount']} lines" + (" · truncated" if measured["truncated"] else "")
    assert value.startswith(f"**Name** at .large — {facts} · {measured['fontSize']:g} pt"), value
    boxed = [line.strip("│").rstrip() for line in value.splitlines() if line.startswith("│")]
    assert boxed == measured["lines"], (boxed, measured["lines"])


async def test_hover_on_property_name_shows_docs(lsp):
    uri, _ = await open_doc(lsp, TRUNCATES)
    result = await hover(lsp, uri, 2, 6)  # inside "width"
    assert result is not None
    assert result.contents.kind == types.MarkupKind.Markdown
    value = result.contents.value
    assert value.startswith("**width**: "), value
    head, _, docs = value.partition("\n\n")
    assert "points" in head, value
    assert "The width" in docs, f"no documentation after the signature: {value!r}"
    assert rng(result) == ((2, 4), (2, 9))


async def test_hover_elsewhere_is_null(lsp):
    uri, _ = await open_doc(lsp, TRUNCATES)
    assert await hover(lsp, uri, 1, 16) is None  # inside the string value
    assert await hover(lsp, uri, 3, 0) is None  # on the closing brace
    never_opened = "file:///e2e/never-opened.labelspec"
    assert await hover(lsp, never_opened, 0, 0) is None


# ---------------------------------------------------------------------------------------------
# Non-ASCII text in the negotiated encoding


async def test_non_ascii_positions_use_negotiated_encoding(lsp):
    enc = lsp.init_result.capabilities.position_encoding
    assert enc == lsp.expected_encoding
    uri, published = await open_doc(lsp, EMOJI)
    at = EMOJI_LINE.index("widht")
    start = char(EMOJI_LINE, at, enc)
    end = char(EMOJI_LINE, at + len("widht"), enc)
    # The three encodings disagree here, so this pins the one in use.
    assert len({char(EMOJI_LINE, at, e) for e in ("utf-8", "utf-16", "utf-32")}) == 3
    assert [(d.code, *rng(d)) for d in published.diagnostics] == [("unknown-property", (1, start), (1, end))]

    # Hover on the property after the emoji, addressed in the negotiated encoding.
    # `widht` is no property, so it has no docs.
    assert await hover(lsp, uri, 1, start + 1) is None

    # Fix it with an edit addressed in the negotiated encoding: "ht" → "th".
    published = await change(lsp, uri, 2, (1, start + 3), (1, start + 5), "th")
    assert list(published.diagnostics) == []
    result = await hover(lsp, uri, 1, start + 1)
    assert result is not None and result.contents.value.startswith("**width**: ")
    assert rng(result) == ((1, start), (1, end))


@pytest.mark.parametrize(
    "offers, expected",
    [
        (None, "utf-16"),
        (["utf-16"], "utf-16"),
        (["utf-32", "utf-16"], "utf-32"),
        (["utf-32", "utf-8"], "utf-8"),
        (["utf-8"], "utf-8"),
    ],
    ids=["none", "utf16", "utf32+utf16", "utf32+utf8", "utf8"],
)
async def test_encoding_negotiation_variants(offers, expected):
    """Beyond the three recorded profiles: every negotiation outcome, UTF-32 included, with the
    emoji line's diagnostic counted in the chosen encoding."""
    client = await server_config().start()
    try:
        caps = types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=offers) if offers is not None else None
        )
        client.recorded = caps
        result = await initialize(client, caps)
        assert result.capabilities.position_encoding == expected
        uri, published = await open_doc(client, EMOJI)
        at = EMOJI_LINE.index("widht")
        assert [rng(d) for d in published.diagnostics] == [
            ((1, char(EMOJI_LINE, at, expected)), (1, char(EMOJI_LINE, at + 5, expected)))
        ]
        await asyncio.wait_for(client.shutdown_session(), TIMEOUT)
        assert client._server.returncode == 0
    finally:
        if client._server.returncode is None:
            client._server.kill()
        await client.stop()


async def test_full_change_then_ranged_change_in_one_notification():
    """LSP applies contentChanges in order: a ranged change is in the coordinates of the text the
    previous change left, here the full replacement."""
    client = await server_config().start()
    try:
        caps = types.ClientCapabilities()
        client.recorded = caps
        await initialize(client, caps)
        uri, _ = await open_doc(client, 'label A {\n    text: "a much longer text line here"\n    width: 100\n}\n')
        mark = len(client.published)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[
                    types.TextDocumentContentChangeWholeDocument(text='label B {\n    text: "y"\n}\n'),
                    types.TextDocumentContentChangePartial(
                        range=types.Range(start=types.Position(2, 0), end=types.Position(2, 0)), text="    widht: 1\n"
                    ),
                ],
            )
        )
        published = await wait_publish(client, uri, 2, after=mark)
        # Now 'label B {\n    text: "y"\n    widht: 1\n}\n'.
        assert [(d.code, *rng(d)) for d in published.diagnostics] == [("unknown-property", (2, 4), (2, 9))]
    finally:
        await asyncio.wait_for(client.shutdown_session(), TIMEOUT)
        await client.stop()


async def test_pulled_diagnostics_match_pushed(lsp):
    """Where the server offers pull diagnostics, a pull gives the same diagnostics under every
    profile, whether or not that client would pull on its own."""
    if lsp.init_result.capabilities.diagnostic_provider is None:
        pytest.skip("this server build does not offer textDocument/diagnostic")
    uri, _ = await open_doc(lsp, MISTAKES)
    report = await asyncio.wait_for(
        lsp.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        ),
        TIMEOUT,
    )
    assert [(d.code, d.severity.value, *rng(d), d.message) for d in report.items] == MISTAKES_EXPECTED
    # Asked again with its result id: nothing changed.
    again = await asyncio.wait_for(
        lsp.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(
                text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id
            )
        ),
        TIMEOUT,
    )
    assert again.kind == "unchanged" and again.result_id == report.result_id
    # The workspace report holds the same diagnostics for the document.
    workspace = await asyncio.wait_for(
        lsp.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[])), TIMEOUT
    )
    mine = [r for r in workspace.items if r.uri == uri]
    assert len(mine) == 1 and mine[0].kind == "full"
    assert [(d.code, d.severity.value, *rng(d), d.message) for d in mine[0].items] == MISTAKES_EXPECTED
    # Which path the rest of this suite took for this profile.
    print(f"{lsp.profile}: {'pull' if pulls(lsp) else 'push'}")
