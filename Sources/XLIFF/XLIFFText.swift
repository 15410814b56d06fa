/// Character data and attribute values: references checked and decoded, and text escaped the
/// way Xcode writes it (docs/translators.md, "What Xcode writes").
public enum XLIFFText {
    /// The index after the reference that starts with the `&` at `k`, or the problem with it.
    static func checkReference(_ bytes: [UInt8], at k: Int) throws -> Int {
        guard let (scalar, end) = reference(bytes, at: k) else {
            var e = k + 1
            while e < bytes.count, e < k + 12, bytes[e] != UInt8(ascii: ";"), bytes[e] != UInt8(ascii: "<"), bytes[e] != UInt8(ascii: "&"),
                !XMLScanner.isSpace(bytes[e])
            {
                e += 1
            }
            if e == k + 1 { throw XLIFFProblem("a bare '&' (write it as &amp;)", at: k..<(k + 1)) }
            let stop = e < bytes.count && bytes[e] == UInt8(ascii: ";") ? e + 1 : e
            let shown = String(decoding: bytes[k..<stop], as: UTF8.self)
            throw XLIFFProblem(
                "'\(shown)' is not a reference XML knows (&lt; &gt; &amp; &quot; &apos; or a character number); write '&' as &amp;",
                at: k..<stop)
        }
        _ = scalar
        return end
    }

    /// The character a reference at `k` (its `&`) stands for and the index after its `;`; nil
    /// when it is none XML allows.
    static func reference(_ bytes: [UInt8], at k: Int) -> (Unicode.Scalar, Int)? {
        var j = k + 1
        guard j < bytes.count else { return nil }
        if bytes[j] == UInt8(ascii: "#") {
            j += 1
            var radix: UInt32 = 10
            if j < bytes.count, bytes[j] == UInt8(ascii: "x") {
                radix = 16
                j += 1
            }
            var value: UInt32 = 0
            let digitsStart = j
            // Leading zeros are allowed (`&#0000065;`); past them, at most 8 digits.
            while j < bytes.count, bytes[j] == UInt8(ascii: "0") { j += 1 }
            let significant = j
            while j < bytes.count, j - significant < 9, let d = digit(bytes[j], radix: radix) {
                value = value * radix + d
                j += 1
            }
            guard j > digitsStart, j < bytes.count, bytes[j] == UInt8(ascii: ";"), isCharacter(value),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return (scalar, j + 1)
        }
        for (name, scalar) in named {
            if j + name.count < bytes.count, bytes[j..<(j + name.count)].elementsEqual(name), bytes[j + name.count] == UInt8(ascii: ";") {
                return (scalar, j + name.count + 1)
            }
        }
        return nil
    }

    private static let named: [([UInt8], Unicode.Scalar)] = [
        (Array("lt".utf8), "<"), (Array("gt".utf8), ">"), (Array("amp".utf8), "&"), (Array("quot".utf8), "\""), (Array("apos".utf8), "'"),
    ]

    private static func digit(_ b: UInt8, radix: UInt32) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Whether XML 1.0 allows the character (`Char` of the specification).
    static func isCharacter(_ v: UInt32) -> Bool {
        v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }

    /// The text `range` of `bytes` stands for, as an XML reader gives it: references decoded,
    /// line breaks written as CR LF or CR read as LF (a `&#13;` stays a CR); in an attribute
    /// value (`attribute`), a written TAB, LF or CR is a space. `range` was scanned: every
    /// reference in it is valid. A CDATA section's content (`references` false) is taken as
    /// written, but for its line breaks.
    public static func decode(_ bytes: [UInt8], _ range: Range<Int>, attribute: Bool = false, references: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var k = range.lowerBound
        while k < range.upperBound {
            let b = bytes[k]
            if references, b == UInt8(ascii: "&"), let (scalar, end) = reference(bytes, at: k) {
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                k = end
                continue
            }
            if b == 0x0D {
                out.append(attribute ? 0x20 : 0x0A)
                k += (k + 1 < range.upperBound && bytes[k + 1] == 0x0A) ? 2 : 1
                continue
            }
            out.append(attribute && (b == 0x09 || b == 0x0A) ? 0x20 : b)
            k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` as Xcode writes an element's text: `&`, `<` and `>` as references, a CR as
    /// `&#13;` (a reader would take a written one for a line break), everything else as is.
    public static func escapeText(_ text: String) -> String { escape(text, attribute: false) }

    /// `text` as Xcode writes an attribute's value (in double quotes): as `escapeText`, with
    /// `"` as `&quot;` and TAB and LF as character numbers too (written raw, they would be read
    /// as spaces).
    public static func escapeAttribute(_ text: String) -> String { escape(text, attribute: true) }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\"" where attribute: out += "&quot;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }
}
