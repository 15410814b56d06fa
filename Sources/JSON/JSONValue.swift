import CJSONC
import LabelSpecSupport

/// A JSON value. Objects keep their keys in insertion order so output is stable.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// JSON text json-c wrote earlier, written out again verbatim: one value, or several values
    /// separated by commas when it stands as an element of `.array` (never empty there). A
    /// server caches the serialised form of large, mostly unchanged replies in these.
    case fragment(JSONFragment)

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.fragment(let x), .fragment(let y)): return x.text == y.text
        default: return false
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var objectValue: [(String, JSONValue)]? { if case .object(let o) = self { return o } else { return nil } }
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d): return Int(exactly: d)
        default: return nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
}

/// Serialised JSON text; see `JSONValue.fragment`.
public final class JSONFragment: @unchecked Sendable {
    public let text: [UInt8]

    /// Text json-c wrote (e.g. `serializedBytes()` of a value).
    public init(text: [UInt8]) { self.text = text }

    /// The elements of an array, serialised, without the brackets: splice the result into another
    /// array as one `.fragment` element. Nil for an empty array (there is nothing to splice).
    public static func elements(of values: [JSONValue]) -> JSONFragment? {
        guard !values.isEmpty else { return nil }
        let text = JSONValue.array(values).serializedBytes()
        // json-c writes "[" + elements + "]" in plain mode, with no spaces around them.
        return JSONFragment(text: Array(text[1..<(text.count - 1)]))
    }
}

public struct JSONParseError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// Where in the text the parser stopped (a byte offset), when it says.
    public internal(set) var offset: Int?

    init(description: String, offset: Int? = nil) {
        self.description = description
        self.offset = offset
    }
}

extension JSONValue {
    /// Serialises through json-c. `pretty` indents with two spaces.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The UTF-8 bytes of `serialized(pretty:)`, without a detour through `String`.
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        withSerializedBytes(pretty: pretty) { Array($0) }
    }

    /// Calls `body` with the serialised text in json-c's own buffer (valid only during the call):
    /// a large reply is written out without being copied first.
    public func withSerializedBytes<R>(pretty: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let null: [UInt8] = Array("null".utf8)
        guard let object = makeJSONC() else { return try null.withUnsafeBufferPointer(body) }
        defer { json_object_put(object) }
        var flags = JSON_C_TO_STRING_NOSLASHESCAPE
        flags |= pretty ? (JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED) : JSON_C_TO_STRING_PLAIN
        var length = 0
        guard let cString = json_object_to_json_string_length(object, Int32(flags), &length) else {
            return try null.withUnsafeBufferPointer(body)
        }
        return try cString.withMemoryRebound(to: UInt8.self, capacity: length) { try body(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// A new json-c object (reference owned by the caller; nil stands for JSON null).
    func makeJSONC() -> OpaquePointer? {
        switch self {
        case .null: return nil
        case .bool(let b): return json_object_new_boolean(b ? 1 : 0)
        case .int(let i): return json_object_new_int64(Int64(i))
        case .double(let d): return json_object_new_double(d)
        case .string(let s):
            let utf8 = Array(s.utf8)
            return utf8.withUnsafeBufferPointer { p in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(p.count, 1)) {
                    json_object_new_string_len($0, Int32(p.count))
                }
            }
        case .array(let items):
            let array = json_object_new_array_ext(Int32(items.count))
            for item in items { json_object_array_add(array, item.makeJSONC()) }
            return array
        case .object(let pairs):
            let object = json_object_new_object()
            for (key, value) in pairs { json_object_object_add(object, key, value.makeJSONC()) }
            return object
        case .fragment(let fragment):
            // An object whose serializer writes the stored text (json-c's own extension point).
            let object = json_object_new_object()
            let retained = Unmanaged.passRetained(fragment).toOpaque()
            json_object_set_serializer(
                object,
                { object, printbuf, _, _ in
                    guard let data = json_object_get_userdata(object) else { return -1 }
                    let fragment = Unmanaged<JSONFragment>.fromOpaque(data).takeUnretainedValue()
                    return fragment.text.withUnsafeBufferPointer { p in
                        p.baseAddress.map { base in
                            base.withMemoryRebound(to: CChar.self, capacity: p.count) { printbuf_memappend(printbuf, $0, Int32(p.count)) }
                        } ?? 0
                    } < 0 ? -1 : 0
                }, retained,
                { _, data in
                    if let data { Unmanaged<JSONFragment>.fromOpaque(data).release() }
                })
            return object
        }
    }

    /// Parses JSON text with json-c (see `parse(_: [UInt8])`).
    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses JSON text with json-c. Rejects trailing garbage, and a key holding a NUL character
    /// (json-c would cut it short there). A leading UTF-8 byte order mark is skipped (RFC 8259
    /// allows a parser to ignore one; editors on Windows write it).
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        let skip = bytes.withUnsafeBufferPointer { byteOrderMarkLength($0) }
        if skip > 0 {
            do { return try parse(Array(bytes[skip...])) } catch var error as JSONParseError {
                error.offset = error.offset.map { $0 + skip }
                throw error
            }
        }
        guard let tokener = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH) else {
            throw JSONParseError(description: "out of memory")
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
        var object: OpaquePointer? = bytes.withUnsafeBufferPointer { p in
            p.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: p.count) { json_tokener_parse_ex(tokener, $0, Int32(p.count)) }
            } ?? nil
        }
        var error = json_tokener_get_error(tokener)
        if error == json_tokener_continue, object == nil, !bytes.isEmpty {
            // A top-level number or literal (`42`, `null`) may go on, so json-c waits for more:
            // a space ends it. The end of the value is then the end of the text.
            object = json_tokener_parse_ex(tokener, " ", 1)
            error = json_tokener_get_error(tokener)
            if error == json_tokener_success {
                defer { if let object { json_object_put(object) } }
                return JSONValue(borrowing: object)
            }
        }
        if error == json_tokener_continue
            || (error == json_tokener_success && object == nil && bytes.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }))
        {
            if let object { json_object_put(object) }
            throw JSONParseError(description: "unexpected end of JSON", offset: bytes.count)
        }
        guard error == json_tokener_success else {
            // Where json-c stopped: the byte it could not take.
            let stopped = min(bytes.count, max(0, Int(json_tokener_get_parse_end(tokener))))
            throw JSONParseError(description: String(cString: json_tokener_error_desc(error)), offset: stopped)
        }
        defer { if let object { json_object_put(object) } }
        let consumed = Int(json_tokener_get_parse_end(tokener))
        if let extra = bytes[consumed...].firstIndex(where: { !($0 == 32 || $0 == 10 || $0 == 13 || $0 == 9) }) {
            throw JSONParseError(description: "trailing characters after JSON value", offset: extra)
        }
        try bytes.withUnsafeBufferPointer { try rejectNULInKeys($0) }
        return JSONValue(borrowing: object)
    }

    /// 3 when `bytes` start with a UTF-8 byte order mark, else 0.
    static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        ByteOrderMark.length(in: bytes)
    }

    /// Throws when a key of the (valid) JSON text holds `\u0000`: json-c keeps keys as C strings
    /// and would silently cut the key there. Only text with that escape is looked at closely.
    static func rejectNULInKeys(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        let backslash = UInt8(ascii: "\\")
        let quote = UInt8(ascii: "\"")
        var i = 0
        while i + 5 < bytes.count {
            defer { i += 1 }
            guard bytes[i] == backslash, bytes[i + 1] == UInt8(ascii: "u"), bytes[i + 2] == UInt8(ascii: "0"),
                bytes[i + 3] == UInt8(ascii: "0"), bytes[i + 4] == UInt8(ascii: "0"), bytes[i + 5] == UInt8(ascii: "0")
            else { continue }
            // An escape only if the backslash is not itself escaped: an even run of them before it.
            var run = 0
            while i - run - 1 >= 0, bytes[i - run - 1] == backslash { run += 1 }
            guard run % 2 == 0 else { continue }
            // In valid JSON a backslash is inside a string: find its end, then see whether a ':' follows.
            var j = i + 6
            while j < bytes.count, bytes[j] != quote {
                j += bytes[j] == backslash ? 2 : 1
            }
            j += 1
            while j < bytes.count, bytes[j] == 32 || bytes[j] == 10 || bytes[j] == 13 || bytes[j] == 9 { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: ":") {
                throw JSONParseError(description: "key contains a NUL character")
            }
        }
    }

    /// Converts a json-c object without taking ownership.
    public init(borrowing object: OpaquePointer?) {
        guard let object else {
            self = .null
            return
        }
        switch json_object_get_type(object) {
        case json_type_null: self = .null
        case json_type_boolean: self = .bool(json_object_get_boolean(object) != 0)
        case json_type_int: self = .int(Int(json_object_get_int64(object)))
        case json_type_double: self = .double(json_object_get_double(object))
        case json_type_string:
            let length = Int(json_object_get_string_len(object))
            let pointer = json_object_get_string(object)!
            self = .string(
                pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                })
        case json_type_array:
            let n = json_object_array_length(object)
            self = .array((0..<n).map { JSONValue(borrowing: json_object_array_get_idx(object, $0)) })
        case json_type_object:
            var pairs: [(String, JSONValue)] = []
            var entry = json_object_get_object(object)?.pointee.head
            while let e = entry {
                let key = String(cString: e.pointee.k.assumingMemoryBound(to: CChar.self))
                let value = JSONValue(borrowing: OpaquePointer(e.pointee.v))
                pairs.append((key, value))
                entry = e.pointee.next
            }
            self = .object(pairs)
        default:
            self = .null
        }
    }
}

extension JSONValue {
    /// The serialised text in pieces, for a writer that gathers them (`writev`): every subtree
    /// without a fragment is one piece json-c wrote, and each fragment's stored text is a piece
    /// of its own, referenced as it is. A reply that splices megabytes of kept fragments is then
    /// written without being copied into one buffer first. The pieces, joined, are exactly
    /// `serializedBytes()`.
    public func serializedPieces() -> [JSONPiece] {
        var pieces: [JSONPiece] = []
        appendPieces(to: &pieces)
        return pieces
    }

    private var containsFragment: Bool {
        switch self {
        case .fragment: return true
        case .array(let items): return items.contains { $0.containsFragment }
        case .object(let pairs): return pairs.contains { $0.1.containsFragment }
        default: return false
        }
    }

    private func appendPieces(to pieces: inout [JSONPiece]) {
        switch self {
        case .fragment(let f):
            pieces.append(.fragment(f))
        case .array(let items) where containsFragment:
            pieces.append(.text(Array("[".utf8)))
            for (i, item) in items.enumerated() {
                if i > 0 { pieces.append(.text(Array(",".utf8))) }
                item.appendPieces(to: &pieces)
            }
            pieces.append(.text(Array("]".utf8)))
        case .object(let pairs) where containsFragment:
            for (i, (key, value)) in pairs.enumerated() {
                // `"key":` as json-c escapes it (the object's own serialisation, less its braces).
                var text = JSONValue.object([(key, .null)]).serializedBytes()
                text.removeLast("null}".utf8.count)
                text[0] = i == 0 ? UInt8(ascii: "{") : UInt8(ascii: ",")
                pieces.append(.text(text))
                value.appendPieces(to: &pieces)
            }
            pieces.append(.text(Array((pairs.isEmpty ? "{}" : "}").utf8)))
        default:
            pieces.append(.text(serializedBytes()))
        }
    }
}

/// A piece of serialised JSON (see `JSONValue.serializedPieces`).
public enum JSONPiece {
    case text([UInt8])
    case fragment(JSONFragment)

    public var count: Int {
        switch self {
        case .text(let t): return t.count
        case .fragment(let f): return f.text.count
        }
    }

    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch self {
        case .text(let t): return try t.withUnsafeBufferPointer(body)
        case .fragment(let f): return try f.text.withUnsafeBufferPointer(body)
        }
    }
}
