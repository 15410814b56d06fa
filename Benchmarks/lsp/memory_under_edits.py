#!/usr/bin/env python3
"""Memory of `labelspec lsp` under full-text changes (issue 10, point 8).

    python3 Benchmarks/lsp/memory_under_edits.py --server-bin .build/release/labelspec

Opens a generated 200 KB document (Benchmarks/generate.py --size 200000) and sends 200
full-text changes of it (each a different text of the same size), then prints the server's
resident memory (VmRSS) after 20, 100 and 200 changes. A server that frees replaced documents
stays flat; one that keeps them grows by about a megabyte per change.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server-bin", required=True)
    ap.add_argument("--changes", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "d.labelspec")
        subprocess.run([sys.executable, os.path.join(HERE, "..", "generate.py"), "--size", "200000", "--out", path],
                       check=True, stdout=subprocess.DEVNULL)
        text = open(path).read()
    p = subprocess.Popen([args.server_bin, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)

    def send(o):
        b = json.dumps(o).encode()
        p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
        p.stdin.flush()

    def rss_mb():
        with open(f"/proc/{p.pid}/status") as f:
            return int(f.read().split("VmRSS:")[1].split()[0]) // 1024

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
    uri = "file:///nonexistent/d.labelspec"  # no folder on disk: the document alone
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "labelspec", "version": 1, "text": text}}})
    marks = {20, 100, args.changes}
    for v in range(2, args.changes + 2):
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": v},
                         "contentChanges": [{"text": text.replace("Row", "R%d" % v)}]}})
        if v - 1 in marks:
            time.sleep(1.5)  # the debounced push and its measuring settle
            print(json.dumps({"changes": v - 1, "rss_mb": rss_mb()}))
    p.kill()


if __name__ == "__main__":
    main()
