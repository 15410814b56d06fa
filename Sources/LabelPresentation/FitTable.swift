import LabelMeasure
import LabelSpecSupport
import LabelVocabulary

/// A label's fit over its text variants (locales, plural forms) × content sizes, laid out to be
/// read on one screen: variants as rows and sizes as columns; with more than four sizes (all 12,
/// say), sizes as rows, named short (`xS` … `AX5`), and variants as columns, so that a table of
/// every size is as wide as its variants, not 250 columns. `measure --matrix` prints it as text,
/// a hover as Markdown: one layout, one wording (`LayoutSummary.cell`).
public struct FitTable: Sendable {
    /// The heading of each column, and each row's name and cells.
    public let columns: [String]
    public let rows: [(name: String, cells: [String])]
    /// Whether sizes are the rows.
    public let sizesAsRows: Bool

    /// More sizes than this: sizes become the rows.
    public static let maxSizeColumns = 4

    /// `cell(variant, size)`: the cell of a variant (by index) at a size (by index).
    public init(variants: [String], categories: [ContentSizeCategory], cell: (Int, Int) -> String) {
        if categories.count > FitTable.maxSizeColumns {
            sizesAsRows = true
            columns = variants
            rows = categories.enumerated().map { c, category in (category.shortName, variants.indices.map { cell($0, c) }) }
        } else {
            sizesAsRows = false
            columns = categories.map(\.displayName)
            rows = variants.enumerated().map { v, name in (name, categories.indices.map { cell(v, $0) }) }
        }
    }

    /// Columns padded with spaces, no trailing spaces (a terminal, `measure --matrix`).
    public func text() -> String {
        // Terminal cells, not characters: a locale's name in its own script (日本語) takes two a
        // character (`DisplayWidth`).
        func cells(_ s: String) -> Int { DisplayWidth.of(s) }
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - cells(s))) }
        let width0 = max(6, rows.map { cells($0.name) }.max() ?? 0) + 2
        let widths = columns.indices.map { c in max(cells(columns[c]), rows.map { cells($0.cells[c]) }.max() ?? 0) + 2 }
        func trimmed(_ s: String) -> String { String(s.reversed().drop(while: { $0 == " " }).reversed()) }
        var out = trimmed(pad("", width0) + zip(columns, widths).map { pad($0, $1) }.joined()) + "\n"
        for row in rows { out += trimmed(pad(row.name, width0) + zip(row.cells, widths).map { pad($0, $1) }.joined()) + "\n" }
        return out
    }

    /// The most text variants a hover's table shows (as rows, or as columns when sizes are the
    /// rows): a catalog of hundreds of locales does not make a hover of megabytes.
    public static let maxShownVariants = 60

    /// A Markdown table (a hover): every heading, name and cell escaped here (`Markdown.text`;
    /// a locale's name comes from a string table), so callers pass them raw. At most
    /// `maxShownVariants` variants, in order, then how many more.
    public func markdown() -> String {
        let variants = sizesAsRows ? columns.count : rows.count
        let shown = min(variants, FitTable.maxShownVariants)
        let columnCount = sizesAsRows ? shown : columns.count
        let shownRows = sizesAsRows ? rows[...] : rows.prefix(shown)
        var out =
            "| |" + columns.prefix(columnCount).map { " \(Markdown.text($0)) |" }.joined() + "\n|---|"
            + String(repeating: "---|", count: columnCount) + "\n"
        for row in shownRows {
            out += "| \(Markdown.text(row.name)) |" + row.cells.prefix(columnCount).map { " \(Markdown.text($0)) |" }.joined() + "\n"
        }
        if variants > shown { out += "\n… \(variants - shown) more locales and forms.\n" }
        return out
    }
}
