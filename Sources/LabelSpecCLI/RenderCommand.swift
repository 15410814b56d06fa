import ArgumentParser
import Foundation
import JSON
import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary

/// `labelspec render`: every label drawn as SVG from our own layout, with a manifest and an
/// offline HTML report (docs/cli.md, "render").
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw every label as SVG, per locale, content size and screen, with manifest.json and an HTML report.")

    @ArgumentParser.Argument(help: "Files or directories to render ('-' reads standard input).")
    var paths: [String]

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder to write: manifest.json, index.html and svg/. It must not exist yet, or be a report this command wrote (it is replaced whole).",
            valueName: "dir"))
    var out: String

    @OptionGroup var sizes: ContentSizeOptions

    @OptionGroup var screenOptions: ScreenOptions

    @OptionGroup var localeOptions: LocaleOptions

    @OptionGroup var selection: SelectionOptions

    @OptionGroup var fonts: FontOptions

    @OptionGroup var fileOptions: FileOptions

    @Flag(name: [.short, .long], help: "Say nothing on standard error but problems (no progress line, no summary).")
    var quiet = false

    /// `--out` as the closing line names it (`rep/` is `rep`).
    var shownOut: String {
        var s = out
        while s.count > 1, s.hasSuffix("/") { s.removeLast() }
        return s
    }

    func run() throws {
        _ = try selection.layer()
        fileOptions.confineReads(paths)
        // The folder is checked before any work: a run that cannot write says so at once.
        let target: ReportFolder
        switch ReportFolder.prepare(out, inputs: paths + [fileOptions.config].compactMap { $0 }) {
        case .success(let t): target = t
        case .failure(let problem):
            printError("cannot write the report to '\(out)': \(problem.reason)")
            throw Exit.usage
        }
        defer { target.discard() }
        // Interrupted (Ctrl-C, a CI job's timeout, the terminal closed): the unfinished report is
        // removed, not left beside DIR; once it is in place, the run finishes.
        let interruption = Interruption(onSignal: { target.discard(thenRaise: $0) })
        defer { interruption.end() }
        var loader = try fileOptions.loader(for: paths)
        let progress = Progress(enabled: !quiet, verb: "measured")
        defer { progress.finish() }
        loader.progress = progress
        loader.quiet = quiet
        let project = loader.loadForCommand(paths)
        try selection.apply(to: project.namespaces)
        try fonts.apply(to: project.namespaces)
        progress.setTotal(project.files.count)
        project.locateConfigurationProblems(excerpts: false) { d in
            progress.clearing { writeStandardError(TextReporter(useColor: false).render(d)) }
        }
        // A string table not read, whole or in part (a String Catalog that does not parse, a
        // .strings file of a locale): its labels would be drawn with their key or the
        // development language's text, so it is said, and the report is incomplete.
        let tablesNotRead = Self.sayTablesNotRead(project, progress: progress)
        var drawn = 0
        let (rows, failures) = try MeasuredRow.rows(
            of: project, sizes: sizes, screenOptions: screenOptions, localeOptions: localeOptions, localized: true,
            withFindingsOnly: selection.isSet,
            onFile: { n in
                progress.fileChecked(labels: n - drawn)
                drawn = n
            })
        var report = RenderReport(rows: rows)
        // Said on the page too: a report without some of its labels does not look complete.
        report.incomplete = project.hadUnreadable || !project.invalidConfigurations.isEmpty || failures || tablesNotRead
        progress.drawing(total: RenderReport.pictureCount(rows))
        do {
            try report.write(into: target, progress: progress)
            try target.commit()
        } catch let e as ReportFolder.Problem {
            progress.clearing { printError("cannot write the report to '\(out)': \(e.reason); nothing was written") }
            throw Exit.usage
        }
        if let kept = target.leftover {
            printError("the old report held files 'render' did not write; they are kept in '\(kept)'")
        }
        progress.finish()
        if !quiet {
            let failing = report.labels.filter(\.failing).count
            writeStandardError(
                "labelspec: \(report.labels.count) label\(report.labels.count == 1 ? "" : "s"), \(report.pictures) picture\(report.pictures == 1 ? "" : "s")"
                    + ", \(failing) failing: \(shownOut)/index.html\n")
        }
        // Written: 1 when some of it is missing (a file that could not be read, a string table
        // not read, a labelspec.json with problems, a label that could not be measured or drawn:
        // each said above); 2 is kept for a report not written.
        if report.incomplete || report.undrawable > 0 { throw Exit.findings }
    }

    /// Says each string table's `invalid-catalog` errors (what was not read, whatever severity
    /// labelspec.json gives the code: a picture drawn from a key is never silent), once per
    /// file, the namespaces' tables then the Interface Builder files' `.strings`; true when
    /// there was one.
    static func sayTablesNotRead(_ project: LoadedProject, progress: Progress) -> Bool {
        var said = Set<String>()
        var any = false
        func say(_ files: [CatalogProblems]) {
            for file in files where said.insert(file.path).inserted {
                let errors = file.diagnostics.filter { $0.code == .invalidCatalog && $0.severity == .error }
                guard !errors.isEmpty else { continue }
                any = true
                LocatedDiagnostic.locate(errors, file: ProjectLoader().canonicalName(file.path), bytes: file.text, excerpts: false) { d in
                    progress.clearing { writeStandardError(TextReporter(useColor: false).render(d)) }
                }
            }
        }
        for ns in project.namespaces { say(ns.catalogProblems) }
        for file in project.files { if let ib = file.interfaceBuilder { say(ib.localizations.problems) } }
        return any
    }
}
