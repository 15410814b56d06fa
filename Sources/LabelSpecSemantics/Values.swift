import LabelSpecSyntax
import LabelVocabulary

/// A value as written, decoded from its syntax node. Ranges are relative to the enclosing item.
public enum Value: Sendable, Equatable {
    case string(String)
    case number(Double, isInteger: Bool)
    case bool(Bool)
    case hexColor(String)
    // Not `indirect`: the arrays already hold the nesting, and values are short-lived, so a box
    // per enum case read would be an allocation for nothing.
    case enumCase(String, arguments: [Argument]?)
    /// `.name(arguments)` called on a value: `.body.monospacedDigit()`.
    indirect case call(on: ValueNode, name: String, arguments: [Argument]?)
    case name(String)
    case tuple([ValueNode])
    case list([ValueNode])
    /// Operands joined by operators of one strength, applied left to right: `operators[i]` is
    /// between `operands[i]` and `operands[i + 1]`.
    case arithmetic(operands: [ValueNode], operators: [ArithmeticOperator])
    case invalid
}

public struct ValueNode: Sendable, Equatable {
    public var value: Value
    public var range: Range<Int>
}

public struct Argument: Sendable, Equatable {
    public var label: String?
    public var value: ValueNode
    public var range: Range<Int>
}

/// Reads values out of an item's tree; collects string-escape errors on the way.
struct ValueReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var diagnostics: [Diagnostic] = []

    func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

    /// Reads a value element: a literal or name token, or a call, tuple or list node.
    mutating func read(_ element: SyntaxElement) -> ValueNode {
        switch element {
        case .token(let t): return read(t)
        case .node(let n): return read(n)
        }
    }

    mutating func read(_ token: SyntaxToken) -> ValueNode {
        let range = token.range
        switch token.kind {
        case _ where token.isMissing:
            return ValueNode(value: .invalid, range: range)
        case .string:
            return ValueNode(value: decodeString(range).map { .string($0) } ?? .invalid, range: range)
        case .multilineString:
            return ValueNode(value: decodeMultiline(range).map { .string($0) } ?? .invalid, range: range)
        case .number:
            return ValueNode(value: parseNumber(range), range: range)
        case .trueKeyword, .falseKeyword:
            return ValueNode(value: .bool(token.kind == .trueKeyword), range: range)
        case .hexColor:
            return ValueNode(value: .hexColor(text(range)), range: range)
        case .identifier:
            return ValueNode(value: .name(text(range)), range: range)
        default:
            return ValueNode(value: .invalid, range: range)
        }
    }

    mutating func read(_ node: SyntaxNode) -> ValueNode {
        let range = node.range
        if node.green.hasErrors { return ValueNode(value: .invalid, range: range) }
        if let call = EnumCaseSyntax(node) {
            return ValueNode(value: .enumCase(text(call.name.range), arguments: read(call.arguments)), range: range)
        }
        if let call = MemberCallSyntax(node) {
            let base = call.base.map { read($0) } ?? ValueNode(value: .invalid, range: range)
            return ValueNode(value: .call(on: base, name: text(call.name.range), arguments: read(call.arguments)), range: range)
        }
        if let list = ValueListSyntax(node) {
            var items: [ValueNode] = []
            for element in list.elements { items.append(read(element)) }
            return ValueNode(value: list.isList ? .list(items) : .tuple(items), range: range)
        }
        if node.kind == .binaryExpression {
            var operands: [ValueNode] = []
            var operators: [ArithmeticOperator] = []
            for child in node.children {
                // A length has at most `TypeChecker.maximumTerms` terms: past one more, nothing is
                // read (the checker reports the excess), so a megabyte of `- 1` costs no more.
                if operands.count > TypeChecker.maximumTerms { break }
                switch child {
                case .token(let t) where t.kind.isTrivia: continue
                case .token(let t) where t.kind == .plus: operators.append(.plus)
                case .token(let t) where t.kind == .minus: operators.append(.minus)
                case .token(let t) where t.kind == .star: operators.append(.times)
                case .token(let t) where t.kind == .slash: operators.append(.divided)
                default: operands.append(read(child))
                }
            }
            if operators.count >= operands.count { operators.removeLast(operators.count - operands.count + 1) }
            guard operands.count == operators.count + 1 else { return ValueNode(value: .invalid, range: range) }
            return ValueNode(value: .arithmetic(operands: operands, operators: operators), range: range)
        }
        return ValueNode(value: .invalid, range: range)
    }

    mutating func read(_ list: ArgumentListSyntax?) -> [Argument]? {
        guard let list else { return nil }
        var args: [Argument] = []
        for arg in list.arguments {
            let value = arg.value.map { read($0) } ?? ValueNode(value: .invalid, range: arg.range)
            args.append(Argument(label: arg.label.map { text($0.range) }, value: value, range: arg.range))
        }
        return args
    }

    /// `-?digits(.digits)?` without going through a string: mantissa / 10^k is exact for the
    /// short literals a spec holds (mantissa below 2^53, k ≤ 22); longer ones fall back.
    func parseNumber(_ range: Range<Int>) -> Value {
        var i = range.lowerBound
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var isInteger = true
        while i < range.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: ".") {
                isInteger = false
            } else {
                mantissa = mantissa &* 10 &+ UInt64(b &- UInt8(ascii: "0"))
                digits += 1
                if !isInteger { fraction += 1 }
            }
            i += 1
        }
        var value: Double
        if digits <= 15, fraction <= 22 {
            value = Double(mantissa)
            if fraction > 0 { value /= ValueReader.powersOfTen[fraction] }
        } else {
            value = Double(text(range).dropFirst(negative ? 1 : 0)) ?? 0
        }
        return .number(negative ? -value : value, isInteger: isInteger)
    }

    static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { acc, _ in acc * 10 } }

    /// Decodes a `"…"` literal's escapes; records a syntax error for an invalid one.
    mutating func decodeString(_ range: Range<Int>) -> String? {
        decodeEscapes((range.lowerBound + 1)..<(range.upperBound - 1))
    }

    mutating func decodeEscapes(_ range: Range<Int>) -> String? {
        if !bytes[range].contains(UInt8(ascii: "\\")) { return text(range) }
        // UTF-8 out, decoded once: an escape always yields whole scalars, so invalid bytes are
        // repaired exactly as if each run between escapes were decoded on its own.
        var out = [UInt8]()
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        var ok = true
        func append(_ scalar: Unicode.Scalar) { out.append(contentsOf: UTF8.encode(scalar)!) }
        while i < range.upperBound {
            let b = bytes[i]
            guard b == UInt8(ascii: "\\"), i + 1 < range.upperBound else {
                out.append(b)
                i += 1
                continue
            }
            let e = bytes[i + 1]
            switch e {
            case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "0"): out.append(0)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): out.append(e)
            case UInt8(ascii: "u"):
                // \u{1F600}
                var j = i + 2
                var hex = ""
                if j < range.upperBound, bytes[j] == UInt8(ascii: "{") {
                    j += 1
                    while j < range.upperBound, bytes[j] != UInt8(ascii: "}"), hex.count <= 8 {
                        hex.append(Character(UnicodeScalar(bytes[j])))
                        j += 1
                    }
                }
                if j < range.upperBound, bytes[j] == UInt8(ascii: "}"), (1...8).contains(hex.count),
                    let v = UInt32(hex, radix: 16), let s = UnicodeScalar(v)
                {
                    append(s)
                    i = j + 1
                    continue
                }
                diagnostics.append(
                    Diagnostic(
                        .syntax, "invalid Unicode escape: write \\u{1F600} with 1–8 hex digits", at: i..<min(j + 1, range.upperBound)))
                ok = false
                i = j + 1
                continue
            default:
                let escape = text(i..<(i + 2))
                diagnostics.append(
                    Diagnostic(.syntax, "invalid escape '\(escape)' in string: use \\n, \\t, \\\", \\\\ or \\u{…}", at: i..<(i + 2)))
                ok = false
            }
            i += 2
        }
        return ok ? String(decoding: out, as: UTF8.self) : nil
    }

    /// Decodes a `"""` literal: the lines between the delimiters, less the closing delimiter's indent.
    mutating func decodeMultiline(_ range: Range<Int>) -> String? {
        let inner = (range.lowerBound + 3)..<(range.upperBound - 3)
        guard let decoded = decodeEscapes(inner) else { return nil }
        var lines = decoded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The opening line holds nothing but the delimiter; the last line is the closing indent.
        if let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { lines.removeFirst() }
        var indent = ""
        if let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) {
            indent = last
            lines.removeLast()
        }
        return lines.map { $0.hasPrefix(indent) ? String($0.dropFirst(indent.count)) : $0 }
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
            .joined(separator: "\n")
    }
}
