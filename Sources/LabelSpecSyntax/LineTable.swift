import LabelSpecSupport

/// How LSP positions count characters within a line.
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// The one line table: byte offsets to lines and columns and back, for one version of a text,
/// columns counted in UTF-8 bytes, UTF-16 code units or Unicode scalars (`encoding`: the language
/// server chooses the one its client speaks; the command line counts scalars). Lines break at
/// `\n`, `\r\n` and `\r`, as the lexer does; a scalar is one unit (two in UTF-16 above U+FFFF)
/// and an invalid byte one unit of its own, in every encoding (`step`). Positions past a line's
/// end or past the last line are clamped, never trapped on.
///
/// It shares the document's gap buffer (copy on write) instead of copying the text, and after an
/// edit its line starts are carried from the previous version's (`LineStartsGap`) instead of
/// scanning the whole text again. Whoever edits the document must drop the old value first, or the edit copies
/// the buffer.
///
/// On a line longer than `LongLines.step` bytes, positions are counted from the nearest of the
/// line's checkpoints (`LongLines`) instead of its start, so that many positions on one long line
/// (a minified file, thousands of members on one line) cost about a checkpoint's step each, not the
/// line's length each.
public struct LineTable: @unchecked Sendable {
    public let source: SourceBuffer
    public let lineStarts: [Int]
    public let encoding: PositionEncoding
    private let longLines = LongLines()

    /// `textStart`: where line 0's columns begin (3 past a byte order mark, which the command
    /// line does not count as a column); 0 otherwise.
    public init(_ source: SourceBuffer, encoding: PositionEncoding, textStart: Int = 0) {
        self.source = source
        self.encoding = encoding
        var starts = [min(textStart, source.count)]
        LineTable.appendLineStarts(to: &starts, scanning: starts[0]..<source.count, count: source.count) { source[$0] }
        lineStarts = starts
    }

    public init(_ bytes: [UInt8], encoding: PositionEncoding, textStart: Int = 0) {
        self.init(SourceBuffer(bytes), encoding: encoding, textStart: textStart)
    }

    /// Positions over line starts already known for this text (`LineStartsGap.lineStarts`).
    public init(source: SourceBuffer, lineStarts: [Int], encoding: PositionEncoding) {
        self.source = source
        self.lineStarts = lineStarts
        self.encoding = encoding
    }

    /// Number of bytes of text.
    public var count: Int { source.count }

    /// Where the line's text ends (before its line break).
    public func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : source.count
        while end > lineStarts[line], source[end - 1] == UInt8(ascii: "\n") || source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The bytes of a line without its line break.
    public func lineRange(_ line: Int) -> Range<Int> { lineStarts[line]..<lineEnd(line) }

    /// One scalar at `i` of `count` bytes: its bytes and its units in `encoding`. A lead byte
    /// not followed by as many continuation bytes as it announces, and a stray continuation byte,
    /// are one byte and one unit of their own.
    @inlinable
    public static func step(at i: Int, count: Int, _ encoding: PositionEncoding, byte: (Int) -> UInt8) -> (bytes: Int, units: Int) {
        let b = byte(i)
        if b < 0x80 { return (1, 1) }
        let length: Int
        switch b {
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return (1, 1)
        }
        guard i + length <= count else { return (1, 1) }
        for k in 1..<length where byte(i + k) & 0xC0 != 0x80 { return (1, 1) }
        switch encoding {
        case .utf8: return (length, length)
        case .utf16: return (length, length == 4 ? 2 : 1)
        case .utf32: return (length, 1)
        }
    }

    /// One scalar of this text at `i`.
    func step(at i: Int) -> (bytes: Int, units: Int) { LineTable.step(at: i, count: source.count, encoding) { source[$0] } }

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

    /// The 0-based line holding `offset`, given the (sorted) line starts.
    public static func line(of offset: Int, in lineStarts: [Int]) -> Int {
        max(0, lineStarts.partitionPoint { $0 > offset } - 1)
    }

    /// The line holding a byte offset.
    public func line(of offset: Int) -> Int { LineTable.line(of: offset, in: lineStarts) }

    /// The line holding a byte offset known to be at or after the start of line `from`: a search
    /// that gallops forward from there, so that offsets read in order cost the distance between
    /// them rather than a search of the whole (cache-cold) table each.
    public func line(of offset: Int, atOrAfter from: Int) -> Int {
        var lo = from
        var step = 1
        while lo + step < lineStarts.count, lineStarts[lo + step] <= offset {
            lo += step
            step *= 2
        }
        // The last start at or before `offset` among those after `lo`, up to the first probe that
        // passed it; `lo` when there is none.
        let hi = min(lo + step, lineStarts.count)
        guard lo + 1 < hi else { return lo }
        return lineStarts[(lo + 1)..<hi].partitionPoint { $0 > offset } - 1
    }

    /// Where to start counting toward byte `offset` on `line`: the line's start, or on a long line
    /// the last checkpoint at or before `offset` (its byte offset and the units before it).
    public func start(line: Int, before offset: Int) -> (offset: Int, units: Int) {
        let first = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : source.count
        guard end - first > LongLines.step, offset - first >= LongLines.step else { return (first, 0) }
        return LongLines.last(longLines.checkpoints(line: line, of: self)) { $0.offset <= offset } ?? (first, 0)
    }

    /// Where to start counting toward `character` units on `line`: the line's start, or on a long
    /// line the last checkpoint at or before that many units.
    public func start(line: Int, beforeUnits character: Int) -> (offset: Int, units: Int) {
        let first = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : source.count
        guard end - first > LongLines.step, character >= LongLines.step / 4 else { return (first, 0) }
        return LongLines.last(longLines.checkpoints(line: line, of: self)) { $0.units <= character } ?? (first, 0)
    }

    /// The LSP position of a byte offset.
    public func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = max(0, min(offset, source.count))
        let line = line(of: offset)
        var (i, character) = start(line: line, before: offset)
        while i < offset {
            let u = step(at: i)
            i += u.bytes
            character += u.units
        }
        return (line, character)
    }

    /// The byte offset of an LSP position, clamped into the text; `clamped` says whether it had to be.
    public func offset(line: Int, character: Int) -> (offset: Int, clamped: Bool) {
        let from = line >= 0 && line < lineStarts.count && character >= 0 ? start(line: line, beforeUnits: character) : nil
        return Self.offset(
            line: line, character: character, lineCount: lineStarts.count, start: { lineStarts[$0] }, count: source.count,
            encoding: encoding,
            from: from
        ) { source[$0] }
    }

    /// `offset(line:character:)` over any line table: `start(i)` is where line `i` of `lineCount`
    /// starts, `byte(i)` reads the text of `count` bytes; `from` is a place on the line to count
    /// on from (its byte offset and the units before it on the line) instead of its start.
    public static func offset(
        line: Int, character: Int, lineCount: Int, start: (Int) -> Int, count: Int, encoding: PositionEncoding,
        from: (offset: Int, units: Int)? = nil, byte: (Int) -> UInt8
    ) -> (offset: Int, clamped: Bool) {
        guard line >= 0, character >= 0 else { return (0, true) }
        guard line < lineCount else { return (count, true) }
        let first = start(line)
        var end = line + 1 < lineCount ? start(line + 1) : count
        while end > first, byte(end - 1) == UInt8(ascii: "\n") || byte(end - 1) == UInt8(ascii: "\r") { end -= 1 }
        var i = first
        var remaining = character
        if let from, from.offset <= end, from.units <= character {
            i = from.offset
            remaining = character - from.units
        }
        while remaining > 0, i < end {
            let u = step(at: i, count: count, encoding, byte: byte)
            if u.units > remaining { return (i, true) }  // inside a surrogate pair
            i = min(i + u.bytes, end)
            remaining -= u.units
        }
        return (i, remaining > 0)
    }

    /// Where a kept chunk starts now, from where it started `then` and where the kept chunk right
    /// before it started then (`previous`) and starts now (`previousNow`): with the text between
    /// the two starts unchanged, it starts as many lines after that one as before, at the same
    /// character when a line starts between them, else as many characters further on.
    public static func carried(
        _ then: (line: Int, character: Int), after previous: (line: Int, character: Int), now previousNow: (line: Int, character: Int)
    ) -> (line: Int, character: Int) {
        (
            previousNow.line + (then.line - previous.line),
            then.line != previous.line ? then.character : previousNow.character + (then.character - previous.character)
        )
    }

    /// Positions of offsets read in (mostly) increasing order, as diagnostics are: the scan of a
    /// line goes on from the previous offset instead of the line's start, so that many positions
    /// on one long line cost the line's length once, not once each.
    public struct Cursor {
        public let positions: LineTable
        private var offset = 0, line = 0, character = 0

        public init(_ positions: LineTable) {
            self.positions = positions
            offset = positions.lineStarts[0]
        }

        public mutating func position(of target: Int) -> (line: Int, character: Int) {
            let target = max(0, min(target, positions.source.count))
            let targetLine = target >= offset ? positions.line(of: target, atOrAfter: line) : positions.line(of: target)
            if targetLine != line || target < offset {
                line = targetLine
                (offset, character) = positions.start(line: targetLine, before: target)
            } else if target - offset > LongLines.step {
                // Far ahead on a long line: on from the checkpoint before it, if that is nearer.
                let from = positions.start(line: targetLine, before: target)
                if from.offset > offset { (offset, character) = from }
            }
            while offset < target {
                let u = positions.step(at: offset)
                offset += u.bytes
                character += u.units
            }
            return (line, character)
        }
    }
}

/// Checkpoints of a text's long lines (over `step` bytes), made the first time a position on the
/// line is asked for: every `step` bytes, the first scalar boundary at or after it, with the units
/// counted from the line's start to it. The boundaries are those a count from the line's start
/// steps on (an invalid byte is one unit of its own), so a count from a checkpoint gives exactly
/// what a count from the line's start gives. Shared by the copies of one `LineTable`, and by
/// the threads that serialise a document's chunks in parallel: made under a lock.
public final class LongLines: @unchecked Sendable {
    public static let step = 1_024
    private let lock = Lock()
    private var lines: [Int: [(offset: Int, units: Int)]] = [:]

    func checkpoints(line: Int, of positions: LineTable) -> [(offset: Int, units: Int)] {
        lock.withLock {
            if let made = lines[line] { return made }
            let first = positions.lineStarts[line]
            let end = line + 1 < positions.lineStarts.count ? positions.lineStarts[line + 1] : positions.source.count
            var made = [(offset: first, units: 0)]
            LongLines.extend(&made, past: Int.max, end: end, encoding: positions.encoding) { positions.source[$0] }
            lines[line] = made
            return made
        }
    }

    /// Steps on from the last of `checkpoints` (the line's start at first), adding one at the
    /// first scalar boundary `step` bytes or more after the one before, until the units counted
    /// pass `limit` or the line ends at `end`.
    static func extend(
        _ checkpoints: inout [(offset: Int, units: Int)], past limit: Int, end: Int, encoding: PositionEncoding, byte: (Int) -> UInt8
    ) {
        var (i, units) = checkpoints[checkpoints.count - 1]
        var next = i + step
        while units <= limit, i < end {
            let u = LineTable.step(at: i, count: end, encoding, byte: byte)
            i += u.bytes
            units += u.units
            if i >= next, i < end {
                checkpoints.append((i, units))
                next = i + step
            }
        }
    }

    /// The last checkpoint for which `holds` (true for a prefix of them), by binary search.
    static func last(_ checkpoints: [(offset: Int, units: Int)], where holds: ((offset: Int, units: Int)) -> Bool) -> (
        offset: Int, units: Int
    )? {
        let i = checkpoints.partitionPoint { !holds($0) }
        return i > 0 ? checkpoints[i - 1] : nil
    }
}

/// The line starts of a text edited change after change (a `didChange` with many changes, as a
/// multi-cursor edit or a replace-all sends): a gap buffer of line starts. The starts before the
/// gap are kept as offsets and those after it as distances from the text's end, which an edit
/// before them leaves as they are; an edit moves the gap to itself, at the cost of the lines
/// between it and the previous edit. A batch of changes in document order, either way (VS Code
/// sends a multi-cursor edit bottom-up), then costs the document's lines once, where a line table
/// copied and shifted after each change costs them once per change. Whether byte `s` starts a
/// line depends on bytes `s - 1` and `s` alone, so around an edit the starts before it and those
/// at least two bytes after it stay valid (shifted), and only the bytes between are scanned again.
public struct LineStartsGap: Sendable {
    /// Line starts before the gap, ascending; line 0's start is always here.
    private var head: [Int]
    /// Line starts after the gap as `count - start`: the nearest to the gap last.
    private var tail: [Int] = []
    /// Bytes of text.
    public private(set) var count: Int

    public init(lineStarts: [Int], count: Int) {
        head = lineStarts.isEmpty ? [0] : lineStarts
        self.count = count
    }

    public var lineCount: Int { head.count + tail.count }

    public func start(_ line: Int) -> Int {
        line < head.count ? head[line] : count - tail[tail.count - 1 - (line - head.count)]
    }

    /// Checkpoints of the last long line a position was asked on (as `LongLines` makes them),
    /// made as far as the positions asked reached, and kept across edits after them on the line:
    /// changes all over one long line (a replace-all in a minified file) then cost about the
    /// line once, not once each.
    public var longLine: LongLine?
    public typealias LongLine = (line: Int, checkpoints: [(offset: Int, units: Int)])

    /// The byte offset of an LSP position in the text these line starts describe.
    public mutating func offset(line: Int, character: Int, encoding: PositionEncoding, byte: (Int) -> UInt8) -> (offset: Int, clamped: Bool)
    {
        var from: (offset: Int, units: Int)?
        if line >= 0, line < lineCount, character >= LongLines.step / 4 {
            let first = start(line)
            var end = line + 1 < lineCount ? start(line + 1) : count
            while end > first, byte(end - 1) == UInt8(ascii: "\n") || byte(end - 1) == UInt8(ascii: "\r") { end -= 1 }
            if end - first > LongLines.step {
                var checkpoints = longLine?.line == line ? longLine!.checkpoints : [(first, 0)]
                longLine = nil
                LongLines.extend(&checkpoints, past: character, end: end, encoding: encoding, byte: byte)
                from = LongLines.last(checkpoints) { $0.units <= character }
                longLine = (line, checkpoints)
            }
        }
        return LineTable.offset(
            line: line, character: character, lineCount: lineCount, start: start, count: count, encoding: encoding, from: from, byte: byte)
    }

    /// The byte range of an LSP range (a range given backwards read forwards), and whether a
    /// position past the text had to be clamped.
    public mutating func range(
        from start: (line: Int, character: Int), to end: (line: Int, character: Int), encoding: PositionEncoding, byte: (Int) -> UInt8
    ) -> (range: Range<Int>, clamped: Bool) {
        let a = offset(line: start.line, character: start.character, encoding: encoding, byte: byte)
        let b = offset(line: end.line, character: end.character, encoding: encoding, byte: byte)
        return (min(a.offset, b.offset)..<max(a.offset, b.offset), a.clamped || b.clamped)
    }

    /// `range` (old offsets) was replaced by `inserted` bytes; `byte` reads the new text.
    public mutating func edit(range: Range<Int>, inserted: Int, byte: (Int) -> UInt8) {
        // The long line's checkpoints before the edit stay, if the edit leaves the line's start
        // (and so every line break before it) as it was. Whether a checkpoint is a scalar boundary
        // depends on the three bytes after it (a lead byte is checked against the bytes it
        // announces: `LineTable.step`), so those stay only three bytes or more before the edit.
        if let (line, checkpoints) = longLine {
            if range.lowerBound > start(line) {
                longLine = (line, Array(checkpoints.prefix { $0.offset == start(line) || $0.offset + 3 <= range.lowerBound }))
            } else {
                longLine = nil
            }
        }
        // The gap to the edit: the head holds the starts before it (line 0's at least), the tail
        // those after.
        while head.count > 1, let last = head.last, last >= range.lowerBound {
            head.removeLast()
            tail.append(count - last)
        }
        while let d = tail.last, count - d < range.lowerBound {
            tail.removeLast()
            head.append(count - d)
        }
        // Starts up to a byte past the edit may change: they are found again by scanning.
        while let d = tail.last, count - d < range.upperBound + 2 { tail.removeLast() }
        let delta = inserted - range.count
        count += delta  // the tail's distances from the end hold as they are
        let scanFrom = max(0, range.lowerBound - 1)
        let scanTo = min(count, range.upperBound + 1 + delta)
        LineTable.appendLineStarts(to: &head, scanning: scanFrom..<scanTo, count: count, byte: byte)
    }

    /// Every line start, ascending.
    public var lineStarts: [Int] {
        var out = head
        out.reserveCapacity(head.count + tail.count)
        for d in tail.reversed() { out.append(count - d) }
        return out
    }
}

extension Range where Bound == Int {
    /// The range moved by `delta` (relative offsets to absolute ones, or back).
    @inlinable public func shifted(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}
