#!/usr/bin/env python3
"""Checks editors/helix/languages.toml without Helix (Debian 12 has none): valid TOML whose keys are
all ones Helix accepts (its language and server tables deny unknown keys, so one typo would make
Helix reject the whole file), then starts the server exactly as Helix would from it (command,
args, `config` as initializationOptions) and checks the diagnostics of Examples/Mistakes.labelspec.

Usage: python3 Tests/editors/helix_test.py   (server: $LABELSPEC_BIN, else `labelspec` on PATH,
else .build/debug/labelspec; exit 0 when every check passes)
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import tomllib

REPO = pathlib.Path(__file__).resolve().parents[2]
TOML = REPO / "editors" / "helix" / "languages.toml"

# The fields of Helix's LanguageConfiguration and LanguageServerConfiguration (helix-core,
# `deny_unknown_fields`), as of Helix 25.07.
LANGUAGE_KEYS = {
    "name", "language-id", "scope", "file-types", "shebangs", "roots", "comment-token", "comment-tokens",
    "block-comment-tokens", "text-width", "soft-wrap", "auto-format", "code-actions-on-save", "formatter",
    "path-completion", "word-completion", "diagnostic-severity", "grammar", "injection-regex",
    "language-servers", "indent", "debugger", "auto-pairs", "rulers", "workspace-lsp-roots",
    "persistent-diagnostic-sources", "rainbow-brackets",
}
SERVER_KEYS = {"command", "args", "config", "timeout", "environment", "required-root-patterns"}

checks = 0
failures = 0


def check(ok: bool, what: str, detail: object = None) -> bool:
    global checks, failures
    checks += 1
    print(f"ok   {what}" if ok else f"FAIL {what}" + (f": {detail}" if detail is not None else ""))
    if not ok:
        failures += 1
    return ok


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_messages(data: bytes) -> list[dict]:
    out = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        length = next(int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length"))
        out.append(json.loads(rest[:length]))
        data = rest[length:]
    return out


def main() -> int:
    try:
        config = tomllib.loads(TOML.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        check(False, "languages.toml is valid TOML", e)
        return 1
    check(True, "languages.toml is valid TOML")
    langs = [l for l in config.get("language", []) if l.get("name") == "labelspec"]
    if not check(len(langs) == 1, "one [[language]] named labelspec"):
        return 1
    lang = langs[0]
    check(set(lang) <= LANGUAGE_KEYS, "every [[language]] key is one Helix accepts", set(lang) - LANGUAGE_KEYS)
    check(lang.get("file-types") == ["labelspec"], "file-types = [\"labelspec\"]", lang.get("file-types"))
    check(lang.get("scope") == "source.labelspec", "scope source.labelspec")
    check(lang.get("comment-token") == "//" or lang.get("comment-tokens") in ("//", ["//"]), "line comments //")
    check(lang.get("block-comment-tokens") == {"start": "/*", "end": "*/"}, "block comments /* */")
    check(lang.get("indent") == {"tab-width": 4, "unit": "    "}, "4-space indentation, as labelspec format")
    check("labelspec.json" in lang.get("roots", []), "roots include labelspec.json")
    servers = config.get("language-server", {})
    check(set(servers) == {"labelspec"} and lang.get("language-servers") == ["labelspec"],
          "language-servers = [\"labelspec\"], defined under [language-server.labelspec]")
    server = servers.get("labelspec", {})
    check(set(server) <= SERVER_KEYS, "every [language-server.labelspec] key is one Helix accepts", set(server) - SERVER_KEYS)
    check(server.get("command") == "labelspec" and server.get("args") == ["lsp"], "the server is `labelspec lsp`")

    # Start it as Helix would: `command args...` on PATH, `config` as initializationOptions.
    binary = os.environ.get("LABELSPEC_BIN") or shutil.which("labelspec") or str(REPO / ".build/debug/labelspec")
    if not check(os.access(binary, os.X_OK), f"a labelspec binary at {binary}"):
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        shutil.copy(REPO / "Examples/Mistakes.labelspec", root)
        shutil.copy(REPO / "Examples/labelspec.json", root)
        os.symlink(binary, root / server["command"])
        uri = (root / "Mistakes.labelspec").as_uri()
        messages = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "processId": None, "rootUri": root.as_uri(), "capabilities": {},
                "workspaceFolders": [{"uri": root.as_uri(), "name": "specs"}],
                "initializationOptions": server.get("config")}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": lang.get("language-id", lang["name"]), "version": 1,
                "text": (root / "Mistakes.labelspec").read_text(encoding="utf-8")}}},
            {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"},
        ]
        env = dict(os.environ, PATH=f"{root}{os.pathsep}{os.environ.get('PATH', '')}")
        proc = subprocess.run([server["command"], *server["args"]], input=b"".join(frame(m) for m in messages),
                              capture_output=True, env=env, cwd=root, timeout=60)
    check(proc.returncode == 0, "the server exits 0 after shutdown and exit", proc.stderr.decode()[-500:])
    replies = read_messages(proc.stdout)
    init = next((m for m in replies if m.get("id") == 1), {})
    caps = init.get("result", {}).get("capabilities", {})
    for cap in ("hoverProvider", "completionProvider", "colorProvider", "inlayHintProvider", "documentFormattingProvider"):
        check(cap in caps, f"the server offers {cap}", sorted(caps))
    codes = {d.get("code") for m in replies if m.get("method") == "textDocument/publishDiagnostics"
             for d in m["params"]["diagnostics"]}
    for code in ("unknown-property", "duplicate", "truncates", "clipped", "missing-localization"):
        check(code in codes, f"diagnostic code {code}", sorted(c for c in codes if c))
    print(f"helix_test: {checks - failures} passed, {failures} failed")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
