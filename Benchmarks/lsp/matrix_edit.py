#!/usr/bin/env python3
"""Issue 12's server figure: after an edit to one label, its whole locale × size matrix measured
again, timed through a real client.

    python3 Benchmarks/generate_locales.py --out /tmp/loc480
    python3 Benchmarks/lsp/matrix_edit.py --server-bin .build/release/labelspec --workspace /tmp/loc480 [--edits 200]

The workspace (generate_locales.py: 1,000 labels whose texts come from a String Catalog of 40
locales, checked at all 12 content sizes, 480,000 layouts) is opened in `labelspec lsp` by a
client that pulls diagnostics (lsp_bench.py's client: replies timed when their last byte
arrives). Each edit changes one label's `width` (a random label, a width never used before, so
none of its layouts is in the server's layout cache: 40 locales × 12 sizes and their plural
forms, measured afresh) and pulls the document's diagnostics at once: the time is didChange ->
the last byte of the full report (about 700 diagnostics). A second loop sets labels edited in
the first back to a width they had (both measured: the layout cache answers). p50 / p99 / max in ms, with the machine's load.
"""
import argparse
import gc
import json
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_bench as lb  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server-bin", required=True)
    ap.add_argument("--workspace", required=True, help="a folder from Benchmarks/generate_locales.py")
    ap.add_argument("--edits", type=int, default=200)
    args = ap.parse_args()

    root = os.path.abspath(args.workspace)
    path = os.path.join(root, "Labels.labelspec")
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    widths = [i for i, ln in enumerate(lines) if re.match(r"    width: \d+$", ln)]
    uri = "file://" + path
    load_before = os.getloadavg()

    class Doc:
        pass
    doc = Doc()
    doc.root, doc.uri = root, uri
    doc.did_open = lb.Client.encode({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "labelspec", "version": 1, "text": text}}})
    client, caps, t_open = lb.start([os.path.abspath(args.server_bin), "lsp"], doc, pull=True)
    rng = random.Random(1)
    try:
        params = {"textDocument": {"uri": uri}}

        def pull(what):
            m = client.wait_reply(client.send_request("textDocument/diagnostic", params), what, timeout=300)
            r = m.obj().get("result") or {}
            if r.get("kind") != "full" or "items" not in r:
                raise SystemExit(f"{what}: not a full report: {json.dumps(r)[:300]}")
            return m, len(r["items"])

        m, n0 = pull("first pull")
        first = m.t_last - t_open
        version = 1
        used = {}

        original = {i: lines[i] for i in widths}

        def edit_loop(fresh):
            nonlocal version
            out, counts = [], []
            edited = sorted(used)
            for k in range(args.edits):
                if fresh:
                    line = rng.choice(widths)
                    w = 60 + len(used) * 0.25  # never measured before
                    used[line] = w
                    new = "    width: %g" % w
                else:
                    # A label edited above, back to a width it had: both were measured.
                    line = edited[k % len(edited)]
                    new = original[line] if lines[line] != original[line] else "    width: %g" % used[line]
                old = lines[line]
                version += 1
                change = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{
                    "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": len(old)}},
                    "text": new}]}
                lines[line] = new
                t0 = time.perf_counter()
                client.notify("textDocument/didChange", change)
                m, n = pull(f"edit {k + 1}")
                out.append(m.t_last - t0)
                counts.append(n)
                del m
                gc.collect()
                client.drain_diagnostics()
            return out, counts

        fresh, counts = edit_loop(True)
        cached, _ = edit_loop(False)
        rss = round(client.peak_rss_kb() / 1024.0, 1)
    finally:
        client.close()
    load_after = os.getloadavg()

    def row(name, v):
        s = lb.stats(v)
        return "| %s | %s / %s / %s | %d |" % (name, lb.fmt(s["p50_ms"]), lb.fmt(s["p99_ms"]), lb.fmt(s["max_ms"]), s["n"])

    print(json.dumps({"first_pull_ms": round(first * 1000, 1), "diagnostics": n0, "diagnostics_after": counts[-1] if counts else None,
                      "fresh": lb.stats(fresh), "cached": lb.stats(cached), "peak_rss_mb": rss,
                      "load_before": load_before, "load_after": load_after}))
    print()
    print("Open -> first pull: %.0f ms (%d diagnostics); peak RSS %.1f MB; load %s -> %s" % (
        first * 1000, n0, rss, "/".join("%.2f" % x for x in load_before), "/".join("%.2f" % x for x in load_after)))
    print()
    print("| edit one label's width -> full pull reply | p50 / p99 / max (ms) | n |\n|---|---|---|")
    print(row("a width never measured (its matrix measured afresh)", fresh))
    print(row("a width measured before (the layout cache answers)", cached))


if __name__ == "__main__":
    main()
