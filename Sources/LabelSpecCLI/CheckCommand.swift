import ArgumentParser
import Foundation
import LabelLocalization
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary
import SwiftSources

/// `labelspec check`: the diagnostics of the language server, headless.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Report the diagnostics of .labelspec, .storyboard, .xib and .swift files (directories are searched recursively).")

    @ArgumentParser.Argument(help: "Files or directories to check ('-' reads standard input).")
    var paths: [String]

    @Option(name: .long, help: "Output format: text, json, github or sarif.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Exit 1 on warnings too.")
    var denyWarnings = false

    @OptionGroup var sizes: ContentSizeOptions
    @OptionGroup var screenOptions: ScreenOptions

    @OptionGroup var localeOptions: LocaleOptions

    @OptionGroup var selection: SelectionOptions

    @OptionGroup var fonts: FontOptions

    @OptionGroup var fileOptions: FileOptions

    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Apply the safe quick fixes (behaviour-preserving) and rewrite the files; report what remains.")
    var fix = false

    @Flag(name: .long, help: "With --fix: apply the unsafe quick fixes too (they change what renders).")
    var unsafeFixes = false

    @Option(name: .long, help: ArgumentHelp("Report only the findings that are not in this baseline file.", valueName: "file"))
    var baseline: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Write the current findings to this baseline file (JSON) instead of reporting them.", valueName: "file"))
    var writeBaseline: String?

    func validate() throws {
        if unsafeFixes && !fix { throw ValidationError("--unsafe-fixes applies fixes with --fix only; add --fix") }
        if fix && paths.contains("-") {
            throw ValidationError("--fix rewrites files and cannot rewrite standard input ('-')")
        }
        if baseline != nil && writeBaseline != nil { throw ValidationError("use --baseline or --write-baseline, not both") }
    }

    func run() throws {
        InputFiles.startRecording()
        _ = try selection.layer()  // a name that is no code: a usage error before any work
        fileOptions.confineReads(paths, files: [baseline])
        var accepted: Baseline?
        if let baseline {
            do { accepted = try Baseline.read(baseline) } catch {
                printError(error.reason)
                throw Exit.usage
            }
        }
        var loader = try fileOptions.loader(for: paths)
        let progress = Progress(enabled: !output.quiet && format == .text && writeBaseline == nil)
        defer { progress.finish() }
        loader.progress = progress
        loader.quiet = output.quiet
        let project = loader.loadForCommand(paths, swift: true)
        try selection.apply(to: project.namespaces)
        try fonts.apply(to: project.namespaces)
        progress.setTotal(project.files.count)
        let useColor = format == .text && output.useColor
        let reporter = TextReporter(useColor: useColor)
        // Text and GitHub annotations are written as they are found; JSON and SARIF are one document.
        var located: [LocatedDiagnostic] = []
        // SARIF: each result's baseline key as its fingerprint, and how many results had it so far.
        var fingerprints: [String] = []
        var occurrences: [Baseline.Key: Int] = [:]
        var counts: [Severity: Int] = [:]
        var written = Baseline()
        var inBaseline = 0
        /// Reports a batch, after the baseline: with --write-baseline it is recorded instead,
        /// with --baseline what the baseline holds is left out. `document` finds items.
        /// `item`: the style or label a diagnostic is in (its name; a storyboard label's object id too).
        func report(_ batch: [LocatedDiagnostic], item: (Diagnostic) -> Baseline.Item = { _ in .none }) {
            if writeBaseline != nil {
                for d in batch { written.add(d.diagnostic, file: d.file, item: item(d.diagnostic)) }
                return
            }
            var batch = batch
            if accepted != nil {
                batch.removeAll { d in
                    let known = accepted!.absorbs(d.diagnostic, file: d.file, item: item(d.diagnostic))
                    if known { inBaseline += 1 }
                    return known
                }
            }
            for d in batch { counts[d.diagnostic.severity, default: 0] += 1 }
            switch format {
            case .text:
                // The progress line is cleared before findings go to a terminal it shares.
                let text = reporter.render(batch)
                progress.clearing { write(text) }
            case .github: write(GitHubReporter.render(batch))
            case .json: located += batch
            case .sarif:
                located += batch
                for d in batch {
                    let key = Baseline.Key.fingerprint(d.diagnostic, file: d.file, item: item(d.diagnostic))
                    occurrences[key, default: 0] += 1
                    fingerprints.append(key.fingerprint + ":\(occurrences[key]!)")
                }
            }
        }
        let excerpts = format == .text
        // A labelspec.json with problems first: its diagnostics are reported like any other, and
        // its namespace is checked with the defaults for what could not be used.
        // With --write-baseline they are not recorded but said on standard error (the run exits 2).
        project.locateConfigurationProblems(excerpts: excerpts || writeBaseline != nil) { batch in
            if writeBaseline != nil {
                FileHandle.standardError.write(Data(TextReporter(useColor: false).render(batch).utf8))
            } else {
                report(batch)
            }
        }
        // Problems of the string tables (invalid-catalog, format-mismatch), on their files.
        project.locateCatalogProblems(excerpts: excerpts) { report($0) }
        localeOptions.warnAboutUnknownLocales(in: project.namespaces)
        // --content-size, --screen, --locale and --pseudo over each namespace's plan.
        var plans: [ObjectIdentifier: MeasuringPlan] = [:]
        for ns in project.namespaces {
            do { plans[ObjectIdentifier(ns)] = try ns.plan(sizes: sizes, screens: screenOptions, locales: localeOptions) } catch {
                progress.finish()
                printError(error.reason)
                throw Exit.usage
            }
        }
        func diagnostics(of file: LoadedFile) -> [Diagnostic] {
            file.namespace.diagnostics(of: file.path, plan: plans[ObjectIdentifier(file.namespace)])
        }
        // Translations sent back: the findings about their texts are placed in them.
        var returned = ReturnedCheck(project.returned, only: localeOptions.listed)
        var fixed = 0
        var fixedFiles = 0
        // Labels of IB files whose text is set in code and has no sample: not measured.
        var setInCode = 0
        var writeFailed = false
        let (drift, described) = specDrift(project, plans: plans)
        // Swift files' sites: found, checked, and why the others were not.
        var siteCounts = SiteCounts()
        var swiftFiles = 0
        for file in project.files {
            if let swift = file.swift {
                let ns = file.namespace
                // A site a spec describes is measured as the spec says: its own findings are left out.
                let specs = described[file.path] ?? []
                let own = returned.findings(
                    of: file.path, bytes: swift.bytes, plan: plans[ObjectIdentifier(ns)] ?? ns.plan, label: { _ in nil }
                ) {
                    swift.diagnostics(measurer: ns.measurer, plan: $0, localizations: ns.localizations, leaving: specs)
                }
                let found = Self.merged(own, drift[file.path])
                var counts = swift.translation.counts
                // A site all of whose texts a spec describes.
                let bySpec = Dictionary(grouping: swift.translation.labels, by: \.site.lowerBound).values.filter {
                    $0.allSatisfy { specs.contains($0.name) }
                }.count
                counts.checked -= bySpec
                counts.describedBySpec += bySpec
                siteCounts += counts
                swiftFiles += 1
                LocatedDiagnostic.locate(found, file: file.path, bytes: swift.bytes, excerpts: excerpts, unindented: true) { report($0) }
                progress.fileChecked(labels: 0)
                continue
            }
            if let ib = file.interfaceBuilder {
                // A storyboard or xib: its diagnostics placed in the XML (never fixed: the file
                // is Xcode's to write).
                let ns = file.namespace
                if let plan = plans[ObjectIdentifier(ns)], ib.problems.isEmpty {
                    let ibPlan = ib.plan(over: plan)
                    if !ibPlan.absentLocales.isEmpty {
                        progress.clearing { localeOptions.warnAboutUnknownLocales(in: file.path, plan: ibPlan) }
                    }
                }
                let found = returned.findings(
                    of: file.path, bytes: ib.bytes, plan: plans[ObjectIdentifier(ns)] ?? ns.plan, interfaceBuilder: true,
                    label: { ib.labelName(at: $0.range.lowerBound) }
                ) { ns.measuring($0).diagnostics(of: ib) }
                setInCode += ib.notMeasuredSetInCode
                LocatedDiagnostic.locate(found, file: file.path, bytes: ib.bytes, excerpts: excerpts, unindented: true) {
                    report($0) { Baseline.Item(name: ib.labelName(at: $0.range.lowerBound), id: ib.labelID(at: $0.range.lowerBound)) }
                }
                // Problems of its .strings files (invalid-catalog), on those files; a file a
                // namespace reads as a table of its own is reported once, with that namespace's
                // when the run reports on it (`reportsOn`), else here: they are the storyboard's.
                for problems in ib.localizations.problems
                where !project.namespaces.contains(where: {
                    $0.readsTable(problems.path) && project.reportsOn(table: problems.path, in: $0)
                }) {
                    LocatedDiagnostic.locate(
                        ns.configuration.apply(to: problems.diagnostics), file: ProjectLoader().canonicalName(problems.path),
                        bytes: problems.text, excerpts: excerpts
                    ) { report($0) }
                }
                progress.fileChecked(labels: 0)
                continue
            }
            if fix && file.document.syntax.root.hasErrors {
                // As format: a file the parser could not read whole is not rewritten; what a fix
                // would remove may be what the author wrote next (its diagnostics follow).
                progress.clearing { printError("'\(file.path)' has syntax errors; not fixed (fix them first)") }
            } else if fix {
                let result = applyFixes(file, diagnostics: diagnostics)
                if let why = result.failure {
                    printError("cannot write '\(file.path)': \(why); the file is unchanged")
                    writeFailed = true
                }
                if !result.lines.isEmpty && !output.quiet {
                    let text = result.lines.joined(separator: "\n") + "\n"
                    progress.clearing {
                        if format == .text { write(text) } else { FileHandle.standardError.write(Data(text.utf8)) }
                    }
                }
                fixed += result.count
                if result.count > 0 { fixedFiles += 1 }
            }
            let document = file.document
            let own = returned.findings(
                of: file.path, bytes: document.syntax.source.allBytes, plan: plans[ObjectIdentifier(file.namespace)] ?? file.namespace.plan,
                label: { document.item(at: $0.range.lowerBound)?.info.name }
            ) { file.namespace.diagnostics(of: file.path, plan: $0) }
            LocatedDiagnostic.locate(
                Self.merged(own, drift[file.path]), file: file.path, bytes: document.syntax.source.allBytes,
                excerpts: excerpts
            ) {
                report($0) { Baseline.Item(name: document.item(at: $0.range.lowerBound)?.info.name, id: nil) }
            }
            progress.fileChecked(labels: document.orderedItems.lazy.filter { $0.info.kind == .label }.count)
            setInCode += file.namespace.workspace.labelsWithTextSetInCode(in: document)
        }
        // The returned files: what Xcode would leave out, and the findings about their texts.
        returned.located(excerpts: excerpts, configuration: { _ in project.namespaces.first?.configuration }) { report($0) }
        progress.finish()
        // Each unmapped font token once, with how to map it (standard error: every format).
        if !output.quiet {
            for line in SwiftSummary.unmappedTokens(siteCounts) { printError(line) }
        }
        if let writeBaseline {
            if let why = OutputFile.write(written.serialized(), to: writeBaseline) {
                printError("cannot write baseline '\(writeBaseline)': \(why)")
                throw Exit.usage
            }
            if !output.quiet && !OutputFile.isStandardOutput(writeBaseline) {
                let n = written.total
                write("Wrote \(n) finding\(n == 1 ? "" : "s") to \(writeBaseline)\n")
            }
            if project.hadUnreadable || !project.invalidConfigurations.isEmpty { throw Exit.usage }
            return
        }
        // Every font the run measured with, each said to stand in or not.
        let fontsUsed = Array(Set(project.namespaces.flatMap { $0.measurer.fontsUsed() })).sorted()
        switch format {
        case .text:
            if fixed > 0 && !output.quiet {
                write("Fixed \(fixed) finding\(fixed == 1 ? "" : "s") in \(fixedFiles) file\(fixedFiles == 1 ? "" : "s")\n")
            }
            // Nothing checked because a path is missing or unreadable: the error says it all.
            if !output.quiet && !(project.files.isEmpty && project.tables.isEmpty && project.returned.isEmpty && project.hadUnreadable) {
                var summary = reporter.summary(
                    files: project.files.count + project.tables.count + project.returned.count, counts: counts)
                if inBaseline > 0 { summary += " (\(inBaseline) more in the baseline)" }
                if setInCode > 0 {
                    summary += "; \(setInCode) label\(setInCode == 1 ? "" : "s") with text set in code, not measured"
                }
                write(summary + "\n")
                if swiftFiles > 0 { write(SwiftSummary.line(siteCounts) + "\n") }
                // Family names come from files: escaped for the terminal, as diagnostics are.
                if let fonts = MeasuringFont.standInSummary(fontsUsed) { write(TerminalText.escape(fonts) + "\n") }
            }
        case .github:
            // Once per run: what measured, when a stand-in did.
            if let fonts = MeasuringFont.standInSummary(fontsUsed) {
                write("::notice title=\(GitHubReporter.escapeProperty("LabelSpec: stand-in fonts"))::\(GitHubReporter.escapeData(fonts))\n")
            }
        case .json: JSONReporter.render(located, write: write)
        case .sarif:
            SARIFReporter.render(
                located, fingerprints: fingerprints, version: LabelSpecVersion.current, fonts: fontsUsed, write: write)
        }
        // Like a path that cannot be read, a configuration that cannot be used is exit 2.
        if project.hadUnreadable || !project.invalidConfigurations.isEmpty || writeFailed { throw Exit.usage }
        if counts[.error, default: 0] > 0 || (denyWarnings && counts[.warning, default: 0] > 0) { throw Exit.findings }
    }

    /// `spec-drift` (docs/swift-sources.md): per namespace with Swift files in the run, its specs'
    /// labels against the run's Swift sites that show the same key; by file, with the namespace's
    /// severities and selection.
    /// Also the sites a spec describes, by file (`SpecDrift.described`).
    private func specDrift(_ project: LoadedProject, plans: [ObjectIdentifier: MeasuringPlan]) -> (
        [String: [Diagnostic]], [String: Set<String>]
    ) {
        var out: [String: [Diagnostic]] = [:]
        var described: [String: Set<String>] = [:]
        for ns in project.namespaces {
            let files = project.files.filter { $0.namespace === ns }
            let swift = files.compactMap { f in f.swift.map { (path: f.path, file: $0) } }
            guard !swift.isEmpty else { continue }
            // Every spec of the namespace, asked for or not: a Swift file checked alone still
            // says how a spec beside it differs.
            var specs: [SpecDrift.Facts] = []
            var texts: [String: [UInt8]] = [:]
            for (id, doc) in ns.workspace.documents.sorted(by: { $0.key < $1.key }) where id.hasSuffix(".labelspec") {
                var found = SpecDrift.facts(of: doc, in: ns.workspace, file: id) { info, name in (name, info.name ?? "", nil) }
                // An imported spec's labels describe the sites of the file it came from first.
                if let line = ImportedSource.line(bytes: doc.syntax.source.allBytes) {
                    let source = ProjectLoader.absolute(line.source(ofSpec: id))
                    for i in found.indices { found[i].source = source }
                }
                if !found.isEmpty { texts[id] = doc.syntax.source.allBytes }
                specs += found
            }
            guard !specs.isEmpty else { continue }
            var sites: [SpecDrift.Facts] = []
            for s in swift {
                s.file.use(plans[ObjectIdentifier(ns)] ?? ns.plan)
                sites += s.file.driftFacts(file: s.path, localizations: ns.localizations)
                texts[s.path] = s.file.bytes
            }
            let matches = SpecDrift.matches(specs: specs, sites: sites)
            for (file, found) in SpecDrift.diagnostics(matches, bytes: { texts[$0] ?? [] }) {
                out[file, default: []] += ns.configuration.apply(to: found)
            }
            described.merge(SpecDrift.described(matches)) { $0.union($1) }
        }
        return (out, described)
    }

    /// A file's diagnostics with its `spec-drift` ones, in order of position then code.
    static func merged(_ found: [Diagnostic], _ drift: [Diagnostic]?) -> [Diagnostic] {
        guard let drift, !drift.isEmpty else { return found }
        return (found + drift).sorted { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
    }

    /// Applies the fixes `--fix` allows to one file, round after round (a fix can reveal another)
    /// until none applies, then writes the file at once (`AtomicWrite`) and puts the new text in
    /// its namespace. One line per fix: `path:line:col: fixed: TITLE [code]`.
    private func applyFixes(_ file: LoadedFile, diagnostics: (LoadedFile) -> [Diagnostic]) -> (
        count: Int, lines: [String], failure: String?
    ) {
        let ns = file.namespace
        let original = file.document.syntax.source.allBytes
        var bytes = original
        var lines: [String] = []
        var count = 0
        for _ in 0..<10 {
            let (next, applied) = CodeActions.applyAll(diagnostics(file), to: bytes, unsafe: unsafeFixes)
            guard !applied.isEmpty else { break }
            LocatedDiagnostic.locate(applied.map(\.diagnostic), file: file.path, bytes: bytes, excerpts: false) { batch in
                // The batch's fixes, by index (not the rest of `applied` copied for every batch).
                let first = lines.count - count
                for (item, fix) in zip(batch, applied[first..<min(first + batch.count, applied.count)].lazy.map(\.fix)) {
                    lines.append(
                        "\(TerminalText.escape(item.file)):\(item.line):\(item.column): fixed: \(TerminalText.escape(fix.title)) [\(item.diagnostic.code.rawValue)]"
                    )
                }
            }
            count += applied.count
            bytes = next
            ns.workspace.add(Workspace.Document.make(id: file.path, bytes: bytes))
        }
        guard bytes != original else { return (count, lines, nil) }
        if let why = AtomicWrite.replace(file.path, with: bytes) {
            ns.workspace.add(Workspace.Document.make(id: file.path, bytes: original))
            return (0, [], why)
        }
        return (count, lines, nil)
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
