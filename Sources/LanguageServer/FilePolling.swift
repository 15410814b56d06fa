import Dispatch
import Foundation
import JSON
import LabelLocalization
import LabelSpecIDE
import LabelSpecSupport

/// Files changed on disk, for a client that cannot watch them for the server: one that does not
/// let the server register `workspace/didChangeWatchedFiles` (Neovim before 0.9, for one). The
/// server then looks itself, every `pollInterval` seconds: it lists the files it reads
/// (`.labelspec` files, `labelspec.json`, String Catalogs, `.strings` and `.stringsdict`) under
/// the workspace folders (or, without any, the namespaces' folders and the open documents'
/// folders), with their sizes and modification times, and hands what was created, changed or
/// deleted to the same code a watching client's notification reaches.
extension LanguageServer {
    /// Seconds between two looks: `LABELSPEC_POLL_INTERVAL` in the environment (tests use a
    /// short one), else 2; 0 or less turns polling off.
    static var pollInterval: Double {
        if let s = ProcessInfo.processInfo.environment["LABELSPEC_POLL_INTERVAL"], let v = Double(s) { return v }
        return 2
    }

    struct FileStamp: Equatable {
        let size: Int64
        let seconds: Int
        let nanoseconds: Int
    }

    static let polledSuffixes = [".labelspec", ConfigurationFile.name] + Localizations.suffixes

    /// The folders to look in, read under the state lock.
    func pollRoots() -> [(path: String, recursive: Bool)] {
        if !workspaceFolders.isEmpty { return workspaceFolders.map { ($0, true) } }
        var roots: [(String, Bool)] = project.namespaces.values.compactMap { $0.root }.sorted().map { ($0, true) }
        for uri in open.keys.sorted() {
            guard let path = LanguageServer.path(ofURI: uri) else { continue }
            let folder = PathText.parent(path)
            if !roots.contains(where: { folder == $0.0 || folder.hasPrefix($0.0 + "/") }) {
                // The folder's own tables: in it and in its *.lproj folders (`Localizations.tablePaths`).
                roots.append((folder, false))
                roots += Localizations.lprojFolders(in: folder).map { ($0, false) }
            }
        }
        return roots
    }

    /// The stamps of the files under the roots (at most 10,000 files, as the index reads).
    static func stamps(under roots: [(path: String, recursive: Bool)]) -> [String: FileStamp] {
        var out: [String: FileStamp] = [:]
        for (root, recursive) in roots {
            for path in ProjectFiles.files(
                under: root, recursive: recursive, suffixes: polledSuffixes, limit: 10_000, nestedWorkspaces: true)
            where out[path] == nil {
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                #if os(Linux)
                    let modified = info.st_mtim
                #else
                    let modified = info.st_mtimespec
                #endif
                out[path] = FileStamp(size: Int64(info.st_size), seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
            }
        }
        return out
    }

    /// What changed between two looks, as `workspace/didChangeWatchedFiles` params (1 created,
    /// 2 changed, 3 deleted), paths sorted. A file missing from the second look is deleted only
    /// when it is gone from disk: with more files than the limit, the list's last ones come and go.
    static func changes(from old: [String: FileStamp], to new: [String: FileStamp]) -> JSONValue? {
        var changes: [JSONValue] = []
        for path in Set(old.keys).union(new.keys).sorted() {
            let type: Int
            switch (old[path], new[path]) {
            case (nil, _?): type = 1
            case (_?, nil):
                // Gone from the list but still on disk: pushed past the limit of files looked at
                // (one created before it in order), not deleted.
                var info = stat()
                if stat(path, &info) == 0 { continue }
                type = 3
            case (let a?, let b?) where a != b: type = 2
            default: continue
            }
            changes.append(.object([("uri", .string(LanguageServer.uri(ofPath: path))), ("type", .int(type))]))
        }
        return changes.isEmpty ? nil : .object([("changes", .array(changes))])
    }

    /// Starts looking, once the workspace is indexed, when the client does not watch files and
    /// the server runs on its own threads (the stdio server).
    func startPollingIfNeeded() {
        let interval = LanguageServer.pollInterval
        let (watching, roots) = stateLock.withLock { (client.watchesFiles, pollRoots()) }
        guard concurrent, !watching, interval > 0 else { return }
        let first = LanguageServer.stamps(under: roots)
        log("the client does not watch files: looking for changes on disk every \(interval) s")
        schedulePoll(after: interval, previous: first, roots: roots.map(\.path))
    }

    /// `roots`: the folders the previous look saw, at `lookedAt` (seconds since 1970). A folder
    /// new to this look (a namespace opened since, whose files were just read) is not all
    /// "created": only its files modified since the previous look are reported, as changed.
    private func schedulePoll(
        after interval: Double, previous: [String: FileStamp], roots previousRoots: [String], lookedAt: Int = Int(time(nil))
    ) {
        DispatchQueue.global().asyncAfter(deadline: .now() + interval) { [self] in
            let roots: [(path: String, recursive: Bool)]? = stateLock.withLock { state == .running ? pollRoots() : nil }
            guard let roots else { return }
            let looking = Int(time(nil))
            let started = DispatchTime.now().uptimeNanoseconds
            let now = LanguageServer.stamps(under: roots)
            let walk = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let known = roots.map(\.path).filter(previousRoots.contains)
            func seen(_ path: String) -> Bool { known.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } }
            // Files of new folders: as they were at the previous look, unless modified since.
            var before = previous.filter { seen($0.key) }
            for (path, stamp) in now where !seen(path) {
                before[path] = stamp.seconds >= lookedAt ? FileStamp(size: -1, seconds: 0, nanoseconds: 0) : stamp
            }
            if let params = LanguageServer.changes(from: before, to: now) {
                // In order with the requests, as a client's notification would be.
                requestQueue.async { [self] in
                    stateLock.withLock {
                        guard state == .running else { return }
                        didChangeWatchedFiles(params)
                    }
                }
            }
            schedulePoll(
                after: LanguageServer.pollDelay(interval: interval, walk: walk), previous: now, roots: roots.map(\.path), lookedAt: looking)
        }
    }

    /// The wait before the next look: the interval, or 4 times what the last look took when that
    /// is longer. A workspace folder with many folders (a home directory: seconds to walk) is then
    /// looked at a fifth of the time at most, not without a pause.
    static func pollDelay(interval: Double, walk: Double) -> Double { max(interval, 4 * walk) }
}
