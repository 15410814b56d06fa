import LabelSpecSyntax

/// A region an editor can fold.
public struct FoldingRange: Equatable, Sendable {
    public enum Kind: Sendable { case item, comment }

    /// From the region's first byte to its end (byte offsets in the document).
    public var range: Range<Int>
    public var kind: Kind
}

/// Styles, labels and block comments fold; nothing else does (a member is one line, a block's
/// braces are its item's).
public enum FoldingRanges {
    /// The foldable regions of one leaf chunk that starts at `offset`. An editor folds by line, so
    /// a region on one line is not worth showing: the server drops those once it knows the lines.
    public static func ranges(inChunk chunk: GreenNode, at offset: Int) -> [FoldingRange] {
        var out: [FoldingRange] = []
        for element in SyntaxNode(green: chunk, offset: offset).children {
            switch element {
            case .node(let n) where ItemSyntax.reads(n.kind):
                out.append(FoldingRange(range: element.range, kind: .item))
            case .token(let t) where t.kind == .blockComment:
                out.append(FoldingRange(range: element.range, kind: .comment))
            default:
                break
            }
        }
        return out
    }
}
