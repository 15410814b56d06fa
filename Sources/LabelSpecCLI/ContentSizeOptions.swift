import ArgumentParser
import LabelVocabulary

/// `--content-size CATEGORY`, repeatable, or `all`: the Dynamic Type sizes to measure at.
struct ContentSizeOptions: ParsableArguments {
    /// One `--content-size` value: a category, with or without its leading dot, or `all`.
    enum Choice: Equatable, ExpressibleByArgument {
        case all
        case category(ContentSizeCategory)

        init?(argument: String) {
            if argument == "all" {
                self = .all
                return
            }
            let bare = argument.hasPrefix(".") ? String(argument.dropFirst()) : argument
            guard let category = ContentSizeCategory(rawValue: bare) else { return nil }
            self = .category(category)
        }
    }

    @Option(
        name: .customLong("content-size"),
        help: "Dynamic Type category to measure at (repeatable), e.g. large or accessibilityLarge; 'all' for all 12.")
    var contentSizes: [Choice] = []

    /// The categories asked for, else `fallback` (the configuration's `contentSizes`, whose reader
    /// has refused unknown names).
    func categories(default fallback: [String]) -> [ContentSizeCategory] {
        let choices = contentSizes.isEmpty ? fallback.compactMap(Choice.init(argument:)) : contentSizes
        var categories: [ContentSizeCategory] = []
        for choice in choices {
            guard case .category(let category) = choice else { return ContentSizeCategory.allCases }
            categories.append(category)
        }
        return categories
    }
}
