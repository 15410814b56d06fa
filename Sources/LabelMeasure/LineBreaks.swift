import CLineBreak

/// A piece of text between two break opportunities: a word with the spaces after it.
struct Segment {
    var text: Substring
    /// Ends with a mandatory break (a line feed).
    var isHardBreak: Bool
}

enum LineBreaks {
    /// Splits text at its UAX #14 break opportunities (ICU), with the rules of the language (a
    /// BCP 47 tag; nil is English): ICU's dictionaries find the words of Thai, Lao, Khmer and
    /// Burmese, and Chinese and Japanese get ICU's CJK rules.
    static func segments(_ text: String, language: String? = nil) -> [Segment] {
        segments(text, in: text.startIndex..<text.endIndex, language: language)
    }

    /// The segments of `text[range]` (substrings of `text`), broken as if the range were the
    /// whole text.
    static func segments(_ text: String, in range: Range<String.Index>, language: String?) -> [Segment] {
        guard !range.isEmpty else { return [] }
        let piece = text[range]
        // ASCII bytes are their UTF-16 code units.
        let ascii: [UInt16]? =
            piece.utf8.withContiguousStorageIfAvailable { b in
                b.allSatisfy { $0 < 0x80 } ? b.map { UInt16($0) } : nil
            } ?? nil
        let utf16 = ascii ?? Array(piece.utf16)
        var capacity = utf16.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        // ICU's locale ids use "_" (`zh_Hans`); nil, the common case, costs no conversion.
        let locale = language.map { $0.replacingOccurrences("-", "_") } ?? "en"
        var count = utf16.withUnsafeBufferPointer { t in
            ls_line_breaks(locale, t.baseAddress, Int32(t.count), &offsets, &hard, Int32(capacity))
        }
        if count > capacity {
            capacity = Int(count)
            offsets = [Int32](repeating: 0, count: capacity)
            hard = [UInt8](repeating: 0, count: capacity)
            count = utf16.withUnsafeBufferPointer { t in
                ls_line_breaks(locale, t.baseAddress, Int32(t.count), &offsets, &hard, Int32(capacity))
            }
        }
        guard count > 0 else { return [Segment(text: piece, isHardBreak: false)] }
        var out: [Segment] = []
        var start = range.lowerBound
        if ascii != nil {
            // ASCII: an offset is a byte, every break falls between two clusters (ICU never
            // breaks inside CR LF) and no Hangul waits for a space.
            for i in 0..<Int(count) {
                let end = min(text.utf8.index(range.lowerBound, offsetBy: Int(offsets[i])), range.upperBound)
                guard end > start else { continue }
                out.append(Segment(text: text[start..<end], isHardBreak: hard[i] != 0))
                start = end
            }
            if start < range.upperBound { out.append(Segment(text: text[start..<range.upperBound], isHardBreak: false)) }
            return out
        }
        // The grapheme clusters' ends, in UTF-16 units from the range's start, found in one pass
        // forwards: a break snaps to the first cluster end at or after it (a break never splits
        // a cluster). Asking each break's index whether it is a boundary looked back over the
        // whole run of regional indicators before it (a text of flags was quadratic).
        var clusterEnds: [(utf16: Int, index: String.Index)] = []
        var units = 0
        var position = range.lowerBound
        while position < range.upperBound {
            let next = text.index(after: position)
            units += text.utf16.distance(from: position, to: next)
            clusterEnds.append((units, min(next, range.upperBound)))
            position = next
        }
        var cluster = 0
        for i in 0..<Int(count) {
            while cluster < clusterEnds.count - 1, clusterEnds[cluster].utf16 < Int(offsets[i]) { cluster += 1 }
            let end = clusterEnds.isEmpty ? range.upperBound : clusterEnds[cluster].index
            guard end > start else { continue }
            // UILabel's default line break strategy (`.standard`) includes
            // `.hangulWordPriority`: no break between two Hangul characters, so Korean breaks at
            // spaces. The segment runs on to the next opportunity.
            if hard[i] == 0, end < range.upperBound, isHangul(text.unicodeScalars[text.unicodeScalars.index(before: end)]),
                isHangul(text.unicodeScalars[end])
            {
                continue
            }
            out.append(Segment(text: text[start..<end], isHardBreak: hard[i] != 0))
            start = end
        }
        if start < range.upperBound { out.append(Segment(text: text[start..<range.upperBound], isHardBreak: false)) }
        return out
    }

    /// The segments of a text, found a window at a time: a layout that stops after a few lines
    /// (a huge translation in a one-line label) reads only the windows it needs, and memory
    /// stays that of a window. A text of at most `window` bytes is one window, broken exactly as
    /// `segments` breaks it; a longer one is broken in windows of about `window` characters,
    /// each ending at the last break opportunity found before its end (the opportunity before
    /// it has the text after it in view), and growing while it holds none.
    struct Lazy: Sequence, IteratorProtocol {
        static let window = 16_384
        let text: String
        let language: String?
        private var buffer: [Segment] = []
        private var position = 0
        private var start: String.Index
        private var finished = false

        init(_ text: String, language: String?) {
            self.text = text
            self.language = language
            start = text.startIndex
        }

        mutating func next() -> Segment? {
            while position >= buffer.count {
                if finished { return nil }
                fill()
            }
            defer { position += 1 }
            return buffer[position]
        }

        private mutating func fill() {
            buffer.removeAll(keepingCapacity: true)
            position = 0
            if start == text.startIndex, text.utf8.count <= Lazy.window {
                buffer = LineBreaks.segments(text, language: language)
                finished = true
                return
            }
            var size = Lazy.window
            while true {
                let end = text.index(start, offsetBy: size, limitedBy: text.endIndex) ?? text.endIndex
                var found = LineBreaks.segments(text, in: start..<end, language: language)
                if end == text.endIndex {
                    buffer = found
                    finished = true
                    return
                }
                if found.count >= 2 {
                    found.removeLast()
                    start = found[found.count - 1].text.endIndex
                    buffer = found
                    return
                }
                size *= 2
            }
        }
    }

    /// Hangul syllables and jamo (conjoining and compatibility).
    @inline(__always) static func isHangul(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        guard v >= 0x1100 else { return false }
        return (0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v)
            || (0xA960...0xA97F).contains(v) || (0xD7B0...0xD7FF).contains(v)
    }

    /// One segment per paragraph: character wrapping may break anywhere inside one, so each is
    /// broken between grapheme clusters by the layout.
    static func paragraphs(_ text: String) -> [Segment] {
        var out: [Segment] = []
        var start = text.startIndex
        for i in text.indices where text[i].isNewline {
            let end = text.index(after: i)
            out.append(Segment(text: text[start..<end], isHardBreak: true))
            start = end
        }
        if start < text.endIndex { out.append(Segment(text: text[start...], isHardBreak: false)) }
        return out
    }
}
