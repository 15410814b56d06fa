import Foundation
import JSON
import JSONRPC
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// The language server: turns JSON-RPC messages into calls on the language and measurement cores
/// and their answers back into LSP. It sees only message bodies; a transport (stdio, or a test)
/// feeds it and carries what it sends.
public final class LanguageServer: @unchecked Sendable {
    public static let version = LabelSpecVersion.current

    enum State { case uninitialized, running, shutDown }

    private let send: (JSONValue) -> Void
    /// Writes framed bytes as they are, buffers in order (the stdio transport: one `writev`);
    /// messages are then framed here.
    private let write: (([UnsafeBufferPointer<UInt8>]) -> Void)?
    /// Where log lines go before the client can be told them (`log`): standard error.
    let logSink: (String) -> Void
    /// Whether log lines go to the client as `window/logMessage` once it is initialized (the
    /// stdio transport): an editor then files them at their level, where standard error is
    /// filed as an error (Neovim's log showed every note as `[ERROR]`).
    private let logsToClient: Bool
    private let clientLogLock = Lock()
    private var clientLogging = false
    var state = State.uninitialized
    /// Set by `exit`: 0 after `shutdown`, 1 otherwise.
    public private(set) var exitCode: Int32?
    /// The documents in their namespaces, grouped as `check` groups them (see `Project`).
    let project = LanguageServer.newProject()
    /// What the client can do (`initialize`).
    var client = ClientCapabilities()
    /// The folders the client opened; their `.labelspec` files are indexed.
    var workspaceFolders: [String] = []
    /// How positions count characters, as the client asked.
    var encoding: PositionEncoding { client.encoding }
    var configurationRequests = 0
    /// Every setting the editor sent, merged: applied again over a reloaded `labelspec.json`.
    var editorSettings: JSONValue = .object([])
    /// The editor's settings in force as read (`applySettings`), and the keys they give a value.
    var editorLayer: (settings: Settings, keys: Set<String>) = (Settings(), [])
    /// The settings of `initializationOptions`, under `editorSettings`.
    var initialSettings: JSONValue = .object([])
    /// The editor's `hoverImages` setting (nil: by the client's name).
    var hoverImages: Bool?
    var refreshCount = 0
    /// Every document the server keeps something for, by URI and of a kind: open `.labelspec`
    /// documents, storyboards and xibs, documents left alone, files known only on disk.
    var documents = DocumentIndex()
    /// The `.labelspec` documents the editor has open (the others come from disk).
    var open: DocumentIndex.View<OpenDocument> { documents.labelspec }
    /// Storyboards and xibs the editor has open (see `InterfaceBuilderDocuments.swift`).
    var interfaceBuilderOpen: DocumentIndex.View<EditorDocument> { documents.interfaceBuilder }
    /// Returned XLIFF files the editor has open (see `XLIFFDocuments.swift`).
    var xliffOpen: DocumentIndex.View<EditorDocument> { documents.xliff }
    /// The open documents the server checks whole from their text, storyboards, xibs and XLIFF
    /// files, sorted.
    var xmlOpen: [String] { (interfaceBuilderOpen.keys + xliffOpen.keys).sorted() }
    /// An open storyboard's, xib's or XLIFF file's text and version.
    func xmlDocument(_ uri: String) -> EditorDocument? { interfaceBuilderOpen[uri] ?? xliffOpen[uri] }
    /// String table files changed on disk, waiting to be read again (`rereadTables`).
    var pendingTables = Set<String>()
    var tableReadScheduled = false
    /// How many times changed tables were read (tests: notifications are gathered).
    var tableReads = 0
    /// Where changed string tables are read (not the queue that answers requests).
    let tableQueue = DispatchQueue(label: "labelspec.tables")
    /// The app's Swift sites, for navigation from a spec's keys (`SwiftSites.swift`).
    var codeSites = CodeSites()
    /// Whether the workspace's Swift files were read once (tests wait for it).
    var swiftIndexed = false
    /// Swift files changed on disk, waiting to be read again (`rereadSwift`).
    var pendingSwift = Set<String>()
    var swiftReadScheduled = false
    /// How many times changed Swift files were read (tests: notifications are gathered).
    var swiftReads = 0
    /// Where Swift files are read (not the queue that answers requests, not the tables').
    let swiftQueue = DispatchQueue(label: "labelspec.swift")

    /// Whether requests run on a worker queue and pushes are debounced (the stdio server); tests
    /// use the synchronous mode, where every answer is sent before `handle` returns.
    let concurrent: Bool
    /// How long a push waits for more changes before it goes out.
    let debounce: Double
    /// Guards the workspace and every setting; recursive because handlers call each other.
    let stateLock = Lock(recursive: true)
    private let sendLock = Lock()
    private let pendingLock = Lock()
    private var pending: [RequestID: PendingRequest] = [:]
    /// Requests are read in order here: each one's part under the state lock runs on this serial
    /// queue, so a request sees every edit sent before it.
    let requestQueue = DispatchQueue(label: "labelspec.requests")
    /// The measuring part of a request (`Handler.Step.outside`) runs here, concurrently,
    /// so that a slow pull or hover holds up neither the requests after it nor an edit.
    let measureQueue = DispatchQueue(label: "labelspec.measure", attributes: .concurrent)
    /// The requests that measure a whole document (`Handler.Locking.document`), one at a time.
    let documentQueue = DispatchQueue(label: "labelspec.documents")
    /// The measuring work in flight: `shutdown` waits for it.
    let measuring = DispatchGroup()
    let publishQueue = DispatchQueue(label: "labelspec.publish")
    /// Every push asked for, of `.labelspec` documents and storyboards (see `PushScheduler`).
    let pushes = PushScheduler()
    /// The `labelspec.json` files whose problems are shown (see `publishConfigurationProblems`).
    var configurationDiagnostics: Set<String> = []
    /// What was published on each of them (for `workspace/diagnostic`).
    var problemReports: [String: [JSONValue]] = [:]
    /// Numbers semantic-token results (`resultId`) across documents.
    var semanticResultCount = 0
    private var indexingStarted = false
    /// Set when the client answers our `window/workDoneProgress/create`: the token may be used.
    var progressTokenReady = false
    /// Test hook: a request that sleeps on the worker queue (`labelspec/_sleep`).
    let testHooks: Bool

    enum ChunkCacheKind { case symbols, folding, colors }

    struct PendingRequest {
        var uri: String?
        var cancelled = false
    }

    /// `send` receives every outgoing message (responses and notifications), in order. A
    /// transport that passes `write` instead gets each message framed (header, then body), in
    /// order, and `send` is not called.
    public init(
        send: @escaping (JSONValue) -> Void, write: (([UnsafeBufferPointer<UInt8>]) -> Void)? = nil,
        log: @escaping (String) -> Void = { _ in }, logsToClient: Bool = false, concurrent: Bool = false,
        debounce: Double = 0.05, testHooks: Bool = false
    ) {
        self.send = send
        self.write = write
        self.logSink = log
        self.logsToClient = logsToClient
        self.concurrent = concurrent
        self.debounce = debounce
        self.testHooks = testHooks
    }

    /// The level of a log line, as `window/logMessage`'s `type`.
    enum LogLevel: Int {
        case error = 1, warning, info, log
    }

    /// Logs a line: to the client as `window/logMessage` at `level` once it is initialized (with
    /// a transport that asks for it), else to standard error. Safe from any thread.
    func log(_ message: String, level: LogLevel = .info) {
        if clientLogLock.withLock({ clientLogging }) {
            emit(
                Outgoing.notification(
                    method: "window/logMessage",
                    params: .object([
                        ("type", .int(level.rawValue)), ("message", .string("labelspec lsp: " + message)),
                    ])))
        } else {
            logSink(message)
        }
    }

    /// Sends one message; safe from any thread. With a `write` transport the message is
    /// serialised before the send lock is taken, so a large push being serialised does not hold
    /// up a small reply; only the writing is in order under the lock.
    public func emit(_ json: JSONValue) {
        guard let write else {
            sendLock.withLock { send(json) }
            return
        }
        // Kept fragments are written where they are (no copy of a large reply into one buffer).
        let pieces = json.serializedPieces()
        let header = MessageFramer.header(forLength: pieces.reduce(0) { $0 + $1.count })
        header.withUnsafeBufferPointer { head in
            // The buffers stay valid through the write: `pieces` holds every array and fragment
            // they point into, unchanged, until it returns.
            let buffers = [head] + pieces.map { piece in piece.withBytes { $0 } }
            sendLock.withLock { write(buffers) }
            withExtendedLifetime(pieces) {}
        }
    }

    /// Handles one message body. Never throws and never traps on bad input: a bad request gets an
    /// error reply, a bad notification is logged.
    public func handle(_ body: [UInt8]) {
        switch Message.decode(body) {
        case .failure(let e):
            log("bad message: \(e.error.message)", level: .warning)
            emit(Outgoing.error(id: e.id, e.error))
        case .success(.request(let id, let method, let params)):
            // The lifecycle runs in order with the notifications around it.
            guard concurrent, method != "initialize", method != "shutdown", stateLock.withLock({ state == .running }) else {
                if method == "shutdown", concurrent {
                    // Answer and push everything already asked for before saying goodbye.
                    requestQueue.sync {}
                    measuring.wait()
                    tableQueue.sync {}
                    flushDebouncedPushes()
                    publishQueue.sync {}
                }
                reply(id, run(method, params))
                if method == "initialize", logsToClient, stateLock.withLock({ state == .running }) {
                    clientLogLock.withLock { clientLogging = true }
                }
                if method == "initialize" { startIndexingOnce() }
                return
            }
            let fresh = pendingLock.withLock {
                guard pending[id] == nil else { return false }
                pending[id] = PendingRequest(uri: params["textDocument"]?["uri"]?.stringValue)
                return true
            }
            guard fresh else {
                // The first request keeps the id and gets its own answer.
                log("request id \(id) is already in use by a pending request", level: .warning)
                reply(id, .failure(ResponseError(.invalidRequest, "request id \(id) is already in use by a pending request")))
                return
            }
            let wholeDocument = LanguageServer.byMethod[method]?.locking == .document
            requestQueue.async { [self] in
                if wholeDocument {
                    // In turn with the other requests that measure a whole document, its snapshot
                    // read when its turn comes (see `Handler.Locking.document`).
                    documentQueue.async(group: measuring) { [self] in answerUnlessCancelled(id) { run(method, params) } }
                    return
                }
                answerUnlessCancelled(id) {
                    switch lockedStep(method, params) {
                    case .answer(let result):
                        return result
                    case .outside(let rest):
                        // Measured off the request queue: the next request's locked part goes on.
                        // The work holds a `Sendable` snapshot read under the lock, and no server.
                        measureQueue.async(group: measuring) { [self] in answerUnlessCancelled(id, rest) }
                        return nil
                    }
                }
            }
        case .success(.notification(let method, let params)):
            notify(method, params)
        case .success(.response(.string(let s), _, let error)) where s == LanguageServer.progressCreateID:
            if error == nil { stateLock.withLock { progressTokenReady = true } }
        case .success(.response(let id, let result, _)):
            // The answer to our workspace/configuration request: [settings of section labelspec].
            if case .string(let s) = id, s.hasPrefix("configuration-"), let settings = result?.arrayValue?.first {
                stateLock.withLock {
                    applySettings(settings)
                    republishAll()
                }
            }
        }
    }

    /// After the first successful `initialize`: the folders are indexed (see `indexInBackground`).
    private func startIndexingOnce() {
        let start = stateLock.withLock {
            guard state == .running, !indexingStarted else { return false }
            indexingStarted = true
            return true
        }
        guard start else { return }
        if concurrent {
            // On the request queue: requests sent after `initialize` are answered once the
            // workspace is indexed, so that they see every name; notifications go on meanwhile.
            requestQueue.async { [self] in
                indexInBackground()
                startPollingIfNeeded()
                indexSwiftFiles()
            }
        } else {
            stateLock.withLock { indexFolders() }
            indexSwiftFiles()
        }
    }

    private func reply(_ id: RequestID, _ result: Result<JSONValue, ResponseError>) {
        switch result {
        case .success(let value): emit(Outgoing.response(id: id, result: value))
        case .failure(let error): emit(Outgoing.error(id: id, error))
        }
    }

    /// Sends a worker's answer unless the request was already answered (content modified); a
    /// request cancelled while it ran gets -32800 instead.
    private func finish(_ id: RequestID, _ result: Result<JSONValue, ResponseError>) {
        guard let entry = pendingLock.withLock({ pending.removeValue(forKey: id) }) else { return }
        reply(id, entry.cancelled ? .failure(ResponseError(.requestCancelled, "the request was cancelled")) : result)
    }

    /// Runs `work` for a pending request and sends its answer (nil: the work answers later
    /// itself), unless the request was cancelled (-32800) or answered as stale meanwhile: then
    /// nothing is computed.
    private func answerUnlessCancelled(_ id: RequestID, _ work: () -> Result<JSONValue, ResponseError>?) {
        guard pendingLock.withLock({ pending[id].map { !$0.cancelled } ?? false }) else {
            finish(id, .failure(ResponseError(.requestCancelled, "the request was cancelled")))
            return
        }
        if let result = work() { finish(id, result) }
    }

    /// `$/cancelRequest`: the request answers -32800 (at once if it waits, else when it ends).
    func cancel(_ id: RequestID) { pendingLock.withLock { pending[id]?.cancelled = true } }

    /// A change makes the answers to pending requests on the document stale: -32801.
    func answerStaleRequests(for uri: String) {
        let stale: [RequestID] = pendingLock.withLock {
            let ids = pending.filter { $0.value.uri == uri }.map(\.key)
            for id in ids { pending[id] = nil }
            return ids
        }
        for id in stale { reply(id, .failure(ResponseError(.contentModified, "the document changed; ask again"))) }
    }

    /// Answers a request at once, both parts in turn (the lifecycle, and the synchronous mode).
    private func run(_ method: String, _ params: JSONValue) -> Result<JSONValue, ResponseError> {
        switch lockedStep(method, params) {
        case .answer(let result): return result
        case .outside(let rest): return rest()
        }
    }

    /// A request's part under the state lock: lifecycle requests, test hooks, then the request
    /// table (see `Handler`): the answer, or the measuring to do outside the lock.
    private func lockedStep(_ method: String, _ params: JSONValue) -> Handler.Step {
        if method == "labelspec/_sleep", testHooks {
            usleep(UInt32(params["milliseconds"]?.intValue ?? 0) * 1000)
            return .answer(.success(.null))
        }
        return stateLock.withLock {
            if state == .uninitialized, method != "initialize" {
                return .answer(.failure(ResponseError(.serverNotInitialized, "the server is not initialized: send initialize first")))
            }
            if state == .shutDown {
                return .answer(.failure(ResponseError(.invalidRequest, "the server is shut down: only the exit notification is accepted")))
            }
            switch method {
            case "initialize":
                guard state == .uninitialized else {
                    return .answer(.failure(ResponseError(.invalidRequest, "initialize was already received")))
                }
                return .answer(.success(initialize(params)))
            case "shutdown":
                state = .shutDown
                return .answer(.success(.null))
            default:
                guard let handler = LanguageServer.byMethod[method], handler.kind == .request else {
                    return .answer(.failure(ResponseError(.methodNotFound, "unknown method '\(method)'")))
                }
                return handler.body(self, params)
            }
        }
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        client = ClientCapabilities(params["capabilities"])
        client.name = params["clientInfo"]?["name"]?.stringValue
        loadWorkspace(params)
        state = .running
        return .object([
            (
                "capabilities",
                .object(
                    [
                        ("positionEncoding", .string(encoding.rawValue)),
                        (
                            "textDocumentSync",
                            .object([
                                ("openClose", .bool(true)),
                                ("change", .int(2)),
                                ("save", .object([("includeText", .bool(false))])),
                            ])
                        ),
                    ] + LanguageServer.requestCapabilities + [
                        (
                            "workspace",
                            .object([("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))]))])
                        )
                    ])
            ),
            ("serverInfo", .object([("name", .string("labelspec")), ("version", .string(LanguageServer.version))])),
        ])
    }

    // MARK: - Notifications

    /// A notification, through the dispatch table (`LanguageServer.notifications`) under the lock
    /// as its entry says; the work it leaves for after the lock runs then.
    private func notify(_ method: String, _ params: JSONValue) {
        guard let handler = LanguageServer.byMethod[method], handler.kind == .notification else {
            // $/setTrace, $/progress and every other notification we do not act on.
            if !method.hasPrefix("$/") { log("ignored notification '\(method)'") }
            return
        }
        if handler.locking == .unlocked {
            _ = handler.body(self, params)
            return
        }
        let step: Handler.Step? = stateLock.withLock {
            if method == "exit" {
                exitCode = state == .shutDown ? 0 : 1
                return nil
            }
            guard state == .running else {
                log("dropped '\(method)': the server is not initialized", level: .warning)
                return nil
            }
            return handler.body(self, params)
        }
        if case .outside(let after)? = step { _ = after() }
    }
}
