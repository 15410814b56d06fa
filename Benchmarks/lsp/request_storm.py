#!/usr/bin/env python3
"""Many requests that measure, sent at once: time and memory stay those of one (issue 25).

    python3 Benchmarks/generate_locales.py --out /tmp/loc480
    python3 Benchmarks/lsp/request_storm.py --server-bin .build/release/labelspec --workspace /tmp/loc480 \
        [--baseline-bin OLD/labelspec] [--count 40] [--method textDocument/diagnostic]

A server driven as VS Code drives it (it pulls) opens the workspace's `Labels.labelspec`, waits
for indexing, then gets COUNT requests of METHOD on it at once (pulls, code actions, hovers or
inlay hints over the whole document), then a `documentSymbol`. Printed per server: the time until
every reply arrived, when the symbols reply arrived, and the server's peak RSS (VmHWM). Requests
that measure a whole document run one after another, each reading its snapshot when its turn
comes: forty pulls cost about one (the next finds the layouts the first kept), where forty
snapshots taken at once measured the document forty times over and held forty snapshots.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_bench as lb  # noqa: E402
import side_by_side  # noqa: E402


def storm(binary, root, count, method):
    doc, _ = side_by_side.workspace_document(root)
    client, _, _ = lb.start([binary, "lsp"], doc, pull=True)
    try:
        client.request("textDocument/foldingRange", {"textDocument": {"uri": doc.uri}}, timeout=300)  # indexed
        params = {"textDocument": {"uri": doc.uri}, "position": {"line": 0, "character": 7},
                  "range": {"start": {"line": 0, "character": 0}, "end": {"line": 10 ** 6, "character": 0}},
                  "context": {"diagnostics": []}}
        t0 = time.perf_counter()
        ids = [client.send_request(method, params) for _ in range(count)]
        symbols = client.send_request("textDocument/documentSymbol", {"textDocument": {"uri": doc.uri}})
        last = max(client.wait_reply(i, method, timeout=600).t_last for i in ids)
        t_symbols = client.wait_reply(symbols, "symbols", timeout=600).t_last
        return {"all_s": last - t0, "symbols_ms": (t_symbols - t0) * 1000, "peak_rss_mb": round(client.peak_rss_kb() / 1024.0, 1)}
    finally:
        client.close()


def main():
    args = side_by_side.arguments(__doc__, count=(int, 40), method=(str, "textDocument/diagnostic"))
    root, servers = args.workspace, args.servers
    load_before = os.getloadavg()
    results = {name: storm(binary, root, args.count, args.method) for name, binary in servers}
    load_after = os.getloadavg()
    print(json.dumps(results | {"method": args.method, "count": args.count, "load_before": load_before, "load_after": load_after}))
    print()
    print("%d × %s at once, then documentSymbol; load %s -> %s" % (
        args.count, args.method, "/".join("%.2f" % x for x in load_before), "/".join("%.2f" % x for x in load_after)))
    print()
    print("| server | every reply (s) | symbols reply (ms) | peak RSS (MB) |\n|---|---|---|---|")
    for name, r in results.items():
        print("| %s | %.1f | %.0f | %.0f |" % (name, r["all_s"], r["symbols_ms"], r["peak_rss_mb"]))


if __name__ == "__main__":
    main()
