import JSON
import LabelSpecSemantics
import LabelSpecSyntax

/// What the server keeps between requests about a document's text: its line table, and replies
/// serialised per leaf chunk of its syntax tree (see `chunkedArray`, `ChunkMatcher`).
extension LanguageServer {
    /// Line starts of the document's current text: kept up to date by `didChange`, scanned in full
    /// only when missing (a new document or encoding).
    func positions(_ doc: Workspace.Document) -> LineTable {
        // An open document's is its editor document's, kept up to date through its edits.
        if let opened = open[doc.id] { return opened.editor.lineTable(encoding, in: namespace(of: doc.id)?.workspace) }
        if let cached = diskPositions[doc.id], cached.root === doc.syntax.root, cached.positions.encoding == encoding {
            return cached.positions
        }
        let p = LineTable(doc.syntax.source, encoding: encoding)
        diskPositions[doc.id] = (doc.syntax.root, p)
        return p
    }

    /// A JSON array assembled from one serialised fragment per leaf chunk of the document, each
    /// kept (per `kind`) while its chunk is the same object at the same position; a chunk an edit
    /// replaced is rendered again, and all chunks after it when the edit added or removed lines.
    func chunkedArray(
        _ kind: ChunkCacheKind, _ doc: Workspace.Document, render: (GreenNode, Int, LineTable) -> [JSONValue]
    ) -> JSONValue {
        let p = positions(doc)
        // Kept for open documents only: a file read from disk is rarely asked twice.
        var kept = ChunkMatcher(open[doc.id]?.chunkFragments[kind] ?? [])
        var new: [ChunkFragment] = []
        new.reserveCapacity(kept.count)
        var parts: [JSONValue] = []
        var cursor = LineTable.Cursor(p)
        // Where a kept chunk starts now, without counting: when the chunk before it was kept too
        // and came right before it then as now, the text between their starts is the same
        // (`LineTable.carried`). One edit then counts the positions of the chunks it made and
        // of the one after them, not of every chunk.
        var previous: (then: (line: Int, character: Int), now: (line: Int, character: Int), match: Int)?
        doc.syntax.forEachLeafChunk { chunk, offset in
            let old = kept.next(chunk)
            let start: (line: Int, character: Int)
            if let e = old, let before = previous, kept.lastMatch == before.match + 1 {
                start = LineTable.carried((e.line, e.character), after: before.then, now: before.now)
            } else {
                start = cursor.position(of: offset)
            }
            previous = old.flatMap { e in kept.lastMatch.map { ((e.line, e.character), start, $0) } }
            let entry: ChunkFragment
            if let e = old, e.line == start.line, e.character == start.character {
                entry = e
            } else {
                entry = ChunkFragment(
                    chunk: chunk, line: start.line, character: start.character,
                    fragment: JSONFragment.elements(of: render(chunk, offset, p)))
            }
            new.append(entry)
            if let f = entry.fragment { parts.append(.fragment(f)) }
        }
        open[doc.id]?.chunkFragments[kind] = new
        return .array(parts)
    }
}


/// What is kept per leaf chunk of a document, in document order.
protocol ChunkKeyed {
    var chunk: GreenNode { get }
}

/// Finds what was kept for each leaf chunk of a document's new tree, walking the new chunks in
/// order against the old entries in order. An edit replaces a run of chunks and keeps the rest
/// (the same objects, in the same order), so the entry is almost always the next old one, or one
/// of the few after it past the chunks the edit made: the walk costs about one comparison per
/// chunk, and an index of the old entries is built only when more than four chunks were found
/// neither way (chunks that moved).
struct ChunkMatcher<Entry: ChunkKeyed> {
    private let old: [Entry]
    private var next = 0
    private var index: [ObjectIdentifier: Int]?

    init(_ old: [Entry]) { self.old = old }

    var count: Int { old.count }

    /// Chunks found neither next nor among the few after it, so far: a few are chunks an edit
    /// made (found nowhere: no index is worth building for them), more mean the orders parted.
    private var misses = 0

    /// Where in the old entries the last call found its entry (nil: it found none).
    private(set) var lastMatch: Int?

    /// The entry kept for `chunk` (the same object), if any. Call with the chunks in order.
    mutating func next(_ chunk: GreenNode) -> Entry? {
        lastMatch = nil
        // The next entry, or after the chunks an edit made (a run replaced by another) one of the
        // few after it.
        for j in next..<min(old.count, next + 8) where old[j].chunk === chunk {
            next = j + 1
            lastMatch = j
            return old[j]
        }
        if index == nil {
            misses += 1
            // Missing one costs its rendering again, never a wrong answer.
            if misses <= 4 { return nil }
            var built: [ObjectIdentifier: Int] = [:]
            built.reserveCapacity(old.count)
            for (i, e) in old.enumerated() { built[ObjectIdentifier(e.chunk)] = i }
            index = built
        }
        guard let i = index?[ObjectIdentifier(chunk)] else { return nil }
        next = i + 1
        lastMatch = i
        return old[i]
    }
}
