import Foundation
import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

/// A label laid out at one cell of its fit matrix (and on one screen of its width): a row of
/// `measure` and a picture of `render`, which show the same rows.
struct MeasuredRow {
    let file: String
    let label: String
    let line: Int
    let category: ContentSizeCategory
    let layout: LabelLayout
    let input: LabelLayoutInput
    /// With --locale, --pseudo or --matrix: which text was measured.
    var variant: TextVariant?
    /// The label's text colour on its background in every appearance.
    var contrast: LabelContrast?
    /// For a label whose width follows the screen: the screen (one row per screen).
    var screen: ScreenGeometry?
    /// What laid it out (its namespace's): a drawing of it uses the same fonts.
    var measurer: Measurer
    /// Text that code sets: `.setInCode` (not measured: the row is the empty label), or
    /// `.maybe` (an outlet's text, measured as the file has it).
    var fromCode: FromCode?
    /// Where its width came from, as its findings say it (`LabelWidths.source`, a storyboard
    /// label's `Translation.Label.widthSource`); nil without a width.
    var widthSource: String?

    /// The points its text leaves free of its width (the width less its icon and its widest
    /// line): nil without a width, or when it is cut.
    var spare: Double? {
        guard input.width != nil, !layout.isCut else { return nil }
        return layout.room.spare
    }

    enum FromCode: Equatable {
        /// With the outlet, when an IB file names it.
        case setInCode(outlet: String?)
        case maybe(outlet: String)

        /// As `measure` and `render` say it.
        var words: String {
            switch self {
            case .setInCode(let outlet?): return "text set in code (outlet '\(outlet)'), not measured"
            case .setInCode(nil): return "text set in code, not measured"
            case .maybe(let outlet): return "text may be set in code (outlet '\(outlet)')"
            }
        }
    }

    /// Points to two decimals, as `measure --format json` and `render`'s manifest give them.
    static func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// Every label of the project laid out, a row per text variant × content size × screen, in
    /// file and document order (`measure` and `render` show the same rows). Problems are said
    /// on standard error; `failures` tells whether there were any.
    /// `localized`: every locale of the plan (`--locale`, `--pseudo`, `--matrix`, `render`); else
    /// the development language, as `check` lays it out: its text with the sample arguments
    /// filled in, a row for each plural form (never the raw format string or the key).
    static func rows(
        of project: LoadedProject, sizes: ContentSizeOptions, screenOptions: ScreenOptions, localeOptions: LocaleOptions, localized: Bool,
        withFindingsOnly: Bool = false, onFile: (Int) -> Void = { _ in }
    ) throws -> (rows: [MeasuredRow], failures: Bool) {
        var rows: [MeasuredRow] = []
        var failures = false
        localeOptions.warnAboutUnknownLocales(in: project.namespaces)
        for file in project.files {
            defer { onFile(rows.count) }
            let ns = file.namespace
            let measurer = ns.measurer
            var plan: MeasuringPlan
            do { plan = try ns.plan(sizes: sizes, screens: screenOptions, locales: localeOptions) } catch {
                printError(error.reason)
                throw Exit.usage
            }
            // With --select or --ignore: the labels `check` with them reports a finding on.
            let kept = withFindingsOnly ? labelsWithFindings(file, plan: plan) : nil
            if !localized { plan = plan.inDevelopmentLanguage() }
            // An Interface Builder file: its generated labels, placed at their <label> elements.
            let ib = file.interfaceBuilder
            if let ib {
                if let problem = ib.problems.first {
                    LocatedDiagnostic.locate([problem], file: file.path, bytes: ib.bytes, excerpts: false) {
                        writeStandardError(TextReporter(useColor: false).render($0))
                    }
                    failures = true
                    continue
                }
                plan = ib.plan(over: plan)
                if localized { localeOptions.warnAboutUnknownLocales(in: file.path, plan: plan) }
            }
            let workspace = ib?.workspace ?? ns.workspace
            let doc = ib?.generated ?? file.document
            let lines = LineTable(file.bytes, encoding: .utf8)
            for (info, offset) in doc.orderedItems where info.kind == .label && kept.map({ $0.contains(info.name ?? "") }) ?? true {
                let at = offset + info.nameRange.lowerBound
                let line = lines.line(of: ib?.xmlOffset(ofGenerated: at) ?? at) + 1
                let contrast = LabelContrast.of(info, in: workspace)
                var fromCode: FromCode?
                let translated = ib?.translatedLabel(atGenerated: at)
                if let t = translated, let outlet = t.outlet {
                    fromCode = !t.textSetInCode ? .maybe(outlet: outlet) : t.sampled ? nil : .setInCode(outlet: outlet)
                } else if ib == nil {
                    let effective = workspace.effectiveProperties(of: info)
                    if effective[.text] == nil, case .bool(true)? = effective[.textSetInCode]?.assignment.typed {
                        fromCode = .setInCode(outlet: nil)
                    }
                }
                var cells: [(TextVariant?, ContentSizeCategory, LabelLayoutInput, [ScreenGeometry], String?)] = []
                // One group of screens, or two (phones and iPads) when the text varies by device.
                let groups = FitMatrix.of(info, in: workspace, plan: plan, measurer: measurer).groups
                // Screens its width comes to 0 or less, or past the largest width, on: not laid
                // out there (`check` says why, at the value), and the rows are incomplete.
                let (nonPositive, tooWide) = (
                    groups.flatMap { $0.widths.nonPositive.map(\.screen) }, groups.flatMap { $0.widths.tooWide.map(\.screen) }
                )
                if let first = (nonPositive + tooWide).first {
                    let count = nonPositive.count + tooWide.count
                    let more = count > 1 ? " and \(count - 1) more screen\(count == 2 ? "" : "s")" : ""
                    let why = [
                        nonPositive.isEmpty ? nil : "0 or less",
                        tooWide.isEmpty ? nil : "more than \(LayoutSummary.points(ScreenLength.mostPoints)) pt",
                    ]
                    printError(
                        "\(file.path):\(line): '\(info.name ?? "?")' is not measured on \(first.name)\(more): its width comes to \(why.compactMap { $0 }.joined(separator: " or ")) there"
                    )
                    failures = true
                    if groups.allSatisfy({ $0.widths.widths.isEmpty }) { continue }
                }
                for m in groups {
                    for (i, input) in m.inputs.enumerated() {
                        guard let input else { continue }
                        let place = m.place(of: i)
                        let v = m.variants[place.variant]
                        // Without --locale, a text that is one variant is the label's text: no locale.
                        cells.append(
                            (
                                localized || v.pluralForm != nil || v.device != nil || v.boldText ? v : nil, m.sizes[place.size], input,
                                m.screens(of: i),
                                translated?.widthSource ?? m.widths.source
                            ))
                    }
                }
                if groups.allSatisfy({ $0.variants.isEmpty || $0.inputs.allSatisfy({ $0 == nil }) }) {
                    // No text (none written, or empty): laid out as it is, an empty label.
                    for category in plan.contentSizes {
                        guard let input = LayoutInputs.input(for: info, in: workspace, contentSize: category) else { continue }
                        cells.append((nil, category, input, [], nil))
                    }
                }
                for (variant, category, input, onScreens, widthSource) in cells {
                    switch measurer.layout(input) {
                    case .success(let layout):
                        // One row per screen of the width (screens of one width share its layout).
                        for screen in onScreens.isEmpty ? [nil] : onScreens.map(Optional.some) {
                            rows.append(
                                MeasuredRow(
                                    file: file.path, label: info.name ?? "?", line: line, category: category, layout: layout, input: input,
                                    variant: variant, contrast: contrast, screen: screen, measurer: measurer, fromCode: fromCode,
                                    widthSource: input.width == nil ? nil : widthSource))
                        }
                    case .failure(let error):
                        printError("\(file.path): cannot measure '\(info.name ?? "?")': \(error)")
                        failures = true
                        break
                    }
                }
            }
        }
        return (rows, failures)
    }

    /// The names of the labels of `file` that `check` (with `plan`, the namespace's with the
    /// command line's choices, and its `select`/`ignore`) reports a finding on: a finding in the
    /// label itself, or placed in a storyboard's label element.
    static func labelsWithFindings(_ file: LoadedFile, plan: MeasuringPlan) -> Set<String> {
        if let ib = file.interfaceBuilder {
            return Set(file.namespace.measuring(plan).diagnostics(of: ib).compactMap { ib.labelName(at: $0.range.lowerBound) })
        }
        let document = file.document
        return Set(
            file.namespace.diagnostics(of: file.path, plan: plan).compactMap { d in
                document.item(at: d.range.lowerBound).flatMap { $0.info.kind == .label ? $0.info.name : nil }
            })
    }
}
