import LabelSpecSupport

/// The `// labelspec:source PATH` line of an imported spec (written by `import -o` and `import
/// --out`): the storyboard or xib it was imported from, relative to the spec's folder
/// (docs/interface-builder.md#the-source-line). A workspace holding both a storyboard and a spec
/// imported from it checks each label once, the spec's: `check` leaves the storyboard out, the
/// server publishes one note on it instead of its findings. Both ask this type.
public enum ImportedSource {
    /// What follows `// ` on the line (`Translation.commentLine(prefix + path)` writes it).
    public static let prefix = "labelspec:source "
    /// The line as read back.
    static let marker = Array(("// " + prefix).utf8)
    /// The line must end within the spec's first 64 KiB, among the comment lines that open it.
    public static let window = 1 << 16

    /// `file` as seen from `folder`, both absolute and standardized: `../App/Base.lproj/Main.storyboard`.
    public static func relative(from folder: String, to file: String) -> String {
        let from = folder.split(separator: "/")
        let to = file.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }

    /// Where a spec's source line is, and the file it names.
    public struct Line: Equatable, Sendable {
        /// The path as the line writes it: relative to the spec's folder, or absolute.
        public let path: String
        /// The line's bytes in the spec (without its line break).
        public let range: Range<Int>

        /// The file it names, from the current folder: the folder of `specPath` (the spec's path
        /// from the current folder) joined with `path`; `path` when it is absolute.
        public func source(ofSpec specPath: String) -> String {
            if path.hasPrefix("/") { return path }
            let folder = PathText.parent(specPath)
            return folder == "." ? path : folder + "/" + path
        }
    }

    /// The first `// labelspec:source PATH` among the comment lines that open `bytes` (the spec's
    /// first bytes, at least `window` of them or all); nil when there is none, or its path is
    /// empty or holds an escape (`\u{…}`: a name with a control character, not read back).
    public static func line(bytes: some Collection<UInt8>) -> Line? {
        scan(Array(bytes.prefix(window)), whole: bytes.count <= window)
    }

    /// `whole`: `bytes` are all of the spec (its last line needs no line break).
    private static func scan(_ bytes: [UInt8], whole: Bool) -> Line? {
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? (whole ? bytes.count : nil) else { return nil }
            var end = newline
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = bytes[start..<end]
            guard line.starts(with: Array("//".utf8)) else { return nil }
            if line.starts(with: marker) {
                let path = String(decoding: line.dropFirst(marker.count), as: UTF8.self)
                guard !path.isEmpty, !path.contains("\\u{") else { return nil }
                return Line(path: path, range: start..<end)
            }
            start = newline + 1
        }
        return nil
    }

    /// The same, of a text of `count` bytes read by `reading` (a document's buffer): its first
    /// 512 bytes, more only while the opening comment lines go on (at most `window`), not the
    /// whole spec.
    public static func line(count: Int, reading: (Range<Int>) -> [UInt8]) -> Line? {
        var size = min(count, 512)
        while true {
            let bytes = reading(0..<size)
            // Enough when a line that does not start with `//` (or the marker's line) ends in it.
            if size == count || size >= window || decided(bytes) { return scan(bytes, whole: size == count) }
            size = min(count, window, size * 8)
        }
    }

    /// Whether the opening comment lines of `bytes` already say whether there is a source line
    /// (one that is not a comment, or the marker's, ends in them).
    private static func decided(_ bytes: [UInt8]) -> Bool {
        var start = 0
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = bytes[start..<newline]
            if !line.starts(with: Array("//".utf8)) || line.starts(with: marker) { return true }
            start = newline + 1
        }
        return false
    }

    /// The spec that stands for each Interface Builder file `specs` were imported from, by the
    /// file's identity on disk (so a link counts): the first of `specs`, in their order, whose
    /// source is that file. A source that does not exist is left out.
    public static func standIns(_ specs: some Sequence<(spec: String, source: String)>) -> [ProjectFiles.FileIdentity: String] {
        var importedBy: [ProjectFiles.FileIdentity: String] = [:]
        for (spec, source) in specs {
            guard let id = ProjectFiles.identity(of: source), importedBy[id] == nil else { continue }
            importedBy[id] = spec
        }
        return importedBy
    }
}
