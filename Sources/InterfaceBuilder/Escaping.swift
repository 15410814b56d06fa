/// What comes from the file, written into the generated source: never source itself.
extension Builder {
    /// Text for a `//` comment: every control character, line break and line or paragraph
    /// separator written as `\u{…}`, so the comment stays one line whatever the file holds.
    static func commentText(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { isControlOrBreak($0) }) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            if isControlOrBreak(u) {
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    static func isControlOrBreak(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
    }

    /// A LabelSpec string literal: one line, with escapes.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                if isControlOrBreak(u) {
                    out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}

extension Translation {
    /// A `//` comment line (without its line break) saying `text`, its control characters and
    /// line breaks written as `\u{…}` (`import`'s `labelspec:source` line).
    public static func commentLine(_ text: String) -> String { "// " + Builder.commentText(text) }
}
