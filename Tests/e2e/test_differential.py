"""Differential test: a server that was edited many times answers exactly as a fresh server
handed the final text. The document holds every example of Examples/DesignSystem (styles,
inheritance, localized text, icons, measured truncation); random edits insert properties, braces,
labels, styles, comments and line breaks, and change the content size midway. Every ten edits,
pulled diagnostics, document symbols and folding ranges are compared with a fresh server's.

The caches this guards (per leaf chunk: diagnostics, symbols, folding; per label: measured
diagnostics; line starts across edits) are described in docs/lsp.md.
"""

from __future__ import annotations

import random

import pytest

from conftest import BIN, REPO, lsp_bench


INSERTS = ["x", "\n", " ", "width: 40\n", "numberOfLines: 1\n", "adjustsFontSizeToFitWidth: true\n", "}", "{",
           'label Q: Body {\n text: "Hello there friends"\n}\n', '"', ": ", "style Body { font: .title1 }\n",
           ".largeTitle", "// c\n", "minimumScaleFactor: 2\n"]
URI = "file:///labelspec-e2e-nowhere/doc.labelspec"


def start(options=None):
    client = lsp_bench.Client([BIN, "lsp"], cwd="/")
    client.request("initialize", {"processId": None, "rootUri": None, "initializationOptions": options,
                                  "capabilities": lsp_bench.client_capabilities()}, timeout=60)
    client.notify("initialized", {})
    return client


def position(text, i):
    line = text.count("\n", 0, i)
    start = text.rfind("\n", 0, i) + 1
    return {"line": line, "character": len(text[start:i].encode("utf-16-le")) // 2}


def answers(client):
    doc = {"textDocument": {"uri": URI}}
    _, diagnostics = client.request("textDocument/diagnostic", doc)
    _, symbols = client.request("textDocument/documentSymbol", doc)
    _, folding = client.request("textDocument/foldingRange", doc)
    return diagnostics["items"], symbols, folding


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_edited_server_answers_as_a_fresh_one(seed):
    rng = random.Random(seed)
    files = sorted((REPO / "Examples" / "DesignSystem").glob("*.labelspec"))
    text = "".join(f.read_text(encoding="utf-8") for f in files)
    edited = start()
    try:
        edited.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "labelspec", "version": 1,
                                                                "text": text}})
        options = None
        for step in range(100):
            a = rng.randint(0, len(text))
            b = min(len(text), a + rng.randint(0, 6))
            insert = rng.choice(INSERTS) if rng.random() < 0.8 else ""
            change = {"range": {"start": position(text, a), "end": position(text, b)}, "text": insert}
            text = text[:a] + insert + text[b:]
            edited.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": step + 2},
                                                     "contentChanges": [change]})
            if step == 50:
                options = {"contentSize": "all"}
                edited.notify("workspace/didChangeConfiguration", {"settings": {"labelspec": options}})
            if step % 10 == 9:
                fresh = start(options)
                try:
                    fresh.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "labelspec",
                                                                           "version": 1, "text": text}})
                    assert answers(edited) == answers(fresh), f"seed {seed}, after edit {step + 1}"
                finally:
                    fresh.close()
    finally:
        edited.close()
