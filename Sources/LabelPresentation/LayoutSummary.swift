import LabelMeasure

/// The one wording of what a layout came to ("2 lines · truncated · 17 pt · autoshrink ×0.85"),
/// used by `measure`, hovers and inlay hints. Points are rounded to 0.1, factors to 0.01.
public enum LayoutSummary {
    public enum Detail: Sendable {
        /// Lines and what went wrong, the shrink factor as "×0.85": an inlay hint's length.
        case brief
        /// And the font size, and the shrink spelled out: a hover's headline.
        case standard
        /// And the label's measured box: `measure`'s summary line.
        case full
    }

    public static func text(_ layout: LabelLayout, _ detail: Detail) -> String {
        var facts = ["\(layout.lineCount) line\(layout.lineCount == 1 ? "" : "s")"]
        if layout.isTruncated { facts.append("truncated") }
        if layout.isClipped { facts.append("clipped") }
        if layout.isTightened { facts.append("tightened") }
        if detail == .brief {
            if layout.scale < 1 { facts.append("×\(factor(layout.scale))") }
        } else {
            facts.append("\(points(layout.fontSize)) pt")
            if layout.scale < 1 { facts.append("autoshrink ×\(factor(layout.scale))") }
        }
        if detail == .full { facts.append("\(points(layout.width)) × \(points(layout.height)) pt") }
        return facts.joined(separator: " · ")
    }

    /// One cell of a table over sizes: "truncated", "clipped", "×0.85" or nothing.
    public static func state(_ layout: LabelLayout) -> String {
        layout.isTruncated ? "truncated" : layout.isClipped ? "clipped" : layout.scale < 1 ? "×\(factor(layout.scale))" : ""
    }

    /// One cell of a table over locales and sizes (`measure --matrix`, hovers): "fits",
    /// "2 lines", "truncated" or "clipped".
    public static func cell(_ layout: LabelLayout) -> String {
        if layout.isTruncated { return "truncated" }
        if layout.isClipped { return "clipped" }
        return layout.lineCount <= 1 ? "fits" : "\(layout.lineCount) lines"
    }

    /// A length in points to 0.1: 17, 17.5.
    public static func points(_ v: Double) -> String { shortest(v, places: 10) }

    /// A factor to 0.01: 0.85, 1.
    public static func factor(_ v: Double) -> String { shortest(v, places: 100) }

    private static func shortest(_ v: Double, places: Double) -> String {
        let r = (v * places).rounded() / places
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
