"""Issue 34, point 2, through each recorded client profile: the server keeps one entry per
document URI, of the kind its latest didOpen gave it. An unsaved document first opened in another
language (left alone) and then opened as labelspec is a labelspec document: its edits are applied
and its diagnostics follow them (with a set of left-alone URIs beside the open documents, its
edits were dropped and the fixed label kept its two diagnostics)."""

from __future__ import annotations

from lsprotocol import types

from test_lsp import assert_version, change, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")


async def test_the_kind_is_the_one_the_latest_did_open_gave(lsp):
    uri = "untitled:Untitled-4"
    lsp.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="plaintext", version=1, text="label A { widht: 1 }\n")
        )
    )
    _, published = await open_doc(lsp, "label A { widht: 1 }\n", uri=uri)
    assert [d.code for d in published.diagnostics] == ["missing-text", "unknown-property"]
    published = await change(lsp, uri, 2, (0, 0), (1, 0), 'label A { text: "x" }\n')
    assert_version(lsp, published, 2)
    assert [d.code for d in published.diagnostics] == []
