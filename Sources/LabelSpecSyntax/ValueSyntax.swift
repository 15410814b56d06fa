/// `.name` or `.name(arguments)`: an `enumCase` node. The parser writes the `.`, then the name
/// (missing when not written; `.style`, `.label`, `.true` and `.false` are names too), then an
/// argument list when a `(` follows on the same line (a `tooDeep` node past the depth bound).
public struct EnumCaseSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .enumCase }

    /// The case's name: the token after the `.`, missing when it is not written.
    @inlinable public var name: SyntaxToken {
        firstSlot(from: 1) { $0.isToken && !$0.token.kind.isTrivia }?.token ?? Self.missing(.identifier, at: dot.range.upperBound)
    }

    /// `(label: value, …)`, when written.
    @inlinable public var arguments: ArgumentListSyntax? { firstChild(ArgumentListSyntax.self) }

    /// The `.`: the first slot.
    @inlinable public var dot: SyntaxToken { firstToken(.dot) ?? Self.missing(.dot, at: offset) }
}

/// `.name(arguments)` called on the value before it: a `memberCall` node, its first slot the
/// value (an `enumCase` or another `memberCall`), then the `.`, the name and the arguments.
public struct MemberCallSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .memberCall }

    /// The value it is called on.
    @inlinable public var base: SyntaxElement? { firstValue(from: 0) }

    /// The `.` before the name.
    @inlinable public var dot: SyntaxToken { firstToken(.dot) ?? Self.missing(.dot, at: offset) }

    /// The name after the `.`, missing when it is not written.
    @inlinable public var name: SyntaxToken {
        firstSlot(from: 2) { $0.isToken && !$0.token.kind.isTrivia }?.token ?? Self.missing(.identifier, at: dot.range.upperBound)
    }

    /// `(label: value, …)`, when written.
    @inlinable public var arguments: ArgumentListSyntax? { firstChild(ArgumentListSyntax.self) }
}

/// `(label: value, …)` after an enum case's name: an `argumentList` node.
public struct ArgumentListSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .argumentList }

    /// The arguments in order (commas, trivia and error nodes are passed over).
    @inlinable public var arguments: ChildViews<ArgumentSyntax> { children(ArgumentSyntax.self) }
}

/// `label: value` or `value` in an argument list: an `argument` node. The label is the first slot
/// when a `:` follows it.
public struct ArgumentSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .argument }

    /// The `:` after the label, when the argument has one.
    @inlinable public var colon: SyntaxToken? { firstToken(.colon) }

    /// `size` in `size: 17`.
    @inlinable public var label: SyntaxToken? { colon == nil ? nil : firstToken(.identifier) }

    /// The value (nil when it is missing).
    @inlinable public var value: SyntaxElement? { firstValue(from: colon == nil ? 0 : 1) }
}

/// `(a, b)` or `[a, b, …]`: a `tuple` or `list` node.
public struct ValueListSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .tuple || kind == .list }

    /// A `[…]` list (else a `(…)` tuple).
    @inlinable public var isList: Bool { kind == .list }

    /// The elements in order (commas and error nodes are passed over; a missing one is absent).
    @inlinable public var elements: ChildValues { values() }
}
