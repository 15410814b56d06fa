#!/usr/bin/env python3
"""Time `tombi lint` on a TOML file, as a baseline for LabelSpec's parser.

    pip install tombi
    python3 Benchmarks/tombi_bench.py FILE.toml [--runs 5] [--tombi PATH]

Runs `tombi lint --offline --error-on-warnings FILE` --runs times (after one
untimed check run) and prints one JSON line:

    {"tool": "tombi", "bytes": N, "runs": 5, "median_s": ..., "mb_per_s": ...,
     "min_s": ..., "startup_s": ..., "version": "tombi 1.9.6"}

MB is 10^6 bytes. Times are wall-clock for the whole process, so they include
start-up; `startup_s` is the median time for an empty file, for reference.

tombi runs in a fresh temporary directory holding a tombi.toml with
`[schema] enabled = false`, plus `--offline`: no schema catalog is fetched or
read, so only parsing and TOML's own rules (duplicate keys, conflicting
tables, ...) are measured, and no project tombi.toml can change the result.
The check run must exit 0 with no diagnostics at all, else this script fails:
a fast run over a file tombi rejected would be meaningless.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def lint_cmd(tombi, path):
    return [tombi, "lint", "--offline", "--error-on-warnings", path]


def time_runs(cmd, cwd, runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if p.returncode != 0:
            sys.exit(f"tombi failed (exit {p.returncode}):\n{p.stdout}{p.stderr}")
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tombi", default="tombi", help="tombi executable")
    args = ap.parse_args()
    path = os.path.abspath(args.file)
    size = os.path.getsize(path)

    with tempfile.TemporaryDirectory() as cwd:
        with open(os.path.join(cwd, "tombi.toml"), "w") as f:
            f.write("[schema]\nenabled = false\n")
        empty = os.path.join(cwd, "empty.toml")
        open(empty, "w").close()

        # Check run: tombi must accept the file without a single diagnostic.
        diag = os.path.join(cwd, "diagnostics.jsonl")
        cmd = lint_cmd(args.tombi, path)
        p = subprocess.run(cmd + ["--diagnostics-format", "json-lines",
                                  "--diagnostics-file", diag],
                           cwd=cwd, capture_output=True, text=True)
        found = open(diag).read().strip() if os.path.exists(diag) else ""
        if p.returncode != 0 or found:
            sys.exit(f"tombi rejected {path} (exit {p.returncode}):\n"
                     f"{found[:2000]}\n{p.stderr[-2000:]}")

        times = time_runs(cmd, cwd, args.runs)
        startup = time_runs(lint_cmd(args.tombi, empty), cwd, args.runs)

    version = subprocess.run([args.tombi, "--version"], capture_output=True,
                             text=True).stdout.split(" (")[0].strip()
    median = statistics.median(times)
    print(json.dumps({
        "tool": "tombi", "bytes": size, "runs": args.runs,
        "median_s": round(median, 4), "mb_per_s": round(size / 1e6 / median, 2),
        "min_s": round(min(times), 4),
        "startup_s": round(statistics.median(startup), 4), "version": version,
    }))


if __name__ == "__main__":
    main()
