import Foundation
import Testing

/// `labelspec import PATHS... --out DIR` and the `// labelspec:source` line of an imported spec
/// (issue 35, point 9; docs/interface-builder.md#labelspec-import).
@Suite struct ImportFoldersTests {
    /// A storyboard of one label with a body text style in `HomeViewController`.
    static func storyboard(_ text: String = "Hello") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
        <scenes><scene sceneID="s1"><objects><viewController id="v1" customClass="HomeViewController"><view key="view" id="r1"><rect key="frame" x="0.0" y="0.0" width="393" height="852"/><subviews>
        <label id="aB1-cD-eF2" text="\(text)" numberOfLines="0" lineBreakMode="wordWrap" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO"><rect key="frame" x="0.0" y="0.0" width="200" height="21"/><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
        </subviews></view></viewController></objects></scene></scenes></document>

        """
    }

    static func spec(source: String, name: String = "Main.storyboard", text: String = "Hello") -> String {
        """
        // Imported from \(name) by labelspec import: 1 label.
        // labelspec:source \(source)

        // \(name):4:1: <label id="aB1-cD-eF2">
        label HomeBody {
            text: "\(text)"
            font: .body
            // width: its frame: it has no constraints, and Xcode fixes its frame at build time
            width: 200
            numberOfLines: 0
            lineBreakMode: .byWordWrapping
        }

        """
    }

    static func read(_ dir: URL, _ path: String) -> String? {
        (try? Data(contentsOf: dir.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }

    static func files(_ dir: URL, under: String) -> [String] {
        let root = dir.appendingPathComponent(under).path
        return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDir) && !isDir.boolValue
        }.sorted()
    }

    /// Every storyboard and xib of a folder, each at its path below the folder, with its source;
    /// a second run writes nothing (the texts are the same) and says so.
    @Test func importsAFolderIntoOut() throws {
        let dir = try CLI.folder([
            "App/Base.lproj/Main.storyboard": Self.storyboard(), "App/Cells/Cell.xib": Self.storyboard("Cell"),
            "App/Notes.labelspec": "label A { text: \"a\" }\n",
        ])
        let first = try CLI.run(["import", "App", "--out", "Specs"], in: dir, timeout: 60)
        #expect(first.stdout == "")
        #expect(first.stderr == "labelspec: imported 2 files, 2 labels, into 'Specs': 2 written, 0 unchanged\n")
        #expect(first.status == 0)
        #expect(Self.files(dir, under: "Specs") == ["Base.lproj/Main.labelspec", "Cells/Cell.labelspec"])
        #expect(Self.read(dir, "Specs/Base.lproj/Main.labelspec") == Self.spec(source: "../../App/Base.lproj/Main.storyboard"))
        #expect(
            Self.read(dir, "Specs/Cells/Cell.labelspec")
                == Self.spec(source: "../../App/Cells/Cell.xib", name: "Cell.xib", text: "Cell"))
        let main = dir.appendingPathComponent("Specs/Base.lproj/Main.labelspec").path
        let before = try FileManager.default.attributesOfItem(atPath: main)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        try Data(Self.storyboard("Changed").utf8).write(to: dir.appendingPathComponent("App/Cells/Cell.xib"))
        let second = try CLI.run(["import", "App/", "--out", "Specs/"], in: dir, timeout: 60)
        #expect(second.stderr == "labelspec: imported 2 files, 2 labels, into 'Specs/': 1 written, 1 unchanged\n")
        #expect(second.status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: main)[.modificationDate] as? Date == before)
        #expect(
            Self.read(dir, "Specs/Cells/Cell.labelspec")
                == Self.spec(source: "../../App/Cells/Cell.xib", name: "Cell.xib", text: "Changed"))
        // The imports check as the storyboards do.
        let check = try CLI.run(["check", "Specs"], in: dir, timeout: 60)
        #expect(check.stdout == "Checked 2 files: 0 errors, 0 warnings\n" + CLI.standIn)
        #expect(check.status == 0)
    }

    /// Files named one by one mirror their paths below their common folder.
    @Test func importsFilesRelativeToTheirCommonFolder() throws {
        let dir = try CLI.folder(["A/Base.lproj/Main.storyboard": Self.storyboard(), "B/Other.xib": Self.storyboard()])
        let r = try CLI.run(["import", "A/Base.lproj/Main.storyboard", "B/Other.xib", "--out", "Out"], in: dir, timeout: 60)
        #expect(r.stderr == "labelspec: imported 2 files, 2 labels, into 'Out': 2 written, 0 unchanged\n")
        #expect(r.status == 0)
        #expect(Self.files(dir, under: "Out") == ["A/Base.lproj/Main.labelspec", "B/Other.labelspec"])
        #expect(Self.read(dir, "Out/B/Other.labelspec") == Self.spec(source: "../../B/Other.xib", name: "Other.xib"))
    }

    /// `-o FILE` records the source from the file's folder; standard output records none (where
    /// the text goes is not known).
    @Test func oneFileRecordsItsSource() throws {
        let dir = try CLI.folder(["App/Base.lproj/Main.storyboard": Self.storyboard()])
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        let r = try CLI.run(["import", "App/Base.lproj/Main.storyboard", "-o", "Specs/Main.labelspec"], in: dir, timeout: 60)
        #expect(r.stderr == "")
        #expect(r.status == 0)
        #expect(Self.read(dir, "Specs/Main.labelspec") == Self.spec(source: "../App/Base.lproj/Main.storyboard"))
        let out = try CLI.run(["import", "App/Base.lproj/Main.storyboard"], in: dir, timeout: 60)
        #expect(out.stdout == Self.spec(source: "").replacingOccurrences(of: "// labelspec:source \n", with: ""))
        #expect(out.status == 0)
    }

    /// A folder or several files without `--out` is a usage error naming it; `-o` and `--out`
    /// together too.
    @Test func severalInputsNeedOut() throws {
        let dir = try CLI.folder(["App/A.storyboard": Self.storyboard(), "App/B.xib": Self.storyboard()])
        for args in [["import", "App"], ["import", "App/A.storyboard", "App/B.xib"], ["import", "App", "-o", "x.labelspec"]] {
            let r = try CLI.run(args, in: dir, timeout: 60)
            #expect(r.stdout == "")
            #expect(r.stderr == "labelspec: importing several files or a folder needs --out DIR (-o writes one file)\n")
            #expect(r.status == 2)
        }
        let both = try CLI.run(["import", "App", "-o", "x", "--out", "y"], in: dir, timeout: 60)
        #expect(both.stderr.hasPrefix("Error: -o FILE and --out DIR cannot be used together\n"))
        #expect(both.status == 2)
        #expect(Self.files(dir, under: ".") == ["App/A.storyboard", "App/B.xib"])
    }

    /// Inputs that hurt: a FIFO named like a storyboard (said, never opened for reading; the
    /// others written), a loop of links (walked once), `--out` a file (nothing written), two
    /// inputs of one output (nothing written), `--out` inside the folder imported (its specs are
    /// not inputs: a second run leaves them as they are).
    @Test func hostileInputs() throws {
        let dir = try CLI.folder(["App/Base.lproj/Main.storyboard": Self.storyboard(), "afile": "keep\n"])
        #expect(mkfifo(dir.appendingPathComponent("App/Pipe.storyboard").path, 0o644) == 0)
        #expect(symlink("..", dir.appendingPathComponent("App/Base.lproj/loop").path) == 0)
        let fifo = try CLI.run(["import", "App", "--out", "Specs"], in: dir, timeout: 60)
        #expect(
            fifo.stderr == """
                labelspec: cannot read 'App/Pipe.storyboard': not a regular file (a FIFO)
                labelspec: imported 1 file, 1 label, into 'Specs': 1 written, 0 unchanged

                """)
        #expect(fifo.status == 2)
        #expect(Self.files(dir, under: "Specs") == ["Base.lproj/Main.labelspec"])
        try FileManager.default.removeItem(at: dir.appendingPathComponent("App/Pipe.storyboard"))

        let file = try CLI.run(["import", "App", "--out", "afile"], in: dir, timeout: 60)
        #expect(file.stderr == "labelspec: cannot write into 'afile': not a folder (a regular file); nothing was written\n")
        #expect(file.status == 2)
        #expect(Self.read(dir, "afile") == "keep\n")

        try Data(Self.storyboard().utf8).write(to: dir.appendingPathComponent("App/Base.lproj/Main.xib"))
        let clash = try CLI.run(["import", "App", "--out", "Clash"], in: dir, timeout: 60)
        #expect(
            clash.stderr == """
                labelspec: 'App/Base.lproj/Main.storyboard' and 'App/Base.lproj/Main.xib' would both be written to 'Clash/Base.lproj/Main.labelspec'
                labelspec: nothing was written: rename one of each pair, or import them into different folders

                """)
        #expect(clash.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Clash").path))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("App/Base.lproj/Main.xib"))

        // A file named is imported whatever its name: one that is not Interface Builder's is
        // said as `import FILE` says it, the others are written, and the status is 1.
        try Data("hello\n".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let notes = try CLI.run(["import", "notes.txt", "App/Base.lproj/Main.storyboard", "--out", "Notes"], in: dir, timeout: 60)
        #expect(
            notes.stderr == """
                notes.txt:1:1: error: Start tag expected, '<' not found [invalid-interface-builder]
                    hello
                    ^
                labelspec: imported 1 file, 1 label, into 'Notes': 1 written, 0 unchanged

                """)
        #expect(notes.status == 1)
        #expect(Self.files(dir, under: "Notes") == ["App/Base.lproj/Main.labelspec"])

        for (run, written) in [(1, 1), (2, 0)] {
            let inside = try CLI.run(["import", "App", "--out", "App/Specs"], in: dir, timeout: 60)
            #expect(
                inside.stderr
                    == "labelspec: imported 1 file, 1 label, into 'App/Specs': \(written) written, \(1 - written) unchanged\n",
                "run \(run)")
            #expect(inside.status == 0)
        }
        #expect(Self.read(dir, "App/Specs/Base.lproj/Main.labelspec") == Self.spec(source: "../../Base.lproj/Main.storyboard"))
    }

    /// A workspace holding a storyboard and a spec imported from it checks each label once, the
    /// spec's (the file edited after the import: here its text is longer and truncates), and
    /// says the storyboard is left out; named alone, the storyboard is checked.
    @Test func aStoryboardAndItsImportAreCheckedOnce() throws {
        let edited = Self.spec(source: "../../App/Base.lproj/Main.storyboard").replacingOccurrences(
            of: "text: \"Hello\"", with: "text: \"Hello, and welcome to a screen whose words are many\""
        )
        .replacingOccurrences(of: "numberOfLines: 0", with: "numberOfLines: 1")
        let dir = try CLI.folder([
            "App/Base.lproj/Main.storyboard": Self.storyboard(), "Specs/Base.lproj/Main.labelspec": edited,
            "App/Other.xib": Self.storyboard(),
        ])
        let r = try CLI.run(["check", "."], in: dir, timeout: 60)
        #expect(
            r.stdout == """
                Specs/Base.lproj/Main.labelspec:5:7: warning: clipped at .large: shows "Hello, and welcome to a" (200 pt: width 200; and at 1 larger size) [clipped]
                    label HomeBody {
                          ^~~~~~~~
                Checked 2 files: 0 errors, 1 warning

                """ + CLI.standIn)
        #expect(
            r.stderr == """
                labelspec: 'App/Base.lproj/Main.storyboard' is left out: 'Specs/Base.lproj/Main.labelspec', imported from it (its labelspec:source line), stands for it

                """)
        #expect(r.status == 0)
        // `--quiet`: the findings alone.
        let quiet = try CLI.run(["check", "--quiet", "--format", "github", "."], in: dir, timeout: 60)
        #expect(
            quiet.stdout == """
                ::warning file=Specs/Base.lproj/Main.labelspec,line=5,col=7,endLine=5,endColumn=15,title=clipped::clipped at .large: shows "Hello, and welcome to a" (200 pt: width 200; and at 1 larger size)

                """ + CLI.standInNotice)
        #expect(quiet.stderr == "")
        let alone = try CLI.run(["check", "App/Base.lproj/Main.storyboard"], in: dir, timeout: 60)
        #expect(alone.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
        #expect(alone.stderr == "")
    }
}
