import Foundation
import LabelSpecIDE
import Testing

/// Which files make up a workspace: the one function `check` and the server both use.
@Suite struct WorkspaceFilesTests {
    func tree(_ files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ws-files-\(UUID().uuidString)")
        for f in files {
            let url = root.appendingPathComponent(f)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
        return root
    }

    @Test func aWorkspaceStopsAtNestedConfigurationsAndSkipsHiddenFolders() throws {
        let root = try tree([
            "labelspec.json", "a.labelspec", "sub/b.labelspec", "sub/deeper/c.labelspec", "nested/labelspec.json",
            "nested/n.labelspec", ".hidden/h.labelspec", "node_modules/m.labelspec", "notes.txt",
        ])
        let names = { (paths: [String]) in paths.map { String($0.dropFirst(root.path.count + 1)) } }
        #expect(names(WorkspaceFiles.files(under: root.path, recursive: true)) == ["a.labelspec", "sub/b.labelspec", "sub/deeper/c.labelspec"])
        #expect(names(WorkspaceFiles.files(under: root.path, recursive: false)) == ["a.labelspec"])
        #expect(names(WorkspaceFiles.files(under: root.path + "/nested", recursive: true)).isEmpty == false)
        #expect(WorkspaceFiles.files(under: root.path, recursive: true, limit: 2).count == 2)
        // An editor's folder: nested workspaces too, hidden folders and node_modules still not.
        #expect(names(WorkspaceFiles.files(under: root.path, recursive: true, nestedWorkspaces: true))
            == ["a.labelspec", "nested/n.labelspec", "sub/b.labelspec", "sub/deeper/c.labelspec"])
        #expect(WorkspaceFiles.root(of: root.path + "/nested/n.labelspec") == (root.path + "/nested", true))
        #expect(WorkspaceFiles.root(of: root.path + "/sub/deeper/c.labelspec") == (root.path, true))
    }

    @Test func filesAreReadWhole() throws {
        let root = try tree([])
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("big.labelspec")
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try Data(bytes).write(to: file)
        #expect(WorkspaceFiles.read(file.path) == bytes)
        #expect(WorkspaceFiles.read(root.path) == nil)  // a folder
        #expect(WorkspaceFiles.read(root.path + "/missing") == nil)
    }
}
