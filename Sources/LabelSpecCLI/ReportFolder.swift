import Foundation
import LabelSpecSupport

/// The folder a report is written to: made whole in a new folder beside it, then put in its place
/// by renaming, so that a run that fails (a full disk) leaves the old report, or nothing, as it
/// was, and a reader never sees half a report. Its files are not flushed to disk one by one
/// (`fsync` per picture made `render` cost 3.7× measuring instead of 2.0×): a report is made
/// again by running `render` again, after a power cut too. Only a folder that does not exist yet,
/// or a report (manifest.json, index.html, svg/ and nothing else), is replaced; a symbolic link,
/// a file, a folder with anything else in it, or one the run reads is refused before any work.
/// Every path it uses is under its parent folder as resolved once at the start.
final class ReportFolder: @unchecked Sendable {
    struct Problem: Error {
        let reason: String
    }

    let path: String
    let parent: String
    /// The new report, being written.
    let staging: String
    let replaces: Bool
    /// Set once the new report is in place, or once it is discarded; under `lock`, which every
    /// file's write takes too: a `discard` from a signal's handler never races a write.
    private var committed = false
    private var discarded = false
    private let lock = Lock()

    init(path: String, parent: String, staging: String, replaces: Bool) {
        self.path = path
        self.parent = parent
        self.staging = staging
        self.replaces = replaces
    }

    /// The file that marks a folder as a report of `render` (with its first line): only such a
    /// folder is ever replaced, never one that merely looks like it (a web folder with its own
    /// manifest.json and index.html).
    static let marker = ".labelspec-report"
    static let markerText = "A report of labelspec render; the whole folder is replaced by the next run.\n"
    static let reportEntries: Set<String> = ["manifest.json", "index.html", "svg", marker, ".DS_Store"]

    /// Whether `name` is a picture's file name as `render` writes them: `0123456789abcdef.svg`
    /// (its content's hash, `-N` after it for a second picture of the same hash), or
    /// `N-Label.svg` as earlier versions named them (their reports are replaced too).
    static func isPictureName(_ name: String) -> Bool {
        guard name.hasSuffix(".svg") else { return false }
        let stem = name.dropLast(4)
        let hex = stem.prefix(16)
        if hex.count == 16, hex.allSatisfy({ $0.isASCII && $0.isHexDigit && !$0.isUppercase }) {
            let rest = stem.dropFirst(16)
            if rest.isEmpty { return true }
            if rest.first == "-", rest.count > 1, rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        }
        guard let dash = name.firstIndex(of: "-"), dash > name.startIndex else { return false }
        return name[..<dash].allSatisfy(\.isASCII) && name[..<dash].allSatisfy(\.isNumber)
            && name.dropLast(4)[name.index(after: dash)...].allSatisfy {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
            }
    }

    /// Why the folder at `path` is not a report `render` may replace, or nil: a report is the
    /// marker (its exact text), manifest.json, index.html and `svg/` of pictures (regular files
    /// named as `render` names them), and nothing else (a Finder `.DS_Store` aside). Checked
    /// before any work and again just before the folder is replaced.
    static func notAReport(_ path: String) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return "it cannot be read" }
        if entries.isEmpty { return nil }
        let problem = "it holds files that are not a report of 'labelspec render'"
        guard (try? String(contentsOfFile: path + "/" + marker, encoding: .utf8)) == markerText, entries.allSatisfy(reportEntries.contains)
        else { return problem }
        for name in ["manifest.json", "index.html", marker] + (entries.contains(".DS_Store") ? [".DS_Store"] : [])
        where entries.contains(name) {
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return problem }
        }
        if entries.contains("svg") {
            var info = stat()
            guard lstat(path + "/svg", &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
                let pictures = try? FileManager.default.contentsOfDirectory(atPath: path + "/svg")
            else { return problem }
            for name in pictures where name != ".DS_Store" {
                var p = stat()
                guard isPictureName(name), lstat(path + "/svg/" + name, &p) == 0, (p.st_mode & S_IFMT) == S_IFREG else { return problem }
            }
        }
        return nil
    }

    /// The folder `out` names, checked, with the new report's folder made beside it.
    /// `inputs`: the paths the run reads; the report may not be one of them or hold one.
    /// `out` is split into its parent, resolved once (`rep/../rep`, links among its folders,
    /// `rep/` with a slash), and its last name: every later step (the new folder, the old one
    /// moved aside, the renames) uses the resolved parent, so a step can never undo where
    /// another looked. `.`, `..` and `/` name no folder of their own and are refused.
    static func prepare(_ out: String, inputs: [String] = []) -> Result<ReportFolder, Problem> {
        guard !out.isEmpty, out != "-" else { return .failure(Problem(reason: "a folder name is needed")) }
        var given = out
        while given.count > 1, given.hasSuffix("/") { given.removeLast() }
        let slash = given.lastIndex(of: "/")
        let shownParent = slash.map { $0 == given.startIndex ? "/" : String(given[..<$0]) } ?? "."
        let name = slash.map { String(given[given.index(after: $0)...]) } ?? given
        guard !name.isEmpty, name != ".", name != ".." else {
            return .failure(Problem(reason: "name a folder of its own, not '\(name.isEmpty ? "/" : name)'"))
        }
        // The parent, resolved: what `rep/..` is now, not after `rep` has been moved aside.
        guard let resolved = realpath(shownParent, nil) else {
            let e = errno
            return .failure(
                Problem(
                    reason: e == ENOENT || e == ENOTDIR
                        ? "its parent folder '\(shownParent)' does not exist" : AtomicWrite.reason(e)))
        }
        let parent = String(cString: resolved)
        free(resolved)
        var parentInfo = stat()
        guard stat(parent, &parentInfo) == 0, (parentInfo.st_mode & S_IFMT) == S_IFDIR else {
            return .failure(Problem(reason: "its parent folder '\(shownParent)' does not exist"))
        }
        let path = (parent == "/" ? "" : parent) + "/" + name
        var info = stat()
        var replaces = false
        var mode = 0o777 & ~currentUmask()
        if lstat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK { return .failure(Problem(reason: "it is a symbolic link")) }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                let kind = FileProblem.kind(of: info.st_mode).map { "it is not a folder (\($0))" } ?? "it is a file, not a folder"
                return .failure(Problem(reason: kind))
            }
            if let problem = inputProblem(path, inputs: inputs) { return .failure(Problem(reason: problem)) }
            if let problem = notAReport(path) { return .failure(Problem(reason: problem)) }
            replaces = true
            // The new report keeps the old folder's permissions.
            mode = info.st_mode & 0o7777
        } else if errno != ENOENT {
            return .failure(Problem(reason: AtomicWrite.reason(errno)))
        }
        var template = Array(((parent == "/" ? "" : parent) + "/." + name + ".tmp-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            return .failure(Problem(reason: AtomicWrite.reason(errno)))
        }
        let staging = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkdtemp makes it 0700: the report is as readable as any new folder (or the old one).
        guard chmod(staging, mode) == 0, mkdir(staging + "/svg", 0o777) == 0 else {
            let e = errno
            rmdir(staging)
            return .failure(Problem(reason: AtomicWrite.reason(e)))
        }
        return .success(ReportFolder(path: path, parent: parent, staging: staging, replaces: replaces))
    }

    /// Why the folder at `path` (resolved) may not be replaced because of the run's inputs: it is
    /// one of them, or holds one (`render rep --out rep`, `render rep/A.labelspec --out rep`).
    static func inputProblem(_ path: String, inputs: [String]) -> String? {
        for input in inputs where input != "-" {
            guard let r = realpath(input, nil) else { continue }
            let resolved = String(cString: r)
            free(r)
            if resolved == path { return "it is an input of this run" }
            if resolved.hasPrefix(path + "/") { return "it holds an input of this run ('\(input)')" }
        }
        return nil
    }

    /// Writes a new file of the report (`name` relative to it).
    func write(_ text: String, to name: String) throws {
        try lock.withLock {
            guard !discarded else { throw Problem(reason: "interrupted") }
            try writeLocked(text, to: name)
        }
    }

    private func writeLocked(_ text: String, to name: String) throws {
        let file = staging + "/" + name
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw Problem(reason: AtomicWrite.reason(errno)) }
        var text = text
        text.makeContiguousUTF8()
        let failure: Int32? = text.utf8.withContiguousStorageIfAvailable { AtomicWrite.writeAll(fd, UnsafeRawBufferPointer($0)) } ?? nil
        if let failure {
            close(fd)
            throw Problem(reason: AtomicWrite.reason(failure))
        }
        guard close(fd) == 0 else { throw Problem(reason: AtomicWrite.reason(errno)) }
    }

    /// Puts the new report in the folder's place. The old report, if any, is looked at again
    /// (something may have been put in it since the run began), moved aside, and removed file by
    /// file, only the files a report has: anything else stays, and is said (`leftover`).
    func commit() throws {
        // The swap under the lock: a signal's `discard` waits for it, then finds it done (or
        // not begun), never half done.
        let old: String? = try lock.withLock {
            guard !discarded else { throw Problem(reason: "interrupted") }
            var old: String?
            if replaces {
                if let problem = ReportFolder.notAReport(path) { throw Problem(reason: problem) }
                var template = Array(
                    ((parent == "/" ? "" : parent) + "/." + (path.split(separator: "/").last.map(String.init) ?? "report") + ".old-XXXXXX")
                        .utf8CString)
                guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                    throw Problem(reason: AtomicWrite.reason(errno))
                }
                let o = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                // Renamed onto the empty folder mkdtemp made: the name is never free for another.
                guard rename(path, o) == 0 else {
                    let e = errno
                    rmdir(o)
                    throw Problem(reason: AtomicWrite.reason(e))
                }
                old = o
            }
            guard rename(staging, path) == 0 else {
                let e = errno
                if let old, rename(old, path) != 0 {
                    throw Problem(reason: AtomicWrite.reason(e) + "; the old report is in '\(old)'")
                }
                throw Problem(reason: AtomicWrite.reason(e))
            }
            committed = true
            return old
        }
        if let old { leftover = ReportFolder.removeReport(old) ? nil : old }
    }

    /// The old report's folder when it held something else by the time it was removed (kept).
    private(set) var leftover: String?

    /// Removes a report's own files, then its folders; false when something else was there.
    static func removeReport(_ folder: String) -> Bool {
        let pictures = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/svg")) ?? []
        for name in pictures where isPictureName(name) || name == ".DS_Store" { unlink(folder + "/svg/" + name) }
        rmdir(folder + "/svg")
        for name in ["manifest.json", "index.html", marker, ".DS_Store"] { unlink(folder + "/" + name) }
        return rmdir(folder) == 0
    }

    /// Removes the new report when it was not put in place.
    /// `thenRaise`: a signal to end the process with once the folder is gone, still under the
    /// lock (so no write of this run follows, and no message of it). Once the new report is in
    /// place the signal does not end the run: the old report's removal is finished and the run
    /// ends as it would have (a report complete, said so), rather than leaving the old one
    /// beside it and a status that says the report was not written.
    func discard(thenRaise sig: Int32? = nil) {
        lock.withLock {
            if committed { return }
            if !discarded {
                discarded = true
                try? FileManager.default.removeItem(atPath: staging)
            }
            if let sig {
                signal(sig, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, sig)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(sig)
            }
        }
    }
}

/// The process's file mode creation mask (read by setting it and putting it back).
func currentUmask() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return mask
}
