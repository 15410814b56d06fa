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

    /// Whether each column has a Bold Text one beside it.
    public let boldTextColumns: Bool

    /// `cell(variant, size)`: the cell of a variant (by index) at a size (by index).
    public init(variants: [String], categories: [ContentSizeCategory], cell: (Int, Int) -> String) {
        self.init(variants: variants, categories: categories, boldTextColumns: false) { v, c, _ in cell(v, c) }
    }

    /// `boldTextColumns` (iOS's Bold Text measured besides: `boldText: "both"`): each column
    /// followed by its Bold Text one: a size's (`.large`, `.large (Bold Text)`), or, with sizes
    /// as rows, a variant's (`de`, `de (Bold Text)`). `cell(variant, size, boldText)`.
    public init(variants: [String], categories: [ContentSizeCategory], boldTextColumns: Bool, cell: (Int, Int, Bool) -> String) {
        self.boldTextColumns = boldTextColumns
        let bolds = boldTextColumns ? [false, true] : [false]
        func named(_ name: String, _ bold: Bool) -> String { bold ? name + " (Bold Text)" : name }
        if categories.count > FitTable.maxSizeColumns {
            sizesAsRows = true
            columns = variants.flatMap { v in bolds.map { named(v, $0) } }
            rows = categories.enumerated().map { c, category in
                (category.shortName, variants.indices.flatMap { v in bolds.map { cell(v, c, $0) } })
            }
        } else {
            sizesAsRows = false
            columns = categories.flatMap { c in bolds.map { named(c.displayName, $0) } }
            rows = variants.enumerated().map { v, name in (name, categories.indices.flatMap { c in bolds.map { cell(v, c, $0) } }) }
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
        // With Bold Text columns, a variant is two columns when sizes are the rows.
        let perVariant = sizesAsRows && boldTextColumns ? 2 : 1
        let variants = sizesAsRows ? columns.count / perVariant : rows.count
        let shown = min(variants, FitTable.maxShownVariants / perVariant)
        let columnCount = sizesAsRows ? shown * perVariant : columns.count
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
