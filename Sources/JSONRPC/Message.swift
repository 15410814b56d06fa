import JSON

/// JSON-RPC 2.0 error codes, with the LSP's own.
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
    case contentModified = -32801
}

public struct ResponseError: Error, Equatable, Sendable {
    public var code: Int
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code.rawValue
        self.message = message
    }

    public var json: JSONValue { .object([("code", .int(code)), ("message", .string(message))]) }
}

/// A request id: a number or a string, answered exactly as it came.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)
    /// A number that `Int` does not hold exactly (past 64 bits, a fraction, an exponent): its JSON
    /// text as the client wrote it, echoed verbatim.
    case numberText(String)

    public var json: JSONValue {
        switch self {
        case .number(let n): return .int(n)
        case .string(let s): return .string(s)
        case .numberText(let text): return .fragment(JSONFragment(text: Array(text.utf8)))
        }
    }

    public init?(_ json: JSONValue) {
        switch json {
        case .int(let n): self = .number(n)
        case .double(let d):
            guard let n = Int(exactly: d) else { return nil }
            self = .number(n)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }

    /// The id a number's JSON text stands for: `.number` when `Int` writes it back the same.
    init(numberText text: String) {
        if let n = Int(text), String(n) == text { self = .number(n) } else { self = .numberText(text) }
    }

    public var description: String {
        switch self {
        case .number(let n): return String(n)
        case .string(let s): return s.debugDescription
        case .numberText(let text): return text
        }
    }
}

/// One incoming message, classified.
public enum Message: Equatable, Sendable {
    case request(id: RequestID, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    case response(id: RequestID, result: JSONValue?, error: JSONValue?)

    /// Why a body is not a message, and the id to answer with when one could be read.
    public struct DecodeError: Error, Equatable, Sendable {
        public var id: RequestID?
        public var error: ResponseError
    }

    /// Classifies a body. The error says what to answer (with the id, when one could be read).
    public static func decode(_ body: [UInt8]) -> Result<Message, DecodeError> {
        let json: JSONValue
        do {
            json = try JSONValue.parse(body)
        } catch {
            return .failure(DecodeError(id: nil, error: ResponseError(.parseError, "parse error: \(error)")))
        }
        guard case .object = json else {
            return .failure(DecodeError(id: nil, error: ResponseError(.invalidRequest, "a message must be a JSON object")))
        }
        let rawID = json["id"]
        var id = rawID.flatMap(RequestID.init)
        if case .int = rawID, let text = topLevelNumberText(of: "id", in: body) { id = RequestID(numberText: text) }
        if case .double = rawID, let text = topLevelNumberText(of: "id", in: body) { id = RequestID(numberText: text) }
        if let rawID, rawID != .null, id == nil {
            return .failure(DecodeError(id: nil, error: ResponseError(.invalidRequest, "id must be a number or a string")))
        }
        guard json["jsonrpc"] == .string("2.0") else {
            return .failure(DecodeError(id: id, error: ResponseError(.invalidRequest, "jsonrpc must be \"2.0\"")))
        }
        let params = json["params"] ?? .null
        if let methodValue = json["method"] {
            guard let method = methodValue.stringValue else {
                return .failure(DecodeError(id: id, error: ResponseError(.invalidRequest, "method must be a string")))
            }
            switch params {
            case .object, .array, .null: break
            default: return .failure(DecodeError(id: id, error: ResponseError(.invalidRequest, "params must be an object or an array")))
            }
            if let id { return .success(.request(id: id, method: method, params: params)) }
            return .success(.notification(method: method, params: params))
        }
        if let id, json["result"] != nil || json["error"] != nil {
            return .success(.response(id: id, result: json["result"], error: json["error"]))
        }
        return .failure(DecodeError(id: id, error: ResponseError(.invalidRequest, "a message needs a method, or a result or error")))
    }
}

/// The JSON text of the number that is the value of `key` in the top-level object of `body`
/// (the last such member, as json-c keeps the last), so that an id json-c would round or clamp is
/// answered as it came. Nil when the member is not found as plain text or is not a number.
func topLevelNumberText(of key: String, in body: [UInt8]) -> String? {
    let quotedKey = Array("\"\(key)\"".utf8)
    var i = 0
    func skipSpace() { while i < body.count, body[i] == 32 || body[i] == 9 || body[i] == 10 || body[i] == 13 { i += 1 } }
    /// Moves past the string that starts at `i` (its opening quote).
    func skipString() {
        i += 1
        while i < body.count, body[i] != 34 { i += body[i] == 92 ? 2 : 1 }
        i += 1
    }
    /// Moves past one value; returns where it started.
    func skipValue() -> Int {
        let begin = i
        var depth = 0
        while i < body.count {
            switch body[i] {
            case 34: skipString(); if depth == 0 { return begin }; continue
            case 123, 91: depth += 1
            case 125, 93:
                if depth == 0 { return begin }
                depth -= 1
                if depth == 0 { i += 1; return begin }
            case 44, 32, 9, 10, 13: if depth == 0 { return begin }
            default: break
            }
            i += 1
        }
        return begin
    }
    skipSpace()
    guard i < body.count, body[i] == 123 else { return nil }
    i += 1
    var found: String?
    while i < body.count {
        skipSpace()
        guard i < body.count, body[i] == 34 else { return found }
        let keyStart = i
        skipString()
        let isKey = body[keyStart..<min(i, body.count)].elementsEqual(quotedKey)
        skipSpace()
        guard i < body.count, body[i] == 58 else { return found }
        i += 1
        skipSpace()
        let begin = skipValue()
        if isKey {
            let text = body[begin..<i]
            let isNumber =
                !text.isEmpty && text.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 43 || $0 == 46 || $0 == 101 || $0 == 69 }
            found = isNumber ? String(decoding: text, as: UTF8.self) : nil
        }
        skipSpace()
        guard i < body.count, body[i] == 44 else { return found }
        i += 1
    }
    return found
}

/// Outgoing message bodies.
public enum Outgoing {
    public static func response(id: RequestID?, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id?.json ?? .null), ("result", result)])
    }

    public static func error(id: RequestID?, _ error: ResponseError) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id?.json ?? .null), ("error", error.json)])
    }

    public static func notification(method: String, params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    public static func request(id: RequestID, method: String, params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id.json), ("method", .string(method)), ("params", params)])
    }
}
