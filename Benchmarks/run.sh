#!/usr/bin/env bash
# Language-core benchmark: parse + check throughput against tombi, incremental edits at three sizes,
# peak memory. Usage: bash Benchmarks/run.sh   (needs `pip install tombi` for the comparison)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${BENCH_OUT:-bench-out}
mkdir -p "$out"
swift build -c release --product labelspec-bench >/dev/null
bench=.build/release/labelspec-bench
for size in 100000 1000000 10000000; do
    [ -f "$out/b$size.labelspec" ] || python3 Benchmarks/generate.py --size $size --out "$out/b$size.labelspec" --toml "$out/b$size.toml" --seed 1 >/dev/null
done
echo "# parse + check, one core (10 MB)"
taskset -c 0 "$bench" throughput "$out/b10000000.labelspec" --runs 5 | tee "$out/throughput.json"
if command -v tombi >/dev/null 2>&1; then
    python3 Benchmarks/tombi_bench.py "$out/b10000000.toml" --runs 5 | tee "$out/tombi.json"
    python3 - "$out/throughput.json" "$out/tombi.json" <<'PY'
import json, sys
ours = json.load(open(sys.argv[1])); tombi = json.load(open(sys.argv[2]))
print(json.dumps({"figure": "ratio to tombi lint", "labelspec_mb_per_s": round(ours["mb_per_s"], 1),
                  "tombi_mb_per_s": round(tombi["mb_per_s"], 1), "ratio": round(ours["mb_per_s"] / tombi["mb_per_s"], 1)}))
PY
else
    echo '{"figure": "ratio to tombi lint", "skipped": "tombi not installed (pip install tombi)"}'
fi
echo "# one-character edit + incremental re-check"
for size in 100000 1000000 10000000; do
    taskset -c 0 "$bench" edits "$out/b$size.labelspec" --edits 500
done
echo "# peak memory (10 MB)"
"$bench" memory "$out/b10000000.labelspec"
