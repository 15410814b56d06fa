import LabelSpecSyntax

/// `invalid-utf8`: bytes of a source that are not UTF-8. The lexer keeps them (as `unknown`
/// tokens between items, inside strings and comments as they are); this finds them wherever they
/// are, as one diagnostic per run of invalid bytes.
public enum InvalidUTF8 {
    /// Diagnostics for the invalid bytes of `range` in `source`, with ranges relative to
    /// `range.lowerBound`.
    public static func diagnostics(in source: SourceBuffer, range: Range<Int>) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var i = range.lowerBound
        var runStart = -1
        func close(at end: Int) {
            guard runStart >= 0 else { return }
            var shown = (runStart..<min(end, runStart + 8)).map { "0x" + hex(source[$0]) }.joined(separator: " ")
            if end - runStart > 8 { shown += " …" }
            out.append(
                Diagnostic(
                    .invalidUTF8, "invalid UTF-8 (\(shown)); save the file as UTF-8",
                    at: (runStart - range.lowerBound)..<(end - range.lowerBound)))
            runStart = -1
        }
        while i < range.upperBound {
            let b = source[i]
            if b < 0x80 {
                close(at: i)
                i += 1
                continue
            }
            let n = validSequenceLength(source, at: i, end: range.upperBound)
            if n > 0 {
                close(at: i)
                i += n
            } else {
                if runStart < 0 { runStart = i }
                i += 1
            }
        }
        close(at: range.upperBound)
        return out
    }

    /// The length of the well-formed UTF-8 sequence at `i` (Unicode table 3-7), or 0.
    static func validSequenceLength(_ s: SourceBuffer, at i: Int, end: Int) -> Int {
        let b0 = s[i]
        func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < end && s[i + k] >= low && s[i + k] <= high
        }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }
}
