import LabelSpecSyntax

/// Expand selection: the token at an offset, then every enclosing node up to the item, then the
/// whole document.
public enum SelectionRanges {
    /// Innermost first; the last range is the whole document.
    public static func ranges(at offset: Int, in syntax: SyntaxDocument) -> [Range<Int>] {
        var chain: [Range<Int>] = []
        func descend(_ node: SyntaxNode) {
            for child in node.children {
                guard child.range.lowerBound <= offset, offset <= child.range.upperBound else { continue }
                switch child {
                case .node(let n):
                    if n.kind != .chunk { chain.append(n.range) }
                    descend(n)
                    return
                case .token(let t):
                    if !t.kind.isTrivia { chain.append(t.range) }
                    if offset < child.range.upperBound { return }
                }
            }
        }
        descend(syntax.rootNode)
        return chain.reversed() + [0..<syntax.source.count]
    }
}
