import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/documentSymbol`: the outline (see `DocumentSymbols`), assembled from one
    /// serialised fragment per leaf chunk (see `chunkedArray`), so an edit re-serialises the
    /// symbols of one chunk (all chunks after it when the edit adds or removes lines).
    func documentSymbols(_ d: DocumentContext) -> JSONValue {
        let doc = d.document
        return chunkedArray(.symbols, doc) { chunk, offset, p in
            var cursor = LineTable.Cursor(p)
            return DocumentSymbols.symbols(inChunk: chunk, at: offset, of: doc).map { $0.json(&cursor) }
        }
    }
}
