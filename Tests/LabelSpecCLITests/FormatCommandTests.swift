import Foundation
import Testing

@Suite struct FormatCommandTests {
    @Test func formatsInPlaceAndCheckReportsNothingAfterwards() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("a.labelspec")
        try Data("style S{font:.body;width:10}\nlabel L : S { text:\"x\" }".utf8).write(to: file)
        #expect(try CLI.run(["format", "--check", file.path]).status == 1)
        #expect(try CLI.run(["format", file.path]).status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == "style S {\n    font: .body\n    width: 10\n}\n\nlabel L: S {\n    text: \"x\"\n}\n")
        #expect(try CLI.run(["format", "--check", file.path]).status == 0)
    }

    @Test func refusesFilesWithSyntaxErrors() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("a.labelspec")
        let original = "label L { text \"x\" }"
        try Data(original.utf8).write(to: file)
        let result = try CLI.run(["format", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("has syntax errors"))
        #expect(try String(contentsOf: file, encoding: .utf8) == original)
    }

    @Test func diffShowsTheChange() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("a.labelspec")
        try Data("label L { text: \"x\" }\n".utf8).write(to: file)
        let result = try CLI.run(["format", "--diff", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("-label L { text: \"x\" }\n"))
        #expect(result.stdout.contains("+    text: \"x\"\n"))
    }

    /// The diff is one `patch` applies as it is (no fuzz, no offset): the file becomes the
    /// formatted one, with or without a line feed at its end.
    @Test func diffAppliesWithPatch() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else { return }
        for original in [
            "label L {   text: \"x\" }\n", "label L {   text: \"x\" }", "// a\nlabel A { text: \"a\" }\n\n\nlabel B {\n  text: \"b\"\n}",
        ] {
            let dir = try CLI.temporaryDirectory()
            let file = dir.appendingPathComponent("a.labelspec")
            try Data(original.utf8).write(to: file)
            let diff = try CLI.run(["format", "--diff", file.path])
            #expect(diff.status == 1)
            let formatted = try CLI.run(["format", "-"], stdin: original).stdout
            let patch = try CLI.run(["--quiet", "--fuzz=0", file.path], stdin: diff.stdout, executable: "/usr/bin/patch")
            #expect(patch.status == 0, "\(patch.stdout)\(patch.stderr)")
            #expect(patch.stdout == "" && patch.stderr == "")
            #expect(try String(contentsOf: file, encoding: .utf8) == formatted)
        }
    }

    @Test func shippedExamplesAreFormatted() throws {
        let result = try CLI.run(["format", "--check", "Examples/DesignSystem", "Examples/Mistakes.labelspec"])
        // Mistakes has syntax errors on purpose: it is refused, the design system is canonical.
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "labelspec: 'Examples/Mistakes.labelspec' has syntax errors; not formatted (see labelspec check Examples/Mistakes.labelspec)\n"
        )
    }
}

/// `format` writes a file all at once or not at all (issue 10).
@Suite struct FormatWriteTests {
    /// 5,000 one-line labels: formatted, the file more than doubles.
    static let compact = (0..<5_000).map { "label L\($0){text:\"x\";width:10}\n" }.joined()

    @Test func fullDiskLeavesTheFileAsItWas() throws {
        let dir = try CLI.temporaryDirectory()
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=200k", "tmpfs", dir.path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil,
            ({
                mount.waitUntilExit(); return mount.terminationStatus == 0
            })()
        else {
            print("skipped fullDiskLeavesTheFileAsItWas: cannot mount a 200 KB tmpfs here (needs root)")
            return
        }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [dir.path]
            try? umount.run()
            umount.waitUntilExit()
        }
        let file = dir.appendingPathComponent("a.labelspec")
        try Data(Self.compact.utf8).write(to: file)
        let result = try CLI.run(["format", file.path])
        #expect(result.stderr == "labelspec: cannot write '\(file.path)': no space left on device; the file is unchanged\n")
        #expect(result.status == 2)
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.compact)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.labelspec"])
    }

    @Test func linkStaysALinkAndItsTargetIsFormatted() throws {
        let dir = try CLI.temporaryDirectory()
        let real = dir.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try Data("label L { text: \"x\" }\n".utf8).write(to: real.appendingPathComponent("target.labelspec"))
        let link = dir.appendingPathComponent("link.labelspec")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/target.labelspec")
        let result = try CLI.run(["format", link.path])
        #expect(result.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/target.labelspec")
        #expect(
            try String(contentsOf: real.appendingPathComponent("target.labelspec"), encoding: .utf8) == "label L {\n    text: \"x\"\n}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["target.labelspec"])
    }

    @Test func modeAndOwnerAreKept() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("a.labelspec")
        try Data("label L { text: \"x\" }\n".utf8).write(to: file)
        #expect(chmod(file.path, 0o640) == 0)
        let root = geteuid() == 0
        if root { #expect(chown(file.path, 1234, 5678) == 0) }
        #expect(try CLI.run(["format", file.path]).status == 0)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)
        if root {
            #expect(info.st_uid == 1234)
            #expect(info.st_gid == 5678)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "label L {\n    text: \"x\"\n}\n")
    }
}
