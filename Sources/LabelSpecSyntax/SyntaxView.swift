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

    /// The first slot from index `first` on that `matches`.
    @inlinable func firstSlot(from first: Int = 0, where matches: (ChildSlot) -> Bool) -> ChildSlot? {
        withGreen { $0.firstSlot(at: offset, from: first, where: matches) }
    }

    /// The first child token of `kind` (missing or not).
    @inlinable func firstToken(_ kind: TokenKind) -> SyntaxToken? {
        firstSlot { $0.holdsToken(kind) }?.token
    }

    /// The last slot (nil for a node without children).
    @inlinable var lastSlot: ChildSlot? { withGreen { $0.lastSlot(at: offset) } }

    /// The child nodes that `V` reads, in order.
    @inlinable func children<V: SyntaxView>(_: V.Type) -> ChildViews<V> {
        ChildViews(parent: unmanaged, offset: offset, picker: ViewPicker())
    }

    /// The first child node that `V` reads.
    @inlinable func firstChild<V: SyntaxView>(_: V.Type) -> V? {
        firstSlot { slot in slot.nodeKind.map(V.reads) ?? false }.map { V(unchecked: GreenNode.unmanaged($0.bits), offset: $0.offset) }
    }

    /// The child tokens of `kind`, in order, missing ones included.
    @inlinable func tokens(_ kind: TokenKind) -> ChildTokens { ChildTokens(parent: unmanaged, offset: offset, picker: TokenPicker(kind)) }

    /// The child values, in order (see `ValuePicker`).
    @inlinable func values() -> ChildValues { ChildValues(parent: unmanaged, offset: offset, picker: ValuePicker()) }

    /// The first value (see `ValuePicker`) from slot `first` on. Error nodes and punctuation are
    /// passed over.
    @inlinable func firstValue(from first: Int) -> SyntaxElement? {
        withGreen { node in
            node.withUnsafeMutablePointers { h, e in
                var position = offset
                for i in 0..<Int(h.pointee.count) {
                    let slot = ChildSlot(bits: e[i], offset: position)
                    if i >= first, let value = slot.value { return value }
                    position += slot.packedLength
                }
                return nil
            }
        }
    }

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

/// What a walk over a node's children picks from each slot (nil passes the slot over).
public protocol SlotPicker {
    associatedtype Element
    func pick(_ slot: ChildSlot) -> Element?
}

/// The children a picker takes from a borrowed node, in order, walked in place (no array, no
/// retain): `MemberBlockSyntax.members`, `InheritanceClauseSyntax.parents`,
/// `ValueListSyntax.elements`.
public struct PickedChildren<Picker: SlotPicker>: Sequence {
    @usableFromInline let parent: Unmanaged<GreenNode>
    @usableFromInline let offset: Int
    @usableFromInline let picker: Picker

    @inlinable init(parent: Unmanaged<GreenNode>, offset: Int, picker: Picker) {
        self.parent = parent
        self.offset = offset
        self.picker = picker
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var walk: SlotWalk
        @usableFromInline let picker: Picker

        @inlinable init(_ walk: SlotWalk, picker: Picker) {
            self.walk = walk
            self.picker = picker
        }

        @inlinable public mutating func next() -> Picker.Element? {
            while let slot = walk.next() {
                if let picked = picker.pick(slot) { return picked }
            }
            return nil
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(SlotWalk(parent: parent, position: offset), picker: picker) }

    /// How many there are (a walk over the parent's slots).
    @inlinable public var count: Int {
        var n = 0
        for _ in self { n += 1 }
        return n
    }
}

/// Picks the child nodes that `V` reads.
public struct ViewPicker<V: SyntaxView>: SlotPicker {
    @inlinable init() {}
    @inlinable public func pick(_ slot: ChildSlot) -> V? { V(slot) }
}

/// Picks the child tokens of one kind, missing ones included.
public struct TokenPicker: SlotPicker {
    @usableFromInline let kind: TokenKind
    @inlinable init(_ kind: TokenKind) { self.kind = kind }
    @inlinable public func pick(_ slot: ChildSlot) -> SyntaxToken? { slot.holdsToken(kind) ? slot.token : nil }
}

/// Picks the values: literal and name tokens (not missing ones), `enumCase`, `tuple` and `list` nodes.
public struct ValuePicker: SlotPicker {
    @inlinable init() {}
    @inlinable public func pick(_ slot: ChildSlot) -> SyntaxElement? { slot.value }
}

public typealias ChildViews<V: SyntaxView> = PickedChildren<ViewPicker<V>>
public typealias ChildTokens = PickedChildren<TokenPicker>
public typealias ChildValues = PickedChildren<ValuePicker>

extension ChildSlot {
    /// The slot as a value, if it holds one (see `ValuePicker`).
    @inlinable var value: SyntaxElement? {
        if isToken { return !holdsMissingToken && token.kind.isValue ? .token(token) : nil }
        return withNode { $0.kind.isValue ? .node(SyntaxNode(green: $0, offset: offset)) : nil }
    }
}
