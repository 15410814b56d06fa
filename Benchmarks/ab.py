#!/usr/bin/env python3
"""Times two commands side by side, as whole processes: A and B run in turn (A B A B ...) after a
warm-up run each, and the ratio A/B is taken pair by pair, so that a drift in the machine's speed
during the run moves both. Per command: wall seconds (a monotonic clock around the child), CPU
seconds (user + system of the child and what it waited for, from wait4) and peak memory (the
largest resident set among them, ru_maxrss), each as min / median / max. Quote the median.

Usage: python3 Benchmarks/ab.py [-n RUNS] [--warmup K] --a 'COMMAND A' --b 'COMMAND B'
Each command is one string split as a shell splits words (shlex) and run without a shell; one
that needs a pipe or a redirection is written as sh -c '...'. Its output is thrown away.
Python 3, standard library only; Linux or macOS.
"""
import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time


def run(argv):
    start = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    # ru_maxrss: KiB on Linux, bytes on macOS.
    peak = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
    return wall, usage.ru_utime + usage.ru_stime, peak, p.returncode


def spread(values, unit=""):
    return f"{min(values):.3f}{unit} / {statistics.median(values):.3f}{unit} / {max(values):.3f}{unit}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-n", "--runs", type=int, default=5)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--a", required=True, help="the command measured")
    p.add_argument("--b", required=True, help="the baseline")
    args = p.parse_args()
    if not 1 <= args.runs <= 100 or not 0 <= args.warmup <= 10:
        p.error("--runs must be 1-100 and --warmup 0-10")
    a, b = shlex.split(args.a), shlex.split(args.b)
    for _ in range(args.warmup):
        run(a)
        run(b)
    load = os.getloadavg()[0]
    ra, rb = [], []
    for _ in range(args.runs):
        ra.append(run(a))
        rb.append(run(b))
    codes = {r[3] for r in ra + rb}
    print(f"{args.runs} runs each, in turn; load average {load:.2f} before, {os.getloadavg()[0]:.2f} after; exit codes {sorted(codes)}")
    for name, rs in (("A", ra), ("B", rb)):
        print(f"{name}: wall {spread([r[0] for r in rs], ' s')}, cpu {spread([r[1] for r in rs], ' s')}, "
              f"peak {spread([r[2] / 2**20 for r in rs], ' MiB')}  (min / median / max)")
    for what, i in (("wall", 0), ("cpu", 1)):
        ratios = [x[i] / y[i] for x, y in zip(ra, rb) if y[i] > 0]
        if ratios:
            print(f"A/B {what}: median {statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f}), pair by pair")


if __name__ == "__main__":
    main()
