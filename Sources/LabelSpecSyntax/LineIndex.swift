/// Maps byte offsets to lines and columns. Lines break at `\n`, `\r\n` and `\r`, as the lexer does.
public struct LineIndex: Sendable {
    /// Byte offset where each line starts.
    public let lineStarts: [Int]
    public let count: Int

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { p in
            LineIndex.appendLineStarts(to: &starts, scanning: 0..<p.count, count: p.count) { p[$0] }
        }
        lineStarts = starts
        count = bytes.count
    }

    /// Appends to `starts` the start `i + 1` of the line after every byte `i` in `range` that ends
    /// one: LF, or CR not followed by LF (CR LF is one break, after its LF). Whether a byte starts a
    /// line depends on it and the byte before alone, so a range can be scanned again on its own
    /// (the language server updates its line starts around an edit this way). `byte(i)` reads
    /// the text, `count` is its length.
    @inlinable
    public static func appendLineStarts(to starts: inout [Int], scanning range: Range<Int>, count: Int, byte: (Int) -> UInt8) {
        var i = range.lowerBound
        while i < range.upperBound {
            let b = byte(i)
            if b == UInt8(ascii: "\n") || (b == UInt8(ascii: "\r") && (i + 1 >= count || byte(i + 1) != UInt8(ascii: "\n"))) {
                starts.append(i + 1)
            }
            i += 1
        }
    }

    /// The 0-based line holding `offset`.
    public func line(of offset: Int) -> Int { LineIndex.line(of: offset, in: lineStarts) }

    /// The 0-based line holding `offset`, given the (sorted, starting with 0) line starts.
    public static func line(of offset: Int, in lineStarts: [Int]) -> Int {
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

extension Range where Bound == Int {
    /// The range moved by `delta` (relative offsets to absolute ones, or back).
    @inlinable public func shifted(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}
