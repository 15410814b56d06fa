import ArgumentParser
import Foundation
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport

/// `labelspec check`: the diagnostics of the language server, headless.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report the diagnostics of .labelspec files (directories are searched recursively).")

    @ArgumentParser.Argument(help: "Files or directories to check.")
    var paths: [String]

    @Option(name: .long, help: "Output format: text, json, github or sarif.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Exit 1 on warnings too.")
    var denyWarnings = false

    @OptionGroup var sizes: ContentSizeOptions

    func run() throws {
        let (loaded, hadUnreadable) = try WorkspaceLoader().loadForCommand(paths)
        let reporter = TextReporter(useColor: isatty(1) != 0)
        // Text and GitHub annotations are written as they are found; JSON and SARIF are one document.
        var located: [LocatedDiagnostic] = []
        var counts: [Severity: Int] = [:]
        for file in loaded {
            let categories = sizes.categories(default: file.workspace.configuration.contentSizes)
            let diagnostics = Checks.diagnostics(
                of: file.path, in: file.workspace.workspace, measurer: try file.workspace.measurer(), categories: categories,
                configuration: file.workspace.configuration)
            for d in diagnostics { counts[d.severity, default: 0] += 1 }
            guard !diagnostics.isEmpty else { continue }
            LocatedDiagnostic.locate(
                diagnostics, file: file.path, bytes: file.document.syntax.source.allBytes, excerpts: format == .text
            ) { batch in
                switch format {
                case .text: write(reporter.render(batch))
                case .github: write(GitHubReporter.render(batch))
                case .json, .sarif: located += batch
                }
            }
        }
        switch format {
        case .text: write(reporter.summary(files: loaded.count, counts: counts) + "\n")
        case .github: break
        case .json: JSONReporter.render(located, write: write)
        case .sarif: SARIFReporter.render(located, version: LabelSpecVersion.current, write: write)
        }
        if hadUnreadable { throw Exit.usage }
        if counts[.error, default: 0] > 0 || (denyWarnings && counts[.warning, default: 0] > 0) { throw Exit.findings }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
