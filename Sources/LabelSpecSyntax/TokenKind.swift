/// The kinds of token the lexer produces. Every byte of a source belongs to exactly one token.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    // Trivia
    case whitespace
    /// A line break with the indentation of the next line.
    case newline
    case lineComment
    case blockComment
    /// A `/*` comment with no matching `*/` before the end of the input.
    case unterminatedBlockComment

    // Literals and names
    case identifier
    case styleKeyword
    case labelKeyword
    case trueKeyword
    case falseKeyword
    case string
    /// A `"` string that reaches the end of its line (or the input) without a closing quote.
    case unterminatedString
    case multilineString
    /// A `"""` string that reaches the end of the input without a closing `"""`.
    case unterminatedMultilineString
    case number
    case hexColor

    // Punctuation
    case leftBrace
    case rightBrace
    case leftParen
    case rightParen
    case leftBracket
    case rightBracket
    case colon
    case comma
    case semicolon
    case dot

    // Operators (in width expressions: `.screen - 32`, `(.margins - 8) / 2`)
    case plus
    /// `-` after a name, number or closing bracket with nothing between (`.screen-32`), or
    /// before anything but a digit; `-` before a digit elsewhere starts a negative number, as
    /// in Swift (`(0, -1)`; `.screen -32` is a value then the number -32).
    case minus
    case star
    /// `/` not followed by `/` or `*` (which start comments).
    case slash

    /// Bytes that start no token: stray characters, control bytes, invalid UTF-8.
    case unknown

    /// Whitespace, newlines and comments: kept in the tree, skipped by the parser.
    @inlinable public var isTrivia: Bool { rawValue <= TokenKind.unterminatedBlockComment.rawValue }

    /// Tokens that are a whole value: literals and bare names.
    public var isValue: Bool {
        switch self {
        case .string, .unterminatedString, .multilineString, .unterminatedMultilineString, .number, .trueKeyword,
            .falseKeyword, .hexColor, .identifier:
            return true
        default:
            return false
        }
    }

    /// What a diagnostic calls a token of this kind.
    public var displayName: String {
        switch self {
        case .whitespace: return "whitespace"
        case .newline: return "newline"
        case .lineComment, .blockComment, .unterminatedBlockComment: return "comment"
        case .identifier: return "name"
        case .styleKeyword: return "'style'"
        case .labelKeyword: return "'label'"
        case .trueKeyword: return "'true'"
        case .falseKeyword: return "'false'"
        case .string, .unterminatedString, .multilineString, .unterminatedMultilineString: return "string"
        case .number: return "number"
        case .hexColor: return "hex colour"
        case .leftBrace: return "'{'"
        case .rightBrace: return "'}'"
        case .leftParen: return "'('"
        case .rightParen: return "')'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .colon: return "':'"
        case .comma: return "','"
        case .semicolon: return "';'"
        case .dot: return "'.'"
        case .plus: return "'+'"
        case .minus: return "'-'"
        case .star: return "'*'"
        case .slash: return "'/'"
        case .unknown: return "unexpected character"
        }
    }
}

/// The kinds of inner node in the syntax tree.
public enum NodeKind: UInt8, Sendable, CaseIterable {
    /// The whole file. Its children are `chunk` nodes only.
    case sourceFile
    /// A transparent run of top-level elements (items, trivia, errors). Chunks exist so that an edit
    /// copies a bounded number of child references; they carry no meaning and equality ignores them.
    case chunk
    case styleDecl
    case labelDecl
    /// `: A, B` after an item's name.
    case inheritanceClause
    /// `{ member* }`.
    case memberBlock
    /// `name: value` with its separator, if any. Literal values (strings, numbers, booleans, hex
    /// colours) and bare names are single tokens; calls, tuples and lists are nodes.
    case member
    /// `.name` or `.name(args)`.
    case enumCase
    /// `(a, b)`; `(a)` groups an expression.
    case tuple
    /// `[a, b, …]`.
    case list
    /// `(label: value, …)` after an enum case.
    case argumentList
    case argument
    /// Tokens the parser could not place. Its children are the unexpected tokens.
    case error
    /// Brackets nested past the parser's depth bound, kept as flat tokens.
    case tooDeep
    /// `a + b`, `a - b`, `a * b`, `a / b`: its operands (values) and the operator between.
    case binaryExpression
    /// `.name(args)` called on the value before it, written right after it: `.body.monospacedDigit()`.
    case memberCall

    /// Kinds below the item level, whose identical small nodes one parse shares (`NodeCache`).
    /// Nothing keys a cache on the identity of these.
    var isShared: Bool {
        switch self {
        case .inheritanceClause, .member, .enumCase, .tuple, .list, .argumentList, .argument, .binaryExpression, .memberCall:
            return true
        default:
            return false
        }
    }

    public var isValue: Bool {
        switch self {
        case .enumCase, .tuple, .list, .binaryExpression, .memberCall:
            return true
        default:
            return false
        }
    }
}
