/// A green node placed at an absolute byte offset: the "red" view used to walk a tree.
public struct SyntaxNode {
    public let green: GreenNode
    public let offset: Int

    @inlinable public init(green: GreenNode, offset: Int) {
        self.green = green
        self.offset = offset
    }

    @inlinable public var kind: NodeKind { green.kind }
    @inlinable public var range: Range<Int> { offset..<(offset + green.length) }

    /// Children with their offsets, lazily (no array is built).
    @inlinable public var children: SyntaxChildren { SyntaxChildren(green: green, offset: offset) }

    /// Child nodes only.
    public var childNodes: [SyntaxNode] {
        children.compactMap { if case .node(let n) = $0 { return n } else { return nil } }
    }

    /// Non-trivia child tokens, in order (missing ones included).
    public var childTokens: [SyntaxToken] {
        children.compactMap {
            if case .token(let t) = $0, !t.kind.isTrivia { return t } else { return nil }
        }
    }

    public func firstChild(_ kind: NodeKind) -> SyntaxNode? {
        var pos = offset
        for child in green.children {
            if case .node(let n) = child, n.kind == kind { return SyntaxNode(green: n, offset: pos) }
            pos += child.length
        }
        return nil
    }

    public func firstToken(_ kind: TokenKind) -> SyntaxToken? {
        var pos = offset
        for child in green.children {
            if case .token(let t) = child, t.kind == kind { return SyntaxToken(green: t, offset: pos) }
            pos += child.length
        }
        return nil
    }

    /// Every token below this node, in order, with offsets (trivia and missing tokens included).
    public func forEachToken(_ body: (SyntaxToken) -> Void) {
        var pos = offset
        SyntaxNode.walk(green, &pos, body)
    }

    private static func walk(_ node: GreenNode, _ pos: inout Int, _ body: (SyntaxToken) -> Void) {
        for child in node.children {
            switch child {
            case .node(let n):
                walk(n, &pos, body)
            case .token(let t):
                body(SyntaxToken(green: t, offset: pos))
                pos += Int(t.length)
            }
        }
    }

    /// The range of the node without its leading and trailing trivia. The parser never puts
    /// trivia at the edges of a node below the root, so for those this is `range`.
    public var trimmedRange: Range<Int> {
        if kind != .sourceFile && kind != .chunk { return range }
        var first: Int?
        var last = offset
        forEachToken { t in
            if !t.kind.isTrivia && !t.isMissing {
                if first == nil { first = t.offset }
                last = t.range.upperBound
            }
        }
        guard let f = first else { return offset..<offset }
        return f..<last
    }
}

/// A token placed at an absolute byte offset.
public struct SyntaxToken {
    public let green: GreenToken
    public let offset: Int

    @inlinable public init(green: GreenToken, offset: Int) {
        self.green = green
        self.offset = offset
    }

    @inlinable public var kind: TokenKind { green.kind }
    @inlinable public var isMissing: Bool { green.isMissing }
    @inlinable public var range: Range<Int> { offset..<(offset + Int(green.length)) }
}

public enum SyntaxElement {
    case node(SyntaxNode)
    case token(SyntaxToken)

    public var range: Range<Int> {
        switch self {
        case .node(let n): return n.range
        case .token(let t): return t.range
        }
    }
}

/// The children of a node with their offsets, walked without building an array.
public struct SyntaxChildren: Sequence {
    @usableFromInline let green: GreenNode
    @usableFromInline let offset: Int

    @inlinable init(green: GreenNode, offset: Int) {
        self.green = green
        self.offset = offset
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let children: GreenChildren
        @usableFromInline var index = 0
        @usableFromInline var position: Int

        @inlinable init(children: GreenChildren, position: Int) {
            self.children = children
            self.position = position
        }

        @inlinable public mutating func next() -> SyntaxElement? {
            guard index < children.count else { return nil }
            let child = children[index]
            index += 1
            defer { position += child.length }
            switch child {
            case .node(let n): return .node(SyntaxNode(green: n, offset: position))
            case .token(let t): return .token(SyntaxToken(green: t, offset: position))
            }
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(children: green.children, position: offset) }
}
