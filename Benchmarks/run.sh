#!/usr/bin/env bash
# Language-core benchmark: parse + check throughput against tombi, incremental edits at three sizes,
# peak memory. Usage: bash Benchmarks/run.sh   (needs `pip install tombi` for the comparison)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${BENCH_OUT:-bench-out}
mkdir -p "$out"
swift build -c release --product labelspec-bench >/dev/null
bench=.build/release/labelspec-bench
# One folder per size: files in one folder share a namespace, and their labels would clash.
for size in 100000 1000000 10000000; do
    mkdir -p "$out/s$size"
    [ -f "$out/s$size/b$size.labelspec" ] || python3 Benchmarks/generate.py --size $size --out "$out/s$size/b$size.labelspec" --toml "$out/s$size/b$size.toml" --seed 1 >/dev/null
done
echo "# parse + check, one core (10 MB)"
taskset -c 0 "$bench" throughput "$out/s10000000/b10000000.labelspec" --runs 5 | tee "$out/throughput.json"
if command -v tombi >/dev/null 2>&1; then
    python3 Benchmarks/tombi_bench.py "$out/s10000000/b10000000.toml" --runs 5 | tee "$out/tombi.json"
    python3 - "$out/throughput.json" "$out/tombi.json" <<'PY'
import json, sys
ours = json.load(open(sys.argv[1])); tombi = json.load(open(sys.argv[2]))
print(json.dumps({"figure": "ratio to tombi lint", "labelspec_mb_per_s": round(ours["mb_per_s"], 1),
                  "tombi_mb_per_s": round(tombi["mb_per_s"], 1), "ratio": round(ours["mb_per_s"] / tombi["mb_per_s"], 1)}))
PY
else
    echo '{"figure": "ratio to tombi lint", "skipped": "tombi not installed (pip install tombi)"}'
fi
echo "# the same on a denser file: one-line items, short texts (about 100k labels in 10 MB)"
mkdir -p "$out/dense"
[ -f "$out/dense/d10000000.labelspec" ] || python3 Benchmarks/generate.py --size 10000000 --dense --out "$out/dense/d10000000.labelspec" --seed 1 >/dev/null
taskset -c 0 "$bench" throughput "$out/dense/d10000000.labelspec" --runs 5
"$bench" memory "$out/dense/d10000000.labelspec"
echo "# one-character edit + incremental re-check"
for size in 100000 1000000 10000000; do
    taskset -c 0 "$bench" edits "$out/s$size/b$size.labelspec" --edits 500
done
echo "# peak memory (10 MB): parse only, then parse + check; and the same process on an empty file"
"$bench" memory-parse "$out/s10000000/b10000000.labelspec"
"$bench" memory "$out/s10000000/b10000000.labelspec"
: > "$out/empty.labelspec"
"$bench" memory "$out/empty.labelspec" | sed 's/"peak-memory"/"peak-memory, empty file (the process baseline)"/' 
echo "# the CLI end to end (release build, one core)"
swift build -c release --product labelspec >/dev/null
/usr/bin/time -f '{"figure": "labelspec check 10 MB", "wall_s": %e, "peak_rss_kb": %M}' taskset -c 0 .build/release/labelspec check "$out/s10000000/b10000000.labelspec" >/dev/null
echo "# measurement core (one core): warm labels/s and ratio to hb_shape once, cold labels, 1 MB text"
taskset -c 0 "$bench" measure
echo "# labelspec check --content-size all Examples/ (all 12 categories)"
/usr/bin/time -f '{"figure": "check --content-size all Examples", "wall_s": %e, "peak_rss_kb": %M}' .build/release/labelspec check --content-size all Examples/ >/dev/null || true
