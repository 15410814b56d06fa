import Foundation
import JSON
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import Testing

/// The project model `check` and the server share: namespaces and the one reader of
/// `labelspec.json`.
@Suite struct ProjectTests {
    func tree(_ files: [(String, String)]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// Each problem with the text its range covers.
    func problems(_ text: String, path: String = "/nowhere/labelspec.json") -> (ConfigurationFile, [String]) {
        let file = ConfigurationFile(path: path, text: Array(text.utf8))
        let bytes = Array(text.utf8)
        return (
            file,
            file.diagnostics.map { d in
                #expect(d.code == .invalidConfiguration && d.severity == .error)
                return "\(d.message) @ \(String(decoding: bytes[d.range], as: UTF8.self))"
            }
        )
    }

    @Test func aValidFileHasNoProblems() {
        let (file, found) = problems(
            #"{ "contentSizes": ["large", "accessibilityLarge"], "locales": ["de"], "severity": { "truncates": "off", "custom-font": "warning" } }"#
        )
        #expect(found.isEmpty)
        #expect(file.configuration.contentSizes == [.large, .accessibilityLarge])
        #expect(file.configuration.locales == ["de"])
        let severity: [DiagnosticCode: Severity?] = [.truncates: Severity?.none, .customFont: .warning]
        #expect(file.configuration.severity == severity)
    }

    /// The keys of issue 12: locales, pseudo-locales, device, sample arguments.
    @Test func localeKeysAreReadAndChecked() {
        let (file, none) = problems(
            #"{ "locales": "all", "pseudoLocales": ["accented", "right-to-left"], "device": "ipad", "sampleArguments": ["Anna", 3, 1.5] }"#)
        #expect(none.isEmpty)
        #expect(file.configuration.locales == nil)
        #expect(file.configuration.pseudoLocales == [.accented, .rightToLeft])
        #expect(file.configuration.device == .ipad)
        #expect(file.configuration.sampleArguments == [.string("Anna"), .number(3), .number(1.5)])
        #expect(
            problems(#"{ "locales": ["de", "d e"], "pseudoLocales": ["long"], "device": "watch", "sampleArguments": [true] }"#).1 == [
                #"'d e' is not a locale: write a language code such as "de" or "pt-BR" @ "d e""#,
                "unknown pseudo-locale 'long'; use double-length, accented, bounded or right-to-left @ \"long\"",
                "unknown device 'watch'; use iphone, ipad, ipod, mac, applewatch, appletv, applevision, other @ \"watch\"",
                "a sample argument must be a string or a number @ true",
            ])
        #expect(
            problems(#"{ "locales": "some", "pseudoLocales": "accented", "device": 1, "sampleArguments": {} }"#).1 == [
                #"'locales' must be "all" or a list of locales such as ["de", "ja"] @ "locales""#,
                "'pseudoLocales' must be a list of pseudo-locale names @ \"pseudoLocales\"",
                #"'device' must be a device name such as "iphone" @ "device""#,
                "'sampleArguments' must be a list of strings and numbers @ \"sampleArguments\"",
            ])
    }

    /// Every problem is reported where it is, and only the keys with a problem keep their default.
    @Test func problemsAreLocatedAndTheOtherKeysApply() {
        let (file, found) = problems(
            """
            {
              "other": 1,
              "severity": { "custom-color": "off" },
              "contentSizes": ["large", "huge"],
              "systemFont": 3
            }
            """)
        #expect(
            found == [
                "unknown key 'other' @ \"other\"",
                "unknown content size 'huge'; use a name such as \"large\" or \"AX1\" @ \"huge\"",
                "'systemFont' must be a path string @ \"systemFont\"",
            ])
        let off: [DiagnosticCode: Severity?] = [.customColor: Severity?.none]
        #expect(file.configuration.severity == off)
        #expect(file.configuration.contentSizes == [.large, .extraExtraExtraLarge])
        #expect(file.systemFontFile == nil)
    }

    @Test func severityProblemsPointAtTheCodeOrTheLevel() {
        let (file, found) = problems(#"{ "severity": { "nope": "off", "truncates": "loud", "clipped": 1, "custom-font": "off" } }"#)
        #expect(
            found == [
                "unknown diagnostic code 'nope' @ \"nope\"",
                "severity 'loud' is not one of error, warning, information, hint, off @ \"loud\"",
                "severity of 'clipped' must be a string @ 1",
            ])
        #expect(file.configuration.severity.isEmpty)
        #expect(problems(#"{ "severity": [] }"#).1 == ["'severity' must be an object of code: level @ \"severity\""])
        #expect(problems(#"{ "contentSizes": "large" }"#).1 == ["'contentSizes' must be a list of category names @ \"contentSizes\""])
    }

    /// What has no key is at the start of the file, a JSON syntax error where the parser
    /// stopped; a byte order mark is skipped by the reader, and ranges stay offsets of the
    /// bytes as read.
    @Test func theFileAsAWholeIsAtItsStart() {
        #expect(problems("[1]").1 == ["expected a JSON object @ "])
        #expect(problems("{").1.count == 1)
        #expect(problems("{").0.diagnostics.first?.range == 1..<1)  // the end: the text stops there
        #expect(problems("{\n  \"contentSizes\": [\"large\",\n  \"severity\": 3\n}").1 == ["array value separator ',' expected @ :"])
        #expect(problems("\u{FEFF}{\"a\": tru }").0.diagnostics.first?.range == 12..<13)
        let (file, found) = problems("\u{FEFF}{\"other\": 1}")
        #expect(found == ["unknown key 'other' @ \"other\""])
        #expect(file.diagnostics.first?.range == 4..<11)
        // An escaped key is found by what it says.
        #expect(problems(#"{ "oth\u0065r": 1 }"#).1 == [#"unknown key 'other' @ "oth\u0065r""#])
    }

    @Test func aSystemFontIsResolvedAgainstTheFolderAndChecked() throws {
        let root = try tree([("labelspec.json", #"{ "systemFont": "fonts/missing.otf" }"#)])
        let file = ConfigurationFile.read(root.path + "/labelspec.json")
        #expect(
            file.diagnostics.map(\.message) == [
                "systemFont: cannot use the font file 'fonts/missing.otf': no such file or directory; the default system font is used"
            ])
        #expect(file.systemFontFile == nil && file.configuration.systemFont == nil)
        let unread = ConfigurationFile.read(root.path + "/nothing/labelspec.json")
        #expect(unread.diagnostics.map(\.message) == ["cannot read labelspec.json: no such file or directory"])
        #expect(unread.diagnostics.first?.range == 0..<0 && unread.text.isEmpty)
    }

    /// `fallbackFonts`: files (resolved against the folder, checked) and families (installed),
    /// each bad entry located and left out, the others kept in order.
    @Test func fallbackFontsAreFilesOrInstalledFamilies() throws {
        let noto = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"
        let text = """
            { "fallbackFonts": ["Noto Sans Arabic", "fonts/Missing.ttf", "\(noto)", "No Such Family 123"] }
            """
        let root = try tree([("labelspec.json", text)])
        let file = ConfigurationFile.read(root.path + "/labelspec.json")
        let bytes = Array(text.utf8)
        #expect(
            file.diagnostics.map { "\($0.message) @ \(String(decoding: bytes[$0.range], as: UTF8.self))" } == [
                "fallbackFonts: cannot use the font file 'fonts/Missing.ttf': no such file or directory; it is left out @ \"fonts/Missing.ttf\"",
                "fallbackFonts: no installed font has the family 'No Such Family 123'; it is left out @ \"No Such Family 123\"",
            ])
        #expect(file.fallbackFonts == [.family("Noto Sans Arabic"), .file(noto)])
        #expect(file.configuration.fallbackFonts == ["Noto Sans Arabic", noto])
        #expect(
            problems(#"{ "fallbackFonts": "Noto Sans" }"#).1 == [
                "'fallbackFonts' must be a list of font files or family names @ \"fallbackFonts\""
            ])
        #expect(
            problems(#"{ "fallbackFonts": ["x.ttf"] }"#).1 == [
                "fallbackFonts: cannot use the font file 'x.ttf': no such file or directory; it is left out @ \"x.ttf\""
            ])
        // The namespace's measurer tries them.
        let project = Project()
        let ns = project.namespace(for: root.path + "/a.labelspec").namespace
        #expect(ns.measurer.fonts.fallbackFonts == [.family("Noto Sans Arabic"), .file(noto)])
    }

    /// One namespace per labelspec.json folder (nested ones stand alone), else per folder.
    @Test func filesAreGroupedAsLanguageMdSays() throws {
        let root = try tree([
            ("one/labelspec.json", "{}"), ("one/a.labelspec", ""), ("one/sub/b.labelspec", ""),
            ("two/labelspec.json", #"{ "contentSizes": [] }"#), ("two/c.labelspec", ""),
            ("two/nested/labelspec.json", "{}"), ("two/nested/n.labelspec", ""),
            ("loose/d.labelspec", ""), ("loose/deeper/e.labelspec", ""),
        ])
        let project = Project()
        func ns(_ path: String) -> Namespace { project.namespace(for: root.path + "/" + path).namespace }
        #expect(ns("one/a.labelspec") === ns("one/sub/b.labelspec"))
        #expect(ns("one/a.labelspec") !== ns("two/c.labelspec"))
        #expect(ns("two/c.labelspec") !== ns("two/nested/n.labelspec"))
        #expect(ns("loose/d.labelspec") !== ns("loose/deeper/e.labelspec"))
        #expect(project.namespace(for: root.path + "/one/a.labelspec").created == false)
        let names = { (n: Namespace) in n.files().map { String($0.dropFirst(root.path.count + 1)) } }
        #expect(names(ns("one/a.labelspec")) == ["one/a.labelspec", "one/sub/b.labelspec"])
        #expect(names(ns("two/c.labelspec")) == ["two/c.labelspec"])
        #expect(names(ns("loose/d.labelspec")) == ["loose/d.labelspec"])
        #expect(ns("one/a.labelspec").configured && !ns("loose/d.labelspec").configured)
        #expect(ns("loose/d.labelspec").configurationFile == nil)
        // An empty list measures at no size (as `check` always did).
        #expect(ns("two/c.labelspec").contentSizes.isEmpty && ns("one/a.labelspec").contentSizes == [.large, .extraExtraExtraLarge])
        // Documents that are not files share one namespace without a root.
        let untitled = Project(path: { $0.hasPrefix("untitled:") ? nil : $0 })
        #expect(untitled.namespace(for: "untitled:1").namespace === untitled.namespace(for: "untitled:2").namespace)
        #expect(untitled.namespace(for: "untitled:1").namespace.root == nil)
    }

    @Test func documentsAreAddedAndRemoved() throws {
        let root = try tree([("labelspec.json", "{}"), ("a.labelspec", "style S { font: .body }\n")])
        let project = Project()
        let (ns, created) = project.namespace(for: root.path + "/b.labelspec")
        #expect(created)
        for file in ns.files() { project.open(file, text: Array(try String(contentsOfFile: file, encoding: .utf8).utf8), in: ns) }
        project.open(root.path + "/b.labelspec", text: Array("label B: S { text: \"b\" }\n".utf8), in: ns)
        #expect(project.documents.map(\.id) == [root.path + "/a.labelspec", root.path + "/b.labelspec"])
        #expect(ns.workspace.styleNames.contains("S"))
        #expect(project.remove(root.path + "/a.labelspec") === ns)
        #expect(project.document(root.path + "/a.labelspec") == nil && !ns.workspace.styleNames.contains("S"))
        #expect(project.remove(root.path + "/a.labelspec") == nil)
    }

    /// A file the editor reports from disk is taken only where the walk would find it.
    @Test func hiddenAndNodeModulesFilesAreNotNamespaceFiles() throws {
        let root = try tree([("labelspec.json", "{}")])
        #expect(Project.isNamespaceFile(root.path + "/a.labelspec"))
        #expect(Project.isNamespaceFile(root.path + "/sub/deeper/a.labelspec"))
        #expect(!Project.isNamespaceFile(root.path + "/.hidden/a.labelspec"))
        #expect(!Project.isNamespaceFile(root.path + "/sub/.a.labelspec"))
        #expect(!Project.isNamespaceFile(root.path + "/node_modules/x/a.labelspec"))
        #expect(Project.isNamespaceFile(root.path + "/node_modules.labelspec"))
    }
}

/// The editor's settings are read once and laid over each namespace's labelspec.json
/// (`Settings.overlaying`): the same as reading them onto that file's settings, key by key.
@Suite struct SettingsOverlayTests {
    @Test(arguments: [
        (
            #"{ "contentSizes": ["AX1"], "severity": { "truncates": "off" }, "locales": ["de"] }"#,
            #"{ "contentSizes": ["huge"], "severity": { "custom-color": "error" }, "pseudoLocales": ["accented"] }"#
        ),
        (#"{ "severity": { "truncates": "off" } }"#, #"{ "severity": { "truncates": "hint", "nope": "off" }, "locales": "all" }"#),
        (#"{ "locales": ["de", "ja"], "device": "ipad" }"#, #"{ "contentSize": "all", "device": "mac", "sampleArguments": ["A", 2] }"#),
        (
            #"{ "contentSizes": [] }"#,
            #"{ "contentSize": "", "systemFontFile": "", "fallbackFonts": ["NoSuchFamily"], "exclude": ["x/**"] }"#
        ),
        (#"{}"#, #"{ "contentSizes": ["large"], "contentSize": "AX2", "systemFont": "/nonexistent.ttf" }"#),
    ])
    func overlayingIsReadingOntoTheFile(_ file: String, _ editor: String) throws {
        let base = ConfigurationFile(path: "/w/labelspec.json", text: Array(file.utf8)).settings
        let json = try JSONValue.parse(Array(editor.utf8))
        let layer = ConfigurationReader.editor(json, onto: Settings(), folder: "/w")
        #expect(
            base.overlaying(layer.settings, keys: layer.assigned) == ConfigurationReader.editor(json, onto: base, folder: "/w").settings)
    }
}
