import Foundation
import JSON
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
        var cursor = TextPositions.Cursor(positions)
        return lspJSON(&cursor)
    }

    func lspJSON(_ cursor: inout TextPositions.Cursor) -> JSONValue {
        let positions = cursor.positions
        var fields: [(String, JSONValue)] = [
            ("range", cursor.range(range).json),
            ("severity", .int(severity.lspValue)),
            ("code", .string(code.rawValue)),
            ("codeDescription", .object([("href", .string("https://labelspec.dev/docs/diagnostics#\(code.rawValue)"))])),
            ("source", .string("labelspec")),
            ("message", .string(message)),
        ]
        // Optional in LSP: left out when empty (24 bytes each of thousands of warnings).
        if !related.isEmpty {
            fields.append(("relatedInformation", .array(related.map { r in
                .object([
                    ("location", .object([("uri", .string(r.document)), ("range", positions.range(r.range).json)])),
                    ("message", .string(r.message)),
                ])
            })))
        }
        return .object(fields)
    }
}

/// Reads an LSP position object.
func readPosition(_ json: JSONValue?) -> (line: Int, character: Int)? {
    guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
    return (line, character)
}

/// LSP `MarkupContent` from Markdown: as it is for a client that renders Markdown, else as plain
/// text (code fences and emphasis marks taken out, backticks dropped), so that a client without
/// Markdown support shows no markup characters.
func markupContent(_ markdown: String, asMarkdown: Bool) -> JSONValue {
    if asMarkdown { return .object([("kind", .string("markdown")), ("value", .string(markdown))]) }
    var lines: [Substring] = []
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix("```") {
        lines.append(line.hasSuffix("  ") ? line.dropLast(2) : line)
    }
    var text = lines.joined(separator: "\n")
    text = text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
    return .object([("kind", .string("plaintext")), ("value", .string(text))])
}
