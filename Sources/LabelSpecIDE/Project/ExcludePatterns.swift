import Foundation

/// The `exclude` globs of `labelspec.json` and `--exclude`: which files a command leaves out.
///
/// A pattern is matched against a file's path relative to a base folder (the folder of
/// `labelspec.json`, or the current folder for `--exclude`), component by component:
/// - a pattern without `/` matches any one component: `Generated` excludes every file under a
///   folder named `Generated`, `*.draft.labelspec` every file so named, wherever they are;
/// - a pattern with `/` matches the path from the base on (a leading `./` or trailing `/` is
///   ignored); it excludes the file it matches and every file under a folder it matches; `**` as
///   a whole component matches any number of components (none included);
/// - within a component, `*` matches any characters, `?` one, `[abc]` one of a set (fnmatch).
public struct ExcludePatterns: Sendable {
    struct Pattern: Sendable {
        let components: [String]
        let anchored: Bool
    }

    /// The base folder, absolute and standardized.
    public let base: String
    let patterns: [Pattern]

    public var isEmpty: Bool { patterns.isEmpty }

    public init(_ globs: [String], base: String) {
        self.base = URL(fileURLWithPath: base).standardizedFileURL.path
        patterns = globs.compactMap(ExcludePatterns.pattern)
    }

    /// Why `glob` cannot be used as a pattern, or nil when it can.
    public static func problem(with glob: String) -> String? {
        if glob.isEmpty { return "an exclude pattern must not be empty" }
        if glob.hasPrefix("/") { return "exclude pattern '\(glob)' must be relative to the folder of labelspec.json" }
        if glob.split(separator: "/").contains("..") { return "exclude pattern '\(glob)' must not climb out of its folder ('..')" }
        return nil
    }

    static func pattern(_ glob: String) -> Pattern? {
        var g = Substring(glob)
        while g.hasPrefix("./") { g = g.dropFirst(2) }
        while g.hasSuffix("/") { g = g.dropLast() }
        let components = g.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !components.isEmpty else { return nil }
        return Pattern(components: components, anchored: g.contains("/"))
    }

    /// Whether `file` (a path, relative to the current folder or absolute) is excluded.
    public func excludes(_ file: String) -> Bool {
        guard !patterns.isEmpty else { return false }
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard absolute.hasPrefix(prefix) else { return false }
        let components = absolute.dropFirst(prefix.count).split(separator: "/").map(String.init)
        return patterns.contains { p in
            if !p.anchored { return components.contains { ExcludePatterns.matches(p.components[0], $0) } }
            // The file, or a folder it is in.
            return ExcludePatterns.matchesStart(p.components, of: components)
        }
    }

    /// Whether `pattern` matches the first k components of `path` for some k ≥ 1 (k = 0 only for
    /// an empty path). One pass over the pattern carrying the set of path positions it can have
    /// reached, so `**` costs the length of the path, not a search of every way to split it
    /// (a pattern of k `**` was n^k).
    static func matchesStart(_ pattern: [String], of path: [String]) -> Bool {
        // reached[q]: the pattern so far can match exactly the first q components.
        var reached = [Bool](repeating: false, count: path.count + 1)
        reached[0] = true
        for component in pattern {
            var next = [Bool](repeating: false, count: path.count + 1)
            if component == "**" {
                // Any number of components, none included: every position from the first reached.
                guard let first = reached.firstIndex(of: true) else { return false }
                for q in first...path.count { next[q] = true }
            } else {
                var any = false
                for q in 0..<path.count where reached[q] && matches(component, path[q]) {
                    next[q + 1] = true
                    any = true
                }
                if !any { return false }
            }
            reached = next
        }
        return path.isEmpty ? reached[0] : reached[1...].contains(true)
    }

    /// One component against one pattern component (`fnmatch`; a leading `.` is not special).
    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
