/// `{ member* }`: a `memberBlock` node. Its first slot is the `{`, its last the `}` (a missing one
/// when the block is not closed); between them members, trivia and `error` nodes.
public struct MemberBlockSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .memberBlock }

    /// The members in order (error nodes and trivia between them are passed over).
    @inlinable public var members: ChildViews<MemberSyntax> { children(MemberSyntax.self) }

    /// The `{`: the first slot.
    @inlinable public var leftBrace: SyntaxToken { firstToken(.leftBrace) ?? Self.missing(.leftBrace, at: offset) }

    /// The `}`: the last slot, missing when the block is not closed.
    @inlinable public var rightBrace: SyntaxToken {
        if let last = lastSlot, last.holdsToken(.rightBrace) { return last.token }
        return Self.missing(.rightBrace, at: range.upperBound)
    }

    /// Whether a real `}` closes the block: only then does its extent depend on its own text alone.
    @inlinable public var isClosed: Bool {
        guard let last = lastSlot else { return false }
        return last.holdsToken(.rightBrace) && !last.holdsMissingToken
    }
}

/// `name: value` with its separator, if any: a `member` node. The parser writes the name first,
/// then a `:` (missing when not written) and the value (a missing `unknown` token when there is
/// none); a `;` or `,` after the value is the member's last slot.
public struct MemberSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .member }

    /// The property's name: the first slot (a member starts with its name).
    @inlinable public var name: SyntaxToken {
        firstSlot { $0.isToken }?.token ?? Self.missing(.identifier, at: offset)
    }

    /// The `:`, missing when it is not written.
    @inlinable public var colon: SyntaxToken { firstToken(.colon) ?? Self.missing(.colon, at: name.range.upperBound) }

    /// The value: a literal or a bare name (one token), or an `enumCase`, `tuple` or `list` node.
    /// Nil when it is missing.
    @inlinable public var value: SyntaxElement? { firstValue(from: 1) }

    /// The `;` or `,` after the value, when one is written: the last slot.
    @inlinable public var separator: SyntaxToken? {
        guard let last = lastSlot, last.holdsToken(.semicolon) || last.holdsToken(.comma), !last.holdsMissingToken else { return nil }
        return last.token
    }
}
