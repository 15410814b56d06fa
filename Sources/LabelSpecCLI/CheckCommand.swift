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
        abstract: "Report the diagnostics of .labelspec, .storyboard and .xib files (directories are searched recursively).")

    @ArgumentParser.Argument(help: "Files or directories to check.")
    var paths: [String]

    @Option(name: .long, help: "Output format: text, json, github or sarif.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Exit 1 on warnings too.")
    var denyWarnings = false

    @OptionGroup var sizes: ContentSizeOptions

    @OptionGroup var localeOptions: LocaleOptions

    func run() throws {
        let project = WorkspaceLoader().loadForCommand(paths)
        let reporter = TextReporter(useColor: isatty(1) != 0)
        // Text and GitHub annotations are written as they are found; JSON and SARIF are one document.
        var located: [LocatedDiagnostic] = []
        var counts: [Severity: Int] = [:]
        func report(_ batch: [LocatedDiagnostic]) {
            for d in batch { counts[d.diagnostic.severity, default: 0] += 1 }
            switch format {
            case .text: write(reporter.render(batch))
            case .github: write(GitHubReporter.render(batch))
            case .json, .sarif: located += batch
            }
        }
        // A labelspec.json with problems first: its diagnostics are reported like any other, and
        // its namespace is checked with the defaults for what could not be used.
        project.locateConfigurationProblems(excerpts: format == .text, report)
        // Problems of the string tables (invalid-catalog, format-mismatch), on their files.
        project.locateCatalogProblems(excerpts: format == .text, report)
        for ns in project.namespaces { ns.localePlan = localeOptions.plan(over: ns.localePlan) }
        for file in project.files {
            let ns = file.namespace
            let categories = sizes.categories(default: ns.configuration.contentSizes)
            if let ib = file.interfaceBuilder {
                let diagnostics = ib.diagnostics(
                    measurer: ns.measurer, categories: categories, configuration: ns.configuration, plan: ns.localePlan)
                LocatedDiagnostic.locate(diagnostics, file: file.path, bytes: ib.bytes, excerpts: format == .text, report)
                // Problems of its .strings files (invalid-catalog), on those files.
                for problems in ib.localizations.problems {
                    LocatedDiagnostic.locate(
                        ns.configuration.apply(to: problems.diagnostics), file: WorkspaceLoader().canonicalName(problems.path),
                        bytes: problems.text, excerpts: format == .text, report)
                }
                continue
            }
            let diagnostics = Checks.diagnostics(
                of: file.path, in: ns.workspace, measurer: ns.measurer, categories: categories, configuration: ns.configuration,
                plan: ns.localePlan)
            LocatedDiagnostic.locate(
                diagnostics, file: file.path, bytes: file.document.syntax.source.allBytes, excerpts: format == .text, report)
        }
        switch format {
        case .text: write(reporter.summary(files: project.files.count, counts: counts) + "\n")
        case .github: break
        case .json: JSONReporter.render(located, write: write)
        case .sarif: SARIFReporter.render(located, version: LabelSpecVersion.current, write: write)
        }
        // Like a path that cannot be read, a configuration that cannot be used is exit 2.
        if project.hadUnreadable || !project.invalidConfigurations.isEmpty { throw Exit.usage }
        if counts[.error, default: 0] > 0 || (denyWarnings && counts[.warning, default: 0] > 0) { throw Exit.findings }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
