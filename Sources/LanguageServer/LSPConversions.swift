import JSONRPC
import LabelSpecSemantics

extension JSONRange {
    var json: JSONValue {
        .object([
            ("start", .object([("line", .int(startLine)), ("character", .int(startCharacter))])),
            ("end", .object([("line", .int(endLine)), ("character", .int(endCharacter))])),
        ])
    }
}

extension Severity {
    /// LSP DiagnosticSeverity.
    var lspValue: Int {
        switch self {
        case .error: return 1
        case .warning: return 2
        case .information: return 3
        case .hint: return 4
        }
    }
}

extension Diagnostic {
    func lspJSON(_ positions: TextPositions) -> JSONValue {
        .object([
            ("range", positions.range(range).json),
            ("severity", .int(severity.lspValue)),
            ("code", .string(code.rawValue)),
            ("codeDescription", .object([("href", .string("https://labelspec.dev/docs/diagnostics#\(code.rawValue)"))])),
            ("source", .string("labelspec")),
            ("message", .string(message)),
            ("relatedInformation", .array(related.map { r in
                .object([
                    ("location", .object([("uri", .string(r.document)), ("range", positions.range(r.range).json)])),
                    ("message", .string(r.message)),
                ])
            })),
        ])
    }
}

/// Reads an LSP position object.
func readPosition(_ json: JSONValue?) -> (line: Int, character: Int)? {
    guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else { return nil }
    return (line, character)
}
