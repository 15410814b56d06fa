#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a path that cannot be read is described in messages, shared by the font loader and the
/// workspace's file reads (`ProjectFiles.readFile`), so both say the same thing.
public enum FileProblem {
    /// `strerror` with a lower-case first letter (`no such file or directory`).
    public static func reason(_ e: Int32) -> String {
        let text = String(cString: strerror(e))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// What a file that is not a regular file is (`a directory`, `a FIFO`, …); nil for a regular
    /// file or a type without a name here.
    public static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return nil
        }
    }
}
