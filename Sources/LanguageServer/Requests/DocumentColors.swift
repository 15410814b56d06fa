import JSON
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/documentColor`: hex and system colours written in the document, with their
    /// light appearance (see `DocumentColors`), per chunk like the symbols.
    func documentColors(_ d: DocumentContext) -> JSONValue {
        let doc = d.document
        return chunkedArray(.colors, doc) { chunk, offset, p in
            var cursor = LineTable.Cursor(p)
            return DocumentColors.colors(inChunk: chunk, at: offset, of: doc).map {
                .object([("range", cursor.range($0.range).json), ("color", $0.color.lspJSON)])
            }
        }
    }

    /// `textDocument/colorPresentation`: how a picked colour can be written.
    func colorPresentations(_ color: RGBA) -> JSONValue {
        .array(DocumentColors.presentations(of: color).map { .object([("label", .string($0))]) })
    }
}
