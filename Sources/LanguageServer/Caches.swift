import JSON
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// What the server keeps between requests about a document's text: its line table, and replies
/// serialised per leaf chunk of its syntax tree (see `chunkedArray`; what is kept is a `Memo`).
extension LanguageServer {
    /// Line starts of the document's current text: kept up to date by `didChange`, scanned in full
    /// only when missing (a new document or encoding).
    func positions(_ doc: Workspace.Document) -> LineTable {
        // An open document's is its editor document's, kept up to date through its edits.
        switch documents[doc.id] {
        case .labelspec(let opened)?:
            return opened.editor.lineTable(encoding, in: namespace(of: doc.id)?.workspace)
        case .onDisk(let disk)?:
            if let cached = disk.positions, cached.root === doc.syntax.root, cached.positions.encoding == encoding {
                return cached.positions
            }
        default:
            break
        }
        let p = LineTable(doc.syntax.source, encoding: encoding)
        documents.updateDisk(doc.id) { $0.positions = (doc.syntax.root, p) }
        return p
    }

    /// A JSON array assembled from one serialised fragment per leaf chunk of the document, each
    /// kept (per `kind`) by `Memo`'s rule: while its chunk is the same object and starts at the
    /// same line and character; a chunk an edit replaced is rendered again, and all chunks after
    /// it when the edit added or removed lines.
    func chunkedArray(
        _ kind: ChunkCacheKind, _ doc: Workspace.Document, render: (GreenNode, Int, LineTable) -> [JSONValue]
    ) -> JSONValue {
        let p = positions(doc)
        // Kept for open documents only: a file read from disk is rarely asked twice.
        var kept = Memo.Walk(open[doc.id]?.chunkFragments[kind] ?? Memo())
        var new = Memo<GreenNode, ChunkStart, JSONFragment?>()
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
                start = LineTable.carried((e.stamp.line, e.stamp.character), after: before.then, now: before.now)
            } else {
                start = cursor.position(of: offset)
            }
            previous = old.flatMap { e in kept.lastMatch.map { ((e.stamp.line, e.stamp.character), start, $0) } }
            let stamp = ChunkStart(line: start.line, character: start.character)
            let entry: Memo<GreenNode, ChunkStart, JSONFragment?>.Entry
            if let e = old, let (valid, _) = e.valid(for: stamp) {
                entry = valid
            } else {
                entry = .init(key: chunk, stamp: stamp, value: JSONFragment.elements(of: render(chunk, offset, p)))
            }
            new.append(entry)
            if let f = entry.value { parts.append(.fragment(f)) }
        }
        open[doc.id]?.chunkFragments[kind] = new
        return .array(parts)
    }
}

/// Where a leaf chunk starts: the stamp of what is kept per chunk and serialised with positions.
struct ChunkStart: Equatable {
    let line: Int
    let character: Int
}
