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

/// A request id: a number or a string.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)

    public var json: JSONValue {
        switch self {
        case .number(let n): return .int(n)
        case .string(let s): return .string(s)
        }
    }

    public init?(_ json: JSONValue) {
        switch json {
        case .int(let n): self = .number(n)
        case .double(let d) where Double(Int(d)) == d: self = .number(Int(d))
        case .string(let s): self = .string(s)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .number(let n): return String(n)
        case .string(let s): return s.debugDescription
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
        let id = rawID.flatMap(RequestID.init)
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
