// Language-core benchmark: full parse + check throughput, incremental edit + re-check latency, and
// peak memory. Prints one JSON line per figure. Driven by Benchmarks/run.sh, which also measures
// tombi on a TOML file of the same size and shape in the same run.
//
//   labelspec-bench throughput FILE [--runs N]
//   labelspec-bench edits FILE [--edits N]
//   labelspec-bench memory FILE
import Foundation
import LabelSpecSemantics
import LabelSpecSyntax

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
}

func peakRSSKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
    return -1
}

let args = CommandLine.arguments
guard args.count >= 3, let data = FileManager.default.contents(atPath: args[2]) else {
    FileHandle.standardError.write(Data("usage: labelspec-bench throughput|edits|memory FILE [--runs N] [--edits N]\n".utf8))
    exit(2)
}
let bytes = [UInt8](data)
func option(_ name: String, _ fallback: Int) -> Int {
    if let i = args.firstIndex(of: name), i + 1 < args.count, let v = Int(args[i + 1]) { return v }
    return fallback
}

switch args[1] {
case "throughput":
    // One core: parse, analyse every item, resolve, collect all diagnostics.
    // Teardown is left out of the timing, as in the CLI, which exits without freeing.
    var times: [Double] = []
    var count = 0
    for _ in 0..<option("--runs", 5) {
        let start = now()
        let ws = Workspace()
        ws.open(id: "bench", text: bytes)
        count = ws.diagnostics(for: "bench").count
        times.append(now() - start)
        withExtendedLifetime(ws) {}
    }
    let median = percentile(times, 0.5)
    print("{\"figure\": \"parse+check\", \"bytes\": \(bytes.count), \"median_s\": \(median), \"mb_per_s\": \(Double(bytes.count) / 1e6 / median), \"diagnostics\": \(count)}")

case "parse":
    // Parse only, repeated: for profiling the syntax layer.
    var docs: [SyntaxDocument] = []
    let start = now()
    for _ in 0..<option("--runs", 5) { docs.append(SyntaxDocument(bytes)) }
    print("{\"figure\": \"parse\", \"bytes\": \(bytes.count), \"mean_s\": \((now() - start) / Double(docs.count))}")

case "phases":
    // Where the time of a full check goes: parse alone, parse + per-item analysis, everything.
    var keep: [AnyObject] = []
    func time(_ body: () -> AnyObject) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = now()
            let result = body()
            best = min(best, now() - start)
            keep.append(result)  // freed after the figures: teardown is not timed
        }
        return best
    }
    let parse = time { SyntaxDocument(bytes) }
    let analyse = time { Workspace.Document.make(id: "bench", bytes: bytes) }
    let all = time {
        let ws = Workspace()
        ws.open(id: "bench", text: bytes)
        _ = ws.diagnostics(for: "bench")
        return ws
    }
    print("{\"figure\": \"phases\", \"bytes\": \(bytes.count), \"parse_s\": \(parse), \"parse+items_s\": \(analyse), \"full_s\": \(all)}")

case "edits":
    // One-character edits inside label strings in the middle of the file, each followed by the
    // incremental re-check; then, separately, the cost of listing every diagnostic of the file.
    let ws = Workspace()
    ws.open(id: "bench", text: bytes)
    _ = ws.diagnostics(for: "bench")
    ws.recheck()
    let quote = UInt8(ascii: "\"")
    var offsets: [Int] = []
    var i = bytes.count / 2
    while offsets.count < 64, i < bytes.count - 1 {
        if bytes[i] == quote, bytes[i + 1] != quote, bytes[i + 1] != UInt8(ascii: "\n") { offsets.append(i + 1) }
        i += 97
    }
    var editTimes: [Double] = []
    var strategies: [String: Int] = [:]
    let n = option("--edits", 500)
    for k in 0..<n {
        let at = offsets[k % offsets.count]
        let insert = k % 2 == 0
        let start = now()
        let report = ws.edit(id: "bench", insert ? TextEdit(range: at..<at, text: "x") : TextEdit(range: at..<(at + 1), text: ""))
        let mid = now()
        ws.recheck()
        editTimes.append(now() - start)
        if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil, now() - start > 0.001 {
            FileHandle.standardError.write(Data("slow edit \(k) at \(at): \(report!.strategy) apply \((mid - start) * 1000) ms, recheck \((now() - mid) * 1000) ms\n".utf8))
        }
        strategies[report!.strategy.rawValue, default: 0] += 1
    }
    var listTimes: [Double] = []
    for _ in 0..<5 {
        let start = now()
        _ = ws.diagnostics(for: "bench")
        listTimes.append(now() - start)
    }
    let s = strategies.map { "\"\($0.key)\": \($0.value)" }.sorted().joined(separator: ", ")
    print("{\"figure\": \"edit+recheck\", \"bytes\": \(bytes.count), \"edits\": \(n), \"p50_ms\": \(percentile(editTimes, 0.5) * 1000), \"p99_ms\": \(percentile(editTimes, 0.99) * 1000), \"max_ms\": \(editTimes.max()! * 1000), \"strategies\": {\(s)}, \"list_all_diagnostics_ms\": \(percentile(listTimes, 0.5) * 1000)}")

case "memory-parse":
    let doc = SyntaxDocument(bytes)
    var nodes = 0
    var elements = 0
    func walk(_ n: GreenNode) {
        nodes += 1
        elements += n.children.count
        for case .node(let c) in n.children { walk(c) }
    }
    walk(doc.root)
    FileHandle.standardError.write(Data("nodes \(nodes), child slots \(elements), ~\(nodes * 48 + elements * 16) bytes\n".utf8))
    let peak = peakRSSKilobytes()
    print("{\"figure\": \"peak-memory-parse-only\", \"bytes\": \(bytes.count), \"peak_rss_mb\": \(Double(peak) / 1024)}")
    withExtendedLifetime(doc) {}

case "memory":
    let ws = Workspace()
    ws.open(id: "bench", text: bytes)
    _ = ws.diagnostics(for: "bench")
    let peak = peakRSSKilobytes()
    print("{\"figure\": \"peak-memory\", \"bytes\": \(bytes.count), \"peak_rss_mb\": \(Double(peak) / 1024), \"ratio_to_file\": \(Double(peak) * 1024 / Double(bytes.count))}")
    withExtendedLifetime(ws) {}

default:
    FileHandle.standardError.write(Data("unknown figure '\(args[1])'\n".utf8))
    exit(2)
}
