import ArgumentParser
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// A diagnostic placed in a file for output: 1-based lines and columns (columns in Unicode scalars).
struct LocatedDiagnostic {
    let file: String
    let diagnostic: Diagnostic
    let line: Int
    let column: Int
    let endLine: Int
    let endColumn: Int
    /// The source around the start, for the caret display (text format only).
    let excerpt: Excerpt?

    /// Another place the diagnostic points at (the first declaration of a duplicate, the
    /// catalog entry of a text): a file as `check` names files, a 1-based line and column.
    struct Place {
        let file: String
        let line: Int
        let column: Int
        let message: String
    }

    /// The diagnostic's related places that come with their line and columns (all that
    /// `Checks` reports do).
    var related: [Place] {
        diagnostic.related.compactMap { r in
            r.columns.map {
                Place(
                    file: ProjectLoader().canonicalName(r.document), line: $0.line + 1, column: $0.scalars.lowerBound + 1,
                    message: r.message)
            }
        }
    }
}

/// A window of a source line around a diagnostic's column: at most 60 scalars before it (100 unindented) and 100
/// from it on, "…" where the line goes on, control characters escaped (`TerminalText`). Its size
/// does not depend on the line's length, so a one-line file with many diagnostics costs memory
/// in proportion to the diagnostics, not diagnostics × line length.
struct Excerpt {
    /// The line as shown.
    let text: String
    /// Blanks (tabs where the line has tabs) that put the caret under the column.
    let caretIndent: String
    /// Columns the caret and its tildes take (≥ 1).
    let caretWidth: Int

    static let before = 60
    static let after = 100

    /// The excerpt of line `lineRange` (bytes, without the line break) for a range starting at
    /// byte `start` (on that line) and ending at `end`. `unindented`: the blanks that start the
    /// line are not shown (an Interface Builder file's tags are indented by dozens of columns).
    init(bytes: UnsafeBufferPointer<UInt8>, lineRange: Range<Int>, start: Int, end: Int, unindented: Bool = false) {
        let start = min(max(start, lineRange.lowerBound), lineRange.upperBound)
        // Scalars start at bytes that are not UTF-8 continuation bytes (as the columns count them).
        var low = start
        var stepped = 0
        // Unindented, the tag before an attribute is shown from its `<` when it can be.
        let before = unindented ? Excerpt.after : Excerpt.before
        while low > lineRange.lowerBound, stepped < before {
            low -= 1
            while low > lineRange.lowerBound, bytes[low] & 0xC0 == 0x80 { low -= 1 }
            stepped += 1
        }
        // Only blanks before the window: it starts at the line's first other character, and
        // nothing of the line is left out before it ("…" is not shown).
        var lineStart = lineRange.lowerBound
        if unindented {
            var first = lineRange.lowerBound
            while first < start, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            if low <= first {
                low = first
                lineStart = first
            }
        }
        var high = start
        stepped = 0
        while high < lineRange.upperBound, stepped < Excerpt.after {
            high += 1
            while high < lineRange.upperBound, bytes[high] & 0xC0 == 0x80 { high += 1 }
            stepped += 1
        }
        var text = low > lineStart ? "…" : ""
        var indent = low > lineStart ? " " : ""
        for s in String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<start]), as: UTF8.self).unicodeScalars {
            let shown = TerminalText.escaped(s)
            text += shown
            indent += s == "\t" ? "\t" : String(repeating: " ", count: shown.unicodeScalars.count)
        }
        for s in String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<high]), as: UTF8.self).unicodeScalars {
            text += TerminalText.escaped(s)
        }
        // A range that goes on past this line is underlined to the end of what is shown.
        let underlined = end > lineRange.upperBound ? high : min(max(end, start), high)
        var width = 0
        for s in String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<underlined]), as: UTF8.self).unicodeScalars {
            width += TerminalText.escaped(s).unicodeScalars.count
        }
        if high < lineRange.upperBound { text += "…" }
        self.text = text
        caretIndent = indent
        caretWidth = max(1, width)
    }
}

extension LocatedDiagnostic {
    /// Places `diagnostics` (sorted by start, as `Checks` gives them) in the file's lines. Columns
    /// are counted from the previous diagnostic's position when it is on the same line, so a long
    /// line with many diagnostics is scanned once, not once per diagnostic.
    static func locate(
        _ diagnostics: [Diagnostic], file: String, bytes: [UInt8], excerpts: Bool, unindented: Bool = false, batch: Int = 1024,
        _ body: ([LocatedDiagnostic]) -> Void
    ) {
        guard !diagnostics.isEmpty else { return }
        // Columns count Unicode scalars; a byte order mark is not a column (editors do not show it).
        let lines = LineTable(bytes, encoding: .utf32, textStart: ByteOrderMark.length(in: bytes))
        bytes.withUnsafeBufferPointer { p in
            var starts = LineTable.Cursor(lines)
            var ends = LineTable.Cursor(lines)
            var from = 0
            while from < diagnostics.count {
                let to = min(diagnostics.count, from + batch)
                body(
                    diagnostics[from..<to].map { d in
                        let (a, b) = (min(d.range.lowerBound, bytes.count), min(d.range.upperBound, bytes.count))
                        let start = starts.position(of: a)
                        let end = ends.position(of: b)
                        let line = lines.lineRange(start.line)
                        // A file whose text is not at hand (it could not be read) shows no excerpt.
                        let excerpt =
                            excerpts && !bytes.isEmpty
                            ? Excerpt(bytes: p, lineRange: line, start: max(a, line.lowerBound), end: b, unindented: unindented)
                            : nil
                        return LocatedDiagnostic(
                            file: file, diagnostic: d, line: start.line + 1, column: start.character + 1, endLine: end.line + 1,
                            endColumn: end.character + 1, excerpt: excerpt)
                    })
                from = to
            }
        }
    }
}

/// Text from a file made safe for a terminal: control characters (C0 but tab, DEL, C1) and the
/// bidirectional overrides are written as Swift-style escapes, `\u{1B}`, so a file cannot move
/// the cursor, ring the bell or reorder the line it is shown on.
enum TerminalText {
    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (v < 0x20 && v != 0x09) || (v >= 0x7F && v <= 0x9F) || (0x202A...0x202E).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0x2028 || v == 0x2029
    }

    static func escaped(_ s: Unicode.Scalar) -> String {
        needsEscape(s) ? "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" : String(s)
    }

    /// `text` with every character `needsEscape` picks escaped (tabs too when `tabs`).
    static func escape(_ text: String, tabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) || (tabs && $0 == "\t") }) else { return text }
        var out = ""
        for s in text.unicodeScalars {
            out += tabs && s == "\t" ? "\\u{9}" : escaped(s)
        }
        return out
    }
}

/// Output formats of `labelspec check`. Not `CaseIterable`: the parser would list the values after
/// the help text, which names them already.
enum OutputFormat: String, ExpressibleByArgument {
    case text, json, github, sarif
}
