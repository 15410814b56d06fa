import Dispatch
import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

/// Every diagnostic of a document as the product reports it, in one place: the language core's,
/// then the measured ones, in order, with the configuration's severities. `labelspec check` and
/// the language server both call this, so they cannot disagree.
///
/// A long-lived caller (the server) passes a `DiagnosticsCache` and an epoch: the diagnostics of
/// each leaf chunk of the syntax tree are then kept, relative to the chunk, and reused by the
/// rule of `Memo`: while the chunk is the same object, none of its items was invalidated since,
/// and the measurer's epoch, the categories and the screens are the same; only the chunks an edit touched are
/// checked and measured again, and of their labels only those that changed are measured.
public enum Checks {
    /// What to check and measure, read while the workspace cannot change.
    public struct Snapshot: @unchecked Sendable {
        let id: String
        /// Every leaf chunk in document order: its diagnostics taken from the cache (relative to
        /// the chunk), or the index of its build.
        let chunks: [(chunk: GreenNode, offset: Int, source: ChunkSource)]
        /// What the chunks' diagnostics were computed with, besides the chunks.
        let stamp: DiagnosticsCache.Stamp
        let builds: [ChunkBuild]
        let categories: [ContentSizeCategory]
        /// The labels to measure and where to keep each one's result (a label split by device
        /// twice: its phone group, then its iPad group).
        let labels: [ItemInfo]
        /// Per label: its fit matrix's group, its cells at the narrowest width.
        let groups: [FitMatrix.Group]
        /// Per label: where its `truncates` fixes write (nil: its block is not closed).
        let slots: [TruncationFixes.Slot?]
        /// Per label: where its cells start among all labels' cells, one label after the other
        /// (they end where the next label's start).
        let starts: [Int]
        /// How many layouts the measuring part has to compute (0: every label's measured
        /// diagnostics are kept from before).
        public let layoutCount: Int
        /// The development language of the namespace's string tables.
        let sourceLanguage: String
        /// Per label measured, what its measured diagnostics are kept with (nil: not kept).
        let labelStamps: [DiagnosticsCache.LabelStamp?]
        /// How many chunks were kept after a look at each of their items (for tests).
        public let revalidatedChunks: Int
        let configuration: Configuration
        let cache: DiagnosticsCache?
        /// The workspace's generation when the snapshot was read: what the entries made from it
        /// are verified at.
        let generation: Int
        /// The document's `// labelspec:ignore` comments and what they cover.
        let suppressions: Suppressions
        /// Batches of labels whose layouts began while the snapshot was still being read.
        let prefetched: [Prefetch]
        /// How many (for tests and benchmarks).
        public var prefetchedBatches: Int { prefetched.count }
        /// How many chunks are checked again (for tests).
        public var builtChunks: Int { builds.count }

        /// The measuring part; safe to run anywhere. Sorted by position, then code.
        public func diagnostics(measurer: Measurer) -> [Diagnostic] {
            var all: [Diagnostic] = []
            for group in groups(measurer: measurer) {
                for d in group.diagnostics { all.append(d.shifted(by: group.offset)) }
            }
            all.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
            return all
        }

        /// The diagnostics of each leaf chunk, in document order, relative to the chunk, each
        /// chunk's sorted by position then code, with the configuration's severities; chunks
        /// without diagnostics are left out. The server keeps what it serialised per chunk and
        /// reuses it while a chunk's group is the same.
        public func groups(measurer: Measurer) -> [DiagnosticGroup] {
            assemble(measured: measure(measurer), keep: true)
        }

        /// The groups without the diagnostics still to be measured (those kept from before
        /// included): what the language core alone finds, at once. Nothing is kept.
        public func unmeasuredGroups() -> [DiagnosticGroup] {
            assemble(measured: nil, keep: false)
        }

        /// Measured diagnostics of each planned label (relative to it), in batches that bound
        /// the memory the layouts take.
        private func measure(_ measurer: Measurer) -> [[Diagnostic]] {
            var measured: [[Diagnostic]] = []
            measured.reserveCapacity(labels.count)
            func end(of label: Int) -> Int { label + 1 < starts.count ? starts[label + 1] : layoutCount }
            var start = 0
            var ahead = prefetched[...]
            while start < labels.count {
                // Batches of about `Checks.batchInputs` inputs (and at least one label): the
                // layouts of one batch are what the measuring holds at a time. The first ones
                // may have been laid out already, while the snapshot was read.
                var stop = start + 1
                let first = starts[start]
                let layouts: [Result<LabelLayout, FontError>?]
                if let p = ahead.first, p.labels.lowerBound == start, p.measurer === measurer, let taken = p.take() {
                    ahead.removeFirst()
                    stop = p.labels.upperBound
                    layouts = taken
                } else {
                    while stop < labels.count, end(of: stop) - first < Checks.batchInputs { stop += 1 }
                    // A label's second group is measured with its first.
                    if stop < labels.count, groups[stop].isPadGroup { stop += 1 }
                    layouts = MeasuredChecks.layoutAll(Checks.inputs(of: groups[start..<stop]), measurer: measurer)
                }
                // The wider widths, where the narrowest does not fit.
                let wider = WidthSearch.failingWidths(layouts, groups: groups[start..<stop], measurer: measurer)
                let near = NearLimit.find(layouts, groups: groups[start..<stop], bands: configuration.nearLimit, measurer: measurer)
                var fixRequests: [(label: Int, request: TruncationFixes.Request)] = []
                func diagnostics(_ li: Int, extra: (truncates: Int, clipped: Int) = (0, 0)) -> [Diagnostic] {
                    MeasuredChecks.diagnostics(
                        for: labels[li], at: 0, group: groups[li], sourceLanguage: sourceLanguage,
                        layouts: layouts[(starts[li] - first)..<(end(of: li) - first)], failingWidths: wider[li - start],
                        extraScreens: extra,
                        nearLimit: near[li - start].flatMap { f in configuration.nearLimit.map { (f, $0) } },
                        truncationFixes: slots[li].map { slot in
                            { worst in
                                // Made below, all at once; the last asked for a label is the
                                // one reported (its two groups merged: the one that reports).
                                let target = groups[li].isPadGroup ? li - 1 : li
                                fixRequests.append(
                                    (target, TruncationFixes.Request(worst: worst, of: labels[li], swiftUI: groups[li].swiftUI, slot: slot))
                                )
                                return []
                            }
                        })
                }
                for li in start..<stop {
                    if groups[li].isPadGroup {
                        measured.append([])  // reported with its first group
                    } else if li + 1 < stop, groups[li + 1].isPadGroup {
                        let (a, b) = (diagnostics(li), diagnostics(li + 1))
                        measured.append(
                            Checks.merged(
                                first: a, second: b, screens: (failingScreens(li, a), failingScreens(li + 1, b)),
                                remake: { group, extra in diagnostics(group == 0 ? li : li + 1, extra: extra) }))
                    } else {
                        measured.append(diagnostics(li))
                    }
                }
                /// How many screens of group `li` truncate, and clip (its failing widths' screens).
                func failingScreens(_ li: Int, _ d: [Diagnostic]) -> (truncates: Int, clipped: Int) {
                    func count(_ code: DiagnosticCode, _ n: Int) -> Int {
                        d.contains(where: { $0.code == code }) ? groups[li].widths.screenCount(ofNarrowest: n) : 0
                    }
                    return (count(.truncates, wider[li - start].truncates), count(.clipped, wider[li - start].clipped))
                }
                if !fixRequests.isEmpty {
                    // The `truncates` fixes of the batch, on every core (a few layouts each).
                    var last: [Int: Int] = [:]
                    for (k, r) in fixRequests.enumerated() { last[r.label] = k }
                    let chosen = fixRequests.indices.filter { last[fixRequests[$0].label] == $0 }
                    let made = TruncationFixes.fixes(chosen.map { fixRequests[$0].request }, measurer: measurer)
                    for (k, fixes) in zip(chosen, made) {
                        let li = fixRequests[k].label
                        if let d = measured[li].firstIndex(where: { $0.code == .truncates }) { measured[li][d].fixes = fixes }
                    }
                }
                if let cache {
                    cache.keepMeasured(
                        of: id, (start..<stop).compactMap { li in labelStamps[li].map { (labels[li], $0, measured[li]) } })
                }
                start = stop
            }
            return measured
        }

        /// The groups from the semantic diagnostics and `measured` (nil: none measured yet);
        /// `keep`: the chunks' diagnostics are kept in the cache for the next snapshot.
        private func assemble(measured: [[Diagnostic]]?, keep: Bool) -> [DiagnosticGroup] {
            var built: [[Diagnostic]] = []
            built.reserveCapacity(builds.count)
            var stored: [DiagnosticsCache.ChunkValue] = []
            if keep, cache != nil { stored.reserveCapacity(builds.count) }
            for build in builds {
                /// The chunk's diagnostics, from its semantic ones and its labels' measured ones.
                func combined(_ semantic: [Diagnostic]) -> [Diagnostic] {
                    var relative = semantic
                    for label in build.labels {
                        let d: [Diagnostic]
                        switch label.source {
                        case .kept(let k): d = k
                        case .measure(let index): d = measured?[index] ?? []
                        }
                        for x in d { relative.append(x.shifted(by: label.offset)) }
                    }
                    // Sorted once, before it is kept: a kept chunk's array is then passed on as
                    // it is (the same storage, which makes the server's comparison with what it
                    // serialised last time immediate).
                    relative.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
                    return relative
                }
                // Kept as computed: a place in another item is kept as the item; the output has
                // it resolved (`resolved`, read with the snapshot).
                let asComputed = combined(build.semantic)
                if keep, cache != nil {
                    stored.append(DiagnosticsCache.ChunkValue(diagnostics: asComputed, namesItems: build.resolved != nil))
                }
                built.append(build.resolved.map(combined) ?? asComputed)
            }
            if keep, let cache {
                var memo = Memo<GreenNode, DiagnosticsCache.Stamp, DiagnosticsCache.ChunkValue>()
                for (chunk, _, source) in chunks {
                    switch source {
                    case .kept(_, let entry): memo.append(entry)
                    case .build(let index):
                        memo.append(
                            .init(key: chunk, stamp: stamp, value: stored[index], inputs: builds[index].items, verifiedAt: generation))
                    }
                }
                cache.keepChunks(of: id, memo)
            }
            var groups: [DiagnosticGroup] = []
            var problems = suppressions.problems[...]  // invalid-ignore, in document order
            var sweep = Suppressions.Sweep(suppressions)
            for (index, (chunk, offset, source)) in chunks.enumerated() {
                var d: [Diagnostic]
                switch source {
                case .kept(let k, _): d = k
                case .build(let index): d = built[index]
                }
                // The problems of the chunk's ignore comments join its diagnostics, in order.
                if let first = problems.first?.range.lowerBound, first < offset + chunk.length {
                    while let p = problems.first, p.range.lowerBound < offset + chunk.length {
                        d.append(p.shifted(by: -offset))
                        problems.removeFirst()
                    }
                    d.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
                }
                guard !d.isEmpty else { continue }
                var configured = configuration.apply(to: d)  // `d` itself when no severity, select or ignore is configured
                if !suppressions.isEmpty {
                    configured.removeAll { sweep.suppresses($0.code, at: offset + $0.range.lowerBound) }
                }
                if !configured.isEmpty {
                    groups.append(DiagnosticGroup(chunk: chunk, index: index, offset: offset, diagnostics: configured))
                }
            }
            return groups
        }
    }

    /// A label's diagnostics from its two groups of screens (phones and iPads, whose texts differ
    /// by device): per code (`truncates`, `clipped`), the group whose narrowest failing width is
    /// the narrower reports, counting the other's failing screens too (`remake` makes a group's
    /// diagnostics again with extra screens counted); the other diagnostics are the first
    /// group's, and the second's of codes the first has not (and its `invalid-number`s, which
    /// name its own screens).
    static func merged(
        first: [Diagnostic], second: [Diagnostic], screens: ((truncates: Int, clipped: Int), (truncates: Int, clipped: Int)),
        remake: (Int, (truncates: Int, clipped: Int)) -> [Diagnostic]
    ) -> [Diagnostic] {
        var out = first.filter { $0.code != .truncates && $0.code != .clipped }
        for d in second where d.code != .truncates && d.code != .clipped {
            // `invalid-number` names the group's own screens (a width 0 or less on the phones,
            // past 100000 on the iPads): each group's is said.
            if !out.contains(where: { $0.code == d.code && (d.code != .invalidNumber || $0.message == d.message) }) { out.append(d) }
        }
        // Near the limit in one group, cut in the other: cut.
        if [first, second].joined().contains(where: { $0.code == .truncates || $0.code == .clipped }) {
            out.removeAll { $0.code == .nearLimit }
        }
        for code in [DiagnosticCode.truncates, .clipped] {
            let a = first.first { $0.code == code }
            let b = second.first { $0.code == code }
            let extraA = code == .truncates ? screens.1.truncates : screens.1.clipped
            let extraB = code == .truncates ? screens.0.truncates : screens.0.clipped
            switch (a, b) {
            case (let a?, let b?):
                let bFirst = FitMatrix.worstScreen(among: [a.screen?.width, b.screen?.width]) == 1
                let extra = bFirst ? extraB : extraA
                let made = remake(bFirst ? 1 : 0, code == .truncates ? (extra, 0) : (0, extra))
                if let d = made.first(where: { $0.code == code }) { out.append(d) }
            case (let a?, nil): out.append(a)
            case (nil, let b?): out.append(b)
            case (nil, nil): break
            }
        }
        return out
    }

    /// The cells of `groups`, one group after the other: a batch to lay out.
    static func inputs(of groups: ArraySlice<FitMatrix.Group>) -> [LabelLayoutInput?] {
        var out: [LabelLayoutInput?] = []
        out.reserveCapacity(groups.reduce(0) { $0 + $1.inputs.count })
        for g in groups { out += g.inputs }
        return out
    }

    /// How many layout inputs are measured at a time: enough for every core to have work, few
    /// enough that their layouts (and the look-up of equal ones) take little memory (a 5 MB
    /// document's 84,000 inputs at once made its first check peak 60 MB higher).
    static let batchInputs = 16_384

    /// How many batches may be laid out ahead of the measuring: one, on one thread, while the
    /// snapshot is read on the other core (about what one thread lays out meanwhile).
    static let prefetchedBatches = 1

    /// The layouts of a batch of labels, computed on other threads while the snapshot is still
    /// being read (under the server's lock, on one core): the measuring that follows finds
    /// them done, or waits for them.
    final class Prefetch: @unchecked Sendable {
        let labels: Range<Int>
        let measurer: Measurer
        private let ready = DispatchSemaphore(value: 0)
        private let lock = Lock()
        private var batch: MeasuredChecks.LayoutBatch?

        init(labels: Range<Int>, inputs: [LabelLayoutInput?], measurer: Measurer) {
            self.labels = labels
            self.measurer = measurer
            DispatchQueue.global().async {
                // One thread: the snapshot keeps the other core. The measuring joins in when
                // it gets here (`wait`), on every core.
                let batch = MeasuredChecks.LayoutBatch(inputs, measurer: measurer)
                self.lock.withLock { self.batch = batch }
                self.ready.signal()
                batch.work()
            }
        }

        /// The layouts, laid out on every core from here on; nil once taken (the batch is let
        /// go of then: what the measuring holds is one batch at a time).
        func take() -> [Result<LabelLayout, FontError>?]? {
            ready.wait()
            ready.signal()  // a second call returns at once
            let taken: MeasuredChecks.LayoutBatch? = lock.withLock {
                defer { batch = nil }
                return batch
            }
            return taken?.join()
        }
    }

    enum ChunkSource {
        /// Kept: the diagnostics as reported (related places resolved), and the entry to keep.
        case kept([Diagnostic], Memo<GreenNode, DiagnosticsCache.Stamp, DiagnosticsCache.ChunkValue>.Entry)
        case build(Int)
    }

    /// A chunk whose diagnostics are computed in this snapshot.
    struct ChunkBuild {
        let chunk: GreenNode
        let offset: Int
        /// The chunk's items: the inputs of its entry.
        var items: [any Revised]
        /// Semantic diagnostics, relative to the chunk, as computed.
        var semantic: [Diagnostic]
        /// `semantic` with the places in items resolved (nil: none names an item).
        var resolved: [Diagnostic]?
        /// Labels with their offset in the chunk and where their measured diagnostics come from.
        var labels: [(offset: Int, source: MeasuredSource)]
    }

    enum MeasuredSource {
        case kept([Diagnostic])
        case measure(Int)
    }

    /// Reads everything the diagnostics of document `id` need from the workspace.
    /// `prefetch`: the measurer `groups` will be given; batches of layouts are then started on
    /// other threads as soon as their inputs are read, so that the measuring overlaps the
    /// reading (a document's first check: its thousands of labels).
    public static func snapshot(
        of id: String, in workspace: Workspace, plan: MeasuringPlan, cache: DiagnosticsCache? = nil, epoch: Int = 0,
        prefetch: Measurer? = nil
    ) -> Snapshot {
        // The sizes in order, as the cells are made and the diagnostics name them.
        let plan = plan.at(plan.contentSizes.sorted())
        let (sorted, configuration) = (plan.contentSizes, plan.configuration)
        let stamp = DiagnosticsCache.Stamp(epoch: epoch, categories: sorted, screens: plan.screens)
        var chunks: [(chunk: GreenNode, offset: Int, source: ChunkSource)] = []
        var builds: [ChunkBuild] = []
        var labelStamps: [DiagnosticsCache.LabelStamp?] = []
        var labels: [ItemInfo] = []
        var groups: [FitMatrix.Group] = []
        var slots: [TruncationFixes.Slot?] = []
        var starts: [Int] = []
        var layoutCount = 0
        let variantsCache = TextVariants.Cache()
        let padVariantsCache = TextVariants.Cache()
        var suppressions = Suppressions(rules: [], problems: [])
        var prefetched: [Prefetch] = []
        var revalidated = 0
        /// After a label's inputs: starts the layouts of a full batch.
        func prefetchIfFull() {
            guard let measurer = prefetch, prefetched.count < Checks.prefetchedBatches else { return }
            let startLabel = prefetched.last?.labels.upperBound ?? 0
            let first = startLabel < starts.count ? starts[startLabel] : layoutCount
            guard layoutCount - first >= Checks.batchInputs else { return }
            prefetched.append(
                Prefetch(labels: startLabel..<labels.count, inputs: Checks.inputs(of: groups[startLabel...]), measurer: measurer))
        }
        if let doc = workspace.documents[id] {
            var kept = Memo.Walk(cache?.chunks(of: id) ?? Memo())
            cache?.sweepMeasured(of: id)
            var leafChunks: [(chunk: GreenNode, offset: Int)] = []
            doc.syntax.forEachLeafChunk { chunk, chunkOffset in
                leafChunks.append((chunk, chunkOffset))
                // Kept by `Memo`'s rule: at once when no item of the workspace changed since
                // the entry was verified (the usual edit: its items are in chunks it made), else
                // after a look at each of the chunk's items.
                if let e = kept.next(chunk), let (valid, looked) = e.valid(for: stamp, at: workspace.generation) {
                    if looked { revalidated += 1 }
                    let d = valid.value.namesItems ? workspace.resolvingRelated(valid.value.diagnostics) : valid.value.diagnostics
                    chunks.append((chunk, chunkOffset, .kept(d, valid)))
                    return
                }
                chunks.append((chunk, chunkOffset, .build(builds.count)))
                var build = ChunkBuild(chunk: chunk, offset: chunkOffset, items: [], semantic: [], resolved: nil, labels: [])
                var namesItems = false
                var relative = 0
                for element in chunk.children {
                    defer { relative += element.length }
                    for d in workspace.diagnostics(ofTopLevel: element, in: doc) {
                        if d.related.contains(where: { $0.declaration != nil }) { namesItems = true }
                        build.semantic.append(d.shifted(by: relative))
                    }
                    guard case .node(let node) = element, let info = doc.item(node) else { continue }
                    build.items.append(info)
                    guard info.kind == .label else { continue }
                    // Read here, with the text: the item's, and the line above it (a change there
                    // is in the stamp: the fixes kept are made again).
                    let slot = TruncationFixes.slot(of: info.syntax, at: chunkOffset + relative, in: doc.syntax.source)
                    let labelStamp =
                        cache != nil ? DiagnosticsCache.LabelStamp(chunk: stamp, changedAt: info.changedAt, slot: slot) : nil
                    if let cache, let labelStamp, let d = cache.measured(of: id, info, stamp: labelStamp) {
                        build.labels.append((relative, .kept(d)))
                        continue
                    }
                    build.labels.append((relative, .measure(labelStamps.count)))
                    // One group, or two when its texts differ by device between phone and iPad
                    // screens: the second is measured with the first, which reports for both.
                    let matrix = FitMatrix.of(
                        info, in: workspace, plan: plan, cache: variantsCache, padCache: padVariantsCache, everyWidth: false,
                        measurer: prefetch)
                    for (g, m) in matrix.groups.enumerated() {
                        labelStamps.append(g == 0 ? labelStamp : nil)
                        labels.append(info)
                        groups.append(m)
                        slots.append(slot)
                        starts.append(layoutCount)
                        layoutCount += m.inputs.count
                    }
                    prefetchIfFull()
                }
                if namesItems { build.resolved = workspace.resolvingRelated(build.semantic) }
                // Bytes that are not UTF-8, wherever they are (strings and comments too).
                let invalid = InvalidUTF8.diagnostics(in: doc.syntax.source, range: chunkOffset..<(chunkOffset + chunk.length))
                build.semantic += invalid
                build.resolved? += invalid
                builds.append(build)
            }
            let directives =
                cache?.directives(of: id, chunks: leafChunks, source: doc.syntax.source)
                ?? leafChunks.flatMap { c in
                    Suppressions.directives(inChunk: c.chunk, at: c.offset, source: doc.syntax.source).map { $0.shifted(by: c.offset) }
                }
            suppressions = Suppressions.rules(for: directives, in: doc)
        }
        return Snapshot(
            id: id, chunks: chunks, stamp: stamp, builds: builds, categories: sorted, labels: labels, groups: groups, slots: slots,
            starts: starts, layoutCount: layoutCount, sourceLanguage: plan.localizations.sourceLanguage, labelStamps: labelStamps,
            revalidatedChunks: revalidated, configuration: configuration, cache: cache, generation: workspace.generation,
            suppressions: suppressions, prefetched: prefetched)
    }

    public static func diagnostics(of id: String, in workspace: Workspace, measurer: Measurer, plan: MeasuringPlan) -> [Diagnostic] {
        snapshot(of: id, in: workspace, plan: plan, prefetch: measurer).diagnostics(measurer: measurer)
    }
}
