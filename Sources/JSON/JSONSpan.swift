import LabelSpecSupport

/// Where the keys and elements of a JSON text are (json-c's values carry no positions): byte
/// ranges in the text, for text json-c has already accepted.
public struct JSONSpan: Sendable {
    public var range: Range<Int>
    var members: [(key: String, keyRange: Range<Int>, value: JSONSpan)] = []
    var elements: [JSONSpan] = []
    /// The first member of each name, for an object of many members (nil for a few: they are
    /// searched), so that reading every member of a large object is linear.
    var firstMember: [String: Int]?

    /// The first member named `key`: its key (with the quotes) and its value.
    public func member(_ key: String) -> (key: Range<Int>, value: JSONSpan)? {
        let i: Int?
        if let firstMember { i = firstMember[key] } else { i = members.firstIndex { $0.key == key } }
        return i.map { (members[$0].keyRange, members[$0].value) }
    }

    public func element(_ index: Int) -> Range<Int>? { elements.indices.contains(index) ? elements[index].range : nil }

    /// The span of the element at `index` (its members, for an object).
    public func elementSpan(_ index: Int) -> JSONSpan? { elements.indices.contains(index) ? elements[index] : nil }

    /// The spans of valid JSON text (a leading byte order mark is skipped); nil if it is not.
    public static func parse(_ text: [UInt8]) -> JSONSpan? {
        var scanner = Scanner(text: text, at: ByteOrderMark.length(in: text))
        return scanner.value(depth: 0)
    }

    private struct Scanner {
        let text: [UInt8]
        var at: Int

        mutating func skipSpace() {
            while at < text.count, [0x20, 0x0A, 0x0D, 0x09].contains(text[at]) { at += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard at < text.count, text[at] == byte else { return false }
            at += 1
            return true
        }

        mutating func value(depth: Int) -> JSONSpan? {
            skipSpace()
            guard at < text.count, depth < 256 else { return nil }
            let start = at
            switch text[at] {
            case UInt8(ascii: "{"):
                at += 1
                var span = JSONSpan(range: start..<start)
                if take(UInt8(ascii: "}")) { return JSONSpan(range: start..<at) }
                repeat {
                    skipSpace()
                    guard let key = string(), take(UInt8(ascii: ":")), let value = value(depth: depth + 1) else { return nil }
                    span.members.append((decode(key), key, value))
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "}")) else { return nil }
                span.range = start..<at
                if span.members.count > 16 {
                    var first: [String: Int] = [:]
                    for (i, m) in span.members.enumerated() where first[m.key] == nil { first[m.key] = i }
                    span.firstMember = first
                }
                return span
            case UInt8(ascii: "["):
                at += 1
                var span = JSONSpan(range: start..<start)
                if take(UInt8(ascii: "]")) { return JSONSpan(range: start..<at) }
                repeat {
                    guard let element = value(depth: depth + 1) else { return nil }
                    span.elements.append(element)
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { return nil }
                span.range = start..<at
                return span
            case UInt8(ascii: "\""):
                return string().map { JSONSpan(range: $0) }
            default:
                // A number or a literal: up to the next delimiter.
                while at < text.count, !",]} \n\r\t".utf8.contains(text[at]) { at += 1 }
                return JSONSpan(range: start..<at)
            }
        }

        /// A string token, quotes included.
        mutating func string() -> Range<Int>? {
            guard at < text.count, text[at] == UInt8(ascii: "\"") else { return nil }
            let start = at
            at += 1
            while at < text.count, text[at] != UInt8(ascii: "\"") { at += text[at] == UInt8(ascii: "\\") ? 2 : 1 }
            guard at < text.count else { return nil }
            at += 1
            return start..<at
        }

        func decode(_ token: Range<Int>) -> String {
            let inner = text[(token.lowerBound + 1)..<(token.upperBound - 1)]
            guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
            return (try? JSONValue.parse(Array(text[token])))?.stringValue ?? String(decoding: inner, as: UTF8.self)
        }
    }
}
