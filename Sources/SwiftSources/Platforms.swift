import SwiftSyntax

/// `#if` as an iOS build sees it: a clause for another platform (`os(macOS)`,
/// `targetEnvironment(macCatalyst)`, …) is not compiled for iOS, and what it holds is not read;
/// a condition that says nothing of the platform (`DEBUG`, `canImport(…)`) is taken as true.
enum Platforms {
    static let others = ["os(macOS)", "os(watchOS)", "os(tvOS)", "os(visionOS)", "os(xrOS)", "os(Linux)", "targetEnvironment(macCatalyst)"]

    /// Whether a condition holds on iOS, as far as its text tells: `os(iOS)` yes (`!os(iOS)`
    /// no), another platform alone no (`!os(macOS)` yes), anything else yes.
    static func holdsOnIOS(_ condition: String) -> Bool {
        let c = condition.replacingOccurrences(of: " ", with: "")
        if c.contains("!os(iOS)") { return false }
        if c.contains("os(iOS)") { return true }
        // `os(macOS)`, `os(macOS) || os(watchOS)`, `os(macOS) && DEBUG` do not hold; `!os(macOS)` does.
        for other in others where c.contains(other) && !c.contains("!" + other) { return false }
        return true
    }

    /// The clause of `config` an iOS build compiles: the first whose condition holds, else its
    /// `#else`; nil when none does.
    static func activeClause(_ config: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        for clause in config.clauses {
            guard let condition = clause.condition else { return clause }  // `#else`
            if holdsOnIOS(condition.trimmedDescription) { return clause }
        }
        return nil
    }

    /// Whether `node` is inside an `#if` clause that an iOS build does not compile.
    static func excluded(_ node: Syntax) -> Bool {
        var current = node
        while let parent = current.parent {
            if let clause = parent.as(IfConfigClauseSyntax.self), let config = clause.parent?.parent?.as(IfConfigDeclSyntax.self) {
                if activeClause(config)?.id != clause.id { return true }
            }
            current = parent
        }
        return false
    }
}
