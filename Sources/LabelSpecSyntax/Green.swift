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
public enum GreenElement: Sendable {
    case node(GreenNode)
    case token(GreenToken)

    @inlinable public var length: Int {
        switch self {
        case .node(let n): return n.length
        case .token(let t): return Int(t.length)
        }
    }
}

/// An inner node of the green tree. Immutable and shared: an incremental reparse reuses the very
/// same objects for everything it did not touch.
public final class GreenNode: @unchecked Sendable {
    public let kind: NodeKind
    public let length: Int
    public let children: [GreenElement]
    /// Whether this node or any descendant holds an error node, a missing token or a malformed token.
    public let hasErrors: Bool

    public init(kind: NodeKind, children: [GreenElement]) {
        self.kind = kind
        self.children = children
        var length = 0
        var errors = kind == .error || kind == .tooDeep
        for child in children {
            switch child {
            case .node(let n):
                length += n.length
                if n.hasErrors { errors = true }
            case .token(let t):
                length += Int(t.length)
                if t.isMissing || t.kind.isMalformed { errors = true }
            }
        }
        self.length = length
        self.hasErrors = errors
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
