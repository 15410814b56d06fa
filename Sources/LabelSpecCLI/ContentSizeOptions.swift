import ArgumentParser
import Foundation
import LabelSpecSemantics
import LabelVocabulary

/// `--content-size CATEGORY`, repeatable or a list (`large,AX1`), or `all`: the Dynamic Type
/// sizes to measure at. A category is named as in Swift (`large`, `.accessibilityLarge`) or by
/// the short name tables and hovers print (`L`, `AX1`), in any case.
struct ContentSizeOptions: ParsableArguments {
    /// One `--content-size` value: categories separated by commas, or `all`.
    struct Choice: Equatable, ExpressibleByArgument {
        /// nil: all of them.
        let categories: [ContentSizeCategory]?

        init?(argument: String) {
            var out: [ContentSizeCategory] = []
            for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                if name.lowercased() == "all" {
                    categories = nil
                    return
                }
                guard let category = ContentSizeCategory(name: name) else { return nil }
                if !out.contains(category) { out.append(category) }
            }
            guard !out.isEmpty else { return nil }
            categories = out
        }

        /// Shown by `--help` and in the error for a name that is none of them.
        static var allValueStrings: [String] {
            ContentSizeCategory.allCases.map { "\($0.rawValue) (\($0.shortName))" } + ["all"]
        }
    }

    @Option(
        name: .customLong("content-size"),
        help: "Dynamic Type sizes to measure at: a name or a list (large,AX1), repeatable; 'all' for all 12.")
    var contentSizes: [Choice] = []

    /// `--bold-text [on|off|both]`: iOS's Bold Text, instead of `boldText` (a bare `--bold-text`
    /// is `on`: `LabelSpecCommand.expandingBareFlags`).
    @Option(
        name: .customLong("bold-text"),
        help: ArgumentHelp("Measure with iOS's Bold Text: on (the default when given alone), off, or both.", valueName: "on|off|both"))
    var boldText: BoldTextChoice?

    struct BoldTextChoice: ExpressibleByArgument {
        let mode: Configuration.BoldText
        init?(argument: String) {
            switch argument.lowercased() {
            case "on", "true": mode = .on
            case "off", "false": mode = .off
            case "both": mode = .both
            default: return nil
            }
        }
        static var allValueStrings: [String] { ["on", "off", "both"] }
    }

    /// The categories asked for, else `fallback` (the configuration's `contentSizes`).
    func categories(default fallback: [ContentSizeCategory]) -> [ContentSizeCategory] {
        guard !contentSizes.isEmpty else { return fallback }
        var categories: [ContentSizeCategory] = []
        for choice in contentSizes {
            guard let list = choice.categories else { return ContentSizeCategory.allCases }
            for c in list where !categories.contains(c) { categories.append(c) }
        }
        return categories
    }
}
