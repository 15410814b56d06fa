import JSON
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// Applying an editor's changes to an open `.labelspec` document (`textDocument/didChange`):
/// held apart from the message handling in `LanguageServer.swift`.
extension LanguageServer {
    /// `textDocument/didChange`: converts the editor's positions and applies the changes to the
    /// document (typing within a line, a batch, or change by change).
    func didChange(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let ns = namespace(of: uri), let opened = open[uri],
            let changes = params["contentChanges"]?.arrayValue
        else {
            log("didChange for a document that is not open, or without contentChanges", level: .warning)
            return
        }
        // A malformed change is refused before anything is applied: the document stays as it was.
        for (i, change) in changes.enumerated() {
            let range = change["range"]
            guard change["text"]?.stringValue != nil,
                range == nil || (readPosition(range?["start"]) != nil && readPosition(range?["end"]) != nil)
            else {
                log("didChange for \(uri) refused: change \(i + 1) of \(changes.count) is malformed (it needs a text and, if a range, "
                    + "a start and an end of non-negative integer line and character); the document is unchanged", level: .warning)
                return
            }
        }
        // Typing: one change within one short line, no line break in or out. The line starts
        // after it shift by the bytes it adds or removes, in place: no gap buffer moved to the
        // middle of a long document and built back into an array again.
        var typed = false
        if changes.count == 1, let change = changes.first, let text = change["text"]?.stringValue,
            !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }),
            let start = readPosition(change["range"]?["start"]), let end = readPosition(change["range"]?["end"]),
            let doc = ns.workspace.documents[uri]
        {
            typed = editWithinLine(doc, in: ns.workspace, opened, start, end, text)
        }
        if !typed { apply(changes, to: uri, in: ns.workspace, opened) }
        opened.version = params["textDocument"]?["version"]?.intValue ?? opened.version
        publish(uri, debounced: true)
        publishDependents(of: uri, in: ns)
    }

    /// `didChange`'s changes in order, any number and kind (full text, ranged, batches).
    private func apply(_ changes: [JSONValue], to uri: String, in workspace: Workspace, _ opened: OpenDocument) {
        // The line starts, carried from change to change as a gap buffer (no reference to the
        // text is kept across an edit: it would make the edit copy the whole text).
        var lines: LineStartsGap?
        func startLines(_ doc: Workspace.Document) {
            guard lines == nil else { return }
            let p = positions(doc)
            lines = LineStartsGap(lineStarts: p.lineStarts, count: p.count)
            if let kept = opened.longLine, kept.root === doc.syntax.root { lines!.longLine = kept.line }
        }
        var i = 0
        while i < changes.count {
            // Changes apply in order: each is read against the text the previous one left.
            guard let text = changes[i]["text"]?.stringValue, let doc = workspace.documents[uri] else { break }
            guard changes[i]["range"] != nil else {
                workspace.open(id: uri, text: Array(text.utf8))
                lines = nil
                i += 1
                continue
            }
            var run = i
            while run < changes.count, changes[run]["range"] != nil { run += 1 }
            startLines(doc)
            // The cached positions share the text buffer: drop them before the edit.
            opened.positions = nil
            if run - i >= LanguageServer.batchedChanges {
                applyBatch(changes[i..<run], to: doc, in: workspace, lines: &lines!)
            } else {
                for change in changes[i..<run] {
                    guard let text = change["text"]?.stringValue, let start = readPosition(change["range"]?["start"]),
                        let end = readPosition(change["range"]?["end"])
                    else { continue }
                    let edited = editRange(doc, &lines!, start, end)
                    workspace.edit(id: uri, TextEdit(range: edited, text: text))
                    let source = doc.syntax.source
                    lines!.edit(range: edited, inserted: text.utf8.count) { source[$0] }
                }
            }
            i = run
        }
        opened.longLine = nil
        if let lines, let doc = workspace.documents[uri] {
            opened.positions = (doc.syntax.root, LineTable(source: doc.syntax.source, lineStarts: lines.lineStarts, encoding: encoding))
            if let long = lines.longLine { opened.longLine = (doc.syntax.root, long) }
        }
    }

    /// How many ranged changes in a row make a batch (`applyBatch`).
    static let batchedChanges = 8

    /// A batch of ranged changes (a multi-cursor edit, a replace-all): applied first to a copy of
    /// the text, which tells the span they touch (the hull, in the text before and after them);
    /// when the hull is small for their number (under 512 bytes a change: a reparse of the hull
    /// costs less than one per change), the workspace takes them as one edit of the hull, reparsed,
    /// analysed and propagated once, else change by change. A change per member of one style, or
    /// per style of a chain, re-analysed the item or walked the chain's dependents once a change.
    private func applyBatch(_ changes: ArraySlice<JSONValue>, to doc: Workspace.Document, in workspace: Workspace, lines: inout LineStartsGap) {
        var scratch = doc.syntax.source
        var resolved: [(Range<Int>, String)] = []
        resolved.reserveCapacity(changes.count)
        // The hull in the text so far (h) and in the text before the batch (o).
        var hull: (h0: Int, h1: Int, o0: Int, o1: Int)?
        for change in changes {
            guard let text = change["text"]?.stringValue, let start = readPosition(change["range"]?["start"]),
                let end = readPosition(change["range"]?["end"])
            else { continue }
            let (edited, clamped) = lines.range(from: start, to: end, encoding: encoding) { scratch[$0] }
            if clamped { log("didChange: a position past the text was clamped") }
            let inserted = Array(text.utf8)
            scratch.replace(edited, with: inserted)
            lines.edit(range: edited, inserted: inserted.count) { scratch[$0] }
            resolved.append((edited, text))
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
            workspace.edit(id: doc.id, TextEdit(range: hull.o0..<hull.o1, text: text))
        } else {
            for (range, text) in resolved { workspace.edit(id: doc.id, TextEdit(range: range, text: text)) }
        }
    }

    /// `didChange`'s path for a change within one line of at most `LongLines.step` bytes that
    /// neither removes nor adds a line break; false (nothing done) for any other change.
    private func editWithinLine(
        _ doc: Workspace.Document, in workspace: Workspace, _ opened: OpenDocument, _ start: (line: Int, character: Int),
        _ end: (line: Int, character: Int), _ text: String
    ) -> Bool {
        // The positions share the text buffer: nothing of them may outlive this closure, or the
        // edit would copy the whole text.
        guard var edit: (range: Range<Int>, line: Int, starts: [Int]) = {
            let p = positions(doc)
            guard start.line == end.line, start.line < p.lineStarts.count else { return nil }
            let lineStart = p.lineStarts[start.line]
            let lineEnd = p.lineEnd(start.line)
            guard lineEnd - lineStart <= LongLines.step else { return nil }
            let a = p.offset(line: start.line, character: start.character)
            let b = p.offset(line: end.line, character: end.character)
            guard !a.clamped, !b.clamped, a.offset <= b.offset, b.offset <= lineEnd else { return nil }
            return (a.offset..<b.offset, start.line, p.lineStarts)
        }() else { return false }
        opened.positions = nil
        opened.longLine = nil
        workspace.edit(id: doc.id, TextEdit(range: edit.range, text: text))
        let delta = text.utf8.count - edit.range.count
        if delta != 0 {
            // In place: the cached positions that shared this array were dropped above.
            let line = edit.line
            edit.starts.withUnsafeMutableBufferPointer { s in
                for i in (line + 1)..<s.count { s[i] += delta }
            }
        }
        if let edited = workspace.documents[doc.id] {
            opened.positions = (edited.syntax.root, LineTable(source: edited.syntax.source, lineStarts: edit.starts, encoding: encoding))
        }
        return true
    }

    /// The byte range of an LSP range (clamped, and logged when it had to be).
    private func editRange(
        _ doc: Workspace.Document, _ lines: inout LineStartsGap, _ start: (line: Int, character: Int), _ end: (line: Int, character: Int)
    ) -> Range<Int> {
        let source = doc.syntax.source
        let (edited, clamped) = lines.range(from: start, to: end, encoding: encoding) { source[$0] }
        if clamped { log("didChange: a position past the text was clamped") }
        return edited
    }
}
