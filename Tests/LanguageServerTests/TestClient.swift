import JSON
import JSONRPC
import LanguageServer

/// An in-process client: sends raw JSON to the server and keeps everything it sends back.
final class TestClient {
    var received: [JSONValue] = []
    var logs: [String] = []
    private(set) var server: LanguageServer!
    private var nextID = 1

    init() {
        // What the server sends is kept as a client reads it: serialised by json-c, parsed back.
        server = LanguageServer(
            send: { [unowned self] in self.received.append((try? JSONValue.parse($0.serializedBytes())) ?? .string("unparsable reply")) },
            log: { [unowned self] in self.logs.append($0) })
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

    /// What a client such as VS Code or Neovim says it renders: Markdown in hovers and completion.
    static let markdownCapabilities: JSONValue = .object([
        (
            "completion",
            .object([("completionItem", .object([("documentationFormat", .array([.string("markdown"), .string("plaintext")]))]))])
        ),
        ("hover", .object([("contentFormat", .array([.string("markdown"), .string("plaintext")]))])),
    ])

    func initialize(encodings: [String]? = nil, markdown: Bool = true) {
        var capabilities: [(String, JSONValue)] = []
        if markdown { capabilities.append(("textDocument", TestClient.markdownCapabilities)) }
        if let encodings { capabilities.append(("general", .object([("positionEncodings", .array(encodings.map { .string($0) }))]))) }
        request("initialize", .object([("processId", .null), ("capabilities", .object(capabilities))]))
        notify("initialized", .object([]))
    }

    /// A client that has initialised the server (no extra capabilities) and opened `text`.
    static func opened(_ uri: String, _ text: String) -> TestClient {
        let c = TestClient()
        c.initialize()
        c.open(uri, text)
        return c
    }

    func open(_ uri: String, _ text: String, version: Int = 1, languageId: String = "labelspec") {
        notify(
            "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(uri)), ("languageId", .string(languageId)), ("version", .int(version)), ("text", .string(text)),
                    ])
                )
            ]))
    }

    /// The diagnostics of the last publishDiagnostics for `uri`: (code, line, character) of each.
    func lastDiagnostics(_ uri: String) -> [(String, Int, Int)] {
        guard
            let params = received.last(where: {
                $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
            })?["params"]
        else { return [] }
        return (params["diagnostics"]?.arrayValue ?? []).map {
            (
                $0["code"]?.stringValue ?? "", $0["range"]?["start"]?["line"]?.intValue ?? -1,
                $0["range"]?["start"]?["character"]?.intValue ?? -1
            )
        }
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue {
        .object([("line", .int(line)), ("character", .int(character))])
    }
}

/// Test sources with emoji position markers (`1️⃣`, `2️⃣`, …, as in sourcekit-lsp): the text with the
/// markers removed, and each marker's LSP position (UTF-16).
func extractMarkers(_ marked: String) -> (text: String, positions: [String: (line: Int, character: Int)]) {
    let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]
    var text = ""
    var positions: [String: (Int, Int)] = [:]
    var line = 0
    var character = 0
    var rest = Substring(marked)
    outer: while !rest.isEmpty {
        for m in markers where rest.hasPrefix(m) {
            positions[m] = (line, character)
            rest = rest.dropFirst(m.count)
            continue outer
        }
        let c = rest.removeFirst()
        text.append(c)
        if c == "\n" {
            line += 1
            character = 0
        } else {
            character += c.utf16.count
        }
    }
    return (text, positions)
}
