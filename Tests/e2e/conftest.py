"""End-to-end fixtures: `labelspec lsp` over stdio, driven by pytest-lsp under the client
capabilities it recorded from real editors (Neovim, VS Code, Emacs/eglot).

The server binary comes from $LABELSPEC_BIN, else <repo>/.build/debug/labelspec.
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

REPO = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("LABELSPEC_BIN") or str(REPO / ".build" / "debug" / "labelspec")

# The benchmark's plain stdio client, for the tests that must send what pytest-lsp refuses to.
sys.path.insert(0, str(REPO / "Benchmarks" / "lsp"))
import lsp_bench  # noqa: E402,F401

# Seconds any single wait on the server may take before the test fails as a hang.
TIMEOUT = 20.0

# The recorded profiles, pinned to a version so that a newer pytest-lsp recording cannot change
# what is tested. `encoding` is what the server must negotiate from that client's
# `general.positionEncodings`: utf-8 if offered, else utf-32 if offered, else utf-16.
PROFILES = {
    "neovim": {"spec": "neovim@v0.11.0", "offers": ["utf-8", "utf-16", "utf-32"], "encoding": "utf-8"},
    "vscode": {"spec": "visual-studio-code@v1.65.2", "offers": None, "encoding": "utf-16"},
    "emacs": {"spec": "emacs@v29.1", "offers": ["utf-32", "utf-8", "utf-16"], "encoding": "utf-8"},
}


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: drives the built labelspec binary over stdio")


def pytest_report_header(config):
    return f"labelspec binary: {BIN}; pytest-lsp {pytest_lsp.__version__}"


def make_client() -> LanguageClient:
    """pytest-lsp's test client, but every publishDiagnostics is kept whole (with its version),
    so a test can wait for the publish of one particular document version, and dynamic
    registrations are accepted and kept (`client.registrations`)."""
    client = LanguageClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams):
        client.diagnostics[params.uri] = params.diagnostics
        client.published.append(params)
        client.published_event.set()

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish

    # What a real client does with a dynamic registration (e.g. file watchers): keeps it.
    def register_capability(client: LanguageClient, params: types.RegistrationParams):
        client.registrations.extend(params.registrations)

    features[types.CLIENT_REGISTER_CAPABILITY] = register_capability
    register_lsp_features(client, features)
    client.registrations = []
    client.published = []
    client.published_event = asyncio.Event()
    return client


def server_config() -> ClientServerConfig:
    if not (os.path.isfile(BIN) and os.access(BIN, os.X_OK)):
        pytest.fail(f"no labelspec binary at {BIN}: build it or set LABELSPEC_BIN", pytrace=False)
    # A client without file watchers has the server look at the disk itself: quickly in tests.
    env = dict(os.environ, LABELSPEC_POLL_INTERVAL="0.3")
    return ClientServerConfig(server_command=[BIN, "lsp"], client_factory=make_client, server_env=env)


async def initialize(client: LanguageClient, capabilities: types.ClientCapabilities, client_name: str = "pytest-lsp", **kwargs):
    params = types.InitializeParams(
        capabilities=capabilities,
        client_info=types.ClientInfo(name=client_name, version=pytest_lsp.__version__),
        root_uri=None,
        **kwargs,
    )
    result = await asyncio.wait_for(client.initialize_session(params), TIMEOUT)
    client.init_result = result
    return result


async def finish(client: LanguageClient):
    """Ends the server if a test left it running: shutdown + exit when it can, else EOF on stdin,
    else kill. pytest-lsp's own teardown then waits for the process."""
    proc = client._server
    if proc is None or proc.returncode is not None:
        return
    if client.capabilities is not None and client.error is None and not getattr(client, "shut_down", False):
        try:
            await asyncio.wait_for(client.shutdown_session(), TIMEOUT)
        except Exception as e:  # reported below if the process is still alive
            print(f"shutdown at teardown failed: {e!r}", file=sys.stderr)
    if proc.returncode is None and proc.stdin is not None:
        proc.stdin.close()
        try:
            await asyncio.wait_for(proc.wait(), 5)
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()
            pytest.fail("the server did not exit at teardown (killed)")


def _attach_profile(client: LanguageClient, name: str):
    profile = PROFILES[name]
    client.profile = name
    client.expected_encoding = profile["encoding"]
    client.recorded = client_capabilities(profile["spec"])
    client.shut_down = False


@pytest_lsp.fixture(config=server_config(), params=list(PROFILES), ids=list(PROFILES))
async def raw(request, lsp_client: LanguageClient):
    """A started server, not initialized, under each recorded client profile."""
    _attach_profile(lsp_client, request.param)
    yield
    await finish(lsp_client)


@pytest_lsp.fixture(config=server_config(), params=list(PROFILES), ids=list(PROFILES))
async def lsp(request, lsp_client: LanguageClient):
    """An initialized server, under each recorded client profile."""
    _attach_profile(lsp_client, request.param)
    await initialize(lsp_client, lsp_client.recorded)
    yield
    await finish(lsp_client)
