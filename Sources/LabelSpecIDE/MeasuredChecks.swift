import Dispatch
import LabelMeasure
import LabelSpecSemantics

/// The `truncates` and `clipped` diagnostics: every label laid out at each requested category.
public enum MeasuredChecks {
    /// Measured diagnostics of a document (absolute ranges): one per label and code, at the
    /// smallest category where it happens.
    public static func diagnostics(
        for id: String, in workspace: Workspace, measurer: Measurer, categories: [ContentSizeCategory]
    ) -> [Diagnostic] {
        guard let doc = workspace.documents[id] else { return [] }
        let sorted = categories.sorted()
        // Inputs are read from the workspace on this thread (its caches are not shared-safe);
        // the layouts, the costly part, run over all cores. Batches bound the memory.
        let labels = doc.orderedItems.filter { $0.info.kind == .label }
        var out: [Diagnostic] = []
        var batchStart = 0
        while batchStart < labels.count {
            let batch = labels[batchStart..<min(labels.count, batchStart + 4096)]
            batchStart += batch.count
            var inputs: [LabelLayoutInput?] = []
            inputs.reserveCapacity(batch.count * sorted.count)
            for (info, _) in batch {
                for category in sorted {
                    let input = LayoutInputs.input(for: info, in: workspace, contentSize: category)
                    inputs.append(input.flatMap { $0.text.isEmpty ? nil : $0 })
                }
            }
            let layouts = layoutAll(inputs, measurer: measurer)
            for (li, (info, offset)) in batch.enumerated() {
                out += diagnostics(
                    for: info, at: offset, categories: sorted,
                    layouts: layouts[(li * sorted.count)..<((li + 1) * sorted.count)])
            }
        }
        return out
    }

    /// What measuring a document needs, read from the workspace: the part that must happen while
    /// the workspace cannot change. `diagnostics(measurer:)` then does the costly part anywhere.
    public struct Plan: @unchecked Sendable {
        /// Labels to lay out, with where their results are to be kept.
        let labels: [(info: ItemInfo, offset: Int, entry: MeasuredEntry?)]
        let categories: [ContentSizeCategory]
        let inputs: [LabelLayoutInput?]
        /// Diagnostics of the labels whose results were kept from an earlier plan (absolute).
        let kept: [Diagnostic]

        /// Lays the labels out in batches (bounded memory) and keeps only the diagnostics.
        public func diagnostics(measurer: Measurer) -> [Diagnostic] {
            var out = kept
            let n = categories.count
            var start = 0
            while start < labels.count {
                let end = min(labels.count, start + 4096)
                let layouts = MeasuredChecks.layoutAll(Array(inputs[(start * n)..<(end * n)]), measurer: measurer)
                for li in start..<end {
                    let (info, offset, entry) = labels[li]
                    let base = (li - start) * n
                    let relative = MeasuredChecks.diagnostics(for: info, at: 0, categories: categories, layouts: layouts[base..<(base + n)])
                    entry?.store(relative)
                    for d in relative { out.append(d.shifted(by: offset)) }
                }
                start = end
            }
            return out
        }
    }

    /// A label's measured diagnostics, relative to its start, kept on its `ItemInfo` (`derived`)
    /// until the workspace invalidates it. Filled by whichever thread measures; a plan that finds
    /// it still empty measures the label again.
    final class MeasuredEntry: @unchecked Sendable {
        let epoch: Int
        let categories: [ContentSizeCategory]
        private let lock = Lock()
        private var diagnostics: [Diagnostic]?

        init(epoch: Int, categories: [ContentSizeCategory]) {
            self.epoch = epoch
            self.categories = categories
        }

        func store(_ d: [Diagnostic]) { lock.withLock { diagnostics = d } }
        var stored: [Diagnostic]? { lock.withLock { diagnostics } }
    }

    /// The plan for a document. With an `epoch` (a number the caller changes whenever anything
    /// outside the workspace that measuring reads changes: fonts, categories), results are kept
    /// per label and only labels that changed, or whose styles changed, are laid out again;
    /// without one (a one-shot run) nothing is kept.
    public static func plan(for id: String, in workspace: Workspace, categories: [ContentSizeCategory], epoch: Int? = nil) -> Plan {
        let sorted = categories.sorted()
        guard let doc = workspace.documents[id] else { return Plan(labels: [], categories: sorted, inputs: [], kept: []) }
        var labels: [(info: ItemInfo, offset: Int, entry: MeasuredEntry?)] = []
        var inputs: [LabelLayoutInput?] = []
        var kept: [Diagnostic] = []
        doc.syntax.forEachTopLevel { element, offset in
            guard case .node(let node) = element, let info = doc.item(node), info.kind == .label else { return }
            var entry: MeasuredEntry?
            if let epoch {
                if let e = info.derived as? MeasuredEntry, e.epoch == epoch, e.categories == sorted, let d = e.stored {
                    for x in d { kept.append(x.shifted(by: offset)) }
                    return
                }
                entry = MeasuredEntry(epoch: epoch, categories: sorted)
                info.derived = entry
            }
            labels.append((info, offset, entry))
            for category in sorted {
                inputs.append(LayoutInputs.input(for: info, in: workspace, contentSize: category).flatMap { $0.text.isEmpty ? nil : $0 })
            }
        }
        return Plan(labels: labels, categories: sorted, inputs: inputs, kept: kept)
    }

    /// The measured diagnostics of one label from its layouts, one per category.
    static func diagnostics(
        for info: ItemInfo, at offset: Int, categories: [ContentSizeCategory],
        layouts: ArraySlice<Result<LabelLayout, FontError>?>
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let nameRange = (offset + info.nameRange.lowerBound)..<(offset + info.nameRange.upperBound)
        var truncated: [(ContentSizeCategory, LabelLayout)] = []
        var clipped: [(ContentSizeCategory, LabelLayout)] = []
        var fontProblem: FontError?
        for (category, result) in zip(categories, layouts) {
            switch result {
            case .success(let layout)?:
                if layout.isTruncated { truncated.append((category, layout)) }
                if layout.isClipped { clipped.append((category, layout)) }
            case .failure(let error)?:
                fontProblem = error
            case nil:
                break
            }
        }
        if let (category, layout) = truncated.first {
            out.append(Diagnostic(
                .truncates, "truncates at \(category.displayName): \(quoted(layout))\(more(truncated.count))", at: nameRange))
        }
        if let (category, layout) = clipped.first {
            out.append(Diagnostic(
                .clipped, "clipped at \(category.displayName): shows \(quoted(layout))\(more(clipped.count))", at: nameRange))
        }
        if let problem = fontProblem {
            out.append(Diagnostic(.customFont, "cannot measure '\(info.name ?? "?")': \(problem)", at: nameRange))
        }
        return out
    }

    /// Lays out many inputs in parallel; the result at index i belongs to input i.
    public static func layoutAll(_ inputs: [LabelLayoutInput?], measurer: Measurer) -> [Result<LabelLayout, FontError>?] {
        let results = ResultSlots(count: inputs.count)
        defer {
            _ = results.pointer.deinitialize()
            results.pointer.deallocate()
        }
        let chunk = 256
        let chunks = (inputs.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for i in (c * chunk)..<min(inputs.count, (c + 1) * chunk) {
                if let input = inputs[i] { results.pointer[i] = measurer.layout(input) }
            }
        }
        return Array(results.pointer)
    }

    /// The lines as the user sees them, joined with ⏎.
    static func quoted(_ layout: LabelLayout) -> String {
        "\"" + layout.lines.map(\.text).joined(separator: " ⏎ ") + "\""
    }

    static func more(_ count: Int) -> String {
        count > 1 ? " (and at \(count - 1) larger size\(count == 2 ? "" : "s"))" : ""
    }
}

/// Slots written from concurrent iterations, each index by exactly one of them.
private struct ResultSlots: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<Result<LabelLayout, FontError>?>
    init(count: Int) {
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: nil)
    }
}
