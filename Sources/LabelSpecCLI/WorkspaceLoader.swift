import Dispatch
import Foundation
import JSON
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
        if let f = file, let why = FontFace.validate(path: f) {
            throw LoadError.badConfiguration(root + "/labelspec.json", "systemFont: cannot use the font file '\(f)': \(why)")
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

    /// Expands directories into the `.labelspec` files below them (sorted; `WorkspaceFiles.files`,
    /// nested workspaces included); reports missing paths and folders that cannot be listed.
    /// A file reached by two paths (links) is listed once, under the first.
    func expand(_ paths: [String]) -> (files: [String], errors: [LoadError]) {
        var files: [String] = []
        var errors: [LoadError] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                errors.append(.unreadable(path, WorkspaceFiles.FileError.cannotOpen(errno).description))
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                guard (try? fileManager.contentsOfDirectory(atPath: path)) != nil else {
                    errors.append(.unreadable(path, "cannot list the directory"))
                    continue
                }
                let found = WorkspaceFiles.files(under: path, recursive: true, nestedWorkspaces: true)
                if found.isEmpty { printError("no .labelspec files in '\(path)'") }
                files += found
            } else {
                // Not readable, not a regular file: said when it is read.
                files.append(path)
            }
        }
        var seen = Set<String>()
        var seenFiles = Set<WorkspaceFiles.FileIdentity>()
        return (
            files.map(canonicalName).filter {
                guard seen.insert($0).inserted else { return false }
                return WorkspaceFiles.identity(of: $0).map { seenFiles.insert($0).inserted } ?? true
            }, errors
        )
    }

    /// What every command does first: expand the paths, report the unreadable ones on stderr, and
    /// load the rest (a configuration error ends the command with exit 2).
    func loadForCommand(_ paths: [String]) throws -> (files: [LoadedFile], hadUnreadable: Bool) {
        let (files, errors) = expand(paths)
        for e in errors { printError(e.description) }
        do {
            let (loaded, failures) = try load(files)
            for e in failures { printError(e.description) }
            // A font that cannot be used is a configuration error, whichever command meets it.
            var checked = Set<ObjectIdentifier>()
            for file in loaded where checked.insert(ObjectIdentifier(file.workspace)).inserted { _ = try file.workspace.measurer() }
            return (loaded, !errors.isEmpty || !failures.isEmpty)
        } catch let error as LoadError {
            printError(error.description)
            throw Exit.usage
        }
    }

    /// Loads the workspaces of `files` and parses every file of each, in parallel. A file that
    /// cannot be read is left out (with its error) and the others are loaded.
    func load(_ files: [String]) throws -> (files: [LoadedFile], failures: [LoadError]) {
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
        // Requested files are known by the path the user gave; siblings by theirs (a sibling that
        // is a requested file under another name, through a link, is not loaded twice).
        let requestedFiles = Set(requested.compactMap { WorkspaceFiles.identity(of: $0.0) })
        var jobs: [(path: String, root: String)] = []
        let requestedByRoot = Dictionary(grouping: requested, by: \.1)
        for (root, siblings) in members {
            let requestedHere = Set((requestedByRoot[root] ?? []).map(\.0))
            for s in siblings where !requestedHere.contains(s) {
                if let id = WorkspaceFiles.identity(of: s), requestedFiles.contains(id) { continue }
                jobs.append((s, root))
            }
        }
        jobs += requested.map { ($0.0, $0.1) }

        let results = parseInParallel(jobs.map(\.path))
        var failures: [LoadError] = []
        var failed = Set<String>()
        for (job, result) in zip(jobs, results) {
            switch result {
            case .success(let doc): workspaces[job.root]!.workspace.add(doc)
            case .failure(let error):
                failures.append(error)
                failed.insert(job.path)
            }
        }
        let loaded = requested.filter { !failed.contains($0.0) }.map { LoadedFile(path: $0.0, workspace: workspaces[$0.1]!) }
        return (loaded, failures)
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
            switch WorkspaceFiles.readFile(path) {
            case .success(let bytes): slots.pointer[i] = .success(Workspace.Document.make(id: path, bytes: bytes))
            case .failure(let error): slots.pointer[i] = .failure(.unreadable(path, error.description))
            }
        }
        return slots.pointer.map { $0! }
    }

    func loadConfiguration(_ path: String) throws -> Configuration {
        let bytes: [UInt8]
        switch WorkspaceFiles.readFile(path) {
        case .success(let b): bytes = b
        case .failure(let error): throw LoadError.badConfiguration(path, error.description)
        }
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { throw LoadError.badConfiguration(path, "\(error)") }
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
