import CLineBreak
import LabelMeasure

/// How many cells of a terminal (or of a monospaced Markdown code block) text takes: what the
/// text drawings of layouts (`Preview.box`, `FitTable`) count to line up. Per grapheme cluster:
/// 2 for East Asian Wide and Fullwidth characters (ideographs, kana, Hangul, fullwidth forms,
/// UAX #11) and emoji presentation; 0 for a cluster of marks, controls and format characters
/// alone (joiners, a soft hyphen); 1 for the rest.
public enum DisplayWidth {
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        // ASCII: one cell a byte, controls aside (the common case, counted by bytes).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ cluster: Character) -> Int {
        var visible = false
        for s in cluster.unicodeScalars {
            let v = s.value
            if v < 0x20 || (v >= 0x7F && v < 0xA0) { continue }
            if v >= 0x1100, ls_east_asian_wide(v) != 0 { return 2 }
            if Coverage.wantsEmoji(cluster) { return 2 }
            let category = s.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark || category == .format || s.properties.isDefaultIgnorableCodePoint
            {
                continue
            }
            visible = true
        }
        return visible ? 1 : 0
    }
}
