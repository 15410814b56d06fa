import LabelMeasure

/// Numbers in SVG: at most two decimals (or `digits`), no trailing zeros, no "-0". Any double
/// can be written: fewer decimals where the scaled number would pass 10¹⁵ (a double has no more
/// digits to give), and from 10¹⁵ on, the whole number in the exponent form SVG reads (`1e+19`).
public enum SVGNumber {
    public static func format(_ v: Double, digits: Int = 2) -> String {
        guard v.isFinite else { return "0" }
        if abs(v) >= 1e15 {
            let s = String(v.rounded())
            return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
        }
        var unit = 1.0
        var digits = max(0, digits)
        for _ in 0..<digits { unit *= 10 }
        while digits > 0, abs(v) * unit >= 1e15 {
            unit /= 10
            digits -= 1
        }
        let scaled = (v * unit).rounded()
        if scaled == 0 { return "0" }
        let sign = scaled < 0 ? "-" : ""
        let a = abs(scaled)
        let whole = (a / unit).rounded(.down)
        var fraction = Int(a - whole * unit)
        var s = sign + String(Int(whole))
        guard fraction > 0 else { return s }
        var width = digits
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        let f = String(fraction)
        s += "." + String(repeating: "0", count: width - f.count) + f
        return s
    }
}

/// Text in XML content and attribute values: the five special characters escaped; characters XML
/// 1.0 does not allow (most C0 controls, unpaired surrogates cannot occur in a String, U+FFFE/F)
/// become U+FFFD.
public enum XMLText {
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}

/// A glyph's outline (`GlyphOutline.Path`) as SVG path data: commands separated by spaces, each
/// letter followed by its coordinates (`SVGNumber`, two decimals at most), as in
/// `M496 -2048 L248 -2048 L248 0 Z`.
public enum SVGPath {
    public static func data(_ path: GlyphOutline.Path) -> String {
        var text = ""
        var next = 0
        for command in path.commands {
            if !text.isEmpty { text += " " }
            text.unicodeScalars.append(Unicode.Scalar(command))
            let count = GlyphOutline.Path.arity(command)
            for i in 0..<count where next + i < path.coordinates.count {
                text += (i == 0 ? "" : " ") + SVGNumber.format(Double(path.coordinates[next + i]))
            }
            next += count
        }
        return text
    }

    /// The path data of `glyph` of `face`, written once a face (`FontFace.outline`).
    public static func outline(of glyph: UInt32, in face: FontFace) -> String { face.outline(of: glyph, writtenBy: data) }
}
