import Foundation
import JSON
import Testing

/// Issue 10, the file side: whatever the file system holds (link loops, FIFOs, devices, unreadable
/// files), a run ends, reports each file once and says what it skipped.
@Suite struct FileSafetyTests {
    static func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }

    @Test func linkToParentFolderReportsEachFileOnce() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.write("label A { text: \"x\"; widht: 1 }\n", to: dir.appendingPathComponent("a.labelspec"))
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sub.appendingPathComponent("up").path, withDestinationPath: "..")
        let result = try CLI.run(["check", "--format", "github", dir.path], timeout: 60)
        #expect(
            result.stdout
                == "::error file=\(dir.path)/a.labelspec,line=1,col=22,endLine=1,endColumn=27,title=unknown-property::unknown property 'widht'; did you mean 'width'?\n"
                + CLI.standInNotice
        )
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func linkLoopsEndAndDanglingLinksAreSkipped() throws {
        let dir = try CLI.temporaryDirectory()
        let x = dir.appendingPathComponent("x")
        try FileManager.default.createDirectory(at: x, withIntermediateDirectories: true)
        try Self.write("label L { text: \"y\" }\n", to: x.appendingPathComponent("l.labelspec"))
        let fm = FileManager.default
        // Every folder reachable from every other: without a cycle check the walk is exponential.
        for (name, target) in [("up", ".."), ("self", "../x"), ("again", ".")] {
            try fm.createSymbolicLink(atPath: x.appendingPathComponent(name).path, withDestinationPath: target)
        }
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("l1").path, withDestinationPath: "l2")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("l2").path, withDestinationPath: "l1")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("dangling.labelspec").path, withDestinationPath: "nowhere")
        // The same file by a second name is checked once, under the first name in walk order.
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("same.labelspec").path, withDestinationPath: "x/l.labelspec")
        let result = try CLI.run(["check", dir.path], timeout: 30)
        #expect(result.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// A folder whose path is longer than the system takes (PATH_MAX) cannot be looked into by
    /// its path: it used to be skipped without a word ("no .labelspec files", exit 0).
    @Test func aFolderPastPathMaxIsReportedNotSkipped() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.write("label A { text: \"x\" }\n", to: dir.appendingPathComponent("a.labelspec"))
        // Made a level at a time from a descriptor of the level above: no path is that long.
        let name = String(repeating: "n", count: 250)
        var fd = open(dir.path, O_RDONLY | O_DIRECTORY)
        var depth = 0
        var path = dir.path
        while path.utf8.count <= Int(PATH_MAX) {
            #expect(mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            path += "/" + name
            depth += 1
        }
        let file = FileHandle(fileDescriptor: openat(fd, "deep.labelspec", O_WRONLY | O_CREAT, 0o644), closeOnDealloc: true)
        file.write(Data("label B { text: \"y\"; widht: 1 }\n".utf8))
        try file.close()
        close(fd)
        let check = try CLI.run(["check", dir.path], timeout: 60)
        let shallow = dir.path + String(repeating: "/" + name, count: depth)
        #expect(check.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
        #expect(check.stderr == "labelspec: cannot read '\(shallow)': file name too long\n")
        #expect(check.status == 2)
    }

    @Test func fifoNamedLabelspecIsReportedAndTheRestChecked() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.write("label A { text: \"x\"; widht: 1 }\n", to: dir.appendingPathComponent("a.labelspec"))
        #expect(mkfifo(dir.appendingPathComponent("b.labelspec").path, 0o644) == 0)
        let check = try CLI.run(["check", "--format", "github", dir.path], timeout: 30)
        #expect(
            check.stdout
                == "::error file=\(dir.path)/a.labelspec,line=1,col=22,endLine=1,endColumn=27,title=unknown-property::unknown property 'widht'; did you mean 'width'?\n"
                + CLI.standInNotice
        )
        #expect(check.stderr == "labelspec: cannot read '\(dir.path)/b.labelspec': not a regular file (a FIFO)\n")
        #expect(check.status == 2)
        let measure = try CLI.run(
            ["measure", "--format", "json", "--content-size", "large", "--screen", "iPhone 16", dir.path], timeout: 30)
        #expect(measure.stderr == "labelspec: cannot read '\(dir.path)/b.labelspec': not a regular file (a FIFO)\n")
        #expect(try JSONValue.parse(measure.stdout).arrayValue?.count == 1)
        #expect(measure.status == 2)
    }

    @Test func unusableSystemFontIsAConfigurationError() throws {
        for kind in ["fifo", "directory", "junk"] {
            let dir = try CLI.temporaryDirectory()
            try Self.write("label A { text: \"x\" }\n", to: dir.appendingPathComponent("a.labelspec"))
            try Self.write(#"{ "systemFont": "font.otf" }"#, to: dir.appendingPathComponent("labelspec.json"))
            let font = dir.appendingPathComponent("font.otf")
            let why: String
            switch kind {
            case "fifo":
                #expect(mkfifo(font.path, 0o644) == 0)
                why = "not a regular file (a FIFO)"
            case "directory":
                try FileManager.default.createDirectory(at: font, withIntermediateDirectories: true)
                why = "not a regular file (a directory)"
            default:
                try Self.write("not a font", to: font)
                why = "not a font file"
            }
            // A diagnostic in labelspec.json, at the key; the rest is checked with the default font.
            let expected =
                "\(dir.path)/labelspec.json:1:3: error: systemFont: cannot use the font file 'font.otf': \(why); "
                + "the default system font is used [invalid-configuration]\n"
            let check = try CLI.run(["check", dir.path], timeout: 30)
            #expect(check.stdout.hasPrefix(expected), "\(kind): \(check.stdout)")
            #expect(check.stdout.hasSuffix("Checked 1 file: 1 error, 0 warnings\n" + CLI.standIn), "\(kind)")
            #expect(check.stderr == "", "\(kind)")
            #expect(check.status == 2, "\(kind)")
            let measure = try CLI.run(
                ["measure", "--format", "json", "--content-size", "large", "--screen", "iPhone 16", dir.path], timeout: 30)
            #expect(measure.stderr == expected, "\(kind)")
            #expect(try JSONValue.parse(measure.stdout).arrayValue?.count == 1, "\(kind)")
            #expect(measure.status == 2, "\(kind)")
        }
    }

    @Test func fifoConfigurationAndCatalogDoNotHang() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.write("label A { text: \"x\" }\n", to: dir.appendingPathComponent("a.labelspec"))
        #expect(mkfifo(dir.appendingPathComponent("labelspec.json").path, 0o644) == 0)
        let config = try CLI.run(["check", dir.path], timeout: 30)
        #expect(
            config.stdout.hasPrefix(
                "\(dir.path)/labelspec.json:1:1: error: cannot read labelspec.json: not a regular file (a FIFO) [invalid-configuration]\n"))
        #expect(config.stderr == "")
        #expect(config.status == 2)

        let other = try CLI.temporaryDirectory()
        try Self.write("label A { text: \"x\" }\n", to: other.appendingPathComponent("a.labelspec"))
        try Self.write("{}", to: other.appendingPathComponent("labelspec.json"))
        #expect(mkfifo(other.appendingPathComponent("x.xcstrings").path, 0o644) == 0)
        let catalog = try CLI.run(["check", other.path], timeout: 30)
        // Said on the catalog, like any other catalog that cannot be read; the rest is checked.
        #expect(
            catalog.stdout
                == "\(other.path)/x.xcstrings:1:1: error: cannot read the file: not a regular file (a FIFO); it is not read [invalid-catalog]\nChecked 1 file: 1 error, 0 warnings\n"
                + CLI.standIn
        )
        #expect(catalog.status == 1)
    }

    @Test func folderWithoutLabelspecFilesIsNoted() throws {
        let dir = try CLI.temporaryDirectory()
        let result = try CLI.run(["check", dir.path])
        #expect(result.stdout == "Checked 0 files: 0 errors, 0 warnings\n")
        #expect(result.stderr == "labelspec: no .labelspec, .storyboard, .xib or .swift files in '\(dir.path)'\n")
        #expect(result.status == 0)
    }
}
