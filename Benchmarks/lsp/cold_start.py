#!/usr/bin/env python3
"""Cold start of language servers, side by side, alternating: spawn -> the first push of the
opened document, and -> the last push of its opening (the complete set, where a server pushes
what it finds at once and the rest later), with the server's peak RSS.

    python3 Benchmarks/lsp/cold_start.py --sizes 1000000,5000000 --runs 5 \\
        --server new=.build/release/labelspec --server old=/tmp/labelspec-old \\
        [--tombi PATH | --no-tombi]

Each --server NAME=PATH is a labelspec executable (`PATH lsp`); tombi (`tombi lsp --offline`,
from .build/bench-venv or PATH) gets the same labels as TOML. The documents are those of
lsp_bench.py (`generate.py --seed 1 --truncating 0.33`: the warnings-heavy kind). The servers
take turns, run after run, so that a machine's slow minute falls on all of them alike. Times are
taken when the bytes arrive (lsp_bench's reader thread); the client is lsp_bench's.

stdout: one JSON line per server and size (p50 / min / max of both figures, peak RSS), then a
markdown table.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_bench as B  # noqa: E402


def one(cmd, doc):
    client, _, _ = B.start(cmd, doc, pull=False)
    try:
        d = client.wait_push(doc.uri, client.t_spawn)
        first = d[1] - client.t_spawn
        last = B.opening_pushes(client, doc.uri, d, quiet=1.5)
        rss = client.peak_rss_kb() / 1024.0
        return first * 1000, (last[1] - client.t_spawn) * 1000, rss, last[4]
    finally:
        client.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", action="append", required=True, help="NAME=PATH of a labelspec executable")
    ap.add_argument("--sizes", default="1000000,5000000")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tombi", help="tombi executable (default: .build/bench-venv, else PATH)")
    ap.add_argument("--no-tombi", action="store_true")
    args = ap.parse_args()
    B.keep_client_heap()
    servers = []
    for spec in args.server:
        name, _, path = spec.partition("=")
        servers.append((name, [os.path.abspath(path), "lsp"], "labelspec"))
    if not args.no_tombi:
        exe = B.resolve(args.tombi, "tombi")
        if exe:
            servers.append(("tombi", [exe, "lsp", "--offline"], "toml"))
        else:
            print(json.dumps({"server": "tombi", "skipped": "not found"}), flush=True)
    load_before, cpu_before = os.getloadavg(), B.cpu_times()
    base = tempfile.mkdtemp(prefix="cold-start-")
    rows = []
    try:
        for size in [int(s) for s in args.sizes.split(",")]:
            folder = os.path.join(base, str(size))
            os.makedirs(folder)
            lsp_path, toml_path = os.path.join(folder, f"b{size}.labelspec"), os.path.join(folder, f"b{size}.toml")
            subprocess.run([sys.executable, B.GENERATE, "--size", str(size), "--seed", "1", "--truncating", "0.33",
                            "--out", lsp_path, "--toml", toml_path], check=True, capture_output=True)
            with open(os.path.join(folder, "tombi.toml"), "w") as f:
                f.write("[schema]\nenabled = false\n")
            docs = {"labelspec": B.Doc("labelspec", lsp_path, "labelspec", "labelspec"),
                    "toml": B.Doc("tombi", toml_path, "toml", "toml")}
            samples = {name: [] for name, _, _ in servers}
            for _ in range(args.runs):
                for name, cmd, kind in servers:
                    samples[name].append(one(cmd, docs[kind]))
            for name, _, _ in servers:
                s = samples[name]
                first, complete = sorted(x[0] for x in s), sorted(x[1] for x in s)
                row = {"server": name, "size": size, "runs": len(s),
                       "first_p50_ms": round(statistics.median(first), 1), "first_min_ms": round(first[0], 1),
                       "first_max_ms": round(first[-1], 1), "complete_p50_ms": round(statistics.median(complete), 1),
                       "complete_min_ms": round(complete[0], 1), "complete_max_ms": round(complete[-1], 1),
                       "peak_rss_mb": round(max(x[2] for x in s), 1), "diagnostics": s[-1][3]}
                rows.append(row)
                print(json.dumps(row), flush=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    busy, steal = B.cpu_usage(cpu_before, B.cpu_times())
    print("\n| size | server | first push (ms: p50 [min–max]) | complete (ms: p50 [min–max]) | peak RSS (MB) | diagnostics |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['size'] / 1e6:g} MB | {r['server']} | {r['first_p50_ms']:.0f} [{r['first_min_ms']:.0f}–{r['first_max_ms']:.0f}] "
              f"| {r['complete_p50_ms']:.0f} [{r['complete_min_ms']:.0f}–{r['complete_max_ms']:.0f}] | {r['peak_rss_mb']} | {r['diagnostics']} |")
    la = os.getloadavg()
    print(f"\nload average before: {' '.join(f'{x:.2f}' for x in load_before)}; after: {' '.join(f'{x:.2f}' for x in la)}; "
          f"CPU time busy {busy}%, stolen by the hypervisor {steal}%")


if __name__ == "__main__":
    main()
