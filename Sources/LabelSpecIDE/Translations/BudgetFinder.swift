import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

/// The labels of one file whose budgets are asked for: a spec, or the generated labels of a
/// storyboard or Swift file, with where each label is in the file.
public struct BudgetSource {
    public var file: String
    public var bytes: [UInt8]
    public var workspace: Workspace
    public var document: String
    public var plan: MeasuringPlan
    public var measurer: Measurer
    /// Where the label (its item at the offset) is in `bytes`, and its name; nil: left out.
    public var place: (ItemInfo, Int) -> (range: Range<Int>, name: String)?
    /// The Interface Builder file (absolute) the labels are generated from, if any.
    public var interfaceBuilder: String?

    public init(
        file: String, bytes: [UInt8], workspace: Workspace, document: String, plan: MeasuringPlan, measurer: Measurer,
        place: @escaping (ItemInfo, Int) -> (range: Range<Int>, name: String)?, interfaceBuilder: String? = nil
    ) {
        (self.file, self.bytes, self.workspace, self.document, self.plan, self.measurer, self.place) = (
            file, bytes, workspace, document, plan, measurer, place
        )
        self.interfaceBuilder = interfaceBuilder
    }
}

public enum Budgets {
    /// The budget of every localized key the sources' labels show, in the order first found:
    /// each label's room at `contentSize` on its narrowest screen, a key shown by several
    /// labels getting the tightest (`Budget.setBy`). `targets`: the locales to estimate for
    /// (nil: each namespace's measured locales but its development language).
    /// `also`: locales estimated for besides (an export's: its locale may have no translation yet).
    public static func of(_ sources: [BudgetSource], contentSize: ContentSizeCategory, targets: [String]?, also: [String] = []) -> [Budget]
    {
        var order: [String] = []
        var found: [String: Budget] = [:]
        let advances = MeanAdvances()
        for source in sources {
            guard let doc = source.workspace.documents[source.document] else { continue }
            let plan = source.plan.inDevelopmentLanguage().at([contentSize])
            var locales = (targets ?? source.plan.measuredLocales).filter { $0 != plan.localizations.sourceLanguage }
            for l in also where !locales.contains(l) && l != plan.localizations.sourceLanguage { locales.append(l) }
            let lines = LineTable(source.bytes, encoding: .utf8)
            for (info, offset) in doc.orderedItems where info.kind == .label {
                guard let place = source.place(info, offset) else { continue }
                let use = Budget.Use(
                    file: source.file, line: lines.line(of: min(place.range.lowerBound, source.bytes.count)) + 1, name: place.name)
                let matrix = FitMatrix.of(info, in: source.workspace, plan: plan, everyWidth: false, measurer: source.measurer)
                for group in matrix.groups {
                    guard let width = group.widths.widths.first ?? nil else { continue }  // no width: no budget
                    let screen = group.widths.followsScreen ? group.widths.screens.first?.first?.name : nil
                    // With Bold Text measured besides (`both`), the budget is its pass's: the tighter.
                    let boldTextBesides = group.variants.contains { $0.boldText } && group.variants.contains { !$0.boldText }
                    for (v, variant) in group.variants.enumerated() where !(boldTextBesides && !variant.boldText) {
                        guard let key = variant.key, var input = group.cell(variant: v, width: 0, size: 0) else { continue }
                        input.width = width
                        input.contentSize = contentSize
                        var b = measure(input, measurer: source.measurer, source: variant.text)
                        // A legacy table by its path (a variant names the file its text came from); a
                        // storyboard's own `.strings` are named like it.
                        let path = variant.tablePath ?? variant.catalogPath
                        let table = plan.localizations.catalogs.first { $0.path == path }
                        b.table = table?.table ?? tableName(path ?? source.interfaceBuilder)
                        b.tablePath = path
                        b.interfaceBuilder = source.interfaceBuilder
                        b.key = key
                        b.device = variant.device?.rawValue
                        // The forms of several substitutions: the key's whole text, one row.
                        b.plural = variant.pluralForm?.contains(":") == true ? nil : variant.pluralForm
                        if let form = variant.pluralForm, !form.contains(":"),
                            let subs = plan.localizations.entry(key, table: b.table)?.entry.localizations[
                                plan.localizations.sourceLanguage]?
                                .substitutions, subs.count == 1
                        {
                            b.substitution = subs.keys.first
                        }
                        // A legacy table's plural rules are a `.stringsdict`'s (its unit ids are paths).
                        if let table, !table.path.hasSuffix(".xcstrings"),
                            table.entries[LocalizationKey(key)]?.localizations[table.sourceLanguage]?.substitutions.isEmpty == false
                        {
                            b.stringsdict = true
                        }
                        b.labels = [use]
                        b.setBy = use
                        b.width = width
                        b.screen = screen
                        b.sourceLanguage = plan.localizations.sourceLanguage
                        // A plural form is measured with the number that selects it: its text says it.
                        if b.plural == nil, plan.localizations.developmentText(LocalizationKey(key))?.contains("%") == true {
                            b.arguments = arguments(of: info, in: source.workspace, plan: plan)
                        }
                        if b.lines > 0 {
                            b.estimates = locales.compactMap { locale in
                                advances.advance(locale: locale, input: input, localizations: plan.localizations, measurer: source.measurer)
                                    .map {
                                        Budget.Estimate(
                                            locale: locale, characters: Int((b.room / $0.points).rounded(.down)), basis: $0.basis)
                                    }
                            }
                        }
                        let id = [b.interfaceBuilder ?? "", b.tablePath ?? "", key, b.device ?? "", b.plural ?? ""].joined(
                            separator: "\u{1F}")
                        if var known = found[id] {
                            known.labels.append(use)
                            if b.room < known.room {
                                b.labels = known.labels
                                found[id] = b
                            } else {
                                found[id] = known
                            }
                        } else {
                            order.append(id)
                            found[id] = b
                        }
                    }
                }
            }
        }
        return order.map { found[$0]! }
    }

    /// The arguments a label's format is filled with: its own, else the plan's samples.
    static func arguments(of info: ItemInfo, in workspace: Workspace, plan: MeasuringPlan) -> [String] {
        var args = plan.sampleArguments
        if case .arguments(let a)? = workspace.effectiveValues(of: info)[.arguments] { args = a }
        return args.map {
            switch $0 {
            case .string(let s): return s
            case .number(let n): return LayoutSummary.points(n)
            }
        }
    }

    /// The table's name of a catalog path (`Localizable` of `App/Localizable.xcstrings` or
    /// `App/en.lproj/Localizable.strings`).
    static func tableName(_ path: String?) -> String {
        let last = PathText.lastComponent(path ?? "")
        return last.split(separator: ".").dropLast().joined(separator: ".")
    }

    /// The budget of one input (its text the development language's) before it is named.
    static func measure(_ input: LabelLayoutInput, measurer: Measurer, source: String) -> Budget {
        let width = input.width ?? 0
        let shrinks = input.adjustsFontSizeToFitWidth && input.minimumScaleFactor > 0 && input.minimumScaleFactor < 1
        let effective = shrinks ? width / input.minimumScaleFactor : width
        // With Bold Text, the face iOS draws the system font with then, and said.
        let (face, fontSource, fixed) = Budgets.face(input.font, at: input.contentSize, boldText: input.boldText)
        let font = face.name
        var plain = input
        plain.adjustsFontSizeToFitWidth = false
        plain.minimumScaleFactor = 0
        var usage: Double?
        if input.numberOfLines > 0, effective > 0 {
            usage = fittingWidth(plain, measurer: measurer).map { $0 / effective }
        }
        // The largest size at which the text still fits, the sizes from the reference up.
        var fitsUpTo: ContentSizeCategory?
        for category in ContentSizeCategory.allCases where category >= input.contentSize {
            var sized = input
            sized.contentSize = category
            guard case .success(let layout) = measurer.layout(sized), !layout.isCut else { break }
            fitsUpTo = category
            if fixed { break }
        }
        if fixed, fitsUpTo != nil { fitsUpTo = .accessibilityExtraExtraExtraLarge }
        var budget = Budget(
            table: "", tablePath: nil, interfaceBuilder: nil, key: "", device: nil, plural: nil, substitution: nil, labels: [],
            setBy: Budget.Use(file: "", line: 0, name: ""),
            width: width, screen: nil, lines: input.numberOfLines, font: font, fontSource: fontSource, contentSize: input.contentSize,
            minimumScaleFactor: shrinks ? input.minimumScaleFactor : nil, effectiveWidth: effective, source: source, sourceLanguage: "",
            usage: usage, fitsUpTo: fitsUpTo, fixedSize: fixed, estimates: [])
        budget.face = face
        return budget
    }

    /// The narrowest width at which `input`'s text fits its lines (autoshrink off), to a tenth
    /// of a point: its width on one line, or less, found by bisection (as `WidthSearch`).
    static func fittingWidth(_ input: LabelLayoutInput, measurer: Measurer) -> Double? {
        var free = input
        free.width = nil
        free.numberOfLines = 1
        guard case .success(let natural) = measurer.layout(free) else { return nil }
        let one = natural.width
        guard input.numberOfLines > 1, one > 0 else { return one }
        func fits(_ w: Double) -> Bool {
            var x = input
            x.width = w
            guard case .success(let l) = measurer.layout(x) else { return false }
            return !l.isCut
        }
        var (lo, hi) = (one / Double(input.numberOfLines) * 0.5, one + 1)
        guard fits(hi) else { return one }
        while hi - lo > 0.1 {
            let mid = (lo + hi) / 2
            if fits(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The face a font is drawn with at `category`: Apple's family (`SF Pro Text`, by size) or
    /// the custom one, the point size, weight and slant; where the size comes from; whether it
    /// stays at one size. With `boldText`, a system font's weight is Bold Text's.
    static func face(_ font: FontSpec, at category: ContentSizeCategory, boldText: Bool = false) -> (
        face: Budget.Face, source: String?, fixed: Bool
    ) {
        let weight = font.weight(boldText: boldText)
        func system(_ size: Double, _ traits: FontTraits) -> Budget.Face {
            var family = traits.design.appleFamily
            if traits.design == .default { family += size < 20 ? " Text" : " Display" }
            return Budget.Face(family: family, points: size, weight: weight, italic: traits.italic, boldText: boldText, isSystem: true)
        }
        switch font {
        case .textStyle(let style, let traits):
            return (system(style.metrics(at: category).size, traits), ".\(style.rawValue) at \(category.displayName)", false)
        case .system(let size, _, let traits):
            return (system(size, traits), nil, true)
        case .custom(let family, let size, let relative, let traits):
            let face = { (points: Double) in
                Budget.Face(family: family, points: points, weight: weight, italic: traits.italic, boldText: false, isSystem: false)
            }
            guard let relative else { return (face(size), nil, true) }
            let scaled = size * relative.metrics(at: category).size / relative.metrics(at: .large).size
            return (face(scaled), "relative to .\(relative.rawValue) at \(category.displayName)", false)
        }
    }

    /// How a budget names a font: Apple's face and the size at `category`, and where the size
    /// comes from; whether it stays at one size.
    static func describe(_ font: FontSpec, at category: ContentSizeCategory, boldText: Bool = false) -> (String, String?, Bool) {
        let (face, source, fixed) = Budgets.face(font, at: category, boldText: boldText)
        return (face.name, source, fixed)
    }
}

/// The mean advance of a character of a locale's text in a font, per locale and font: its
/// translations in the project (up to 64 texts without format specifiers, in table order), else
/// a sentence of ours in its language (`ScriptSamples`), laid out on one line.
final class MeanAdvances {
    private struct Key: Hashable {
        let locale: String
        let font: FontSpec
        let size: ContentSizeCategory
        /// Bold Text draws the system font heavier: its advances are its own.
        let boldText: Bool
    }
    private var known: [Key: (points: Double, basis: String)?] = [:]
    private var corpora: [String: String] = [:]

    func advance(locale: String, input: LabelLayoutInput, localizations: Localizations, measurer: Measurer) -> (
        points: Double, basis: String
    )? {
        let key = Key(locale: locale, font: input.font, size: input.contentSize, boldText: input.boldText)
        if let k = known[key] { return k }
        var text = corpus(locale, localizations)
        var basis = "translations"
        if text.isEmpty {
            text = ScriptSamples.sentence(for: locale) ?? ""
            basis = "sample"
        }
        var line = LabelLayoutInput(text: text)
        line.font = input.font
        line.contentSize = input.contentSize
        line.boldText = input.boldText
        line.numberOfLines = 1
        line.language = MeasuringPlan.layoutLanguage(locale)
        var result: (points: Double, basis: String)?
        if !text.isEmpty, case .success(let layout) = measurer.layout(line), layout.width > 0 {
            result = (layout.width / Double(text.count), basis)
        }
        known[key] = result
        return result
    }

    private func corpus(_ locale: String, _ localizations: Localizations) -> String {
        if let c = corpora[locale] { return c }
        var texts: [String] = []
        outer: for catalog in localizations.catalogs {
            for (_, entry) in catalog.entries {
                if case .text(let s)? = entry.localizations[locale]?.unit, !s.isEmpty, !s.contains("%") {
                    texts.append(s)
                    if texts.count == 64 { break outer }
                }
            }
        }
        let c = texts.joined(separator: " ")
        corpora[locale] = c
        return c
    }
}
