import ArgumentParser
import Foundation
import JSON
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport

/// `labelspec rule CODE` / `labelspec rule --all`: what a diagnostic code means, from its
/// descriptor (as `ruff rule` does).
struct RuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rule",
        abstract: "Explain a diagnostic code, or list every code.",
        discussion: """
            `labelspec rule CODE` prints the code's default severity, whether its fixes are safe, \
            its explanation and an example with what `labelspec check` reports for it. \
            `labelspec rule --all` lists every code; with `--format json`, an array of objects \
            with code, severity, summary and fix ("safe", "unsafe" or "none").
            """)

    enum Format: String, ExpressibleByArgument {
        case text, json
    }

    @ArgumentParser.Argument(help: "A diagnostic code, e.g. truncates.", completion: .list(DiagnosticCode.allCases.map(\.rawValue)))
    var code: String?

    @Flag(name: .long, help: "List every code.")
    var all = false

    @Option(name: .long, help: "Output format: text or json.")
    var format: Format = .text

    func validate() throws {
        if all, code != nil { throw ValidationError("give a code or --all, not both") }
        if !all, code == nil { throw ValidationError("give a diagnostic code (e.g. 'labelspec rule truncates'), or --all") }
    }

    func run() throws {
        guard let code else {
            write(all: DiagnosticDescriptor.all)
            return
        }
        guard let found = DiagnosticCode(rawValue: code) else {
            let hint =
                DiagnosticCode.suggestion(for: code).map { "; did you mean '\($0.rawValue)'?" } ?? "; 'labelspec rule --all' lists them"
            printError("unknown diagnostic code '\(TerminalText.escape(code))'\(hint)")
            throw Exit.usage
        }
        write(found.descriptor)
    }

    private func write(all descriptors: [DiagnosticDescriptor]) {
        switch format {
        case .json:
            let rows: [JSONValue] = descriptors.map { d in
                .object([
                    ("code", .string(d.code.rawValue)), ("severity", .string(d.severity.rawValue)), ("summary", .string(d.summary)),
                    ("fix", .string(d.fix.rawValue)),
                ])
            }
            output(JSONValue.array(rows).serialized(pretty: true) + "\n")
        case .text:
            let codeWidth = descriptors.map(\.code.rawValue.count).max() ?? 0
            let severityWidth = descriptors.map(\.severity.rawValue.count).max() ?? 0
            var out = ""
            for d in descriptors {
                out +=
                    d.code.rawValue.padded(to: codeWidth) + "  " + d.severity.rawValue.padded(to: severityWidth) + "  "
                    + d.fix.rawValue.padded(to: 6) + "  " + d.summary + "\n"
            }
            output(out)
        }
    }

    private func write(_ d: DiagnosticDescriptor) {
        let docs = ShippedDocs.diagnosticURI(d.code)
        switch format {
        case .json:
            var fields: [(String, JSONValue)] = [
                ("code", .string(d.code.rawValue)), ("severity", .string(d.severity.rawValue)), ("summary", .string(d.summary)),
                ("fix", .string(d.fix.rawValue)), ("explanation", .string(d.explanation)),
                (
                    "example",
                    .object([
                        (
                            "files",
                            .array(
                                d.example.files.map { f in
                                    .object(
                                        [("name", .string(f.name)), ("text", .string(f.text))]
                                            + (f.latin1 ? [("encoding", .string("latin1"))] : []))
                                })
                        ),
                        ("reports", .array(d.example.reports.map { .string($0) })),
                    ])
                ),
            ]
            if let docs { fields.append(("docs", .string(docs))) }
            output(JSONValue.object(fields).serialized(pretty: true) + "\n")
        case .text:
            let fix: String
            switch d.fix {
            case .safe: fix = "safe (applied by check --fix)"
            case .unsafe: fix = "unsafe (applied by check --fix --unsafe-fixes)"
            case .editor: fix = "editor (alternatives offered by the editor; check --fix applies none)"
            case .none: fix = "none"
            }
            var out = "\(d.code.rawValue): \(d.summary)\n\nDefault severity: \(d.severity.rawValue)\nQuick fix: \(fix)\n\n"
            out += wrap(d.explanation, width: 88) + "\n"
            for (i, file) in d.example.files.enumerated() {
                out += "\n" + (i == 0 ? "Example, " : "With ") + file.name + (file.latin1 ? " (saved in Latin-1)" : "") + ":\n\n"
                out +=
                    file.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + TerminalText.escape(String($0)) }
                    .joined(separator: "\n") + "\n"
            }
            out +=
                "\nlabelspec check reports:\n\n" + d.example.reports.map { "    " + TerminalText.escape($0) }.joined(separator: "\n") + "\n"
            if let docs { out += "\nMore: \(docs)\n" }
            output(out)
        }
    }

    private func output(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

    /// Words wrapped at `width` columns.
    private func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
