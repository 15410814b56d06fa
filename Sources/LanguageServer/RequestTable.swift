import JSON
import JSONRPC
import LabelSpecIDE
import LabelSpecSemantics

/// A request's parameters, read from JSON once before its handler runs; a request without them
/// gets InvalidParams saying what it needs.
protocol RequestParams: Sendable {
    init?(_ params: JSONValue)
    /// What the parameters must hold, for the error message.
    static var needs: String { get }
}

/// `textDocument.uri`, and what some document requests add: a `range` (inlay hints, semantic
/// tokens of a range) and the client's `previousResultId` (pulls, token deltas).
struct DocumentParams: RequestParams {
    let uri: String
    let range: JSONValue?
    let previousResultId: String?
    init?(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { return nil }
        (self.uri, range, previousResultId) = (uri, params["range"], params["previousResultId"]?.stringValue)
    }
    static let needs = "textDocument.uri"
}

/// `textDocument.uri` and `position`.
struct PositionParams: RequestParams {
    let uri: String
    let line: Int
    let character: Int
    init?(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let p = readPosition(params["position"]) else { return nil }
        (self.uri, line, character) = (uri, p.line, p.character)
    }
    static let needs = "textDocument.uri and position"
}

/// `textDocument.uri` and `range`.
struct RangeParams: RequestParams {
    let uri: String
    let start: (line: Int, character: Int)
    let end: (line: Int, character: Int)
    init?(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let start = readPosition(params["range"]?["start"]),
            let end = readPosition(params["range"]?["end"])
        else { return nil }
        (self.uri, self.start, self.end) = (uri, start, end)
    }
    static let needs = "textDocument.uri and range"
}

/// `textDocument.uri`, `range` and the diagnostics of `context` (each as its code and range).
struct CodeActionParams: RequestParams {
    let at: RangeParams
    let context: [(code: String, start: (line: Int, character: Int), end: (line: Int, character: Int))]
    init?(_ params: JSONValue) {
        guard let at = RangeParams(params) else { return nil }
        self.at = at
        context = (params["context"]?["diagnostics"]?.arrayValue ?? []).compactMap { d in
            guard let code = d["code"]?.stringValue, let start = readPosition(d["range"]?["start"]),
                let end = readPosition(d["range"]?["end"])
            else { return nil }
            return (code, start, end)
        }
    }
    static let needs = RangeParams.needs
}

/// `textDocument.uri` and `positions`.
struct PositionsParams: RequestParams {
    let uri: String
    let positions: [(line: Int, character: Int)]
    init?(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let list = params["positions"]?.arrayValue else { return nil }
        (self.uri, positions) = (uri, list.compactMap(readPosition))
    }
    static let needs = "textDocument.uri and positions"
}

/// `textDocument.uri`, `position` and `newName`.
struct RenameParams: RequestParams {
    let at: PositionParams
    let newName: String
    init?(_ params: JSONValue) {
        guard let at = PositionParams(params), let newName = params["newName"]?.stringValue else { return nil }
        (self.at, self.newName) = (at, newName)
    }
    static let needs = "textDocument.uri, position and newName"
}

/// `textDocument.uri`, `position` and `context.includeDeclaration` (true when absent).
struct ReferenceParams: RequestParams {
    let at: PositionParams
    let includeDeclaration: Bool
    init?(_ params: JSONValue) {
        guard let at = PositionParams(params) else { return nil }
        (self.at, includeDeclaration) = (at, params["context"]?["includeDeclaration"]?.boolValue ?? true)
    }
    static let needs = PositionParams.needs
}

/// `query` (empty when absent: every symbol).
struct WorkspaceSymbolParams: RequestParams {
    let query: String
    init?(_ params: JSONValue) { query = params["query"]?.stringValue ?? "" }
    static let needs = "query"
}

/// `color` (channels from 0 to 1, clamped; alpha 1 when absent).
struct ColorParams: RequestParams {
    let color: RGBA
    init?(_ params: JSONValue) {
        guard let c = params["color"] else { return nil }
        func channel(_ key: String) -> UInt8 { UInt8(max(0, min(255, ((c[key]?.doubleValue ?? 0) * 255).rounded()))) }
        color = RGBA(channel("red"), channel("green"), channel("blue"), c["alpha"]?.doubleValue ?? 1)
    }
    static let needs = "color"
}

/// `previousResultIds`: the client's last result id per document.
struct WorkspaceDiagnosticParams: RequestParams {
    let previous: [String: String]
    init?(_ params: JSONValue) {
        var previous: [String: String] = [:]
        for entry in params["previousResultIds"]?.arrayValue ?? [] {
            if let uri = entry["uri"]?.stringValue, let value = entry["value"]?.stringValue { previous[uri] = value }
        }
        self.previous = previous
    }
    static let needs = "previousResultIds"
}

/// One entry of the dispatch table: a request the server answers or a notification it acts on,
/// with its method, the capability `initialize` advertises for it (requests), how it runs with
/// respect to the state lock, and its handler. A new request or notification is one entry in
/// `LanguageServer.handlers`, so a capability cannot drift from its handler, nor a handler from
/// its lock policy.
struct Handler: Sendable {
    enum Kind { case request, notification }

    /// How a message runs.
    enum Locking {
        /// Its whole work (a request's answer) is done under the state lock.
        case locked
        /// A first part under the lock reads what the answer needs (a snapshot); the rest
        /// measures outside it, on the stdio server off the request queue too, so that it holds
        /// up neither an edit nor the requests after it (docs/lsp.md, "Concurrency"): hovers and
        /// inlay hints, which measure a few labels each, concurrently.
        case split
        /// Split as `.split`, for a request that measures a whole document (both pulls, code
        /// actions): such requests run one after another on a queue of their own, each reading its
        /// snapshot when its turn comes, so that forty pulls of one document measure it once (the
        /// next finds the layouts kept by the first) and hold one snapshot at a time, not forty.
        case document
        /// Without the state lock (`$/cancelRequest`: it only marks a pending request).
        case unlocked
    }

    /// What the part under the lock gives: a request's answer, or the work to finish outside the
    /// lock (a notification's, such as answering the requests an edit made stale, too). The work
    /// is `Sendable`: a request's holds its snapshot and no server (`split`).
    enum Step {
        case answer(Result<JSONValue, ResponseError>)
        case outside(@Sendable () -> Result<JSONValue, ResponseError>)
    }

    let method: String
    let kind: Kind
    /// A key of `ServerCapabilities` and its value; several methods may share a key (the first
    /// entry that names it carries it).
    let capability: (key: String, value: JSONValue)?
    let locking: Locking
    /// Called under the state lock, unless `locking` is `.unlocked`.
    let body: @Sendable (LanguageServer, JSONValue) -> Step

    /// A request answered under the state lock.
    static func on<P: RequestParams>(
        _ method: String, capability: (String, JSONValue)? = nil,
        _ handler: @escaping @Sendable (LanguageServer, P) -> Result<JSONValue, ResponseError>
    ) -> Handler {
        Handler(method: method, kind: .request, capability: capability, locking: .locked) { server, json in
            guard let params = P(json) else { return .answer(.failure(ResponseError(.invalidParams, "\(method) needs \(P.needs)"))) }
            return .answer(handler(server, params))
        }
    }

    /// A request in two parts (`locking`: `.split`, or `.document` for one that measures a whole
    /// document): `snapshot`, under the lock, reads what the answer needs into a `Sendable`
    /// value; `answer`, outside it, computes the answer from that value alone. `answer` is given
    /// no server, so the compiler keeps it off the state the lock guards (ruff's
    /// `run_with_snapshot`, rust-analyzer's `GlobalStateSnapshot`); a snapshot that must read
    /// more as it goes holds a `LockedServer`, which opens only under the lock.
    static func split<P: RequestParams, S: Sendable>(
        _ method: String, capability: (String, JSONValue)? = nil, locking: Locking = .split,
        snapshot: @escaping @Sendable (LanguageServer, P) -> S, answer: @escaping @Sendable (S) -> JSONValue
    ) -> Handler {
        Handler(method: method, kind: .request, capability: capability, locking: locking) { server, json in
            guard let params = P(json) else { return .answer(.failure(ResponseError(.invalidParams, "\(method) needs \(P.needs)"))) }
            let taken = snapshot(server, params)
            return .outside { .success(answer(taken)) }
        }
    }

    /// A notification; `body` runs under the state lock (unless `.unlocked`) and may return work
    /// to do once the lock is released.
    static func notification(
        _ method: String, locking: Locking = .locked, _ body: @escaping @Sendable (LanguageServer, JSONValue) -> (@Sendable () -> Void)?
    ) -> Handler {
        Handler(method: method, kind: .notification, capability: nil, locking: locking) { server, json in
            guard let after = body(server, json) else { return .answer(.success(.null)) }
            return .outside {
                after()
                return .success(.null)
            }
        }
    }
}

/// What a hover measures outside the state lock.
enum HoverSnapshot: Sendable {
    case labelspec(LanguageServer.PendingHover)
    case xliff(PendingXLIFFHover)
    case none
}

extension LanguageServer {
    /// The dispatch table: every request after `initialize` (lifecycle requests, `initialize` and
    /// `shutdown`, are handled before it), then every notification.
    static let handlers: [Handler] = requests + notifications

    static let requests: [Handler] = [
        // A `.labelspec` document's hover, or a returned XLIFF file's (a `<target>`'s label).
        .split(
            "textDocument/hover", capability: ("hoverProvider", .bool(true)),
            snapshot: { (s, p: PositionParams) -> HoverSnapshot in
                if let d = s.context(p.uri) { return .labelspec(s.hoverTarget(d, line: p.line, character: p.character)) }
                return s.xliffHover(p.uri, line: p.line, character: p.character).map(HoverSnapshot.xliff) ?? .none
            },
            answer: { taken in
                switch taken {
                case .labelspec(let h): LanguageServer.render(h)
                case .xliff(let h): h.answer()
                case .none: .null
                }
            }),
        .on(
            "textDocument/completion",
            capability: ("completionProvider", .object([("triggerCharacters", .array([.string("."), .string(":")]))]))
        ) { (s, p: PositionParams) in
            guard let d = s.context(p.uri) else {
                // An open `labelspec.json`: the app's font tokens to map (`fonts`).
                return .success(s.configurationCompletion(p.uri, line: p.line, character: p.character) ?? .array([]))
            }
            return .success(s.completion(d, line: p.line, character: p.character, snippets: s.client.snippets))
        },
        .onDocument("textDocument/documentSymbol", capability: ("documentSymbolProvider", .bool(true))) { (s, d, _: DocumentParams) in
            .success(s.documentSymbols(d))
        },
        .onDocument("textDocument/foldingRange", capability: ("foldingRangeProvider", .bool(true))) { (s, d, _: DocumentParams) in
            .success(s.foldingRanges(d))
        },
        .onDocument("textDocument/formatting", capability: ("documentFormattingProvider", .bool(true))) { (s, d, _: DocumentParams) in
            s.formatting(d)
        },
        // Layout is global: a range formats the whole document.
        .onDocument("textDocument/rangeFormatting", capability: ("documentRangeFormattingProvider", .bool(true))) {
            (s, d, _: DocumentParams) in
            s.formatting(d)
        },
        .splitDocument(
            "textDocument/codeAction", capability: ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
            locking: .document, missing: .array([]),
            snapshot: { (s, d, p: CodeActionParams) in s.codeActions(d, range: (p.at.start, p.at.end), context: p.context) },
            answer: PendingCodeActions.answer
        ),
        .onDocument("textDocument/definition", capability: ("definitionProvider", .bool(true))) { (s, d, p: PositionParams) in
            .success(s.definition(d, line: p.line, character: p.character))
        },
        .onDocument("textDocument/references", capability: ("referencesProvider", .bool(true))) { (s, d, p: ReferenceParams) in
            .success(s.references(d, line: p.at.line, character: p.at.character, includeDeclaration: p.includeDeclaration))
        },
        .onDocument("textDocument/prepareRename", capability: ("renameProvider", .object([("prepareProvider", .bool(true))]))) {
            (s, d, p: PositionParams) in s.prepareRename(d, line: p.line, character: p.character)
        },
        .onDocument("textDocument/rename") { (s, d, p: RenameParams) in
            s.rename(d, line: p.at.line, character: p.at.character, newName: p.newName)
        },
        .splitDocument(
            "textDocument/inlayHint", capability: ("inlayHintProvider", .bool(true)),
            snapshot: { (s, d, p: DocumentParams) in s.inlayHints(d, range: p.range) }, answer: PendingInlayHints.answer
        ),
        .onDocument("textDocument/documentColor", capability: ("colorProvider", .bool(true))) { (s, d, _: DocumentParams) in
            .success(s.documentColors(d))
        },
        .on("textDocument/colorPresentation") { (s, p: ColorParams) in .success(s.colorPresentations(p.color)) },
        .onDocument("textDocument/selectionRange", capability: ("selectionRangeProvider", .bool(true))) { (s, d, p: PositionsParams) in
            .success(s.selectionRanges(d, positions: p.positions))
        },
        .on("workspace/symbol", capability: ("workspaceSymbolProvider", .bool(true))) { (s, p: WorkspaceSymbolParams) in
            .success(s.workspaceSymbols(query: p.query))
        },
        .onDocument(
            "textDocument/semanticTokens/full",
            capability: (
                "semanticTokensProvider",
                .object([
                    (
                        "legend",
                        .object([("tokenTypes", .array(SemanticTokenType.legend.map { .string($0) })), ("tokenModifiers", .array([]))])
                    ),
                    ("full", .object([("delta", .bool(true))])),
                    ("range", .bool(true)),
                ])
            )
        ) { (s, d, _: DocumentParams) in .success(s.semanticTokens(d)) },
        .onDocument("textDocument/semanticTokens/full/delta") { (s, d, p: DocumentParams) in
            .success(s.semanticTokensDelta(d, previous: p.previousResultId))
        },
        .onDocument("textDocument/semanticTokens/range") { (s, d, p: DocumentParams) in .success(s.semanticTokens(d, range: p.range)) },
        .split(
            "textDocument/diagnostic",
            capability: ("diagnosticProvider", .object([("interFileDependencies", .bool(true)), ("workspaceDiagnostics", .bool(true))])),
            locking: .document,
            snapshot: { (s, p: DocumentParams) in s.diagnosticReport(uri: p.uri, previous: p.previousResultId) },
            answer: { .object($0.report()) }
        ),
        .split(
            "workspace/diagnostic", locking: .document,
            snapshot: { (s, p: WorkspaceDiagnosticParams) in s.workspaceDiagnostics(previous: p.previous) },
            answer: PendingWorkspaceDiagnostics.answer
        ),
    ]

    /// Notifications the server acts on (the lifecycle's `exit` among them); any other is logged
    /// and dropped (`$/` ones silently). `didOpen`, `didChange` and `didClose` go the way of their
    /// document's kind (`DocumentNotifications.swift`).
    static let notifications: [Handler] = [
        .notification("$/cancelRequest", locking: .unlocked) { s, p in
            if let id = p["id"].flatMap(RequestID.init) { s.cancel(id) }
            return nil
        },
        // The lifecycle's: `notify` sets the exit code (0 after `shutdown`, 1 otherwise).
        .notification("exit") { _, _ in nil },
        .notification("initialized") { s, _ in
            s.askConfiguration()
            s.registerFileWatchers()
            return nil
        },
        .notification("textDocument/didSave") { _, _ in nil },
        .notification("workspace/didChangeWatchedFiles") { s, p in
            s.didChangeWatchedFiles(p)
            return nil
        },
        .notification("workspace/didChangeWorkspaceFolders") { s, p in
            s.didChangeWorkspaceFolders(p)
            return nil
        },
        .notification("workspace/didChangeConfiguration") { s, p in
            // Pull the section again: some clients send no settings with the notification.
            s.askConfiguration()
            if let settings = LanguageServer.labelspecSettings(p["settings"]) {
                s.applySettings(settings)
                s.republishAll()
            }
            return nil
        },
        .notification("textDocument/didOpen") { s, p in
            s.didOpen(p)
            return nil
        },
        .notification("textDocument/didChange") { s, p in s.didChange(p) },
        .notification("textDocument/didClose") { s, p in
            s.didClose(p)
            return nil
        },
    ]

    static let byMethod: [String: Handler] = Dictionary(handlers.map { ($0.method, $0) }, uniquingKeysWith: { a, _ in a })

    /// The capabilities of the requests in the table, each key once, in table order.
    static var requestCapabilities: [(String, JSONValue)] {
        var seen = Set<String>()
        return requests.compactMap { handler in
            guard let (key, value) = handler.capability, seen.insert(key).inserted else { return nil }
            return (key, value)
        }
    }
}
