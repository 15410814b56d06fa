/// The canonical layout: 4-space indent, one member per line, one space after ':' and ',', none
/// inside brackets, comments and blank-line groups kept.
///
/// It changes only trivia and member separators (`;` or `,` between members, which a line break
/// replaces); every other token comes out exactly as it went in. A file with syntax errors is not
/// formatted: recovery would put text in places the author did not mean.
public enum Formatter {
    public enum Failure: Error, Equatable {
        case syntaxErrors
    }

    public static func format(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        let doc = SyntaxDocument(bytes)
        if doc.root.hasErrors { throw .syntaxErrors }
        var tokens: [FlatToken] = []
        flatten(doc.rootNode, parent: .sourceFile, into: &tokens)
        var printer = Printer(bytes: bytes)
        printer.print(tokens)
        // A byte order mark (trivia, see `Lexer.fileStart`) stays where it is.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return [0xEF, 0xBB, 0xBF] + printer.out }
        return printer.out
    }

    struct FlatToken {
        let kind: TokenKind
        let range: Range<Int>
        let parent: NodeKind
        /// The first token of a member (its name).
        let startsMember: Bool
        /// A member's `;` or `,` (layout: a line break stands in for it).
        var isMemberSeparator = false
    }

    static func flatten(_ node: SyntaxNode, parent: NodeKind, into out: inout [FlatToken]) {
        let member = MemberSyntax(node)
        let name = member?.name.offset
        let separator = member?.separator?.offset
        for child in node.children {
            switch child {
            case .node(let n):
                flatten(n, parent: n.kind, into: &out)
            case .token(let t):
                if t.isMissing { continue }
                out.append(
                    FlatToken(
                        kind: t.kind, range: t.range, parent: node.kind == .chunk ? .sourceFile : node.kind, startsMember: t.offset == name,
                        isMemberSeparator: t.offset == separator))
            }
        }
    }

    struct Printer {
        let bytes: [UInt8]
        var out: [UInt8] = []
        var depth = 0
        /// A line break is owed before the next token (after a line comment).
        var mustBreak = false
        /// The last thing printed was a comment (it belongs to what follows it).
        var lastWasComment = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func emit(_ range: Range<Int>) { out.append(contentsOf: bytes[range]) }
        mutating func emit(_ s: String) { out.append(contentsOf: s.utf8) }

        mutating func newline(blank: Bool) {
            while out.last == UInt8(ascii: " ") { out.removeLast() }
            if out.isEmpty { return }
            out.append(UInt8(ascii: "\n"))
            if blank { out.append(UInt8(ascii: "\n")) }
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 4 * depth))
        }

        mutating func print(_ tokens: [FlatToken]) {
            var previous: FlatToken?
            var newlines = 0  // line breaks in the trivia since the last emitted token
            var i = 0
            while i < tokens.count {
                let t = tokens[i]
                i += 1
                switch t.kind {
                case .whitespace:
                    continue
                case .newline:
                    newlines += 1
                    continue
                case .lineComment, .blockComment:
                    let ownLine = previous == nil || newlines > 0
                    if ownLine {
                        // A comment on its own line keeps its line (and a blank line before it).
                        newline(blank: newlines > 1 && previous != nil && previous?.kind != .leftBrace)
                    } else {
                        emit(" ")
                    }
                    emit(t.range)
                    if t.kind == .lineComment || newlines > 0 || previous == nil { mustBreak = true }
                    newlines = 0
                    previous = previous ?? t
                    // An own-line comment belongs to what follows it; a trailing one to what precedes.
                    if ownLine { lastWasComment = true }
                    continue
                default:
                    break
                }
                // Member separators are layout: a line break stands in for them.
                if t.isMemberSeparator { continue }

                let blank = newlines > 1
                if t.kind == .styleKeyword || t.kind == .labelKeyword, t.parent == .styleDecl || t.parent == .labelDecl {
                    depth = 0
                    newline(blank: blank || (previous?.kind == .rightBrace && !lastWasComment))
                } else if t.startsMember {
                    // A blank line after an own-line comment stays, even at a block's start: it
                    // decides what a `// labelspec:ignore` on the line before covers.
                    newline(blank: blank && (previous?.kind != .leftBrace || lastWasComment))
                } else if t.kind == .rightBrace && t.parent == .memberBlock {
                    depth -= 1
                    if previous?.kind == .leftBrace && !mustBreak {
                        // `{}` stays as it is.
                    } else {
                        newline(blank: false)
                    }
                } else if mustBreak {
                    newline(blank: blank && lastWasComment)
                } else if let p = previous {
                    if needsSpace(after: p, before: t) { emit(" ") }
                }
                mustBreak = false
                lastWasComment = false
                newlines = 0
                emit(t.range)
                if t.kind == .leftBrace && t.parent == .memberBlock { depth += 1 }
                previous = t
            }
            while out.last == UInt8(ascii: " ") || out.last == UInt8(ascii: "\n") { out.removeLast() }
            if !out.isEmpty { out.append(UInt8(ascii: "\n")) }
        }

        func needsSpace(after p: FlatToken, before t: FlatToken) -> Bool {
            switch p.kind {
            case .leftParen, .leftBracket, .dot: return false
            case .whitespace, .newline: return false
            default: break
            }
            switch t.kind {
            case .rightParen, .rightBracket, .comma, .colon, .semicolon: return false
            case .leftParen where t.parent == .argumentList: return false
            case .dot where t.parent == .memberCall: return false
            default: return true
            }
        }
    }
}
