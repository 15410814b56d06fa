#!/usr/bin/env python3
"""Language-server benchmark: `labelspec lsp` against `tombi lsp` and `ruff server` over stdio.

    python3 Benchmarks/lsp/lsp_bench.py --server-bin PATH/TO/labelspec \\
        [--sizes 1000000,5000000] [--kinds heavy,clean] [--edits 300] [--quick] \\
        [--tombi PATH | --no-tombi] [--ruff PATH | --no-ruff]

For each size and document kind, Benchmarks/generate.py --seed 1 writes one
document three times, with the same labels: a .labelspec file, the same as TOML
(for tombi) and the same as a Python module (for ruff). "heavy" documents are
generated with --truncating 0.33: a third of the labels truncate, so the
.labelspec file carries thousands of `truncates` warnings and the Python module
as many ruff findings (F401 / F821 / E501, selected by a ruff.toml next to it);
"clean" ones have none. Each document sits alone in a fresh workspace folder.

Each server is a separate process driven over stdin/stdout by this script
(Content-Length framed JSON-RPC). A reader thread reads the server's output
with os.read and timestamps (time.perf_counter) the chunk that holds the first
byte of each message's header and the chunk that holds its last byte; every
latency is computed from those arrival times, never from when the main thread
wakes up. Large messages (> 256 KB) are not parsed by the reader (so it is not
held up while more bytes arrive): they are classified from their first and last
bytes and parsed only if needed, outside the timed spans.

Figures, per server x size x kind (times in ms; p50, p99 = nearest rank, max, n):
  cold_start      process spawn -> last byte of the first publishDiagnostics for
                  the opened document (initialize, initialized and didOpen sent
                  as soon as possible), over --cold-starts fresh processes;
  cold_start_complete  the same to the last push of the opening (the pushes that
                  follow the first until 2 s pass without one): the complete set,
                  where a server pushes what it finds at once and the rest later;
  open            didOpen -> first publishDiagnostics (in the push session);
  open_complete   didOpen -> the last push of the opening;
  edit_symbols    didChange -> documentSymbol reply (sent right after it), in a
                  "typing" loop of --edits one-character edits in the middle of
                  the document (insert "x", delete it, ...) paced like typing
                  (a random pause of 0..2x --pace-ms between edits, so debounced
                  pushes do go out and run alongside); edit_symbols_ttfb = the
                  same to the reply's first byte;
  hover           hover on the edited label's name, sent after the symbols reply,
                  in the same loop (so it meets the pushes of that loop);
  edit_push       didChange -> the publishDiagnostics carrying the new version (or,
                  without versions, the first one after the edit), one edit at a
                  time (--push-edits);
  edit_pull       didChange -> reply to a textDocument/diagnostic sent right after
                  it, in a separate session whose client declares pull diagnostics
                  (textDocument.diagnostic); edit_pull_ttfb = to the first byte;
  peak_rss_mb     VmHWM of the server (and descendants) at the end of the push
                  session (peak_rss_pull_mb: of the pull session).
A figure a server does not offer (no documentSymbolProvider / diagnosticProvider,
ruff's hover, which only covers `# noqa` codes) is reported as skipped. Every
loop stops after --budget-s seconds even if it has not done all its edits (n
says how many it did). Every reply is checked (error replies, empty symbols or
hovers, pull reports without items end that session with an "error" line).

With labelspec run, three stand-ins run on its document after it: "floor", a server that does no
work and answers documentSymbol with a prebuilt reply of labelspec's size (floor_server);
"pushfloor", the same server that also pushes a prebuilt publishDiagnostics of labelspec's push
size 50 ms after the last change, as labelspec does; and "pipe", the reply's number of bytes
through a pipe alone, no server (pipe_floor).

stdout: JSON lines (documents, one line per server x size x kind x figure, the
machine load before and after), then a markdown table of p50 / p99 / max.
"""
import argparse
import gc
import json
import os
import queue
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
GENERATE = os.path.join(HERE, "..", "generate.py")
VENV_BIN = os.path.join(REPO, ".build", "bench-venv", "bin")
TIMEOUT_S = 600.0
BIG = 256 * 1024  # bodies larger than this are classified, not parsed, by the reader
RUFF_TOML = 'line-length = 88\n[lint]\nselect = ["E501", "F401", "F821"]\n'


class ServerError(Exception):
    pass


class Message:
    """One message from the server, with the arrival times of its first and last byte."""
    __slots__ = ("t_first", "t_last", "body", "_obj")

    def __init__(self, t_first, t_last, body, obj=None):
        self.t_first, self.t_last, self.body, self._obj = t_first, t_last, body, obj

    def obj(self):
        if self._obj is None:
            body = self.body
            self._obj = json.loads(body if not isinstance(body, memoryview) else bytes(body))
        return self._obj


def count_in(body, needle):
    """Occurrences of `needle` in a message body (bytes, or a view of the reader's buffer)."""
    if isinstance(body, memoryview):
        return body.obj.count(needle, 0, len(body))
    return body.count(needle)


class Push:
    """A publishDiagnostics as the reader saw it: (t_first, t_last, uri, version, count) by index.
    The count of a large push is taken when first asked for, by whoever asks, not by the reader:
    counting 14 MB takes the reader ~7 ms, during which the next message waits in the pipe."""
    __slots__ = ("head", "body", "_count", "size")

    def __init__(self, t_first, t_last, uri, version, body=None, count=None, size=0):
        self.head, self.body, self._count = (t_first, t_last, uri, version), body, count
        self.size = len(body) if body is not None else size  # the message body's bytes

    def __getitem__(self, i):
        if i == 4 or i == -1:
            if self._count is None:
                self._count, self.body = count_in(self.body, b'"severity"'), None
            return self._count
        return self.head[i]


HEAD_ID = re.compile(rb'"id"\s*:\s*(\d+)')
HEAD_METHOD = re.compile(rb'"method"\s*:\s*"([^"]+)"')
HEAD_URI = re.compile(rb'"params"\s*:\s*\{\s*"uri"\s*:\s*"([^"]+)"')
ANY_URI = re.compile(rb'"uri"\s*:\s*"([^"]+)"')
TAIL_VERSION = re.compile(rb'"version"\s*:\s*(-?\d+|null)')


class Client:
    """A minimal JSON-RPC client over a child process's pipes."""

    def __init__(self, cmd, cwd):
        self.t_spawn = time.perf_counter()
        self.proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self.next_id = 0
        self.replies = {}  # id -> Message
        self.cond = threading.Condition()
        self.wlock = threading.Lock()
        # publishDiagnostics: (t_first, t_last, uri, version, count)
        self.diagnostics = queue.Queue()
        self.notifications = []
        self.stderr_tail = []
        self.closed = False
        self.buffers = []  # the reader's buffers for large messages (see _buffer)
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    # -- output side
    @staticmethod
    def encode(msg):
        body = json.dumps(msg, ensure_ascii=False).encode("utf-8")
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def write_raw(self, data):
        view, fd = memoryview(data), self.proc.stdin.fileno()
        with self.wlock:
            while view:
                view = view[os.write(fd, view):]

    def _write(self, msg):
        self.write_raw(self.encode(msg))

    def notify(self, method, params):
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    def send_request(self, method, params):
        self.next_id += 1
        self._write({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def wait_reply(self, rid, what, timeout=TIMEOUT_S):
        """The reply Message (its result not parsed if it is large)."""
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
            m = self.replies.pop(rid)
        if len(m.body) <= BIG and "error" in m.obj():
            raise ServerError(f"{what}: error reply {json.dumps(m.obj()['error'])[:500]}")
        return m

    def request(self, method, params, timeout=TIMEOUT_S):
        """(seconds from sending to the reply's last byte, parsed result)."""
        t0 = time.perf_counter()
        m = self.wait_reply(self.send_request(method, params), method, timeout)
        return m.t_last - t0, m.obj().get("result")

    # -- input side (reader thread): framing and timestamps only
    def _read(self):
        fd = self.proc.stdout.fileno()
        buf = bytearray()
        t_first = None  # arrival of the chunk holding buf[0]
        need = None  # (header length, total length) of the message at buf[0], once known
        try:
            while True:
                chunk = os.read(fd, 1 << 20)
                t = time.perf_counter()
                if not chunk:
                    return
                if not buf:
                    t_first = t
                buf += chunk
                while True:
                    if need is None:
                        end = buf.find(b"\r\n\r\n")
                        if end < 0:
                            break
                        length = None
                        for line in bytes(buf[:end]).split(b"\r\n"):
                            name, _, value = line.partition(b":")
                            if name.strip().lower() == b"content-length":
                                length = int(value.strip())
                        if length is None:
                            raise ServerError("message without Content-Length")
                        need = (end + 4, end + 4 + length)
                    if len(buf) < need[1]:
                        if need[1] - len(buf) < (1 << 16):
                            break
                        # A large body is read straight into a buffer of the client's that is
                        # large enough and free (no growing, no copies, no fresh pages to fault
                        # in or zero): the client must not be what a large reply waits for. The
                        # message holds a view of it, which keeps it taken.
                        length = need[1] - need[0]
                        view = memoryview(self._buffer(length))[:length]
                        have = len(buf) - need[0]
                        view[:have] = buf[need[0]:]
                        del buf[:]
                        while have < length:
                            k = os.readv(fd, [view[have:]])
                            t = time.perf_counter()
                            if k == 0:
                                return
                            have += k
                        need = None
                        self._dispatch(Message(t_first, t, view))
                        break  # buf is empty: read on
                    body = bytes(buf[need[0]:need[1]])
                    del buf[:need[1]]
                    need = None
                    self._dispatch(Message(t_first, t, body))
                    t_first = t  # the next message (if any) began in this chunk
        finally:
            with self.cond:
                self.closed = True
                self.cond.notify_all()

    def _buffer(self, length):
        """A buffer of at least `length` bytes that no message holds a view of."""
        for b in self.buffers:
            if len(b) >= length and sys.getrefcount(b) <= 3:  # this list, `b`, the argument
                return b
        b = bytearray(length)
        self.buffers.append(b)
        return b

    def _dispatch(self, m):
        body = m.body
        if len(body) > BIG:
            head, tail = bytes(body[:400]), bytes(body[-400:])
            mm = HEAD_METHOD.search(head) or HEAD_METHOD.search(tail)
            if mm is None:
                mi = HEAD_ID.search(head) or HEAD_ID.search(tail)
                if mi is not None:
                    with self.cond:
                        self.replies[int(mi.group(1))] = m
                        self.cond.notify_all()
                    return
            elif mm.group(1) == b"textDocument/publishDiagnostics":
                # The params' own keys come first (in the order written) or last (sorted keys,
                # as serde writes them): the uri right after "params", else the tail's last one.
                mu = HEAD_URI.search(head)
                u = mu.group(1) if mu else (ANY_URI.findall(tail) or [None])[-1]
                mv = TAIL_VERSION.findall(tail) or TAIL_VERSION.findall(head)[:1]
                version = None if not mv or mv[-1] == b"null" else int(mv[-1])
                uri = json.loads(b'"' + u + b'"') if u else None
                self.diagnostics.put(Push(m.t_first, m.t_last, uri, version, body=body))
                return
        msg = m.obj()
        method = msg.get("method")
        if method is None:  # a reply
            with self.cond:
                self.replies[msg.get("id")] = m
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
            p = msg.get("params") or {}
            self.diagnostics.put(Push(m.t_first, m.t_last, p.get("uri"), p.get("version"),
                                      count=len(p.get("diagnostics", [])), size=len(m.body)))
        else:
            self.notifications.append(method)

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr_tail.append(line.decode("utf-8", "replace"))
            del self.stderr_tail[:-20]
            # The whole standard error, when asked (a crash's trace is longer than the tail).
            if os.environ.get("LSP_STDERR_LOG"):
                with open(os.environ["LSP_STDERR_LOG"], "a") as f:
                    f.write(line.decode("utf-8", "replace"))

    def stderr(self):
        return "".join(self.stderr_tail)[-2000:]

    # -- helpers
    def drain_diagnostics(self):
        """The pushes received and not yet taken: [(t_first, t_last, uri, version, count)]."""
        out = []
        while True:
            try:
                out.append(self.diagnostics.get_nowait())
            except queue.Empty:
                return out

    def settle(self, quiet=0.3, limit=30.0):
        """Wait until the server has pushed nothing for `quiet` seconds (at most `limit`)."""
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            try:
                self.diagnostics.get(timeout=quiet)
            except queue.Empty:
                return

    def wait_push(self, uri, t0, version=None, timeout=120.0):
        """The first publishDiagnostics for `uri` whose last byte arrived after t0 and that
        carries `version` (or no version at all)."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise ServerError(f"no publishDiagnostics for version {version} within {timeout:.0f} s")
            try:
                d = self.diagnostics.get(timeout=min(left, 1.0))
            except queue.Empty:
                if self.closed:
                    raise ServerError(f"server exited; stderr: {self.stderr()}")
                continue
            t_last, u, v = d[1], d[2], d[3]
            if u == uri and t_last >= t0 and (version is None or v is None or v == version):
                return d

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
            self.request("shutdown", None, timeout=60)
            self.notify("exit", None)
            self.proc.wait(timeout=10)
        except (ServerError, OSError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def client_capabilities(pull=False):
    """What a plain VS Code-like client announces: no positionEncodings (UTF-16); pull
    diagnostics only when `pull`."""
    caps = {
        "workspace": {"applyEdit": True, "workspaceFolders": True, "configuration": False,
                      "didChangeConfiguration": {"dynamicRegistration": False},
                      "symbol": {"dynamicRegistration": False}},
        "textDocument": {
            "synchronization": {"dynamicRegistration": False, "willSave": False,
                                "willSaveWaitUntil": False, "didSave": True},
            "hover": {"dynamicRegistration": False, "contentFormat": ["markdown", "plaintext"]},
            "documentSymbol": {"dynamicRegistration": False,
                               "hierarchicalDocumentSymbolSupport": True},
            # As VS Code: codeDescription links in every diagnostic (labelspec leaves them
            # out for a client that does not take them).
            "publishDiagnostics": {"relatedInformation": True, "versionSupport": True,
                                   "codeDescriptionSupport": True},
        },
        "window": {"workDoneProgress": False},
    }
    if pull:
        caps["textDocument"]["diagnostic"] = {"dynamicRegistration": False,
                                              "relatedDocumentSupport": False}
    return caps


def utf16_len(s):
    return len(s.encode("utf-16-le")) // 2


HEADERS = {"labelspec": r"^label (\w+)", "toml": r"^\[label\.(\w+)\]", "python": r"^(\w+) = Label\("}


def find_edit_site(text, kind):
    """(line, col) just after the opening quote of the `text` string of the
    first label at or after the middle line, and (line, col) inside that
    label's name, both in UTF-16 code units."""
    lines = text.split("\n")
    header = re.compile(HEADERS[kind])
    string = re.compile(r'^\s*text\s*[:=]\s*"')
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


def cpu_times():
    """The machine's CPU time counters (/proc/stat's cpu line), or None where there is none."""
    try:
        with open("/proc/stat") as f:
            return [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None


def cpu_usage(before, after):
    """(busy %, stolen %) of all CPU time between two cpu_times(): steal is time a virtual
    machine's CPUs were runnable but the hypervisor ran something else, which shows up in the
    guest as a thread stalled for milliseconds in any code path (a tail no server can avoid)."""
    if not before or not after:
        return None, None
    d = [b - a for a, b in zip(before, after)]
    total = sum(d[:8]) or 1  # user nice system idle iowait irq softirq steal
    idle = d[3] + d[4]
    steal = d[7] if len(d) > 7 else 0
    return round(100.0 * (total - idle - steal) / total, 1), round(100.0 * steal / total, 2)


def percentile(values, p):
    """Nearest-rank percentile."""
    v = sorted(values)
    k = max(0, min(len(v) - 1, -(-len(v) * p // 100) - 1))
    return v[int(k)]


def ms(s):
    return round(s * 1000.0, 3)


def stats(values):
    if not values:
        return None
    return {"p50_ms": ms(statistics.median(values)), "p99_ms": ms(percentile(values, 99)),
            "max_ms": ms(max(values)), "n": len(values)}


class Doc:
    def __init__(self, server, path, kind, language_id):
        self.server, self.path, self.kind, self.language_id = server, path, kind, language_id
        self.root = os.path.dirname(path)
        self.text = open(path, encoding="utf-8").read()
        self.uri = "file://" + path
        self.bytes = len(self.text.encode("utf-8"))
        (self.eline, self.ecol), (self.hline, self.hcol), self.label = find_edit_site(self.text, kind)
        self.did_open = Client.encode({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": self.uri, "languageId": language_id, "version": 1,
                             "text": self.text}}})

    def change(self, k, version):
        if k % 2 == 0:
            c = {"range": {"start": {"line": self.eline, "character": self.ecol},
                           "end": {"line": self.eline, "character": self.ecol}}, "text": "x"}
        else:
            c = {"range": {"start": {"line": self.eline, "character": self.ecol},
                           "end": {"line": self.eline, "character": self.ecol + 1}}, "text": ""}
        return {"textDocument": {"uri": self.uri, "version": version}, "contentChanges": [c]}


# The client's name in `initialize` (`--client-name`): "Visual Studio Code" times labelspec's
# hovers with pictures (docs/lsp.md, "Pictures in hovers").
CLIENT_NAME = "lsp_bench"


def start(cmd, doc, pull):
    """Spawn, initialize, initialized, didOpen (as fast as possible). Returns the client,
    the server's capabilities and the time didOpen was sent."""
    client = Client(cmd, cwd=doc.root)
    try:
        m = client.wait_reply(client.send_request("initialize", {
            "processId": os.getpid(), "clientInfo": {"name": CLIENT_NAME, "version": "2"},
            "rootUri": "file://" + doc.root, "rootPath": doc.root,
            "workspaceFolders": [{"uri": "file://" + doc.root, "name": os.path.basename(doc.root)}],
            "capabilities": client_capabilities(pull), "trace": "off",
        }), "initialize", timeout=120)
        caps = (m.obj().get("result") or {}).get("capabilities", {})
        client.notify("initialized", {})
        t_open = time.perf_counter()
        client.write_raw(doc.did_open)
    except BaseException:
        client.close()
        raise
    return client, caps, t_open


def opening_pushes(client, uri, first, quiet=2.0):
    """The pushes for `uri` that follow the first one of an opening, until the server has
    pushed nothing for `quiet` seconds: the last is the complete set (a server may push what it
    finds at once, then the rest)."""
    last = first
    while True:
        try:
            d = client.diagnostics.get(timeout=quiet)
        except queue.Empty:
            return last
        if d[2] == uri:
            last = d


def cold_starts(cmd, doc, runs):
    """Spawn -> first pushed diagnostics of the document, and -> the last push of its opening
    (the complete set), over `runs` fresh processes."""
    first, complete = [], []
    for _ in range(runs):
        client, _, _ = start(cmd, doc, pull=False)
        try:
            d = client.wait_push(doc.uri, client.t_spawn)
            first.append(d[1] - client.t_spawn)
            complete.append(opening_pushes(client, doc.uri, d)[1] - client.t_spawn)
        finally:
            client.close()
    return first, complete


def push_session(cmd, doc, args, want_hover):
    """open, the typing loop (edit + symbols, hover), then edit -> fresh push, one at a time."""
    res, counts = {}, {}
    client, caps, t_open = start(cmd, doc, pull=False)
    try:
        d = client.wait_push(doc.uri, t_open)
        res["open"] = [d[1] - t_open]
        # The rest of the opening's pushes arrive before the typing loop starts.
        d = opening_pushes(client, doc.uri, d)
        res["open_complete"], counts["open_diagnostics"] = [d[1] - t_open], d[4]
        has_symbols = bool(caps.get("documentSymbolProvider"))
        has_hover = want_hover and bool(caps.get("hoverProvider"))
        version = 1
        rng = random.Random(1)
        sym, sym_ttfb, hov = [], [], []
        samples = []  # per edit: (t0, symbols first byte, last byte, hover seconds)
        pushes = []  # pushes of the typing loop: (t_first, t_last, count)
        if has_symbols or has_hover:
            t_end = time.perf_counter() + args.budget_s
            for k in range(args.edits):
                if time.perf_counter() > t_end and len(sym) + len(hov) >= 10:
                    break
                time.sleep(rng.uniform(0, 2 * args.pace_ms) / 1000.0)
                version += 1
                t0 = time.perf_counter()
                client.notify("textDocument/didChange", doc.change(k, version))
                sample = [t0, None, None, None]
                if has_symbols:
                    rid = client.send_request("textDocument/documentSymbol",
                                              {"textDocument": {"uri": doc.uri}})
                    m = client.wait_reply(rid, "textDocument/documentSymbol")
                    sample[1:3] = [m.t_first, m.t_last]
                    sym.append(m.t_last - t0)
                    sym_ttfb.append(m.t_first - t0)
                    counts["symbols_reply_bytes"] = len(m.body)
                    if len(m.body) <= BIG and not m.obj().get("result"):
                        raise ServerError(f"edit {k + 1}: empty documentSymbol reply")
                    del m
                if has_hover:
                    dt, hover = client.request("textDocument/hover", {
                        "textDocument": {"uri": doc.uri},
                        "position": {"line": doc.hline, "character": doc.hcol}})
                    hov.append(dt)
                    sample[3] = dt
                    if not hover or not hover.get("contents"):
                        raise ServerError(f"edit {k + 1}: empty hover on {doc.label}: {hover!r}")
                    contents = hover["contents"]
                    text = contents.get("value", "") if isinstance(contents, dict) else str(contents)
                    counts["hover_pictures"] = counts.get("hover_pictures", 0) + text.count("data:image/svg+xml")
                    counts["hover_chars"] = max(counts.get("hover_chars", 0), len(text))
                samples.append(sample)
                gc.collect()
                # Pushes of this loop are not timed; kept for --samples.
                pushes += [(d[0], d[1], d[4]) for d in client.drain_diagnostics()]
        res["edit_symbols"], res["edit_symbols_ttfb"], res["hover"] = sym, sym_ttfb, hov
        if args.samples:
            with open(args.samples, "a") as f:
                f.write(json.dumps({"server": doc.server, "bytes": doc.bytes, "language": doc.kind,
                                    "t_spawn": client.t_spawn, "edits": samples,
                                    "pushes": pushes}) + "\n")
        # Edit -> fresh push, one edit at a time, after the last push of the loop above.
        client.settle()
        push = []
        t_end = time.perf_counter() + args.budget_s
        for k in range(args.push_edits):
            if time.perf_counter() > t_end and len(push) >= 5:
                break
            version += 1
            client.drain_diagnostics()
            t0 = time.perf_counter()
            client.notify("textDocument/didChange", doc.change(k, version))
            d = client.wait_push(doc.uri, t0, version)
            push.append(d[1] - t0)
            counts["push_diagnostics"], counts["push_bytes"] = d[4], d.size
            gc.collect()
        res["edit_push"] = push
        counts["peak_rss_mb"] = round(client.peak_rss_kb() / 1024.0, 1)
        notes = []
        if not has_symbols:
            notes.append("no documentSymbolProvider")
        if not has_hover:
            notes.append("hover not timed" if not want_hover else "no hoverProvider")
        counts["notes"] = notes
    finally:
        client.close()
    return res, counts


def pull_session(cmd, doc, args):
    """Client with pull diagnostics: spawn -> first pull reply, then edit -> pull reply."""
    res, counts = {}, {}
    client, caps, t_open = start(cmd, doc, pull=True)
    try:
        if not caps.get("diagnosticProvider"):
            return None, {"notes": ["no diagnosticProvider (push only)"]}
        params = {"textDocument": {"uri": doc.uri}}

        def pull(what):
            m = client.wait_reply(client.send_request("textDocument/diagnostic", params), what)
            if len(m.body) <= BIG:
                r = m.obj().get("result") or {}
                if r.get("kind") != "full" or "items" not in r:
                    raise ServerError(f"{what}: not a full report: {json.dumps(r)[:300]}")
                n = len(r["items"])
            else:
                n = count_in(m.body, b'"severity"')
            return m, n

        m, n = pull("first textDocument/diagnostic")
        res["cold_start_pull"] = [m.t_last - client.t_spawn]
        counts["pull_diagnostics"] = n
        version, out, ttfb = 1, [], []
        t_end = time.perf_counter() + args.budget_s
        for k in range(args.edits):
            if time.perf_counter() > t_end and len(out) >= 10:
                break
            version += 1
            t0 = time.perf_counter()
            client.notify("textDocument/didChange", doc.change(k, version))
            m, n = pull(f"edit {k + 1}: textDocument/diagnostic")
            out.append(m.t_last - t0)
            ttfb.append(m.t_first - t0)
            del m
            gc.collect()
            client.drain_diagnostics()
        res["edit_pull"], res["edit_pull_ttfb"] = out, ttfb
        counts["pull_diagnostics_after_edits"] = n
        counts["peak_rss_pull_mb"] = round(client.peak_rss_kb() / 1024.0, 1)
    finally:
        client.close()
    return res, counts


def run_server(name, cmd, doc, args):
    """Every figure of one server on one document: {figure: [seconds]}, {extra: value}."""
    figures, extra = {}, {"notes": []}
    figures["cold_start"], figures["cold_start_complete"] = cold_starts(cmd, doc, args.cold_starts)
    res, counts = push_session(cmd, doc, args, want_hover=(name != "ruff"))
    figures.update(res)
    extra["notes"] += counts.pop("notes", [])
    extra.update(counts)
    res, counts = pull_session(cmd, doc, args)
    if res:
        figures.update(res)
    extra["notes"] += counts.pop("notes", [])
    extra.update(counts)
    return figures, extra


def resolve(exe, default_name):
    """Absolute path of an executable: as given, else the bench venv's, else on PATH
    (through a pyenv shim to the real binary, so the process measured is the server)."""
    if exe is None:
        venv = os.path.join(VENV_BIN, default_name)
        exe = venv if os.path.exists(venv) else default_name
    path = shutil.which(exe) or exe
    if "/shims/" in path and shutil.which("pyenv"):
        p = subprocess.run(["pyenv", "which", os.path.basename(path)], capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip():
            path = p.stdout.strip()
    path = os.path.abspath(path)
    return path if os.path.exists(path) else None


def version_of(path):
    try:
        return subprocess.run([path, "--version"], capture_output=True, text=True,
                              timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None


FIG_ORDER = ["cold_start", "cold_start_complete", "open", "open_complete", "edit_symbols", "edit_symbols_ttfb", "hover",
             "edit_push", "edit_pull", "edit_pull_ttfb", "cold_start_pull"]


def keep_client_heap():
    """The client keeps the memory it frees (glibc's mallopt): a large reply's buffer is then
    taken from memory the client already touched, not from fresh pages faulted in one by one
    while the bytes arrive. Without it, glibc gives a freed multi-megabyte buffer back to the
    system and each large message costs the client ~1.4 ms of page faults at 1 MB (measured),
    more after a server's large pushes than after a reply alone: the client, not the server,
    would set the figure. Applies to every server alike; a no-op where glibc is not the libc."""
    try:
        import ctypes
        libc = ctypes.CDLL(None)
        libc.mallopt(-3, 512 << 20)  # M_MMAP_THRESHOLD: large buffers from the heap, not mmap
        libc.mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD: freed heap memory is kept
    except (OSError, AttributeError):
        pass


def fmt(x):
    return f"{x:.2f}" if x < 10 else (f"{x:.1f}" if x < 100 else f"{x:.0f}")


def floor_server(reply_bytes, push_bytes=0, push_count=1):
    """The transport floor: a stand-in server that does no work. It answers documentSymbol at
    once with a prebuilt reply of `reply_bytes` bytes (the size of labelspec's reply for the same
    document) in one write, hover with a word, and pushes an empty diagnostics list on open and
    after each change. What the client measures against it is what moving that many bytes costs
    on this machine, the client's own reading included: no server can answer below it.

    With `push_bytes` ("pushfloor"), the pushes are instead a prebuilt publishDiagnostics of that
    many bytes holding `push_count` diagnostics (labelspec's push for the same document), sent as labelspec sends
    them: 50 ms after the last change (its debounce), whole, and dropped when a change comes
    before its first byte is written. A reply asked for while a push is being written waits for
    it, as on any LSP stream: the floor of a server that pushes that many diagnostics."""
    import fcntl
    out = sys.stdout.fileno()
    try:
        fcntl.fcntl(out, 1031, 1 << 20)  # F_SETPIPE_SZ, as labelspec does
    except OSError:
        pass

    wlock = threading.Lock()  # one message at a time on the stream

    def send(obj=None, pieces=None, still_wanted=None):
        pieces = pieces or [json.dumps(obj).encode()]
        views = [memoryview(b"Content-Length: %d\r\n\r\n" % sum(len(p) for p in pieces))]
        views += [memoryview(p) for p in pieces]
        with wlock:
            if still_wanted is not None and not still_wanted():
                return
            while views:  # writev, as labelspec writes: the prebuilt reply is never copied
                n = os.writev(out, views[:1024])
                while views and n >= len(views[0]):
                    n -= len(views[0])
                    views.pop(0)
                if n:
                    views[0] = views[0][n:]

    item = b'{"name":"Label000000","kind":19,"range":{"start":{"line":0,"character":0},' \
           b'"end":{"line":4,"character":1}},"selectionRange":{"start":{"line":0,"character":6},' \
           b'"end":{"line":0,"character":16}}}'
    head = b'{"jsonrpc":"2.0","id":%d,"result":['
    count = max(1, (reply_bytes - 40) // (len(item) + 1))
    symbols = b",".join([item] * count) + b"]}"
    diagnostic = b'{"range":{"start":{"line":0,"character":6},"end":{"line":0,"character":12}},' \
                 b'"severity":2,"code":"truncates","source":"labelspec","message":"%s"}'
    each = max(len(diagnostic), (push_bytes - 120) // max(1, push_count) - 1)
    pushed = b",".join([diagnostic % (b"x" * (each - len(diagnostic) + 2))] * max(1, push_count)) + b"]}}"
    latest = [0]  # the change count: a push made for an earlier change is not sent
    timer = [None]

    def push_later(uri, version, generation):
        head = json.dumps({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                           "params": {"uri": uri, "version": version}}).encode()[:-2]
        send(pieces=[head + b',"diagnostics":[', pushed],
             still_wanted=lambda: latest[0] == generation)

    inp = sys.stdin.buffer
    while True:
        length = None
        while True:
            line = inp.readline()
            if not line:
                return
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        msg = json.loads(inp.read(length))
        method, rid = msg.get("method"), msg.get("id")
        params = msg.get("params") or {}
        if method == "initialize":
            send({"jsonrpc": "2.0", "id": rid, "result": {"capabilities": {
                "textDocumentSync": 2, "documentSymbolProvider": True, "hoverProvider": True}}})
        elif method == "textDocument/documentSymbol":
            send(pieces=[head % rid, symbols])
        elif method == "textDocument/hover":
            send({"jsonrpc": "2.0", "id": rid, "result": {"contents": "floor"}})
        elif method in ("textDocument/didOpen", "textDocument/didChange") and push_bytes:
            doc = params.get("textDocument", {})
            latest[0] += 1
            if timer[0] is not None:
                timer[0].cancel()
            timer[0] = threading.Timer(0.05, push_later, (doc.get("uri"), doc.get("version"), latest[0]))
            timer[0].start()
        elif method in ("textDocument/didOpen", "textDocument/didChange"):
            doc = params.get("textDocument", {})
            send({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": {
                "uri": doc.get("uri"), "version": doc.get("version"), "diagnostics": []}})
        elif method == "exit":
            return
        elif rid is not None:
            send({"jsonrpc": "2.0", "id": rid, "result": None})


def pipe_floor(nbytes, args):
    """The pipe alone: `nbytes` (the size of labelspec's symbols reply) moved from one process to
    another through a 1 MB pipe, written with one writev and read into a kept buffer, paced as
    the typing loop, with no server, no JSON and no client threads. Times from telling the writer
    to go to the first and the last byte read; what the kernel of this machine needs to move a
    reply that size, below which no server and no client can answer."""
    import fcntl
    data_r, data_w = os.pipe()
    go_r, go_w = os.pipe()
    try:
        fcntl.fcntl(data_w, 1031, 1 << 20)  # F_SETPIPE_SZ, as labelspec does
    except OSError:
        pass
    payload = b"x" * nbytes
    pid = os.fork()
    if pid == 0:
        os.close(data_r)
        os.close(go_w)
        try:
            while os.read(go_r, 1):
                views = [memoryview(payload)]
                while views:
                    n = os.writev(data_w, views)
                    views = [views[0][n:]] if n < len(views[0]) else []
        finally:
            os._exit(0)
    os.close(data_w)
    os.close(go_r)
    buf = memoryview(bytearray(nbytes))
    buf[:] = payload  # the buffer's pages are touched before timing, as the client's kept buffers
    rng = random.Random(1)
    total, first = [], []
    try:
        for _ in range(args.edits):
            time.sleep(rng.uniform(0, 2 * args.pace_ms) / 1000.0)
            t0 = time.perf_counter()
            os.write(go_w, b"g")
            got, t_first = 0, None
            while got < nbytes:
                got += os.readv(data_r, [buf[got:]])
                if t_first is None:
                    t_first = time.perf_counter()
            t_last = time.perf_counter()
            total.append(t_last - t0)
            first.append(t_first - t0)
    finally:
        os.close(go_w)
        os.close(data_r)
        os.waitpid(pid, 0)
    return {"edit_symbols": total, "edit_symbols_ttfb": first}


def main():
    if 3 <= len(sys.argv) <= 5 and sys.argv[1] == "--as-floor-server":
        floor_server(*map(int, sys.argv[2:]))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server-bin", required=True, help="the labelspec executable")
    ap.add_argument("--client-name", default="lsp_bench",
                    help="clientInfo.name sent in initialize ('Visual Studio Code': hovers with pictures)")
    ap.add_argument("--sizes", default="1000000,5000000", help="document sizes in bytes")
    ap.add_argument("--kinds", default="heavy,clean",
                    help="heavy (a third of the labels truncate) and/or clean")
    ap.add_argument("--truncating", type=float, default=0.33, help="fraction for heavy documents")
    ap.add_argument("--edits", type=int, default=300, help="edits of the typing and pull loops")
    ap.add_argument("--push-edits", type=int, default=100, help="edits of the edit -> push loop")
    ap.add_argument("--cold-starts", type=int, default=3)
    ap.add_argument("--pace-ms", type=float, default=80.0,
                    help="mean pause between edits of the typing loop (uniform 0..2x)")
    ap.add_argument("--budget-s", type=float, default=40.0, help="time limit of each timed loop")
    ap.add_argument("--quick", action="store_true",
                    help="a short check: 200 KB, 30 edits, 10 pushes, 1 cold start, 10 s loops")
    ap.add_argument("--tombi", help="tombi executable (default: .build/bench-venv, else PATH)")
    ap.add_argument("--ruff", help="ruff executable (default: .build/bench-venv, else PATH)")
    ap.add_argument("--no-tombi", action="store_true")
    ap.add_argument("--no-ruff", action="store_true")
    ap.add_argument("--servers", default="labelspec,tombi,ruff,floor,pushfloor,pipe",
                    help="which servers to run (floor: the transport floor, see floor_server; "
                         "pushfloor: the floor pushing labelspec's push bytes, debounced as it; "
                         "pipe: the symbols reply's bytes through a pipe alone, see pipe_floor)")
    ap.add_argument("--samples", metavar="FILE",
                    help="append each typing loop's raw samples here (JSON lines: per edit the "
                         "time sent, the symbols reply's first and last byte and the hover "
                         "round trip; the pushes received meanwhile, first and last byte)")
    ap.add_argument("--keep", metavar="DIR", help="write the documents here instead of a temp dir")
    args = ap.parse_args()
    global CLIENT_NAME
    CLIENT_NAME = args.client_name
    if args.quick:
        args.sizes, args.edits, args.push_edits = "200000", 30, 10
        args.cold_starts, args.budget_s = 1, 10.0
    # Replies are kept as bytes and hold no cycles: the cyclic collector runs only between the
    # timed spans (gc.collect()), never inside one.
    gc.disable()
    keep_client_heap()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    kinds = [k for k in args.kinds.split(",") if k.strip()]
    wanted = set(args.servers.split(","))
    servers = {}
    if "labelspec" in wanted:
        servers["labelspec"] = [os.path.abspath(args.server_bin), "lsp"]
    for name, flag, sub in (("tombi", args.no_tombi, ["lsp", "--offline"]),
                            ("ruff", args.no_ruff, ["server"])):
        if flag or name not in wanted:
            continue
        exe = resolve(getattr(args, name), name)
        if exe is None:
            print(json.dumps({"server": name, "skipped": f"{name} not found; "
                              f"python3 -m venv .build/bench-venv && .build/bench-venv/bin/pip install {name}"}),
                  flush=True)
            continue
        servers[name] = [exe] + sub
        print(json.dumps({"server": name, "cmd": " ".join(servers[name]),
                          "version": version_of(exe)}), flush=True)
    if "floor" in wanted and "labelspec" in servers:
        servers["floor"] = [sys.executable, os.path.abspath(__file__), "--as-floor-server"]
    if "pushfloor" in wanted and "labelspec" in servers:
        servers["pushfloor"] = [sys.executable, os.path.abspath(__file__), "--as-floor-server"]
    if "pipe" in wanted and "labelspec" in servers:
        servers["pipe"] = None  # not a server: see pipe_floor
    load_before = os.getloadavg()
    cpu_before = cpu_times()
    print(json.dumps({"load_before": [round(x, 2) for x in load_before], "cpus": os.cpu_count()}),
          flush=True)

    base = args.keep or tempfile.mkdtemp(prefix="lsp-bench-")
    rows = {}  # (size, kind, figure) -> {server: stats}
    extras = {}
    exts = {"labelspec": ("labelspec", "labelspec", "labelspec"), "tombi": ("toml", "toml", "toml"),
            "ruff": ("py", "python", "python"), "floor": ("labelspec", "labelspec", "labelspec"),
            "pushfloor": ("labelspec", "labelspec", "labelspec")}
    try:
        for size in sizes:
            for kind in kinds:
                dirs = {s: os.path.join(base, f"{s}-{kind}-{size}") for s in exts}
                paths = {s: os.path.join(dirs[s], f"bench{size}.{exts[s][0]}") for s in exts}
                for f in ("floor", "pushfloor"):
                    dirs[f], paths[f] = dirs["labelspec"], paths["labelspec"]
                for d in dirs.values():
                    os.makedirs(d, exist_ok=True)
                if not all(os.path.exists(p) for p in paths.values()):
                    gen = subprocess.run(
                        [sys.executable, GENERATE, "--size", str(size), "--seed", "1",
                         "--out", paths["labelspec"], "--toml", paths["tombi"],
                         "--python", paths["ruff"]]
                        + (["--truncating", str(args.truncating)] if kind == "heavy" else []),
                        check=True, capture_output=True, text=True)
                    print(json.dumps({"document": kind, "size": size, **json.loads(gen.stdout)}),
                          flush=True)
                with open(os.path.join(dirs["tombi"], "tombi.toml"), "w") as f:
                    f.write("[schema]\nenabled = false\n")  # no schema catalog, no network
                with open(os.path.join(dirs["ruff"], "ruff.toml"), "w") as f:
                    f.write(RUFF_TOML)
                for name, cmd in servers.items():
                    if name == "pipe":
                        reply = extras.get((size, kind, "labelspec"), {}).get("symbols_reply_bytes")
                        if not reply:
                            continue
                        figures = pipe_floor(reply, args)
                        for fig in ("edit_symbols", "edit_symbols_ttfb"):
                            st = stats(figures[fig])
                            rows.setdefault((size, kind, fig), {})[name] = st
                            print(json.dumps({"server": name, "size": size, "kind": kind,
                                              "bytes": reply, "figure": fig, **st}), flush=True)
                        continue
                    if name == "floor":
                        # Replies the size of labelspec's, for the labelspec document.
                        reply = extras.get((size, kind, "labelspec"), {}).get("symbols_reply_bytes")
                        if not reply:
                            continue
                        cmd = cmd + [str(reply)]
                    if name == "pushfloor":
                        # labelspec's reply and push sizes, for the labelspec document.
                        got = extras.get((size, kind, "labelspec"), {})
                        if not got.get("symbols_reply_bytes") or not got.get("push_bytes"):
                            continue
                        cmd = cmd + [str(got["symbols_reply_bytes"]), str(got["push_bytes"]),
                                     str(got.get("push_diagnostics") or 1)]
                    doc = Doc(name, paths[name], exts[name][1], exts[name][2])
                    try:
                        figures, extra = run_server(name, cmd, doc, args)
                    except ServerError as e:
                        print(f"{name} {kind} {size}: {e}", file=sys.stderr)
                        print(json.dumps({"server": name, "kind": kind, "bytes": doc.bytes,
                                          "error": str(e)}), flush=True)
                        continue
                    for fig in FIG_ORDER:
                        st = stats(figures.get(fig) or [])
                        if st is None:
                            continue
                        rows.setdefault((size, kind, fig), {})[name] = st
                        print(json.dumps({"server": name, "size": size, "kind": kind,
                                          "bytes": doc.bytes, "figure": fig, **st}), flush=True)
                    extras[(size, kind, name)] = extra
                    print(json.dumps({"server": name, "size": size, "kind": kind, "bytes": doc.bytes,
                                      "edit_at": f"{doc.eline}:{doc.ecol}",
                                      "hover_at": f"{doc.hline}:{doc.hcol} ({doc.label})",
                                      **extra}), flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    load_after = os.getloadavg()
    busy, steal = cpu_usage(cpu_before, cpu_times())
    print(json.dumps({"load_after": [round(x, 2) for x in load_after], "busy_pct": busy, "steal_pct": steal}),
          flush=True)

    # The side-by-side table.
    names = list(servers)
    print()
    print("| size | doc | figure (ms: p50 / p99 / max) | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for size in sizes:
        for kind in kinds:
            for fig in FIG_ORDER:
                r = rows.get((size, kind, fig))
                if not r:
                    continue
                cells = []
                for n in names:
                    st = r.get(n)
                    cells.append("—" if st is None else
                                 f"{fmt(st['p50_ms'])} / {fmt(st['p99_ms'])} / {fmt(st['max_ms'])}"
                                 + (f" (n={st['n']})" if st["n"] < 50 and st["n"] > 1 else ""))
                print(f"| {size / 1e6:g} MB | {kind} | {fig} | " + " | ".join(cells) + " |")
            for key, label in (("peak_rss_mb", "peak RSS, push session (MB)"),
                               ("peak_rss_pull_mb", "peak RSS, pull session (MB)"),
                               ("open_diagnostics", "diagnostics on open")):
                cells = [str(extras.get((size, kind, n), {}).get(key, "—")) for n in names]
                print(f"| {size / 1e6:g} MB | {kind} | {label} | " + " | ".join(cells) + " |")
    print(f"\nload average before: {' '.join(f'{x:.2f}' for x in load_before)}; "
          f"after: {' '.join(f'{x:.2f}' for x in load_after)} ({os.cpu_count()} CPUs); "
          f"CPU time busy {busy}%, stolen by the hypervisor {steal}% (of all CPU time over the run)")


if __name__ == "__main__":
    main()
