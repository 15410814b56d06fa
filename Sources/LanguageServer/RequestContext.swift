import JSON
import JSONRPC
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax

/// What a request about one `.labelspec` document works on, resolved in one step under the state
/// lock before its handler runs (sourcekit-lsp's `handleRequest(for:)`): the document's
/// namespace, the document, and its line table in the client's encoding. A request about a
/// document the server does not have gets its method's empty answer, and its handler does not
/// run (`Handler.onDocument`, `Handler.splitDocument`).
struct DocumentContext {
    let uri: String
    let namespace: Namespace
    let document: Workspace.Document
    let positions: LineTable

    /// The byte offset of an LSP position, clamped into the text.
    func offset(_ line: Int, _ character: Int) -> Int { positions.offset(line: line, character: character).offset }
}

/// The parameters of a request about one document: `textDocument.uri`, and what it adds.
protocol DocumentRequestParams: RequestParams {
    var uri: String { get }
}

extension DocumentParams: DocumentRequestParams {}
extension PositionParams: DocumentRequestParams {}
extension PositionsParams: DocumentRequestParams {}
extension CodeActionParams: DocumentRequestParams { var uri: String { at.uri } }
extension RenameParams: DocumentRequestParams { var uri: String { at.uri } }
extension ReferenceParams: DocumentRequestParams { var uri: String { at.uri } }

extension LanguageServer {
    /// Under the state lock: the context of a request about `uri`; nil for a document the server
    /// does not have (not open, not read from disk, or not a `.labelspec` document).
    func context(_ uri: String) -> DocumentContext? {
        guard let ns = namespace(of: uri), let doc = ns.workspace.documents[uri] else { return nil }
        return DocumentContext(uri: uri, namespace: ns, document: doc, positions: positions(doc))
    }
}

extension Handler {
    /// A request about one document, answered under the state lock with its context; `missing`
    /// answers it when the server does not have the document.
    static func onDocument<P: DocumentRequestParams>(
        _ method: String, capability: (String, JSONValue)? = nil, missing: JSONValue = .null,
        _ handler: @escaping @Sendable (LanguageServer, DocumentContext, P) -> Result<JSONValue, ResponseError>
    ) -> Handler {
        on(method, capability: capability) { (server, params: P) in
            guard let context = server.context(params.uri) else { return .success(missing) }
            return handler(server, context, params)
        }
    }

    /// A request about one document split as `split`, its snapshot read with its context;
    /// `missing` answers it when the server does not have the document.
    static func splitDocument<P: DocumentRequestParams, S: Sendable>(
        _ method: String, capability: (String, JSONValue)? = nil, locking: Locking = .split, missing: JSONValue = .null,
        snapshot: @escaping @Sendable (LanguageServer, DocumentContext, P) -> S, answer: @escaping @Sendable (S) -> JSONValue
    ) -> Handler {
        split(method, capability: capability, locking: locking) { (server, params: P) in
            server.context(params.uri).map { snapshot(server, $0, params) }
        } answer: { taken in
            taken.map(answer) ?? missing
        }
    }
}

/// The server as the outside part of a request may reach it: only under the state lock, for a
/// request that reads document after document (`workspace/diagnostic`) or publishes what it
/// found on other files (a storyboard's `.strings`).
struct LockedServer: Sendable {
    private let server: LanguageServer
    init(_ server: LanguageServer) { self.server = server }

    func withLock<T>(_ body: (LanguageServer) -> T) -> T { server.stateLock.withLock { body(server) } }
}
