/// Maps byte offsets to lines and columns. Lines break at `\n`, `\r\n` and `\r`, as the lexer does.
public struct LineIndex: Sendable {
    /// Byte offset where each line starts.
    public let lineStarts: [Int]
    public let count: Int

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                starts.append(i + 1)
            } else if b == UInt8(ascii: "\r") {
                if i + 1 < n, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
        count = n
    }

    /// The 0-based line holding `offset`.
    public func line(of offset: Int) -> Int {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// 0-based line and 0-based column counted in Unicode scalars (invalid bytes count one each).
    public func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        let line = line(of: offset)
        var column = 0
        var i = lineStarts[line]
        while i < offset {
            let b = bytes[i]
            // Continuation bytes do not start a scalar.
            if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }

    /// The bytes of 0-based line `line` without its line break.
    public func lineRange(_ line: Int, in bytes: [UInt8]) -> Range<Int> {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return start..<end
    }
}
