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

    /// Serialises `groups` (from `Checks.Snapshot.groups`) with `positions`, reusing what is kept.
    /// `positionsOf` gives the line tables of other documents that related locations point into.
    func serialise(
        _ groups: [DiagnosticGroup], uri: String, positions: TextPositions, positionsOf: (String) -> TextPositions? = { _ in nil }
    ) -> Serialised {
        var matcher = ChunkMatcher(lock.withLock { kept })
        var next: [Entry] = []
        next.reserveCapacity(groups.count)
        var items: [JSONValue] = []
        var count = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var cursor = TextPositions.Cursor(positions)
        for group in groups {
            let start = cursor.position(of: group.offset)
            let entry: Entry
            if let e = matcher.next(group.chunk), e.line == start.line, e.character == start.character, e.diagnostics == group.diagnostics {
                entry = e
            } else {
                let json = group.diagnostics.map { $0.shifted(by: group.offset).lspJSON(&cursor, uri: uri, positionsOf: positionsOf) }
                let fragment = JSONFragment.elements(of: json)
                var h: UInt64 = 0xcbf2_9ce4_8422_2325
                for b in fragment?.text ?? [] { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
                entry = Entry(chunk: group.chunk, line: start.line, character: start.character, diagnostics: group.diagnostics, fragment: fragment, hash: h)
            }
            // Diagnostics that point into other documents are not kept: those places can move on
            // their own. A place given as line and columns (a String Catalog's key) is part of
            // the diagnostic, which the match compares.
            if !group.diagnostics.contains(where: { $0.related.contains { $0.columns == nil } }) { next.append(entry) }
            if let f = entry.fragment { items.append(.fragment(f)) }
            count += group.diagnostics.count
            hash = (hash ^ entry.hash) &* 0x100_0000_01b3
        }
        lock.withLock { kept = next }
        return Serialised(items: items, count: count, hash: hash)
    }
}
