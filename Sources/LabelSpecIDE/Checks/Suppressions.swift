import LabelSpecSemantics
import LabelSpecSyntax

/// Inline suppression, as SwiftLint's `// swiftlint:disable:this` and ruff's `# noqa`: a line
/// comment `// labelspec:ignore CODE…` (codes separated by commas or blanks; none: every code)
/// - at the end of a line suppresses the findings that start on that line, and, when that line
///   holds an item's header (`label Name {`), every finding of the item;
/// - alone on its line suppresses the findings that start on the next line.
///
/// `Checks` applies them to every document's diagnostics, so `check` and the language server
/// agree. A comment is found per leaf chunk (kept by chunk in `DiagnosticsCache`: an unchanged
/// chunk is not scanned again); what it covers is worked out for each snapshot, since the line
/// after a comment may be in the next chunk.
public struct Suppressions: Sendable {
    /// One `labelspec:ignore` comment: its range, its codes (nil: every code) and where each
    /// code is written.
    public struct Directive: Sendable, Equatable {
        public var range: Range<Int>
        public var codes: [String]?
        public var codeRanges: [Range<Int>] = []

        func shifted(by delta: Int) -> Directive {
            Directive(range: range.shifted(by: delta), codes: codes, codeRanges: codeRanges.map { $0.shifted(by: delta) })
        }
    }

    /// Findings that start in `range` with one of `codes` (nil: any) are suppressed. A set of
    /// the comment's words that are codes, built once per comment: a comment of thousands of
    /// words costs each finding one lookup, not a scan of the words.
    struct Rule: Sendable {
        let range: Range<Int>
        let codes: Set<DiagnosticCode>?

        func covers(_ code: DiagnosticCode) -> Bool { codes?.contains(code) ?? true }
    }

    let rules: [Rule]
    /// `invalid-ignore`: the words of the comments that are no diagnostic code (absolute).
    let problems: [Diagnostic]

    public var isEmpty: Bool { rules.isEmpty && problems.isEmpty }

    static let marker = Array("labelspec:ignore".utf8)

    /// The codes of a comment's text (`// labelspec:ignore a, b`): nil when it is not a
    /// directive, `.some(nil)` for every code.
    public static func codes(ofComment text: [UInt8]) -> [String]?? {
        words(ofComment: text).map { $0.isEmpty ? nil : $0.map(\.word) }
    }

    /// The words after `labelspec:ignore` with their ranges in `text`; nil when it is not a directive.
    static func words(ofComment text: [UInt8]) -> [(word: String, range: Range<Int>)]? {
        var i = 2  // after `//`
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        guard text.count - i >= marker.count, Array(text[i..<(i + marker.count)]) == marker else { return nil }
        i += marker.count
        guard i == text.count || text[i] == 0x20 || text[i] == 0x09 else { return nil }
        var out: [(String, Range<Int>)] = []
        while i < text.count {
            while i < text.count, [0x20, 0x09, 0x2C].contains(text[i]) { i += 1 }
            let start = i
            while i < text.count, ![0x20, 0x09, 0x2C].contains(text[i]) { i += 1 }
            if i > start { out.append((String(decoding: text[start..<i], as: UTF8.self), start..<i)) }
        }
        return out
    }

    /// The directives of one leaf chunk at `offset`, relative to the chunk.
    static func directives(inChunk chunk: GreenNode, at offset: Int, source: SourceBuffer) -> [Directive] {
        let bytes = source.bytes(in: offset..<(offset + chunk.length))
        // Most chunks hold none: one scan for the marker before any token is looked at.
        guard contains(bytes, marker) else { return [] }
        var out: [Directive] = []
        SyntaxNode(green: chunk, offset: 0).forEachToken { t in
            guard t.kind == .lineComment, let words = words(ofComment: Array(bytes[t.range])) else { return }
            out.append(
                Directive(
                    range: t.range, codes: words.isEmpty ? nil : words.map(\.word),
                    codeRanges: words.map { $0.range.shifted(by: t.range.lowerBound) }))
        }
        return out
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        let first = needle[0]
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first, bytes[(i + 1)..<(i + needle.count)].elementsEqual(needle[1...]) { return true }
            i += 1
        }
        return false
    }

    /// What `directives` (absolute ranges) cover in `document`.
    static func rules(for directives: [Directive], in document: Workspace.Document) -> Suppressions {
        guard !directives.isEmpty else { return Suppressions(rules: [], problems: []) }
        let source = document.syntax.source
        let count = source.count
        // Bytes read through a window of the gap buffer (lines can be long; few are read).
        var window: (start: Int, bytes: [UInt8]) = (0, [])
        func byte(_ i: Int) -> UInt8 {
            if i < window.start || i >= window.start + window.bytes.count {
                let start = max(0, i - 512)
                window = (start, source.bytes(in: start..<min(count, start + 1024)))
            }
            return window.bytes[i - window.start]
        }
        var rules: [Rule] = []
        var problems: [Diagnostic] = []
        for d in directives {
            let codes = d.codes.map { Set($0.compactMap(DiagnosticCode.init(rawValue:))) }
            for (word, range) in zip(d.codes ?? [], d.codeRanges) where DiagnosticCode(rawValue: word) == nil {
                let suggestion = DiagnosticCode.suggestion(for: word)
                problems.append(
                    Diagnostic(
                        .invalidIgnore,
                        "'\(word)' is not a diagnostic code, so this labelspec:ignore does not suppress it; "
                            + (suggestion.map { "did you mean '\($0.rawValue)'?" } ?? "name a code from docs/diagnostics.md"),
                        at: range,
                        fixes: suggestion.map {
                            [Fix(title: "Replace with '\($0.rawValue)'", edits: [Replacement(range: range, newText: $0.rawValue)])]
                        }
                            ?? []))
            }
            // The start of the comment's line, and whether only blanks come before it there.
            var lineStart = d.range.lowerBound
            var alone = true
            while lineStart > 0 {
                let b = byte(lineStart - 1)
                if b == 0x0A || b == 0x0D { break }
                // A byte order mark at the file's start is not text before the comment.
                let bom = lineStart <= 3 && count >= 3 && byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF
                if b != 0x20 && b != 0x09 && !bom { alone = false }
                lineStart -= 1
            }
            if alone {
                // The next line: after the comment's line break, up to and with its own.
                var next = d.range.upperBound
                if next < count, byte(next) == 0x0D { next += 1 }
                if next < count, byte(next) == 0x0A { next += 1 }
                guard next > d.range.upperBound else { continue }
                var end = next
                while end < count, byte(end) != 0x0A, byte(end) != 0x0D { end += 1 }
                rules.append(Rule(range: next..<(end + 1), codes: codes))
                continue
            }
            rules.append(Rule(range: lineStart..<(d.range.upperBound + 1), codes: codes))
            // An item whose header is on this line: the whole item.
            var first = lineStart
            while first < d.range.lowerBound, byte(first) == 0x20 || byte(first) == 0x09 { first += 1 }
            if let (element, start) = document.syntax.topLevelElement(at: first), start == first, case .node(let node) = element,
                document.item(node) != nil
            {
                rules.append(Rule(range: start..<(start + node.length + 1), codes: codes))
            }
        }
        return Suppressions(rules: rules, problems: problems)
    }

    /// Whether a diagnostic starting at `offset` is suppressed (any order; see `Sweep`).
    func suppresses(_ code: DiagnosticCode, at offset: Int) -> Bool {
        rules.contains { $0.range.contains(offset) && $0.covers(code) }
    }

    /// Asks `suppresses` for offsets in increasing order (a document's diagnostics, chunk after
    /// chunk) in time proportional to the diagnostics plus the rules: the rules that cover the
    /// current offset are kept, the others are not looked at again (a file with an ignore
    /// comment on each of thousands of labels is not rules × diagnostics).
    struct Sweep {
        let rules: [Rule]  // by start
        var next = 0
        var active: [Rule] = []
        var last = Int.min

        init(_ s: Suppressions) { rules = s.rules.sorted { $0.range.lowerBound < $1.range.lowerBound } }

        mutating func suppresses(_ code: DiagnosticCode, at offset: Int) -> Bool {
            guard offset >= last else { return rules.contains { $0.range.contains(offset) && $0.covers(code) } }
            last = offset
            while next < rules.count, rules[next].range.lowerBound <= offset {
                active.append(rules[next])
                next += 1
            }
            active.removeAll { $0.range.upperBound <= offset }
            return active.contains { $0.covers(code) }
        }
    }
}
