// Language-core benchmark: full parse + check throughput, incremental edit + re-check latency, and
// peak memory. Prints one JSON line per figure. Driven by Benchmarks/run.sh, which also measures
// tombi on a TOML file of the same size and shape in the same run.
//
//   labelspec-bench throughput FILE [--runs N]
//   labelspec-bench edits FILE [--edits N]
//   labelspec-bench memory FILE          (memory-parse FILE: the tree alone, with its shape per node kind)
//   labelspec-bench phases FILE          parse, parse + item analysis, everything
//   labelspec-bench profile FILE         one parse + check and exit, for `perf record`
//   labelspec-bench sizes FILE           bytes per item and per stored property (for memory work)
//   labelspec-bench publish FILE         the server's first push of FILE phase by phase (read, snapshot,
//                                        measuring), cold and with its caches
//   labelspec-bench matrix DIR           layouts/s of a workspace's whole fit matrix (every label × locale
//                                        × content size, as `check` lays it out): each layout computed,
//                                        and equal layouts laid out once (Benchmarks/generate_locales.py)
//   labelspec-bench solver               the Auto Layout solver on chains of 10 to 100,000 constraints,
//                                        (Solver.swift): ms to add them all and solve, per size; µs per
//                                        change of an intrinsic width (a parameter)
//   labelspec-bench positions FILE      ns per LSP position conversion (UTF-16) over FILE's line table:
//                                        a byte offset to a position and a position to a byte offset,
//                                        at offsets spread over the file, best of five rounds
import Foundation
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
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
if args.count >= 2, args[1] == "measure" {
    runMeasureBenchmark()
    exit(0)
}
if args.count >= 2, args[1] == "solver" {
    runSolverBenchmark()
    exit(0)
}
if args.count >= 3, args[1] == "matrix" {
    runMatrixBenchmark(args[2])
    exit(0)
}
if args.count >= 3, args[1] == "positions" {
    runPositionsBenchmark(args[2])
    exit(0)
}
if args.count >= 3, args[1] == "publish" {
    runPublishBenchmark(args[2])
    exit(0)
}

/// What the language server does for its first push of a document, phase by phase, in-process:
/// the file's namespace read (parse and item analysis), the snapshot (semantic checks and
/// layout inputs, under the server's lock), then the measuring part (layouts and measured
/// diagnostics). Each phase's wall time, cold (a fresh project and measurer) and then again with
/// the caches a server keeps (an unchanged document: every chunk kept).
func runPublishBenchmark(_ file: String) {
    let path = URL(fileURLWithPath: file).standardizedFileURL.path
    for round in 0..<2 {
        let project = Project()
        var t = now()
        func lap() -> Double { let n = now(); defer { t = n }; return (n - t) * 1000 }
        let (ns, _) = project.namespace(for: path)
        if ns.workspace.documents[path] == nil, let bytes = ProjectFiles.read(path) { project.open(path, text: bytes, in: ns) }
        let read = lap()
        let snapshot = ns.snapshot(path)
        let snap = lap()
        let groups = snapshot.groups(measurer: ns.measurer)
        let measured = lap()
        let again = ns.snapshot(path).groups(measurer: ns.measurer)
        let kept = lap()
        let count = groups.reduce(0) { $0 + $1.diagnostics.count }
        precondition(again.reduce(0) { $0 + $1.diagnostics.count } == count)
        print(
            "{\"figure\": \"publish phases\", \"round\": \(round), \"read_ms\": \(Int(read)), \"snapshot_ms\": \(Int(snap)), \"groups_ms\": \(Int(measured)), \"again_ms\": \(Int(kept)), \"diagnostics\": \(count)}"
        )
        withExtendedLifetime(project) {}
    }
}

/// The server's conversions between byte offsets and LSP positions (`LineTable.position(of:)` and
/// `offset(line:character:)`, each a search of the line starts, and on a long line of its
/// checkpoints) at 1,000,000 offsets spread over the file by a fixed generator.
func runPositionsBenchmark(_ file: String) {
    guard let bytes = ProjectFiles.read(file), !bytes.isEmpty else { exit(2) }
    let table = LineTable(bytes, encoding: .utf16)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let offsets = (0..<1_000_000).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bytes.count))
    }
    let positions = offsets.map { table.position(of: $0) }
    for (name, work) in [
        ("offset to position", { offsets.reduce(0) { $0 &+ table.position(of: $1).character } }),
        ("position to offset", { positions.reduce(0) { $0 &+ table.offset(line: $1.line, character: $1.character).offset } }),
    ] {
        var best = Double.infinity
        var check = 0
        for _ in 0..<5 {
            let start = now()
            check = work()
            best = min(best, now() - start)
        }
        print(
            "{\"figure\": \"\(name)\", \"lines\": \(table.lineStarts.count), \"ns_per_conversion\": \(Int(best / Double(offsets.count) * 1e9)), \"check\": \(check)}"
        )
    }
}

/// The inputs `check` lays out for every label of the workspace at `folder`, then the time to lay
/// them all out on all cores, each one computed (a fresh measurer each run, so its caches of
/// word widths start cold too) and equal inputs laid out once (`MeasuredChecks.layoutAll`).
func runMatrixBenchmark(_ folder: String) {
    let project = Project(cachesLayouts: false)
    var inputs: [LabelLayoutInput?] = []
    for file in ProjectFiles.files(under: folder, recursive: true) {
        let (ns, _) = project.namespace(for: file)
        guard let bytes = ProjectFiles.read(file) else { continue }
        project.open(file, text: bytes, in: ns)
    }
    for (_, ns) in project.namespaces {
        let plan = ns.plan.at(ns.contentSizes.sorted()).on([])
        for (_, doc) in ns.workspace.documents {
            for (info, _) in doc.orderedItems where info.kind == .label {
                inputs += FitMatrix.of(info, in: ns.workspace, plan: plan).groups.flatMap(\.inputs)
            }
        }
    }
    let count = inputs.count
    let distinct = Set(inputs.compactMap { $0 }).count
    for (name, dedupe) in [("uncached", false), ("cached", true)] {
        var best = Double.infinity
        for _ in 0..<3 {
            let measurer = Measurer(cachesLayouts: false)
            let start = now()
            let results = MeasuredChecks.layoutAll(inputs, measurer: measurer, deduplicating: dedupe)
            best = min(best, now() - start)
            precondition(results.count == count)
        }
        print(
            "{\"figure\": \"fit matrix, \(name)\", \"layouts\": \(count), \"distinct\": \(distinct), \"best_s\": \(best), \"layouts_per_s\": \(Int(Double(count) / best)), \"cores\": \(ProcessInfo.processInfo.activeProcessorCount)}"
        )
    }
}
// The file is read straight into the array the document keeps, as the CLI reads it: no second
// copy (a `Data`) stays alive to inflate the memory figures.
guard args.count >= 3, let bytes = ProjectFiles.read(args[2]) else {
    FileHandle.standardError.write(Data("usage: labelspec-bench throughput|edits|memory FILE [--runs N] [--edits N] | matrix DIR\n".utf8))
    exit(2)
}
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
    print(
        "{\"figure\": \"parse+check\", \"bytes\": \(bytes.count), \"median_s\": \(median), \"mb_per_s\": \(Double(bytes.count) / 1e6 / median), \"diagnostics\": \(count)}"
    )

case "profile":
    // One parse + check, then exit without freeing: for `perf record` (no teardown in the profile).
    let ws = Workspace()
    ws.open(id: "bench", text: bytes)
    print("{\"figure\": \"profile\", \"diagnostics\": \(ws.diagnostics(for: "bench").count)}")
    exit(0)

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
            FileHandle.standardError.write(
                Data(
                    "slow edit \(k) at \(at): \(report!.strategy) apply \((mid - start) * 1000) ms, recheck \((now() - mid) * 1000) ms\n"
                        .utf8))
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
    print(
        "{\"figure\": \"edit+recheck\", \"bytes\": \(bytes.count), \"edits\": \(n), \"p50_ms\": \(percentile(editTimes, 0.5) * 1000), \"p99_ms\": \(percentile(editTimes, 0.99) * 1000), \"max_ms\": \(editTimes.max()! * 1000), \"strategies\": {\(s)}, \"list_all_diagnostics_ms\": \(percentile(listTimes, 0.5) * 1000)}"
    )

case "sizes":
    // What each item and each stored property costs: the heap block of the file's first item (as
    // malloc rounds it: its fields, then its own assignments) and the strides of what is inline.
    let ws = Workspace()
    ws.open(id: "bench", text: bytes)
    guard let info = ws.documents["bench"]?.orderedItems.first?.info else {
        FileHandle.standardError.write(Data("sizes needs a file with at least one item\n".utf8))
        exit(2)
    }
    typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
    let usable = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size"), to: UsableSize.self)
    print(
        "{\"figure\": \"sizes\", \"item_block_bytes\": \(usable(Unmanaged.passUnretained(info).toOpaque())), \"item_fields_stride\": \(MemoryLayout<ItemFields>.stride), \"property_assignment_stride\": \(MemoryLayout<PropertyAssignment>.stride), \"parent_reference_bytes\": \(MemoryLayout<ParentReference>.size)}"
    )

case "memory-parse":
    let doc = SyntaxDocument(bytes)
    // The tree's shape, per node kind: how many nodes (and how many distinct objects: small
    // identical nodes are shared), child slots and trivia slots.
    var perKind: [String: (nodes: Int, distinct: Int, slots: Int, trivia: Int)] = [:]
    var seen = Set<ObjectIdentifier>()
    func walk(_ n: GreenNode) {
        var entry = perKind["\(n.kind)", default: (0, 0, 0, 0)]
        entry.nodes += 1
        if seen.insert(ObjectIdentifier(n)).inserted { entry.distinct += 1 }
        entry.slots += n.children.count
        for child in n.children {
            switch child {
            case .node(let c): walk(c)
            case .token(let t): if t.kind.isTrivia { entry.trivia += 1 }
            }
        }
        perKind["\(n.kind)"] = entry
    }
    walk(doc.root)
    for (kind, e) in perKind.sorted(by: { $0.value.slots > $1.value.slots }) {
        FileHandle.standardError.write(
            Data("\(kind): nodes \(e.nodes) (\(e.distinct) distinct), slots \(e.slots), trivia slots \(e.trivia)\n".utf8))
    }
    let peak = peakRSSKilobytes()
    print("{\"figure\": \"peak-memory-parse-only\", \"bytes\": \(bytes.count), \"peak_rss_mb\": \(Double(peak) / 1024)}")
    withExtendedLifetime(doc) {}

case "memory":
    let ws = Workspace()
    ws.open(id: "bench", text: bytes)
    _ = ws.diagnostics(for: "bench")
    let peak = peakRSSKilobytes()
    let ratio = bytes.isEmpty ? "null" : "\(Double(peak) * 1024 / Double(bytes.count))"
    print("{\"figure\": \"peak-memory\", \"bytes\": \(bytes.count), \"peak_rss_mb\": \(Double(peak) / 1024), \"ratio_to_file\": \(ratio)}")
    withExtendedLifetime(ws) {}

default:
    FileHandle.standardError.write(Data("unknown figure '\(args[1])'\n".utf8))
    exit(2)
}

/// Measurement core figures: warm throughput against shaping every string once, cold first
/// measurements, one label holding 1 MB of text.
func runMeasureBenchmark() {
    // Typical UI labels, at most 60 characters: words recombined deterministically.
    let words = [
        "Settings", "Notifications", "Continue", "Sign in with email", "Delete", "account", "Your order",
        "has shipped", "Tomorrow", "at 9:41", "Wi-Fi", "Bluetooth", "Privacy", "Photos", "Übernehmen", "Téléchargement",
        "Mot de passe oublié ?", "Добро пожаловать", "Ρυθμίσεις", "Cài đặt", "Alexandra", "Fitzgerald-Montgomery",
        "Try again", "No connection", "Free shipping", "€24.99", "3 new messages", "Read more", "Share", "Cancel",
    ]
    var rng: UInt64 = 42
    func next() -> Int {
        rng = rng &* 6364136223846793005 &+ 1442695040888963407
        return Int(rng >> 33)
    }
    var texts: [String] = []
    while texts.count < 2_000 {
        var t = words[next() % words.count]
        while t.count < 20 + next() % 40 { t += " " + words[next() % words.count] }
        texts.append(String(t.prefix(60)))
    }
    let widths: [Double] = [120, 180, 240, 343]
    let inputs: [LabelLayoutInput] = texts.enumerated().map { i, text in
        var input = LabelLayoutInput(text: text)
        input.width = widths[i % widths.count]
        input.numberOfLines = i % 3 == 0 ? 1 : 0
        input.lineBreakMode = i % 3 == 0 ? .byTruncatingTail : .byWordWrapping
        return input
    }

    // Cold: the very first label (fontconfig, font file, shaping) and a first unseen label once
    // the font is open.
    var start = now()
    let measurer = Measurer()
    _ = measurer.layout(inputs[0])
    let coldFirst = now() - start
    start = now()
    var probe = LabelLayoutInput(text: "Completely unseen words: zebra quixotic jumble")
    probe.width = 200
    probe.numberOfLines = 0
    _ = measurer.layout(probe)
    let coldLabel = now() - start

    for input in inputs { _ = measurer.layoutUncached(input) }  // warm the font and width caches
    let rounds = 5
    start = now()
    for _ in 0..<rounds { for input in inputs { _ = measurer.layoutUncached(input) } }
    let warm = (now() - start) / Double(rounds * inputs.count)

    // Baseline: shaping each label's text once with hb_shape, no cache.
    guard case .success(let face) = measurer.fonts.face(for: .system(weight: .regular), size: 17) else { return }
    start = now()
    for _ in 0..<rounds { for t in texts { _ = face.shape(t) } }
    let shapeOnce = (now() - start) / Double(rounds * texts.count)

    var big = LabelLayoutInput(text: String(repeating: "lorem ipsum dolor sit amet ", count: 40_000))
    big.width = 343
    big.numberOfLines = 0
    big.lineBreakMode = .byWordWrapping
    start = now()
    let bigLayout = try? measurer.layout(big).get()
    let bigTime = now() - start
    big.numberOfLines = 3
    big.lineBreakMode = .byTruncatingTail
    start = now()
    _ = measurer.layout(big)
    let bigTruncated = now() - start

    print(
        "{\"figure\": \"measure\", \"labels\": \(inputs.count), \"warm_us_per_label\": \(warm * 1e6), \"labels_per_s\": \(1 / warm), \"hb_shape_once_us\": \(shapeOnce * 1e6), \"ratio_to_hb_shape\": \(warm / shapeOnce), \"cold_first_label_us\": \(coldFirst * 1e6), \"cold_new_label_us\": \(coldLabel * 1e6), \"one_mb_wrap_s\": \(bigTime), \"one_mb_lines\": \(bigLayout?.lineCount ?? -1), \"one_mb_truncate_3_lines_s\": \(bigTruncated)}"
    )
}
