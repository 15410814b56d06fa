import Foundation
import JSON
import TestSupport
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

    static func folder(_ files: [String: String]) throws -> URL { try CLI.folder(files) }

    // MARK: 1. Output files

    /// `import -o` onto a device, a FIFO, a folder, the storyboard itself (by its path and by a
    /// link) or a dangling link: refused, nothing written; `-o -` is standard output.
    @Test func importNeverWritesOverADeviceOrAnInput() throws {
        let dir = try Self.folder(["Main.storyboard": Self.storyboard])
        #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.storyboard").path, withDestinationPath: "Main.storyboard")
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
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                "Main.storyboard", "dangling", "fifo", "link.storyboard",
            ])
        let out = try CLI.run(["import", "Main.storyboard", "-o", "-"], in: dir, timeout: 30)
        #expect(out.status == 0)
        #expect(out.stdout.hasPrefix("// Imported from Main.storyboard by labelspec import: 1 label.\n"))
        let file = try CLI.run(["import", "Main.storyboard", "-o", "Main.labelspec"], in: dir, timeout: 30)
        #expect(file.status == 0)
        // The same text, with the file it was imported from on its second line.
        let (header, rest) = (out.stdout.prefix { $0 != "\n" }, out.stdout.drop { $0 != "\n" })
        #expect(
            try String(contentsOf: dir.appendingPathComponent("Main.labelspec"), encoding: .utf8)
                == header + "\n// labelspec:source Main.storyboard" + rest)
        #expect(
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("Main.labelspec").path)[.posixPermissions] as? Int
                == 0o644 & ~Int(Self.umaskNow()))
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
            #expect(r.stdout.hasPrefix("{\n  \"version\": 2,\n  \"findings\": [\n"))
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
        for name in [
            "Localizable.xcstrings", "Other.strings", "Plural.stringsdict", "big.labelspec", "Big.storyboard", "de.lproj/Main.strings",
        ] {
            try Self.sparse(dir.appendingPathComponent(name), size: huge)
        }
        let why = "too large (20 GiB; files are read up to 256 MiB)"
        let r = try CLI.run(["check", "--format", "github", "."], in: dir, timeout: 60)
        #expect(
            r.stderr == """
                labelspec: cannot read 'big.labelspec': \(why)
                labelspec: cannot read 'Big.storyboard': \(why)

                """)
        #expect(
            r.stdout == """
                ::error file=Localizable.xcstrings,line=1,col=1,endLine=1,endColumn=1,title=invalid-catalog::cannot read the file: \(why); it is not read
                ::error file=Other.strings,line=1,col=1,endLine=1,endColumn=1,title=invalid-catalog::cannot read the file: \(why); it is not read
                ::error file=Plural.stringsdict,line=1,col=1,endLine=1,endColumn=1,title=invalid-catalog::cannot read the file: \(why); it is not read
                ::error file=de.lproj/Main.strings,line=1,col=1,endLine=1,endColumn=1,title=invalid-catalog::cannot read the file: \(why); it is not read
                ::error file=a.labelspec,line=1,col=22,endLine=1,endColumn=27,title=unknown-property::unknown property 'widht'; did you mean 'width'?

                """ + CLI.standInNotice)
        #expect(r.status == 2)
        // From a file (a pipe the binary stops reading would end this process with SIGPIPE).
        try Self.sparse(dir.appendingPathComponent("stdin.txt"), size: (256 << 20) + 1)
        let stdin = try CLI.run(["-c", "exec \"$0\" check - < stdin.txt", CLI.binary.path], in: dir, timeout: 60, executable: "/bin/sh")
        #expect(stdin.stderr == "labelspec: cannot read standard input: too large (files are read up to 256 MiB)\n")
        #expect(stdin.status == 2)
    }

    // MARK: 3. Storyboard text never becomes code

    /// The issue's two cases: an `id` that writes a label of its own, and colour names that open
    /// a block comment over the labels between them. Both stay in comments; `check` of the
    /// storyboard finds what `check` of its import finds.
    @Test func attributeValuesNeverBecomeSource() throws {
        let board = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes><scene sceneID="s1"><objects><viewController id="vc1"><view key="view" id="v1"><subviews>
                    <label text="One" id="a&#10;label Evil { text: &quot;x&quot;; widht: 10 }&#10;//"><rect key="frame" x="0" y="0" width="120" height="21"/>
                        <color key="textColor" systemColor="foo&#10;/*"/></label>
                    <label text="A much too long text for this label that will truncate" id="b" numberOfLines="1"><rect key="frame" x="0" y="0" width="20" height="21"/></label>
                    <label text="Two" id="c"><rect key="frame" x="0" y="0" width="-5" height="21"/>
                        <color key="textColor" systemColor="bar */ //"/></label>
                </subviews></view></viewController></objects></scene></scenes>
            </document>

            """
        let dir = try Self.folder(["Evil.storyboard": board])
        let imported = try CLI.run(["import", "Evil.storyboard"], in: dir, timeout: 30)
        #expect(imported.status == 0)
        #expect(imported.stdout.contains(#"// Evil.storyboard:4:9: <label id="a\u{A}label Evil { text: "x"; widht: 10 }\u{A}//">"#))
        #expect(imported.stdout.contains(#"    // textColor: system colour 'foo\u{A}/*' (not read)"#))
        #expect(!imported.stdout.contains("\nlabel Evil"))
        try Data(imported.stdout.utf8).write(to: dir.appendingPathComponent("Evil.labelspec"))
        let board_ = try CLI.run(["check", "--format", "github", "Evil.storyboard"], in: dir, timeout: 30)
        let source = try CLI.run(["check", "--format", "github", "Evil.labelspec"], in: dir, timeout: 30)
        func codes(_ out: String) -> [String] {
            // (Annotations on a file; the run's notice of its stand-in fonts is on none.)
            out.split(separator: "\n").filter { $0.contains("file=") }.compactMap {
                $0.split(separator: "title=").last.map { String($0.split(separator: ":")[0]) }
            }
        }
        #expect(codes(board_.stdout) == ["truncates", "invalid-number"])
        #expect(codes(source.stdout) == codes(board_.stdout))
        #expect(board_.status == 1 && source.status == 1)
    }

    /// Random hostile values in every attribute the translation reads: the import always parses
    /// without a syntax error, has exactly the storyboard's labels, and `check` of it reports the
    /// storyboard's findings, code for code.
    @Test func hostileAttributeValuesFuzz() throws {
        var rng = SplitMix64(seed: 23)
        let pieces = [
            "&#10;", "&#13;", "&#13;&#10;", "/*", "*/", "//", "&quot;", "\\", "{", "}", "labelspec:ignore", "&#x2028;", "&#9;",
            "label Evil { text: &quot;x&quot; }", "%@", "%", "#FFF", "é", "اب", "🙂", "'", ";", ":", "0", "1.5", "-3", "YES", "NO",
            "wordWrap", "tailTruncation", "UICTFontTextStyleBody", "system", "bold", "&#x7F;", "&#x85;", "&#xFEFF;",
        ]
        func value() -> String {
            (0..<Int.random(in: 1...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
        }
        let labelAttributes = [
            "id", "text", "userLabel", "numberOfLines", "lineBreakMode", "textAlignment", "minimumScaleFactor", "minimumFontSize",
            "adjustsFontSizeToFit", "baselineAdjustment", "enabled", "highlighted", "preferredMaxLayoutWidth",
            "adjustsFontForContentSizeCategory", "allowsDefaultTighteningForTruncation",
        ]
        for round in 0..<25 {
            // A folder each: the imports of one folder would share names (duplicate).
            let dir = try CLI.temporaryDirectory()
            var labels = ""
            let count = Int.random(in: 1...4, using: &rng)
            for _ in 0..<count {
                var attributes = ""
                for a in labelAttributes where Bool.random(using: &rng) { attributes += " \(a)=\"\(value())\"" }
                var children = "<rect key=\"frame\" x=\"0\" y=\"0\" width=\"\(Bool.random(using: &rng) ? "120" : value())\" height=\"21\"/>"
                if Bool.random(using: &rng) {
                    children +=
                        "<fontDescription key=\"fontDescription\" \(["name", "family", "style", "type"].randomElement(using: &rng)!)=\"\(value())\" pointSize=\"\(value())\" weight=\"\(value())\"/>"
                }
                for key in ["textColor", "backgroundColor", "shadowColor"] where Bool.random(using: &rng) {
                    let a = ["systemColor", "name", "white", "red"].randomElement(using: &rng)!
                    children += "<color key=\"\(key)\" \(a)=\"\(value())\"/>"
                }
                labels += "<label\(attributes)>\(children)</label>\n"
            }
            let board = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects>
                <viewController id="vc"><view key="view" id="v"><subviews>
                \(labels)</subviews></view></viewController></objects></scene></scenes></document>

                """
            let name = "F\(round)"
            try Data(board.utf8).write(to: dir.appendingPathComponent(name + ".storyboard"))
            let imported = try CLI.run(["import", name + ".storyboard", "-o", name + ".labelspec"], in: dir, timeout: 30)
            #expect(imported.status == 0, "\(board)\n\(imported.stderr)")
            guard imported.status == 0 else { continue }
            let fromBoard = try CLI.run(["check", "--format", "json", name + ".storyboard"], in: dir, timeout: 60)
            let fromSource = try CLI.run(["check", "--format", "json", name + ".labelspec"], in: dir, timeout: 60)
            // Each says where its width came from in its own words (the storyboard: its frame;
            // the spec: its `width`): the same findings at the same widths, their sources left out.
            func findings(_ out: String) -> [String] {
                ((try? JSONValue.parse(Array(out.utf8)))?.arrayValue ?? []).map {
                    var message = $0["message"]?.stringValue ?? ""
                    if let source = $0["widthSource"]?.stringValue, let r = message.range(of: " pt: " + source) {
                        message.replaceSubrange(r, with: " pt")
                    }
                    return ($0["code"]?.stringValue ?? "") + ": " + message
                }
            }
            // The storyboard's `truncates` end with what to change in Interface Builder (the
            // spec's offer code actions instead).
            let a = findings(fromBoard.stdout).map { f in
                f.range(of: "; in Interface Builder's Attributes inspector, ").map { String(f[..<$0.lowerBound]) } ?? f
            }
            let b = findings(fromSource.stdout)
            #expect(!b.contains { $0.hasPrefix("syntax:") }, "\(board)")
            #expect(a.sorted() == b.sorted(), "\(board)")
            let source = try String(contentsOf: dir.appendingPathComponent(name + ".labelspec"), encoding: .utf8)
            #expect(source.components(separatedBy: "\nlabel ").count - 1 == count, "\(source)")
        }
    }

    // MARK: 4. Standard input for every kind of file

    /// Standard input named as a storyboard is checked, not the saved file (nor "cannot read"
    /// when there is none); named as a string table it is read as that table; a table named on
    /// the command line is checked as a table, not parsed as `.labelspec`.
    @Test func standardInputIsReadForEveryKindOfFile() throws {
        let dir = try Self.folder([
            "Base.lproj/Main.storyboard": Self.storyboard,
            "Localizable.xcstrings": #"{ "sourceLanguage" : "en", "strings" : { } }"#,
        ])
        for name in ["Base.lproj/Main.storyboard", "Base.lproj/Other.storyboard"] {
            let r = try CLI.run(["check", "--format", "github", "-", "--stdin-filename", name], in: dir, timeout: 30, stdin: "garbage\n")
            #expect(
                r.stdout
                    == "::error file=\(name),line=1,col=1,endLine=1,endColumn=1,title=invalid-interface-builder::Start tag expected, '<' not found\n"
            )
            #expect(r.stderr == "")
            #expect(r.status == 1)
        }
        let table = try CLI.run(
            ["check", "--format", "github", "-", "--stdin-filename", "Localizable.xcstrings"], in: dir, timeout: 30,
            stdin: #"{ "sourceLanguage" : "en", "strings" : { "a" : "#)
        #expect(
            table.stdout
                == "::error file=Localizable.xcstrings,line=1,col=48,endLine=1,endColumn=48,title=invalid-catalog::not valid JSON: unexpected end of JSON; the catalog is not read\n"
        )
        #expect(table.status == 1)
        let onDisk = try CLI.run(["check", "Localizable.xcstrings"], in: dir, timeout: 30)
        #expect(onDisk.stdout == "Checked 1 file: 0 errors, 0 warnings\n")
        #expect(onDisk.status == 0)
        let format = try CLI.run(["format", "Localizable.xcstrings"], in: dir, timeout: 30)
        #expect(
            format.stderr
                == "labelspec: 'Localizable.xcstrings' is a string table; not formatted (labelspec check Localizable.xcstrings reports its problems)\n"
        )
        #expect(format.status == 1)
    }

    // MARK: 5. A storyboard's text is not a format string

    /// UIKit shows a storyboard's text, base and translated, as written: `%` is a percent sign,
    /// `%@` and `%%` stay (they were measured as `Save 202260ff today`, `Heute 20Alexandraparen`).
    @Test func storyboardTextIsMeasuredAsWritten() throws {
        let board = Self.storyboard.replacingOccurrences(of: #"text="Hello""#, with: #"text="Save 20% off today""#)
        let dir = try Self.folder([
            "Base.lproj/Main.storyboard": board,
            "de.lproj/Main.strings": #""abc-12-xyz.text" = "Heute 20%@ (%d) %% off (%1$@)";"# + "\n",
        ])
        let r = try CLI.run(
            ["measure", "--format", "json", "--content-size", "large", "--locale", "en,de", "Base.lproj/Main.storyboard"], in: dir,
            timeout: 30)
        let rows = (try JSONValue.parse(Array(r.stdout.utf8))).arrayValue ?? []
        #expect(rows.map { $0["text"]?.stringValue ?? "" } == ["Save 20% off today", "Heute 20%@ (%d) %% off (%1$@)"])
        #expect(r.status == 0)
        let check = try CLI.run(["check", "--format", "github", "Base.lproj/Main.storyboard"], in: dir, timeout: 30)
        #expect(!check.stdout.contains("format-mismatch"))
    }

    // MARK: Smaller points

    /// SARIF's `artifactLocation.uri` is a URI reference: `#`, `%`, `?` and spaces percent-encoded.
    @Test func sarifURIsArePercentEncoded() throws {
        let dir = try Self.folder(["a #1%?é.labelspec": "label A { text: \"x\"; widht: 1 }\n"])
        let r = try CLI.run(["check", "--format", "sarif", "a #1%?é.labelspec"], in: dir, timeout: 30)
        let sarif = try JSONValue.parse(Array(r.stdout.utf8))
        let location = Self.firstURI(sarif)
        #expect(location == .string("a%20%231%25%3F%C3%A9.labelspec"))
        let absolute = try CLI.run(["check", "--format", "sarif", dir.path + "/a #1%?é.labelspec"], timeout: 30)
        let uri = Self.firstURI(try JSONValue.parse(Array(absolute.stdout.utf8)))?.stringValue
        #expect(uri?.hasPrefix("file:///") == true && uri?.hasSuffix("/a%20%231%25%3F%C3%A9.labelspec") == true)
    }

    static func firstURI(_ sarif: JSONValue) -> JSONValue? {
        sarif["runs"]?.arrayValue?.first?["results"]?.arrayValue?.first?["locations"]?.arrayValue?.first?["physicalLocation"]?[
            "artifactLocation"]?["uri"]
    }

    /// `--stdin-filename` must name a file: "" (the current folder) and folders are refused.
    @Test func stdinFilenameMustNameAFile() throws {
        for name in ["", "sub/", "."] {
            let r = try CLI.run(["check", "-", "--stdin-filename", name], timeout: 30, stdin: "label A { text: \"x\" }\n")
            #expect(r.stderr.hasPrefix("Error: --stdin-filename needs a file's name ('\(name)' names a folder)\n"))
            #expect(r.status == 2)
        }
    }

    /// The unknown-style fix does not make `A: Body, Body`: when the style meant is in the list
    /// already, the fix takes the unknown name out.
    @Test func unknownStyleFixNeverDuplicatesAParent() throws {
        let dir = try Self.folder([
            "a.labelspec":
                "style Body { numberOfLines: 1 }\nlabel A: Bdy, Body { text: \"x\" }\nlabel B: Body, Bdy { text: \"x\" }\nlabel C: Bdy { text: \"x\" }\n"
        ])
        let r = try CLI.run(["check", "--fix", "--unsafe-fixes", "a.labelspec"], in: dir, timeout: 30)
        #expect(
            r.stdout.hasPrefix(
                "a.labelspec:2:10: fixed: Remove 'Bdy' [unknown-style]\na.labelspec:3:16: fixed: Remove 'Bdy' [unknown-style]\na.labelspec:4:10: fixed: Replace with 'Body' [unknown-style]\n"
            ))
        #expect(
            try String(contentsOf: dir.appendingPathComponent("a.labelspec"), encoding: .utf8)
                == "style Body { numberOfLines: 1 }\nlabel A: Body { text: \"x\" }\nlabel B: Body { text: \"x\" }\nlabel C: Body { text: \"x\" }\n"
        )
    }

    /// A storyboard's baseline entries name the label each finding is in, by its object id
    /// (version 2; version 1 named it as `import` does, `Label_abc_12_xyz`).
    @Test func storyboardBaselineEntriesNameTheirLabel() throws {
        let board = Self.storyboard.replacingOccurrences(
            of: #"text="Hello""#, with: #"text="A much too long text for this label" numberOfLines="1""#
        )
        .replacingOccurrences(of: #"width="120""#, with: #"width="40""#)
        let dir = try Self.folder(["Main.storyboard": board])
        let r = try CLI.run(["check", "--write-baseline", "-", "Main.storyboard"], in: dir, timeout: 30)
        let findings = (try JSONValue.parse(Array(r.stdout.utf8)))["findings"]?.arrayValue ?? []
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0["item"] == .string("abc-12-xyz") }, "\(findings)")
    }

    /// UTF-16 without a byte order mark and UTF-32 are named as such (they were "type ''" and
    /// "UTF-16"); an element with 200,000 attributes is refused at once (libxml2 took 9 s).
    @Test func storyboardEncodingsAndAttributeFloods() throws {
        var files: [String: [UInt8]] = [:]
        let text = Self.storyboard
        files["be.storyboard"] = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        files["le.storyboard"] = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        files["u32.storyboard"] =
            [0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { s in (0..<4).map { UInt8((s.value >> (8 * $0)) & 0xFF) } }
        files["u32be.storyboard"] = text.unicodeScalars.flatMap { s in (0..<4).reversed().map { UInt8((s.value >> (8 * $0)) & 0xFF) } }
        let dir = try CLI.temporaryDirectory()
        for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let attributes = (0..<200_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        try Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document><label " + attributes + "/></document>\n").utf8)
            .write(to: dir.appendingPathComponent("flood.storyboard"))
        let r = try CLI.run(["check", "--format", "github", "."], in: dir, timeout: 30)
        #expect(
            r.stdout == """
                ::error file=be.storyboard,line=1,col=1,endLine=1,endColumn=1,title=invalid-interface-builder::the file is UTF-16; save it as UTF-8, as Xcode does
                ::error file=flood.storyboard,line=2,col=11,endLine=2,endColumn=11,title=invalid-interface-builder::an element with more than 1,000 attributes; Interface Builder writes a few dozen (the file is not read)
                ::error file=le.storyboard,line=1,col=1,endLine=1,endColumn=1,title=invalid-interface-builder::the file is UTF-16; save it as UTF-8, as Xcode does
                ::error file=u32.storyboard,line=1,col=1,endLine=1,endColumn=1,title=invalid-interface-builder::the file is UTF-32; save it as UTF-8, as Xcode does
                ::error file=u32be.storyboard,line=1,col=1,endLine=1,endColumn=1,title=invalid-interface-builder::the file is UTF-32; save it as UTF-8, as Xcode does

                """)
    }

    /// A link to a file outside the folders checked is reported, not read: no line of it reaches
    /// an excerpt (a pull request adding `secrets.labelspec -> /etc/shadow` to a repository).
    @Test func linksOutOfTheFoldersCheckedAreNotRead() throws {
        let outside = try CLI.temporaryDirectory()
        try Data("root:$6$secret-hash:19000:0:99999:7:::\n".utf8).write(to: outside.appendingPathComponent("shadow"))
        let dir = try Self.folder(["a.labelspec": "label A { text: \"x\" }\n"])
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("secrets.labelspec").path, withDestinationPath: outside.appendingPathComponent("shadow").path
        )
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("elsewhere").path, withDestinationPath: outside.path)
        for args in [["check", "."], ["check", "secrets.labelspec"], ["format", "secrets.labelspec"], ["measure", "."]] {
            let r = try CLI.run(args, in: dir, timeout: 30)
            #expect(!r.stdout.contains("secret-hash") && !r.stderr.contains("secret-hash"), "\(args)")
            #expect(
                r.stderr.contains(
                    "secrets.labelspec': a link to '\(outside.resolvingSymlinksInPath().path)/shadow', outside the folders checked; not read\n"
                ), "\(args): \(r.stderr)")
            #expect(r.status == 2)
        }
        let walk = try CLI.run(["check", "."], in: dir, timeout: 30)
        #expect(
            walk.stderr.contains(
                "labelspec: cannot read './elsewhere': a link to '\(outside.resolvingSymlinksInPath().path)', outside the folders checked; not read\n"
            ))
        #expect(walk.stdout == "Checked 1 file: 0 errors, 0 warnings\n" + CLI.standIn)
    }
}
