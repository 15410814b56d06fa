#!/usr/bin/env python3
"""Watched-file storms (issue 23, point 9): how long a hover waits while the server is told, again
and again, that a large String Catalog changed on disk.

A workspace holds a String Catalog of --catalog-mb megabytes, a labelspec.json and one
.labelspec file that uses the catalog. After the first push, each round sends N
`workspace/didChangeWatchedFiles` notifications naming the catalog back to back, then a hover,
and times the hover from when it is sent to when the last byte of its reply arrives (a reader
thread stamps bytes as they come). N = 0 is the floor: a hover with nothing else to do.
Each server named (--server-bin, repeatable: `before=PATH after=PATH`) runs the same rounds,
alternating, in this one run. Python standard library only.

    python3 Benchmarks/lsp/watch_storm.py --server-bin before=/tmp/old/labelspec \
        --server-bin after=.build/debug/labelspec --catalog-mb 100 --storms 0,1,5 --rounds 5
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time


def write_catalog(path, megabytes):
    """A String Catalog of about `megabytes` MB: keys k0… with an English and a German unit."""
    target = megabytes * 1_000_000
    with open(path, "w", encoding="utf-8") as f:
        f.write('{\n  "sourceLanguage" : "en",\n  "strings" : {\n')
        written, i = 0, 0
        while written < target:
            entry = ('    "k%d" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : '
                     '"Share your sketches, voice memos and photos %d" } }, "de" : { "stringUnit" : { "state" : '
                     '"translated", "value" : "Teile Skizzen, Sprachmemos und Fotos %d" } } } }' % (i, i, i))
            f.write((",\n" if i else "") + entry)
            written += len(entry) + 2
            i += 1
        f.write("\n  }\n}\n")
    return i


class Server:
    def __init__(self, binary, folder):
        self.proc = subprocess.Popen([binary, "lsp"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.lock = threading.Condition()
        self.messages = []  # (message, time its last byte arrived)
        threading.Thread(target=self.read, daemon=True).start()
        self.next_id = 1

    def read(self):
        buffer = b""
        fd = self.proc.stdout.fileno()
        while True:
            chunk = os.read(fd, 1 << 20)
            stamp = time.perf_counter()
            if not chunk:
                return
            buffer += chunk
            while True:
                end = buffer.find(b"\r\n\r\n")
                if end < 0:
                    break
                length = int([l for l in buffer[:end].split(b"\r\n") if l.lower().startswith(b"content-length")][0].split(b":")[1])
                if len(buffer) < end + 4 + length:
                    break
                body = buffer[end + 4:end + 4 + length]
                buffer = buffer[end + 4 + length:]
                with self.lock:
                    self.messages.append((json.loads(body), stamp))
                    self.lock.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return time.perf_counter()

    def request(self, method, params):
        self.next_id += 1
        return self.next_id, self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})

    def wait(self, test, timeout=600):
        deadline = time.time() + timeout
        with self.lock:
            while True:
                for m, stamp in self.messages:
                    if test(m):
                        return m, stamp
                left = deadline - time.time()
                if left <= 0:
                    raise TimeoutError("no such message")
                self.lock.wait(left)

    def close(self):
        i, _ = self.request("shutdown", None)
        self.wait(lambda m: m.get("id") == i)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.proc.wait(timeout=60)


def run(binary, folder, storms, rounds):
    server = Server(binary, folder)
    root = "file://" + folder
    i, _ = server.request("initialize", {"rootUri": root, "capabilities": {}})
    server.wait(lambda m: m.get("id") == i)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = root + "/a.labelspec"
    text = 'label A {\n    text: .localized("k1")\n    width: 120\n}\n'
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "labelspec", "version": 1, "text": text}}})
    server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    out = {}
    for n in storms:
        times = []
        for _ in range(rounds):
            for _ in range(n):
                server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                             "params": {"changes": [{"uri": root + "/Localizable.xcstrings", "type": 2}]}})
            i, sent = server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 6}})
            _, arrived = server.wait(lambda m: m.get("id") == i)
            times.append((arrived - sent) * 1000)
            # The reads the storm started end before the next round.
            time.sleep(0.2)
            j, _ = server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
            server.wait(lambda m: m.get("id") == j)
        out[n] = times
    server.close()
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server-bin", action="append", required=True, help="NAME=PATH (repeatable)")
    parser.add_argument("--catalog-mb", type=int, default=100)
    parser.add_argument("--storms", default="0,1,5")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    servers = [s.split("=", 1) for s in args.server_bin]
    storms = [int(s) for s in args.storms.split(",")]
    folder = tempfile.mkdtemp(prefix="watch-storm-")
    try:
        keys = write_catalog(os.path.join(folder, "Localizable.xcstrings"), args.catalog_mb)
        with open(os.path.join(folder, "labelspec.json"), "w") as f:
            f.write("{}\n")
        size = os.path.getsize(os.path.join(folder, "Localizable.xcstrings"))
        print(f"catalog: {size:,} bytes, {keys:,} keys; load average {os.getloadavg()[0]:.2f}")
        results = {name: {n: [] for n in storms} for name, _ in servers}
        for _ in range(2):  # two passes, servers alternating
            for name, binary in servers:
                for n, times in run(binary, folder, storms, args.rounds).items():
                    results[name][n] += times
        print("| server | notifications before the hover | hover p50 ms | max ms | samples |")
        print("|---|---|---|---|---|")
        for name, _ in servers:
            for n in storms:
                t = sorted(results[name][n])
                print(f"| {name} | {n} | {statistics.median(t):.1f} | {t[-1]:.1f} | {len(t)} |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
