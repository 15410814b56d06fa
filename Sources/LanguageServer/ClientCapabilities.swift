import JSON
import LabelPresentation
import LabelSpecSyntax

/// What the client said it can do, read once from `initialize`'s `capabilities`: one value, read
/// under the state lock, instead of flags set here and there.
struct ClientCapabilities: Sendable, Equatable {
    /// How positions count characters: UTF-16 unless the client offers UTF-8 (preferred) or UTF-32
    /// in `general.positionEncodings`.
    var encoding = PositionEncoding.utf16
    /// Completion items may be snippets (`completionItem.snippetSupport`).
    var snippets = false
    /// Completion documentation and hovers may be Markdown (`documentationFormat`,
    /// `hover.contentFormat`); plain text otherwise (Emacs' eglot and lsp-mode may declare neither).
    var completionMarkdown = false
    var hoverMarkdown = false
    /// The client pulls diagnostics (`textDocument.diagnostic`): it gets no pushes.
    var pullsDiagnostics = false
    /// A pulling client takes `workspace/diagnostic/refresh`.
    var refreshSupport = false
    /// Diagnostics may carry `codeDescription` links (`codeDescriptionSupport`).
    var codeDescriptions = false
    /// The client answers `workspace/configuration`.
    var asksConfiguration = false
    /// The client shows work-done progress (`window.workDoneProgress`).
    var workDoneProgress = false
    /// The client lets the server register file watchers (`didChangeWatchedFiles.dynamicRegistration`).
    var watchesFiles = false

    /// The client's name (`clientInfo.name` of `initialize`).
    var name: String?

    /// Clients known to draw Markdown images in hovers (`data:` URIs), by `clientInfo.name`:
    /// VS Code (and the editors built on it that keep its renderer), Zed, and Emacs' lsp-mode
    /// (which calls itself "emacs"; eglot does not draw them). docs/lsp.md lists them.
    static let imageClients = ["Visual Studio Code", "VSCodium", "Cursor", "Zed", "emacs"]

    /// Whether the client draws Markdown images: its name is one of `imageClients` (or starts with
    /// one and a space or " -": "Visual Studio Code - Insiders", "Zed Preview").
    var drawsImages: Bool {
        guard let name else { return false }
        return ClientCapabilities.imageClients.contains { name == $0 || name.hasPrefix($0 + " ") }
    }

    /// The media type of hover pictures' data URIs: `image/svg+xml`, but `image/svg` for
    /// lsp-mode, whose pattern for inline images (`data:image/[a-zA-Z]+;base64,…`) takes no
    /// `+` and which finds an image's type from its bytes.
    var imageMediaType: String { name == "emacs" ? "image/svg" : "image/svg+xml" }

    /// How this client's hovers are written (`HoverFormat`), the one place that decides it:
    /// Markdown when it reads Markdown; pictures when it reads Markdown and `hoverImages` (the
    /// editor's setting; unset: whether it `drawsImages`) says so, in its `imageMediaType`; every
    /// client's budget is VS Code's (`HoverFormat.clientCut`).
    func hoverFormat(hoverImages: Bool?) -> HoverFormat {
        HoverFormat(
            markdown: hoverMarkdown, images: hoverMarkdown && (hoverImages ?? drawsImages) ? imageMediaType : nil,
            maxCharacters: HoverFormat.clientCut)
    }

    init() {}

    init(_ capabilities: JSONValue?) {
        let c = capabilities ?? .null
        let offered = c["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if offered.contains("utf-8") {
            encoding = .utf8
        } else if offered.contains("utf-32") {
            encoding = .utf32
        }
        let document = c["textDocument"]
        snippets = document?["completion"]?["completionItem"]?["snippetSupport"] == .bool(true)
        completionMarkdown =
            document?["completion"]?["completionItem"]?["documentationFormat"]?.arrayValue?.contains(.string("markdown")) == true
        hoverMarkdown = document?["hover"]?["contentFormat"]?.arrayValue?.contains(.string("markdown")) == true
        pullsDiagnostics = document?["diagnostic"] != nil
        refreshSupport = c["workspace"]?["diagnostics"]?["refreshSupport"] == .bool(true)
        codeDescriptions =
            document?["publishDiagnostics"]?["codeDescriptionSupport"] == .bool(true)
            || document?["diagnostic"]?["codeDescriptionSupport"] == .bool(true)
        asksConfiguration = c["workspace"]?["configuration"] == .bool(true)
        workDoneProgress = c["window"]?["workDoneProgress"] == .bool(true)
        watchesFiles = c["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
    }
}
