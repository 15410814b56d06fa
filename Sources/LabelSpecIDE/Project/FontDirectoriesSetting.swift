import JSON
import LabelSpecSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ConfigurationReader {
    /// `fontDirectories`: folders holding Apple's font files under Apple's names, relative to the
    /// folder of `labelspec.json` (the editor's: to the workspace), searched in order before a
    /// Mac's own and before the stand-ins (docs/measurement.md, "Apple's fonts"). A folder that
    /// cannot be read is left out, said; the others are kept.
    mutating func readFontDirectories(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
            return problem("'fontDirectories' must be a list of folders", at: key)
        }
        var usable: [String] = []
        var written: [String] = []
        for (i, entry) in list.compactMap(\.stringValue).enumerated() {
            let at = span?.element(i) ?? key
            guard usable.count < Self.mostFontDirectories else {
                problem(
                    "fontDirectories: at most \(Self.mostFontDirectories) folders are searched; '\(entry)' and the rest are left out",
                    at: at)
                break
            }
            if let why = entry.isEmpty ? "an empty path" : Self.folderProblem(resolve(entry)) {
                // A path is quoted up to 200 characters.
                let shown = entry.count > 200 ? entry.prefix(200) + "…" : Substring(entry)
                problem("fontDirectories: cannot use the folder '\(shown)': \(why); it is left out", at: at)
            } else {
                usable.append(resolve(entry))
                written.append(entry)
            }
        }
        settings.configuration.fontDirectories = written
        settings.fontDirectories = usable
        assigned.insert(assigns)
    }

    /// The most folders searched for Apple's fonts (each font asked for looks in each).
    public static let mostFontDirectories = 32

    /// Why `path` is not a folder that can be listed and read (links followed), or nil.
    public static func folderProblem(_ path: String) -> String? {
        guard !path.isEmpty else { return "an empty path" }
        var info = stat()
        guard stat(path, &info) == 0 else { return FileProblem.reason(errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            return FileProblem.kind(of: info.st_mode).map { "not a folder (\($0))" } ?? "not a folder"
        }
        guard access(path, R_OK | X_OK) == 0 else { return FileProblem.reason(errno) }
        return nil
    }
}
