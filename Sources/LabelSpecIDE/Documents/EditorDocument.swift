import LabelSpecSemantics
import LabelSpecSyntax

/// A change as an editor sends it (`didChange`): a range in lines and characters of the
/// editor's encoding, and its text; or, without a range, the whole text.
public struct TextChange: Sendable {
    public var range: (start: (line: Int, character: Int), end: (line: Int, character: Int))?
    public var text: String

    public init(range: (start: (line: Int, character: Int), end: (line: Int, character: Int))?, text: String) {
        (self.range, self.text) = (range, text)
    }
}

/// A document an editor has open, the one type for `.labelspec` documents and storyboards: its
/// text (for a `.labelspec` document, its tree in the namespace's workspace, edited incrementally),
/// its version, its line table, and the algorithms that apply an editor's changes (typing within a
/// line, a batch as one edit of its hull, change by change). The server converts a `didChange`'s
/// JSON into `TextChange`s and calls `apply`; everything else it keeps per document (replies per
/// chunk, pushes) stays with it.
///
/// Not thread-safe: the server reads and writes it under its state lock.
public final class EditorDocument {
    public let id: String
    /// The editor's version of the text (`didOpen`, `didChange`).
    public var version: Int
    /// Where the text lives: a document of its namespace's workspace (a `.labelspec` file, with
    /// its tree; the workspace is given with each call, since a namespace may be built again
    /// while the document is open), or bytes of its own (a storyboard or xib, checked whole).
    enum Store {
        case workspace
        case bytes(SourceBuffer)
    }
    private var store: Store
    /// The current text's line table, valid while `root` is the document's root (kept up to date
    /// around each edit).
    private var lines: (root: GreenNode?, table: LineTable)?
    /// The checkpoints of the long line the last change edited (`LineStartsGap.longLine`), valid
    /// while `root` is the document's root: the next keystroke on that line counts from them
    /// instead of the line's start.
    private var longLine: (root: GreenNode?, line: LineStartsGap.LongLine)?

    /// A `.labelspec` document, opened in its namespace's workspace as `id`.
    public init(id: String, version: Int) {
        (self.id, self.version, store) = (id, version, .workspace)
    }

    /// A document checked whole (a storyboard or xib): its bytes are its own.
    public init(id: String, version: Int, bytes: [UInt8]) {
        (self.id, self.version, store) = (id, version, .bytes(SourceBuffer(bytes)))
    }

    /// The workspace the calls of the moment read and edit (`.workspace` documents).
    private var workspace: Workspace?

    /// The workspace's document, for a `.labelspec` document that is open there.
    private var document: Workspace.Document? {
        guard case .workspace = store else { return nil }
        return workspace?.documents[id]
    }

    /// The text of a document checked whole (a storyboard or xib); nil for a `.labelspec`
    /// document, whose text is its workspace's document's.
    public var ownText: SourceBuffer? {
        guard case .bytes(let b) = store else { return nil }
        return b
    }

    /// The current text, during a call that gave the workspace (`within`).
    private var source: SourceBuffer {
        switch store {
        case .workspace: return document?.syntax.source ?? SourceBuffer([])
        case .bytes(let b): return b
        }
    }

    private var root: GreenNode? { document?.syntax.root }

    /// Runs `body` with `workspace` as the one the document's text is in.
    private func within<R>(_ workspace: Workspace?, _ body: () -> R) -> R {
        self.workspace = workspace
        defer { self.workspace = nil }
        return body()
    }

    /// The line table of the current text (in `workspace`, for a `.labelspec` document), counted
    /// in `encoding`: kept from the last edit, made from the text only when missing.
    public func lineTable(_ encoding: PositionEncoding, in workspace: Workspace? = nil) -> LineTable {
        within(workspace) { currentLineTable(encoding) }
    }

    private func currentLineTable(_ encoding: PositionEncoding) -> LineTable {
        if let kept = lines, kept.root === root, kept.table.encoding == encoding, kept.table.count == source.count { return kept.table }
        let made = LineTable(source, encoding: encoding)
        lines = (root, made)
        return made
    }

    /// Forgets what was derived from the text (after the namespaces were rebuilt: new trees).
    public func forgetDerived() {
        lines = nil
        longLine = nil
    }

    /// Applies an editor's changes in order (to the document in `workspace`, for a `.labelspec`
    /// document), positions counted in `encoding`; `clamped` is called for a position past the
    /// text (clamped, as the LSP asks).
    public func apply(_ changes: [TextChange], in workspace: Workspace? = nil, encoding: PositionEncoding, clamped: () -> Void) {
        within(workspace) { apply(changes, encoding: encoding, clamped: clamped) }
    }

    private func apply(_ changes: [TextChange], encoding: PositionEncoding, clamped: () -> Void) {
        if changes.count == 1, let change = changes.first, let range = change.range,
            !change.text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }), editWithinLine(range, change.text, encoding)
        {
            return
        }
        // The line starts, carried from change to change as a gap buffer (no reference to the
        // text is kept across an edit: it would make the edit copy the whole text).
        var gap: LineStartsGap?
        func startLines() {
            guard gap == nil else { return }
            let table = currentLineTable(encoding)
            gap = LineStartsGap(lineStarts: table.lineStarts, count: table.count)
            if let kept = longLine, kept.root === root { gap!.longLine = kept.line }
        }
        var i = 0
        while i < changes.count {
            // Changes apply in order: each is read against the text the previous one left.
            guard changes[i].range != nil else {
                replaceAll(with: Array(changes[i].text.utf8))
                gap = nil
                i += 1
                continue
            }
            var run = i
            while run < changes.count, changes[run].range != nil { run += 1 }
            startLines()
            // The kept line table shares the text buffer: drop it before the edit.
            lines = nil
            if case .workspace = store, run - i >= EditorDocument.batchedChanges {
                applyBatch(changes[i..<run], lines: &gap!, encoding: encoding, clamped: clamped)
            } else {
                for change in changes[i..<run] {
                    guard let range = change.range else { continue }
                    // No reference to the text outlives the read: the edit then copies nothing.
                    let (edited, wasClamped): (Range<Int>, Bool) = {
                        let text = source
                        return gap!.range(from: range.start, to: range.end, encoding: encoding) { text[$0] }
                    }()
                    if wasClamped { clamped() }
                    replace(edited, with: change.text)
                    do {
                        let after = source
                        gap!.edit(range: edited, inserted: change.text.utf8.count) { after[$0] }
                    }
                }
            }
            i = run
        }
        longLine = nil
        if let gap {
            lines = (root, LineTable(source: source, lineStarts: gap.lineStarts, encoding: encoding))
            if let long = gap.longLine { longLine = (root, long) }
        }
    }

    /// How many ranged changes in a row make a batch (`applyBatch`).
    public static let batchedChanges = 8

    private func replace(_ range: Range<Int>, with text: String) {
        switch store {
        case .workspace:
            workspace?.edit(id: id, TextEdit(range: range, text: text))
        case .bytes(var b):
            store = .bytes(SourceBuffer([]))  // the only reference: the edit does not copy
            b.replace(range, with: Array(text.utf8))
            store = .bytes(b)
        }
    }

    private func replaceAll(with bytes: [UInt8]) {
        lines = nil
        longLine = nil
        switch store {
        case .workspace: workspace?.open(id: id, text: bytes)
        case .bytes: store = .bytes(SourceBuffer(bytes))
        }
    }

    /// A batch of ranged changes (a multi-cursor edit, a replace-all): applied first to a copy of
    /// the text, which tells the span they touch (the hull, in the text before and after them);
    /// when the hull is small for their number (under 512 bytes a change: a reparse of the hull
    /// costs less than one per change), the workspace takes them as one edit of the hull, reparsed,
    /// analysed and propagated once, else change by change. A change per member of one style, or
    /// per style of a chain, re-analysed the item or walked the chain's dependents once a change.
    private func applyBatch(_ changes: ArraySlice<TextChange>, lines: inout LineStartsGap, encoding: PositionEncoding, clamped: () -> Void)
    {
        guard case .workspace = store, let workspace else { return }
        var scratch = source
        var resolved: [(Range<Int>, String)] = []
        resolved.reserveCapacity(changes.count)
        // The hull in the text so far (h) and in the text before the batch (o).
        var hull: (h0: Int, h1: Int, o0: Int, o1: Int)?
        for change in changes {
            guard let range = change.range else { continue }
            let (edited, wasClamped) = lines.range(from: range.start, to: range.end, encoding: encoding) { scratch[$0] }
            if wasClamped { clamped() }
            let inserted = Array(change.text.utf8)
            scratch.replace(edited, with: inserted)
            lines.edit(range: edited, inserted: inserted.count) { scratch[$0] }
            resolved.append((edited, change.text))
            let (x, y, n) = (edited.lowerBound, edited.upperBound, inserted.count)
            if let h = hull {
                // Text before the hull is as it was; after it, shifted by what the hull grew.
                let e = max(h.h1, y)
                hull = (min(h.h0, x), e + n - (y - x), x < h.h0 ? x : h.o0, h.o1 + (e - h.h1))
            } else {
                hull = (x, x + n, x, y)
            }
        }
        guard let hull else { return }
        if (hull.h1 - hull.h0) + (hull.o1 - hull.o0) <= resolved.count * 512 {
            let text = scratch.string(in: hull.h0..<hull.h1)
            workspace.edit(id: id, TextEdit(range: hull.o0..<hull.o1, text: text))
        } else {
            for (range, text) in resolved { workspace.edit(id: id, TextEdit(range: range, text: text)) }
        }
    }

    /// The path for a change within one line of at most `LongLines.step` bytes that neither
    /// removes nor adds a line break: the line starts after it shift by the bytes it adds or
    /// removes, in place (no gap buffer moved to the middle of a long document and built back into
    /// an array again). False, with nothing done, for any other change.
    private func editWithinLine(
        _ range: (start: (line: Int, character: Int), end: (line: Int, character: Int)), _ text: String, _ encoding: PositionEncoding
    ) -> Bool {
        let (start, end) = range
        // The line table shares the text buffer: nothing of it may outlive this closure, or the
        // edit would copy the whole text.
        guard
            var edit: (range: Range<Int>, line: Int, starts: [Int]) = {
                let p = currentLineTable(encoding)
                guard start.line == end.line, start.line < p.lineStarts.count else { return nil }
                let lineStart = p.lineStarts[start.line]
                let lineEnd = p.lineEnd(start.line)
                guard lineEnd - lineStart <= LongLines.step else { return nil }
                let a = p.offset(line: start.line, character: start.character)
                let b = p.offset(line: end.line, character: end.character)
                guard !a.clamped, !b.clamped, a.offset <= b.offset, b.offset <= lineEnd else { return nil }
                return (a.offset..<b.offset, start.line, p.lineStarts)
            }()
        else { return false }
        lines = nil
        longLine = nil
        replace(edit.range, with: text)
        let delta = text.utf8.count - edit.range.count
        if delta != 0 {
            // In place: the kept line table that shared this array was dropped above.
            let line = edit.line
            edit.starts.withUnsafeMutableBufferPointer { s in
                for i in (line + 1)..<s.count { s[i] += delta }
            }
        }
        lines = (root, LineTable(source: source, lineStarts: edit.starts, encoding: encoding))
        return true
    }
}
