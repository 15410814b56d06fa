import Foundation
import Testing

/// Issue 23: nothing lost, nothing smuggled past CI. Every case runs the binary as a user would.
@Suite struct NothingLostTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes><scene sceneID="s1"><objects><viewController id="vc1"><view key="view" id="v1"><subviews>
                <label text="Hello" id="abc-12-xyz"><rect key="frame" x="0" y="0" width="120" height="21"/></label>
            </subviews></view></viewController></objects></scene></scenes>
        </document>

        """

    static func folder(_ files: [String: String]) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    // MARK: 1. Output files

    /// `import -o` onto a device, a FIFO, a folder, the storyboard itself (by its path and by a
    /// link) or a dangling link: refused, nothing written; `-o -` is standard output.
    @Test func importNeverWritesOverADeviceOrAnInput() throws {
        let dir = try Self.folder(["Main.storyboard": Self.storyboard])
        #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.storyboard").path, withDestinationPath: "Main.storyboard")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
        let cases: [(String, String)] = [
            ("/dev/null", "not a regular file (a character device); nothing was written"),
            ("fifo", "not a regular file (a FIFO); nothing was written"),
            (".", "not a regular file (a directory); nothing was written"),
            ("Main.storyboard", "it is an input of this run; nothing was written"),
            ("link.storyboard", "it is an input of this run; nothing was written"),
            ("dangling", "a link to a file that does not exist"),
        ]
        for (target, why) in cases {
            let r = try CLI.run(["import", "Main.storyboard", "-o", target], in: dir, timeout: 30)
            #expect(r.stderr == "labelspec: cannot write '\(target)': \(why)\n", "\(target)")
            #expect(r.stdout == "")
            #expect(r.status == 2)
        }
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        #expect(try String(contentsOf: dir.appendingPathComponent("Main.storyboard"), encoding: .utf8) == Self.storyboard)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["Main.storyboard", "dangling", "fifo", "link.storyboard"])
        let out = try CLI.run(["import", "Main.storyboard", "-o", "-"], in: dir, timeout: 30)
        #expect(out.status == 0)
        #expect(out.stdout.hasPrefix("// Imported from Main.storyboard by labelspec import: 1 label.\n"))
        let file = try CLI.run(["import", "Main.storyboard", "-o", "Main.labelspec"], in: dir, timeout: 30)
        #expect(file.status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("Main.labelspec"), encoding: .utf8) == out.stdout)
        #expect(try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("Main.labelspec").path)[.posixPermissions] as? Int == 0o644 & ~Int(Self.umaskNow()))
    }

    static func umaskNow() -> mode_t {
        let m = umask(0)
        umask(m)
        return m
    }

    /// `--write-baseline` onto a device, an input of the run or a link to one: refused;
    /// `/dev/stdout` and `-` print the baseline.
    @Test func writeBaselineNeverWritesOverADeviceOrAnInput() throws {
        let dir = try Self.folder(["a.labelspec": "label A { text: \"x\"; widht: 1 }\n"])
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("null").path, withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("b.json").path, withDestinationPath: "a.labelspec")
        for (target, why) in [
            ("/dev/null", "not a regular file (a character device); nothing was written"),
            ("null", "not a regular file (a character device); nothing was written"),
            ("a.labelspec", "it is an input of this run; nothing was written"),
            ("b.json", "it is an input of this run; nothing was written"),
        ] {
            let r = try CLI.run(["check", "--write-baseline", target, "a.labelspec"], in: dir, timeout: 30)
            #expect(r.stderr == "labelspec: cannot write baseline '\(target)': \(why)\n")
            #expect(r.status == 2)
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("a.labelspec"), encoding: .utf8) == "label A { text: \"x\"; widht: 1 }\n")
        for target in ["-", "/dev/stdout"] {
            let r = try CLI.run(["check", "--write-baseline", target, "a.labelspec"], in: dir, timeout: 30)
            #expect(r.stdout.hasPrefix("{\n  \"version\": 1,\n  \"findings\": [\n"))
            #expect(r.stdout.contains("\"code\": \"unknown-property\""))
            #expect(r.stderr == "")
            #expect(r.status == 0)
        }
    }

    // MARK: 2. Safe fixes

    /// A list left open swallows the members after it: `--fix` leaves the file alone and says
    /// so; the diagnostic keeps no fix that would delete the swallowed text.
    @Test func fixLeavesAFileWithSyntaxErrorsAlone() throws {
        for open in ["minimumScaleFactor: [0.5,", "shadowOffset: (0,"] {
            let text = "label A {\n    text: \"Hello\"\n    \(open)\n    width: 100\n    numberOfLines: 2\n}\n"
            let dir = try Self.folder(["a.labelspec": text])
            let r = try CLI.run(["check", "--fix", "--format", "json", "a.labelspec"], in: dir, timeout: 30)
            #expect(r.stderr == "labelspec: 'a.labelspec' has syntax errors; not fixed (fix them first)\n")
            #expect(r.status == 1)
            #expect(try String(contentsOf: dir.appendingPathComponent("a.labelspec"), encoding: .utf8) == text)
            let unsafe = try CLI.run(["check", "--fix", "--unsafe-fixes", "a.labelspec"], in: dir, timeout: 30)
            #expect(unsafe.status == 1)
            #expect(try String(contentsOf: dir.appendingPathComponent("a.labelspec"), encoding: .utf8) == text)
        }
    }

    // MARK: 8. Size limits

    static func sparse(_ url: URL, size: UInt64) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    /// A 20 GiB file of each kind is an error on that file (before anything is read), and the
    /// rest of the run goes on; it used to abort on allocation (SIGABRT).
    @Test func filesPastTheSizeLimitAreAnErrorAndTheRunGoesOn() throws {
        let dir = try Self.folder([
            "a.labelspec": "label A { text: \"x\"; widht: 1 }\n",
            "Base.lproj/Main.storyboard": Self.storyboard,
        ])
        let huge: UInt64 = 20 << 30
        for name in ["Localizable.xcstrings", "Other.strings", "Plural.stringsdict", "big.labelspec", "Big.storyboard", "de.lproj/Main.strings"] {
            try Self.sparse(dir.appendingPathComponent(name), size: huge)
        }
        let why = "too large (20 GiB; files are read up to 256 MiB)"
        let r = try CLI.run(["check", "--format", "github", "."], in: dir, timeout: 60)
        #expect(r.stderr == """
            labelspec: cannot read 'big.labelspec': \(why)
            labelspec: cannot read 'Big.storyboard': \(why)

            """)
        #expect(r.stdout == """
            ::error file=Localizable.xcstrings,line=1,col=1,endLine=1,endColumn=1,title=invalid-catalog::cannot read the file: \(why); it is not read
            ::error file=Other.strings,line=1,col=1,endLine=1,endColumn=1,title=invalid-catalog::cannot read the file: \(why); it is not read
            ::error file=Plural.stringsdict,line=1,col=1,endLine=1,endColumn=1,title=invalid-catalog::cannot read the file: \(why); it is not read
            ::error file=de.lproj/Main.strings,line=1,col=1,endLine=1,endColumn=1,title=invalid-catalog::cannot read the file: \(why); it is not read
            ::error file=a.labelspec,line=1,col=22,endLine=1,endColumn=27,title=unknown-property::unknown property 'widht'; did you mean 'width'?

            """)
        #expect(r.status == 2)
        let stdin = try CLI.run(["check", "-"], in: dir, timeout: 60, stdin: String(repeating: " ", count: (256 << 20) + 1))
        #expect(stdin.stderr == "labelspec: cannot read standard input: too large (files are read up to 256 MiB)\n")
        #expect(stdin.status == 2)
    }
}
