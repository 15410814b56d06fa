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
        guard !text.isEmpty else { return [] }
        let utf16 = Array(text.utf16)
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
        guard count > 0 else { return [Segment(text: text[...], isHardBreak: false)] }
        var out: [Segment] = []
        var start = text.startIndex
        for i in 0..<Int(count) {
            // Snap to a grapheme boundary: a break never splits a cluster.
            var end = String.Index(utf16Offset: Int(offsets[i]), in: text)
            end = end.samePosition(in: text) ?? text[..<end].indices.last.map { text.index(after: $0) } ?? end
            guard end > start else { continue }
            // UILabel's default line break strategy (`.standard`) includes
            // `.hangulWordPriority`: no break between two Hangul characters, so Korean breaks at
            // spaces. The segment runs on to the next opportunity.
            if hard[i] == 0, end < text.endIndex, isHangul(text.unicodeScalars[text.unicodeScalars.index(before: end)]),
                isHangul(text.unicodeScalars[end])
            {
                continue
            }
            out.append(Segment(text: text[start..<end], isHardBreak: hard[i] != 0))
            start = end
        }
        if start < text.endIndex { out.append(Segment(text: text[start...], isHardBreak: false)) }
        return out
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
