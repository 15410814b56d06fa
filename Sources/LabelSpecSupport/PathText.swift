/// Paths as text, computed here rather than with `NSString`'s path methods: on Linux,
/// swift-corelibs-foundation traps on a one-character path (`("x" as NSString)
/// .deletingLastPathComponent` ends the process with SIGILL), and a user's `labelspec check x`
/// must not. These follow POSIX `dirname` and `basename`.
public enum PathText {
    /// The folder part of `path`, as POSIX `dirname`: `"a/b"` → `"a"`, `"x"` → `"."`,
    /// `"a/"` → `"."`, `"/x"` → `"/"`, `"/"` → `"/"`, `"."` and `".."` → `"."`, `"a//b/"` → `"a"`.
    public static func parent(_ path: String) -> String {
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty else { return "." }
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        if bytes == [UInt8(ascii: "/")] { return "/" }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last part of `path`, as POSIX `basename`: `"a/b/"` → `"b"`, `"/"` → `"/"`, `""` → `"."`.
    public static func lastComponent(_ path: String) -> String {
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty else { return "." }
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        if bytes == [UInt8(ascii: "/")] { return "/" }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }
}
