/// One edit: replace the bytes of `range` with `replacement`.
public struct TextEdit: Sendable, Equatable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    public init(range: Range<Int>, text: String) {
        self.init(range: range, replacement: Array(text.utf8))
    }
}

/// How an edit was absorbed by the tree.
public enum ReparseStrategy: String, Sendable {
    /// One token was relexed; every node off the path from the root to it is reused.
    case token
    /// One `{}` block was reparsed.
    case block
    /// A run of top-level elements was reparsed until the parse met an unchanged element again.
    case items
}

/// What an incremental reparse did: which top-level elements left the tree and which came in.
public struct ReparseReport {
    public var strategy: ReparseStrategy
    /// Top-level elements (items, errors, trivia) that were replaced.
    public var removed: [GreenElement]
    /// Their replacements, in order.
    public var added: [GreenElement]
    /// Offset (in the new text) where the first added element starts.
    public var addedStart: Int
    /// How many bytes were lexed and parsed again.
    public var reparsedBytes: Int
}

/// A parsed document: its text and its lossless tree, kept in step through edits.
public final class SyntaxDocument {
    public private(set) var source: SourceBuffer
    public private(set) var root: GreenNode

    /// Top-level elements per chunk: large enough to keep the root short, small enough that an
    /// edit copies few references.
    static let chunkSize = 64

    public init(_ bytes: [UInt8]) {
        source = SourceBuffer(bytes)
        var buffer = source
        root = buffer.withContiguousBytes(0..<bytes.count) { p in
            var parser = Parser(p)
            return GreenNode.make(
                kind: .sourceFile, children: SyntaxDocument.chunk(parser.parseTopLevelChunks(size: SyntaxDocument.chunkSize)))
        }
        source = buffer
    }

    public convenience init(_ text: String) { self.init(Array(text.utf8)) }

    public var rootNode: SyntaxNode { SyntaxNode(green: root, offset: 0) }

    /// The text reassembled from the tree's tokens: equal to the source for every input.
    public var text: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(root.length)
        rootNode.forEachToken { t in out.append(contentsOf: source.bytes(in: t.range)) }
        return out
    }

    /// Two levels of chunks: the root holds inner chunks, each holding leaf chunks of top-level
    /// elements. An edit copies at most a few dozen references at each level, whatever the size.
    static func chunk(_ elements: [GreenElement]) -> [GreenElement] {
        guard !elements.isEmpty else { return [] }
        let count = (elements.count + chunkSize - 1) / chunkSize
        var chunks: [GreenElement] = []
        chunks.reserveCapacity(count)
        // Spread evenly so that respliced chunks stay near the target size.
        var start = 0
        for i in 0..<count {
            let end = elements.count * (i + 1) / count
            chunks.append(.node(GreenNode.make(kind: .chunk, children: elements[start..<end])))
            start = end
        }
        return chunks
    }

    // MARK: - Leaf chunks

    /// Number of leaf chunks.
    var leafCount: Int {
        var n = 0
        for case .node(let inner) in root.children { n += inner.children.count }
        return n
    }

    /// The inner chunk and the index within it of leaf chunk `ci`.
    func leafPosition(_ ci: Int) -> (inner: Int, local: Int) {
        var rest = ci
        for (i, e) in root.children.enumerated() {
            guard case .node(let inner) = e else { continue }
            if rest < inner.children.count { return (i, rest) }
            rest -= inner.children.count
        }
        fatalError("leaf chunk \(ci) out of range")
    }

    func leaf(_ ci: Int) -> GreenNode {
        let (i, local) = leafPosition(ci)
        guard case .node(let inner) = root.children[i], case .node(let leaf) = inner.children[local] else {
            fatalError("chunks hold chunks")
        }
        return leaf
    }

    /// Replaces leaf chunks `range` with `leaves`: a path copy when they share an inner chunk,
    /// else (rare) a rebuild of the inner level.
    func replaceLeaves(_ range: Range<Int>, with leaves: [GreenElement]) {
        if leafCount > 0, !range.isEmpty {
            let (i, lo) = leafPosition(range.lowerBound)
            let (j, _) = leafPosition(range.upperBound - 1)
            if i == j, case .node(let inner) = root.children[i] {
                var children = Array(inner.children)
                children.replaceSubrange(lo..<(lo + range.count), with: leaves)
                var rootChildren = Array(root.children)
                if children.isEmpty {
                    rootChildren.remove(at: i)
                } else if children.count > 2 * SyntaxDocument.chunkSize {
                    rootChildren.replaceSubrange(i...i, with: SyntaxDocument.chunk(children))
                } else {
                    rootChildren[i] = .node(GreenNode.make(kind: .chunk, children: children))
                }
                root = GreenNode.make(kind: .sourceFile, children: rootChildren)
                return
            }
        }
        var all: [GreenElement] = []
        for case .node(let inner) in root.children { all += inner.children }
        let lower = min(range.lowerBound, all.count)
        all.replaceSubrange(lower..<min(range.upperBound, all.count), with: leaves)
        root = GreenNode.make(kind: .sourceFile, children: SyntaxDocument.chunk(all))
    }

    // MARK: - Top-level elements

    /// Calls `body` for every top-level element (item, error node, trivia) with its offset.
    public func forEachTopLevel(_ body: (GreenElement, Int) throws -> Void) rethrows {
        // Slot by slot: elements are lent to `body`, not retained for it.
        try root.forEachSlot(at: 0) { inner in
            try inner.withNode { innerNode in
                try innerNode.forEachSlot(at: inner.offset) { leaf in
                    try leaf.withNode { leafNode in
                        try leafNode.forEachSlot(at: leaf.offset) { e in
                            if e.isToken {
                                try body(.token(e.token.green), e.offset)
                            } else {
                                try e.withNode { n in try body(.node(n), e.offset) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` for every leaf chunk (a node of up to `chunkSize` top-level elements) with its
    /// offset. An edit replaces only the chunks it touches: a chunk that is the same object as
    /// before holds the same text, which lets callers cache what they derive from it.
    public func forEachLeafChunk(_ body: (GreenNode, Int) throws -> Void) rethrows {
        var pos = 0
        for case .node(let inner) in root.children {
            for case .node(let leaf) in inner.children {
                try body(leaf, pos)
                pos += leaf.length
            }
        }
    }

    /// The top-level elements (items, error nodes and trivia) with their offsets.
    public var topLevel: [(element: GreenElement, offset: Int)] {
        var out: [(GreenElement, Int)] = []
        forEachTopLevel { out.append(($0, $1)) }
        return out
    }

    /// Where a top-level element sits: leaf chunk index, index within it, start offset.
    struct Location {
        var chunk: Int
        var index: Int
        var offset: Int
    }

    /// The top-level element containing `offset` (the last one when `offset` is the end).
    func locate(_ offset: Int) -> Location? {
        var pos = 0
        var ci = 0
        let inners = root.children
        for (ii, i) in inners.enumerated() {
            guard case .node(let inner) = i else { continue }
            let lastInner = ii == inners.count - 1
            if offset >= pos + inner.length && !lastInner {
                pos += inner.length
                ci += inner.children.count
                continue
            }
            for (li, l) in inner.children.enumerated() {
                guard case .node(let leaf) = l else { continue }
                let lastLeaf = lastInner && li == inner.children.count - 1
                if offset >= pos + leaf.length && !lastLeaf {
                    pos += leaf.length
                    ci += 1
                    continue
                }
                for (ei, e) in leaf.children.enumerated() {
                    if offset < pos + e.length || ei == leaf.children.count - 1 {
                        return Location(chunk: ci, index: ei, offset: pos)
                    }
                    pos += e.length
                }
            }
            return nil
        }
        return nil
    }

    func element(at loc: Location) -> GreenElement { leaf(loc.chunk).children[loc.index] }

    /// The top-level element containing byte `offset` (the last one when `offset` is the end) and
    /// its start: found through the chunks, without visiting every element.
    public func topLevelElement(at offset: Int) -> (element: GreenElement, offset: Int)? {
        guard let loc = locate(offset) else { return nil }
        return (element(at: loc), loc.offset)
    }

    func previous(_ loc: Location) -> Location? {
        if loc.index > 0 {
            let e = element(at: Location(chunk: loc.chunk, index: loc.index - 1, offset: 0))
            return Location(chunk: loc.chunk, index: loc.index - 1, offset: loc.offset - e.length)
        }
        var ci = loc.chunk - 1
        while ci >= 0 {
            let chunk = leaf(ci)
            if let last = chunk.children.last {
                return Location(chunk: ci, index: chunk.children.count - 1, offset: loc.offset - last.length)
            }
            ci -= 1
        }
        return nil
    }

    func next(_ loc: Location) -> Location? {
        let here = element(at: loc)
        var ci = loc.chunk
        var ei = loc.index + 1
        let count = leafCount
        while ci < count {
            if ei < leaf(ci).children.count {
                return Location(chunk: ci, index: ei, offset: loc.offset + here.length)
            }
            ci += 1
            ei = 0
        }
        return nil
    }

    // MARK: - Editing

    /// Applies `edit` to the text and brings the tree up to date, reparsing as little as it can.
    @discardableResult
    public func apply(_ edit: TextEdit) -> ReparseReport {
        let lower = max(0, min(edit.range.lowerBound, source.count))
        let upper = max(lower, min(edit.range.upperBound, source.count))
        let edit = TextEdit(range: lower..<upper, replacement: edit.replacement)
        let oldRoot = root
        source.replace(edit.range, with: edit.replacement)
        if let report = reparseInBlock(oldRoot: oldRoot, edit: edit) { return report }
        return reparseItems(oldRoot: oldRoot, edit: edit)
    }

    /// Relexes one token, or reparses the `{}` block that strictly contains the edit.
    private func reparseInBlock(oldRoot: GreenNode, edit: TextEdit) -> ReparseReport? {
        guard let loc = locate(edit.range.lowerBound), case .node(let item) = element(at: loc),
            let itemSyntax = ItemSyntax(item, at: loc.offset)
        else { return nil }
        // The block (the item's last slot) must be closed by a real '}'.
        guard let blockSyntax = itemSyntax.block, blockSyntax.isClosed else { return nil }
        let block = blockSyntax.green
        let blockStart = blockSyntax.range.lowerBound
        let blockEnd = blockSyntax.range.upperBound
        guard edit.range.lowerBound > blockStart, edit.range.upperBound < blockEnd else { return nil }
        let delta = edit.replacement.count - edit.range.count

        let newBlock: GreenNode
        let strategy: ReparseStrategy
        var reparsed: Int
        if let relexed = relexToken(in: block, blockStart: blockStart, edit: edit, delta: delta) {
            newBlock = relexed.block
            strategy = .token
            reparsed = relexed.bytes
        } else {
            reparsed = blockEnd + delta - blockStart
            let parsed: GreenNode? = source.withContiguousBytes(blockStart..<(blockEnd + delta)) { p in
                var parser = Parser(p, fileStart: -blockStart)
                guard parser.peekKind == .leftBrace else { return nil }
                parser.parseMemberBlock()
                let out = parser.parseTopLevel()
                guard parser.peekKind == nil, out.count == 1, case .node(let b) = out[0],
                    b.length == p.count, MemberBlockSyntax(b, at: 0)?.isClosed == true
                else { return nil }
                return b
            }
            guard let parsed else { return nil }
            newBlock = parsed
            strategy = .block
        }
        var itemChildren = Array(item.children)
        itemChildren[itemChildren.count - 1] = .node(newBlock)
        let newItem = GreenNode.make(kind: item.kind, children: itemChildren)
        replaceElements(chunk: loc.chunk, range: loc.index..<(loc.index + 1), with: [.node(newItem)], oldRoot: oldRoot)
        if strategy == .token { reparsed = max(reparsed, 0) }
        return ReparseReport(
            strategy: strategy, removed: [.node(item)], added: [.node(newItem)], addedStart: loc.offset, reparsedBytes: reparsed)
    }

    /// Relexes the single token holding the edit when the tokens around it keep their kinds and
    /// bounds; returns the block with that token's length changed.
    private func relexToken(in block: GreenNode, blockStart: Int, edit: TextEdit, delta: Int)
        -> (block: GreenNode, bytes: Int)?
    {
        // Flat list of the block's real tokens with offsets.
        var tokens: [(GreenToken, Int)] = []
        SyntaxNode(green: block, offset: blockStart).forEachToken { t in
            if t.green.length > 0 { tokens.append((t.green, t.offset)) }
        }
        guard
            let i = tokens.firstIndex(where: { t, off in
                off <= edit.range.lowerBound && edit.range.upperBound <= off + Int(t.length)
            }), i > 0, i < tokens.count - 1
        else { return nil }
        let (token, tokenStart) = tokens[i]
        switch token.kind {
        case .identifier, .string, .number, .hexColor, .whitespace, .lineComment, .multilineString:
            break
        default:
            return nil
        }
        let (prev, prevStart) = tokens[i - 1]
        let (next, nextStart) = tokens[i + 1]
        let newLength = Int(token.length) + delta
        guard newLength > 0 else { return nil }
        let windowEnd = nextStart + Int(next.length) + delta
        let ok: Bool = source.withContiguousBytes(prevStart..<windowEnd) { p in
            var lexer = Lexer(p, fileStart: -prevStart)
            guard let a = lexer.next(), a.kind == prev.kind, a.length == Int(prev.length),
                let b = lexer.next(), b.kind == token.kind, b.length == newLength,
                let c = lexer.next(), c.kind == next.kind, c.length == Int(next.length),
                lexer.isAtEnd
            else { return false }
            return true
        }
        guard ok else { return nil }
        _ = tokenStart
        var index = 0
        let target = i
        let replaced = GreenToken(kind: token.kind, length: newLength)
        return (SyntaxDocument.replacingToken(in: block, flatIndex: target, with: replaced, counter: &index)!, newLength)
    }

    /// Copies the path to the `flatIndex`-th non-empty token, replacing that token.
    private static func replacingToken(in node: GreenNode, flatIndex: Int, with token: GreenToken, counter: inout Int)
        -> GreenNode?
    {
        for (ci, child) in node.children.enumerated() {
            switch child {
            case .token(let t):
                guard t.length > 0 else { continue }
                if counter == flatIndex {
                    var children = Array(node.children)
                    children[ci] = .token(token)
                    return GreenNode.make(kind: node.kind, children: children)
                }
                counter += 1
            case .node(let n):
                if let replaced = replacingToken(in: n, flatIndex: flatIndex, with: token, counter: &counter) {
                    var children = Array(node.children)
                    children[ci] = .node(replaced)
                    return GreenNode.make(kind: node.kind, children: children)
                }
            }
        }
        return nil
    }

    /// Whether a top-level element's extent depends only on its own tokens: trivia, and items closed
    /// by a real `}`. Error nodes and unclosed items end where the next item begins.
    private static func isClosed(_ e: GreenElement) -> Bool {
        switch e {
        case .token: return true
        case .node(let n):
            return ItemSyntax(n, at: 0)?.block?.isClosed ?? false
        }
    }

    /// Reparses top-level elements from just before the edit until the parse reaches the start of an
    /// old, unchanged item again; reuses everything else.
    private func reparseItems(oldRoot: GreenNode, edit: TextEdit) -> ReparseReport {
        let delta = edit.replacement.count - edit.range.count

        // Restart at least one element before the one holding the byte before the edit, and further
        // back past trivia and open elements, so every reused element kept its context.
        var startLoc = locate(max(edit.range.lowerBound - 1, 0))
        if let l = startLoc, let p = previous(l) { startLoc = p }
        while let l = startLoc, let p = previous(l) {
            let prev = element(at: p)
            if case .node = prev, SyntaxDocument.isClosed(prev) { break }
            startLoc = p
        }
        let restart = startLoc?.offset ?? 0

        // Old items from the edit's end on are the places to resync with, visited lazily.
        var cursor = locate(edit.range.upperBound)
        var resync: (chunk: Int, index: Int)?
        let newEditEnd = edit.range.lowerBound + edit.replacement.count
        let elements: [GreenElement] = source.withContiguousBytes(restart..<source.count) { p in
            var parser = Parser(p, fileStart: -restart)
            return parser.parseTopLevel(stopAt: { relative in
                let o = relative + restart
                guard o >= newEditEnd else { return false }
                while let c = cursor, c.offset < edit.range.upperBound || c.offset + delta < o {
                    cursor = self.next(c)
                }
                if let c = cursor, c.offset + delta == o, case .node = self.element(at: c) {
                    resync = (c.chunk, c.index)
                    return true
                }
                return false
            })
        }
        let parsedBytes = elements.reduce(0) { $0 + $1.length }

        // Splice: old elements from startLoc up to the resync point are replaced.
        let leaves = leafCount
        let first = startLoc ?? Location(chunk: 0, index: 0, offset: 0)
        let endChunk = resync?.chunk ?? max(leaves - 1, 0)
        var removed: [GreenElement] = []
        var prefix: [GreenElement] = []
        var suffix: [GreenElement] = []
        if leaves > 0 {
            for ci in first.chunk...endChunk {
                for (ei, e) in leaf(ci).children.enumerated() {
                    if ci == first.chunk && ei < first.index {
                        prefix.append(e)
                    } else if let r = resync, ci == r.chunk, ei >= r.index {
                        suffix.append(e)
                    } else {
                        removed.append(e)
                    }
                }
            }
        }
        let middle = prefix + elements + suffix
        replaceLeaves(leaves > 0 ? first.chunk..<(endChunk + 1) : 0..<0, with: SyntaxDocument.chunk(middle))
        return ReparseReport(
            strategy: .items, removed: removed, added: elements, addedStart: restart, reparsedBytes: parsedBytes)
    }

    /// Replaces elements `range` of leaf chunk `ci` and rebuilds the path to the root.
    private func replaceElements(chunk ci: Int, range: Range<Int>, with new: [GreenElement], oldRoot: GreenNode) {
        var children = Array(leaf(ci).children)
        children.replaceSubrange(range, with: new)
        replaceLeaves(ci..<(ci + 1), with: [.node(GreenNode.make(kind: .chunk, children: children))])
    }
}
