/// The text of a document as a gap buffer: an edit costs the distance from the previous edit, not
/// the size of the file, so typing in a 10 MB document stays cheap.
public struct SourceBuffer: Sendable {
    private var storage: [UInt8]
    private var gapStart: Int
    private var gapEnd: Int

    public init(_ bytes: [UInt8]) {
        storage = bytes
        gapStart = bytes.count
        gapEnd = bytes.count
    }

    public init<S: StringProtocol>(_ text: S) { self.init(Array(text.utf8)) }

    /// Number of bytes of text.
    public var count: Int { storage.count - (gapEnd - gapStart) }

    @inline(__always) public subscript(i: Int) -> UInt8 {
        i < gapStart ? storage[i] : storage[i + gapEnd - gapStart]
    }

    /// Replaces `range` (byte offsets) with `replacement`.
    public mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "edit outside the text")
        moveGap(to: range.lowerBound)
        gapEnd += range.count  // delete
        let gap = gapEnd - gapStart
        if gap < replacement.count { grow(by: replacement.count - gap) }
        for (i, b) in replacement.enumerated() { storage[gapStart + i] = b }
        gapStart += replacement.count
    }

    private mutating func moveGap(to position: Int) {
        if position < gapStart {
            let n = gapStart - position
            storage.withUnsafeMutableBufferPointer { p in
                let base = p.baseAddress!
                (base + gapEnd - n).update(from: base + position, count: n)
            }
            gapStart -= n
            gapEnd -= n
        } else if position > gapStart {
            let n = position - gapStart
            storage.withUnsafeMutableBufferPointer { p in
                let base = p.baseAddress!
                (base + gapStart).update(from: base + gapEnd, count: n)
            }
            gapStart += n
            gapEnd += n
        }
    }

    private mutating func grow(by needed: Int) {
        let extra = max(needed, 4096, count / 16)
        storage.insert(contentsOf: repeatElement(0, count: extra), at: gapEnd)
        gapEnd += extra
    }

    /// Runs `body` over the bytes of `range` as one contiguous buffer whose index 0 is byte
    /// `range.lowerBound`. Moves the gap out of the range when needed (cost: the distance moved).
    public mutating func withContiguousBytes<R>(
        _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        if range.lowerBound < gapStart && range.upperBound > gapStart {
            // Move the gap to whichever end of the range is nearer.
            if gapStart - range.lowerBound < range.upperBound - gapStart {
                moveGap(to: range.lowerBound)
            } else {
                moveGap(to: range.upperBound)
            }
        }
        let physical = range.lowerBound < gapStart ? range.lowerBound : range.lowerBound + gapEnd - gapStart
        return try storage.withUnsafeBufferPointer { p in
            try body(UnsafeBufferPointer(rebasing: p[physical..<(physical + range.count)]))
        }
    }

    /// A copy of the bytes in `range`.
    public func bytes(in range: Range<Int>) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(range.count)
        if range.upperBound <= gapStart {
            out.append(contentsOf: storage[range])
        } else if range.lowerBound >= gapStart {
            let d = gapEnd - gapStart
            out.append(contentsOf: storage[range.shifted(by: d)])
        } else {
            out.append(contentsOf: storage[range.lowerBound..<gapStart])
            out.append(contentsOf: storage[gapEnd..<(range.upperBound + gapEnd - gapStart)])
        }
        return out
    }

    /// All of the text.
    public var allBytes: [UInt8] { bytes(in: 0..<count) }

    /// The text of `range`, decoded as UTF-8 with invalid bytes replaced.
    public func string(in range: Range<Int>) -> String {
        String(decoding: bytes(in: range), as: UTF8.self)
    }
}
