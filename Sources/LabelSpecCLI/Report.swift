import LabelSpecSemantics
import LabelSpecSyntax

/// A diagnostic placed in a file for output: 1-based lines and columns (columns in Unicode scalars).
struct LocatedDiagnostic {
    let file: String
    let diagnostic: Diagnostic
    let line: Int
    let column: Int
    let endLine: Int
    let endColumn: Int
    /// The text of the first line of the range, for the caret display.
    let sourceLine: String
}

extension LocatedDiagnostic {
    static func locate(_ diagnostics: [Diagnostic], file: String, bytes: [UInt8]) -> [LocatedDiagnostic] {
        guard !diagnostics.isEmpty else { return [] }
        let index = LineIndex(bytes)
        return diagnostics.map { d in
            let start = index.position(of: d.range.lowerBound, in: bytes)
            let end = index.position(of: d.range.upperBound, in: bytes)
            let lineText = String(decoding: bytes[index.lineRange(start.line, in: bytes)], as: UTF8.self)
            return LocatedDiagnostic(
                file: file, diagnostic: d, line: start.line + 1, column: start.column + 1, endLine: end.line + 1,
                endColumn: end.column + 1, sourceLine: lineText)
        }
    }
}

/// Output formats of `labelspec check`.
enum OutputFormat: String, CaseIterable {
    case text, json, github, sarif
}
