"""A random session against the server: thousands of opens, edits (ranges past the end, backwards,
negative), closes, file and folder events, configuration changes and every request the server
serves, with well-formed and junk params. The server must answer every request (a result or a
JSON-RPC error) and never exit. It found a crash once: ranges given backwards trapped.

The session itself is random_session.run (shared with the longer campaign, Tests/fuzz/campaign.py,
which runs it for many more seeds): driven by the benchmark's plain stdio client
(Benchmarks/lsp/lsp_bench.py), not pytest-lsp, which would refuse to send the junk.
"""

from __future__ import annotations

import pytest

import random_session
from conftest import BIN


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_session_never_kills_the_server(tmp_path, seed):
    random_session.run(BIN, tmp_path, seed)
