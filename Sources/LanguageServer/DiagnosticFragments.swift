import Foundation
import JSON
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// The LSP diagnostics of each leaf chunk of a document, serialised once and spliced into every
/// push and pull after it: an edit re-serialises only the chunks whose diagnostics or starting
/// position changed, so a document with thousands of warnings costs what its changed chunks
/// cost. An entry is used again by `Memo`'s rule: the chunk is the same object (the same text),
/// starts at the same line and character, and its diagnostics are equal (a related place comes
/// with its line and columns), so it cannot disagree with a fresh serialisation (tests compare
/// with a fresh server). One per document (an open document's is
/// in its `OpenDocument`). Thread-safe: pushes build outside the state lock.
final class DiagnosticFragments: @unchecked Sendable {
    /// What a chunk's fragment was made from, besides the chunk: where it starts, and its
    /// diagnostics (related places included, resolved with their lines and columns).
    struct Stamp: Equatable {
        let line: Int
        let character: Int
        let diagnostics: [Diagnostic]
    }

    struct Fragment {
        /// The chunk's place among the document's leaf chunks when it was last serialised.
        var index: Int
        let fragment: JSONFragment?
        /// FNV-1a of the fragment's bytes.
        let hash: UInt64
    }

    typealias Entry = Memo<GreenNode, Stamp, Fragment>.Entry

    /// The serialised diagnostics of a document: `items` to splice into an array, and a hash of
    /// what they say (equal diagnostics, equal hash) for result ids.
    struct Serialised {
        let items: [JSONValue]
        let count: Int
        let hash: UInt64
    }

    private let lock = Lock()
    /// One entry per leaf chunk with diagnostics, in document order.
    private var kept = Memo<GreenNode, Stamp, Fragment>()

    /// Where each kept chunk started when it was serialised, by its index then (for tests).
    var keptStarts: [(index: Int, line: Int, character: Int)] {
        lock.withLock { kept.entries.map { ($0.value.index, $0.stamp.line, $0.stamp.character) } }
    }

    /// Serialises `groups` (from `Checks.Snapshot.groups`) with `positions`, reusing what is kept.
    /// Chunks to serialise afresh (all of them on a document's first push) are serialised on
    /// every core when there are many.
    func serialise(_ groups: [DiagnosticGroup], uri: String, positions: LineTable, codeDescription: Bool) -> Serialised {
        var walk = Memo.Walk(lock.withLock { kept })
        var cursor = LineTable.Cursor(positions)
        // Where each chunk starts, and the kept entry it reuses.
        var starts: [(line: Int, character: Int)] = []
        starts.reserveCapacity(groups.count)
        var entries: [Entry?] = []
        entries.reserveCapacity(groups.count)
        var fresh: [Int] = []
        // Where a kept chunk starts now without counting, as `LanguageServer.chunkedArray` finds
        // it: when the group before was of the chunk right before it, then as now, and kept, the
        // text between their starts is the same (`LineTable.carried`).
        var previous: (then: (line: Int, character: Int), now: (line: Int, character: Int), index: Int, was: Int)?
        for group in groups {
            let old = walk.next(group.chunk)
            let start: (line: Int, character: Int)
            if let e = old, let before = previous, group.index == before.index + 1, e.value.index == before.was + 1 {
                start = LineTable.carried((e.stamp.line, e.stamp.character), after: before.then, now: before.now)
            } else {
                start = cursor.position(of: group.offset)
            }
            previous = old.map { e in ((e.stamp.line, e.stamp.character), start, group.index, e.value.index) }
            starts.append(start)
            if let e = old,
                let (valid, _) = e.valid(for: Stamp(line: start.line, character: start.character, diagnostics: group.diagnostics))
            {
                entries.append(valid)
            } else {
                entries.append(nil)
                fresh.append(entries.count - 1)
            }
        }
        let work = Work(groups: groups, starts: starts, uri: uri, codeDescription: codeDescription)
        if fresh.count >= DiagnosticFragments.parallelChunks {
            let fresh = fresh
            let made = ConcurrentSlots<Entry>(count: fresh.count)
            defer { made.free() }
            let batch = 16
            DispatchQueue.concurrentPerform(iterations: (fresh.count + batch - 1) / batch) { b in
                var own = LineTable.Cursor(positions)
                for k in (b * batch)..<min(fresh.count, (b + 1) * batch) {
                    made.pointer[k] = work.make(fresh[k], &own)
                }
            }
            for (k, i) in fresh.enumerated() { entries[i] = made.pointer[k] }
        }
        var items: [JSONValue] = []
        var next = Memo<GreenNode, Stamp, Fragment>()
        var count = 0
        var hash = FNV1a.offsetBasis
        cursor = LineTable.Cursor(positions)
        for (i, group) in groups.enumerated() {
            var entry = entries[i] ?? work.make(i, &cursor)
            entry.value.index = group.index  // chunks made or gone before it move it
            next.append(entry)
            if let f = entry.value.fragment { items.append(.fragment(f)) }
            count += group.diagnostics.count
            hash = FNV1a.combine(hash, entry.value.hash)
        }
        lock.withLock { kept = next }
        return Serialised(items: items, count: count, hash: hash)
    }

    /// What serialising a chunk reads: the same for every thread.
    private struct Work: Sendable {
        let groups: [DiagnosticGroup]
        let starts: [(line: Int, character: Int)]
        let uri: String
        let codeDescription: Bool

        func make(_ i: Int, _ cursor: inout LineTable.Cursor) -> Entry {
            let group = groups[i]
            let json = group.diagnostics.map { $0.shifted(by: group.offset).lspJSON(&cursor, uri: uri, codeDescription: codeDescription) }
            let fragment = JSONFragment.elements(of: json)
            let h = FNV1a.hash(fragment?.text ?? [])
            return Entry(
                key: group.chunk, stamp: Stamp(line: starts[i].line, character: starts[i].character, diagnostics: group.diagnostics),
                value: Fragment(index: group.index, fragment: fragment, hash: h))
        }
    }

    /// Fewer fresh chunks than this are serialised on the calling thread (an edit's one or two).
    static let parallelChunks = 32
}
