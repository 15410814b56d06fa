/// How a client shows hovers, decided once by the language server from what the client said
/// of itself (`hover.contentFormat`, `clientInfo.name`) and the editor's `hoverImages` setting,
/// and passed whole to whatever writes a hover (rust-analyzer's `HoverConfig`): nothing that
/// writes one guesses the client.
public struct HoverFormat: Sendable, Equatable {
    /// Markdown, else plain text (the server turns the Markdown into text).
    public var markdown: Bool
    /// The media type a label's pictures name in their `data:` URIs (Markdown images), or nil: no
    /// pictures, boxes of characters instead. `image/svg+xml`, or `image/svg` for Emacs'
    /// lsp-mode, whose pattern for images takes letters only there (Emacs finds the type from
    /// the bytes).
    public var images: String?
    /// The most characters (UTF-16 code units) a hover with pictures takes: past it, pictures are
    /// drawn as text, one by one (an image cut in its middle breaks).
    public var maxCharacters: Int

    /// What VS Code shows of a hover at most (it cuts longer Markdown, and an image cut in its
    /// middle breaks): a hover with pictures stays below it. Every client gets this budget today.
    public static let clientCut = 100_000

    public init(markdown: Bool = true, images: String? = nil, maxCharacters: Int = HoverFormat.clientCut) {
        self.markdown = markdown
        self.images = images
        self.maxCharacters = maxCharacters
    }
}
