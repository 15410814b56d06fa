import JSON
import LabelSpecSemantics
import LabelSpecSyntax

/// What the server keeps between requests about a document's text: its line table, and replies
/// serialised per leaf chunk of its syntax tree (see `chunkedArray`, `ChunkMatcher`).
extension LanguageServer {
    /// Line starts of the document's current text: kept up to date by `didChange`, scanned in full
    /// only when missing (a new document or encoding).
    func positions(_ doc: Workspace.Document) -> TextPositions {
        let cached = open[doc.id]?.positions ?? diskPositions[doc.id]
        if let cached, cached.root === doc.syntax.root, cached.positions.encoding == encoding {
            return cached.positions
        }
        let p = TextPositions(doc.syntax.source, encoding: encoding)
        if let opened = open[doc.id] { opened.positions = (doc.syntax.root, p) } else { diskPositions[doc.id] = (doc.syntax.root, p) }
        return p
    }

    /// A JSON array assembled from one serialised fragment per leaf chunk of the document, each
    /// kept (per `kind`) while its chunk is the same object at the same position; a chunk an edit
    /// replaced is rendered again, and all chunks after it when the edit added or removed lines.
    func chunkedArray(
        _ kind: ChunkCacheKind, _ doc: Workspace.Document, render: (GreenNode, Int, TextPositions) -> [JSONValue]
    ) -> JSONValue {
        let p = positions(doc)
        // Kept for open documents only: a file read from disk is rarely asked twice.
        var kept = ChunkMatcher(open[doc.id]?.chunkFragments[kind] ?? [])
        var new: [ChunkFragment] = []
        new.reserveCapacity(kept.count)
        var parts: [JSONValue] = []
        var cursor = TextPositions.Cursor(p)
        doc.syntax.forEachLeafChunk { chunk, offset in
            let start = cursor.position(of: offset)
            let entry: ChunkFragment
            if let e = kept.next(chunk), e.line == start.line, e.character == start.character {
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
/// (the same objects, in the same order), so the entry is almost always the next old one: the walk
/// costs one comparison per chunk, and an index of the old entries is built only when the two
/// orders part (an edit that split, merged or moved chunks).
struct ChunkMatcher<Entry: ChunkKeyed> {
    private let old: [Entry]
    private var next = 0
    private var index: [ObjectIdentifier: Int]?

    init(_ old: [Entry]) { self.old = old }

    var count: Int { old.count }

    /// The entry kept for `chunk` (the same object), if any. Call with the chunks in order.
    mutating func next(_ chunk: GreenNode) -> Entry? {
        if next < old.count, old[next].chunk === chunk {
            next += 1
            return old[next - 1]
        }
        // A chunk the edit made: the following old entry may still be the next match (a chunk
        // replaced by one), so look ahead one before building the index.
        if next + 1 < old.count, old[next + 1].chunk === chunk {
            next += 2
            return old[next - 1]
        }
        if index == nil {
            var built: [ObjectIdentifier: Int] = [:]
            built.reserveCapacity(old.count)
            for (i, e) in old.enumerated() { built[ObjectIdentifier(e.chunk)] = i }
            index = built
        }
        guard let i = index?[ObjectIdentifier(chunk)] else { return nil }
        next = i + 1
        return old[i]
    }
}
