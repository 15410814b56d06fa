import ArgumentParser
import Foundation
import JSON
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax
import LabelVocabulary

/// `labelspec measure`: how each label renders, from the measurement core.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure", abstract: "Lay out every label and show its lines, truncation, font size and scale.")

    @ArgumentParser.Argument(help: "Files or directories to measure.")
    var paths: [String]

    /// Output formats of `labelspec measure`.
    enum Format: String, ExpressibleByArgument {
        case text, json
    }

    @Option(name: .long, help: "Output format: text or json.")
    var format: Format = .text

    @OptionGroup var sizes: ContentSizeOptions

    struct Row {
        let file: String
        let label: String
        let line: Int
        let category: ContentSizeCategory
        let layout: LabelLayout
    }

    func run() throws {
        let project = WorkspaceLoader().loadForCommand(paths)
        // A labelspec.json with problems: said on standard error (measuring goes on with the
        // defaults for what could not be used), and the run ends with exit 2.
        project.locateConfigurationProblems(excerpts: false) {
            FileHandle.standardError.write(Data(TextReporter(useColor: false).render($0).utf8))
        }
        var rows: [Row] = []
        var failures = false
        for file in project.files {
            let measurer = file.namespace.measurer
            let categories = sizes.categories(default: file.namespace.configuration.contentSizes)
            let doc = file.document
            let lines = LineIndex(doc.syntax.source.allBytes)
            for (info, offset) in doc.orderedItems where info.kind == .label {
                for category in categories {
                    guard let input = LayoutInputs.input(for: info, in: file.namespace.workspace, contentSize: category) else { continue }
                    switch measurer.layout(input) {
                    case .success(let layout):
                        rows.append(Row(
                            file: file.path, label: info.name ?? "?", line: lines.line(of: offset + info.nameRange.lowerBound) + 1,
                            category: category, layout: layout))
                    case .failure(let error):
                        printError("\(file.path): cannot measure '\(info.name ?? "?")': \(error)")
                        failures = true
                    }
                }
            }
        }
        let output = format == .json ? json(rows) : rows.map(preview).joined(separator: "\n")
        FileHandle.standardOutput.write(Data(output.utf8))
        if project.hadUnreadable || !project.invalidConfigurations.isEmpty { throw Exit.usage }
        if failures { throw Exit.findings }
    }

    func json(_ rows: [Row]) -> String {
        JSONValue.array(rows.map { r in
            .object([
                ("file", .string(r.file)),
                ("label", .string(r.label)),
                ("line", .int(r.line)),
                ("contentSize", .string(r.category.rawValue)),
                ("fontSize", .double(rounded(r.layout.fontSize))),
                ("scale", .double(rounded(r.layout.scale))),
                ("lineCount", .int(r.layout.lineCount)),
                ("lines", .array(r.layout.lines.map { .string($0.text) })),
                ("truncated", .bool(r.layout.isTruncated)),
                ("clipped", .bool(r.layout.isClipped)),
                ("width", .double(rounded(r.layout.width))),
                ("height", .double(rounded(r.layout.height))),
            ])
        }).serialized(pretty: true) + "\n"
    }

    func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// A box as wide as the label, the lines drawn in it, and a summary line.
    func preview(_ r: Row) -> String {
        let layout = r.layout
        var out = "\(TerminalText.escape(r.file)):\(r.line): \(r.label) at \(r.category.displayName)\n"
        // The label's text may hold control characters (`"\u{1B}"`): shown escaped (`TerminalText`).
        out += Preview.box(layout).split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escape(String($0)) }
            .joined(separator: "\n")
        return out + LayoutSummary.text(layout, .full) + "\n"
    }
}
