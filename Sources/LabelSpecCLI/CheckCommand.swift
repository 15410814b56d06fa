import ArgumentParser
import Foundation
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics

/// `labelspec check`: the diagnostics of the language server, headless.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report the diagnostics of .labelspec files (directories are searched recursively).")

    @ArgumentParser.Argument(help: "Files or directories to check.")
    var paths: [String]

    @Option(name: .long, help: "Output format: text, json, github or sarif.")
    var format: String = "text"

    @Flag(name: .long, help: "Exit 1 on warnings too.")
    var denyWarnings = false

    @OptionGroup var sizes: ContentSizeOptions

    func validate() throws {
        guard OutputFormat(rawValue: format) != nil else {
            throw ValidationError("unknown format '\(format)'; use text, json, github or sarif")
        }
        _ = try sizes.categories(default: ["large"])
    }

    func run() throws {
        let (loaded, hadUnreadable) = try WorkspaceLoader().loadForCommand(paths)
        var located: [LocatedDiagnostic] = []
        var counts: [Severity: Int] = [:]
        for file in loaded {
            let categories = try sizes.categories(default: file.workspace.configuration.contentSizes)
            let diagnostics = Checks.diagnostics(
                of: file.path, in: file.workspace.workspace, measurer: try file.workspace.measurer(), categories: categories,
                configuration: file.workspace.configuration)
            for d in diagnostics { counts[d.severity, default: 0] += 1 }
            if !diagnostics.isEmpty {
                located += LocatedDiagnostic.locate(diagnostics, file: file.path, bytes: file.document.syntax.source.allBytes)
            }
        }
        let output: String
        switch OutputFormat(rawValue: format)! {
        case .text:
            let reporter = TextReporter(useColor: isatty(1) != 0)
            output = reporter.render(located) + reporter.summary(files: loaded.count, counts: counts) + "\n"
        case .json: output = JSONReporter.render(located)
        case .github: output = GitHubReporter.render(located)
        case .sarif: output = SARIFReporter.render(located, version: LabelSpecCommand.version)
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        if hadUnreadable { throw Exit.usage }
        if counts[.error, default: 0] > 0 || (denyWarnings && counts[.warning, default: 0] > 0) { throw Exit.findings }
    }
}
