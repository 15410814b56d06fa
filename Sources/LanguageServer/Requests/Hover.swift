import JSON
import LabelPresentation
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// A hover found under the state lock: what to show, its range already in LSP positions, and
    /// how the client shows hovers: all the second half needs.
    struct PendingHover: Sendable {
        let content: HoverContent
        let range: JSONRange?
        /// Markdown or plain text, pictures or not, the budget (`ClientCapabilities.hoverFormat`).
        var format: HoverFormat
    }

    /// `textDocument/hover`, first half (under the state lock): what is under the cursor (see
    /// `Hover`).
    func hoverTarget(_ d: DocumentContext, line: Int, character: Int) -> PendingHover {
        let offset = d.offset(line, character)
        var content = d.namespace.hover(at: offset, in: d.document)
        // A key's hover lists the places the app's code shows it.
        if case .text(let markdown, let range) = content, let code = codeSitesMarkdown(d, offset: offset) {
            content = .text(markdown + code, range: range)
        }
        return PendingHover(
            content: content, range: content.range.map { d.positions.range($0) }, format: client.hoverFormat(hoverImages: hoverImages))
    }

    /// Second half (outside the lock: a label is measured at every size here).
    static func render(_ hover: PendingHover) -> JSONValue {
        guard let markdown = hover.content.markdown(hover.format), let range = hover.range else { return .null }
        return .object([("contents", markupContent(markdown, asMarkdown: hover.format.markdown)), ("range", range.json)])
    }
}
