/// `style Name: A, B { … }` or `label Name { … }`: a `styleDecl` or `labelDecl` node.
///
/// The parser always writes the keyword and the name (a missing name is a missing token, with an
/// empty range after the keyword); the inheritance clause when a `:` follows the name; the block
/// when a `{` is written, as the item's last slot (else a missing `{` token stands for it).
/// Unexpected text between the header and the block is an `error` node the accessors pass over.
public struct ItemSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .styleDecl || kind == .labelDecl }

    /// A style (else a label).
    @inlinable public var isStyle: Bool { kind == .styleDecl }

    /// `style` or `label`: the first slot.
    @inlinable public var keyword: SyntaxToken {
        firstSlot { $0.isToken }?.token ?? Self.missing(isStyle ? .styleKeyword : .labelKeyword, at: offset)
    }

    /// The name, missing (`isMissing`, an empty range) when it is not written.
    @inlinable public var name: SyntaxToken {
        firstToken(.identifier) ?? Self.missing(.identifier, at: keyword.range.upperBound)
    }

    /// Where a diagnostic or an outline points at the item: its name, or the keyword when the
    /// name is missing.
    @inlinable public var nameRange: Range<Int> {
        let name = self.name
        return name.isMissing ? keyword.range : name.range
    }

    /// `: A, B`, when a `:` follows the name.
    @inlinable public var inheritanceClause: InheritanceClauseSyntax? { firstChild(InheritanceClauseSyntax.self) }

    /// `{ … }`, when a `{` is written: the last slot.
    @inlinable public var block: MemberBlockSyntax? { lastSlot.flatMap { MemberBlockSyntax($0) } }
}

/// `: A, B` after an item's name: an `inheritanceClause` node. The parser writes a name after the
/// colon and after each comma, a missing one where none is written (`style A: , B`).
public struct InheritanceClauseSyntax: SyntaxView {
    public let unmanaged: Unmanaged<GreenNode>, offset: Int
    @inlinable public init(unchecked node: Unmanaged<GreenNode>, offset: Int) { (unmanaged, self.offset) = (node, offset) }
    @inlinable public static func reads(_ kind: NodeKind) -> Bool { kind == .inheritanceClause }

    /// The `:`: the first slot.
    @inlinable public var colon: SyntaxToken { firstToken(.colon) ?? Self.missing(.colon, at: offset) }

    /// The parents' names in order, missing ones included.
    @inlinable public var parents: ChildTokens { tokens(.identifier) }
}
