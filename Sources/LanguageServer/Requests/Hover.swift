import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// A hover found under the state lock: what to show, its range already in LSP positions, and
    /// how the client shows Markdown: all the second half needs.
    struct PendingHover: Sendable {
        let content: HoverContent
        let range: JSONRange?
        /// Markdown, else plain text (`ClientCapabilities.hoverMarkdown`).
        let markdown: Bool
        /// Pictures as Markdown images of this media type (`hoverImages`, else the client's name),
        /// or nil.
        var images: String?
    }

    /// `textDocument/hover`, first half (under the state lock): what is under the cursor (see
    /// `Hover`).
    func hoverTarget(_ d: DocumentContext, line: Int, character: Int) -> PendingHover {
        let content = d.namespace.hover(at: d.offset(line, character), in: d.document)
        return PendingHover(
            content: content, range: content.range.map { d.positions.range($0) }, markdown: client.hoverMarkdown,
            images: client.hoverMarkdown && (hoverImages ?? client.drawsImages) ? client.imageMediaType : nil)
    }

    /// Second half (outside the lock: a label is measured at every size here).
    static func render(_ hover: PendingHover) -> JSONValue {
        guard let markdown = hover.content.markdown(images: hover.images), let range = hover.range else { return .null }
        return .object([("contents", markupContent(markdown, asMarkdown: hover.markdown)), ("range", range.json)])
    }
}
