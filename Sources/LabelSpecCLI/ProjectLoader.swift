import Dispatch
import Foundation
import LabelLocalization
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// A file the user asked about, within the namespace whose names it shares.
struct LoadedFile {
    /// The path as shown to the user.
    let path: String
    let namespace: Namespace
    /// An `.xib` or `.storyboard`: checked in a workspace of its own, with the namespace's
    /// configuration and measurer (docs/interface-builder.md).
    var interfaceBuilder: InterfaceBuilderFile?
    /// A `.swift` file: its text sites checked in a workspace of their own (docs/swift-sources.md).
    var swift: SwiftSourceFile?
    /// A `.labelspec` file (not a storyboard, xib or Swift file).
    var isSpec: Bool { interfaceBuilder == nil && swift == nil }
    /// A `.labelspec` file's document (not for an Interface Builder file).
    var document: Workspace.Document { namespace.workspace.documents[path]! }
    /// The file's bytes, which diagnostics are placed in.
    var bytes: [UInt8] { interfaceBuilder?.bytes ?? swift?.bytes ?? document.syntax.source.allBytes }
}

/// A path that cannot be read: said on standard error, and the run ends with exit 2.
struct LoadError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot read '\(path)': \(reason)" }
}

/// What a command works on: the files asked for, in their namespaces.
struct LoadedProject {
    let files: [LoadedFile]
    /// The namespaces of `files`, in the order their first file was asked for.
    let namespaces: [Namespace]
    /// Whether a path could not be read (reported on standard error).
    let hadUnreadable: Bool
    /// The string tables asked for (`check Localizable.xcstrings`): checked as their namespace's
    /// tables (their problems are the namespace's `catalogProblems`), counted as files checked.
    var tables: [String] = []
    /// The absolute paths of the folders asked for (`reportsOn`).
    var folders: [String] = []
    /// The namespaces of the `.labelspec` files asked for: their string tables are those files'
    /// (a spec's `.localized` texts come from them), so their problems are reported.
    var specNamespaces = Set<ObjectIdentifier>()
    /// Translations sent back (`check App/ de.xcloc`), laid over the namespaces' tables.
    var returned: [ReturnedTranslation] = []

    /// Whether the run reports the problems of `ns`'s string table at `path` (absolute): the
    /// table was named, or is under a folder named, or a `.labelspec` file of `ns` was asked
    /// for. `check Main.storyboard` in a workspace whose `Localizable.strings` has problems
    /// reports the storyboard's findings only (a storyboard's own `.strings` are its own).
    func reportsOn(table path: String, in ns: Namespace) -> Bool {
        if specNamespaces.contains(ObjectIdentifier(ns)) { return true }
        let absolute = ProjectLoader.absolute(path)
        return folders.contains { absolute.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
            || tables.contains { ProjectLoader.absolute($0) == absolute }
    }

    /// The `labelspec.json` files with problems (`invalid-configuration`), in namespace order,
    /// each once.
    var invalidConfigurations: [ConfigurationFile] {
        var seen = Set<String>()
        return namespaces.compactMap { ns in
            ns.configurationFile.flatMap { $0.diagnostics.isEmpty || !seen.insert($0.path).inserted ? nil : $0 }
        }
    }

    /// The problems of the namespaces' string tables the run asked for (`reportsOn`; with the
    /// namespace's severities), each placed in its file (named as in output), files in path order.
    func locateCatalogProblems(excerpts: Bool, _ body: ([LocatedDiagnostic]) -> Void) {
        for ns in namespaces {
            for file in ns.catalogProblems where reportsOn(table: file.path, in: ns) {
                LocatedDiagnostic.locate(
                    ns.configuration.apply(to: file.diagnostics), file: ProjectLoader().canonicalName(file.path), bytes: file.text,
                    excerpts: excerpts, body)
            }
        }
    }

    /// The diagnostics of `invalidConfigurations`, each placed in its file (named as in output).
    func locateConfigurationProblems(excerpts: Bool, _ body: ([LocatedDiagnostic]) -> Void) {
        for file in invalidConfigurations {
            LocatedDiagnostic.locate(
                file.diagnostics, file: ProjectLoader().canonicalName(file.path), bytes: file.text, excerpts: excerpts, body)
        }
    }
}

/// Finds the files behind the paths given on the command line and loads their workspaces.
struct ProjectLoader {
    let fileManager = FileManager.default

    /// What `-` stands for: the bytes read from standard input, and the name they go by (the
    /// canonical `--stdin-filename`, else `-`, a file of the current folder).
    struct StandardInput {
        let name: String
        let bytes: [UInt8]
    }

    var stdin: StandardInput?
    /// `--config`: the `labelspec.json` of every namespace.
    var configuration: ConfigurationFile?
    /// `--exclude`, relative to the current folder.
    var exclude: ExcludePatterns?
    /// `--force-exclude`: files named on the command line are excluded too.
    var forceExclude = false
    /// Told of each file read (a long run's progress line).
    var progress: Progress?
    /// `--quiet`: no note (a storyboard left out for its import), errors only.
    var quiet = false
    /// `labelspec.json` files read for their `exclude`, by folder (nil: none there).
    private let configurations = ConfigurationCache()

    /// Whether a command leaves `file` out: `--exclude`, or the `exclude` of its `labelspec.json`
    /// (`--config`, else the nearest one up its path).
    func isExcluded(_ file: String) -> Bool {
        if exclude?.excludes(file) == true { return true }
        if let configuration { return configurations.excludePatterns(configuration.path, read: configuration).excludes(file) }
        guard let root = configurations.root(of: file) else { return false }
        return configurations.excludePatterns(root + "/" + ConfigurationFile.name).excludes(file)
    }

    /// The name a file goes by in output and in the workspace: relative to the current folder when
    /// inside it, else absolute; `./a`, `a` and `/abs/a` are one file.
    func canonicalName(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath).standardizedFileURL.path
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// Expands directories into the `.labelspec` files below them (sorted; `Project.files`,
    /// nested namespaces included); reports missing paths and folders that cannot be listed.
    /// A file reached by two paths (links) is listed once, under the first.
    /// With `interfaceBuilder`, folders give their `.storyboard` and `.xib` files too; with
    /// `swift`, their `.swift` files.
    func expand(_ paths: [String], interfaceBuilder: Bool = false, swift: Bool = false) -> (files: [String], errors: [LoadError]) {
        var files: [String] = []
        var errors: [LoadError] = []
        for path in paths {
            if path == "-", let stdin {
                if !(forceExclude && isExcluded(stdin.name)) { files.append(stdin.name) }
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0 else {
                errors.append(LoadError(path: path, reason: ProjectFiles.FileError.cannotOpen(errno).description))
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                guard (try? fileManager.contentsOfDirectory(atPath: path)) != nil else {
                    errors.append(LoadError(path: path, reason: "cannot list the directory"))
                    continue
                }
                let (all, unreadable) = Project.walk(under: [path], interfaceBuilder: interfaceBuilder, swift: swift)
                // What the walk could not look into is said, unless excluded: no file is left out
                // without a word.
                errors += unreadable.filter { !isExcluded($0.path) }.map { LoadError(path: $0.path, reason: $0.reason) }
                let found = all.filter { !isExcluded($0) }
                if found.isEmpty {
                    let excluded = all.count - found.count
                    let kinds =
                        swift
                        ? ".labelspec, .storyboard, .xib or .swift" : interfaceBuilder ? ".labelspec, .storyboard or .xib" : ".labelspec"
                    printError("no \(kinds) files in '\(path)'" + (excluded > 0 ? " (\(excluded) excluded)" : ""))
                }
                files += found
            } else if !(forceExclude && isExcluded(path)) {
                // Not readable, not a regular file: said when it is read.
                files.append(path)
            }
        }
        var seen = Set<String>()
        var seenFiles = Set<ProjectFiles.FileIdentity>()
        return (
            files.map(canonicalName).filter {
                guard seen.insert($0).inserted else { return false }
                return ProjectFiles.identity(of: $0).map { seenFiles.insert($0).inserted } ?? true
            }, errors
        )
    }

    /// What every command does first: expand the paths, report the unreadable ones on stderr, and
    /// load the rest. Problems of a `labelspec.json` are the caller's to report.
    /// With `swift` (`check`), `.swift` files are read too; without, one named is an error.
    /// With `swift` (`check`), `.xliff` files and `.xcloc` folders are translations sent back,
    /// laid over the tables of the other paths' namespaces (docs/translators.md).
    func loadForCommand(_ paths: [String], swift: Bool = false) -> LoadedProject {
        let returnedPaths = paths.filter { $0 != "-" && ReturnedFiles.isReturned($0) }
        let (files, expandErrors) = expand(
            paths.filter { $0 == "-" || !ReturnedFiles.isReturned($0) }, interfaceBuilder: true, swift: swift)
        var errors = expandErrors
        var sources: [ReturnedSource] = []
        var seenReturned = Set<String>()
        for path in returnedPaths {
            guard swift else {
                errors.append(LoadError(path: path, reason: "translation files (.xliff, .xcloc) are read by 'labelspec check' only"))
                continue
            }
            switch ReturnedFiles.read(path, name: canonicalName) {
            case .success(let read):
                for s in read where seenReturned.insert(ProjectFiles.identity(of: s.path).map { "\($0)" } ?? s.path).inserted {
                    sources.append(s)
                }
            case .failure(let e): errors.append(e)
            }
        }
        for e in errors { printError(e.description) }
        var folders: [String] = []
        for path in paths where path != "-" && !ReturnedFiles.isReturned(path) {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { folders.append(ProjectLoader.absolute(path)) }
        }
        let (all, namespaces, failures, returned) = load(files, swift: swift, returned: sources, folders: folders)
        for e in failures { printError(e.description) }
        // A storyboard and a spec imported from it: the spec's labels alone.
        let loaded = ImportedSources.leavingOutImported(all, saying: !quiet)
        return LoadedProject(
            files: loaded, namespaces: namespaces, hadUnreadable: !errors.isEmpty || !failures.isEmpty,
            tables: files.filter(Localizations.isTable), folders: folders,
            specNamespaces: Set(loaded.filter(\.isSpec).map { ObjectIdentifier($0.namespace) }), returned: returned)
    }

    /// `path` made absolute and standardized (`.`, `..` and `//` resolved as text).
    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Loads the namespaces of `files` and parses every file of each, in parallel. A file that
    /// cannot be read is left out (with its error) and the others are loaded.
    /// `returned`: translations sent back, mapped onto the tables of the namespaces (and those of
    /// `folders`) and laid over them in memory before anything is translated or measured.
    func load(_ files: [String], swift: Bool = false, returned sources: [ReturnedSource] = [], folders: [String] = []) -> (
        files: [LoadedFile], namespaces: [Namespace], failures: [LoadError], returned: [ReturnedTranslation]
    ) {
        // A whole check measures each label once: no layout is worth keeping.
        // A string table on standard input is read in place of its file.
        let tableText = stdin.flatMap { s in
            Localizations.isTable(s.name) ? (URL(fileURLWithPath: s.name).standardizedFileURL.path, s.bytes) : nil
        }
        let project = Project(cachesLayouts: false, configurationFile: configuration, tableText: tableText)
        var namespaces: [Namespace] = []
        var members: [ObjectIdentifier: [String]] = [:]  // namespace → display paths of its files
        var requested: [(path: String, namespace: Namespace)] = []
        // A root depends on the file's folder only: looked up once per folder, not per file.
        var namespaceOfFolder: [Substring: Namespace] = [:]
        var interfaceBuilderFiles = Set<String>()
        var swiftFiles = Set<String>()
        for file in files {
            let folder = file.lastIndex(of: "/").map { file[..<$0] } ?? ""
            let ns: Namespace
            if let known = namespaceOfFolder[folder] {
                ns = known
            } else {
                let (found, created) = project.namespace(for: file)
                ns = found
                namespaceOfFolder[folder] = ns
                if created {
                    namespaces.append(ns)
                    // Every file of the namespace takes part in name resolution.
                    members[ObjectIdentifier(ns)] = ns.files().map(canonicalName)
                }
            }
            if InterfaceBuilderFile.isInterfaceBuilder(file) {
                interfaceBuilderFiles.insert(file)
            }
            if SwiftSourceFile.isSwift(file) { swiftFiles.insert(file) }
            // A string table: its namespace reads it (and reports its problems), nothing to parse.
            if Localizations.isTable(file) { continue }
            requested.append((file, ns))
        }
        var returned: [ReturnedTranslation] = []
        if !sources.isEmpty {
            // A folder named (`check App/ de.xcloc`) lends its tables even when it holds no file checked.
            for folder in folders {
                let (ns, created) = project.namespace(for: folder + "/" + ConfigurationFile.name)
                if created {
                    namespaces.append(ns)
                    members[ObjectIdentifier(ns)] = ns.files().map(canonicalName)
                }
            }
            returned = ReturnedOverlay.map(sources, namespaces: namespaces, interfaceBuilder: Array(interfaceBuilderFiles))
        }
        // Requested files are known by the path the user gave; siblings by theirs (a sibling that
        // is a requested file under another name, through a link, is not loaded twice).
        let requestedFiles = Set(requested.compactMap { ProjectFiles.identity(of: $0.path) })
        let requestedPaths = Set(requested.map(\.path))
        var jobs: [(path: String, namespace: Namespace)] = []
        for ns in namespaces {
            for s in members[ObjectIdentifier(ns)] ?? [] where !requestedPaths.contains(s) {
                if let id = ProjectFiles.identity(of: s), requestedFiles.contains(id) { continue }
                jobs.append((s, ns))
            }
        }
        jobs += requested.filter { !interfaceBuilderFiles.contains($0.path) && !swiftFiles.contains($0.path) }

        let results = parseInParallel(jobs.map(\.path))
        var failures: [LoadError] = []
        var failed = Set<String>()
        for (job, result) in zip(jobs, results) {
            switch result {
            case .success(let doc): project.add(doc, to: job.namespace)
            case .failure(let error):
                failures.append(error)
                failed.insert(job.path)
            }
        }
        // Interface Builder files, each with its translations (.strings files, String Catalogs
        // beside it and named like it in its namespace).
        let interfaceBuilderJobs = requested.filter { interfaceBuilderFiles.contains($0.path) }
        let ibPaths = interfaceBuilderJobs.map(\.path)
        var ibFiles: [String: InterfaceBuilderFile] = [:]
        for (path, result) in zip(ibPaths, readInterfaceBuilderInParallel(interfaceBuilderJobs, returned: returned)) {
            switch result {
            case .success(let file): ibFiles[path] = file
            case .failure(let error):
                failures.append(error)
                failed.insert(path)
            }
        }
        // Swift files (`check` only), translated with what their namespace knows.
        let swiftJobs = requested.filter { swiftFiles.contains($0.path) }
        var swiftRead: [String: SwiftSourceFile] = [:]
        if swift {
            for (job, result) in zip(swiftJobs, readSwiftInParallel(swiftJobs.map(\.path))) {
                switch result {
                case .success(let file): swiftRead[job.path] = file
                case .failure(let error):
                    failures.append(error)
                    failed.insert(job.path)
                }
            }
            SwiftSourceFile.translate(swiftJobs.compactMap { job in swiftRead[job.path].map { ($0, job.namespace) } })
        } else {
            for job in swiftJobs {
                failures.append(LoadError(path: job.path, reason: "Swift sources are read by 'labelspec check' only"))
                failed.insert(job.path)
            }
        }
        let loaded = requested.filter { !failed.contains($0.path) }.map {
            LoadedFile(path: $0.path, namespace: $0.namespace, interfaceBuilder: ibFiles[$0.path], swift: swiftRead[$0.path])
        }
        return (loaded, namespaces, failures, returned)
    }

    /// Reads and translates Interface Builder files over all cores (see `InterfaceBuilderFile`).
    private func readInterfaceBuilderInParallel(_ files: [(path: String, namespace: Namespace)], returned: [ReturnedTranslation])
        -> [Result<InterfaceBuilderFile, LoadError>]
    {
        // The namespaces' tables, read before (String Catalogs are only read here).
        let tables = files.map { $0.namespace.localizations.catalogs }
        let samples = files.map { $0.namespace.configuration.sampleTexts }
        let overlays = files.map { ReturnedOverlay.interfaceBuilder(ProjectLoader.absolute($0.path), returned) }
        return readInParallel(files.map(\.path), counting: false) { i, path, bytes in
            InterfaceBuilderFile.withTranslations(
                path: path, bytes: bytes, workspace: tables[i], sampleTexts: samples[i], overlay: overlays[i])
        }
    }

    /// Reads Swift files and their sites over all cores.
    private func readSwiftInParallel(_ paths: [String]) -> [Result<SwiftSourceFile, LoadError>] {
        readInParallel(paths) { _, path, bytes in SwiftSourceFile(path: path, bytes: bytes) }
    }

    /// Reads and parses files over all cores: parsing and per-item analysis are independent.
    private func parseInParallel(_ paths: [String]) -> [Result<Workspace.Document, LoadError>] {
        readInParallel(paths) { _, path, bytes in Workspace.Document.make(id: path, bytes: bytes) }
    }

    /// Reads each file (standard input named as it is that file's text) and makes what it is
    /// read as, over all cores; `counting`: each file read is counted in the progress line.
    private func readInParallel<T>(
        _ paths: [String], counting: Bool = true, _ make: @escaping @Sendable (Int, String, [UInt8]) -> T
    ) -> [Result<T, LoadError>] {
        let stdin = self.stdin
        let progress = counting ? self.progress : nil
        return ConcurrentSlots<Result<T, LoadError>>.collect(paths.count) { i in
            let path = paths[i]
            defer { progress?.fileRead() }
            let read = stdin.flatMap { $0.name == path ? Result.success($0.bytes) : nil } ?? ProjectFiles.readFile(path)
            switch read {
            case .success(let bytes): return .success(make(i, path, bytes))
            case .failure(let error): return .failure(LoadError(path: path, reason: error.description))
            }
        }.map { $0! }
    }
}

/// `labelspec.json` files read once per folder (for their `exclude`).
final class ConfigurationCache {
    private var files: [String: ConfigurationFile] = [:]
    private var patterns: [String: ExcludePatterns] = [:]
    private var roots: [String: String?] = [:]

    /// The folder of the nearest `labelspec.json` up a file's path (`Project.root`), each folder
    /// looked up once.
    func root(of file: String) -> String? {
        let root = ProjectFiles.root(of: file, known: &roots)
        return root.configured ? root.path : nil
    }

    func file(_ path: String) -> ConfigurationFile {
        if let known = files[path] { return known }
        let file = ConfigurationFile.read(path)
        files[path] = file
        return file
    }

    /// The `exclude` patterns of a `labelspec.json` (`read`: already read, as `--config`'s is),
    /// made once, not for every file they are matched against.
    func excludePatterns(_ path: String, read: ConfigurationFile? = nil) -> ExcludePatterns {
        if let known = patterns[path] { return known }
        let made = (read ?? file(path)).excludePatterns
        patterns[path] = made
        return made
    }
}
