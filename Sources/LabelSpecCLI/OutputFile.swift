import Foundation
import LabelMeasure
import LabelSpecIDE
import LabelSpecSupport

/// Where a command's output file goes (`import -o`, `check --write-baseline`): standard output
/// for `-` (and `/dev/stdout`), else a regular file written at once (`AtomicWrite`). A device, a
/// FIFO, a folder, a socket, a dangling link or any file this run read (`InputFiles`: the
/// storyboard being imported, by any path) is refused with the reason, and nothing is written.
enum OutputFile {
    /// Whether `path` names standard output.
    static func isStandardOutput(_ path: String) -> Bool { path == "-" || path == "/dev/stdout" }

    /// Writes `text` (its UTF-8 bytes where they are, no copy); nil on success, else why
    /// nothing was written.
    static func write(_ text: String, to path: String) -> String? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0), to: path) }!
    }

    /// Writes `bytes`; nil on success, else why nothing was written.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        bytes.withUnsafeBytes { write($0, to: path) }
    }

    static func write(_ bytes: UnsafeRawBufferPointer, to path: String) -> String? {
        if isStandardOutput(path) {
            return AtomicWrite.writeAll(1, bytes, zero: EIO).map(AtomicWrite.reason)
        }
        if path.isEmpty { return "no file name" }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            let e = errno
            return e == ENOENT ? AtomicWrite.create(path, with: bytes) : AtomicWrite.reason(e)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let e = errno
            return e == ENOENT ? "a link to a file that does not exist" : AtomicWrite.reason(e)
        }
        if let why = refusal(info) { return why }
        return AtomicWrite.replace(path, with: bytes)
    }

    /// Makes the folder `path` and the folders above it that are missing (mode 0777 less the
    /// umask); nil when it is a folder at the end (a link to one counts), else why not: a part
    /// that is a file, a FIFO or a dangling link is refused, never replaced.
    static func makeFolders(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR
                ? nil
                : (info.st_mode & S_IFMT) == S_IFREG
                    ? "not a folder (a regular file)" : "not a folder (\(ProjectFiles.FileError.kind(of: info.st_mode)))"
        }
        guard errno == ENOENT else { return AtomicWrite.reason(errno) }
        var link = stat()
        if lstat(path, &link) == 0 { return "a link to a file that does not exist" }
        let parent = PathText.parent(path)
        if parent != path, !parent.isEmpty, let why = makeFolders(parent) { return why }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { return AtomicWrite.reason(errno) }
        return nil
    }

    /// Why the existing file `info` describes is not written over, if it is not.
    static func refusal(_ info: stat) -> String? {
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return "not a regular file (\(ProjectFiles.FileError.kind(of: info.st_mode))); nothing was written"
        }
        if InputFiles.contains(info) { return "it is an input of this run; nothing was written" }
        return nil
    }
}

/// Replaces a file's contents all at once: a temporary file beside it gets the new bytes, is
/// flushed to disk, takes the file's mode (and owner, when running as root) and is renamed over
/// the file. Whatever fails (a full disk, a read-only folder), the file is as it was and the
/// temporary file is gone. A symbolic link stays a link: its target is rewritten. Only a regular
/// file is replaced (a device or a FIFO is never renamed over).
enum AtomicWrite {
    /// Nil on success, else why it failed.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? { bytes.withUnsafeBytes { replace(path, with: $0) } }

    static func replace(_ path: String, with bytes: UnsafeRawBufferPointer) -> String? {
        guard let resolved = realpath(path, nil) else { return reason(errno) }
        let target = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(target, &info) == 0 else { return reason(errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return "not a regular file (\(ProjectFiles.FileError.kind(of: info.st_mode)))"
        }
        return write(bytes, to: target, mode: info.st_mode & 0o7777, owner: (info.st_uid, info.st_gid))
    }

    /// Writes `bytes` to `path`, which does not exist: the new file (mode 0666 less the umask)
    /// appears whole or not at all.
    static func create(_ path: String, with bytes: UnsafeRawBufferPointer) -> String? {
        let mask = umask(0)
        umask(mask)
        return write(bytes, to: path, mode: 0o666 & ~mask, owner: nil)
    }

    /// The temporary file, flushed, then renamed to `target`.
    /// Writes all of `bytes` to `fd`, again after an interrupted call: nil when all are written,
    /// else the error (`zero` when the system wrote nothing: a full disk, for a file). The one
    /// write loop of the files a run writes (`OutputFile`, `AtomicWrite`, `ReportFolder`).
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, zero: Int32 = ENOSPC) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return n < 0 ? errno : zero }
            done += n
        }
        return nil
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to target: String, mode: mode_t, owner: (uid_t, gid_t)?) -> String? {
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array(((slash == nil ? "" : folder + "/") + "." + name + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return reason(errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        func fail(_ e: Int32) -> String {
            close(fd)
            unlink(temporary)
            return reason(e)
        }
        if let e = writeAll(fd, bytes) { return fail(e) }
        guard fchmod(fd, mode) == 0 else { return fail(errno) }
        if let owner, geteuid() == 0, fchown(fd, owner.0, owner.1) != 0 { return fail(errno) }
        guard fsync(fd) == 0 else { return fail(errno) }
        guard close(fd) == 0 else {
            let e = errno
            unlink(temporary)
            return reason(e)
        }
        guard rename(temporary, target) == 0 else {
            let e = errno
            unlink(temporary)
            return reason(e)
        }
        // The rename itself is durable once the folder is flushed.
        let dir = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
        return nil
    }

    static func reason(_ e: Int32) -> String { FileProblem.reason(e) }
}
