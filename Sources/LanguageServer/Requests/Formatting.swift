import JSON
import JSONRPC
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/formatting` and `rangeFormatting`: one edit replacing the document with its
    /// canonical layout (see `Formatting`); none when it is already canonical.
    func formatting(_ d: DocumentContext) -> Result<JSONValue, ResponseError> {
        switch Formatting.formatted(d.document) {
        case .failure:
            return .failure(ResponseError(.requestFailed, "the document has syntax errors; fix them before formatting"))
        case .success(nil):
            return .success(.array([]))
        case .success(let formatted?):
            let p = d.positions
            return .success(.array([textEdit(p.range(0..<p.count), String(decoding: formatted, as: UTF8.self))]))
        }
    }
}
