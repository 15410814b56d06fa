import ArgumentParser
import LabelLocalization
import LabelSpecIDE
import LabelSpecSupport
import LabelVocabulary

/// `--locale all|de,ja,…` and `--pseudo double-length,accented,…`: what localized labels are
/// measured in, over the `locales` and `pseudoLocales` of `labelspec.json`.
struct LocaleOptions: ParsableArguments {
    /// `all`, or locales separated by commas.
    enum Locales: Equatable, ExpressibleByArgument {
        case all
        case list([String])

        init?(argument: String) {
            if argument == "all" {
                self = .all
                return
            }
            let names = argument.split(separator: ",").map { $0.trimming(" ") }
            guard !names.isEmpty, names.allSatisfy(ConfigurationFile.isLocaleName) else { return nil }
            // A name given twice is one locale (`de,de`): said, and named in a hint, once.
            var seen = Set<String>()
            self = .list(names.filter { seen.insert($0).inserted })
        }
    }

    /// Pseudo-locale names separated by commas.
    struct Pseudo: Equatable, ExpressibleByArgument {
        let names: [PseudoLocale]

        init?(argument: String) {
            let parts = argument.split(separator: ",").map { PseudoLocale(rawValue: $0.trimming(" ")) }
            guard !parts.isEmpty, !parts.contains(nil) else { return nil }
            names = parts.compactMap { $0 }
        }

        static var allValueStrings: [String] { PseudoLocale.allCases.map(\.rawValue) }
    }

    @Option(
        name: .customLong("locale"),
        help: "Locales to measure localized labels in: all (every locale of the string tables), or a list such as de,ja.")
    var locales: Locales?

    @Option(
        name: .customLong("pseudo"),
        help: "Xcode pseudolanguages to measure too (repeatable, or a list): double-length, accented, bounded, right-to-left.")
    var pseudo: [Pseudo] = []

    /// Whether either option was given.
    var isSet: Bool { locales != nil || !pseudo.isEmpty }

    /// The locales `--locale` lists (nil: none listed, or `all`).
    var listed: Set<String>? {
        if case .list(let names)? = locales { return Set(names) }
        return nil
    }

    /// Says on standard error each `--locale` name that no string table of `namespaces` has (see
    /// `warnings`).
    func warnAboutUnknownLocales(in namespaces: [Namespace]) {
        for w in warnings(tables: namespaces.map { $0.localizations.catalogs.isEmpty ? [] : $0.localizations.locales }) { printError(w) }
    }

    /// A warning for each `--locale` name that no string table of the run has (a typo, most
    /// often): it has no text, so it is not measured as itself; the development language is
    /// measured once for it, named "en (no xx table)" (`MeasuringPlan.absentLocales`). Nothing
    /// when the run has no string tables (a locale then only changes how literal texts break).
    /// `tables`: each namespace's locales, its development language first.
    func warnings(tables: [[String]]) -> [String] {
        guard case .list(let names)? = locales else { return [] }
        let known = Set(tables.joined())
        guard !known.isEmpty, let source = tables.first(where: { !$0.isEmpty })?.first else { return [] }
        let available = Array(known)
        return names.filter { LocaleFallback.resolve($0, among: available) == nil }.map { name in
            "warning: no string table has the locale '\(name)' (they have \(known.sorted().joined(separator: ", "))); "
                + "it is not measured: the development language stands for it, as '\(source) (no \(name) table)'"
        }
    }

    /// Says on standard error each `--locale` name that a storyboard or xib has no translation
    /// in, nor one iOS would show instead (`MeasuringPlan.absentLocales` of its plan, `ib.plan`):
    /// its labels are measured in the development language for it, named "en (no xx table)",
    /// never as that locale.
    func warnAboutUnknownLocales(in file: String, plan: MeasuringPlan) {
        guard case .list? = locales else { return }
        let absent = plan.absentLocales
        guard !absent.isEmpty else { return }
        let source = plan.localizations.sourceLanguage
        let names = absent.map { "'\($0)'" }.joined(separator: ", ")
        let table = PathText.lastComponent(file).split(separator: ".").dropLast().joined(separator: ".")
        let tables =
            plan.localizations.catalogs.isEmpty
            ? ": it has none (no LOCALE.lproj/\(table).strings, no \(table).xcstrings)"
            : " (it has \(plan.localizations.locales.joined(separator: ", ")))"
        printError(
            "warning: '\(file)' has no translation in \(names)\(tables); "
                + "its text in the development language is measured for \(absent.count == 1 ? "it" : "them"), as '\(source) (no \(absent.joined(separator: " or ")) table)'"
        )
    }

    /// `plan` with the options laid over it.
    func plan(over plan: MeasuringPlan) -> MeasuringPlan {
        var p = plan
        switch locales {
        case .all?: p = p.inEveryLocale()
        case .list(let names)?: p = p.inLocales(names)
        case nil: break
        }
        if !pseudo.isEmpty {
            var names: [PseudoLocale] = []
            for n in pseudo.flatMap(\.names) where !names.contains(n) { names.append(n) }
            p = p.withPseudoLocales(names)
        }
        return p
    }
}
