import Foundation
import JSON
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax

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
    /// A related location comes with its line and columns (resolved by the workspace, or a
    /// catalog's); one without is placed with `positions` only if it is in this document, else
    /// left out rather than placed with the wrong lines.
    /// `codeDescription`: the link to the code's documentation, for a client that declares
    /// `codeDescriptionSupport` (VS Code does; Neovim and Emacs' eglot do not, and a push is a
    /// fifth smaller without it).
    func lspJSON(
        _ positions: LineTable, uri: String, codeDescription: Bool
    ) -> JSONValue {
        var cursor = LineTable.Cursor(positions)
        return lspJSON(&cursor, uri: uri, codeDescription: codeDescription)
    }

    func lspJSON(_ cursor: inout LineTable.Cursor, uri: String, codeDescription: Bool) -> JSONValue {
        let positions = cursor.positions
        var fields: [(String, JSONValue)] = [
            ("range", cursor.range(range).json),
            ("severity", .int(severity.lspValue)),
            ("code", .string(code.rawValue)),
        ]
        if codeDescription, let href = ShippedDocs.diagnosticURI(code) {
            fields.append(("codeDescription", .object([("href", .string(href))])))
        }
        fields += [
            ("source", .string("labelspec")),
            ("message", .string(message)),
        ]
        // Optional in LSP: left out when empty (24 bytes each of thousands of warnings).
        let located: [JSONValue] = related.compactMap { r in
            let range: JSONValue
            if r.columns != nil {
                range = r.lspRange(positions)
            } else if r.document == uri {
                range = positions.range(r.range).json
            } else {
                return nil
            }
            return .object([
                ("location", .object([("uri", .string(r.uri)), ("range", range)])),
                ("message", .string(r.message)),
            ])
        }
        if !located.isEmpty { fields.append(("relatedInformation", .array(located))) }
        return .object(fields)
    }
}

extension RelatedLocation {
    /// A place in a file on disk is named by its path (a String Catalog); one in a document the
    /// server holds, by the document's URI.
    var uri: String { document.hasPrefix("/") ? LanguageServer.uri(ofPath: document) : document }

    func lspRange(_ positions: LineTable) -> JSONValue {
        guard let c = columns else { return positions.range(range).json }
        let span: Range<Int>
        switch positions.encoding {
        case .utf8: span = c.utf8
        case .utf16: span = c.utf16
        case .utf32: span = c.scalars
        }
        return JSONRange(startLine: c.line, startCharacter: span.lowerBound, endLine: c.line, endCharacter: span.upperBound).json
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
    return .object([("kind", .string("plaintext")), ("value", .string(plainText(markdown)))])
}

/// Markdown as the server writes it (`Markdown`) as plain text: fence lines, bold marks, code
/// spans' backticks and hard-break spaces left out, and a backslash escape shown as the
/// character it escapes. A fenced block's lines and a code span's text are kept as they are
/// (a backslash there is literal), so a name reads the same in both kinds of client.
func plainText(_ markdown: String) -> String {
    var lines: [String] = []
    var fence: Int?  // the open fence's length
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        let ticks = line.prefix { $0 == "`" }.count
        if let open = fence {
            if ticks >= open, line.dropFirst(ticks).allSatisfy({ $0 == " " }) { fence = nil } else { lines.append(String(line)) }
            continue
        }
        if ticks >= 3 {
            fence = ticks
            continue
        }
        lines.append(plainLine(line.hasSuffix("  ") ? line.dropLast(2) : line))
    }
    return lines.joined(separator: "\n")
}

/// One line outside fences: escapes undone, `**` dropped, code spans' delimiters dropped.
private func plainLine(_ line: Substring) -> String {
    let chars = Array(line)
    var out = ""
    var i = 0
    // Lengths of runs with no closing run further on: not searched for again (a line of many
    // unmatched runs stays linear).
    var unclosed = Set<Int>()
    while i < chars.count {
        let c = chars[i]
        if c == "\\", i + 1 < chars.count, chars[i + 1].isASCII, chars[i + 1].isPunctuation || chars[i + 1].isSymbol {
            out.append(chars[i + 1])
            i += 2
        } else if c == "*", i + 1 < chars.count, chars[i + 1] == "*" {
            i += 2
        } else if c == "`" {
            var n = 0
            while i + n < chars.count, chars[i + n] == "`" { n += 1 }
            // The closing run of exactly n backticks; the text between is kept as it is.
            var j = unclosed.contains(n) ? chars.count : i + n
            var close: Int?
            while j < chars.count {
                if chars[j] == "`" {
                    var m = 0
                    while j + m < chars.count, chars[j + m] == "`" { m += 1 }
                    if m == n {
                        close = j
                        break
                    }
                    j += m
                } else {
                    j += 1
                }
            }
            guard let close else {
                unclosed.insert(n)
                i += n  // an unmatched run: dropped, as before
                continue
            }
            var body = chars[(i + n)..<close]
            if body.count >= 2, body.first == " ", body.last == " ", body.contains(where: { $0 != " " }) {
                body = body.dropFirst().dropLast()
            }
            out += String(body)
            i = close + n
        } else {
            out.append(c)
            i += 1
        }
    }
    return out
}

// MARK: - The IDE's values in protocol shapes (LabelSpecIDE speaks byte offsets and Swift enums;
// this is the one place that knows their LSP numbers and names)

/// LSP SymbolKind.
enum LSPSymbolKind: Int {
    case `class` = 5, property = 7, object = 19

    init(_ kind: DocumentSymbol.Kind) {
        switch kind {
        case .style: self = .class
        case .label: self = .object
        case .property: self = .property
        }
    }
}

/// LSP CompletionItemKind.
enum LSPCompletionItemKind: Int {
    case method = 2, field = 5, `class` = 7, property = 10, color = 16, enumMember = 20

    init(_ kind: CompletionItem.Kind) {
        switch kind {
        case .argument: self = .field
        case .style: self = .class
        case .property: self = .property
        case .color: self = .color
        case .enumMember: self = .enumMember
        case .method: self = .method
        }
    }
}

extension SemanticTokenType {
    /// The name in the legend (LSP's predefined token types); the legend lists the cases in order,
    /// so a token's type is its case's index.
    var lspName: String {
        switch self {
        case .keyword: return "keyword"
        case .class: return "class"
        case .property: return "property"
        case .enumMember: return "enumMember"
        case .string: return "string"
        case .number: return "number"
        case .comment: return "comment"
        case .operator: return "operator"
        }
    }

    static var legend: [String] { allCases.map(\.lspName) }
}

extension DocumentSymbol {
    func json(_ cursor: inout LineTable.Cursor) -> JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(name))]
        if let detail { fields.append(("detail", .string(detail))) }
        fields += [
            ("kind", .int(LSPSymbolKind(kind).rawValue)), ("range", cursor.range(range).json),
            ("selectionRange", cursor.range(selectionRange).json),
        ]
        if !children.isEmpty { fields.append(("children", .array(children.map { $0.json(&cursor) }))) }
        return .object(fields)
    }
}

extension CompletionItem {
    /// With `snippets`, the snippet form of the insertion where there is one; documentation as
    /// Markdown or plain text.
    func json(snippets: Bool, markdown: Bool) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("label", .string(label)), ("kind", .int(LSPCompletionItemKind(kind).rawValue)), ("detail", .string(detail)),
        ]
        // A client that declares no Markdown gets a plain string (`string | MarkupContent`: a
        // client may declare no `documentationFormat` at all, as Emacs' does).
        if let documentation {
            fields.append(("documentation", markdown ? markupContent(documentation, asMarkdown: true) : .string(plainText(documentation))))
        }
        if let sortText { fields.append(("sortText", .string(sortText))) }
        if snippets, let snippet {
            fields += [("insertText", .string(snippet)), ("insertTextFormat", .int(2))]
        } else if let insertText {
            fields.append(("insertText", .string(insertText)))
        }
        return .object(fields)
    }
}

extension RGBA {
    /// LSP Color: channels from 0 to 1.
    var lspJSON: JSONValue {
        .object([
            ("red", .double(Double(red) / 255)), ("green", .double(Double(green) / 255)),
            ("blue", .double(Double(blue) / 255)), ("alpha", .double(alpha)),
        ])
    }
}

/// LSP TextEdit.
func textEdit(_ range: JSONRange, _ newText: String) -> JSONValue {
    .object([("range", range.json), ("newText", .string(newText))])
}
