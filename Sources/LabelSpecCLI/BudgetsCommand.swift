import ArgumentParser
import Foundation
import JSON
import LabelLocalization
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary
import XLIFF

/// `labelspec budgets`: what a translation of each key may take, from the labels that show it
/// (docs/translators.md); with `--xcloc`, written into exported `.xcloc`s as notes to translators.
struct BudgetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budgets",
        abstract: "Say the room each localized key has (width, lines, font, and characters per locale), or write it into .xcloc exports.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, csv
    }

    @ArgumentParser.Argument(help: "Files or directories whose labels show the keys (.labelspec, .storyboard, .xib, .swift).")
    var paths: [String]

    @Option(name: .long, help: "Output format: text, json or csv (key, source, description, max_characters).")
    var format: Format = .text

    @Option(name: .customLong("content-size"), help: "The Dynamic Type size budgets are given at (default: large).")
    var contentSize: String = "large"

    @Option(name: .customLong("locale"), help: "The locales to estimate characters for, separated by commas (default: the project's).")
    var locales: String?

    @OptionGroup var screenOptions: ScreenOptions

    @Option(
        name: .customLong("xcloc"),
        help: ArgumentHelp(
            "Write the budgets into this exported .xcloc (or .xliff) as notes to translators (repeatable).", valueName: "path"))
    var xclocs: [String] = []

    @Flag(name: .long, help: "With --xcloc: also set XLIFF's maxwidth (size-unit char) from the locale's estimate.")
    var maxwidth = false

    @Flag(name: .long, help: "With --xcloc: also set Weblate's weblate-flags (max-size in points, the stand-in font).")
    var weblate = false

    @Flag(name: .long, help: "With --xcloc: remove what budgets wrote, giving back the file as it was.")
    var strip = false

    @OptionGroup var fileOptions: FileOptions

    func validate() throws {
        if ContentSizeCategory(name: contentSize) == nil {
            throw ValidationError(
                "'\(contentSize)' is no content size: use one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if (maxwidth || weblate || strip) && xclocs.isEmpty {
            throw ValidationError("--maxwidth, --weblate and --strip apply with --xcloc")
        }
        if strip && (maxwidth || weblate) {
            throw ValidationError("--strip removes what budgets wrote; it takes no --maxwidth or --weblate")
        }
        if paths.contains(where: ReturnedFiles.isReturned) {
            throw ValidationError("name exported .xcloc and .xliff files with --xcloc")
        }
    }

    func run() throws {
        InputFiles.startRecording()
        fileOptions.confineReads(paths + xclocs, files: [])
        let loader = try fileOptions.loader(for: paths)
        let category = ContentSizeCategory(name: contentSize)!
        let targets = locales.map { $0.split(separator: ",").map { $0.trimming(" ") } }
        // The exports, read first: their locales are estimated for too (a new language has no
        // translation in the project yet).
        var exports: [ReturnedSource] = []
        var failed = false
        for path in xclocs {
            switch ReturnedFiles.read(path, name: loader.canonicalName) {
            case .failure(let e):
                printError(e.description)
                failed = true
            case .success(let files): exports += files
            }
        }
        let exportLocales = exports.compactMap { e -> String? in
            if let l = e.xclocLocale { return l }
            guard case .success(let d) = XLIFFDocument.read(e.bytes) else { return nil }
            return d.files.compactMap(\.targetLanguage).first
        }
        var project: LoadedProject?
        var budgets: [Budget] = []
        if !strip {
            let loaded = loader.loadForCommand(paths, swift: true)
            project = loaded
            var sources: [BudgetSource] = []
            for file in loaded.files {
                let ns = file.namespace
                let plan: MeasuringPlan
                do { plan = ns.plan.on(try screenOptions.screens(default: ns.plan.screens)) } catch {
                    printError(error.reason)
                    throw Exit.usage
                }
                sources.append(Self.source(file, plan: plan))
            }
            budgets = Budgets.of(sources, contentSize: category, targets: targets, also: exportLocales)
            // A locale asked for that no budget could estimate: said once.
            for locale in Set((targets ?? []) + exportLocales).sorted()
            where budgets.contains(where: { $0.lines > 0 }) && !budgets.contains(where: { $0.estimate(locale) != nil }) {
                printError(
                    "warning: no character estimate for '\(locale)': the project has no \(locale) translations, and LabelSpec has no sample sentence of its language"
                )
            }
            if loaded.hadUnreadable && xclocs.isEmpty {
                write(budgets)
                throw Exit.usage
            }
        }
        if xclocs.isEmpty {
            write(budgets)
            return
        }
        failed = failed || (project?.hadUnreadable ?? false)
        let byKey = Dictionary(grouping: budgets, by: \.key)
        // The tables the exports' units are mapped onto, read once for every export.
        let tables = ReturnedOverlay.tables(project?.namespaces ?? [], project?.files.compactMap(\.interfaceBuilder?.path) ?? [])
        for file in exports {
            let outcome = XclocAnnotation.annotate(
                file, budgets: byKey, tables: tables, maxwidth: maxwidth, weblate: weblate, strip: strip)
            switch outcome {
            case .success(let line): FileHandle.standardOutput.write(Data((line + "\n").utf8))
            case .failure(let why):
                printError(why.description)
                failed = true
            }
        }
        if failed { throw Exit.usage }
    }

    /// The labels of a file, with where each is in it.
    static func source(_ file: LoadedFile, plan: MeasuringPlan) -> BudgetSource {
        let ns = file.namespace
        if let ib = file.interfaceBuilder {
            return BudgetSource(
                file: file.path, bytes: ib.bytes, workspace: ib.workspace, document: ib.path, plan: ib.plan(over: plan),
                measurer: ns.measurer,
                place: { info, offset in
                    let r = (offset + info.nameRange.lowerBound)..<(offset + info.nameRange.upperBound)
                    return ib.translation.xmlRange(of: r).map { ($0, ib.labelName(at: $0.lowerBound) ?? info.name ?? "?") }
                }, interfaceBuilder: ProjectLoader.absolute(file.path))
        }
        if let swift = file.swift {
            swift.use(plan)
            return BudgetSource(
                file: file.path, bytes: swift.bytes, workspace: swift.generated(ns.localizations), document: swift.path, plan: plan,
                measurer: ns.measurer,
                place: { info, offset in
                    swift.translation.label(atGenerated: offset + info.nameRange.lowerBound).map { label in
                        (label.call, String(decoding: swift.bytes[label.call], as: UTF8.self).prefix(40) + "")
                    }
                })
        }
        let bytes = file.document.syntax.source.allBytes
        return BudgetSource(
            file: file.path, bytes: bytes, workspace: ns.workspace, document: file.path, plan: plan, measurer: ns.measurer,
            place: { info, offset in ((offset + info.nameRange.lowerBound)..<(offset + info.nameRange.upperBound), info.name ?? "?") })
    }

    private func write(_ budgets: [Budget]) {
        let targets = locales.map { $0.split(separator: ",").map { $0.trimming(" ") } }
        let text: String
        switch format {
        case .text: text = BudgetOutput.text(budgets)
        case .json: text = BudgetOutput.json(budgets, name: ProjectLoader().canonicalName)
        case .csv: text = BudgetOutput.csv(budgets, locales: targets)
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
