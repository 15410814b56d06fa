import LabelMeasure

/// Text drawings of a layout, for the CLI and hovers: the lines in a box as wide as the label.
public enum Preview {
    /// Columns are scaled so the widest line's width maps to its length in characters; the box is
    /// the label's width in those columns.
    public static func box(_ layout: LabelLayout, maxColumns: Int = 100) -> String {
        let lengths = layout.lines.map { $0.text.count }
        var columns = lengths.max() ?? 0
        if let widest = layout.lines.max(by: { $0.width < $1.width }), widest.width > 0, widest.text.count > 0 {
            let perColumn = widest.width / Double(widest.text.count)
            let box = layout.width - layout.iconWidth
            columns = max(columns, Int(saturating: (box / perColumn).rounded()))
        }
        columns = min(max(columns, 1), maxColumns)
        let icon = layout.iconWidth > 0 ? "◼ " : ""
        var out = "┌" + String(repeating: "─", count: columns + icon.count) + "┐\n"
        for (i, line) in layout.lines.enumerated() {
            let prefix = i == 0 ? icon : String(repeating: " ", count: icon.count)
            let pad = max(0, columns - line.text.count)
            out += "│" + prefix + line.text + String(repeating: " ", count: pad) + "│\n"
        }
        if layout.lines.isEmpty { out += "│" + icon + String(repeating: " ", count: columns) + "│\n" }
        out += "└" + String(repeating: "─", count: columns + icon.count) + "┘\n"
        return out
    }
}
