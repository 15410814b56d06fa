/// A token of the green (immutable, position-free) tree: its kind and how many bytes it covers.
///
/// Tokens do not copy their text: a tree is always read together with the source bytes it was
/// parsed from (`SyntaxTree`). A token with `isMissing` covers no bytes; the parser inserted it
/// where the grammar required one.
public struct GreenToken: Equatable, Sendable {
    public let kind: TokenKind
    public let isMissing: Bool
    public let length: UInt32

    @inlinable public init(kind: TokenKind, length: Int, isMissing: Bool = false) {
        self.kind = kind
        self.length = UInt32(length)
        self.isMissing = isMissing
    }
}

/// One child of a green node.
public enum GreenElement: @unchecked Sendable {
    case node(GreenNode)
    case token(GreenToken)

    @inlinable public var length: Int {
        switch self {
        case .node(let n): return n.length
        case .token(let t): return Int(t.length)
        }
    }
}

/// The fixed part of a green node, stored in front of its children.
public struct GreenHeader: Sendable {
    public let length: Int
    public let count: Int32
    public let kind: NodeKind
    public let hasErrors: Bool
}

/// A child slot as stored in a node: 8 bytes. A token is tagged in bit 0 (kind in bits 1–8, the
/// missing flag in bit 9, the length in bits 16–47); a node is its object pointer (16-byte aligned,
/// so bit 0 is clear), holding one retain owned by the parent.
public typealias PackedElement = UInt64

extension GreenToken {
    /// The token from a token slot (bit 0 set).
    @inlinable public init(packed bits: PackedElement) {
        self.init(
            kind: TokenKind(rawValue: UInt8(truncatingIfNeeded: bits >> 1))!,
            length: Int(truncatingIfNeeded: bits >> 16 & 0xFFFF_FFFF), isMissing: bits & (1 << 9) != 0)
    }

    /// The token as a slot holds it.
    @inlinable public var packed: PackedElement {
        1 | PackedElement(kind.rawValue) << 1 | (isMissing ? 1 << 9 : 0) | PackedElement(length) << 16
    }
}

extension GreenNode {
    /// The node a node slot (bit 0 clear) points at, with no retain taken or given.
    @inlinable static func unmanaged(_ bits: PackedElement) -> Unmanaged<GreenNode> {
        Unmanaged<GreenNode>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(bits))!)
    }
}

extension GreenElement {
    /// Packs the element, taking a retain on a node for the slot.
    @usableFromInline func packRetained() -> PackedElement {
        switch self {
        case .node(let n): return PackedElement(UInt(bitPattern: Unmanaged.passRetained(n).toOpaque()))
        case .token(let t): return t.packed
        }
    }

    /// The element a slot holds, taking over the slot's reference.
    @inline(__always) init(taking bits: PackedElement) {
        self = bits & 1 == 1 ? .token(GreenToken(packed: bits)) : .node(GreenNode.unmanaged(bits).takeRetainedValue())
    }

    /// The element a slot holds (a node comes back as a new strong reference).
    @inlinable init(unpacking bits: PackedElement) {
        self = bits & 1 == 1 ? .token(GreenToken(packed: bits)) : .node(GreenNode.unmanaged(bits).takeUnretainedValue())
    }
}

/// An inner node of the green tree. Immutable and shared: an incremental reparse reuses the very
/// same objects for everything it did not touch. Children are stored inline after the header,
/// 8 bytes each (one allocation per node).
public final class GreenNode: ManagedBuffer<GreenHeader, PackedElement> {
    /// Makes a node; its length and error flag come from its children.
    public static func make<C: Collection>(kind: NodeKind, children: C) -> GreenNode where C.Element == GreenElement {
        withUnsafeTemporaryAllocation(of: PackedElement.self, capacity: Swift.max(children.count, 1)) { slots in
            var count = 0
            for child in children {
                slots[count] = child.packRetained()
                count += 1
            }
            return make(kind: kind, moving: slots.baseAddress!, count: count)
        }
    }

    /// Makes a node from `count` packed slots taken over from `source` (each node slot's
    /// reference passes to the new node: nothing is retained or released).
    static func make(kind: NodeKind, moving source: UnsafeMutablePointer<PackedElement>, count: Int) -> GreenNode {
        var length = 0
        var errors = kind == .error || kind == .tooDeep
        for i in 0..<count {
            let bits = source[i]
            if bits & 1 == 1 {
                let t = GreenToken(packed: bits)
                length += Int(t.length)
                if t.isMissing || t.kind.isMalformed { errors = true }
            } else {
                unmanaged(bits)._withUnsafeGuaranteedRef { n in
                    length += n.length
                    if n.hasErrors { errors = true }
                }
            }
        }
        let header = GreenHeader(length: length, count: Int32(count), kind: kind, hasErrors: errors)
        let node = unsafeDowncast(GreenNode.create(minimumCapacity: count) { _ in header }, to: GreenNode.self)
        node.withUnsafeMutablePointerToElements { p in p.initialize(from: source, count: count) }
        return node
    }

    /// Drops the reference a slot holds, if it holds a node.
    @inline(__always) static func releaseSlot(_ bits: PackedElement) {
        if bits & 1 == 0 { unmanaged(bits).release() }
    }

    deinit {
        withUnsafeMutablePointers { h, e in
            for i in 0..<Int(h.pointee.count) { GreenNode.releaseSlot(e[i]) }
        }
    }

    /// Whether this node holds exactly `count` children whose slots are `bits`.
    @inline(__always) func holds(kind: NodeKind, _ bits: UnsafePointer<PackedElement>, count: Int) -> Bool {
        withUnsafeMutablePointers { h, e in
            guard h.pointee.kind == kind, Int(h.pointee.count) == count else { return false }
            for i in 0..<count where e[i] != bits[i] { return false }
            return true
        }
    }

    /// A hash of the node's kind and slots, as `NodeCache` computes it for children not yet in a node.
    var slotHash: Int {
        withUnsafeMutablePointers { h, e in NodeCache.hash(kind: h.pointee.kind, UnsafePointer(e), count: Int(h.pointee.count)) }
    }

    // The header is read through its pointer: `header` is a class's stored property, and each
    // access to it would pay a dynamic exclusivity check (measured: a tenth of a full check).
    @inlinable public var kind: NodeKind { withUnsafeMutablePointerToHeader { $0.pointee.kind } }
    @inlinable public var length: Int { withUnsafeMutablePointerToHeader { $0.pointee.length } }
    /// Whether this node or any descendant holds an error node, a missing token or a malformed token.
    @inlinable public var hasErrors: Bool { withUnsafeMutablePointerToHeader { $0.pointee.hasErrors } }
    @inlinable public var childCount: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.count) } }
    @inlinable public var children: GreenChildren { GreenChildren(node: self) }
}

/// A child slot read in place, with its offset: a token's kind and length come straight from the
/// slot, a node is lent to a closure without being retained. For walks over many nodes, where
/// `children` would retain and release each child node it hands out. A slot holds no reference:
/// it is valid only while its parent node is alive (keep it within the walk that produced it).
public struct ChildSlot {
    public let bits: PackedElement
    public let offset: Int

    @inlinable init(bits: PackedElement, offset: Int) {
        self.bits = bits
        self.offset = offset
    }

    @inlinable public var isToken: Bool { bits & 1 == 1 }
    /// The token (only when `isToken`).
    @inlinable public var token: SyntaxToken { SyntaxToken(green: GreenToken(packed: bits), offset: offset) }
    @inlinable public var length: Int { isToken ? Int(GreenToken(packed: bits).length) : withNode { $0.length } }
    /// The node's kind (nil for a token).
    @inlinable public var nodeKind: NodeKind? { isToken ? nil : withNode { $0.kind } }
    @inlinable public var range: Range<Int> { offset..<(offset + length) }

    /// Lends the node (only when `!isToken`); `body` must not keep it.
    @inlinable public func withNode<R>(_ body: (GreenNode) throws -> R) rethrows -> R {
        try GreenNode.unmanaged(bits)._withUnsafeGuaranteedRef(body)
    }

    // Read from the bits, without unpacking a token (which checks its kind): what the typed
    // views' walks test on every slot they pass.

    /// `length`, a token's read straight from its bits.
    @inlinable var packedLength: Int { isToken ? Int(truncatingIfNeeded: bits >> 16 & 0xFFFF_FFFF) : withNode { $0.length } }
    /// Whether the slot holds a token of `kind` (missing or not).
    @inlinable func holdsToken(_ kind: TokenKind) -> Bool { bits & 0x1FF == PackedElement(kind.rawValue) << 1 | 1 }
    /// Whether the slot holds a missing token.
    @inlinable var holdsMissingToken: Bool { bits & (1 | 1 << 9) == 1 | 1 << 9 }
}

extension GreenNode {
    /// Calls `body` with each child slot, the first at `offset`.
    @inlinable public func forEachSlot(at offset: Int, _ body: (ChildSlot) throws -> Void) rethrows {
        try withUnsafeMutablePointers { h, e in
            var position = offset
            for i in 0..<Int(h.pointee.count) {
                let slot = ChildSlot(bits: e[i], offset: position)
                try body(slot)
                position += slot.length
            }
        }
    }

    /// The first child slot from index `first` on (the first slot at `offset`) that `matches`;
    /// the walk stops there.
    @inlinable func firstSlot(at offset: Int, from first: Int = 0, where matches: (ChildSlot) -> Bool) -> ChildSlot? {
        withUnsafeMutablePointers { h, e in
            var position = offset
            for i in 0..<Int(h.pointee.count) {
                let slot = ChildSlot(bits: e[i], offset: position)
                if i >= first, matches(slot) { return slot }
                position += slot.packedLength
            }
            return nil
        }
    }

    /// The last child slot, for a node whose first slot is at `offset` (nil when it has none).
    @inlinable func lastSlot(at offset: Int) -> ChildSlot? {
        withUnsafeMutablePointers { h, e in
            let count = Int(h.pointee.count)
            guard count > 0 else { return nil }
            let last = ChildSlot(bits: e[count - 1], offset: 0)
            return ChildSlot(bits: last.bits, offset: offset + h.pointee.length - last.packedLength)
        }
    }
}

/// The children of a green node, read in place.
public struct GreenChildren: RandomAccessCollection {
    @usableFromInline let node: GreenNode

    @inlinable init(node: GreenNode) { self.node = node }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { node.childCount }

    @inlinable public subscript(i: Int) -> GreenElement {
        precondition(i >= 0 && i < endIndex, "child index out of range")
        return GreenElement(unpacking: node.withUnsafeMutablePointerToElements { $0[i] })
    }
}

extension TokenKind {
    /// Tokens that are themselves syntax errors.
    @inlinable public var isMalformed: Bool {
        switch self {
        case .unknown, .unterminatedString, .unterminatedMultilineString, .unterminatedBlockComment:
            return true
        default:
            return false
        }
    }
}

extension GreenNode {
    /// Structural equality that ignores how top-level elements are grouped into chunks.
    public func isStructurallyEqual(to other: GreenNode) -> Bool {
        var a: [GreenEventForEquality] = []
        var b: [GreenEventForEquality] = []
        self.appendEvents(to: &a)
        other.appendEvents(to: &b)
        return a == b
    }

    func appendEvents(to events: inout [GreenEventForEquality]) {
        if kind != .chunk { events.append(.open(kind)) }
        for child in children {
            switch child {
            case .node(let n): n.appendEvents(to: &events)
            case .token(let t): events.append(.token(t))
            }
        }
        if kind != .chunk { events.append(.close) }
    }

    /// The tree as an indented outline, one line per node and token: for tests and debugging.
    public func debugDump(source: [UInt8]) -> String {
        var out = ""
        var offset = 0
        dump(into: &out, indent: 0, offset: &offset, source: source)
        return out
    }

    private func dump(into out: inout String, indent: Int, offset: inout Int, source: [UInt8]) {
        let pad = String(repeating: "  ", count: indent)
        if kind != .chunk {
            out += "\(pad)\(kind)\n"
        }
        let childIndent = kind == .chunk ? indent : indent + 1
        for child in children {
            switch child {
            case .node(let n):
                n.dump(into: &out, indent: childIndent, offset: &offset, source: source)
            case .token(let t):
                let end = offset + Int(t.length)
                let text = String(decoding: source[offset..<end], as: UTF8.self)
                let p = String(repeating: "  ", count: childIndent)
                out += "\(p)\(t.kind)\(t.isMissing ? " (missing)" : "") \(text.debugDescription)\n"
                offset = end
            }
        }
    }
}

enum GreenEventForEquality: Equatable {
    case open(NodeKind)
    case close
    case token(GreenToken)
}

/// Shares identical small nodes within one parse, as rowan's and Roslyn's node caches do: green
/// nodes are immutable and carry no position, and tokens hold kind and length only, so every
/// `numberOfLines: 2` member (or `.byTruncatingTail` case, or `: Headline` clause of that length)
/// is the same tree. Only kinds below the item level are shared (`NodeKind.isShared`): items,
/// blocks and chunks stay unique objects, which is what caches keyed by identity rely on.
final class NodeCache {
    /// Open addressing, linear probing, at most half full. Small at first: most parses are the
    /// reparse of one item after an edit, and a large empty table costs them its allocation and
    /// release (a quarter of an edit's time with 1,024 slots).
    private var table: [GreenNode?] = Array(repeating: nil, count: 64)
    private var used = 0

    /// Nodes with more children than this are not shared (they rarely repeat).
    static let maxChildren = 8

    static func hash(kind: NodeKind, _ bits: UnsafePointer<PackedElement>, count: Int) -> Int {
        var h = UInt64(kind.rawValue) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        for i in 0..<count {
            h = (h ^ bits[i]) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }
        return Int(truncatingIfNeeded: h)
    }

    /// The shared node with these children, made (from the slots taken over from `source`) the
    /// first time. The slots are consumed either way.
    func intern(kind: NodeKind, moving source: UnsafeMutablePointer<PackedElement>, count: Int) -> GreenNode {
        precondition(count <= NodeCache.maxChildren)
        let mask = table.count - 1
        var i = NodeCache.hash(kind: kind, source, count: count) & mask
        while let candidate = table[i] {
            if candidate.holds(kind: kind, source, count: count) {
                for k in 0..<count { GreenNode.releaseSlot(source[k]) }
                return candidate
            }
            i = (i + 1) & mask
        }
        let node = GreenNode.make(kind: kind, moving: source, count: count)
        table[i] = node
        used += 1
        if used * 2 > table.count { grow() }
        return node
    }

    private func grow() {
        var bigger = [GreenNode?](repeating: nil, count: table.count * 2)
        let mask = bigger.count - 1
        for case let node? in table {
            var i = node.slotHash & mask
            while bigger[i] != nil { i = (i + 1) & mask }
            bigger[i] = node
        }
        table = bigger
    }
}
