/// A recursive-descent parser that never fails: it records missing tokens and wraps what it cannot
/// place in `error` nodes, then goes on at the next member or item.
///
/// Trivia placement is fixed, which keeps block reparsing exact: trivia before a node's first token
/// goes to the parent; a node ends at its last token. Public for its depth limit alone (the
/// semantics name it in the `syntax` diagnostic of a `tooDeep` node).
public struct Parser {
    private var lexer: Lexer
    /// Trivia goes onto the element stack as it is lexed; the slots from this index on are
    /// trivia not yet placed (it ends up in whatever node takes the next token, or after the node
    /// being finished).
    private var pendingStart = 0
    /// Pending trivia taken off the stack (`setAsideLongTrivia`), in order; placed by the next flush.
    private var setAside: [PackedElement] = []
    /// How many pending trivia slots the parser has moved: the work `missing` and `finish` do,
    /// which tests bound.
    private(set) var movedSlots = 0
    /// Whether the pending trivia holds a line break.
    private(set) var sawNewline = false
    /// The next significant token (nil at the end of the input).
    private(set) var peekKind: TokenKind?
    private var peekLength = 0
    /// Children of every open node, flat: a node's children start at its entry in `starts`.
    private let children = ElementStack()
    private var starts: [Int] = []
    private var kinds: [NodeKind] = []
    private var depth = 0

    /// Values nested deeper than this are kept as flat tokens in a `tooDeep` node.
    public static let maxDepth = 64

    /// `fileStart`: where the file starts in `bytes` (see `Lexer.fileStart`).
    init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int = 0, end: Int? = nil, fileStart: Int = 0) {
        lexer = Lexer(bytes, start: start, end: end, fileStart: fileStart)
        advance()
    }

    /// Byte offset of the next significant token (or the end).
    var offset: Int { lexer.position - (peekKind == nil ? 0 : peekLength) }

    private mutating func advance() {
        sawNewline = false
        while let (kind, length) = lexer.next() {
            if kind.isTrivia {
                children.append(GreenToken(kind: kind, length: length))
                if kind == .newline || (kind == .blockComment && containsNewline(length: length)) {
                    sawNewline = true
                }
            } else {
                peekKind = kind
                peekLength = length
                return
            }
        }
        peekKind = nil
        peekLength = 0
    }

    private func containsNewline(length: Int) -> Bool {
        let start = lexer.position - length
        for i in start..<lexer.position where lexer.bytes[i] == UInt8(ascii: "\n") || lexer.bytes[i] == UInt8(ascii: "\r") {
            return true
        }
        return false
    }

    /// Looks one significant token past the next one.
    private func peekSecond() -> TokenKind? {
        var probe = lexer
        while let (kind, _) = probe.next() {
            if !kind.isTrivia { return kind }
        }
        return nil
    }

    /// Places the pending trivia where it lies: in the current node.
    @inline(__always) private mutating func flushTrivia() {
        if !setAside.isEmpty {
            movedSlots += setAside.count
            for bits in setAside { children.append(bits: bits) }
            setAside.removeAll(keepingCapacity: true)
        }
        pendingStart = children.count
    }

    private mutating func bump() {
        flushTrivia()
        if let kind = peekKind {
            children.append(GreenToken(kind: kind, length: peekLength))
        }
        pendingStart = children.count
        advance()
    }

    /// Pending trivia is moved when a missing token goes in front of it or a node ends before it.
    /// A long run (blank lines after an unclosed deep nest) is set aside once instead, so that
    /// each of those steps costs O(1): no input makes the parser move the same trivia again and
    /// again.
    private mutating func setAsideLongTrivia() {
        guard children.count - pendingStart > Parser.triviaMovedInPlace else { return }
        movedSlots += children.count - pendingStart
        children.removeTail(from: pendingStart, into: &setAside)
    }

    /// Runs of pending trivia up to this many slots are moved in place.
    static let triviaMovedInPlace = 16

    /// A missing token goes before the pending trivia: it belongs where the last token ended.
    private mutating func missing(_ kind: TokenKind) {
        setAsideLongTrivia()
        movedSlots += children.count - pendingStart
        children.insert(GreenToken(kind: kind, length: 0, isMissing: true), at: pendingStart)
        pendingStart += 1
    }

    private mutating func start(_ kind: NodeKind) {
        flushTrivia()
        kinds.append(kind)
        starts.append(children.count)
    }

    /// Ends the open node at its last token: pending trivia stays after it.
    private mutating func finish() {
        setAsideLongTrivia()
        let pending = children.count - pendingStart
        movedSlots += pending
        children.popNode(kind: kinds.removeLast(), from: starts.removeLast(), to: pendingStart)
        pendingStart = children.count - pending
    }

    private var atItemKeyword: Bool { peekKind == .styleKeyword || peekKind == .labelKeyword }

    // MARK: - Top level

    /// Parses top-level elements until the input ends (or `shouldStop` says so at an element's
    /// start) and leaves them on the element stack.
    private mutating func parseTopLevelElements(stopAt shouldStop: (Int) -> Bool) {
        while true {
            // Trivia at top level stands alone between items.
            flushTrivia()
            if peekKind == nil || shouldStop(offset) { break }
            let before = offset
            if atItemKeyword {
                parseItem()
            } else {
                start(.error)
                repeat { bump() } while peekKind != nil && !atItemKeyword
                finish()
            }
            precondition(offset > before, "top-level loop made no progress")
        }
    }

    /// Parses top-level elements and returns them flat (the caller chunks them).
    mutating func parseTopLevel(stopAt shouldStop: (Int) -> Bool = { _ in false }) -> [GreenElement] {
        parseTopLevelElements(stopAt: shouldStop)
        return children.takeAll()
    }

    /// Parses the whole input into leaf chunks of about `size` top-level elements (spread as
    /// `SyntaxDocument.chunk` spreads them), moving the elements into the chunks.
    mutating func parseTopLevelChunks(size: Int) -> [GreenElement] {
        parseTopLevelElements(stopAt: { _ in false })
        return children.takeChunks(size: size)
    }

    private mutating func parseItem() {
        start(peekKind == .styleKeyword ? .styleDecl : .labelDecl)
        bump()
        if peekKind == .identifier { bump() } else { missing(.identifier) }
        if peekKind == .colon { parseInheritance() }
        if peekKind == .leftBrace {
            parseMemberBlock()
        } else {
            // Junk between the header and the block, on the header's line.
            if peekKind != nil, !atItemKeyword, !sawNewline, peekKind != .leftBrace {
                start(.error)
                repeat { bump() } while peekKind != nil && !atItemKeyword && !sawNewline && peekKind != .leftBrace
                finish()
            }
            if peekKind == .leftBrace { parseMemberBlock() } else { missing(.leftBrace) }
        }
        finish()
    }

    private mutating func parseInheritance() {
        start(.inheritanceClause)
        bump()  // ':'
        while true {
            if peekKind == .identifier { bump() } else { missing(.identifier) }
            guard peekKind == .comma else { break }
            bump()
        }
        finish()
    }

    // MARK: - Blocks and members

    /// Parses `{ member* }`. Also the entry point of block reparsing.
    mutating func parseMemberBlock() {
        start(.memberBlock)
        bump()  // '{'
        while true {
            guard let kind = peekKind else {
                missing(.rightBrace)
                break
            }
            if kind == .rightBrace {
                bump()
                break
            }
            if kind == .styleKeyword || kind == .labelKeyword {
                // A new item: this block lost its closing brace.
                missing(.rightBrace)
                break
            }
            let before = offset
            if kind == .identifier {
                parseMember()
            } else {
                start(.error)
                repeat {
                    bump()
                } while peekKind != nil && !atItemKeyword && peekKind != .rightBrace
                    && !(peekKind == .identifier && sawNewline)
                finish()
            }
            precondition(offset > before, "block loop made no progress")
        }
        finish()
    }

    private mutating func parseMember() {
        start(.member)
        bump()  // name
        if peekKind == .colon {
            bump()
            // `numberOfLines:` at a line's end before `width: 100`: the value is missing here
            // (as an editor has it on every keystroke), and the next line's member is its own.
            if sawNewline, peekKind == .identifier, peekSecond() == .colon { missing(.unknown) } else { parseValue() }
        } else {
            missing(.colon)
            if !sawNewline, let k = peekKind, canStartValue(k) { parseValue() } else { missing(.unknown) }
        }
        // Separator: needed only between two members on one line.
        switch peekKind {
        case .semicolon?, .comma?:
            bump()
        case nil, .rightBrace?:
            break
        case .styleKeyword?, .labelKeyword?:
            break
        default:
            if sawNewline { break }
            if peekKind == .identifier, peekSecond() == .colon {
                missing(.semicolon)
            } else {
                start(.error)
                repeat {
                    bump()
                } while peekKind != nil && !sawNewline && peekKind != .rightBrace
                    && peekKind != .semicolon && !atItemKeyword
                finish()
                if peekKind == .semicolon { bump() }
            }
        }
        finish()
    }

    // MARK: - Values

    private func canStartValue(_ kind: TokenKind) -> Bool {
        switch kind {
        case .string, .unterminatedString, .multilineString, .unterminatedMultilineString, .number,
            .trueKeyword, .falseKeyword, .hexColor, .dot, .identifier, .leftParen, .leftBracket:
            return true
        default:
            return false
        }
    }

    /// A value: an operand, or operands joined by `+ - * /` on its line (`*` and `/` bind
    /// tighter; operators of one strength apply left to right): `a - b * c` is `a - (b * c)`.
    /// An operator at the end of a line takes its right operand from the next.
    ///
    /// A run of operators of one strength is one flat `binaryExpression` node (`a - b - c`: five
    /// children), so a chain of any length is one level deep: nesting comes only from strengths
    /// and brackets, which are bounded.
    private mutating func parseValue() { parseExpression(above: 0) }

    /// The binding strength of a binary operator (nil: not one).
    private static func precedence(_ kind: TokenKind?) -> Int? {
        switch kind {
        case .plus?, .minus?: return 1
        case .star?, .slash?: return 2
        default: return nil
        }
    }

    /// Operands joined by operators that bind more strongly than `above`.
    private mutating func parseExpression(above: Int) {
        flushTrivia()
        let mark = children.count
        parseOperand()
        while !sawNewline, let strength = Parser.precedence(peekKind), strength > above {
            // The node begins at the left operand, parsed already.
            kinds.append(.binaryExpression)
            starts.append(mark)
            repeat {
                let before = offset
                bump()  // the operator
                if let k = peekKind, canStartValue(k) { parseExpression(above: strength) } else { missing(.unknown) }
                precondition(offset > before, "expression loop made no progress")
            } while !sawNewline && Parser.precedence(peekKind) == strength
            finish()
        }
    }

    private mutating func parseOperand() {
        guard let kind = peekKind, canStartValue(kind) else {
            missing(.unknown)
            return
        }
        switch kind {
        case .string, .unterminatedString, .multilineString, .unterminatedMultilineString, .number, .trueKeyword,
            .falseKeyword, .hexColor, .identifier:
            // Literals and names are values on their own: no wrapper node.
            bump()
        case .dot:
            start(.enumCase)
            let mark = starts[starts.count - 1]
            parseCaseName()
            finish()
            // `.body.monospacedDigit()`: a call on the value, its `.` right after it (no space
            // between, as Swift writes a modifier on one line), at most `maxCalls` of them.
            var calls = 0
            while peekKind == .dot, children.count == pendingStart, setAside.isEmpty, calls < Parser.maxCalls {
                kinds.append(.memberCall)
                starts.append(mark)
                parseCaseName(nameOnItsLine: true)
                finish()
                calls += 1
            }
        case .leftParen:
            if depth >= Parser.maxDepth { parseTooDeep() } else { parseSequence(.tuple, close: .rightParen) }
        case .leftBracket:
            if depth >= Parser.maxDepth { parseTooDeep() } else { parseSequence(.list, close: .rightBracket) }
        default:
            missing(.unknown)
        }
    }

    /// Calls in a row on one value (`.body.monospacedDigit()`): more are left to the member's
    /// error recovery.
    public static let maxCalls = 8

    /// `.name` and its argument list, when a `(` follows on the same line.
    /// `nameOnItsLine`: a modifier's name must follow its `.` on the same line (`font: .body.` being
    /// typed above `width: 200` leaves `width` to its own member).
    private mutating func parseCaseName(nameOnItsLine: Bool = false) {
        bump()  // the dot
        let named: Bool
        switch peekKind {
        case .identifier?, .styleKeyword?, .labelKeyword?, .trueKeyword?, .falseKeyword?: named = !(nameOnItsLine && sawNewline)
        default: named = false
        }
        if named { bump() } else { missing(.identifier) }
        if peekKind == .leftParen, !sawNewline {
            if depth >= Parser.maxDepth { parseTooDeep() } else { parseSequence(.argumentList, close: .rightParen) }
        }
    }

    /// `( … )` tuples and argument lists, `[ … ]` lists: comma-separated, a trailing comma allowed.
    private mutating func parseSequence(_ nodeKind: NodeKind, close: TokenKind) {
        depth += 1
        defer { depth -= 1 }
        start(nodeKind)
        bump()  // opener
        var expectingElement = true
        while true {
            guard let kind = peekKind else {
                missing(close)
                break
            }
            if kind == close {
                bump()
                break
            }
            if kind == .rightBrace || kind == .semicolon || kind == .styleKeyword || kind == .labelKeyword {
                missing(close)
                break
            }
            let before = offset
            if kind == .comma {
                if expectingElement { missing(.unknown) }
                bump()
                expectingElement = true
            } else if canStartValue(kind) {
                if !expectingElement { missing(.comma) }
                if nodeKind == .argumentList { parseArgument() } else { parseValue() }
                expectingElement = false
            } else {
                start(.error)
                bump()
                finish()
            }
            precondition(offset > before, "sequence loop made no progress")
        }
        finish()
    }

    private mutating func parseArgument() {
        start(.argument)
        if peekKind == .identifier, peekSecond() == .colon {
            bump()
            bump()
        }
        parseValue()
        finish()
    }

    /// Brackets nested past `maxDepth`: consumed flat, balancing brackets without recursion.
    private mutating func parseTooDeep() {
        start(.tooDeep)
        var open = 0
        repeat {
            switch peekKind {
            case .leftParen?, .leftBracket?: open += 1
            case .rightParen?, .rightBracket?: open -= 1
            default: break
            }
            bump()
        } while open > 0 && peekKind != nil && peekKind != .rightBrace && peekKind != .semicolon && !atItemKeyword
        finish()
    }
}
