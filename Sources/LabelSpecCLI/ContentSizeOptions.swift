import ArgumentParser
import LabelVocabulary

/// `--content-size CATEGORY`, repeatable, or `all`: the Dynamic Type sizes to measure at.
struct ContentSizeOptions: ParsableArguments {
    @Option(
        name: .customLong("content-size"),
        help: "Dynamic Type category to measure at (repeatable), e.g. large or accessibilityLarge; 'all' for all 12.")
    var contentSizes: [String] = []

    /// The categories asked for, else `fallback` (the configuration's `contentSizes`).
    func categories(default fallback: [String]) throws -> [ContentSizeCategory] {
        let names = contentSizes.isEmpty ? fallback : contentSizes
        if names.contains("all") { return ContentSizeCategory.allCases }
        return try names.map { name in
            let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
            guard let c = ContentSizeCategory(rawValue: bare) else {
                throw ValidationError(
                    "unknown content size '\(name)'; use one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")) or all")
            }
            return c
        }
    }
}
