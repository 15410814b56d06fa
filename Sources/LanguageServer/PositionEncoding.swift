import JSON
import LabelSpecSyntax

/// LSP ranges over the one line table (`LineTable`, in LabelSpecSyntax): the server's side of it.
/// The server chooses the encoding its client speaks (`initialize`); a table shares the
/// document's gap buffer (copy on write), so whoever edits the document drops the old table
/// first, or the edit copies the buffer.
extension LineTable {
    /// The bytes an LSP range asks about, its end included (clamped; a range given backwards is
    /// read forwards); nil when it is not a range.
    func requested(_ range: JSONValue) -> Range<Int>? {
        guard let a = readPosition(range["start"]), let b = readPosition(range["end"]) else { return nil }
        let x = offset(line: a.line, character: a.character).offset
        let y = offset(line: b.line, character: b.character).offset
        return min(x, y)..<(max(x, y) + 1)
    }

    func range(_ r: Range<Int>) -> JSONRange {
        let a = position(of: r.lowerBound)
        let b = position(of: r.upperBound)
        return JSONRange(startLine: a.line, startCharacter: a.character, endLine: b.line, endCharacter: b.character)
    }
}

extension LineTable.Cursor {
    mutating func range(_ r: Range<Int>) -> JSONRange {
        let a = position(of: r.lowerBound)
        let b = position(of: r.upperBound)
        return JSONRange(startLine: a.line, startCharacter: a.character, endLine: b.line, endCharacter: b.character)
    }
}

struct JSONRange: Equatable {
    var startLine, startCharacter, endLine, endCharacter: Int
}
