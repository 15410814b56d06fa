import Foundation
import JSON
import Testing

@testable import LanguageServer

/// The server's own look at the disk (docs/lsp.md, "Files changed on disk").
@Suite struct FilePollingTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "labelspec-polling-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func changes(_ params: JSONValue?) -> [String] {
        (params?["changes"]?.arrayValue ?? []).map {
            "\($0["type"]?.intValue ?? 0) \($0["uri"]?.stringValue?.split(separator: "/").last ?? "")"
        }
    }

    /// More files than are looked at (10,000): one created before the others in order pushes the
    /// last one out of the list, which is no deletion (it was reported as one, and the server then
    /// forgot that file's labels and styles).
    @Test func aFileBeyondTheLimitIsNotDeleted() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for i in 0..<10_000 {
            _ = FileManager.default.createFile(
                atPath: root + "/b\(10_000 + i).labelspec", contents: Data("label L\(i) { text: \"x\" }\n".utf8))
        }
        let before = LanguageServer.stamps(under: [(root, true)])
        #expect(before.count == 10_000)
        _ = FileManager.default.createFile(atPath: root + "/a.labelspec", contents: Data("label A { text: \"x\" }\n".utf8))
        let after = LanguageServer.stamps(under: [(root, true)])
        #expect(changes(LanguageServer.changes(from: before, to: after)) == ["1 a.labelspec"])
        // A file really gone is still a deletion.
        try FileManager.default.removeItem(atPath: root + "/b10000.labelspec")
        let gone = LanguageServer.stamps(under: [(root, true)])
        #expect(changes(LanguageServer.changes(from: after, to: gone)).contains("3 b10000.labelspec"))
    }

    /// The folder deleted, or replaced by a file, while the server runs: its files are deleted;
    /// a loop of symbolic links under it ends.
    @Test func aFolderGoneOrLooped() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/w/sub", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/w/sub/x.labelspec", contents: Data("label X { text: \"x\" }\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: root + "/w/sub/loop", withDestinationPath: root + "/w")
        try FileManager.default.createSymbolicLink(atPath: root + "/w/self", withDestinationPath: root + "/w/self")
        let before = LanguageServer.stamps(under: [(root + "/w", true)])
        #expect(before.keys.map { $0.split(separator: "/").last! } == ["x.labelspec"])
        try FileManager.default.removeItem(atPath: root + "/w")
        _ = FileManager.default.createFile(atPath: root + "/w", contents: Data("not a folder".utf8))
        let after = LanguageServer.stamps(under: [(root + "/w", true)])
        #expect(after.isEmpty)
        #expect(changes(LanguageServer.changes(from: before, to: after)) == ["3 x.labelspec"])
    }

    /// A slow look (a huge folder) spaces the next ones out: at most a fifth of the time looking.
    @Test func aSlowLookWaitsLonger() {
        #expect(LanguageServer.pollDelay(interval: 2, walk: 0.01) == 2)
        #expect(LanguageServer.pollDelay(interval: 2, walk: 2.5) == 10)
        #expect(LanguageServer.pollDelay(interval: 0.3, walk: 0.1) == 0.4)
    }
}
