#!/usr/bin/env python3
"""A longer fuzz campaign against the built `labelspec` (not part of the test command, not in CI).

    python3 Tests/fuzz/campaign.py [--minutes 10] [--seed S] [--bin .build/debug/labelspec]
                                   [--parts lsp,framing,cli] [--replay PART:CASESEED]

Three parts share the time (lsp 35%, framing 30%, cli 35%), each running seeded cases until its
share is spent:

1. lsp: many seeds of the e2e suite's random LSP session (Tests/e2e/random_session.py, the same
   code test_fuzz.py runs for 4 fixed seeds), 300-4,000 steps each. Every request must be
   answered, the server must never exit early, every message it writes must be a JSON-RPC object,
   and at the end `shutdown` must be answered and `exit` must end the process with 0.
2. framing: a valid session (initialize, opens, edits, requests) whose middle is corrupted at
   the byte level (bad headers: non-numeric, negative, huge, LF-only, missing, junk header lines;
   bodies longer or shorter than declared; garbage between messages; invalid JSON, JSON that is
   not an object, huge / odd / duplicate ids, random and invalid UTF-8 in strings, NUL bytes,
   flipped bytes), written in random-sized pieces, then a clean tail (`workspace/symbol`,
   `shutdown`, `exit`). The server must answer the tail's requests with results, exit with 0
   within 20 s, and write nothing to stdout but well-framed JSON-RPC messages (every frame is
   parsed: `Content-Length` headers, strict UTF-8, strict JSON, no duplicate keys, an object with
   "jsonrpc": "2.0" that is a request, a notification or a response).
3. cli: mutated examples (Examples/**/*.labelspec) and random token soups (flipped, inserted,
   deleted, duplicated bytes, truncation, deep nesting, very long lines, invalid UTF-8, BOMs,
   control characters, NUL, CR line ends, odd numbers) through `check` (text, json, github,
   sarif; sometimes `--content-size all` or `--deny-warnings`), `measure` (text or json), `render`
   (sometimes: its manifest JSON, its pictures XML, its page's data without `<`, nothing left
   beside it) and
   `format --check` / `--diff` / `format` on a copy. Each run must end within 20 s with 0, 1 or 2,
   never by a signal, an exit code >= 128 or "Fatal error" on stderr; JSON and SARIF output must
   parse; `check`'s exit code must agree with its JSON (1 exactly when there are errors);
   `format --check` must not touch the file; `format` of a file without syntax errors must be
   idempotent, leave `format --check` happy, and keep the multiset of diagnostic codes. The time
   of `check` per KB (less the time of checking an empty file) is kept for every case: a case
   over 10x the median per-KB time (files under 8 KB count as 8 KB; over 0.25 s of work,
   confirmed by two more runs) is
   reported as a possible superlinear input, its file kept. In about a third of the cases, a
   storyboard or xib of Tests/Fixtures/InterfaceBuilder, mutated (bytes flipped to XML's
   punctuation, cut, repeated, labels, entities, CDATA and comments inserted), goes through
   `check --format json` (valid JSON, exit code agreeing with it), `measure` and `import`.
   In about 15%, labelspec.json lists random `screens` (repeated and hostile names: empty, NUL,
   bidi controls, quotes, 5,000 characters; widths near and past 100000, 1e308, strings) and the
   file gets labels whose widths follow the screen to near and past 100000 pt (issue 33).

Every case has its own seed (drawn from --seed and the part's name), printed when it fails;
`--replay PART:CASESEED` runs that one case again. Failing cases are saved under
.build/fuzz-findings/<part>-<caseseed>/ (the input file or the exact bytes sent to the server,
what came back, and a note with the failure and the command); scratch files go to
.build/fuzz-tmp/. The summary at the end gives per part the cases run and the failures with their
seeds, and the total time; the exit code is 1 if anything failed.

Needs only the standard library (the lsp part imports Tests/e2e/random_session.py, which uses
Benchmarks/lsp/lsp_bench.py; neither needs anything installed).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import pathlib
import random
import re
import shutil
import xml.etree.ElementTree
import statistics
import subprocess
import sys
import threading
import time
import traceback

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
import random_session  # noqa: E402
from random_session import lsp_bench  # noqa: E402

TMP = REPO / ".build" / "fuzz-tmp"
FINDINGS = REPO / ".build" / "fuzz-findings"
CLI_TIMEOUT = 20.0
SHARES = {"lsp": 0.35, "framing": 0.30, "cli": 0.35}


def case_seeds(master, part):
    rng = random.Random(f"{master}/{part}")
    while True:
        yield rng.getrandbits(32)


class Failure(Exception):
    pass


def save_finding(part, seed, note, files):
    """Writes a finding's folder: note.txt and the given {name: bytes}; returns its path."""
    d = FINDINGS / f"{part}-{seed}"
    d.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (d / name).parent.mkdir(parents=True, exist_ok=True)  # a name may hold a folder ("loc/...")
        (d / name).write_bytes(data if isinstance(data, bytes) else data.encode())
    (d / "note.txt").write_text(note + "\n")
    return d


# ------------------------------------------------------------------------------------------------
# Strict checks of what the server writes


def _no_dup_keys(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError(f"duplicate keys {sorted(k for k, c in collections.Counter(keys).items() if c > 1)}")
    return dict(pairs)


def _no_constants(name):
    raise ValueError(f"non-JSON constant {name}")


def strict_json(body: bytes):
    text = body.decode("utf-8")  # strict: invalid UTF-8 raises
    return json.loads(text, object_pairs_hook=_no_dup_keys, parse_constant=_no_constants)


def check_jsonrpc(obj):
    """None if `obj` is a JSON-RPC 2.0 request, notification or response, else why not."""
    if not isinstance(obj, dict):
        return f"not an object: {type(obj).__name__}"
    if obj.get("jsonrpc") != "2.0":
        return f"jsonrpc is {obj.get('jsonrpc')!r}"
    if "method" in obj:
        if not isinstance(obj["method"], str):
            return "method is not a string"
        if "result" in obj or "error" in obj:
            return "a request with a result or an error"
        return None
    if "id" not in obj:
        return "neither a method nor an id"
    if ("result" in obj) == ("error" in obj):
        return "a response needs exactly one of result and error"
    if "error" in obj:
        e = obj["error"]
        if not isinstance(e, dict) or not isinstance(e.get("code"), int) or not isinstance(e.get("message"), str):
            return f"malformed error {str(e)[:200]}"
    return None


HEADER_LINE = re.compile(rb"^([!#$%&'*+\-.^_`|~0-9A-Za-z]+): ?(.*)$")


def parse_frames(data: bytes, final=True):
    """(messages, consumed, problems): every whole frame in `data`. A frame is header lines
    ending in CRLF, an empty line, a body of exactly Content-Length bytes of strict JSON."""
    msgs, problems, pos = [], [], 0
    while pos < len(data):
        end = data.find(b"\r\n\r\n", pos)
        if end < 0:
            if final:
                problems.append(f"at byte {pos}: bytes that are not a frame: {data[pos:pos + 80]!r}")
            break
        length = None
        bad = False
        for line in data[pos:end].split(b"\r\n"):
            m = HEADER_LINE.match(line)
            if not m:
                problems.append(f"at byte {pos}: not a header line: {line[:80]!r}")
                bad = True
                continue
            name = m.group(1).lower()
            if name == b"content-length":
                if length is not None or not m.group(2).isdigit():
                    problems.append(f"at byte {pos}: bad Content-Length {line[:80]!r}")
                    bad = True
                else:
                    length = int(m.group(2))
            elif name != b"content-type":
                problems.append(f"at byte {pos}: unexpected header {line[:80]!r}")
        if length is None:
            if not bad:
                problems.append(f"at byte {pos}: no Content-Length")
            break  # cannot go on: where the next frame starts is unknown
        if end + 4 + length > len(data):
            if final:
                problems.append(f"at byte {pos}: body of {length} bytes cut at {len(data) - end - 4}")
            break
        body = data[end + 4:end + 4 + length]
        try:
            obj = strict_json(body)
        except Exception as e:  # noqa: BLE001
            problems.append(f"at byte {pos}: body is not strict JSON ({e}): {body[:120]!r}")
            obj = None
        if obj is not None:
            why = check_jsonrpc(obj)
            if why:
                problems.append(f"at byte {pos}: {why}: {body[:200]!r}")
            msgs.append(obj)
        pos = end + 4 + length
    return msgs, pos, problems


# ------------------------------------------------------------------------------------------------
# Part 1: the random LSP session


class RecordingClient(lsp_bench.Client):
    """lsp_bench's client, keeping every byte it sends (for a reproduction) and checking that each
    message the server writes is a strict JSON-RPC object."""

    def __init__(self, cmd, cwd):
        self.sent = bytearray()
        self.violations = []
        super().__init__(cmd, cwd)

    def write_raw(self, data):
        self.sent += data
        super().write_raw(data)

    def _dispatch(self, m):
        try:
            why = check_jsonrpc(strict_json(m.body))
        except Exception as e:  # noqa: BLE001
            why = f"not strict JSON ({e})"
        if why:
            self.violations.append(f"{why}: {m.body[:200]!r}")
        super()._dispatch(m)


def lsp_case(args, seed, verbose=False):
    rng = random.Random(seed)
    steps = rng.choice([300, 800, 1500, 1500, 2500, 4000])
    work = TMP / f"lsp-{seed}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    clients = []

    def factory(cmd, cwd):
        c = RecordingClient(cmd, cwd)
        clients.append(c)
        return c

    try:
        random_session.run(args.bin, work, seed, steps=steps, min_answered=steps // 3, strict_end=True,
                           client_class=factory)
        if clients and clients[0].violations:
            raise Failure("server wrote a message that is not strict JSON-RPC: " + clients[0].violations[0])
    except Exception as e:  # noqa: BLE001
        c = clients[0] if clients else None
        note = (f"part lsp, case seed {seed}, {steps} steps: {type(e).__name__}: {e}\n"
                f"replay: python3 Tests/fuzz/campaign.py --bin {args.bin} --replay lsp:{seed}\n"
                f"stdin.bin is every byte the client sent (the workspace was {work}/ws); stderr tail:\n"
                + (c.stderr() if c else ""))
        files = {"stdin.bin": bytes(c.sent)} if c else {}
        d = save_finding("lsp", seed, note, files)
        raise Failure(f"{type(e).__name__}: {str(e)[:300]} (saved {d})") from e
    shutil.rmtree(work, ignore_errors=True)
    return f"{steps} steps"


# ------------------------------------------------------------------------------------------------
# Part 2: framing and transport


SOUP_PIECES = random_session.PIECES + ['label Y { text: "é😀\u202e" }\n', '\t', '\u0301', '\u200d', '\ufeff',
                                       '"\\u0000"', 'font: .custom("X", size: 1e308)\n']
STRANGE_TEXT = ["", "\u0000", "\ud7ff", "\ue000", "\U0010ffff", "\u202e\u202d", "👩‍👩‍👧‍👦", "e\u0301" * 50,
                "\r", "\r\n", "\u2028\u2029", "Content-Type: x", "\\", "\"", "\x7f", "\x1b[31m"]
INVALID_UTF8 = [b"\xff", b"\xfe", b"\xc0\x80", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
                b"\xf0\x9f\x98", b"\x80\x80\x80", b"\xf8\x88\x80\x80\x80"]
ODD_IDS = [0, -1, 2**31, 2**53 + 1, 2**63, 2**64 + 5, 10**30, -(10**30), 1.5, 1e308, "", "x" * 1000, None,
           [], {}, True]


def random_string(rng, n):
    out = []
    for _ in range(rng.randint(0, n)):
        r = rng.random()
        if r < 0.5:
            out.append(rng.choice(SOUP_PIECES))
        elif r < 0.8:
            out.append(rng.choice(STRANGE_TEXT))
        else:
            cp = rng.randint(1, 0x10FFFF)
            if 0xD800 <= cp <= 0xDFFF:
                cp = 0xFFFD
            out.append(chr(cp))
    return "".join(out)


def framing_session(rng, root_uri, uris):
    """The messages of a valid session's middle: opens, edits, requests, notifications."""
    msgs, rid = [], 0
    version = 1
    for _ in range(rng.randint(4, 60)):
        r = rng.random()
        uri = rng.choice(uris)
        if r < 0.2:
            msgs.append({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": "labelspec", "version": version, "text": random_string(rng, 30)}}})
        elif r < 0.45:
            version += 1
            pos = lambda: {"line": rng.choice([0, 1, 3, 10**6]), "character": rng.choice([0, 2, 7, 10**6])}  # noqa: E731
            msgs.append({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": pos(), "end": pos()}, "text": random_string(rng, 5)}]}})
        elif r < 0.5:
            msgs.append({"jsonrpc": "2.0", "method": rng.choice(["textDocument/didClose", "$/cancelRequest",
                                                                 "$/setTrace", "unknown/notification"]),
                         "params": {"textDocument": {"uri": uri}, "id": rng.randint(1, 50), "value": "off"}})
        elif r < 0.52:
            rid += 1
            msgs.append({"jsonrpc": "2.0", "id": rid, "method": "initialize",
                         "params": {"capabilities": {}, "rootUri": root_uri}})
        else:
            rid += 1
            method = rng.choice(random_session.METHODS)
            msgs.append({"jsonrpc": "2.0", "id": rid, "method": method, "params": {
                "textDocument": {"uri": uri}, "position": {"line": rng.randint(0, 3), "character": rng.randint(0, 9)},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": rng.randint(0, 5), "character": 0}},
                "context": {"diagnostics": [], "includeDeclaration": True}, "query": random_string(rng, 2),
                "newName": random_string(rng, 2), "options": {}}})
    return msgs


def encode(msg):
    return json.dumps(msg, ensure_ascii=False).encode("utf-8")


def frame(body, header=None):
    return (header if header is not None else b"Content-Length: %d\r\n\r\n" % len(body)) + body


def corrupt_body(rng, body, kinds):
    """A corrupted body (its header is written from the result, so lengths still agree)."""
    k = rng.choice(["invalid_json", "not_object", "odd_id", "dup_id", "invalid_utf8", "nul", "flip",
                    "escaped_surrogate", "deep"])
    kinds.append(k)
    if k == "invalid_json":
        cut = rng.randint(0, len(body))
        return rng.choice([body[:cut], body[:cut] + b"}" * rng.randint(0, 3) + body[cut:], body + b",",
                           body.replace(b'"', b"'", 1), b"{" + body, body[:-1] + b",}"])
    if k == "not_object":
        return rng.choice([b"[]", b"5", b'"x"', b"null", b"true", b"-0.0e-7", b"[" + body + b"]",
                           b"[" + body + b"," + body + b"]", b"", b" ", b"{}", b'{"jsonrpc":"2.0"}',
                           b'{"jsonrpc":"1.0","id":1,"method":"x"}', b'{"id":1,"method":5}'])
    try:
        obj = json.loads(body)
    except ValueError:
        return body
    if k == "odd_id" and isinstance(obj, dict):
        obj["id"] = rng.choice(ODD_IDS)
        text = json.dumps(obj, ensure_ascii=False)
        if rng.random() < 0.3:  # numbers json.dumps cannot write
            text = text.replace('"jsonrpc"', '"id": %s, "jsonrpc"' % rng.choice(
                ["1e999", "-1e999", "123456789012345678901234567890", "1.0", "-0", "1E2"]), 1)
        return text.encode("utf-8", "surrogatepass")
    if k == "dup_id" and isinstance(obj, dict):
        text = json.dumps(obj, ensure_ascii=False)
        return text.replace('"jsonrpc"', '"id": 1, "id": 2, "method": "x", "jsonrpc"', 1).encode()
    if k == "invalid_utf8":
        # inside a string: just after some opening quote
        quotes = [m.start() for m in re.finditer(rb'"', body)]
        at = rng.choice(quotes) + 1 if quotes else 0
        return body[:at] + rng.choice(INVALID_UTF8) + body[at:]
    if k == "nul":
        at = rng.randint(0, len(body))
        return body[:at] + rng.choice([b"\x00", b"\\u0000", b"\x00" * 20]) + body[at:]
    if k == "flip":
        b = bytearray(body)
        for _ in range(rng.randint(1, 4)):
            if b:
                b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if k == "escaped_surrogate":
        quotes = [m.start() for m in re.finditer(rb'"', body)]
        at = rng.choice(quotes) + 1 if quotes else 0
        return body[:at] + rng.choice([b"\\ud800", b"\\udfff", b"\\ud83d", b"\\ude00\\ud83d", b"\\u12", b"\\x41"]) + body[at:]
    if k == "deep":
        n = rng.choice([100, 1000, 10000, 100000])
        return b'{"jsonrpc":"2.0","id":77,"method":"workspace/symbol","params":' + b"[" * n + b"]" * n + b"}"
    return body


def corrupt_frame(rng, body, kinds, max_over):
    """One frame's bytes, possibly with a bad header or a body that disagrees with it."""
    if rng.random() < 0.5:
        body = corrupt_body(rng, body, kinds)
    n = len(body)
    k = rng.choice(["nonnumeric", "negative", "huge", "lf_only", "missing", "extra_header", "junk_header",
                    "case", "spaces", "longer", "shorter", "no_blank_line", "two_lengths", "plus", "ok", "ok"])
    kinds.append("header_" + k)
    if k == "nonnumeric":
        return frame(body, b"Content-Length: " + rng.choice([b"abc", b"", b"12abc", b"0x10", b"1e3", b"\xff\xfe",
                                                              b"\x00", b"%d.0" % n]) + b"\r\n\r\n")
    if k == "negative":
        return frame(body, b"Content-Length: -%d\r\n\r\n" % rng.choice([1, n, 2**63]))
    if k == "huge":
        return frame(body, b"Content-Length: %d\r\n\r\n" % rng.choice(
            [64 * 1024 * 1024 + 1, 10**9, 2**31, 2**32 + n, 2**63 - 1, 2**63, 2**64 + n, 10**30, 10**400]))
    if k == "lf_only":
        return frame(body, b"Content-Length: %d\n\n" % n)
    if k == "missing":
        return rng.choice([body, b"\r\n\r\n" + body, b"Content-Type: application/json\r\n\r\n" + body])
    if k == "extra_header":
        return frame(body, b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: %d\r\n\r\n" % n)
    if k == "junk_header":
        return frame(body, rng.choice([b"X Bad Header\r\n", b": empty name\r\n", b"\xff\xfe: x\r\n", b"X-A: \x00\r\n"])
                     + b"Content-Length: %d\r\n\r\n" % n)
    if k == "case":
        return frame(body, rng.choice([b"content-length: %d\r\n\r\n", b"CONTENT-LENGTH:%d\r\n\r\n"]) % n)
    if k == "spaces":
        return frame(body, b"Content-Length: \t %d \t\r\n\r\n" % n)
    if k == "longer":
        cut = rng.randint(1, max(1, min(n, 200)))
        return frame(body, b"Content-Length: %d\r\n\r\n" % (n - cut))
    if k == "shorter":
        return frame(body, b"Content-Length: %d\r\n\r\n" % (n + rng.randint(1, max_over)))
    if k == "no_blank_line":
        return frame(body, b"Content-Length: %d\r\n" % n)
    if k == "two_lengths":
        return frame(body, b"Content-Length: %d\r\nContent-Length: %d\r\n\r\n" % (n, n + rng.randint(1, 9)))
    if k == "plus":
        return frame(body, b"Content-Length: +%d\r\n\r\n" % n)
    return frame(body)


def garbage(rng, kinds):
    k = rng.choice(["random", "newlines", "partial_header", "tiny_message", "headers_only", "long_line"])
    kinds.append("garbage_" + k)
    if k == "random":
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))).replace(b"ontent-", b"ontent_")
    if k == "newlines":
        return rng.choice([b"\r\n", b"\n", b"\r", b" \t"]) * rng.randint(1, 50)
    if k == "partial_header":
        return rng.choice([b"Content-Len", b"Content-Length", b"content-length:", b"Content-Length: 1"])
    if k == "tiny_message":
        return b"Content-Length: %d\r\n\r\n" % 5 + rng.choice([b"hello", b"{}{}{", b"\x00\x00\x00\x00\x00", b"nullx"])
    if k == "headers_only":
        return b"Content-Type: x\r\n\r\n"
    return b"x" * rng.choice([9000, 70000])  # past the framer's header limit


def framing_case(args, seed, verbose=False):
    rng = random.Random(seed)
    ws = TMP / "framing-ws"
    if not (ws / "a.labelspec").exists():
        (ws / "sub").mkdir(parents=True, exist_ok=True)
        (ws / "labelspec.json").write_text("{}")
        (ws / "a.labelspec").write_text('style S { font: .body }\nlabel A: S { text: "a" }\n')
        (ws / "sub" / "b.labelspec").write_text('label B: S { text: "b"; width: 20 }\n')
    root = ws.as_uri()
    uris = [root + "/a.labelspec", root + "/sub/b.labelspec", root + "/n.labelspec", "untitled:1", "file:///%ff",
            "not a uri", ""]
    caps = lsp_bench.client_capabilities(pull=rng.random() < 0.5)
    head = [frame(encode({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
        "processId": None, "rootUri": root, "capabilities": caps, "workspaceFolders": [{"uri": root, "name": "ws"}]}})),
        frame(encode({"jsonrpc": "2.0", "method": "initialized", "params": {}}))]
    kinds = []
    max_over = 512
    middle = []
    ids = []
    for msg in framing_session(rng, root, uris):
        if "id" in msg:
            ids.append(msg["id"])
        body = encode(msg)
        if rng.random() < 0.1 and ids:  # a duplicate id
            msg = dict(msg, id=rng.choice(ids))
            body = encode(msg)
            kinds.append("dup_request_id")
        if rng.random() < 0.35:
            middle.append(corrupt_frame(rng, body, kinds, max_over))
        else:
            middle.append(frame(body))
        if rng.random() < 0.15:
            middle.append(garbage(rng, kinds))
    # Newlines between the middle and the tail: whatever a body declared too long swallows (at
    # most max_over bytes) comes out of them, and a header block still open ends in them.
    pad = b"\r\n" * max_over
    tail_a = frame(encode({"jsonrpc": "2.0", "id": "tail-symbol", "method": "workspace/symbol", "params": {"query": ""}}))
    tail_b = frame(encode({"jsonrpc": "2.0", "id": "tail-shutdown", "method": "shutdown", "params": None}))
    tail_exit = frame(encode({"jsonrpc": "2.0", "method": "exit", "params": None}))
    exit_at_once = rng.random() < 0.5
    stdin = b"".join(head + middle) + pad + tail_a + tail_b + (tail_exit if exit_at_once else b"")

    proc = subprocess.Popen([args.bin, "lsp"], cwd=str(TMP), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, bufsize=0)
    out = bytearray()
    err = bytearray()
    got = threading.Event()
    lock = threading.Lock()
    state = {"replies": {}}

    def reader():
        fd = proc.stdout.fileno()
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            with lock:
                out.extend(chunk)
                msgs, _, _ = parse_frames(bytes(out), final=False)
                for m in msgs:
                    if isinstance(m, dict) and "id" in m and "method" not in m and isinstance(m["id"], str):
                        state["replies"][m["id"]] = m
            got.set()
        state["eof"] = True
        got.set()

    def err_reader():
        for line in proc.stderr:
            err.extend(line)
            del err[:-20000]

    threading.Thread(target=reader, daemon=True).start()
    threading.Thread(target=err_reader, daemon=True).start()
    problems = []
    sent = bytearray()

    def write(data):
        sent.extend(data)
        proc.stdin.write(data)

    try:
        pos = 0
        while pos < len(stdin):  # random-sized pieces, now and then a pause so the reads split
            n = rng.choice([1, 7, 100, 4096, 65536, len(stdin)])
            write(stdin[pos:pos + n])
            pos += n
            if rng.random() < 0.05:
                time.sleep(0.002)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with lock:
                if "tail-shutdown" in state["replies"] or state.get("eof"):
                    break
            got.wait(0.2)
            got.clear()
        with lock:
            replies = dict(state["replies"])
        for rid in ("tail-symbol", "tail-shutdown"):
            if rid not in replies:
                problems.append(f"no reply to {rid} within 20 s (process {'alive' if proc.poll() is None else 'exited ' + str(proc.returncode)})")
            elif "result" not in replies[rid]:
                problems.append(f"{rid} answered with an error: {json.dumps(replies[rid])[:300]}")
        if not exit_at_once and proc.poll() is None:
            write(tail_exit)
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=20)
            if proc.returncode != 0:
                problems.append(f"exit code {proc.returncode} after shutdown + exit")
        except subprocess.TimeoutExpired:
            problems.append("the process did not end within 20 s of exit")
            proc.kill()
            proc.wait()
    except (BrokenPipeError, OSError) as e:
        problems.append(f"the server stopped reading: {e!r} (exit {proc.poll()})")
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    for _ in range(100):  # the reader's last chunk
        if state.get("eof"):
            break
        time.sleep(0.05)
    with lock:
        data = bytes(out)
    _, _, frame_problems = parse_frames(data, final=True)
    problems += frame_problems
    if proc.returncode is not None and proc.returncode < 0:
        problems.append(f"killed by signal {-proc.returncode}")
    if b"Fatal error" in err:
        problems.append("'Fatal error' on stderr")
    if verbose:
        print(f"corruptions: {kinds}\nstderr tail:\n{bytes(err[-3000:]).decode('utf-8', 'replace')}")
    if problems:
        note = (f"part framing, case seed {seed}: {problems[0]}\nall problems:\n  " + "\n  ".join(problems[:20])
                + f"\ncorruptions: {kinds}\nexit written at once: {exit_at_once}\n"
                f"reproduce: cd {TMP} && {args.bin} lsp < stdin.bin > stdout.bin   (the workspace: {ws})\n"
                f"replay: python3 Tests/fuzz/campaign.py --bin {args.bin} --replay framing:{seed}\n"
                f"stderr tail:\n{bytes(err[-3000:]).decode('utf-8', 'replace')}")
        d = save_finding("framing", seed, note, {"stdin.bin": bytes(sent), "stdout.bin": data, "stderr.txt": bytes(err)})
        raise Failure(f"{problems[0][:300]} (saved {d})")
    return f"{len(middle)} frames, {len(kinds)} corruptions"


# ------------------------------------------------------------------------------------------------
# Part 3: the CLI on hostile files

WORDS = ["label", "style", "text", "width", "height", "font", "numberOfLines", "lineBreakMode", "textColor",
         "adjustsFontSizeToFitWidth", "minimumScaleFactor", "shadowOffset", "shadowColor", "labelStyle", "icon",
         "textAlignment", "baselineAdjustment", "minimumFontSize", "verticalAlignment", "preferredMaxLayoutWidth",
         "allowsDefaultTighteningForTruncation", "isEnabled", "highlightedTextColor", "adjustsLetterSpacingToFitWidth",
         "backgroundColor", "adjustsFontForContentSizeCategory", ".systemGroupedBackground", ".tertiaryLabel",
         ".body", ".headline", ".largeTitle", ".caption1", ".byWordWrapping", ".byTruncatingTail", ".byClipping",
         ".byCharWrapping", ".iconOnly", ".titleAndIcon", ".automatic", ".secondaryLabel", ".label",
         ".systemImage(\"star\")", ".localized(\"k\")", ".custom(\"Inter\", size: 17)", ".system(size: 12, weight: .bold)",
         "true", "false", "0", "1", "-1", "0.5", "1.5", "1e308", "1e-308", "99999999999999999999", "-0", "0x10", "NaN",
         "#FF8800", "#FFF", "#GG0000", "#", "\"\"", "\"hi\"", "\"Alexandra Fitzgerald-Montgomery\"", "\"é😀\u202e\u0301\"",
         "\"\\u{1F600}\"", "\"\\n\\t\\\"\"", "\"unterminated", "A", "B", "X", "Caption", "_", "$", "@", "\\",
         "{", "}", "(", ")", "[", "]", ":", ";", ",", ".", "=", "\n", "\r\n", "\r", " ", "\t", "// comment\n",
         "/* block */", "/*", "*/", "/* /* nested */ */",
         # Issue 26: lengths that follow the screen.
         ".screen", ".safeArea", ".margins", ".min(.margins, 600)", ".max(", ".sizeClass(compact: .margins, regular: 600)",
         "+", "-", "*", "/", " - ", " * ", "(.screen - 48) / 2", ".screen -32", ".screen-32", ".screen / 0", ".margins - 400",
         "width: .screen - 32", "preferredMaxLayoutWidth: .margins"]
ODD_BYTES = [b"\x00", b"\xef\xbb\xbf", b"\xff", b"\xfe\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xe2\x80\xae",
             b"\x1b", b"\x7f", b"\x0c", b"\x0b", b"\r", b"\xe2\x80\xa8", b"\xcc\x81" * 30, b"\xf0\x9f\x98",
             b"\xe2\x80\x8d", b"\xf4\x8f\xbf\xbf"]


def examples():
    return sorted((REPO / "Examples").rglob("*.labelspec"))


def token_soup(rng):
    n = rng.choice([10, 100, 1000, 5000])
    return "".join(rng.choice(WORDS) + rng.choice(["", " ", "\n"]) for _ in range(n)).encode("utf-8")


def mutate(rng, data: bytes, log):
    b = bytearray(data)
    k = rng.choice(["flip", "flip", "insert", "delete", "truncate", "duplicate", "nest", "long_line", "odd_bytes",
                    "bom", "control", "nul", "cr", "numbers", "splice_words", "long_text", "grow", "unterminated",
                    "many_labels_long"])
    log.append(k)

    def at():
        return rng.randint(0, len(b))
    if k == "flip" and b:
        for _ in range(rng.randint(1, 20)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8) if rng.random() < 0.7 else rng.randrange(256)
    elif k == "insert":
        for _ in range(rng.randint(1, 20)):
            i = at()
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    elif k == "delete" and b:
        for _ in range(rng.randint(1, 10)):
            if not b:
                break
            i = rng.randrange(len(b))
            del b[i:i + rng.randint(1, 40)]
    elif k == "truncate":
        del b[at():]
    elif k == "duplicate" and b:
        i = rng.randrange(len(b))
        j = min(len(b), i + rng.randint(1, 500))
        b[at():at()] = b[i:j] * rng.randint(1, 20)
    elif k == "nest":
        n = rng.choice([65, 100, 1000, 10000, 100000])
        opener = rng.choice(["{", "[", "(", "{[(", "label X {", "style S: ", ".custom(", "[(", "text: ["])
        closer = {"{": "}", "[": "]", "(": ")"}
        close = "".join(closer.get(c, "") for c in reversed(opener))
        piece = (opener * n + (close * n if rng.random() < 0.5 else "")).encode()
        i = at()
        b[i:i] = piece
    elif k == "long_line":
        n = rng.choice([5000, 50000, 200000])
        piece = rng.choice([b"x" * n, b" " * n, b'text: "' + b"W" * n + b'"', b"// " + b"c" * n, b"9" * n,
                            b"." * n, b"\t" * n, "😀".encode() * (n // 4), b"a " * (n // 2), b"#" + b"F" * n])
        i = at()
        b[i:i] = piece
    elif k == "odd_bytes":
        for _ in range(rng.randint(1, 30)):
            i = at()
            b[i:i] = rng.choice(ODD_BYTES)
    elif k == "bom":
        boms = [b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xef\xbb"]
        if rng.random() < 0.5:
            b[0:0] = rng.choice(boms)
        else:
            i = at()
            b[i:i] = rng.choice(boms)
    elif k == "control":
        for _ in range(rng.randint(1, 30)):
            i = at()
            b[i:i] = bytes([rng.choice(list(range(0, 32)) + [127])])
    elif k == "nul":
        if rng.random() < 0.2:
            b = bytearray(b"\x00" * rng.choice([1, 1000, 100000]))
        else:
            for _ in range(rng.randint(1, 10)):
                i = at()
                b[i:i] = b"\x00"
    elif k == "cr":
        b = bytearray(bytes(b).replace(b"\n", rng.choice([b"\r", b"\r\r\n", b"\n\r", b"\x0b", b"\xe2\x80\xa8"])))
    elif k == "numbers":
        nums = [b"0", b"-0", b"1e308", b"1e309", b"-1e308", b"4.9e-324", b"99999999999999999999999999",
                b"0.0000000001", b"-99999999", b"1.", b".5", b"1e", b"1_000", b"NaN", b"inf", b"2147483648",
                b"9223372036854775808", b"-9223372036854775809"]
        b = bytearray(re.sub(rb"\b\d+(\.\d+)?\b", lambda m: rng.choice(nums), bytes(b)))
    elif k == "splice_words":
        for _ in range(rng.randint(1, 30)):
            i = at()
            b[i:i] = rng.choice(WORDS).encode()
    elif k == "long_text":
        n = rng.choice([1000, 20000, 100000])
        word = rng.choice([b"word ", b"W", "é😀".encode(), b"a\xcc\x81", b"\xe0\xb8\x81\xe0\xb8\xb2",  # Thai
                           "مرحبا ".encode(), "中文".encode(), b"\\n", b"-", b"\t"])
        lines = rng.choice([b"0", b"1", b"3", b"100000"])
        mode = rng.choice([b".byWordWrapping", b".byTruncatingTail", b".byTruncatingMiddle", b".byClipping",
                           b".byCharWrapping", b".byTruncatingHead"])
        shrink = rng.choice([b"", b"adjustsFontSizeToFitWidth: true\n minimumScaleFactor: 0.01\n"])
        b += (b'\nlabel Long%d {\n text: "' % rng.randrange(1000) + word * (n // len(word)) + b'"\n width: '
              + rng.choice([b"1", b"0.001", b"50", b"320", b"100000"]) + b"\n numberOfLines: " + lines
              + b"\n lineBreakMode: " + mode + b"\n" + shrink + b"}\n")
    elif k == "grow":
        target = rng.choice([20000, 50000, 100000, 200000])
        if b:
            b = bytearray((bytes(b) * (target // max(1, len(b)) + 1))[:target])
    elif k == "unterminated":
        b[at():at()] = rng.choice([b"/*", b'"', b"{", b"(", b"["])
    elif k == "many_labels_long":
        n = rng.choice([100, 300, 1000])
        b += b"".join(b'label L%d: S%d { text: "%s" width: %d numberOfLines: %d }\n'
                      % (i, i % 7, b"x " * rng.randint(0, 30), rng.randint(1, 400), rng.randint(0, 3))
                      for i in range(n))
    return bytes(b)


def interface_builder_input(rng):
    """A storyboard or xib of Tests/Fixtures/InterfaceBuilder with XML-minded mutations."""
    src = rng.choice(sorted((REPO / "Tests" / "Fixtures" / "InterfaceBuilder").rglob("*.[sx][ti][ob]*")))
    b = bytearray(src.read_bytes())
    for _ in range(rng.choice([0, 1, 2, 4, 8])):
        k = rng.choice(["flip", "cut", "dup", "insert"])
        at = rng.randrange(len(b) + 1)
        if k == "flip" and b:
            b[min(at, len(b) - 1)] = rng.choice(b'<>&"\'=/ \x00\xff\xc3;#')
        elif k == "cut":
            b = b[:at]
        elif k == "dup" and b:
            end = rng.randrange(at, len(b) + 1)
            b = b[:end] + b[at:end] * rng.randint(1, 50) + b[end:]
        else:
            b[at:at] = rng.choice([b'<label text="x">', b"&x;", b"<![CDATA[<label>]]>", b"<!-- <label -->", b"</label>",
                                   b'numberOfLines="-3" ', b'minimumScaleFactor="9" ', b"<!DOCTYPE d [<!ENTITY x \"y\">]>"])
    return bytes(b)


HOSTILE_PIECES = ["&#10;", "&#13;", "&#13;&#10;", "/*", "*/", "//", "&quot;", "\\", "{", "}", "labelspec:ignore",
                  "&#x2028;", "&#9;", "label Evil { text: &quot;x&quot; }", "%@", "%", "%%", "%1$@", "#FFF", "é", "اب", "🙂",
                  "'", ";", ":", "0", "1.5", "-3", "YES", "NO", "wordWrap", "tailTruncation", "UICTFontTextStyleBody",
                  "system", "bold", "&#x7F;", "&#x85;", "&#xFEFF;", "&amp;", "&lt;label&gt;"]
LABEL_ATTRIBUTES = ["id", "text", "userLabel", "numberOfLines", "lineBreakMode", "textAlignment", "minimumScaleFactor",
                    "minimumFontSize", "adjustsFontSizeToFit", "baselineAdjustment", "enabled", "highlighted",
                    "preferredMaxLayoutWidth", "adjustsFontForContentSizeCategory", "allowsDefaultTighteningForTruncation"]


def hostile_storyboard(rng):
    """A storyboard whose labels carry hostile attribute values (line breaks, comment markers,
    quotes, source text, format specifiers) in every attribute the translation reads: the bytes
    of Base.lproj/Main.storyboard, and a de.lproj/Main.strings for some of its ids (or None)."""
    def value():
        return "".join(rng.choice(HOSTILE_PIECES) for _ in range(rng.randint(1, 4)))
    labels, ids = [], []
    for n in range(rng.randint(1, 5)):
        attrs = {a: value() for a in LABEL_ATTRIBUTES if rng.random() < 0.5}
        if rng.random() < 0.6:
            attrs["id"] = "id-%d-%s" % (n, rng.choice(["a", "b&#10;c", "d*/e"]))
        ids.append(attrs.get("id"))
        children = '<rect key="frame" x="0" y="0" width="%s" height="21"/>' % (rng.choice(["120", "40"]) if rng.random() < 0.7 else value())
        if rng.random() < 0.5:
            children += '<fontDescription key="fontDescription" %s="%s" pointSize="%s"/>' % (
                rng.choice(["name", "family", "style", "type"]), value(), rng.choice(["17", value()]))
        for key in ("textColor", "backgroundColor", "shadowColor"):
            if rng.random() < 0.3:
                children += '<color key="%s" %s="%s"/>' % (key, rng.choice(["systemColor", "name", "white", "red"]), value())
        labels.append("<label%s>%s</label>" % ("".join(' %s="%s"' % kv for kv in attrs.items()), children))
    board = ('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" '
             'version="3.0"><scenes><scene sceneID="s"><objects><viewController id="vc"><view key="view" id="v"><subviews>\n'
             + "\n".join(labels) + "\n</subviews></view></viewController></objects></scene></scenes></document>\n")
    strings = None
    if rng.random() < 0.5:
        entries = []
        for i in ids:
            if i and rng.random() < 0.7:
                key = i.replace("&#10;", "\\n").replace("&quot;", '\\"')
                entries.append('"%s.text" = "%s";' % (key, rng.choice(["Heute 20% off", "Hallo %@ (%d) %% ", "Willkommen zurück in deiner Sammlung", "\\U00E9t\\351"])))
        strings = ("\n".join(entries) + "\n").encode()
    return board.encode(), strings


def random_specifier(rng):
    """A format specifier as a catalog might hold one, hostile or not: positions 0, huge and past
    Int; widths and precisions past Int32; flags, lengths, unknown conversions; substitutions."""
    if rng.random() < 0.1:
        return "%#@" + rng.choice(["n", "m", "x", "n@", ""]) + "@"
    if rng.random() < 0.1:
        return rng.choice(["%%", "%", "%$", "%1$", "%#", "%#@"])
    spec = "%"
    if rng.random() < 0.4:
        spec += rng.choice(["0", "1", "2", "9", "42", "9999", "10000", "1000000000", "9223372036854775807",
                            "99999999999999999999999"]) + "$"
    spec += "".join(rng.choice("-+ #0'") for _ in range(rng.choice([0, 0, 1, 3])))
    if rng.random() < 0.4:
        spec += rng.choice(["5", "05", "999", "1000", "100000000", "2147483647", "99999999999999999999"])
    if rng.random() < 0.3:
        spec += "." + rng.choice(["0", "2", "1000", "100000000", "2147483648"])
    spec += rng.choice(["", "", "l", "ll", "h", "hh", "q", "z"])
    return spec + rng.choice("@dDiuUoOxXfFeEgGaAsScCpkn")


def random_format(rng):
    parts = []
    for _ in range(rng.choice([0, 1, 2, 3, 8, 40])):
        parts.append(random_specifier(rng) if rng.random() < 0.6 else random_string(rng, rng.randint(0, 6)))
    return "".join(parts)


def catalog_input(rng):
    """A String Catalog of random format strings, plural and device variations and substitutions
    (random argNum, nested forms, many of them): the bytes of Localizable.xcstrings."""
    def unit(v):
        return {"stringUnit": {"state": rng.choice(["translated", "needs_review", "new"]), "value": v}}

    def localization():
        r = rng.random()
        if r < 0.4:
            return unit(random_format(rng))
        if r < 0.7:
            forms = {c: unit(random_format(rng)) for c in rng.sample(["zero", "one", "two", "few", "many", "other", "bogus"], rng.randint(1, 4))}
            return {"variations": {"plural": forms}}
        names = [rng.choice(["n", "m", "x", "s%d" % i]) for i in range(rng.choice([1, 2, 5, 45]))]
        subs = {}
        for name in names:
            forms = {c: unit(random_format(rng) + rng.choice(["%arg", "", "%#@" + rng.choice(names) + "@" * 2]))
                     for c in rng.sample(["zero", "one", "few", "other"], rng.randint(1, 4))}
            subs[name] = {"argNum": rng.choice([1, 2, 3, 0, -1, 9999, 10000, 10**9, 2**63 - 1, "1"]),
                          "formatSpecifier": rng.choice(["lld", "@", "d", "100000000lld", ".2f", "x"]),
                          "variations": {"plural": forms}}
        return {"stringUnit": {"state": "translated", "value": " ".join("%#@" + n + "@" for n in names) + random_format(rng)},
                "substitutions": subs}

    strings = {}
    for i in range(rng.choice([1, 2, 5])):
        strings["k%d" % i] = {"localizations": {loc: localization() for loc in rng.sample(["en", "de", "ar", "ja", "ru", "fr"], rng.randint(1, 4))}}
    return json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": strings}, ensure_ascii=rng.random() < 0.5).encode()


def strings_input(rng):
    """A `.strings` file of random entries, escapes (\\U, octal, the one-letter ones, a backslash at
    the end), comments (one maybe left open), unquoted strings, `"key";`, braces and stray
    characters, sometimes cut short or in UTF-16: the bytes of de.lproj/Localizable.strings."""
    pieces = ['"k%d" = "%s";\n', "k%d = v%s;\n", '"k%d";\n', "/* c %d %s */\n", "// c %d %s\n", "'k%d' = '%s';\n",
              '"k%d" "%s";\n', '"k%d" = "%s"\n', ";", "{", "}", "/*", '"', "\\", "\u2028", "(", "<"]
    escapes = ["\\t", "\\r", "\\n", "\\U00e9", "\\UD83D\\UDE00", "\\UD83D", "\\U", "\\101", "\\777", "\\351", "\\0", '\\"',
               "\\'", "\\\\", "\\x", "%@", "%lld", "é😀", ""]
    text = ""
    for i in range(rng.choice([1, 3, 10, 200])):
        piece = rng.choice(pieces)
        piece = piece.replace("%d", str(i)).replace("%s", "".join(rng.choice(escapes) for _ in range(rng.randint(0, 4))))
        text += piece
    if rng.random() < 0.2:
        text = text[: rng.randint(0, len(text))]
    if rng.random() < 0.2:
        return b"\xff\xfe" + text.encode("utf-16-le", "surrogatepass")
    return text.encode("utf-8", "surrogatepass")


def make_cli_input(rng):
    log = []
    if rng.random() < 0.7:
        src = rng.choice(examples())
        data = src.read_bytes()
        log.append(str(src.relative_to(REPO)))
        if rng.random() < 0.2:  # several examples at once
            for _ in range(rng.randint(1, 4)):
                data += rng.choice(examples()).read_bytes()
    else:
        data = token_soup(rng)
        log.append("token soup")
    for _ in range(rng.choice([0, 1, 1, 2, 3, 6])):
        data = mutate(rng, data, log)
    if len(data) > 2_000_000:
        data = data[:2_000_000]
        log.append("cut to 2 MB")
    return data, log


# Issue 33: widths that follow the screen near and past 100000 pt (the most a width may be), and
# `screens` entries with hostile or repeated names.
SCREEN_LENGTHS = [".screen * 254", ".screen * 255", ".screen * 100000", ".screen * 100000000000000000",
                  ".margins * 100000000000000000000000000000000000000", ".safeArea * 99999 / 99999",
                  ".sizeClass(compact: .screen - 32, regular: .screen * 1000)", ".max(.screen * 300, 100000)",
                  ".min(.screen * 100000000000000000, 5)", "(.screen - 48) / 0.0000001", "100000 + .screen - .screen"]
SCREEN_NAMES = ["Split", "iPhone 16", "iPhone SE (3rd generation)", "", "a\u0000b", "\u202eevil\u0007",
                '"quoted" \\ name', "\n<script>", "Zoomed"]
SCREEN_WIDTHS = [1, 320, 99_999.99, 100_000, 100_000.01, 1e17, 1e308, -1, 0, "320"]


def screens_input(rng):
    """(labelspec.json with random `screens`, labels whose widths follow the screen)."""
    entries = []
    # Half the time a list that can be used (distinct hostile names, widths up to 100000, exact
    # repeats): the labels are then measured on those screens.
    usable = rng.random() < 0.5
    for i in range(rng.choice([1, 2, 3, 8, 40])):
        kind = rng.random()
        name = rng.choice(SCREEN_NAMES + ["x" * rng.choice([64, 5000])])
        if usable and kind < 0.8:
            entries.append({"name": f"{i} {name}", "width": rng.choice([1, 320, 99_999.99, 100_000]),
                            "sizeClass": rng.choice(["compact", "regular"])})
            continue
        if kind < 0.55:
            entries.append({"name": name, "width": rng.choice(SCREEN_WIDTHS), "sizeClass": rng.choice(["compact", "regular"])})
        elif kind < 0.7:
            entries.append(name)  # a device's name, or none
        elif kind < 0.8:
            entries.append({"device": rng.choice(["iPhone 16", "iPad Air 13-inch (M3)"]),
                            "window": rng.choice(["1/3", "1/2", "2/3"])})
        else:
            entries.append(rng.choice(entries) if entries else "iPhone 16")  # an exact repeat
    config = json.dumps({"screens": entries}).encode()
    labels = "".join('label Screen%d { text: "Notifications and sounds\\nfor every conversation"; width: %s; '
                     "numberOfLines: %d; lineBreakMode: .byWordWrapping }\n"
                     % (i, rng.choice(SCREEN_LENGTHS), rng.choice([0, 1])) for i in range(3)).encode()
    return config, labels


def crash_summary(stderr: bytes):
    """The "Fatal error" line and the first frame in our sources of the crashed thread."""
    lines = stderr.decode("utf-8", "replace").splitlines()
    fatal = next((l.strip() for l in lines if "Fatal error" in l), None)
    crashed = next((i for i, l in enumerate(lines) if "crashed:" in l), 0)
    frame = next((re.sub(r".*0x[0-9a-f]+ ", "", l).strip() for l in lines[crashed:] if " at /" in l
                  and "/Sources/" in l), None)
    return "; ".join(x for x in (fatal, frame) if x) or stderr[-600:].decode("utf-8", "replace")


def run_cli(args, argv, cwd):
    t0 = time.perf_counter()
    try:
        p = subprocess.run([args.bin] + argv, cwd=str(cwd), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=CLI_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Failure(f"`labelspec {' '.join(argv)}` did not end within {CLI_TIMEOUT:.0f} s")
    dt = time.perf_counter() - t0
    rc = p.returncode
    if rc < 0 or rc >= 128 or rc not in (0, 1, 2) or b"Fatal error" in p.stderr:
        how = f"signal {-rc}" if rc < 0 else f"exit code {rc}"
        raise Failure(f"`labelspec {' '.join(argv)}` crashed ({how}): {crash_summary(p.stderr)}",
                      {"stderr.txt": p.stderr})
    return p, dt


class CLIStats:
    def __init__(self):
        self.timings = []  # (seed, kb, seconds of check, work seconds)
        self.baseline = None
        self.notes = collections.Counter()


def cli_case(args, seed, stats: CLIStats, verbose=False):
    rng = random.Random(seed)
    data, log = make_cli_input(rng)
    work = TMP / f"cli-{seed}"
    shutil.rmtree(work, ignore_errors=True)
    (work / "fmt").mkdir(parents=True)
    # Each folder its own namespace (a labelspec.json stops the search for a root here).
    config = rng.choice([b"{}", b"{}", (REPO / "Examples" / "labelspec.json").read_bytes(),
                         b'{ "severity": { "truncates": "off", "syntax": "warning" } }', b"{ nope"])
    # A labelspec.json that may be refused (exit 2): broken, or `screens` with problems.
    config_may_fail = config == b"{ nope"
    side = random.Random(seed ^ 0x33)  # its own draws: the other inputs of a seed stay as they were
    if side.random() < 0.15:
        config, labels = screens_input(side)
        config_may_fail = True
        data += b"\n" + labels
        log.append("screens and screen lengths (issue 33)")
        stats.notes["screens"] += 1
    for d in (work, work / "fmt"):
        (d / "labelspec.json").write_bytes(config)
    f = work / "case.labelspec"
    f.write_bytes(data)
    current = "?"
    try:
        small = len(data) <= 100_000
        # check, in each format; the text run is the one timed.
        json_codes = None
        for fmt in ["text", "json", "github", "sarif"]:
            argv = ["check", "--format", fmt, "case.labelspec"]
            if small and rng.random() < 0.15:
                argv += ["--content-size", "all"]
            if rng.random() < 0.1:
                argv += ["--deny-warnings"]
            current = " ".join(argv)
            p, dt = run_cli(args, argv, work)
            if fmt == "text" and len(argv) == 4:
                stats.timings.append((seed, len(data) / 1024, dt))
            if p.returncode == 2:
                if not config_may_fail:  # 2 is for usage errors and unreadable paths only
                    raise Failure(f"`{current}` exited 2 on a readable file: "
                                  f"{p.stderr[-500:].decode('utf-8', 'replace')}")
                continue
            if fmt in ("json", "sarif"):
                try:
                    out = strict_json(p.stdout)
                except Exception as e:  # noqa: BLE001
                    raise Failure(f"`{current}` printed invalid {fmt.upper()} ({e}): {p.stdout[:300]!r}")
                if fmt == "json":
                    if not isinstance(out, list):
                        raise Failure(f"`{current}` printed a {type(out).__name__}, not a list")
                    errors = sum(1 for d in out if d.get("severity") == "error")
                    warnings = sum(1 for d in out if d.get("severity") == "warning")
                    expected = 1 if errors or ("--deny-warnings" in argv and warnings) else 0
                    if p.returncode != expected:
                        raise Failure(f"`{current}` exited {p.returncode} with {errors} errors and {warnings} "
                                      f"warnings in its JSON (expected {expected})")
                    if len(argv) == 4:
                        json_codes = sorted(d["code"] for d in out)
        current = "measure"
        argv = ["measure", "case.labelspec"] + (["--format", "json"] if rng.random() < 0.5 else [])
        if small and rng.random() < 0.1:
            argv += ["--content-size", "all"]
        current = " ".join(argv)
        p, _ = run_cli(args, argv, work)
        if "json" in argv and p.returncode != 2:
            try:
                strict_json(p.stdout)
            except Exception as e:  # noqa: BLE001
                raise Failure(f"`{current}` printed invalid JSON ({e}): {p.stdout[:300]!r}")
        # Short paths (issue 33): one-character names, a folder with a slash, `.` and `..` (with
        # the case as `x` and `a/y.labelspec`), in any command and as --config, --baseline,
        # --out: an answer and an exit status, never a crash (run_cli fails on a signal).
        if rng.random() < 0.2:
            (work / "x").write_bytes(data)
            (work / "a").mkdir(exist_ok=True)
            (work / "a" / "y.labelspec").write_bytes(data)
            path = rng.choice(["x", "z", "a/", "./x", ".", "a/..", "a//", "./a/../x", "a/y.labelspec/.."])
            command = rng.choice(["check", "measure", "format --check", "render --out r -q", "render --out r/../r -q",
                                  "import", "check --config c", "check --baseline b", "measure --config x"])
            argv = command.split() + [path]
            current = " ".join(argv)
            p, _ = run_cli(args, argv, work)
            if p.returncode not in (0, 1, 2):
                raise Failure(f"`{current}` exited {p.returncode}")
            shutil.rmtree(work / "r", ignore_errors=True)
        # render (issue 27), sometimes: a report whose manifest is JSON, whose pictures are XML
        # files that exist, whose page's data holds no "<"; nothing left beside it.
        if small and rng.random() < 0.3:
            argv = ["render", "case.labelspec", "--out", "report", "-q"]
            current = " ".join(argv)
            p, _ = run_cli(args, argv, work)
            if p.returncode != 2:
                try:
                    manifest = strict_json((work / "report" / "manifest.json").read_bytes())
                except Exception as e:  # noqa: BLE001
                    raise Failure(f"`{current}` wrote an invalid manifest.json ({e})")
                for row in manifest:
                    svg = work / "report" / row["svg"]
                    try:
                        xml.etree.ElementTree.fromstring(svg.read_bytes())
                    except Exception as e:  # noqa: BLE001
                        raise Failure(f"`{current}`: {row['svg']} is not XML ({e})", {"picture.svg": svg.read_bytes()})
                page = (work / "report" / "index.html").read_text("utf-8")
                page_data = page.split('<script type="application/json" id="data">', 1)[1].split("</script>", 1)[0]
                if "<" in page_data:
                    raise Failure(f"`{current}`: the page's data holds a '<'")
            leftovers = [n.name for n in work.iterdir() if n.name.startswith(".report")]
            if leftovers:
                raise Failure(f"`{current}` left {leftovers} beside the report")
            shutil.rmtree(work / "report", ignore_errors=True)
        # format --check (or --diff) must leave the file as it is.
        argv = ["format", rng.choice(["--check", "--diff"]), "case.labelspec"]
        current = " ".join(argv)
        p, _ = run_cli(args, argv, work)
        if f.read_bytes() != data:
            raise Failure(f"`{current}` changed the file")
        # format a copy; format it again; check it.
        g = work / "fmt" / "case.labelspec"
        g.write_bytes(data)
        current = "format fmt/case.labelspec"
        p, _ = run_cli(args, ["format", "fmt/case.labelspec"], work)
        has_syntax = json_codes is not None and "syntax" in json_codes
        if p.returncode == 0:
            once = g.read_bytes()
            if has_syntax:
                raise Failure("`format` rewrote a file that check reports syntax errors in")
            current = "format fmt/case.labelspec (second time)"
            p2, _ = run_cli(args, ["format", "fmt/case.labelspec"], work)
            twice = g.read_bytes()
            if p2.returncode != 0 or twice != once:
                save_extra = {"once.labelspec": once, "twice.labelspec": twice}
                raise Failure(f"format is not idempotent (second run exit {p2.returncode}, "
                              f"{len(once)} -> {len(twice)} bytes)", save_extra)
            current = "format --check fmt/case.labelspec"
            p3, _ = run_cli(args, ["format", "--check", "fmt/case.labelspec"], work)
            if p3.returncode != 0:
                raise Failure(f"`format --check` on formatted text exits {p3.returncode}: {p3.stdout[:200]!r}",
                              {"formatted.labelspec": once})
            if json_codes is not None:
                current = "check --format json fmt/case.labelspec"
                p4, _ = run_cli(args, ["check", "--format", "json", "fmt/case.labelspec"], work)
                try:
                    after = sorted(d["code"] for d in strict_json(p4.stdout))
                except Exception as e:  # noqa: BLE001
                    raise Failure(f"`{current}` printed invalid JSON ({e}): {p4.stdout[:300]!r}")
                if after != json_codes:
                    diff = (collections.Counter(json_codes) - collections.Counter(after),
                            collections.Counter(after) - collections.Counter(json_codes))
                    raise Failure(f"format changed the diagnostics: lost {dict(diff[0])}, gained {dict(diff[1])}",
                                  {"formatted.labelspec": once})
            stats.notes["formatted"] += 1
        else:
            if g.read_bytes() != data:
                raise Failure(f"`format` exited {p.returncode} but changed the file")
            if p.returncode == 1 and json_codes is not None and not has_syntax:
                stats.notes["format refused a file without 'syntax' diagnostics"] += 1
            stats.notes["format refused"] += 1
        # String Catalogs: random format strings, variations and substitutions, measured in
        # every locale through check and measure.
        if rng.random() < 0.3:
            loc = work / "loc"
            loc.mkdir()
            catalog = catalog_input(rng)
            (loc / "labelspec.json").write_bytes(b"{}")
            (loc / "Localizable.xcstrings").write_bytes(catalog)
            labels = "".join('label L%d { text: .localized("k%d"); width: %d%s }\n' % (
                i, i, rng.choice([1, 80, 200]), rng.choice(["", "; numberOfLines: 0"])) for i in range(5))
            (loc / "case.labelspec").write_text(labels)
            saved = {"loc/Localizable.xcstrings": catalog, "loc/labelspec.json": b"{}", "loc/case.labelspec": labels}
            # A random .strings table beside it (issue 23: CoreFoundation's old-style syntax).
            if rng.random() < 0.5:
                strings = strings_input(rng)
                (loc / "de.lproj").mkdir()
                (loc / "de.lproj" / "Localizable.strings").write_bytes(strings)
                saved["loc/de.lproj/Localizable.strings"] = strings
                stats.notes["strings file"] += 1
            for argv in (["check", "--format", "json", "--locale", "all", "loc/case.labelspec"],
                         ["measure", "--locale", "all", "loc/case.labelspec"]):
                current = " ".join(argv)
                try:
                    p, _ = run_cli(args, argv, work)
                except Failure as e:
                    raise Failure(e.args[0], dict(e.args[1] if len(e.args) > 1 else {}, **saved))
                if argv[0] == "check":
                    try:
                        strict_json(p.stdout)
                    except Exception as e:  # noqa: BLE001
                        raise Failure(f"`{current}` printed invalid JSON ({e}): {p.stdout[:300]!r}", saved)
            stats.notes["string catalog"] += 1
        # Interface Builder: a mutated storyboard or xib through check, measure and import.
        if rng.random() < 0.3:
            ib = interface_builder_input(rng)
            name = rng.choice(["case.storyboard", "case.xib"])
            (work / name).write_bytes(ib)
            current = f"check --format json {name}"
            p, _ = run_cli(args, ["check", "--format", "json", name], work)
            if p.returncode != 2:
                try:
                    out = strict_json(p.stdout)
                except Exception as e:  # noqa: BLE001
                    raise Failure(f"`{current}` printed invalid JSON ({e}): {p.stdout[:300]!r}", {name: ib})
                errors = sum(1 for d in out if d.get("severity") == "error")
                if p.returncode != (1 if errors else 0):
                    raise Failure(f"`{current}` exited {p.returncode} with {errors} errors in its JSON", {name: ib})
            for argv in (["measure", name], ["import", name]):
                current = " ".join(argv)
                run_cli(args, argv, work)
            stats.notes["interface builder"] += 1
        # Hostile attribute values (issue 23): the import parses without a syntax error and
        # `check` of it reports the storyboard's own findings, code and message for each.
        if rng.random() < 0.3:
            board, strings = hostile_storyboard(rng)
            hb = work / "hostile"
            (hb / "Base.lproj").mkdir(parents=True, exist_ok=True)
            (hb / "Base.lproj" / "Main.storyboard").write_bytes(board)
            saved = {"hostile/Base.lproj/Main.storyboard": board}
            if strings is not None:
                (hb / "de.lproj").mkdir(parents=True, exist_ok=True)
                (hb / "de.lproj" / "Main.strings").write_bytes(strings)
                saved["hostile/de.lproj/Main.strings"] = strings
            current = "import Base.lproj/Main.storyboard -o Main.labelspec"
            p, _ = run_cli(args, ["import", "Base.lproj/Main.storyboard", "-o", "Main.labelspec"], hb)
            if p.returncode == 0:
                def findings(argv):
                    q, _ = run_cli(args, argv, hb)
                    try:
                        return sorted((d["code"], d["message"]) for d in strict_json(q.stdout))
                    except Exception as e:  # noqa: BLE001
                        raise Failure(f"`{' '.join(argv)}` printed invalid JSON ({e}): {q.stdout[:300]!r}", saved)
                current = "check --format json Main.labelspec"
                source = findings(["check", "--format", "json", "Main.labelspec"])
                if any(code == "syntax" for code, _ in source):
                    raise Failure("the import of a storyboard has syntax errors", saved)
                current = "check --format json --locale all Base.lproj/Main.storyboard"
                own = findings(["check", "--format", "json", "--locale", "all", "Base.lproj/Main.storyboard"])
                # With a .strings the storyboard is measured in its translations too, which the
                # import (texts as literals, no catalog) is not.
                if strings is None:
                    if own != source:
                        raise Failure(f"check of the storyboard and of its import disagree: {own[:3]} vs {source[:3]}", saved)
            stats.notes["hostile storyboard"] += 1
    except Failure as e:
        extra = e.args[1] if len(e.args) > 1 else {}
        note = (f"part cli, case seed {seed}: {e.args[0]}\ninput: {' + '.join(log)} ({len(data)} bytes)\n"
                f"labelspec.json: {config!r}\n"
                f"reproduce: cd {FINDINGS}/cli-{seed} && {args.bin} {current.replace('fmt/', '')}\n"
                f"replay: python3 Tests/fuzz/campaign.py --bin {args.bin} --replay cli:{seed}")
        d = save_finding("cli", seed, note, dict({"case.labelspec": data, "labelspec.json": config}, **extra))
        raise Failure(f"{e.args[0][:300]} (saved {d})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return f"{len(data)} bytes, {' + '.join(log)}"


def cli_baseline(args):
    d = TMP / "cli-baseline"
    d.mkdir(parents=True, exist_ok=True)
    (d / "labelspec.json").write_text("{}")
    (d / "case.labelspec").write_text("")
    times = []
    for _ in range(5):
        times.append(run_cli(args, ["check", "--format", "text", "case.labelspec"], d)[1])
    return min(times)


def superlinear(args, stats: CLIStats):
    """Cases whose check took over 10x the median per-KB time (less the empty file's time)."""
    if len(stats.timings) < 20:
        return [], 0.0
    base = stats.baseline
    # Per KB of work (the time less an empty file's), over files of 8 KB or more (below that the
    # process's start is most of the time); a file counts as at least 8 KB.
    per_kb = [max(0.0, t - base) / max(kb, 8.0) for _, kb, t in stats.timings]
    sized = [c for (_, kb, _), c in zip(stats.timings, per_kb) if kb >= 8] or per_kb
    med = statistics.median(sized)
    found = []
    for (seed, kb, t), c in zip(stats.timings, per_kb):
        if c > 10 * med and t - base > 0.25:
            # confirm: the file again (the case regenerates from its seed), twice more
            data, log = make_cli_input(random.Random(seed))
            d = TMP / f"slow-{seed}"
            d.mkdir(parents=True, exist_ok=True)
            (d / "labelspec.json").write_text("{}")
            (d / "case.labelspec").write_bytes(data)
            again = min(run_cli(args, ["check", "--format", "text", "case.labelspec"], d)[1] for _ in range(2))
            shutil.rmtree(d, ignore_errors=True)
            if (again - base) / max(kb, 8.0) > 10 * med and again - base > 0.25:
                note = (f"part cli, case seed {seed}: possible superlinear input: {len(data)} bytes "
                        f"({kb:.1f} KB) checked in {again:.2f} s (empty file {base:.3f} s); median "
                        f"{med * 1000:.3f} ms per KB over {len(per_kb)} cases, this one "
                        f"{(again - base) / max(kb, 8.0) * 1000:.3f} ms per KB\ninput: {' + '.join(log)}\n"
                        f"reproduce: cd {FINDINGS}/cli-slow-{seed} && time {args.bin} check case.labelspec")
                save_finding("cli-slow", seed, note, {"case.labelspec": data, "labelspec.json": b"{}"})
                found.append((seed, kb, again, note.splitlines()[0]))
    return found, med


# ------------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--seed", type=int, default=None, help="master seed (default: random, printed)")
    ap.add_argument("--bin", default=str(REPO / ".build" / "debug" / "labelspec"))
    ap.add_argument("--parts", default="lsp,framing,cli")
    ap.add_argument("--replay", help="PART:CASESEED: run one case again, verbosely")
    args = ap.parse_args()
    args.bin = os.path.abspath(args.bin)
    if not os.access(args.bin, os.X_OK):
        sys.exit(f"no labelspec binary at {args.bin}: swift build --product labelspec")
    TMP.mkdir(parents=True, exist_ok=True)
    FINDINGS.mkdir(parents=True, exist_ok=True)
    if args.replay:
        part, _, s = args.replay.partition(":")
        seed = int(s)
        try:
            if part == "lsp":
                print(lsp_case(args, seed, verbose=True))
            elif part == "framing":
                print(framing_case(args, seed, verbose=True))
            elif part in ("cli", "cli-slow"):
                stats = CLIStats()
                print(cli_case(args, seed, stats, verbose=True), stats.timings)
            else:
                sys.exit(f"unknown part {part}")
        except Failure as e:
            print(f"FAIL {part}:{seed}: {e}")
            sys.exit(1)
        print("ok")
        return

    master = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    parts = [p for p in args.parts.split(",") if p]
    binary_sha = hashlib.sha256(open(args.bin, "rb").read()).hexdigest()[:12]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout.strip()
    print(f"fuzz campaign: seed {master}, {args.minutes:g} minutes, parts {','.join(parts)}, binary {args.bin} "
          f"(sha256 {binary_sha}), commit {commit}", flush=True)
    t_start = time.monotonic()
    total = args.minutes * 60
    share_sum = sum(SHARES[p] for p in parts)
    results = {}
    stats = CLIStats()
    for i, part in enumerate(parts):
        # each part runs until its share of what is left is spent
        left = total - (time.monotonic() - t_start)
        budget = left * SHARES[part] / sum(SHARES[p] for p in parts[i:])
        t_part = time.monotonic()
        end = t_part + budget
        cases, failures = 0, []
        if part == "cli":
            stats.baseline = cli_baseline(args)
        seeds = case_seeds(master, part)
        while time.monotonic() < end:
            seed = next(seeds)
            cases += 1
            try:
                if part == "lsp":
                    lsp_case(args, seed)
                elif part == "framing":
                    framing_case(args, seed)
                else:
                    cli_case(args, seed, stats)
            except Failure as e:
                failures.append((seed, str(e)))
                print(f"  FAIL {part} case seed {seed}: {e}", flush=True)
            except Exception as e:  # noqa: BLE001 - a bug in the campaign itself
                failures.append((seed, f"campaign error: {e!r}"))
                print(f"  CAMPAIGN ERROR {part} case seed {seed}:\n{traceback.format_exc()}", flush=True)
        extra = ""
        if part == "cli":
            try:
                found, med = superlinear(args, stats)
            except Exception:  # noqa: BLE001 - a bug in the campaign itself
                print(f"  CAMPAIGN ERROR in the superlinear pass:\n{traceback.format_exc()}", flush=True)
                failures.append((0, "campaign error in the superlinear pass"))
                found, med = [], 0.0
            for seed, kb, t, line in found:
                failures.append((seed, line))
                print(f"  SLOW cli case seed {seed}: {kb:.1f} KB in {t:.2f} s", flush=True)
            sizes = [kb for _, kb, _ in stats.timings]
            extra = (f"; check: empty file {stats.baseline * 1000:.0f} ms, median {med * 1000:.3f} ms/KB, "
                     f"inputs {min(sizes, default=0):.1f}-{max(sizes, default=0):.0f} KB; "
                     + ", ".join(f"{k}: {v}" for k, v in sorted(stats.notes.items())))
        results[part] = (cases, failures, time.monotonic() - t_part, extra)
        print(f"{part}: {cases} cases, {len(failures)} failures, {time.monotonic() - t_part:.0f} s{extra}", flush=True)
    elapsed = time.monotonic() - t_start
    print("\n== summary ==")
    print(f"seed {master}, commit {commit}, binary sha256 {binary_sha}, total {elapsed / 60:.1f} min")
    failed = False
    for part, (cases, failures, secs, extra) in results.items():
        print(f"{part:8} {cases:6} cases  {len(failures):3} failures  {secs:6.0f} s{extra}")
        for seed, why in failures:
            failed = True
            print(f"    seed {seed}: {why}")
    if failed:
        print(f"reproductions under {FINDINGS}/; rerun one case with --replay PART:SEED")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
