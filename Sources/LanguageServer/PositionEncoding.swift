/// How LSP positions count characters within a line.
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// Converts between byte offsets and LSP positions for one version of a document's text. Positions
/// past a line's end or past the last line are clamped, never trapped on.
struct TextPositions {
    let bytes: [UInt8]
    let lineStarts: [Int]
    let encoding: PositionEncoding

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.encoding = encoding
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\n") {
                starts.append(i + 1)
            } else if bytes[i] == UInt8(ascii: "\r") {
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
    }

    /// Where the line's text ends (before its line break).
    func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// Units of one scalar starting with this lead byte.
    private func units(lead b: UInt8) -> (bytes: Int, units: Int) {
        let length: Int
        switch b {
        case 0..<0x80: length = 1
        case 0xC0..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF8: length = 4
        default: length = 1  // an invalid byte counts as one unit
        }
        switch encoding {
        case .utf8: return (length, length)
        case .utf16: return (length, length == 4 ? 2 : 1)
        case .utf32: return (length, 1)
        }
    }

    /// The LSP position of a byte offset.
    func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var i = lineStarts[lo]
        var character = 0
        while i < offset {
            let u = units(lead: bytes[i])
            i += u.bytes
            character += u.units
        }
        return (lo, character)
    }

    /// The byte offset of an LSP position, clamped into the text; `clamped` says whether it had to be.
    func offset(line: Int, character: Int) -> (offset: Int, clamped: Bool) {
        guard line >= 0, character >= 0 else { return (0, true) }
        guard line < lineStarts.count else { return (bytes.count, true) }
        let end = lineEnd(line)
        var i = lineStarts[line]
        var remaining = character
        while remaining > 0, i < end {
            let u = units(lead: bytes[i])
            if u.units > remaining { return (i, true) }  // inside a surrogate pair
            i = min(i + u.bytes, end)
            remaining -= u.units
        }
        return (i, remaining > 0)
    }

    func range(_ r: Range<Int>) -> JSONRange {
        let a = position(of: r.lowerBound)
        let b = position(of: r.upperBound)
        return JSONRange(startLine: a.line, startCharacter: a.character, endLine: b.line, endCharacter: b.character)
    }
}

struct JSONRange: Equatable {
    var startLine, startCharacter, endLine, endCharacter: Int
}
