import Foundation
import JSON
import Testing

/// Issue 38, point 3: `check` reads translations sent back (`.xcloc`, `.xliff`), lays them over
/// the project's tables in memory, and says what truncates at the `<target>` it came from, with
/// what Xcode's import would silently leave out.
@Suite struct ReturnedTranslationsTests {
    /// Returned files of other fixtures (a storyboard's, a Swift app's).
    static let export = "Tests/Fixtures/XcodeExport"
    /// The example app with its `.xcloc` (docs/translators.md).
    static var exportURL: URL { CLI.packageRoot.appendingPathComponent("Examples/Translators") }

    @Test func findingsArePlacedAtTheTargetsTheyComeFrom() throws {
        let r = try CLI.run(["check", "App", "de.xcloc", "fr.xliff"], in: Self.exportURL)
        #expect(r.status == 0, "warnings only: \(r.stderr)")
        #expect(r.stderr == "")
        #expect(
            r.stdout == #"""
                App/Store.labelspec:15:5: hint: no fr translation of '%lld photos': iOS shows the en text there; add one [missing-translation]
                        text: .localized("%lld photos")
                        ^~~~
                App/Store.labelspec:22:5: hint: no fr translation of 'Welcome': iOS shows the en text there; add one [missing-translation]
                        text: .localized("Welcome")
                        ^~~~
                de.xcloc/Localized Contents/de.xliff:15:36: warning: truncates in de (other) at .large: "3 Fotos un…" (80 pt: width 80) [truncates]
                    <target state="translated">%lld Fotos und Videos</target>
                                               ^~~~~~~~~~~~~~~~~~~~~
                    note: the label 'PhotoCount' shows it at App/Store.labelspec:14:7
                    note: the de text in the catalog at App/Localizable.xcstrings:4:5
                de.xcloc/Localized Contents/de.xliff:25:36: warning: truncates in de at .large: "Speicher…" (90 pt: width 90) [truncates]
                    <target state="translated">Speichern und schließen</target>
                                               ^~~~~~~~~~~~~~~~~~~~~~~
                    note: the label 'SaveButton' shows it at App/Store.labelspec:2:7
                    note: the de text in the catalog at App/Localizable.xcstrings:30:5
                de.xcloc/Localized Contents/de.xliff:30:9: warning: state "new": Xcode does not import this target (the table's text stays); mark it translated (or final) once it is done [translation-not-imported]
                    <target state="new">Herzlich willkommen in der App</target>
                    ^~~~~~~~~~~~~~~~~~~~
                de.xcloc/Localized Contents/de.xliff:35:3: warning: 'App/InfoPlist.xcstrings' names no table of the files checked: its unit is not checked (check the folder that holds the table with this file) [translation-not-imported]
                    <file original="App/InfoPlist.xcstrings" source-language="en" target-language="de" datatype="plainte…
                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                fr.xliff:10:36: warning: truncates in fr at .large: "Supprimer to…" (120 pt: width 120) [truncates]
                    <target state="translated">Supprimer tous les éléments</target>
                                               ^~~~~~~~~~~~~~~~~~~~~~~~~~~
                    note: the label 'DeleteButton' shows it at App/Store.labelspec:8:7
                    note: the fr text in the catalog at App/Localizable.xcstrings:24:5
                Checked 3 files: 0 errors, 5 warnings, 2 hints
                Measured with stand-ins: Inter and Inter Display for SF Pro (their error: docs/measurement.md, "Stand-ins")

                """#)
        // The project alone: its own texts fit (nothing is written to the catalog).
        let alone = try CLI.run(["check", "App", "--select", "truncates"], in: Self.exportURL)
        #expect(alone.stdout.hasPrefix("Checked 1 file: 0 errors, 0 warnings\n"), "\(alone.stdout)")
    }

    /// GitHub annotations name the returned file, so that a pull request that brings
    /// translations back shows them on its lines.
    @Test func githubAnnotationsNameTheReturnedFile() throws {
        let r = try CLI.run(["check", "App", "de.xcloc", "--format", "github", "--select", "truncates"], in: Self.exportURL)
        let lines = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::warning") }
        #expect(
            lines == [
                #"::warning file=de.xcloc/Localized Contents/de.xliff,line=15,col=36,endLine=15,endColumn=57,title=truncates::truncates in de (other) at .large: "3 Fotos un…" (80 pt: width 80)"#,
                #"::warning file=de.xcloc/Localized Contents/de.xliff,line=25,col=36,endLine=25,endColumn=59,title=truncates::truncates in de at .large: "Speicher…" (90 pt: width 90)"#,
            ])
    }

    /// The issue's measure of correctness: a returned `.xcloc` gives the findings that `check`
    /// gives after the same translations are merged into the catalog by hand (what Xcode's import
    /// would write), the same messages, for the same labels.
    @Test func checkingAnXclocEqualsCheckingTheCatalogWithItsTranslationsMerged() throws {
        let folder = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(at: Self.exportURL.appendingPathComponent("App"), to: folder.appendingPathComponent("App"))
        try FileManager.default.copyItem(
            at: Self.exportURL.appendingPathComponent("de.xcloc"), to: folder.appendingPathComponent("de.xcloc"))
        let returned = try CLI.run(["check", "App", "de.xcloc", "--locale", "de", "--format", "json"], in: folder)
        // The merge by hand: the targets Xcode imports (not the one in state "new").
        let catalog = folder.appendingPathComponent("App/Localizable.xcstrings")
        var text = try String(contentsOf: catalog, encoding: .utf8)
        for (old, new) in [
            (#""value" : "%lld Fotos" "#, #""value" : "%lld Fotos und Videos" "#),
            (#""value" : "Sichern""#, #""value" : "Speichern und schließen""#),
        ] {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        try Data(text.utf8).write(to: catalog)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("de.xcloc"))
        let merged = try CLI.run(["check", "App", "--locale", "de", "--format", "json"], in: folder)
        func findings(_ json: String) throws -> [String] {
            try (JSONValue.parse(json).arrayValue ?? []).compactMap { d -> String? in
                guard let code = d["code"]?.stringValue, ["truncates", "clipped", "near-limit"].contains(code) else { return nil }
                return code + ": " + (d["message"]?.stringValue ?? "")
            }.sorted()
        }
        let a = try findings(returned.stdout)
        #expect(a.count == 2)
        #expect(a == (try findings(merged.stdout)))
    }

    /// A storyboard's units (`OBJECTID.text`) lay over its `.strings` translations.
    @Test func storyboardUnitsAreCheckedAsTheStoryboardShowsThem() throws {
        let r = try CLI.run([
            "check", "Tests/Fixtures/InterfaceBuilder/Onboarding/Base.lproj/Main.storyboard", "\(Self.export)/storyboard-de.xliff",
            "--select", "truncates",
        ])
        let lines = r.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(
            lines.contains(
                #"Tests/Fixtures/XcodeExport/storyboard-de.xliff:25:36: warning: truncates in de on iPhone SE (3rd generation) at .extraExtraExtraLarge: "Willkommen zur…" (327 pt: between the safe area's leading edge + 24 and the safe area's trailing edge - 24); in Interface Builder's Attributes inspector, set Lines to 0, or set Autoshrink to Minimum Font Scale 0.95 [truncates]"#
            ))
        // "Skizzen festhalten." fits: the subtitle's finding is the English text's alone now.
        #expect(
            lines.contains {
                $0.hasPrefix(
                    #"Tests/Fixtures/InterfaceBuilder/Onboarding/Base.lproj/Main.storyboard:25:30: warning: truncates in en on iPhone SE (3rd generation) at .large:"#
                )
            })
        #expect(!lines.contains { $0.contains("Willkommen zur") && $0.hasPrefix("Tests/Fixtures/InterfaceBuilder") })
    }

    /// A storyboard none of whose strings were translated before (no `.strings` beside it)
    /// takes its first translations from the returned file.
    @Test func aStoryboardTranslatedForTheFirstTime() throws {
        let folder = try CLI.temporaryDirectory()
        let onboarding = folder.appendingPathComponent("Onboarding")
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("Tests/Fixtures/InterfaceBuilder/Onboarding"), to: onboarding)
        try FileManager.default.removeItem(at: onboarding.appendingPathComponent("de.lproj"))
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("\(Self.export)/storyboard-de.xliff"), to: folder.appendingPathComponent("de.xliff"))
        let r = try CLI.run(["check", "Onboarding/Base.lproj/Main.storyboard", "de.xliff", "--select", "truncates"], in: folder)
        #expect(
            r.stdout.split(separator: "\n").contains {
                $0.hasPrefix(
                    #"de.xliff:25:36: warning: truncates in de on iPhone SE (3rd generation) at .extraExtraExtraLarge: "Willkommen zur…""#)
            }, "\(r.stdout)")
    }

    /// A Swift site's text comes back too: its finding is placed at the target, the site related.
    @Test func swiftSitesAreCheckedWithTheReturnedTexts() throws {
        let r = try CLI.run(["check", "Tests/Fixtures/SwiftApp", "\(Self.export)/swift-de.xliff", "--select", "truncates"])
        #expect(
            r.stdout.contains(
                #"""
                Tests/Fixtures/XcodeExport/swift-de.xliff:15:36: warning: truncates in de at .large: "Einverstanden, so m…" (160 pt: .frame(width: 160)) [truncates]
                    <target state="translated">Einverstanden, so machen wir das</target>
                                               ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                    note: the code that shows it at Tests/Fixtures/SwiftApp/Sources/Tokens.swift:11:13
                """#))
        // "Löschen" fits where the catalog's long text did not.
        #expect(!r.stdout.contains("Endgültig"))
    }

    /// What Xcode's import would leave out or misread is said at the unit, each once.
    @Test func whatXcodeWouldLeaveOutIsSaid() throws {
        let folder = try CLI.folder(["Localizable.xcstrings": Self.importCatalog, "de.xliff": Self.importXLIFF])
        let r = try CLI.run(["check", ".", "de.xliff"], in: folder)
        let lines = r.stdout.split(separator: "\n").filter { $0.hasPrefix("de.xliff:") }
        #expect(
            lines == [
                #"de.xliff:5:7: warning: another unit further down has the id "Done": Xcode imports one of them; this one is not checked (the later is) [translation-not-imported]"#,
                #"de.xliff:10:7: warning: "Gone" is no key of Localizable.xcstrings (removed since the export?): Xcode has nowhere to import it [translation-not-imported]"#,
                #"de.xliff:17:9: warning: state "needs-review-l10n": Xcode does not import this target (the table's text stays); mark it translated (or final) once it is done [translation-not-imported]"#,
                #"de.xliff:22:9: warning: state "needs-adaptation": Xcode probably does not import this target (the table's text stays); mark it translated (or final) once it is done [translation-not-imported]"#,
                #"de.xliff:26:9: warning: the <source> is "Save", but the en text is now "Save changes": the translation was made for an older text; Xcode imports it anyway (the <source> is ignored) [translation-not-imported]"#,
                #"de.xliff:37:9: warning: the de plural form 'other' of "Stars" came back empty while its other forms are translated: de uses it for some numbers (such as 0); translate it [translation-not-imported]"#,
                #"de.xliff:42:9: warning: a plural form the en text does not have, with the unit's id as its <source>: Xcode skips it on import [translation-not-imported]"#,
                #"de.xliff:45:7: warning: "amb|==|plural.one" is a key of Localizable.xcstrings, and also key "amb" (plural one): Xcode cannot tell them apart (its export stops on such a pair); rename one of the keys [translation-not-imported]"#,
                #"de.xliff:50:7: warning: Xcode reads "plain|==|plural.one" as key "plain" (plural one), and ignores this update of key "plain|==|plural.one"; rename the key so that it does not end in '|==|plural.one' [translation-not-imported]"#,
            ])
        #expect(r.status == 0)
    }

    /// Inputs that hurt end with a clear error (exit 2 for what cannot be read), nothing hung.
    @Test func hostileReturnedFilesEndWithAClearError() throws {
        let folder = try CLI.folder([
            "Localizable.xcstrings": Self.importCatalog, "nolc.xcloc/contents.json": #"{"targetLocale" : "de"}"#,
            "bad.xcloc/contents.json": "{", "bad.xcloc/Localized Contents/de.xliff": Self.importXLIFF,
            "empty.xcloc/Localized Contents/readme.txt": "", "dir.xliff/a": "",
            "deep.xliff": #"<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">"# + String(repeating: "<g>", count: 100_000)
                + String(repeating: "</g>", count: 100_000) + "</xliff>",
            "broken.xliff": #"<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file><body>"#,
        ])
        #expect(mkfifo(folder.appendingPathComponent("fifo.xliff").path, 0o644) == 0)
        for (path, error) in [
            ("fifo.xliff", "labelspec: cannot read 'fifo.xliff': not a regular file (a FIFO)"),
            ("dir.xliff", "labelspec: cannot read 'dir.xliff': a folder of translations is an .xcloc"),
            ("nolc.xcloc", "labelspec: cannot read 'nolc.xcloc': no 'Localized Contents' folder: not an .xcloc as Xcode exports it"),
            ("empty.xcloc", "labelspec: cannot read 'empty.xcloc': no .xliff file in 'Localized Contents'"),
            (
                "bad.xcloc",
                #"labelspec: cannot read 'bad.xcloc/contents.json': not a JSON object (Xcode writes {"targetLocale" : "de", …})"#
            ),
        ] {
            let r = try CLI.run(["check", ".", path], in: folder, timeout: 60)
            #expect(r.status == 2, "\(path)")
            #expect(r.stderr.split(separator: "\n").map(String.init).contains(error), "\(path): \(r.stderr)")
        }
        let deep = try CLI.run(["check", ".", "deep.xliff"], in: folder, timeout: 60)
        #expect(deep.status == 1)
        #expect(
            deep.stdout.hasPrefix(
                #"deep.xliff:1:1: error: no <file> says its target-language: the locale of the translations is not known (write target-language="de") [invalid-xliff]"#
            ))
        let broken = try CLI.run(["check", ".", "broken.xliff"], in: folder, timeout: 60)
        #expect(broken.stdout.hasPrefix("broken.xliff:1:75: error: Xcode cannot import this file: <body> is not closed [invalid-xliff]"))
        // measure and render do not read translations.
        let measure = try CLI.run(["measure", "de.xliff"], in: try CLI.folder(["de.xliff": Self.importXLIFF]), timeout: 60)
        #expect(measure.status == 2)
        #expect(measure.stderr.contains("cannot read 'de.xliff': translation files (.xliff, .xcloc) are read by 'labelspec check' only"))
    }

    /// `.strings` and `.stringsdict` tables: units of Xcode's paths (`/KEY:dict/VAR:dict/C:dict/:string`)
    /// are laid over the legacy table, and the findings placed at their targets; `budgets` names
    /// them by those paths.
    @Test func legacyTablesTakeTheirUnits() throws {
        let folder = try CLI.folder([
            "App/labelspec.json": #"{"locales": ["en", "de"], "contentSizes": ["large"]}"#,
            "App/en.lproj/Localizable.strings": #""Save" = "Save";"# + "\n",
            "App/de.lproj/Localizable.strings": #""Save" = "Sichern";"# + "\n",
            "App/en.lproj/Localizable.stringsdict": Self.stringsdictEN, "App/de.lproj/Localizable.stringsdict": Self.stringsdictDE,
            "App/A.labelspec": Self.legacySpec, "de.xliff": Self.legacyXLIFF,
        ])
        let r = try CLI.run(["check", "App", "de.xliff", "--locale", "de"], in: folder)
        #expect(
            r.stdout.split(separator: "\n").filter { $0.contains(": warning: ") } == [
                #"de.xliff:7:36: warning: truncates in de at .large: "Speiche…" (80 pt: width 80) [truncates]"#,
                #"de.xliff:26:36: warning: truncates in de (other) at .large: "3 Dateien…" (70 pt: width 70) [truncates]"#,
            ])
        let csv = try CLI.run(["budgets", "App", "--format", "csv"], in: folder).stdout.split(separator: "\n").map { $0.prefix(46) }
        #expect(
            csv == [
                "key,source,description,max_characters", "Save,Save,\"Fits 80 pt × 1 line, SF Pro Text Re",
                "/%d files:dict/files:dict/one:dict/:string,1 f", "/%d files:dict/files:dict/other:dict/:string,3",
            ])
    }

    /// A finding is the returned file's only when its text came back: the table's own plural
    /// form stays at the label; of one id given twice, the later is checked and the earlier said;
    /// a literal text is reported once.
    @Test func onlyWhatCameBackIsPlacedInTheFile() throws {
        let folder = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(at: Self.exportURL.appendingPathComponent("App"), to: folder.appendingPathComponent("App"))
        var catalog = try String(contentsOf: folder.appendingPathComponent("App/Localizable.xcstrings"), encoding: .utf8)
        catalog = catalog.replacingOccurrences(of: #""value" : "%lld Fotos" "#, with: #""value" : "%lld Fotos und Videos" "#)
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("App/Localizable.xcstrings"))
        try CLI.folder(
            [
                "App/Literal.labelspec": "label Literal {\n    text: \"This is a long literal text\"\n    width: 100\n}\n",
                "de.xliff": #"""
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                  <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                    <body>
                      <trans-unit id="%lld photos|==|plural.one" xml:space="preserve">
                        <source>%lld photo</source>
                        <target state="translated">%lld Foto</target>
                      </trans-unit>
                      <trans-unit id="Save" xml:space="preserve">
                        <source>Save</source>
                        <target state="translated">Sichern</target>
                      </trans-unit>
                      <trans-unit id="Save" xml:space="preserve">
                        <source>Save</source>
                        <target state="translated">Speichern und schließen</target>
                      </trans-unit>
                    </body>
                  </file>
                </xliff>
                """#,
            ], in: folder)
        let r = try CLI.run(["check", "App", "de.xliff", "--locale", "de"], in: folder)
        #expect(
            r.stdout.split(separator: "\n").filter { $0.contains(": warning: ") } == [
                #"App/Literal.labelspec:1:7: warning: truncates in de at .large: "This is a lo…" (100 pt: width 100) [truncates]"#,
                #"App/Store.labelspec:14:7: warning: truncates in de (other) at .large: "3 Fotos un…" (80 pt: width 80) [truncates]"#,
                #"de.xliff:9:7: warning: another unit further down has the id "Save": Xcode imports one of them; this one is not checked (the later is) [translation-not-imported]"#,
                #"de.xliff:15:36: warning: truncates in de at .large: "Speicher…" (90 pt: width 90) [truncates]"#,
            ])
    }

    static let stringsdictEN = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>%d files</key>
        	<dict>
        		<key>NSStringLocalizedFormatKey</key>
        		<string>%#@files@</string>
        		<key>files</key>
        		<dict>
        			<key>NSStringFormatSpecTypeKey</key>
        			<string>NSStringPluralRuleType</string>
        			<key>NSStringFormatValueTypeKey</key>
        			<string>d</string>
        			<key>one</key>
        			<string>%d file</string>
        			<key>other</key>
        			<string>%d files</string>
        		</dict>
        	</dict>
        </dict>
        </plist>
        """#

    static let stringsdictDE = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>%d files</key>
        	<dict>
        		<key>NSStringLocalizedFormatKey</key>
        		<string>%#@files@</string>
        		<key>files</key>
        		<dict>
        			<key>NSStringFormatSpecTypeKey</key>
        			<string>NSStringPluralRuleType</string>
        			<key>NSStringFormatValueTypeKey</key>
        			<string>d</string>
        			<key>one</key>
        			<string>%d Datei</string>
        			<key>other</key>
        			<string>%d Dateien</string>
        		</dict>
        	</dict>
        </dict>
        </plist>
        """#

    static let legacySpec = #"""
        label SaveButton {
            text: .localized("Save")
            width: 80
        }

        label FileCount {
            text: .localized("%d files")
            arguments: [3]
            font: .footnote
            width: 70
        }
        """#

    static let legacyXLIFF = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="Save" xml:space="preserve">
                <source>Save</source>
                <target state="translated">Speichern und schließen</target>
                <note/>
              </trans-unit>
            </body>
          </file>
          <file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="/%d files:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
                <source>%#@files@</source>
                <target state="translated">%#@files@</target>
                <note/>
              </trans-unit>
              <trans-unit id="/%d files:dict/files:dict/one:dict/:string" xml:space="preserve">
                <source>%d file</source>
                <target state="translated">%d Datei</target>
                <note/>
              </trans-unit>
              <trans-unit id="/%d files:dict/files:dict/other:dict/:string" xml:space="preserve">
                <source>%d files</source>
                <target state="translated">%d Dateien und Ordner</target>
                <note/>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """#

    static let importCatalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "amb" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Amb" } } } },
            "amb|==|plural.one" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Amb one" } } } },
            "Done" : { },
            "plain|==|plural.one" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Plain" } } } },
            "Review" : { },
            "Save" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Save changes" } } } },
            "Stars" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld star" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld stars" } } } } } } },
            "Total %#@COUNT@" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Total %#@COUNT@" },
              "substitutions" : { "COUNT" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg items" } } } } } } } } }
          },
          "version" : "1.0"
        }
        """#

    static let importXLIFF = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="Done" xml:space="preserve">
                <source>Done</source>
                <target>Fertig</target>
                <note/>
              </trans-unit>
              <trans-unit id="Gone" xml:space="preserve">
                <source>Gone</source>
                <target state="translated">Weg</target>
                <note/>
              </trans-unit>
              <trans-unit id="Review" xml:space="preserve">
                <source>Review</source>
                <target state="needs-review-l10n">Prüfen</target>
                <note/>
              </trans-unit>
              <trans-unit id="Review" xml:space="preserve">
                <source>Review</source>
                <target state="needs-adaptation">Prüfen</target>
                <note/>
              </trans-unit>
              <trans-unit id="Save" xml:space="preserve">
                <source>Save</source>
                <target state="translated">Sichern</target>
                <note/>
              </trans-unit>
              <trans-unit id="Stars|==|plural.one" xml:space="preserve">
                <source>%lld star</source>
                <target state="translated">%lld Stern</target>
                <note/>
              </trans-unit>
              <trans-unit id="Stars|==|plural.other" xml:space="preserve">
                <source>%lld stars</source>
                <target state="translated"></target>
                <note/>
              </trans-unit>
              <trans-unit id="Total %#@COUNT@|==|substitutions.COUNT.plural.one" xml:space="preserve">
                <source>Total %#@COUNT@|==|substitutions.COUNT.plural.one</source>
                <target state="translated">%arg Ding</target>
                <note/>
              </trans-unit>
              <trans-unit id="amb|==|plural.one" xml:space="preserve">
                <source>Amb one</source>
                <target state="translated">Amb eins</target>
                <note/>
              </trans-unit>
              <trans-unit id="plain|==|plural.one" xml:space="preserve">
                <source>Plain</source>
                <target state="translated">Schlicht</target>
                <note/>
              </trans-unit>
              <trans-unit id="Done" xml:space="preserve">
                <source>Done</source>
                <target state="translated" state-qualifier="leveraged-mt">Erledigt</target>
                <note/>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """#
}
