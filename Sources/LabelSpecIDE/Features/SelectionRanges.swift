import LabelSpecSyntax

/// Expand selection: the token at an offset, then every enclosing node up to the item, then the
/// whole document.
public enum SelectionRanges {
    /// Innermost first; the last range is the whole document.
    public static func ranges(at offset: Int, in syntax: SyntaxDocument) -> [Range<Int>] {
        ranges(at: [offset], in: syntax)[0]
    }

    /// The ranges for each offset, in the order given. One walk down the tree serves them all:
    /// a node's children are visited once for every offset inside it (a multi-cursor request with
    /// a position on each of a block's N lines costs about N, not N²).
    public static func ranges(at offsets: [Int], in syntax: SyntaxDocument) -> [[Range<Int>]] {
        // Offsets in increasing order, each with its index in `offsets`.
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var chains = [[Range<Int>]](repeating: [], count: offsets.count)
        /// `slice`: positions in `order` of the offsets inside `node`, all of them at or after its
        /// start. At a node, an offset goes into the first child whose range holds it (both ends
        /// included) and stops there; at a token it stops unless it is the token's end, where the
        /// token touching it on the right is taken as well.
        func descend(_ node: SyntaxNode, _ slice: Range<Int>) {
            var start = slice.lowerBound
            for child in node.children {
                let range = child.range
                // Offsets before this child found no child holding them.
                while start < slice.upperBound, offsets[order[start]] < range.lowerBound { start += 1 }
                guard start < slice.upperBound else { return }
                var end = start
                while end < slice.upperBound, offsets[order[end]] <= range.upperBound { end += 1 }
                guard end > start else { continue }
                switch child {
                case .node(let n):
                    if n.kind != .chunk { for i in start..<end { chains[order[i]].append(n.range) } }
                    descend(n, start..<end)
                    start = end
                case .token(let t):
                    if !t.kind.isTrivia { for i in start..<end { chains[order[i]].append(t.range) } }
                    // Only the offsets at the token's end go on to the next child.
                    while start < end, offsets[order[start]] < range.upperBound { start += 1 }
                }
            }
        }
        descend(syntax.rootNode, 0..<order.count)
        let document = 0..<syntax.source.count
        return chains.map { $0.reversed() + [document] }
    }
}
