/// What comes from a file (a storyboard, a Swift source), written into generated LabelSpec source:
/// never source itself.
public enum GeneratedSource {
    /// Text for a `//` comment: every control character, line break, line or paragraph separator
    /// and bidirectional control written as `\u{…}` (`isControlOrBreak`), so the comment stays one
    /// line, in its order, whatever the file holds.
    public static func commentText(_ s: String) -> String {
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

    /// A control character, a line or paragraph separator, or a bidirectional control (the
    /// embeddings, overrides and isolates, U+202A–202E and U+2066–2069, and the marks U+200E,
    /// U+200F, U+061C): written as `\u{…}`, a text from the file cannot make the generated
    /// source display in another order than it reads ("Trojan Source"); the text it stands for
    /// is the same.
    public static func isControlOrBreak(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
            || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value) || u.value == 0x200E || u.value == 0x200F
            || u.value == 0x061C
    }

    /// A LabelSpec string literal: one line, with escapes.
    public static func quoted(_ s: String) -> String {
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
