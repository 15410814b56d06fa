import JSONRPC
import LanguageServer

/// An in-process client: sends raw JSON to the server and keeps everything it sends back.
final class TestClient {
    var received: [JSONValue] = []
    var logs: [String] = []
    private(set) var server: LanguageServer!
    private var nextID = 1

    init() {
        server = LanguageServer(send: { [unowned self] in self.received.append($0) }, log: { [unowned self] in self.logs.append($0) })
    }

    func raw(_ text: String) { server.handle(Array(text.utf8)) }

    /// Sends a request and returns the response to it.
    @discardableResult
    func request(_ method: String, _ params: JSONValue = .object([])) -> JSONValue? {
        let id = nextID
        nextID += 1
        server.handle(Array(Outgoing.request(id: .number(id), method: method, params: params).serialized().utf8))
        return received.last { $0["id"] == .int(id) }
    }

    func notify(_ method: String, _ params: JSONValue) {
        server.handle(Array(Outgoing.notification(method: method, params: params).serialized().utf8))
    }

    func initialize(encodings: [String]? = nil) {
        var capabilities: [(String, JSONValue)] = []
        if let encodings { capabilities.append(("general", .object([("positionEncodings", .array(encodings.map { .string($0) }))]))) }
        request("initialize", .object([("processId", .null), ("capabilities", .object(capabilities))]))
        notify("initialized", .object([]))
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", .string("labelspec")), ("version", .int(version)), ("text", .string(text))]))
        ]))
    }

    /// The diagnostics of the last publishDiagnostics for `uri`: (code, line, character) of each.
    func lastDiagnostics(_ uri: String) -> [(String, Int, Int)] {
        guard let params = received.last(where: { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) })?["params"] else { return [] }
        return (params["diagnostics"]?.arrayValue ?? []).map {
            ($0["code"]?.stringValue ?? "", $0["range"]?["start"]?["line"]?.intValue ?? -1, $0["range"]?["start"]?["character"]?.intValue ?? -1)
        }
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue {
        .object([("line", .int(line)), ("character", .int(character))])
    }
}
