import JSON
import LabelSpecIDE
import LabelSpecSyntax

extension LanguageServer {
    /// `textDocument/foldingRange`: items and block comments (see `FoldingRanges`) that span more
    /// than one line (an editor folds by line), per chunk like the symbols.
    func foldingRanges(_ d: DocumentContext) -> JSONValue {
        chunkedArray(.folding, d.document) { chunk, offset, p in
            FoldingRanges.ranges(inChunk: chunk, at: offset).compactMap { fold in
                let a = p.position(of: fold.range.lowerBound).line
                let b = p.position(of: max(fold.range.lowerBound, fold.range.upperBound - 1)).line
                guard b > a else { return nil }
                var fields: [(String, JSONValue)] = [("startLine", .int(a)), ("endLine", .int(b))]
                if fold.kind == .comment { fields.append(("kind", .string("comment"))) }
                return .object(fields)
            }
        }
    }
}
