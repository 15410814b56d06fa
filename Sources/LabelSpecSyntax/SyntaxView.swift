/// A typed view of one kind of node, as swift-syntax's node structs are over `RawSyntax`: the node
/// and its offset, with accessors that find each part by walking the node's slots. The green tree
/// stays untyped; a view knows where its kind keeps each part (`ItemSyntax.name`,
/// `MemberSyntax.value`) so that no consumer has to.
///
/// Views cost nothing: two words, no allocation, nothing cached, and the node is borrowed, not
/// retained (as a `ChildSlot` is, and as swift-syntax's raw views borrow from their arena). A view
/// is valid while whatever owns its node is alive: the document's root for a view found in a
/// walk, the `ItemInfo` for a view of its item. `green` and `node` hand out owned references to
/// keep.
public protocol SyntaxView {
    /// Whether the view reads nodes of this kind.
    static func reads(_ kind: NodeKind) -> Bool
    /// The view of a node known to be of a kind it reads, placed at `offset`, borrowed.
    init(unchecked node: Unmanaged<GreenNode>, offset: Int)
    /// The node, borrowed.
    var unmanaged: Unmanaged<GreenNode> { get }
    /// Where the node starts, in the same frame as the offset it was made with (absolute in a
    /// document, relative to the item in an `ItemInfo`).
    var offset: Int { get }
}

extension SyntaxView {
    /// The view of `node` at `offset`, if the view reads its kind. The view borrows `node`: the
    /// caller keeps it alive.
    @inlinable public init?(_ node: GreenNode, at offset: Int) {
        guard Self.reads(node.kind) else { return nil }
        self.init(unchecked: .passUnretained(node), offset: offset)
    }

    /// The view of `node`, if the view reads its kind (borrowed: see `init(_:at:)`).
    @inlinable public init?(_ node: SyntaxNode) { self.init(node.green, at: node.offset) }

    /// The view of a slot's node, if it holds a node the view reads.
    @inlinable init?(_ slot: ChildSlot) {
        guard let kind = slot.nodeKind, Self.reads(kind) else { return nil }
        self.init(unchecked: GreenNode.unmanaged(slot.bits), offset: slot.offset)
    }

    /// The node (a new strong reference).
    @inlinable public var green: GreenNode { unmanaged.takeUnretainedValue() }
    /// The node with its offset (holding a strong reference).
    @inlinable public var node: SyntaxNode { SyntaxNode(green: green, offset: offset) }
    @inlinable public var kind: NodeKind { withGreen { $0.kind } }
    /// The whole node: it starts at its first token and ends at its last (trivia around it
    /// belongs to the parent).
    @inlinable public var range: Range<Int> { offset..<(offset + withGreen { $0.length }) }

    /// Lends the node to `body`, which must not keep it.
    @inlinable func withGreen<R>(_ body: (GreenNode) throws -> R) rethrows -> R {
        try unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// The first slot that `matches`, walking from the first.
    @inlinable func firstSlot(where matches: (ChildSlot) -> Bool) -> ChildSlot? {
        withGreen { $0.firstSlot(at: offset, where: matches) }
    }

    /// The first child token of `kind` (missing or not).
    @inlinable func firstToken(_ kind: TokenKind) -> SyntaxToken? {
        firstSlot { $0.holdsToken(kind) }?.token
    }

    /// The last slot (nil for a node without children).
    @inlinable var lastSlot: ChildSlot? { withGreen { $0.lastSlot(at: offset) } }

    /// The child nodes that `V` reads, in order.
    @inlinable func children<V: SyntaxView>(_: V.Type) -> ChildViews<V> { ChildViews(parent: unmanaged, offset: offset) }

    /// The first child node that `V` reads.
    @inlinable func firstChild<V: SyntaxView>(_: V.Type) -> V? {
        firstSlot { slot in slot.nodeKind.map(V.reads) ?? false }.map { V(unchecked: GreenNode.unmanaged($0.bits), offset: $0.offset) }
    }

    /// The child tokens of `kind`, in order, missing ones included.
    @inlinable func tokens(_ kind: TokenKind) -> ChildTokens { ChildTokens(parent: unmanaged, offset: offset, kind: kind) }

    /// A missing token of `kind` at `offset`: what an accessor answers for a part that a node the
    /// parser did not make lacks (the parser writes every required token, missing or not).
    @inlinable static func missing(_ kind: TokenKind, at offset: Int) -> SyntaxToken {
        SyntaxToken(green: GreenToken(kind: kind, length: 0, isMissing: true), offset: offset)
    }
}

/// A walk over a borrowed node's slots, one at a time.
@usableFromInline struct SlotWalk {
    @usableFromInline let parent: Unmanaged<GreenNode>
    @usableFromInline var index = 0
    @usableFromInline var position: Int

    @inlinable init(parent: Unmanaged<GreenNode>, position: Int) {
        self.parent = parent
        self.position = position
    }

    @inlinable mutating func next() -> ChildSlot? {
        parent._withUnsafeGuaranteedRef { node in
            node.withUnsafeMutablePointers { h, e in
                guard index < Int(h.pointee.count) else { return nil }
                let slot = ChildSlot(bits: e[index], offset: position)
                index += 1
                position += slot.packedLength
                return slot
            }
        }
    }
}

/// The child nodes of one kind (those that `V` reads) of a borrowed node, in order, walked in
/// place: `MemberBlockSyntax.members`.
public struct ChildViews<V: SyntaxView>: Sequence {
    @usableFromInline let parent: Unmanaged<GreenNode>
    @usableFromInline let offset: Int

    @inlinable init(parent: Unmanaged<GreenNode>, offset: Int) {
        self.parent = parent
        self.offset = offset
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var walk: SlotWalk

        @inlinable init(_ walk: SlotWalk) { self.walk = walk }

        @inlinable public mutating func next() -> V? {
            while let slot = walk.next() {
                if let view = V(slot) { return view }
            }
            return nil
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(SlotWalk(parent: parent, position: offset)) }

    /// How many there are (a walk over the parent's slots).
    @inlinable public var count: Int {
        var n = 0
        var walk = SlotWalk(parent: parent, position: offset)
        while let slot = walk.next() {
            if let kind = slot.nodeKind, V.reads(kind) { n += 1 }
        }
        return n
    }
}

/// The child tokens of one kind of a borrowed node, in order, missing ones included:
/// `InheritanceClauseSyntax.parents`.
public struct ChildTokens: Sequence {
    @usableFromInline let parent: Unmanaged<GreenNode>
    @usableFromInline let offset: Int
    @usableFromInline let kind: TokenKind

    @inlinable init(parent: Unmanaged<GreenNode>, offset: Int, kind: TokenKind) {
        self.parent = parent
        self.offset = offset
        self.kind = kind
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var walk: SlotWalk
        @usableFromInline let kind: TokenKind

        @inlinable init(_ walk: SlotWalk, kind: TokenKind) {
            self.walk = walk
            self.kind = kind
        }

        @inlinable public mutating func next() -> SyntaxToken? {
            while let slot = walk.next() {
                if slot.holdsToken(kind) { return slot.token }
            }
            return nil
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(SlotWalk(parent: parent, position: offset), kind: kind) }
}
