import LabelSpecSyntax

/// Derives the `syntax` diagnostics from a tree: error nodes, missing and malformed tokens.
enum SyntaxErrors {
    /// `remedy` ends the message of `node` itself when it is an error node ("unexpected 'x';
    /// remedy"): text between items is told what may stand there.
    static func collect(in node: SyntaxNode, bytes: UnsafeBufferPointer<UInt8>, remedy: String = "remove it") -> [Diagnostic] {
        guard node.green.hasErrors else { return [] }
        var out: [Diagnostic] = []
        walk(node, bytes: bytes, remedy: remedy, into: &out)
        return out
    }

    private static func walk(
        _ node: SyntaxNode, bytes: UnsafeBufferPointer<UInt8>, remedy: String = "remove it", in parent: NodeKind? = nil,
        into out: inout [Diagnostic]
    ) {
        guard node.green.hasErrors else { return }
        if node.kind == .error {
            let range = node.trimmedRange
            let first = node.childTokens.first { !$0.isMissing }
            let what: String
            if let t = first {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[t.range.prefix(20)]), as: UTF8.self)
                what = t.kind == .unknown ? "character '\(text)'" : "'\(text)'"
            } else {
                what = "text"
            }
            // `.screen -32`: a value then a negative number, as in Swift.
            let subtraction = first.map { $0.kind == .number && bytes[$0.range.lowerBound] == UInt8(ascii: "-") } ?? false
            // A `.` after a value: a modifier past the eighth, or not right after the value on its line.
            let call = first?.kind == .dot && remedy == "remove it" && parent == .member
            let why =
                subtraction
                ? "to subtract, put a space after '-'"
                : call
                    ? "a modifier follows its value on the same line, right after it (`.body.bold()`), \(Parser.maxCalls) at most; join it to the value or remove it"
                    : remedy
            out.append(Diagnostic(.syntax, "unexpected \(what); \(why)", at: range))
            // Malformed tokens inside still deserve their own message.
            node.forEachToken { t in if let d = malformed(t) { out.append(d) } }
            return
        }
        if node.kind == .tooDeep {
            out.append(
                Diagnostic(.syntax, "brackets nested deeper than \(Parser.maxDepth) levels; flatten the value", at: node.trimmedRange))
            return
        }
        for child in node.children {
            switch child {
            case .node(let n):
                walk(n, bytes: bytes, in: node.kind, into: &out)
            case .token(let t):
                if t.isMissing {
                    out.append(Diagnostic(.syntax, expected(t.kind), at: t.offset..<t.offset))
                } else if let d = malformed(t) {
                    out.append(d)
                }
            }
        }
    }

    static func malformed(_ t: SyntaxToken) -> Diagnostic? {
        switch t.kind {
        case .unterminatedString:
            return Diagnostic(.syntax, "unterminated string; add the closing '\"'", at: t.range)
        case .unterminatedMultilineString:
            return Diagnostic(.syntax, "unterminated multi-line string; add the closing '\"\"\"'", at: t.range)
        case .unterminatedBlockComment:
            return Diagnostic(.syntax, "unterminated comment; add the closing '*/'", at: t.range)
        default:
            return nil
        }
    }

    static func expected(_ kind: TokenKind) -> String {
        switch kind {
        case .identifier: return "expected a name"
        case .colon: return "expected ':' after the property name"
        case .leftBrace: return "expected '{' to open the block"
        case .rightBrace: return "expected '}' to close the block"
        case .semicolon: return "expected ';' or a line break between members"
        case .comma: return "expected ',' between values"
        case .rightParen: return "expected ')'"
        case .rightBracket: return "expected ']'"
        case .unknown: return "expected a value"
        default: return "expected \(kind.displayName)"
        }
    }
}
