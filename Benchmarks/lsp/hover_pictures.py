#!/usr/bin/env python3
"""Hovers with pictures against hovers without, on a localized label (issue 27).

Two servers in one run, alternating hover by hover: one initialized as "Visual Studio Code"
(its hovers carry the label's pictures: the opening variant and the worst failing one, as
`data:image/svg+xml` images) and one as "lsp_bench" (the boxes of characters). Each times N
hovers on the name of a label of Examples/Translations, from the request's write to the reply's
last byte (lsp_bench.py's client), and prints p50 / p99 / max in ms, the pictures per hover and
the hover's size.

Usage: python3 Benchmarks/lsp/hover_pictures.py --server-bin .build/release/labelspec
       [--file Examples/Translations/Store.labelspec] [--label StorageBanner] [--hovers 300]
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_bench  # noqa: E402


def start(binary, root, name, path):
    client = lsp_bench.Client([binary, "lsp"], cwd=root)
    lsp_bench.CLIENT_NAME = name
    rid = client.send_request("initialize", {
        "processId": os.getpid(), "clientInfo": {"name": name, "version": "1"},
        "rootUri": "file://" + root, "workspaceFolders": [{"uri": "file://" + root, "name": "ws"}],
        "capabilities": lsp_bench.client_capabilities(False),
    })
    client.wait_reply(rid, "initialize", timeout=120)
    client.notify("initialized", {})
    uri = "file://" + path
    with open(path, encoding="utf-8") as f:
        text = f.read()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "labelspec", "version": 1, "text": text}})
    return client, uri, text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server-bin", required=True)
    ap.add_argument("--file", default="Examples/Translations/Store.labelspec")
    ap.add_argument("--label", default="StorageBanner")
    ap.add_argument("--hovers", type=int, default=300)
    args = ap.parse_args()
    path = os.path.abspath(args.file)
    root = os.path.dirname(path)
    binary = os.path.abspath(args.server_bin)
    servers = {name: start(binary, root, name, path) for name in ("Visual Studio Code", "lsp_bench")}
    times = {name: [] for name in servers}
    sizes = {}
    for k in range(args.hovers + 10):
        for name, (client, uri, text) in servers.items():
            line = next(i for i, l in enumerate(text.splitlines()) if l.startswith("label " + args.label))
            dt, result = client.request("textDocument/hover", {
                "textDocument": {"uri": uri}, "position": {"line": line, "character": 8}})
            value = result["contents"]["value"] if isinstance(result["contents"], dict) else str(result["contents"])
            sizes[name] = (value.count("data:image/svg+xml"), len(value))
            if k >= 10:  # the first hovers measure every layout once
                times[name].append(dt * 1000)
    for name, ts in times.items():
        ts.sort()
        p99 = ts[min(len(ts) - 1, int(len(ts) * 0.99))]
        pictures, chars = sizes[name]
        print(f"{name:20s} hover p50 / p99 / max {statistics.median(ts):.2f} / {p99:.2f} / {ts[-1]:.2f} ms"
              f"  ({pictures} pictures, {chars} characters, n {len(ts)})")
    for client, _, _ in servers.values():
        client.proc.kill()


if __name__ == "__main__":
    main()
