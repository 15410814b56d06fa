import LabelSpecSemantics
import LabelVocabulary

/// What labels are measured with, as one value: the configuration in force (its content sizes,
/// screens, locales, pseudo-locales, device and sample arguments, read from it, never copied
/// out), the string tables the texts come from, and what a front end lays over them by the named
/// functions below (`at`, `on`, `inLocales`, `inEveryLocale`, `withPseudoLocales`,
/// `inDevelopmentLanguage`, `asWritten`, `forDevice`). A namespace makes its plan in one place
/// (`Namespace.plan`); `FitMatrix.of`, `Checks`, hovers, inlay hints, `measure` and `render` take
/// it whole.
public struct MeasuringPlan: Sendable {
    /// The configuration in force: `labelspec.json`'s, with the front end's settings laid over
    /// it (the editor's, `--content-size`, `--screen`, `--locale`, `--pseudo`).
    public private(set) var configuration: Configuration
    /// The tables the texts come from.
    public private(set) var localizations: Localizations
    /// Locales asked for by name on the command line (`--locale de,ja`): a text that is not
    /// localized is laid out in each of them too, as an app running in that locale shows it
    /// (the same characters, that locale's line breaking and fonts). Empty: such a text is
    /// measured once, in the development language.
    public private(set) var literalLocales: [String] = []
    /// Whether texts are format strings, their specifiers filled with sample arguments. A
    /// storyboard's or xib's texts are not: UIKit shows them as written, `%` and all (`asWritten`).
    public private(set) var formatsText = true
    /// Whether a locale is absent without any table (`absentLocales`): a storyboard's or xib's
    /// texts are its development language's, and a locale it has no translations in shows
    /// them, never named as that locale (`asWritten`).
    public private(set) var absentWithoutTables = false
    /// Per label name: the labels of its row whose text takes room from it (a storyboard's, as
    /// its Auto Layout says: `RowNeighbour`). Its width in each language and at each size is its
    /// `width` moved by each one's text there.
    public var rowNeighbours: [String: [RowNeighbour]] = [:]
    /// Locales not measured here (`leavingOut`): another pass measures them.
    public private(set) var leftOut: Set<String> = []

    /// The plan `configuration` asks for over `localizations`.
    public init(_ configuration: Configuration = Configuration(), localizations: Localizations = Localizations()) {
        self.configuration = configuration
        self.localizations = localizations
        resolveLocales()
    }

    /// The Dynamic Type sizes measured (`contentSizes`: an empty list measures none).
    public var contentSizes: [ContentSizeCategory] { configuration.contentSizes }
    /// The screens a width that follows the screen is measured on.
    public var screens: [ScreenGeometry] { configuration.screens }
    /// The locales to measure; nil: every locale of the tables (`"locales": "all"`).
    public var locales: [String]? { configuration.locales }
    public var pseudoLocales: [PseudoLocale] { configuration.pseudoLocales }
    /// Which `variations.device` entry applies.
    public var device: CatalogDevice { configuration.device }
    /// Arguments for format specifiers when a label has no `arguments`.
    public var sampleArguments: [SampleArgument] { configuration.sampleArguments }

    // MARK: - What a front end lays over the plan

    /// At `contentSizes` instead (`--content-size`).
    public func at(_ contentSizes: [ContentSizeCategory]) -> MeasuringPlan {
        var p = self
        p.configuration.contentSizes = contentSizes
        return p
    }

    /// On `screens` instead (`--screen`).
    public func on(_ screens: [ScreenGeometry]) -> MeasuringPlan {
        var p = self
        p.configuration.screens = screens
        return p
    }

    /// In the locales named (`--locale de,ja`): a text that is not localized is laid out in each
    /// of them too (`literalLocales`).
    public func inLocales(_ names: [String]) -> MeasuringPlan {
        var p = self
        p.configuration.locales = names
        p.literalLocales = names
        p.resolveLocales()
        return p
    }

    /// In every locale of the tables (`--locale all`).
    public func inEveryLocale() -> MeasuringPlan {
        var p = self
        p.configuration.locales = nil
        p.resolveLocales()
        return p
    }

    /// Without `locales`: `check` measures the locales translators sent back in a pass of their
    /// own (`onlyIn`), whose findings are placed in the returned files.
    public func leavingOut(_ locales: Set<String>) -> MeasuringPlan {
        var p = self
        p.leftOut = locales
        return p
    }

    /// In `locale` alone: no other locale, no pseudo-locale, no literal text laid out in it (a
    /// literal text is no translation: the pass that leaves the locale out measures it).
    public func onlyIn(_ locale: String) -> MeasuringPlan {
        var p = self
        p.configuration.locales = [locale]
        p.configuration.pseudoLocales = []
        p.literalLocales = []
        p.leftOut = []
        p.resolveLocales()
        return p
    }

    /// With iOS's Bold Text off, on, or both measured instead (`--bold-text`).
    public func withBoldText(_ mode: Configuration.BoldText) -> MeasuringPlan {
        var p = self
        p.configuration.boldText = mode
        return p
    }

    /// With these pseudo-locales instead (`--pseudo`).
    public func withPseudoLocales(_ pseudoLocales: [PseudoLocale]) -> MeasuringPlan {
        var p = self
        p.configuration.pseudoLocales = pseudoLocales
        return p
    }

    /// In the development language of the plan's tables alone, as `check` lays a label out for
    /// `measure` without `--locale`: no other locale, no pseudo-locale, no literal locale.
    public func inDevelopmentLanguage() -> MeasuringPlan {
        var p = self
        p.configuration.locales = [localizations.sourceLanguage]
        p.configuration.pseudoLocales = []
        p.literalLocales = []
        p.resolveLocales()
        return p
    }

    /// Over `localizations` (a storyboard's or xib's translations), with every text shown as
    /// written (`formatsText` false: UIKit never formats them), and a locale none of them has
    /// absent even when it has none (`absentWithoutTables`).
    public func asWritten(_ localizations: Localizations) -> MeasuringPlan {
        var p = self
        p.localizations = localizations
        p.formatsText = false
        p.absentWithoutTables = true
        p.resolveLocales()
        return p
    }

    /// Over `localizations` instead, texts formatted as before: the same tables with returned
    /// translations laid over them (`Catalog.overlaying`).
    public func over(_ localizations: Localizations) -> MeasuringPlan {
        var p = self
        p.localizations = localizations
        p.resolveLocales()
        return p
    }

    /// With `device`'s `variations.device` entries (`FitMatrix`'s iPad group).
    public func forDevice(_ device: CatalogDevice) -> MeasuringPlan {
        var p = self
        p.configuration.device = device
        return p
    }

    // MARK: - The locales measured

    /// The locales measured, the development language first. A locale asked for is measured in
    /// the locale of the tables iOS shows it in (`LocaleFallback`: `de-DE` in `de`), named as that
    /// one; one that resolves to none (`absentLocales`) is not measured as itself (it has no text
    /// of its own): the development language stands for it, measured once, and its variants say
    /// so (`TextVariant.absentLocales`: "en (no xx table)").
    public var measuredLocales: [String] {
        let all = chosenLocales
        return leftOut.isEmpty ? all : all.filter { !leftOut.contains($0) }
    }

    private var chosenLocales: [String] {
        let source = localizations.sourceLanguage
        guard let chosen = locales else { return localizations.locales }
        let resolved = resolution(of: chosen)
        var out: [String] = []
        for l in [source] + resolved.compactMap(\.used) where !out.contains(l) { out.append(l) }
        // A list without the source language (nor a locale it stands for) measures only the listed ones.
        let keepsSource = resolved.contains { $0.used == source || $0.used == nil }
        return keepsSource ? out : Array(out.dropFirst())
    }

    /// Each locale of `names` with the locale of the tables it is shown in (`LocaleFallback`),
    /// nil for one no table resolves it to. Without tables (a spec's literal texts alone), each
    /// is itself: it only changes how literal texts break (`literalLocales`); a storyboard's or
    /// xib's, whose texts are its development language's (`asWritten`), resolves none but that.
    public func resolution(of names: [String]) -> [(asked: String, used: String?)] {
        guard !localizations.catalogs.isEmpty || absentWithoutTables else { return names.map { ($0, $0) } }
        return names.map { n in (n, resolved[n] ?? LocaleFallback.resolve(n, among: localizations.locales)) }
    }

    /// `resolution` of the locales asked for, worked out once per plan (it is asked for every
    /// label): whenever the locales or the tables change.
    private var resolved: [String: String?] = [:]

    private mutating func resolveLocales() {
        resolved = [:]
        guard !localizations.catalogs.isEmpty || absentWithoutTables else { return }
        let known = localizations.locales
        for n in (locales ?? []) + literalLocales where resolved[n] == nil {
            resolved[n] = .some(LocaleFallback.resolve(n, among: known))
        }
    }

    /// The locales asked for by name (`locales`, `--locale`) that no string table of the plan
    /// has nor falls back to, in the order asked; none when the plan has no tables (a locale
    /// then only changes how literal texts break: `literalLocales`), unless its texts are a
    /// storyboard's (`asWritten`).
    public var absentLocales: [String] {
        guard let chosen = locales else { return [] }
        var out: [String] = []
        for r in resolution(of: chosen) where r.used == nil && !out.contains(r.asked) { out.append(r.asked) }
        return out
    }

    /// The absent locales the development language's variants stand for: all of them, unless
    /// the development language was asked for too, or a locale shown in it (its own row then
    /// covers them).
    func standIns(for locale: String, asked: [String]?) -> [String] {
        guard locale == localizations.sourceLanguage, !resolution(of: asked ?? []).contains(where: { $0.used == locale }) else {
            return []
        }
        return absentLocales
    }

    /// `literalLocales` as the locales they are shown in, the absent ones measured once in the
    /// development language.
    var measuredLiteralLocales: [String] {
        var out: [String] = []
        for r in resolution(of: literalLocales) {
            let m = r.used ?? localizations.sourceLanguage
            if !out.contains(m) { out.append(m) }
        }
        return out
    }

    /// The layout language of a locale (`LabelLayoutInput.language`): nil for English, the
    /// measurement core's default.
    public static func layoutLanguage(_ locale: String) -> String? {
        let primary = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
        return primary == "en" || primary.isEmpty ? nil : locale
    }

    /// Whether the diagnostics name locales: more than the development language is measured (in
    /// this pass or in the one that measures what it leaves out), or it stands for a locale no
    /// table has.
    public var namesLocales: Bool { chosenLocales != [localizations.sourceLanguage] || !pseudoLocales.isEmpty || !absentLocales.isEmpty }
}

/// A label whose text takes room from another in its row (`MeasuringPlan.rowNeighbours`): per
/// point its text's width (on one line, in the language and at the size measured) grows past
/// `assumed`, the other's width moves by `slope`; its text's width is taken within `lowest` to
/// `highest`, where the slope holds (docs/autolayout.md, "Neighbours in each language").
public struct RowNeighbour: Sendable, Equatable {
    public let name: String
    public let slope: Double
    public let assumed: Double
    public let lowest: Double
    public let highest: Double

    public init(name: String, slope: Double, assumed: Double, lowest: Double, highest: Double) {
        (self.name, self.slope, self.assumed, self.lowest, self.highest) = (name, slope, assumed, lowest, highest)
    }

    /// How far the other label's width moves when this one's text is `width` wide.
    public func change(at width: Double) -> Double { slope * (min(max(width, lowest), highest) - assumed) }
}
