import Dispatch
import Foundation
import JSONRPC
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax

/// A file the user asked about, within the workspace whose names it shares.
struct LoadedFile {
    /// The path as shown to the user.
    let path: String
    let workspace: LoadedWorkspace
    var document: Workspace.Document { workspace.workspace.documents[path]! }
}

/// One namespace: every `.labelspec` file under a root (the nearest folder with `labelspec.json`,
/// else the file's own folder), its configuration and its String Catalog keys.
final class LoadedWorkspace {
    let root: String
    let workspace = Workspace()
    var configuration = Configuration()
    private var cachedMeasurer: Measurer?

    init(root: String) { self.root = root }

    /// The measurement core with this workspace's system font (checked once).
    func measurer() throws -> Measurer {
        if let m = cachedMeasurer { return m }
        var file = configuration.systemFont
        if let f = file, !f.hasPrefix("/") { file = root + "/" + f }
        if let f = file, FontFace(path: f) == nil {
            throw LoadError.badConfiguration(root + "/labelspec.json", "systemFont: cannot open the font file '\(f)'")
        }
        let m = Measurer(fonts: FontResolver(systemFontFile: file), cachesLayouts: false)
        cachedMeasurer = m
        return m
    }
}

enum LoadError: Error, CustomStringConvertible {
    case unreadable(String, String)
    case badConfiguration(String, String)

    var description: String {
        switch self {
        case .unreadable(let path, let why): return "cannot read '\(path)': \(why)"
        case .badConfiguration(let path, let why): return "invalid configuration '\(path)': \(why)"
        }
    }
}

/// Finds the files behind the paths given on the command line and loads their workspaces.
struct WorkspaceLoader {
    let fileManager = FileManager.default

    /// The name a file goes by in output and in the workspace: relative to the current folder when
    /// inside it, else absolute; `./a`, `a` and `/abs/a` are one file.
    func canonicalName(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath).standardizedFileURL.path
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// Expands directories into the `.labelspec` files below them (sorted); reports unreadable paths.
    func expand(_ paths: [String]) -> (files: [String], errors: [LoadError]) {
        var files: [String] = []
        var errors: [LoadError] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(.unreadable(path, "no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                guard (try? fileManager.contentsOfDirectory(atPath: path)) != nil else {
                    errors.append(.unreadable(path, "cannot list the directory"))
                    continue
                }
                files += labelspecFiles(under: path)
            } else if fileManager.isReadableFile(atPath: path) {
                files.append(path)
            } else {
                errors.append(.unreadable(path, "permission denied"))
            }
        }
        var seen = Set<String>()
        return (files.map(canonicalName).filter { seen.insert($0).inserted }, errors)
    }

    func labelspecFiles(under directory: String, recursive: Bool = true) -> [String] {
        var out: [String] = []
        guard let entries = try? fileManager.contentsOfDirectory(atPath: directory) else { return [] }
        for name in entries.sorted() where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if recursive, name != "node_modules" { out += labelspecFiles(under: path) }
            } else if name.hasSuffix(".labelspec") {
                out.append(path)
            }
        }
        return out
    }

    /// What every command does first: expand the paths, report the unreadable ones on stderr, and
    /// load the rest (a configuration error ends the command with exit 2).
    func loadForCommand(_ paths: [String]) throws -> (files: [LoadedFile], hadUnreadable: Bool) {
        let (files, errors) = expand(paths)
        for e in errors { printError(e.description) }
        do {
            return (try load(files), !errors.isEmpty)
        } catch let error as LoadError {
            printError(error.description)
            throw Exit.usage
        }
    }

    /// Loads the workspaces of `files` and parses every file of each, in parallel.
    func load(_ files: [String]) throws -> [LoadedFile] {
        var workspaces: [String: LoadedWorkspace] = [:]
        var members: [String: [String]] = [:]  // root → display paths to parse
        var requested: [(String, String)] = []  // (display path, root)
        // A root depends on the file's folder only: looked up once per folder, not per file.
        var rootOfFolder: [Substring: (root: String, configured: Bool)] = [:]
        for file in files {
            let folder = file.lastIndex(of: "/").map { file[..<$0] } ?? ""
            let (root, configured) = rootOfFolder[folder] ?? WorkspaceFiles.root(of: file)
            rootOfFolder[folder] = (root, configured)
            if workspaces[root] == nil {
                let ws = LoadedWorkspace(root: root)
                if configured { ws.configuration = try loadConfiguration(root + "/labelspec.json") }
                let (keys, texts) = loadLocalizations(under: root, recursive: configured)
                ws.workspace.localizationKeys = keys
                ws.workspace.localizedText = texts
                workspaces[root] = ws
                // Every file of the namespace takes part in name resolution.
                let siblings = WorkspaceFiles.files(under: root, recursive: configured).map(canonicalName)
                members[root] = siblings
            }
            requested.append((file, root))
        }
        // Requested files are known by the path the user gave; siblings by theirs.
        var jobs: [(path: String, root: String)] = []
        let requestedByRoot = Dictionary(grouping: requested, by: \.1)
        for (root, siblings) in members {
            let requestedHere = Set((requestedByRoot[root] ?? []).map(\.0))
            for s in siblings where !requestedHere.contains(s) { jobs.append((s, root)) }
        }
        jobs += requested.map { ($0.0, $0.1) }

        let results = parseInParallel(jobs.map(\.path))
        for (job, result) in zip(jobs, results) {
            switch result {
            case .success(let doc): workspaces[job.root]!.workspace.add(doc)
            case .failure(let error): throw error
            }
        }
        return requested.map { LoadedFile(path: $0.0, workspace: workspaces[$0.1]!) }
    }

    /// Reads and parses files over all cores: parsing and per-item analysis are independent.
    private func parseInParallel(_ paths: [String]) -> [Result<Workspace.Document, LoadError>] {
        let slots = Slots<Result<Workspace.Document, LoadError>>(count: paths.count)
        defer {
            _ = slots.pointer.deinitialize()
            slots.pointer.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let path = paths[i]
            guard let bytes = WorkspaceFiles.read(path) else {
                slots.pointer[i] = .failure(.unreadable(path, "cannot open the file"))
                return
            }
            slots.pointer[i] = .success(Workspace.Document.make(id: path, bytes: bytes))
        }
        return slots.pointer.map { $0! }
    }

    func loadConfiguration(_ path: String) throws -> Configuration {
        guard let data = fileManager.contents(atPath: path) else { throw LoadError.unreadable(path, "cannot open the file") }
        let json: JSONValue
        do { json = try JSONValue.parse([UInt8](data)) } catch { throw LoadError.badConfiguration(path, "\(error)") }
        do {
            return try Configuration(json: json, path: path)
        } catch let error as ConfigurationError {
            throw LoadError.badConfiguration(path, error.description)
        }
    }

    func loadLocalizations(under root: String, recursive: Bool) -> (Set<String>, [String: String]) {
        WorkspaceFiles.localizations(under: root, recursive: recursive)
    }
}

/// Result slots written from concurrent iterations, each index by exactly one of them.
private struct Slots<T>: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<T?>
    init(count: Int) {
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: nil)
    }
}
