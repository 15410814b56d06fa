import LabelSpecSupport
import Testing

/// Paths as text (issue 33): POSIX `dirname` and `basename`, for the paths that made `NSString`
/// trap.
@Suite struct PathTextTests {
    @Test(arguments: [
        ("x", ".", "x"), ("a/", ".", "a"), ("./x", ".", "x"), ("/", "/", "/"), (".", ".", "."), ("..", ".", ".."),
        ("", ".", "."), ("/x", "/", "x"), ("a/b", "a", "b"), ("a//b/", "a", "b"), ("//", "/", "/"), ("/a/b/c.lproj/", "/a/b", "c.lproj"),
        ("é/ü", "é", "ü"),
    ])
    func dirnameAndBasename(_ path: String, _ parent: String, _ last: String) {
        #expect(PathText.parent(path) == parent, "\(path)")
        #expect(PathText.lastComponent(path) == last, "\(path)")
    }
}
