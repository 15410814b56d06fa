import LabelSpecSyntax

/// What a token is, for highlighting. The cases, in order, are the server's legend.
public enum SemanticTokenType: Int, CaseIterable, Sendable {
    /// `style`, `label`, `true`, `false`.
    case keyword
    /// A style or label name.
    case `class`
    /// A property or argument name.
    case property
    /// An enum case (`.body`, `.tail`), and a keyword written as one after a dot.
    case enumMember
    case string
    /// Numbers and hex colours.
    case number
    case comment
    /// The dot before an enum case.
    case `operator`
}

/// A classified token (byte offsets in the document). Multi-line tokens (comments, strings) are
/// one token here; a protocol that wants one token per line splits them.
public struct SemanticToken: Equatable, Sendable {
    public var range: Range<Int>
    public var type: SemanticTokenType
}

public enum SemanticTokens {
    /// The classified tokens of one leaf chunk that starts at `offset`, in order.
    public static func tokens(inChunk chunk: GreenNode, at offset: Int) -> [SemanticToken] {
        var out: [SemanticToken] = []
        func walk(_ node: SyntaxNode) {
            var afterDot = false
            for child in node.children {
                switch child {
                case .node(let n):
                    walk(n)
                    afterDot = false
                case .token(let t):
                    guard !t.isMissing, t.green.length > 0 else { continue }
                    let type: SemanticTokenType?
                    switch t.kind {
                    case .styleKeyword, .labelKeyword, .trueKeyword, .falseKeyword: type = afterDot ? .enumMember : .keyword
                    case .identifier:
                        switch node.kind {
                        case .member, .argument: type = .property
                        case .enumCase, .memberCall: type = .enumMember
                        default: type = .class
                        }
                    case .string, .unterminatedString, .multilineString, .unterminatedMultilineString: type = .string
                    case .number, .hexColor: type = .number
                    case .lineComment, .blockComment, .unterminatedBlockComment: type = .comment
                    case .dot, .plus, .minus, .star, .slash: type = .operator
                    default: type = nil
                    }
                    if let type { out.append(SemanticToken(range: t.range, type: type)) }
                    afterDot = t.kind == .dot
                }
            }
        }
        walk(SyntaxNode(green: chunk, offset: offset))
        return out
    }
}
