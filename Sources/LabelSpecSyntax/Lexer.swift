/// Splits bytes into tokens. Context-free: at any token boundary the lexer needs no state, which is
/// what lets an incremental reparse restart it anywhere a token starts.
public struct Lexer {
    public let bytes: UnsafeBufferPointer<UInt8>
    public private(set) var position: Int
    let end: Int

    /// Where the file starts in `bytes`: a UTF-8 byte order mark there is trivia (a `whitespace`
    /// token of its own), anywhere else it is an `unknown` character. A lexer over a window of
    /// the file gives minus the window's offset (so a window never sees a mark that is not the file's).
    let fileStart: Int

    public init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int = 0, end: Int? = nil, fileStart: Int = 0) {
        self.bytes = bytes
        self.position = start
        self.end = end ?? bytes.count
        self.fileStart = fileStart
    }

    public var isAtEnd: Bool { position >= end }

    @inline(__always) func byte(_ i: Int) -> UInt8 { i < end ? bytes[i] : 0 }

    /// Lexes the next token. Returns nil at the end of the input.
    public mutating func next() -> (kind: TokenKind, length: Int)? {
        guard position < end else { return nil }
        let start = position
        let kind = lexOne()
        precondition(position > start, "lexer made no progress")
        return (kind, position - start)
    }

    private mutating func lexOne() -> TokenKind {
        let c = bytes[position]
        switch c {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
            position += 1
            while position < end {
                let b = bytes[position]
                if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == 0x0B || b == 0x0C {
                    position += 1
                } else {
                    break
                }
            }
            return .whitespace
        case UInt8(ascii: "\n"):
            position += 1
            skipIndentation()
            return .newline
        case UInt8(ascii: "\r"):
            position += 1
            if byte(position) == UInt8(ascii: "\n") { position += 1 }
            skipIndentation()
            return .newline
        case UInt8(ascii: "/"):
            let n = byte(position + 1)
            if n == UInt8(ascii: "/") {
                position += 2
                while position < end, bytes[position] != UInt8(ascii: "\n"), bytes[position] != UInt8(ascii: "\r") {
                    position += 1
                }
                return .lineComment
            }
            if n == UInt8(ascii: "*") { return lexBlockComment() }
            position += 1
            return .slash
        case UInt8(ascii: "\""):
            if byte(position + 1) == UInt8(ascii: "\""), byte(position + 2) == UInt8(ascii: "\"") {
                return lexMultilineString()
            }
            return lexString()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return lexNumber()
        case UInt8(ascii: "-"):
            // A sign, unless it follows an operand with nothing between (`x-1`, `(a)-1`): the
            // byte before is read from the buffer (at a window's start there is none: a sign).
            let before = position > 0 ? bytes[position - 1] : 0
            let endsOperand = isIdentifierContinue(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]")
            if isDigit(byte(position + 1)), !endsOperand { return lexNumber() }
            position += 1
            return .minus
        case UInt8(ascii: "+"): position += 1; return .plus
        case UInt8(ascii: "*"): position += 1; return .star
        case UInt8(ascii: "#"):
            position += 1
            while position < end, isIdentifierContinue(bytes[position]) { position += 1 }
            return .hexColor
        case UInt8(ascii: "{"): position += 1; return .leftBrace
        case UInt8(ascii: "}"): position += 1; return .rightBrace
        case UInt8(ascii: "("): position += 1; return .leftParen
        case UInt8(ascii: ")"): position += 1; return .rightParen
        case UInt8(ascii: "["): position += 1; return .leftBracket
        case UInt8(ascii: "]"): position += 1; return .rightBracket
        case UInt8(ascii: ":"): position += 1; return .colon
        case UInt8(ascii: ","): position += 1; return .comma
        case UInt8(ascii: ";"): position += 1; return .semicolon
        case UInt8(ascii: "."): position += 1; return .dot
        default:
            if isIdentifierStart(c) { return lexIdentifier() }
            if c == 0xEF, position == fileStart, byte(position + 1) == 0xBB, byte(position + 2) == 0xBF {
                position += 3
                return .whitespace
            }
            position += 1
            while position < end, !startsKnownToken(bytes[position]) { position += 1 }
            return .unknown
        }
    }

    /// A line break takes the next line's indentation with it: one token instead of two per line.
    private mutating func skipIndentation() {
        while position < end, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
    }

    private mutating func lexIdentifier() -> TokenKind {
        let start = position
        position += 1
        while position < end, isIdentifierContinue(bytes[position]) { position += 1 }
        switch position - start {
        case 4 where matches(start, "true"): return .trueKeyword
        case 5 where matches(start, "style"): return .styleKeyword
        case 5 where matches(start, "label"): return .labelKeyword
        case 5 where matches(start, "false"): return .falseKeyword
        default: return .identifier
        }
    }

    private func matches(_ start: Int, _ word: StaticString) -> Bool {
        let p = word.utf8Start
        for i in 0..<word.utf8CodeUnitCount where bytes[start + i] != p[i] { return false }
        return true
    }

    private mutating func lexNumber() -> TokenKind {
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        while position < end, isDigit(bytes[position]) { position += 1 }
        if byte(position) == UInt8(ascii: "."), isDigit(byte(position + 1)) {
            position += 1
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        return .number
    }

    private mutating func lexBlockComment() -> TokenKind {
        position += 2
        var depth = 1
        while position < end {
            let b = bytes[position]
            if b == UInt8(ascii: "*"), byte(position + 1) == UInt8(ascii: "/") {
                position += 2
                depth -= 1
                if depth == 0 { return .blockComment }
            } else if b == UInt8(ascii: "/"), byte(position + 1) == UInt8(ascii: "*") {
                position += 2
                depth += 1
            } else {
                position += 1
            }
        }
        return .unterminatedBlockComment
    }

    private mutating func lexString() -> TokenKind {
        position += 1
        while position < end {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return .string
            }
            if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") { return .unterminatedString }
            if b == UInt8(ascii: "\\") {
                position += 1
                if position < end, bytes[position] != UInt8(ascii: "\n"), bytes[position] != UInt8(ascii: "\r") {
                    position += 1
                }
                continue
            }
            position += 1
        }
        return .unterminatedString
    }

    private mutating func lexMultilineString() -> TokenKind {
        position += 3
        while position < end {
            let b = bytes[position]
            if b == UInt8(ascii: "\\") {
                position = min(position + 2, end)
                continue
            }
            if b == UInt8(ascii: "\""), byte(position + 1) == UInt8(ascii: "\""), byte(position + 2) == UInt8(ascii: "\"") {
                position += 3
                return .multilineString
            }
            position += 1
        }
        return .unterminatedMultilineString
    }
}

@inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

@inline(__always) func isIdentifierStart(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
        || b == UInt8(ascii: "_")
}

@inline(__always) func isIdentifierContinue(_ b: UInt8) -> Bool { isIdentifierStart(b) || isDigit(b) }

/// Bytes that begin some token other than `unknown`; an unknown run stops before them.
@inline(__always) func startsKnownToken(_ b: UInt8) -> Bool {
    if isIdentifierContinue(b) { return true }
    switch b {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, UInt8(ascii: "\n"), UInt8(ascii: "\r"),
        UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "*"),
        UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
        UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","),
        UInt8(ascii: ";"), UInt8(ascii: "."):
        return true
    default:
        return false
    }
}
