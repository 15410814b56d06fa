"""The random LSP session shared by the e2e suite (test_fuzz.py, 4 fixed seeds) and the longer
fuzz campaign (Tests/fuzz/campaign.py, many seeds): thousands of opens, edits (ranges past the
end, backwards, negative), closes, file and folder events, configuration changes and every
request the server serves, with well-formed and junk params. The server must answer every
request (a result or a JSON-RPC error) and never exit.

Driven by the benchmark's plain stdio client (Benchmarks/lsp/lsp_bench.py), not pytest-lsp,
which would refuse to send the junk.
"""

from __future__ import annotations

import os
import pathlib
import random
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Benchmarks" / "lsp"))
import lsp_bench  # noqa: E402


PIECES = ['label ', 'style ', 'X', ': ', '{', '}', '\n', 'text: "hi"', 'width: 10', '.body', '"', '[', ']', '(', ')',
          ',', ';', '😀', '\r\n', '/*', '*/', '// c\n', '#FF0000', 'textColor: .label\n', ' ',
          'width: .screen - 32', ' - ', '*', '/', '.margins', '(.screen - 48) / 2', '-1']
METHODS = ['textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/documentColor',
           'textDocument/semanticTokens/full', 'textDocument/semanticTokens/full/delta',
           'textDocument/semanticTokens/range', 'textDocument/hover', 'textDocument/completion',
           'textDocument/inlayHint', 'textDocument/codeAction', 'textDocument/definition', 'textDocument/references',
           'textDocument/rename', 'textDocument/prepareRename', 'textDocument/diagnostic', 'workspace/diagnostic',
           'workspace/symbol', 'textDocument/selectionRange', 'textDocument/formatting',
           'textDocument/colorPresentation', 'no/such/method']


def run(bin_path, tmp_path: pathlib.Path, seed, steps=1500, min_answered=500, strict_end=False, client_class=None):
    """One random session of `steps` steps from `seed`; raises AssertionError (or
    lsp_bench.ServerError) on a failure. With `strict_end`, `shutdown` must be answered with a
    result and `exit` must end the process with 0 within 20 s (else the client's own close, which
    tolerates a server that has gone). `client_class` (default lsp_bench.Client) builds the client."""
    ws = tmp_path / "ws"
    (ws / "sub").mkdir(parents=True)
    (ws / "labelspec.json").write_text("{}")
    (ws / "a.labelspec").write_text('style S { font: .body }\nlabel A: S { text: "a" }\n')
    (ws / "sub" / "b.labelspec").write_text('label B: S { text: "b"; width: 20 }\n')
    root = ws.as_uri()
    rng = random.Random(seed)
    client = (client_class or lsp_bench.Client)([str(bin_path), "lsp"], cwd=str(tmp_path))
    caps = lsp_bench.client_capabilities()
    caps["textDocument"]["semanticTokens"] = {"requests": {"full": {"delta": True}, "range": True},
                                              "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"]}
    uris = [root + "/a.labelspec", root + "/sub/b.labelspec", root + "/new.labelspec", "untitled:Untitled-1",
            (tmp_path / "other" / "x.labelspec").as_uri()]

    def position():
        return {"line": rng.choice([0, 1, 2, 5, 100, -1, 10**9]), "character": rng.choice([0, 1, 3, 50, -2, 10**9])}

    def text(n):
        return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, n)))

    try:
        client.request("initialize", {"processId": None, "rootUri": root, "capabilities": caps,
                                      "workspaceFolders": [{"uri": root, "name": "ws"}]}, timeout=60)
        client.notify("initialized", {})
        version = 1
        answered = 0
        for step in range(steps):
            r = rng.random()
            uri = rng.choice(uris)
            if r < 0.08:
                client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "labelspec",
                                                                        "version": version, "text": text(40)}})
            elif r < 0.4:
                version += 1
                change = ({"range": {"start": position(), "end": position()}, "text": text(4)}
                          if rng.random() < 0.9 else {"text": 'label Z { text: "z" }'})
                client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                         "contentChanges": [change]})
            elif r < 0.43:
                client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            elif r < 0.45:
                client.notify("workspace/didChangeWatchedFiles", {"changes": [{
                    "uri": rng.choice([root + "/labelspec.json", root + "/sub/b.labelspec", root + "/gone.labelspec"]),
                    "type": rng.choice([1, 2, 3])}]})
            elif r < 0.46:
                client.notify("workspace/didChangeWorkspaceFolders", {"event": {
                    "added": [{"uri": rng.choice([root, "file:///nonexistent"]), "name": "x"}],
                    "removed": rng.choice([[], [{"uri": root, "name": "ws"}]])}})
            elif r < 0.47:
                client.notify("workspace/didChangeConfiguration", {"settings": {"labelspec": rng.choice(
                    [{"contentSize": "all"}, {"contentSize": "large"}, {"severity": {"truncates": "off"}},
                     {"systemFontFile": "/nope.ttf"}, None, 5])}})
            else:
                method = rng.choice(METHODS)
                params = {"textDocument": {"uri": uri}, "position": position(),
                          "range": {"start": position(), "end": position()},
                          "context": {"diagnostics": [], "includeDeclaration": True},
                          "newName": rng.choice(["Good", "1bad", ""]), "query": rng.choice(["", "a", "X"]),
                          "previousResultId": rng.choice(["1", "7", "x", None]), "previousResultIds": [],
                          "positions": [position()], "options": {},
                          "color": {"red": 1, "green": 0, "blue": 0, "alpha": 1}}
                if rng.random() < 0.05:
                    params = rng.choice([None, 5, "x", [], {"textDocument": 5}])
                rid = client.send_request(method, params)
                try:
                    client.wait_reply(rid, method, timeout=60)
                except lsp_bench.ServerError as e:
                    assert "error reply" in str(e), f"step {step}, {method}: {e}"
                answered += 1
            assert client.proc.poll() is None, f"the server exited at step {step}: {client.stderr()}"
        assert answered > min_answered
        if strict_end:
            # shutdown must be answered with a result, exit must end the process with 0.
            client.request("shutdown", None, timeout=60)
            client.notify("exit", None)
            try:
                client.proc.wait(timeout=20)
            except Exception:
                raise AssertionError("the server did not exit within 20 s of exit")
    finally:
        client.close()
    assert client.proc.returncode == 0, f"exit code {client.proc.returncode}: {client.stderr()}"
