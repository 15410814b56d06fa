#!/usr/bin/env python3
"""Language-server benchmark: `labelspec lsp` against `tombi lsp` over stdio.

    python3 Benchmarks/lsp/lsp_bench.py --server-bin PATH/TO/labelspec \
        [--sizes 1000000,5000000] [--edits 500] [--tombi tombi] [--no-tombi]

For each size, Benchmarks/generate.py writes a .labelspec document and a TOML
document with the same labels (--seed 1) into a fresh temporary workspace
folder (one per server, so nothing else is indexed). Each server is started on
its own, as a separate process driven over stdin/stdout by this script
(Content-Length framed JSON-RPC; a thread reads the server's output), and
    1. initialize (VS Code-like minimal capabilities: no positionEncodings, so
       UTF-16; no pull diagnostics, so the server pushes), initialized;
    2. didOpen; "open" = from sending didOpen to the first
       textDocument/publishDiagnostics for the document (if a server never
       pushes, from didOpen to the reply to a textDocument/diagnostic request);
    3. --edits single-character incremental didChange edits just after the
       opening quote of a string literal in the line nearest the middle of the
       document (insert "x", then delete it again, versions 2, 3, ...), each
       followed at once by textDocument/documentSymbol and then a
       textDocument/hover on the name of the label holding that string
       (labelspec: `label Row4184`; TOML: the key `Row4184` of
       `[label.Row4184]`). "edit_symbols" = from sending didChange to the
       documentSymbol reply; "hover" = the hover round trip;
    4. peak RSS = VmHWM from /proc/PID/status (summed over the server process
       and its descendants), read before shutdown; then shutdown and exit.

Every reply is checked: an error reply, an empty symbol list or an empty hover
aborts the run with a message on stderr. Output (stdout, and nothing else):
one JSON line per server and size, then one ratio line per size
(tombi p99 / labelspec p99 of edit_symbols). Times in milliseconds.
"""
import argparse
import gc
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATE = os.path.join(HERE, "..", "generate.py")
TIMEOUT_S = 600.0


class ServerError(Exception):
    pass


class Client:
    """A minimal JSON-RPC client over a child process's pipes."""

    def __init__(self, cmd, cwd):
        self.proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.next_id = 0
        self.replies = {}  # id -> (time, message)
        self.cond = threading.Condition()
        self.diagnostics = queue.Queue()  # (time, params) of publishDiagnostics
        self.notifications = []
        self.stderr_tail = []
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    # -- output side
    def _write(self, msg):
        body = json.dumps(msg, ensure_ascii=False).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    def send_request(self, method, params):
        self.next_id += 1
        self._write({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def wait_reply(self, rid, what, timeout=TIMEOUT_S):
        deadline = time.perf_counter() + timeout
        with self.cond:
            while rid not in self.replies:
                left = deadline - time.perf_counter()
                if self.closed:
                    raise ServerError(f"{what}: server closed its output (exit {self.proc.poll()}); "
                                      f"stderr tail: {self.stderr()}")
                if left <= 0:
                    raise ServerError(f"{what}: no reply within {timeout:.0f} s")
                self.cond.wait(min(left, 1.0))
            t, msg = self.replies.pop(rid)
        if "error" in msg:
            raise ServerError(f"{what}: error reply {json.dumps(msg['error'])[:500]}")
        return t, msg.get("result")

    def request(self, method, params, timeout=TIMEOUT_S):
        t0 = time.perf_counter()
        rid = self.send_request(method, params)
        t1, result = self.wait_reply(rid, method, timeout)
        return t1 - t0, result

    # -- input side (reader thread)
    def _read(self):
        out = self.proc.stdout
        try:
            while True:
                length = None
                while True:
                    line = out.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.decode("ascii", "replace").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    raise ServerError("message without Content-Length")
                body = out.read(length)
                t = time.perf_counter()
                if len(body) < length:
                    return
                self._dispatch(t, json.loads(body))
        finally:
            with self.cond:
                self.closed = True
                self.cond.notify_all()

    def _dispatch(self, t, msg):
        method = msg.get("method")
        if method is None:  # a reply
            with self.cond:
                self.replies[msg.get("id")] = (t, msg)
                self.cond.notify_all()
        elif "id" in msg:  # a request from the server: answer it plainly
            params = msg.get("params") or {}
            result = None
            if method == "workspace/configuration":
                result = [None for _ in params.get("items", [])]
            elif method == "workspace/workspaceFolders":
                result = []
            self._write({"jsonrpc": "2.0", "id": msg["id"], "result": result})
        elif method == "textDocument/publishDiagnostics":
            self.diagnostics.put((t, msg.get("params") or {}))
        else:
            self.notifications.append(method)

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr_tail.append(line.decode("utf-8", "replace"))
            del self.stderr_tail[:-20]

    def stderr(self):
        return "".join(self.stderr_tail)[-2000:]

    # -- helpers
    def peak_rss_kb(self):
        """VmHWM of the server process and its descendants, in kB."""
        total, todo, seen = 0, [self.proc.pid], set()
        while todo:
            pid = todo.pop()
            if pid in seen:
                continue
            seen.add(pid)
            try:
                with open(f"/proc/{pid}/status") as f:
                    for line in f:
                        if line.startswith("VmHWM:"):
                            total += int(line.split()[1])
                for tid in os.listdir(f"/proc/{pid}/task"):
                    with open(f"/proc/{pid}/task/{tid}/children") as f:
                        todo.extend(int(c) for c in f.read().split())
            except OSError:
                pass
        return total

    def close(self):
        try:
            self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
            self.proc.wait(timeout=10)
        except (ServerError, OSError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def client_capabilities():
    """What a plain VS Code-like client announces; nothing that changes the
    position encoding or turns on pull diagnostics."""
    return {
        "workspace": {"applyEdit": True, "workspaceFolders": True, "configuration": False,
                      "didChangeConfiguration": {"dynamicRegistration": False},
                      "symbol": {"dynamicRegistration": False}},
        "textDocument": {
            "synchronization": {"dynamicRegistration": False, "willSave": False,
                                "willSaveWaitUntil": False, "didSave": True},
            "hover": {"dynamicRegistration": False, "contentFormat": ["markdown", "plaintext"]},
            "documentSymbol": {"dynamicRegistration": False,
                               "hierarchicalDocumentSymbolSupport": True},
            "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
        },
        "window": {"workDoneProgress": False},
    }


def utf16_len(s):
    return len(s.encode("utf-16-le")) // 2


def find_edit_site(text, kind):
    """(line, col) just after the opening quote of the `text` string of the
    first label at or after the middle line, and (line, col) inside that
    label's name, both in UTF-16 code units."""
    lines = text.split("\n")
    header = re.compile(r"^label (\w+)" if kind == "labelspec" else r"^\[label\.(\w+)\]")
    string = re.compile(r'^\s*text\s*[:=]\s*"' if kind == "labelspec" else r'^text\s*=\s*"')
    for i in range(len(lines) // 2, len(lines)):
        m = header.match(lines[i])
        if not m:
            continue
        for j in range(i + 1, min(i + 10, len(lines))):
            s = string.match(lines[j])
            if s:
                name_col = utf16_len(lines[i][:m.start(1)]) + 1
                return (j, utf16_len(lines[j][:s.end()])), (i, name_col), m.group(1)
            if header.match(lines[j]):
                break
    raise SystemExit(f"no label with a text string after the middle of the {kind} document")


def percentile(values, p):
    """Nearest-rank percentile."""
    v = sorted(values)
    k = max(0, min(len(v) - 1, -(-len(v) * p // 100) - 1))
    return v[int(k)]


def ms(s):
    return round(s * 1000.0, 3)


def run_server(name, cmd, path, kind, language_id, edits):
    root = os.path.dirname(path)
    text = open(path, encoding="utf-8").read()
    uri = "file://" + path
    (eline, ecol), (hline, hcol), label = find_edit_site(text, kind)
    client = Client(cmd, cwd=root)
    try:
        client.request("initialize", {
            "processId": os.getpid(), "clientInfo": {"name": "lsp_bench", "version": "1"},
            "rootUri": "file://" + root, "rootPath": root,
            "workspaceFolders": [{"uri": "file://" + root, "name": os.path.basename(root)}],
            "capabilities": client_capabilities(), "trace": "off",
        }, timeout=120)
        client.notify("initialized", {})

        # Open: until the first pushed diagnostics of the document.
        t0 = time.perf_counter()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language_id, "version": 1, "text": text}})
        open_s, open_via, open_diags = None, "publishDiagnostics", None
        deadline = t0 + TIMEOUT_S
        first_wait = 30.0  # if nothing is pushed by then, ask (pull) instead
        while open_s is None:
            try:
                t, params = client.diagnostics.get(timeout=min(first_wait, max(0.01, deadline - time.perf_counter())))
            except queue.Empty:
                if client.closed:
                    raise ServerError(f"server exited after didOpen; stderr: {client.stderr()}")
                if time.perf_counter() >= deadline:
                    raise ServerError("no diagnostics after didOpen")
                # No push: time the pull request from didOpen instead.
                rid = client.send_request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
                t, result = client.wait_reply(rid, "textDocument/diagnostic")
                open_s, open_via = t - t0, "textDocument/diagnostic (no push within 30 s)"
                open_diags = len((result or {}).get("items", []))
                break
            if params.get("uri") == uri:
                open_s, open_diags = t - t0, len(params.get("diagnostics", []))

        version = 1
        edit_s, hover_s = [], []
        hover_text = None
        # The client's own cycle collector would otherwise run at random points, sometimes inside
        # a timed span (each symbols reply makes ~500k Python objects at 5 MB): it runs between
        # the timed spans instead. Client pauses are not the server's latency.
        gc.disable()
        for k in range(edits):
            version += 1
            if k % 2 == 0:
                change = {"range": {"start": {"line": eline, "character": ecol},
                                    "end": {"line": eline, "character": ecol}}, "text": "x"}
            else:
                change = {"range": {"start": {"line": eline, "character": ecol},
                                    "end": {"line": eline, "character": ecol + 1}}, "text": ""}
            t0 = time.perf_counter()
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            rid = client.send_request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
            t1, symbols = client.wait_reply(rid, "textDocument/documentSymbol")
            edit_s.append(t1 - t0)
            if not symbols:
                raise ServerError(f"edit {k + 1}: empty documentSymbol reply: {symbols!r}")
            dt, hover = client.request("textDocument/hover", {
                "textDocument": {"uri": uri}, "position": {"line": hline, "character": hcol}})
            hover_s.append(dt)
            if not hover or not hover.get("contents"):
                raise ServerError(f"edit {k + 1}: empty hover on {label} at {hline}:{hcol}: {hover!r}")
            if hover_text is None:
                c = hover["contents"]
                hover_text = c.get("value", "") if isinstance(c, dict) else json.dumps(c)
            del symbols, hover  # free the (large) replies outside the timed spans
            gc.collect()
            # Diagnostics pushed for the edits are consumed but not timed.
            while not client.diagnostics.empty():
                client.diagnostics.get_nowait()
        rss_kb = client.peak_rss_kb()
    finally:
        gc.enable()
        client.close()
    return {
        "server": name, "bytes": len(text.encode("utf-8")), "edits": edits,
        "open_ms": ms(open_s), "open_via": open_via, "open_diagnostics": open_diags,
        "edit_symbols_p50_ms": ms(statistics.median(edit_s)),
        "edit_symbols_p99_ms": ms(percentile(edit_s, 99)),
        "edit_symbols_max_ms": ms(max(edit_s)),
        "hover_p50_ms": ms(statistics.median(hover_s)),
        "hover_p99_ms": ms(percentile(hover_s, 99)),
        "hover_max_ms": ms(max(hover_s)),
        "peak_rss_mb": round(rss_kb / 1024.0, 1),
        "edit_at": f"{eline}:{ecol}", "hover_at": f"{hline}:{hcol} ({label})",
        "hover_chars": len(hover_text or ""),
        "cmd": " ".join(cmd),
    }


def resolve(exe):
    """Absolute path of an executable; through a pyenv shim to the real binary,
    so that the process measured is the server itself."""
    path = shutil.which(exe) or exe
    if "/shims/" in path and shutil.which("pyenv"):
        p = subprocess.run(["pyenv", "which", os.path.basename(path)], capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip():
            path = p.stdout.strip()
    return os.path.abspath(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server-bin", required=True, help="the labelspec executable")
    ap.add_argument("--sizes", default="1000000,5000000", help="document sizes in bytes")
    ap.add_argument("--edits", type=int, default=500)
    ap.add_argument("--tombi", default="tombi", help="tombi executable (PyPI tombi)")
    ap.add_argument("--no-tombi", action="store_true", help="skip the tombi comparison")
    ap.add_argument("--keep", metavar="DIR", help="write the documents here instead of a temp dir")
    args = ap.parse_args()
    # The replies hold no reference cycles; without the cyclic collector, no
    # collection of a large symbol tree can land inside a timed span.
    gc.disable()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    labelspec = [os.path.abspath(args.server_bin), "lsp"]
    tombi = None
    if not args.no_tombi:
        t = resolve(args.tombi)
        if not os.path.exists(t):
            sys.exit(f"tombi not found ({args.tombi}); pip install tombi, or pass --no-tombi")
        tombi = [t, "lsp", "--offline"]

    base = args.keep or tempfile.mkdtemp(prefix="lsp-bench-")
    results = {}
    try:
        for size in sizes:
            # One folder per server and size: the workspace holds only its document.
            ldir = os.path.join(base, f"labelspec-{size}")
            tdir = os.path.join(base, f"tombi-{size}")
            os.makedirs(ldir, exist_ok=True)
            os.makedirs(tdir, exist_ok=True)
            lpath = os.path.join(ldir, f"bench{size}.labelspec")
            tpath = os.path.join(tdir, f"bench{size}.toml")
            if not (os.path.exists(lpath) and os.path.exists(tpath)):
                subprocess.run([sys.executable, GENERATE, "--size", str(size), "--out", lpath,
                                "--toml", tpath, "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
            with open(os.path.join(tdir, "tombi.toml"), "w") as f:
                f.write("[schema]\nenabled = false\n")  # no schema catalog, no network
            servers = [("labelspec", labelspec, lpath, "labelspec", "labelspec")]
            if tombi:
                servers.append(("tombi", tombi, tpath, "toml", "toml"))
            for name, cmd, path, kind, lang in servers:
                try:
                    r = run_server(name, cmd, path, kind, lang, args.edits)
                except ServerError as e:
                    print(f"{name} at {size} bytes: {e}", file=sys.stderr)
                    r = {"server": name, "bytes": os.path.getsize(path), "error": str(e)}
                results[(name, size)] = r
                print(json.dumps(r), flush=True)
        if tombi:
            for size in sizes:
                a, b = results.get(("labelspec", size), {}), results.get(("tombi", size), {})
                if "edit_symbols_p99_ms" in a and "edit_symbols_p99_ms" in b:
                    print(json.dumps({
                        "figure": "ratio tombi/labelspec, edit_symbols p99", "bytes": size,
                        "labelspec_p99_ms": a["edit_symbols_p99_ms"],
                        "tombi_p99_ms": b["edit_symbols_p99_ms"],
                        "ratio": round(b["edit_symbols_p99_ms"] / a["edit_symbols_p99_ms"], 1)}))
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
