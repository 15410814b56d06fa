import Foundation
import JSONRPC
import LabelSpecSemantics

/// Reading a workspace's files that are not `.labelspec`: `labelspec.json` and String Catalogs.
/// Shared by the CLI and the language server, so both see the same configuration and texts.
public enum WorkspaceFiles {
    /// A file's bytes, read straight into the array the parser keeps (no intermediate `Data`, so a
    /// large file is in memory once while it is parsed); nil when it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        let ok = bytes.withUnsafeMutableBytes { p -> Bool in
            while done < p.count {
                let n = Foundation.read(fd, p.baseAddress! + done, p.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return n == 0 }
                done += n
            }
            return true
        }
        guard ok else { return nil }
        if done < bytes.count { bytes.removeSubrange(done...) }  // the file shrank meanwhile
        return bytes
    }

    /// The workspace root of a file (language.md, "Which files share names"): the nearest folder
    /// up the path that holds `labelspec.json` (`configured`), else the file's own folder.
    public static func root(of file: String) -> (root: String, configured: Bool) {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL
        var dir = absolute.deletingLastPathComponent()
        while true {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("labelspec.json").path) {
                return (dir.path, true)
            }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        return (absolute.deletingLastPathComponent().path, false)
    }

    /// The files of a workspace whose names end with one of `suffixes`, sorted: directly in `root`,
    /// and with `recursive` in its subfolders too, except subfolders that hold their own
    /// `labelspec.json` (workspaces of their own). Names starting with `.` and `node_modules`
    /// folders are skipped.
    /// `limit` stops the walk once that many files are found (a workspace root high up the file
    /// system must not stall a caller that answers an editor). With `nestedWorkspaces`, subfolders
    /// with their own `labelspec.json` are walked too (an editor's folder may hold several).
    public static func files(
        under root: String, recursive: Bool, suffixes: [String] = [".labelspec"], limit: Int = .max, nestedWorkspaces: Bool = false
    ) -> [String] {
        let fileManager = FileManager.default
        var out: [String] = []
        func visit(_ directory: String, top: Bool) {
            guard out.count < limit, let entries = try? fileManager.contentsOfDirectory(atPath: directory) else { return }
            if !top, !nestedWorkspaces, entries.contains("labelspec.json") { return }
            for name in entries.sorted() where !name.hasPrefix(".") {
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if recursive, name != "node_modules" { visit(path, top: false) }
                } else if suffixes.contains(where: { name.hasSuffix($0) }) {
                    out.append(path)
                    if out.count >= limit { return }
                }
            }
        }
        visit(root, top: true)
        return out
    }

    /// Keys of every String Catalog (`.xcstrings`) and `.strings` file of the workspace at `root`
    /// (see `files(under:recursive:)`), with the development-language text where the file has it.
    public static func localizations(under root: String, recursive: Bool, limit: Int = .max) -> (Set<String>, [String: String]) {
        let fileManager = FileManager.default
        var keys = Set<String>()
        var texts: [String: String] = [:]
        for path in files(under: root, recursive: recursive, suffixes: [".xcstrings", ".strings"], limit: limit) {
            if path.hasSuffix(".xcstrings"), let data = fileManager.contents(atPath: path),
                let json = try? JSONValue.parse([UInt8](data)), let strings = json["strings"]?.objectValue
            {
                let source = json["sourceLanguage"]?.stringValue ?? "en"
                for (key, entry) in strings {
                    keys.insert(key)
                    if let value = entry["localizations"]?[source]?["stringUnit"]?["value"]?.stringValue { texts[key] = value }
                }
            } else if path.hasSuffix(".strings"), let data = fileManager.contents(atPath: path) {
                for (key, value) in StringsFile.entries(in: String(decoding: data, as: UTF8.self)) {
                    keys.insert(key)
                    texts[key] = texts[key] ?? value
                }
            }
        }
        return (keys, texts)
    }
}

public enum ConfigurationError: Error, CustomStringConvertible {
    case invalid(String)
    public var description: String {
        switch self { case .invalid(let why): return why }
    }
}

extension Configuration {
    /// Reads `labelspec.json` (or the server's `labelspec` settings); `path` names it in errors.
    public init(json: JSONValue, path: String) throws {
        self.init()
        guard let pairs = json.objectValue else { throw ConfigurationError.invalid("expected a JSON object") }
        for (key, value) in pairs {
            switch key {
            case "systemFont":
                guard let s = value.stringValue else { throw ConfigurationError.invalid("'systemFont' must be a path string") }
                systemFont = s
            case "contentSizes":
                guard let list = value.arrayValue?.compactMap(\.stringValue), list.count == value.arrayValue?.count else {
                    throw ConfigurationError.invalid("'contentSizes' must be a list of category names")
                }
                for c in list where !Properties.contentSizeCategories.contains(c) {
                    throw ConfigurationError.invalid("unknown content size '\(c)'")
                }
                contentSizes = list
            case "locales":
                locales = value.arrayValue?.compactMap(\.stringValue) ?? []
            case "severity":
                guard let overrides = value.objectValue else { throw ConfigurationError.invalid("'severity' must be an object of code: level") }
                for (code, level) in overrides {
                    guard let c = DiagnosticCode(rawValue: code) else { throw ConfigurationError.invalid("unknown diagnostic code '\(code)'") }
                    guard let l = level.stringValue else { throw ConfigurationError.invalid("severity of '\(code)' must be a string") }
                    if l == "off" {
                        severity[c] = .some(nil)
                    } else if let s = Severity(rawValue: l) {
                        severity[c] = s
                    } else {
                        throw ConfigurationError.invalid("severity '\(l)' is not one of error, warning, information, hint, off")
                    }
                }
            default:
                throw ConfigurationError.invalid("unknown key '\(key)'")
            }
        }
    }
}

/// The keys of an old-style `.strings` file: `"key" = "value";` with comments.
public enum StringsFile {
    public static func keys(in text: String) -> [String] { entries(in: text).map(\.0) }

    /// `(key, value)` pairs in order.
    public static func entries(in text: String) -> [(String, String)] {
        var entries: [(String, String)] = []
        var pendingKey: String?
        var chars = Array(text.unicodeScalars)[...]
        var expectingKey = true
        while let c = chars.first {
            if c == "/", chars.dropFirst().first == "/" {
                while let d = chars.first, d != "\n" { chars.removeFirst() }
            } else if c == "/", chars.dropFirst().first == "*" {
                chars.removeFirst(2)
                while !chars.isEmpty, !(chars.first == "*" && chars.dropFirst().first == "/") { chars.removeFirst() }
                chars = chars.dropFirst(2)
            } else if c == "\"" {
                chars.removeFirst()
                var s = String.UnicodeScalarView()
                while let d = chars.first, d != "\"" {
                    if d == "\\", let e = chars.dropFirst().first {
                        s.append(e == "n" ? "\n" : e)
                        chars.removeFirst(2)
                    } else {
                        s.append(d)
                        chars.removeFirst()
                    }
                }
                chars = chars.dropFirst()
                if expectingKey {
                    pendingKey = String(s)
                } else if let key = pendingKey {
                    entries.append((key, String(s)))
                    pendingKey = nil
                }
                expectingKey = false
            } else {
                if c == ";" { expectingKey = true }
                chars.removeFirst()
            }
        }
        return entries
    }
}

