import JSON
import LabelSpecIDE
import LabelSpecSupport
import LabelSpecSyntax

/// `textDocument/semanticTokens/full`, `full/delta` and `range`: the tokens the IDE classifies
/// (see `SemanticTokens`; a token's type is its index in the legend, `SemanticTokenType.legend`),
/// split per line and delta-encoded as the protocol wants.
extension LanguageServer {

    /// The tokens of one leaf chunk, lines relative to the chunk's first line, and the serialised
    /// deltas between them (valid while the chunk is the same object starting at the same column:
    /// lines added above it do not change them).
    /// A chunk's tokens, kept per chunk (`Memo`, stamped with the character its first line
    /// starts at).
    struct SemanticChunk {
        /// (line relative to the chunk's first line, character, length, type) of the first and
        /// last token.
        let first: (line: Int, character: Int, length: Int, type: Int)?
        let last: (line: Int, character: Int)
        /// Tokens after the first, delta-encoded, as JSON array elements (nil when there are none).
        let rest: JSONFragment?
        /// How many integers `rest` holds.
        let restCount: Int
    }

    /// One chunk's part of a reply: the chunk, its first token's five integers (which depend on
    /// the chunk before) and how many integers it has in all.
    struct SemanticSegment: Equatable {
        /// Held, not just identified: a freed chunk's address could come back as another chunk.
        let chunk: GreenNode
        let head: [Int]
        let count: Int

        static func == (a: SemanticSegment, b: SemanticSegment) -> Bool { a.chunk === b.chunk && a.head == b.head && a.count == b.count }
    }

    /// Every token classified, delta-encoded as the protocol wants (line, start, length in the
    /// negotiated encoding; one token per line piece). With `range` (byte offsets), only the
    /// chunks that overlap it: whole chunks, so a few tokens outside the range come too.
    ///
    /// The tokens of each leaf chunk are kept (`OpenDocument.semanticChunks`), serialised, so a request after an
    /// edit classifies and serialises again only the chunk the edit touched.
    func semanticTokens(_ d: DocumentContext, range: JSONValue? = nil) -> JSONValue {
        let (segments, parts) = semanticSegments(d, range: range)
        guard range == nil else { return .object([("data", .array(parts.flatMap { $0 }))]) }
        return .object([("resultId", .string(rememberSemantic(d.uri, segments))), ("data", .array(parts.flatMap { $0 }))])
    }

    /// `full/delta`: one edit replacing the chunks that changed since the client's result (their
    /// integers, and the first token of a chunk after them, whose encoding depends on them); the
    /// whole answer when the previous result is not the last one sent for the document.
    func semanticTokensDelta(_ d: DocumentContext, previous: String?) -> JSONValue {
        let uri = d.uri
        guard let old = open[uri]?.semanticResult, old.id == previous else { return semanticTokens(d) }
        let (segments, parts) = semanticSegments(d, range: nil)
        let a = old.segments
        var prefix = 0
        while prefix < a.count, prefix < segments.count, a[prefix] == segments[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < segments.count - prefix, a[a.count - 1 - suffix] == segments[segments.count - 1 - suffix]
        {
            suffix += 1
        }
        let id = rememberSemantic(uri, segments)
        let start = a[..<prefix].reduce(0) { $0 + $1.count }
        let deleteCount = a[prefix..<(a.count - suffix)].reduce(0) { $0 + $1.count }
        let data = parts[prefix..<(segments.count - suffix)].flatMap { $0 }
        let edits: [JSONValue] =
            deleteCount == 0 && data.isEmpty
            ? []
            : [
                .object([
                    ("start", .int(start)), ("deleteCount", .int(deleteCount)), ("data", .array(data)),
                ])
            ]
        return .object([("resultId", .string(id)), ("edits", .array(edits))])
    }

    private func rememberSemantic(_ uri: String, _ segments: [SemanticSegment]) -> String {
        semanticResultCount += 1
        let id = String(semanticResultCount)
        open[uri]?.semanticResult = (id, segments)
        return id
    }

    /// The reply's parts, chunk by chunk (see `semanticTokens`).
    private func semanticSegments(_ d: DocumentContext, range: JSONValue?) -> ([SemanticSegment], [[JSONValue]]) {
        let (uri, doc, p) = (d.uri, d.document, d.positions)
        let wanted = range.flatMap { p.requested($0) } ?? 0..<Int.max
        // Kept by `Memo`'s rule: the same chunk, starting at the same character of its line
        // (tokens are relative to the chunk's first line).
        var memo = open[uri]?.semanticChunks ?? Memo()
        open[uri]?.semanticChunks = Memo()  // taken out while it changes: updated in place
        var visited = Memo<GreenNode, Int, SemanticChunk>()
        var segments: [SemanticSegment] = []
        var parts: [[JSONValue]] = []
        var lastLine = 0
        var lastCharacter = 0
        doc.syntax.forEachLeafChunk { chunk, offset in
            guard offset < wanted.upperBound, offset + chunk.length >= wanted.lowerBound else { return }
            let start = p.position(of: offset)
            let entry: SemanticChunk
            if let e = memo.value(for: chunk, stamp: start.character) {
                entry = e
            } else {
                entry = semanticChunk(chunk, at: offset, startLine: start.line, p)
                memo.store(entry, for: chunk, stamp: start.character)
            }
            if range == nil { visited.append(.init(key: chunk, stamp: start.character, value: entry)) }
            guard let first = entry.first else { return }
            let line = start.line + first.line
            let deltaLine = line - lastLine
            let head = [deltaLine, deltaLine == 0 ? first.character - lastCharacter : first.character, first.length, first.type, 0]
            var part: [JSONValue] = head.map { .int($0) }
            if let rest = entry.rest { part.append(.fragment(rest)) }
            segments.append(SemanticSegment(chunk: chunk, head: head, count: 5 + entry.restCount))
            parts.append(part)
            lastLine = start.line + entry.last.line
            lastCharacter = entry.last.character
        }
        // A full request saw every chunk: what it kept is what is still there. A range request
        // adds to what was kept.
        open[uri]?.semanticChunks = range == nil ? visited : memo
        return (segments, parts)
    }

    private func semanticChunk(_ chunk: GreenNode, at offset: Int, startLine: Int, _ p: LineTable) -> SemanticChunk {
        var tokens: [(line: Int, character: Int, length: Int, type: Int)] = []
        func emit(_ range: Range<Int>, _ type: Int) {
            // Multi-line tokens (comments, strings) are split per line.
            var s = range.lowerBound
            while s < range.upperBound {
                let a = p.position(of: s)
                let lineEnd = min(range.upperBound, p.lineEnd(a.line))
                let b = p.position(of: lineEnd)
                if b.character > a.character { tokens.append((a.line - startLine, a.character, b.character - a.character, type)) }
                guard a.line + 1 < p.lineStarts.count else { break }
                s = max(lineEnd + 1, p.lineStarts[a.line + 1])
            }
        }
        for token in SemanticTokens.tokens(inChunk: chunk, at: offset) { emit(token.range, token.type.rawValue) }
        guard let first = tokens.first, let last = tokens.last else {
            return SemanticChunk(first: nil, last: (0, 0), rest: nil, restCount: 0)
        }
        var rest: [JSONValue] = []
        rest.reserveCapacity((tokens.count - 1) * 5)
        for i in tokens.indices.dropFirst() {
            let (previous, t) = (tokens[i - 1], tokens[i])
            let deltaLine = t.line - previous.line
            rest += [
                .int(deltaLine), .int(deltaLine == 0 ? t.character - previous.character : t.character), .int(t.length), .int(t.type),
                .int(0),
            ]
        }
        return SemanticChunk(
            first: first, last: (last.line, last.character),
            rest: JSONFragment.elements(of: rest), restCount: rest.count)
    }
}
