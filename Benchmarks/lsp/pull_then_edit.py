#!/usr/bin/env python3
"""Issue 25's figure: a slow pull must not hold up an edit. Timed through a real client.

    python3 Benchmarks/generate_locales.py --out /tmp/loc480
    python3 Benchmarks/lsp/pull_then_edit.py --server-bin .build/release/labelspec --workspace /tmp/loc480 \
        [--baseline-bin OLD/labelspec] [--rounds 10] [--delay 0.15]

Each round starts a server as VS Code drives it (it pulls diagnostics), opens a small document
`Other.labelspec` (not on disk) and the workspace's `Labels.labelspec` (1,000 labels × 40 locales
× 12 sizes), and waits for indexing (a documentSymbol answered). Then the case of the issue:

  1. `textDocument/diagnostic` of Labels.labelspec: its first pull, which measures the matrix;
  2. DELAY seconds later, a `didChange` of Other.labelspec and its `documentSymbol`.

Times are taken when a reply's last byte arrives (lsp_bench.py's reader): the symbols reply from
the moment it was sent, the pull's from its own. Once the pull is answered, the floor: the same
didChange + documentSymbol on the now idle server, the time that reply takes when nothing holds
it up. With --baseline-bin the two servers run in turn, round by round. Printed per server:
p50 / p99 / max (nearest rank) of each, how many symbols replies came before the pull's, and
the machine's load before and after.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_bench as lb  # noqa: E402
import side_by_side  # noqa: E402


def one_round(binary, root, delay):
    other = "file://" + os.path.join(root, "Other.labelspec")
    doc, own = side_by_side.workspace_document(root, first_open={
        "textDocument": {"uri": other, "languageId": "labelspec", "version": 1, "text": 'label O0 { text: "o" }\n'}})
    client, _, _ = lb.start([binary, "lsp"], doc, pull=True)
    try:
        client.write_raw(own)
        symbols = {"textDocument": {"uri": other}}
        client.request("textDocument/documentSymbol", symbols, timeout=300)  # indexed, idle
        version = 1

        def edit_and_symbols():
            nonlocal version
            version += 1
            t0 = time.perf_counter()
            client.notify("textDocument/didChange", {"textDocument": {"uri": other, "version": version},
                                                     "contentChanges": [{"text": 'label O%d { text: "o" }\n' % version}]})
            rid = client.send_request("textDocument/documentSymbol", symbols)
            return t0, rid

        t_pull = time.perf_counter()
        pull = client.send_request("textDocument/diagnostic", {"textDocument": {"uri": doc.uri}})
        time.sleep(delay)
        t_sym, sym = edit_and_symbols()
        m_sym = client.wait_reply(sym, "symbols", timeout=300)
        names = [s.get("name") for s in m_sym.obj().get("result") or []]
        if names != ["O%d" % version]:
            raise SystemExit("symbols reply without the edit: %r" % names)
        m_pull = client.wait_reply(pull, "pull", timeout=300)
        items = len((m_pull.obj().get("result") or {}).get("items", []))
        t_floor, floor = edit_and_symbols()
        m_floor = client.wait_reply(floor, "floor symbols", timeout=300)
        return {"symbols": m_sym.t_last - t_sym, "pull": m_pull.t_last - t_pull, "floor": m_floor.t_last - t_floor,
                "before": m_sym.t_last < m_pull.t_first, "items": items}
    finally:
        client.close()


def main():
    args = side_by_side.arguments(__doc__, rounds=(int, 10), delay=(float, 0.15))
    root, servers = args.workspace, args.servers
    load_before = os.getloadavg()
    results = {name: [] for name, _ in servers}
    for _ in range(args.rounds):
        for name, binary in servers:
            results[name].append(one_round(binary, root, args.delay))
    load_after = os.getloadavg()

    def cell(rows, key):
        s = lb.stats([r[key] for r in rows])
        return "%s / %s / %s" % (lb.fmt(s["p50_ms"]), lb.fmt(s["p99_ms"]), lb.fmt(s["max_ms"]))

    print(json.dumps({name: {"symbols": lb.stats([r["symbols"] for r in rows]), "floor": lb.stats([r["floor"] for r in rows]),
                             "pull": lb.stats([r["pull"] for r in rows]), "before_pull": sum(r["before"] for r in rows),
                             "items": sorted({r["items"] for r in rows})}
                      for name, rows in results.items()} | {"load_before": load_before, "load_after": load_after}))
    print()
    print("%d rounds, didChange + documentSymbol %.0f ms after the first pull; load %s -> %s" % (
        args.rounds, args.delay * 1000, "/".join("%.2f" % x for x in load_before), "/".join("%.2f" % x for x in load_after)))
    print()
    print("| server | symbols while the pull measures | floor: symbols on the idle server | the first pull | symbols before the pull's reply | diagnostics |")
    print("|---|---|---|---|---|---|")
    for name, rows in results.items():
        print("| %s | %s | %s | %s | %d of %d | %s |" % (
            name, cell(rows, "symbols"), cell(rows, "floor"), cell(rows, "pull"), sum(r["before"] for r in rows), len(rows),
            "/".join(str(n) for n in sorted({r["items"] for r in rows}))))


if __name__ == "__main__":
    main()
