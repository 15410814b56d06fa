import JSONRPC
import LabelSpecIDE
import LabelSpecSemantics

extension LanguageServer {
    /// `textDocument/documentColor`: hex and system colours written in the document, with their
    /// light appearance (see `DocumentColors`), per chunk like the symbols.
    func documentColors(uri: String) -> JSONValue {
        guard let doc = document(uri) else { return .null }
        return chunkedArray(.colors, doc) { chunk, offset, p in
            var cursor = TextPositions.Cursor(p)
            return DocumentColors.colors(inChunk: chunk, at: offset, of: doc).map {
                .object([("range", cursor.range($0.range).json), ("color", $0.color.lspJSON)])
            }
        }
    }

    /// `textDocument/colorPresentation`: how a picked colour can be written.
    func colorPresentations(_ params: JSONValue) -> JSONValue {
        func channel(_ key: String) -> UInt8 { UInt8(max(0, min(255, ((params["color"]?[key]?.doubleValue ?? 0) * 255).rounded()))) }
        let rgba = RGBA(channel("red"), channel("green"), channel("blue"), params["color"]?["alpha"]?.doubleValue ?? 1)
        return .array(DocumentColors.presentations(of: rgba).map { .object([("label", .string($0))]) })
    }
}
