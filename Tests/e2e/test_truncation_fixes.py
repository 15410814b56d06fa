"""The quick fixes of `truncates` through each recorded client profile (issue 35 point 10):
three code actions, none preferred (allow wrapping, shrink to fit at the largest scale that fits
the quoted case, ignore with a comment), and the wrapping one, applied, leaves no `truncates`."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from conftest import TIMEOUT
from test_lsp import TRUNCATES, diagnostics_now, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")


async def test_truncates_offers_three_fixes_and_wrapping_applies(lsp):
    uri, published = await open_doc(lsp, TRUNCATES)
    [d] = published.diagnostics
    assert d.code == "truncates"
    actions = await asyncio.wait_for(
        lsp.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=d.range,
                context=types.CodeActionContext(diagnostics=[d]),
            )
        ),
        TIMEOUT,
    )
    assert [a.title for a in actions] == [
        "Allow wrapping (numberOfLines: 0)",
        "Shrink to fit (minimumScaleFactor: 0.6)",
        "Ignore with // labelspec:ignore truncates",
    ]
    assert all(a.kind == types.CodeActionKind.QuickFix and not a.is_preferred for a in actions)
    [edit] = actions[0].edit.changes[uri]
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.line, edit.range.end.character) == (2, 14, 2, 14)
    assert edit.new_text == "\n    numberOfLines: 0"
    [ignore] = actions[2].edit.changes[uri]
    assert (ignore.range.start.line, ignore.range.start.character, ignore.new_text) == (0, 0, "// labelspec:ignore truncates\n")

    # Applied as the client would: the label wraps, and nothing is reported any more.
    mark = len(lsp.published)
    lsp.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)],
        )
    )
    after = await diagnostics_now(lsp, uri, 2, after=mark)
    assert [x.code for x in after.diagnostics] == []
