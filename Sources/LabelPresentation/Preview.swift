import LabelMeasure

/// Text drawings of a layout, for the CLI and hovers: the lines in a box as wide as the label.
public enum Preview {
    /// Columns are scaled so the widest line's width maps to its length in terminal cells (an
    /// ideograph or an emoji takes two, a mark none: `DisplayWidth`), so boxes of CJK text line
    /// up; the box is
    /// the label's width in those columns. Lines are drawn as they are seen: in visual order
    /// (right-to-left text reversed, `LayoutLine.visualText`), with the hyphen of a soft hyphen
    /// break, placed by the label's alignment (`.natural` is right-aligned in a right-to-left
    /// language).
    /// At most `maxLines` lines are drawn (a hover's drawing stays small however long the text);
    /// a line under the box says how many more there are.
    public static func box(_ layout: LabelLayout, maxColumns: Int = 100, maxLines: Int = .max) -> String {
        // A tab is drawn as a space: columns only approximate points.
        let shown = layout.lines.prefix(max(1, maxLines))
        var drawn = shown.map { $0.visualText.contains("\t") ? String($0.visualText.map { $0 == "\t" ? " " : $0 }) : $0.visualText }
        if maxLines < .max {
            // A line of zero-width characters or of one cluster of many marks is cut too.
            let most = 4 * maxColumns
            drawn = drawn.map {
                $0.unicodeScalars.count > most ? String(String.UnicodeScalarView($0.unicodeScalars.prefix(most))) + "…" : $0
            }
        }
        // Terminal cells, not characters: an ideograph takes two (`DisplayWidth`).
        let lengths = drawn.map { DisplayWidth.of($0) }
        var columns = lengths.max() ?? 0
        if let widest = shown.indices.max(by: { layout.lines[$0].width < layout.lines[$1].width }), layout.lines[widest].width > 0,
            lengths[widest] > 0
        {
            let perColumn = layout.lines[widest].width / Double(lengths[widest])
            let box = layout.width - layout.iconWidth
            columns = max(columns, Int(saturating: (box / perColumn).rounded()))
        }
        columns = min(max(columns, 1), maxColumns)
        let icon = layout.iconWidth > 0 ? "◼ " : ""
        var out = "┌" + String(repeating: "─", count: columns + icon.count) + "┐\n"
        for (i, line) in drawn.enumerated() {
            let prefix = i == 0 ? icon : String(repeating: " ", count: icon.count)
            let pad = max(0, columns - lengths[i])
            let before = layout.alignment == .right ? pad : layout.alignment == .center ? pad / 2 : 0
            out += "│" + prefix + String(repeating: " ", count: before) + line + String(repeating: " ", count: pad - before) + "│\n"
        }
        if layout.lines.isEmpty { out += "│" + icon + String(repeating: " ", count: columns) + "│\n" }
        out += "└" + String(repeating: "─", count: columns + icon.count) + "┘\n"
        let more = layout.lines.count - shown.count
        if more > 0 { out += "… \(more) more line\(more == 1 ? "" : "s") not drawn\n" }
        return out
    }
}
