import ArgumentParser
import Foundation
import JSON
import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

/// `labelspec measure`: how each label renders, from the measurement core.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure", abstract: "Lay out every label and show its lines, truncation, font size and scale.")

    @ArgumentParser.Argument(help: "Files or directories to measure ('-' reads standard input).")
    var paths: [String]

    /// Output formats of `labelspec measure`.
    enum Format: String, ExpressibleByArgument {
        case text, json
    }

    @Option(name: .long, help: "Output format: text or json.")
    var format: Format = .text

    @OptionGroup var sizes: ContentSizeOptions

    @OptionGroup var screenOptions: ScreenOptions

    @OptionGroup var localeOptions: LocaleOptions

    @OptionGroup var selection: SelectionOptions

    @OptionGroup var fonts: FontOptions

    @OptionGroup var fileOptions: FileOptions

    @Flag(
        name: .long, help: "Print, per label, a table of the locales (rows) × content sizes (columns): fits, N lines, truncated or clipped."
    )
    var matrix = false

    typealias Row = MeasuredRow

    func run() throws {
        _ = try selection.layer()
        fileOptions.confineReads(paths)
        let project = try fileOptions.loader(for: paths).loadForCommand(paths)
        try selection.apply(to: project.namespaces)
        try fonts.apply(to: project.namespaces)
        // A labelspec.json with problems: said on standard error (measuring goes on with the
        // defaults for what could not be used), and the run ends with exit 2.
        project.locateConfigurationProblems(excerpts: false) {
            FileHandle.standardError.write(Data(TextReporter(useColor: false).render($0).utf8))
        }
        // A string table not read (a String Catalog that does not parse, a .strings file iOS
        // would not load): its labels are measured with their key or the development language's
        // text, so it is said, and the run ends with 1, as render's does.
        let tablesNotRead = RenderCommand.sayTablesNotRead(project, progress: Progress(enabled: false))
        let (rows, failures) = try MeasuredRow.rows(
            of: project, sizes: sizes, screenOptions: screenOptions, localeOptions: localeOptions, localized: localeOptions.isSet || matrix,
            withFindingsOnly: selection.isSet)
        let output: String
        if format == .json {
            output = json(rows)
        } else if matrix {
            output = table(rows)
        } else {
            output = rows.map(preview).joined(separator: "\n")
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        // What measured, when a stand-in did: once, after the rows (JSON rows say it each).
        if format != .json, !rows.isEmpty,
            let fonts = MeasuringFont.standInSummary(Array(Set(project.namespaces.flatMap { $0.measurer.fontsUsed() })))
        {
            FileHandle.standardOutput.write(Data(("\n" + TerminalText.escape(fonts) + "\n").utf8))
        }
        if project.hadUnreadable || !project.invalidConfigurations.isEmpty { throw Exit.usage }
        if failures || tablesNotRead { throw Exit.findings }
    }

    func json(_ rows: [Row]) -> String {
        JSONValue.array(
            rows.map { r in
                var variant: [(String, JSONValue)] = []
                if let v = r.variant {
                    variant = [
                        ("locale", v.locale.map { .string($0) } ?? .null),
                        ("pluralForm", v.pluralForm.map { .string($0) } ?? .null),
                        ("device", v.device.map { .string($0.rawValue) } ?? .null),
                    ]
                }
                return .object(
                    [
                        ("file", .string(r.file)),
                        ("label", .string(r.label)),
                        ("line", .int(r.line)),
                    ] + variant + (r.screen.map { [("screen", JSONValue.string($0.name))] } ?? [])
                        + (r.input.boldText ? [("boldText", JSONValue.bool(true))] : []) + [
                            ("contentSize", .string(r.category.rawValue)),
                            ("fontSize", .double(rounded(r.layout.fontSize))),
                            ("scale", .double(rounded(r.layout.scale))),
                            ("lineCount", .int(r.layout.lineCount)),
                            ("lines", .array(r.layout.lines.map { .string($0.text) })),
                            ("lineWidths", .array(r.layout.lines.map { .double(rounded($0.width)) })),
                            ("text", .string(r.input.text)),
                            ("numberOfLines", .int(r.input.numberOfLines)),
                            ("lineBreakMode", .string(r.input.lineBreakMode.rawValue)),
                            ("truncated", .bool(r.layout.isTruncated)),
                            ("clipped", .bool(r.layout.isClipped)),
                            ("width", .double(rounded(r.layout.width))),
                        ] + (r.widthSource.map { [("widthSource", JSONValue.string($0))] } ?? []) + [
                            ("height", .double(rounded(r.layout.height)))
                        ] + (r.spare.map { [("spare", JSONValue.double(rounded($0)))] } ?? []) + [
                            ("fonts", .array(r.layout.fonts.map { .string($0.family) })), ("standIn", .bool(r.layout.standIn)),
                        ] + (r.contrast.map { [("contrast", contrastJSON($0))] } ?? []) + MeasureCommand.fromCodeJSON(r.fromCode))
            }
        ).serialized(pretty: true) + "\n"
    }

    func rounded(_ v: Double) -> Double { MeasuredRow.rounded(v) }

    /// `"textSetInCode": true` (not measured) or `"textMayBeSetInCode": true`, with `"outlet"`.
    static func fromCodeJSON(_ f: MeasuredRow.FromCode?) -> [(String, JSONValue)] {
        switch f {
        case nil: return []
        case .setInCode(let outlet): return [("textSetInCode", .bool(true))] + (outlet.map { [("outlet", JSONValue.string($0))] } ?? [])
        case .maybe(let outlet): return [("textMayBeSetInCode", .bool(true)), ("outlet", .string(outlet))]
        }
    }

    /// `{"text": ".label", "background": ".systemBackground", "threshold": 4.5, "light": 21, …}`:
    /// ratios rounded down to two decimals, as messages show them.
    func contrastJSON(_ c: LabelContrast) -> JSONValue {
        .object(
            [
                ("text", .string(Contrast.describe(c.text))),
                ("background", .string(Contrast.describe(c.background))),
                ("threshold", .double(c.threshold)),
            ] + c.ratios.map { ($0.appearance.jsonKey, JSONValue.double(LabelContrast.rounded($0.ratio))) })
    }

    /// A box as wide as the label, the lines drawn in it, and a summary line.
    func preview(_ r: Row) -> String {
        let layout = r.layout
        // " in de (one)", or without a locale named " (one)": rows of plural forms say which.
        let locale = FitMatrix.name(of: r.variant, .afterLabel) ?? ""
        let screen = r.screen.map { " on \(TerminalText.escape($0.name)) (\(ScreenLength.number(rounded(r.layout.width))) pt)" } ?? ""
        var out =
            "\(TerminalText.escape(r.file)):\(r.line): \(r.label)\(TerminalText.escape(locale)) at \(r.category.displayName)\(screen)\n"
        switch r.fromCode {
        case .setInCode?: return out + TerminalText.escape(r.fromCode!.words) + "\n"
        case .maybe?: out += TerminalText.escape(r.fromCode!.words) + "\n"
        case nil: break
        }
        // The label's text may hold control characters (`"\u{1B}"`): shown escaped (`TerminalText`).
        out += Preview.box(layout).split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escape(String($0)) }
            .joined(separator: "\n")
        // The room its text leaves in its width.
        let spare = r.spare.map { " · \(LayoutSummary.points($0)) pt to spare" } ?? ""
        out += LayoutSummary.text(layout, .full) + spare + "\n"
        if let c = r.contrast { out += c.line + "\n" }
        return out
    }

    /// What a cell of `--matrix` says about a layout.
    static func cell(_ layout: LabelLayout) -> String { LayoutSummary.cell(layout) }

    /// Per label: a row per text variant (locale, plural form), a column per content size (or,
    /// with more than four sizes, the other way round: `FitTable`).
    func table(_ rows: [Row]) -> String {
        var out: [String] = []
        var i = 0
        while i < rows.count {
            let first = rows[i]
            var j = i
            while j < rows.count, rows[j].file == first.file, rows[j].line == first.line, rows[j].label == first.label { j += 1 }
            // A table per width, in the order measured (narrowest first), headed by its screens
            // (one table without a heading for a fixed width).
            // (a phone and an iPad of one width apart: their texts may differ by device)
            struct Key: Equatable {
                let width: Double
                let idiom: Idiom
            }
            func key(_ r: Row) -> Key? { r.screen.map { Key(width: r.layout.width, idiom: $0.idiom) } }
            var widths: [Key?] = []
            for r in rows[i..<j] where !widths.contains(key(r)) { widths.append(key(r)) }
            var block = "\(TerminalText.escape(first.file)):\(first.line): \(first.label)\n"
            for (k, widthKey) in widths.enumerated() {
                let width = widthKey?.width
                let group = rows[i..<j].filter { key($0) == widthKey }
                var screens: [String] = []
                for r in group { if let s = r.screen?.name, !screens.contains(s) { screens.append(s) } }
                let shown = group.filter { $0.screen?.name == screens.first }
                var columns: [ContentSizeCategory] = []
                for r in shown where !columns.contains(r.category) { columns.append(r.category) }
                // With Bold Text measured besides (`both`), its cells are a column beside each
                // size's, the row named without it; else each variant is its own row.
                let pairs = shown.contains { $0.variant?.boldText == true } && shown.contains { $0.variant?.boldText != true }
                var names: [String] = []
                struct Cell: Hashable {
                    let category: ContentSizeCategory
                    let boldText: Bool
                }
                var cells: [String: [Cell: String]] = [:]
                for r in shown {
                    var variant = r.variant
                    if pairs { variant?.boldText = false }
                    let name = FitMatrix.name(of: variant, .row) ?? "text"
                    if cells[name] == nil { names.append(name) }
                    var cell = MeasureCommand.cell(r.layout)
                    if case .setInCode? = r.fromCode { cell = "set in code" }
                    cells[name, default: [:]][Cell(category: r.category, boldText: pairs && r.variant?.boldText == true)] = cell
                }
                if let width {
                    block +=
                        (k > 0 ? "\n" : "")
                        + "on \(screens.map { TerminalText.escape($0) }.joined(separator: ", ")) (\(ScreenLength.number(rounded(width))) pt)\n"
                }
                // A name may hold control characters: escaped before it is padded.
                let fit = FitTable(variants: names.map { TerminalText.escape($0) }, categories: columns, boldTextColumns: pairs) {
                    v, c, bold in cells[names[v]]?[Cell(category: columns[c], boldText: bold)] ?? "–"
                }
                block += fit.text()
            }
            out.append(block)
            i = j
        }
        return out.joined(separator: "\n")
    }
}
