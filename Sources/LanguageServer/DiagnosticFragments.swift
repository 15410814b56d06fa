import Foundation
import JSON
import LabelSpecSupport
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax

/// The LSP diagnostics of each leaf chunk of a document, serialised once and spliced into every
/// push and pull after it: an edit re-serialises only the chunks whose diagnostics or starting
/// position changed, so a document with thousands of warnings costs what its changed chunks
/// cost. An entry is used again only when the chunk is the same object (the same text), starts at
/// the same line and character, and its diagnostics are equal, so it cannot disagree with a fresh
/// serialisation (tests compare with a fresh server). One per document (an open document's is
/// in its `OpenDocument`). Thread-safe: pushes build outside the state lock.
final class DiagnosticFragments: @unchecked Sendable {
    struct Entry: ChunkKeyed {
        let chunk: GreenNode
        /// The chunk's place among the document's leaf chunks when it was last serialised.
        var index: Int
        let line: Int
        let character: Int
        let diagnostics: [Diagnostic]
        let fragment: JSONFragment?
        /// FNV-1a of the fragment's bytes.
        let hash: UInt64
    }

    /// The serialised diagnostics of a document: `items` to splice into an array, and a hash of
    /// what they say (equal diagnostics, equal hash) for result ids.
    struct Serialised {
        let items: [JSONValue]
        let count: Int
        let hash: UInt64
    }

    private let lock = Lock()
    /// One entry per leaf chunk, in document order.
    private var kept: [Entry] = []

    /// Where each kept chunk started when it was serialised, by its index then (for tests).
    var keptStarts: [(index: Int, line: Int, character: Int)] { lock.withLock { kept.map { ($0.index, $0.line, $0.character) } } }

    /// Serialises `groups` (from `Checks.Snapshot.groups`) with `positions`, reusing what is kept.
    /// `positionsOf` gives the line tables of other documents that related locations point into.
    /// Chunks to serialise afresh (all of them on a document's first push) are serialised on
    /// every core when there are many; those with a related place in another document (which
    /// `positionsOf` reads from the server's state) on the calling thread.
    func serialise(
        _ groups: [DiagnosticGroup], uri: String, positions: LineTable, codeDescription: Bool,
        positionsOf: (String) -> LineTable? = { _ in nil }
    ) -> Serialised {
        var matcher = ChunkMatcher(lock.withLock { kept })
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
            let old = matcher.next(group.chunk)
            let start: (line: Int, character: Int)
            if let e = old, let before = previous, group.index == before.index + 1, e.index == before.was + 1 {
                start = LineTable.carried((e.line, e.character), after: before.then, now: before.now)
            } else {
                start = cursor.position(of: group.offset)
            }
            previous = old.map { e in ((e.line, e.character), start, group.index, e.index) }
            starts.append(start)
            if let e = old, e.line == start.line, e.character == start.character, e.diagnostics == group.diagnostics {
                entries.append(e)
            } else {
                entries.append(nil)
                fresh.append(entries.count - 1)
            }
        }
        let work = Work(groups: groups, starts: starts, uri: uri, codeDescription: codeDescription)
        /// Whether a chunk's diagnostics point into another document (whose lines `positionsOf` reads).
        func pointsElsewhere(_ group: DiagnosticGroup) -> Bool {
            group.diagnostics.contains { $0.related.contains { $0.columns == nil && $0.document != uri } }
        }
        let parallel = fresh.filter { !pointsElsewhere(groups[$0]) }
        if parallel.count >= DiagnosticFragments.parallelChunks {
            let made = ConcurrentSlots<Entry>(count: parallel.count)
            defer { made.free() }
            let batch = 16
            DispatchQueue.concurrentPerform(iterations: (parallel.count + batch - 1) / batch) { b in
                var own = LineTable.Cursor(positions)
                for k in (b * batch)..<min(parallel.count, (b + 1) * batch) {
                    made.pointer[k] = work.make(parallel[k], &own) { _ in nil }
                }
            }
            for (k, i) in parallel.enumerated() { entries[i] = made.pointer[k] }
        }
        var items: [JSONValue] = []
        var next: [Entry] = []
        next.reserveCapacity(groups.count)
        var count = 0
        var hash = FNV1a.offsetBasis
        cursor = LineTable.Cursor(positions)
        for (i, group) in groups.enumerated() {
            var entry = entries[i] ?? work.make(i, &cursor, positionsOf)
            entry.index = group.index  // chunks made or gone before it move it
            // Diagnostics that point into other documents are not kept: those places can move on
            // their own. A place given as line and columns (a String Catalog's key) is part of
            // the diagnostic, which the match compares.
            if !group.diagnostics.contains(where: { $0.related.contains { $0.columns == nil } }) { next.append(entry) }
            if let f = entry.fragment { items.append(.fragment(f)) }
            count += group.diagnostics.count
            hash = FNV1a.combine(hash, entry.hash)
        }
        lock.withLock { kept = next }
        return Serialised(items: items, count: count, hash: hash)
    }

    /// What serialising a chunk reads: the same for every thread.
    private struct Work: @unchecked Sendable {
        let groups: [DiagnosticGroup]
        let starts: [(line: Int, character: Int)]
        let uri: String
        let codeDescription: Bool

        func make(_ i: Int, _ cursor: inout LineTable.Cursor, _ positionsOf: (String) -> LineTable?) -> Entry {
            let group = groups[i]
            let json = group.diagnostics.map { $0.shifted(by: group.offset).lspJSON(&cursor, uri: uri, codeDescription: codeDescription, positionsOf: positionsOf) }
            let fragment = JSONFragment.elements(of: json)
            let h = FNV1a.hash(fragment?.text ?? [])
            return Entry(chunk: group.chunk, index: group.index, line: starts[i].line, character: starts[i].character, diagnostics: group.diagnostics, fragment: fragment, hash: h)
        }
    }

    /// Fewer fresh chunks than this are serialised on the calling thread (an edit's one or two).
    static let parallelChunks = 32
}
