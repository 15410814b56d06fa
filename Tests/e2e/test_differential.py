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


def open_examples():
    """Every example of Examples/DesignSystem as one document, open in a new server."""
    files = sorted((REPO / "Examples" / "DesignSystem").glob("*.labelspec"))
    text = "".join(f.read_text(encoding="utf-8") for f in files)
    server = start()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "labelspec", "version": 1,
                                                            "text": text}})
    return text, server


def assert_answers_as_fresh(edited, text, options, where):
    """The edited server answers as a fresh one handed `text` (and the same options)."""
    fresh = start(options)
    try:
        fresh.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "labelspec", "version": 1,
                                                               "text": text}})
        assert answers(edited) == answers(fresh), where
    finally:
        fresh.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_edited_server_answers_as_a_fresh_one(seed):
    rng = random.Random(seed)
    text, edited = open_examples()
    try:
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
                assert_answers_as_fresh(edited, text, options, f"seed {seed}, after edit {step + 1}")
    finally:
        edited.close()


@pytest.mark.parametrize("order", ["bottom-up", "top-down", "random"])
def test_batched_changes_answer_as_a_fresh_one(order):
    """Many changes in one didChange (as a multi-cursor edit or a replace-all sends them: VS Code
    bottom-up, each change in the coordinates the previous one left): the line starts carried
    through the batch (docs/lsp.md, "What it keeps") must end where a fresh server's scan does."""
    rng = random.Random(order)
    text, edited = open_examples()
    try:
        for batch in range(6):
            changes = []
            at = len(text) if order == "bottom-up" else 0
            for _ in range(rng.choice([2, 40, 400])):
                if order == "bottom-up":
                    a = rng.randint(max(0, at - 300), at)
                elif order == "top-down":
                    a = rng.randint(at, min(len(text), at + 300))
                else:
                    a = rng.randint(0, len(text))
                b = min(len(text), a + rng.randint(0, 6))
                insert = rng.choice(INSERTS) if rng.random() < 0.8 else ""
                changes.append({"range": {"start": position(text, a), "end": position(text, b)}, "text": insert})
                text = text[:a] + insert + text[b:]
                at = a if order == "bottom-up" else a + len(insert)
            edited.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": batch + 2},
                                                     "contentChanges": changes})
            assert_answers_as_fresh(edited, text, None, f"{order}, after batch {batch + 1} of {len(changes)} changes")
    finally:
        edited.close()


@pytest.mark.parametrize("order", ["bottom-up", "top-down", "random"])
def test_changes_on_one_long_line_answer_as_a_fresh_one(order):
    """A minified document: 400 labels on one line, edited by batches of changes and by single
    keystrokes. Positions on a long line are counted from checkpoints kept across changes
    (docs/lsp.md, "What it keeps"); the answers must be a fresh server's."""
    rng = random.Random(order)
    text = " ".join(f'label L{i}: Body {{ text: "Größe 😀 {i}"; width: {40 + i % 90} }}' for i in range(400))
    text = "style Body { font: .body } " + text + "\n"
    edited = start()
    try:
        edited.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "labelspec", "version": 1,
                                                                "text": text}})
        version = 1
        for batch in range(8):
            changes = []
            at = len(text) - 1 if order == "bottom-up" else 0
            for _ in range(rng.choice([1, 1, 30, 300])):
                if order == "bottom-up":
                    a = rng.randint(max(0, at - 200), at)
                elif order == "top-down":
                    a = rng.randint(min(at, len(text) - 1), min(len(text) - 1, at + 200))
                else:
                    a = rng.randint(0, len(text) - 1)
                b = min(len(text) - 1, a + rng.randint(0, 4))
                insert = rng.choice(["x", " ", "é", "😀", "}", "{", ";", ""])
                changes.append({"range": {"start": position(text, a), "end": position(text, b)}, "text": insert})
                text = text[:a] + insert + text[b:]
                at = a if order == "bottom-up" else a + len(insert)
            version += 1
            edited.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version},
                                                     "contentChanges": changes})
            assert_answers_as_fresh(edited, text, None, f"{order}, after batch {batch + 1} of {len(changes)} changes")
    finally:
        edited.close()
