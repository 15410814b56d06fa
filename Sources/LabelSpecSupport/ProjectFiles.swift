import Foundation

/// The file system under the project model (`Project`): the one folder walk and the one way to
/// read a file, shared by the CLI and the language server.
public enum ProjectFiles {
    /// The file that marks a namespace root and configures it (`ConfigurationFile`).
    public static let configurationName = "labelspec.json"

    /// The namespace root of a file: the nearest folder up its path that holds `labelspec.json`
    /// (`configured`), else the file's own folder. Absolute.
    public static func root(of file: String) -> (path: String, configured: Bool) {
        var known: [String: String?] = [:]
        return root(of: file, known: &known)
    }

    /// `root(of:)`, remembering in `known` the answer for every folder it walks up through (the
    /// folder → the configured root above it, or nil): files in a deep tree are not each walked
    /// up to the top again.
    public static func root(of file: String, known: inout [String: String?]) -> (path: String, configured: Bool) {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL
        var dir = absolute.deletingLastPathComponent()
        var walked: [String] = []
        var answer: String?
        while true {
            let path = dir.path
            if let k = known[path] {
                answer = k
                break
            }
            walked.append(path)
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(ProjectFiles.configurationName).path) {
                answer = path
                break
            }
            let parent = dir.deletingLastPathComponent()
            if parent.path == path { break }
            dir = parent
        }
        for folder in walked { known[folder] = .some(answer) }
        return answer.map { ($0, true) } ?? (absolute.deletingLastPathComponent().path, false)
    }

    /// A file's bytes, read straight into the array the parser keeps (no intermediate `Data`, so a
    /// large file is in memory once while it is parsed); nil when it cannot be read (`readFile`
    /// says why).
    public static func read(_ path: String) -> [UInt8]? { try? readFile(path).get() }

    /// A regular file's bytes, or why they cannot be had. Only regular files are read: the file
    /// is opened with `O_NONBLOCK` (so a FIFO or a device cannot block the open) and refused
    /// after `fstat` unless it is a regular file.
    /// A file larger than `sizeLimit` is refused (`tooLarge`) before anything is read.
    /// Every file a run reads is recorded in `InputFiles` (outputs never overwrite one).
    public static func readFile(_ path: String) -> Result<[UInt8], FileError> {
        if let target = ReadRoots.outside(path) { return .failure(.outside(target)) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.cannotOpen(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.cannotOpen(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular(FileError.kind(of: info.st_mode))) }
        InputFiles.record(info)
        guard Int(info.st_size) <= sizeLimit else { return .failure(.tooLarge(Int(info.st_size))) }
        // Reads of a regular file block as usual.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        var readErrno: Int32 = 0
        bytes.withUnsafeMutableBytes { p in
            while done < p.count {
                let n = Foundation.read(fd, p.baseAddress! + done, p.count - done)
                if n < 0, errno == EINTR { continue }
                if n < 0 { readErrno = errno }
                if n <= 0 { return }
                done += n
            }
        }
        if readErrno != 0 { return .failure(.cannotRead(readErrno)) }
        if done < bytes.count { bytes.removeSubrange(done...) }  // the file shrank meanwhile
        return .success(bytes)
    }

    /// The largest file read, of any kind (256 MiB, docs/cli.md#limits): a larger one is an
    /// error on that file, the run goes on. Memory stays within a few times what is read.
    public static let sizeLimit = 256 << 20

    /// Why a file could not be read; `description` is the reason shown after the path.
    public enum FileError: Error, Equatable, CustomStringConvertible, Sendable {
        case cannotOpen(Int32)
        case cannotRead(Int32)
        /// A FIFO, a directory, a device or a socket: what it is.
        case notRegular(String)
        /// Larger than `sizeLimit`: its size.
        case tooLarge(Int)
        /// A link to a file outside the folders a run may read (`ReadRoots`): where it leads.
        case outside(String)

        public var description: String {
            switch self {
            case .cannotOpen(let e), .cannotRead(let e): return FileProblem.reason(e)
            case .notRegular(let kind): return "not a regular file (\(kind))"
            case .outside(let target): return "a link to '\(target)', outside the folders checked; not read"
            case .tooLarge(let size):
                return "too large (\(FileError.size(size)); files are read up to \(FileError.size(sizeLimit)))"
            }
        }

        /// A size as people read it: `20 GiB`, `300.5 MiB`, `812 bytes`.
        public static func size(_ bytes: Int) -> String {
            let units: [(Int, String)] = [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
            for (unit, name) in units where bytes >= unit {
                let tenths = (bytes * 10 + unit / 2) / unit
                return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
            }
            return bytes == 1 ? "1 byte" : "\(bytes) bytes"
        }

        public static func kind(of mode: mode_t) -> String { FileProblem.kind(of: mode) ?? "not a file" }
    }

    /// Folders a walk does not enter: `node_modules`, and Xcode's localization exports
    /// (`de.xcloc`: their `Source Contents` copy the project's tables; they are read only when
    /// named, as translations sent back: docs/translators.md).
    public static func isSkippedFolder(_ name: String) -> Bool { name == "node_modules" || name.hasSuffix(".xcloc") }

    /// The files of a workspace whose names end with one of `suffixes`, sorted: directly in `root`,
    /// and with `recursive` in its subfolders too, except subfolders that hold their own
    /// `labelspec.json` (workspaces of their own). Names starting with `.`, and `node_modules`
    /// and `.xcloc` folders (`isSkippedFolder`), are skipped.
    /// `limit` stops the walk once that many files are found (a workspace root high up the file
    /// system must not stall a caller that answers an editor). With `nestedWorkspaces`, subfolders
    /// with their own `labelspec.json` are walked too (an editor's folder may hold several).
    /// Links are followed, but each real folder is walked once and each real file listed once
    /// (by device and inode: the first path in walk order names it), so a link to `..` or a loop
    /// of links ends; a dangling link, or a link loop that `stat` cannot resolve, is skipped.
    /// This is the one folder walk: `labelspec check` expands its folder arguments with it and
    /// the language server indexes with it.
    public static func files(
        under root: String, recursive: Bool, suffixes: [String] = [".labelspec"], limit: Int = .max, nestedWorkspaces: Bool = false
    ) -> [String] {
        walk(under: root, recursive: recursive, suffixes: suffixes, limit: limit, nestedWorkspaces: nestedWorkspaces).files
    }

    /// `files(under:)`, with what the walk could not look into: a folder below `root` that cannot
    /// be listed, an entry `stat` refuses for another reason than a dangling link or a loop of
    /// links (a path longer than the system takes, a folder on the way that cannot be searched),
    /// each with the reason. `check` reports them, so that no file is left out without a word.
    /// `folderLimit` stops the walk once that many folders were listed (a look that must stay
    /// cheap however large the tree: `Localizations.tablesNotRead`).
    public static func walk(
        under root: String, recursive: Bool, suffixes: [String] = [".labelspec"], limit: Int = .max, nestedWorkspaces: Bool = false,
        folderLimit: Int = .max
    ) -> (files: [String], unreadable: [(path: String, reason: String)]) {
        var walk = FolderWalk(recursive: recursive, suffixes: suffixes, limit: limit, nestedWorkspaces: nestedWorkspaces)
        walk.folderLimit = folderLimit
        walk.visit(root, top: true)
        return (walk.found, walk.unreadable)
    }

    /// Whether `path` is a folder of the kernel's own file systems (`/proc`, `/sys`), which hold no
    /// project files and whose entries change while they are listed: `labelspec check /` walks
    /// past them. Known by device: a folder on the device `/proc` or `/sys` is on. Linux only.
    static func isKernelFileSystem(_ path: String) -> Bool {
        #if os(Linux)
            guard let device = identity(of: path)?.device else { return false }
            return kernelDevices.contains(device)
        #else
            return false
        #endif
    }

    private static let kernelDevices: Set<UInt64> = Set(["/proc", "/sys"].compactMap { identity(of: $0)?.device })

    /// Whether `path` itself is a symbolic link.
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// A file's identity on disk: device and inode (links followed); nil when `stat` fails.
    public static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    public struct FileIdentity: Hashable, Sendable {
        public let device: UInt64
        public let inode: UInt64

        /// The identity `stat` gave.
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private struct FolderWalk {
        let recursive: Bool
        let suffixes: [String]
        let limit: Int
        let nestedWorkspaces: Bool
        var folderLimit = Int.max
        var foldersListed = 0
        var found: [String] = []
        var unreadable: [(path: String, reason: String)] = []
        var seenFolders = Set<FileIdentity>()
        var seenFiles = Set<FileIdentity>()

        init(recursive: Bool, suffixes: [String], limit: Int, nestedWorkspaces: Bool) {
            self.recursive = recursive
            self.suffixes = suffixes
            self.limit = limit
            self.nestedWorkspaces = nestedWorkspaces
        }

        mutating func visit(_ directory: String, top: Bool) {
            guard found.count < limit, foldersListed < folderLimit, let id = ProjectFiles.identity(of: directory),
                seenFolders.insert(id).inserted
            else { return }
            foldersListed += 1
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
                if !top { unreadable.append((directory, "cannot list the directory")) }
                return
            }
            if !top, !nestedWorkspaces, entries.contains("labelspec.json") { return }
            for name in entries.sorted() where !name.hasPrefix(".") {
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var info = stat()
                guard stat(path, &info) == 0 else {
                    // A dangling link, a loop of links or a file gone meanwhile is skipped; any
                    // other refusal is said.
                    let e = errno
                    if e != ENOENT, e != ELOOP { unreadable.append((path, FileProblem.reason(e))) }
                    continue
                }
                if ReadRoots.isConfined, ProjectFiles.isLink(path), let target = ReadRoots.outside(path) {
                    // A link out of the folders checked: said, not followed.
                    unreadable.append((path, FileError.outside(target).description))
                    continue
                }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    if recursive, !ProjectFiles.isSkippedFolder(name), !ProjectFiles.isKernelFileSystem(path) { visit(path, top: false) }
                } else if suffixes.contains(where: { name.hasSuffix($0) }),
                    seenFiles.insert(FileIdentity(info)).inserted
                {
                    found.append(path)
                }
                if found.count >= limit { return }
            }
        }
    }
}

/// The files a run has read (by device and inode): what `OutputFile` refuses to overwrite, so
/// that `import -o` or `--write-baseline` naming an input (by any path, a link included) ends
/// with an error instead of replacing it. Recorded by `ProjectFiles.readFile` while
/// `isRecording` (the command line's runs; the language server writes no files).
public enum InputFiles {
    nonisolated(unsafe) private static var recording = false
    nonisolated(unsafe) private static var identities = Set<ProjectFiles.FileIdentity>()
    private static let lock = Lock()

    /// From now on, every file read is recorded.
    public static func startRecording() { lock.withLock { recording = true } }

    static func record(_ info: stat) {
        lock.withLock {
            guard recording else { return }
            identities.insert(ProjectFiles.FileIdentity(info))
        }
    }

    /// Whether the file `info` describes was read by this run.
    public static func contains(_ info: stat) -> Bool {
        lock.withLock { identities.contains(ProjectFiles.FileIdentity(info)) }
    }
}

/// The folders a command-line run may read files from: the current folder, the folders it was
/// given (a file's own folder, as named), and the namespace roots above them (the folders
/// holding `labelspec.json`). A file or folder reached through a symbolic link that leads
/// elsewhere (`secrets.labelspec -> /etc/shadow` in a pull request) is reported as such and not
/// read, so no line of it reaches an excerpt in a CI log. Not confined until `confine` is called
/// (the language server reads what its workspace folders hold).
public enum ReadRoots {
    nonisolated(unsafe) private static var roots: [String]?
    private static let lock = Lock()

    public static var isConfined: Bool { lock.withLock { roots != nil } }

    /// The folders for a run given `paths` (files and folders, as written) and `files` named
    /// by options (`--config`, `--baseline`): the current folder, each folder given, the folder
    /// of each file given as written (not where a link leads), and the workspace each input
    /// reads its translations from whatever the current folder is: for a file or folder in a
    /// `NAME.lproj` folder (`App/Base.lproj/Main.storyboard`), the folder above it, which holds
    /// the sibling `de.lproj/Main.strings` (`InterfaceBuilderFile.stringsFiles`), both as
    /// written and where it leads (a `Base.lproj` that is a link to a shared folder has its
    /// translations beside the link, where `stringsFiles` looks).
    public static func confine(paths: [String], files: [String]) {
        var folders = [FileManager.default.currentDirectoryPath]
        for p in paths where p != "-" {
            var info = stat()
            let folder = stat(p, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? p : PathText.parent(p)
            folders.append(folder)
            if PathText.lastComponent(folder).hasSuffix(".lproj") { folders.append(PathText.parent(folder)) }
            if let real = realPath(folder), PathText.lastComponent(real).hasSuffix(".lproj") { folders.append(PathText.parent(real)) }
        }
        for f in files { folders.append(PathText.parent(f)) }
        confine(to: folders)
    }

    /// From now on, reads stay under `folders` (each taken by its real path).
    public static func confine(to folders: [String]) {
        let real = folders.compactMap(realPath).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        lock.withLock { roots = real }
    }

    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// Whether reading `path` is refused: it leads outside the folders of the run (`outside`).
    public static func leadsOutside(_ path: String) -> Bool { outside(path) != nil }

    /// Nil when `path` may be read; else the real path it leads to, outside every root (and
    /// outside the namespace root above the path as written).
    static func outside(_ path: String) -> String? {
        guard let roots = lock.withLock({ roots }) else { return nil }
        guard let real = realPath(path) else { return nil }  // not there: the read says why
        func inside(_ folder: String) -> Bool { real.hasPrefix(folder) || real + "/" == folder }
        if roots.contains(where: inside) { return nil }
        let root = ProjectFiles.root(of: path)
        if root.configured, let folder = realPath(root.path), inside(folder.hasSuffix("/") ? folder : folder + "/") { return nil }
        return real
    }
}
