import Foundation
import LabelMeasure
import LabelSpecIDE
import LabelSpecSupport
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
        #expect(
            names(ProjectFiles.files(under: root.path, recursive: true)) == ["a.labelspec", "sub/b.labelspec", "sub/deeper/c.labelspec"])
        #expect(names(ProjectFiles.files(under: root.path, recursive: false)) == ["a.labelspec"])
        #expect(names(ProjectFiles.files(under: root.path + "/nested", recursive: true)).isEmpty == false)
        #expect(ProjectFiles.files(under: root.path, recursive: true, limit: 2).count == 2)
        // An editor's folder: nested workspaces too, hidden folders and node_modules still not.
        #expect(
            names(ProjectFiles.files(under: root.path, recursive: true, nestedWorkspaces: true))
                == ["a.labelspec", "nested/n.labelspec", "sub/b.labelspec", "sub/deeper/c.labelspec"])
        #expect(ProjectFiles.root(of: root.path + "/nested/n.labelspec") == (root.path + "/nested", true))
        #expect(ProjectFiles.root(of: root.path + "/sub/deeper/c.labelspec") == (root.path, true))
    }

    @Test func filesAreReadWhole() throws {
        let root = try tree([])
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("big.labelspec")
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try Data(bytes).write(to: file)
        #expect(ProjectFiles.read(file.path) == bytes)
        #expect(ProjectFiles.read(root.path) == nil)  // a folder
        #expect(ProjectFiles.read(root.path + "/missing") == nil)
    }

    /// The walk the server indexes with (issue 10): links followed, each real folder once.
    @Test func linkLoopsEndAndEachFileIsListedOnce() throws {
        let root = try tree(["labelspec.json", "a.labelspec", "sub/b.labelspec"])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root.path + "/sub/up", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: root.path + "/sub/again", withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: root.path + "/loop1", withDestinationPath: "loop2")
        try fm.createSymbolicLink(atPath: root.path + "/loop2", withDestinationPath: "loop1")
        try fm.createSymbolicLink(atPath: root.path + "/dangling.labelspec", withDestinationPath: "nowhere.labelspec")
        try fm.createSymbolicLink(atPath: root.path + "/z.labelspec", withDestinationPath: "a.labelspec")
        let names = { (paths: [String]) in paths.map { String($0.dropFirst(root.path.count + 1)) } }
        #expect(names(ProjectFiles.files(under: root.path, recursive: true)) == ["a.labelspec", "sub/b.labelspec"])
        #expect(names(ProjectFiles.files(under: root.path, recursive: true, nestedWorkspaces: true)) == ["a.labelspec", "sub/b.labelspec"])
        #expect(
            names(ProjectFiles.files(under: root.path + "/sub", recursive: true, nestedWorkspaces: true).map { $0 })
                == ["sub/b.labelspec", "sub/up/a.labelspec"])
    }

    /// Only regular files are read; anything else says what it is, without blocking.
    @Test func fifoIsNotReadAndSaysWhy() throws {
        let root = try tree(["a.labelspec"])
        let fifo = root.path + "/f.labelspec"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(ProjectFiles.readFile(fifo) == .failure(.notRegular("a FIFO")))
        #expect(ProjectFiles.readFile(fifo).failureDescription == "not a regular file (a FIFO)")
        #expect(ProjectFiles.readFile(root.path).failureDescription == "not a regular file (a directory)")
        #expect(ProjectFiles.readFile("/dev/null").failureDescription == "not a regular file (a character device)")
        #expect(ProjectFiles.readFile(root.path + "/missing").failureDescription == "no such file or directory")
        #expect(ProjectFiles.read(fifo) == nil)
    }

    /// A FIFO, a folder or a text file as the system font: `validate` says why; HarfBuzz never sees it.
    @Test func fontValidationNamesTheProblem() throws {
        let root = try tree(["notafont.otf"])
        #expect(mkfifo(root.path + "/fifo.otf", 0o644) == 0)
        #expect(FontFace.validate(path: root.path + "/fifo.otf") == "not a regular file (a FIFO)")
        #expect(FontFace(path: root.path + "/fifo.otf") == nil)
        #expect(FontFace.validate(path: root.path) == "not a regular file (a directory)")
        #expect(FontFace.validate(path: root.path + "/notafont.otf") == "not a font file")
        #expect(FontFace.validate(path: root.path + "/missing.otf") == "no such file or directory")
        #expect(FontFace.validate(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf") == nil)
    }
}

extension Result where Failure == ProjectFiles.FileError {
    var failureDescription: String? {
        if case .failure(let e) = self { return e.description }
        return nil
    }
}
