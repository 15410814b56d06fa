import Foundation
import Testing

/// Issue 35 point 3: Xcode 15's String Catalogs for Interface Builder files
/// (`mul.lproj/NAME.xcstrings`, or a `NAME.xcstrings` anywhere in the workspace, keys
/// `OBJECTID.text` / `OBJECTID.normalTitle`) in `check`, `measure`, `import` and `render`; a
/// locale asked for falls back as iOS's bundle lookup does (`de-DE` → `de`, `zh-Hant-TW` →
/// `zh-Hant`, `pt-PT` → `pt-PT` then `pt`), and one that resolves to nothing is said and never
/// names a row (docs/interface-builder.md, "String Catalogs").
@Suite struct InterfaceBuilderCatalogTests {
    /// A scene with a label and a button translated by the catalog, and a label it does not
    /// translate; each 60 pt wide (its frame: it is in no constraint, and Xcode fixes it at build time).
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="AppleSDK" useAutolayout="YES" initialViewController="vc1-aa-bbb">
            <scenes>
                <scene sceneID="sc1-aa-bbb">
                    <objects>
                        <viewController id="vc1-aa-bbb" customClass="EditorViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw1-aa-bbb">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label opaque="NO" text="Save" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="lb1-aa-bbb">
                                        <rect key="frame" x="16" y="80" width="60" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                        <color key="textColor" systemColor="labelColor"/>
                                    </label>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="bt1-aa-bbb">
                                        <rect key="frame" x="16" y="120" width="60" height="30"/>
                                        <state key="normal" title="Done"/>
                                    </button>
                                    <label opaque="NO" text="Hi" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="lb2-aa-bbb">
                                        <rect key="frame" x="16" y="160" width="60" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                        <color key="textColor" systemColor="labelColor"/>
                                    </label>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    /// As Xcode writes a storyboard's catalog: a comment per key, the source language's unit
    /// marked `new`, translations in `de`, `pt`, `pt-PT` and `zh-Hant` (the button only in `de`).
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "bt1-aa-bbb.normalTitle" : {
              "comment" : "Class = \\"UIButton\\"; normalTitle = \\"Done\\"; ObjectID = \\"bt1-aa-bbb\\";",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Fertigstellen" } },
                "en" : { "stringUnit" : { "state" : "new", "value" : "Done" } }
              }
            },
            "lb1-aa-bbb.text" : {
              "comment" : "Class = \\"UILabel\\"; text = \\"Save\\"; ObjectID = \\"lb1-aa-bbb\\";",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Speichern und schließen" } },
                "en" : { "stringUnit" : { "state" : "new", "value" : "Save" } },
                "pt" : { "stringUnit" : { "state" : "translated", "value" : "Salvar" } },
                "pt-PT" : { "stringUnit" : { "state" : "translated", "value" : "Guardar alterações" } },
                "zh-Hant" : { "stringUnit" : { "state" : "translated", "value" : "儲存" } }
              }
            },
            "vc1-aa-bbb.title" : {
              "comment" : "Class = \\"UIViewController\\"; title = \\"Editor\\"; ObjectID = \\"vc1-aa-bbb\\";",
              "extractionState" : "extracted_with_value",
              "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Bearbeiten" } } }
            }
          },
          "version" : "1.0"
        }

        """

    /// `App/Base.lproj/Main.storyboard` with `App/mul.lproj/Main.xcstrings` (or the catalog at
    /// `catalogPath`).
    func app(catalogPath: String = "App/mul.lproj/Main.xcstrings", more: [String: String] = [:]) throws -> URL {
        try CLI.folder(["App/Base.lproj/Main.storyboard": Self.storyboard, catalogPath: Self.catalog].merging(more) { a, _ in a })
    }

    /// The label and the button measured with their German texts; the label the catalog does
    /// not translate shows its base text in German too, which fits. On the base code the catalog
    /// was not read: the English texts, which fit, were measured and named "de".
    @Test func checkMeasuresTheCatalogsTranslations() throws {
        let dir = try app()
        let result = try CLI.run(["check", "--format", "github", "--content-size", "large", "--locale", "de", "App"], in: dir, timeout: 60)
        let f = "file=App/Base.lproj/Main.storyboard"
        #expect(
            result.stdout == """
                ::warning \(f),line=10,col=30,endLine=10,endColumn=35,title=truncates::truncates in de at .large: "Speic…" (60 pt: its frame: it has no constraints, and Xcode fixes its frame at build time); in Interface Builder's Attributes inspector, set Lines to 0
                ::warning \(f),line=15,col=30,endLine=15,endColumn=36,title=fixed-size-font::the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector
                ::warning \(f),line=15,col=30,endLine=15,endColumn=36,title=truncates::truncates in de at .large: "Fer…len" (60 pt: its frame: it has no constraints, and Xcode fixes its frame at build time)

                """ + CLI.standInNoticeText)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// The rows `measure` prints, without their pictures: each label's header and its text line.
    func rows(_ locale: String, in dir: URL) throws -> (rows: String, stderr: String) {
        let result = try CLI.run(["measure", "--content-size", "large", "--locale", locale, "App"], in: dir, timeout: 60)
        let kept = result.stdout.split(separator: "\n").filter { $0.contains(": Editor") || $0.hasPrefix("│") }
        return (kept.joined(separator: "\n"), result.stderr)
    }

    /// iOS's fallback: `de-DE` shows `de`, `zh-Hant-TW` shows `zh-Hant`, `pt-PT` its own and
    /// `pt-BR` (no table) `pt`; each row is named by the locale whose text it shows. On the base
    /// code every row was named as asked and showed the English text.
    @Test func aLocaleFallsBackAsIOSDoes() throws {
        let dir = try app()
        let de = try rows("de-DE", in: dir)
        #expect(
            de.rows == """
                App/Base.lproj/Main.storyboard:10: EditorBody in de at .large
                │Speic…│
                App/Base.lproj/Main.storyboard:15: EditorButton in de at .large
                │Fer…len │
                App/Base.lproj/Main.storyboard:19: EditorBody2 in de at .large
                │Hi      │
                """)
        #expect(de.stderr == "")
        #expect(
            try rows("zh-Hant-TW", in: dir).rows.components(separatedBy: "\n").prefix(2).joined(separator: "\n") == """
                App/Base.lproj/Main.storyboard:10: EditorBody in zh-Hant at .large
                │儲存   │
                """)
        #expect(
            try rows("pt-PT", in: dir).rows.components(separatedBy: "\n").prefix(2).joined(separator: "\n") == """
                App/Base.lproj/Main.storyboard:10: EditorBody in pt-PT at .large
                │Guar… │
                """)
        #expect(
            try rows("pt-BR", in: dir).rows.components(separatedBy: "\n").prefix(2).joined(separator: "\n") == """
                App/Base.lproj/Main.storyboard:10: EditorBody in pt at .large
                │Salvar  │
                """)
    }

    /// A locale the storyboard has no translation in (nor one to fall back to) is said on
    /// standard error, and its rows are the development language's, named so: never "fr".
    @Test func aLocaleThatResolvesToNothingIsSaid() throws {
        let dir = try app()
        let fr = try rows("fr", in: dir)
        #expect(
            fr.stderr == """
                labelspec: warning: 'App/Base.lproj/Main.storyboard' has no translation in 'fr' (it has en, de, pt, pt-PT, zh-Hant); its text in the development language is measured for it, as 'en (no fr table)'

                """)
        #expect(
            fr.rows == """
                App/Base.lproj/Main.storyboard:10: EditorBody in en (no fr table) at .large
                │Save  │
                App/Base.lproj/Main.storyboard:15: EditorButton in en (no fr table) at .large
                │Done   │
                App/Base.lproj/Main.storyboard:19: EditorBody2 in en (no fr table) at .large
                │Hi      │
                """)
    }

    /// A storyboard with no translations at all: `--locale de` measures its English texts, named
    /// "en (no de table)", and says so; `check` never reports English as "truncates in de".
    @Test func aStoryboardWithoutTranslationsIsNeverNamedAsTheLocale() throws {
        let dir = try CLI.folder([
            "App/Base.lproj/Main.storyboard": Self.storyboard.replacingOccurrences(of: "\"Save\"", with: "\"Save all the changes\"")
        ])
        let result = try CLI.run(["check", "--format", "github", "--content-size", "large", "--locale", "de", "App"], in: dir, timeout: 60)
        #expect(
            result.stdout == """
                ::warning file=App/Base.lproj/Main.storyboard,line=10,col=30,endLine=10,endColumn=35,title=truncates::truncates in en (no de table) at .large: "Save…" (60 pt: its frame: it has no constraints, and Xcode fixes its frame at build time); in Interface Builder's Attributes inspector, set Lines to 0
                ::warning file=App/Base.lproj/Main.storyboard,line=15,col=30,endLine=15,endColumn=36,title=fixed-size-font::the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector

                """ + CLI.standInNoticeText)
        #expect(
            result.stderr == """
                labelspec: warning: 'App/Base.lproj/Main.storyboard' has no translation in 'de': it has none (no LOCALE.lproj/Main.strings, no Main.xcstrings); its text in the development language is measured for it, as 'en (no de table)'

                """)
    }

    /// A catalog named like the storyboard anywhere in its workspace (a `labelspec.json` root)
    /// translates it as one beside it does.
    @Test func aCatalogNamedLikeTheStoryboardInTheWorkspace() throws {
        let dir = try app(catalogPath: "Resources/Strings/Main.xcstrings", more: ["labelspec.json": "{}"])
        let result = try CLI.run(["check", "--format", "github", "--content-size", "large", "--locale", "de", "App"], in: dir, timeout: 60)
        #expect(
            result.stdout.split(separator: "\n").filter { $0.contains("title=truncates") } == [
                "::warning file=App/Base.lproj/Main.storyboard,line=10,col=30,endLine=10,endColumn=35,title=truncates::truncates in de at .large: \"Speic…\" (60 pt: its frame: it has no constraints, and Xcode fixes its frame at build time); in Interface Builder's Attributes inspector, set Lines to 0",
                "::warning file=App/Base.lproj/Main.storyboard,line=15,col=30,endLine=15,endColumn=36,title=truncates::truncates in de at .large: \"Fer…len\" (60 pt: its frame: it has no constraints, and Xcode fixes its frame at build time)",
            ])
    }

    /// `import` writes a translated label's text as the catalog's key.
    @Test func importWritesTheCatalogsKeys() throws {
        let dir = try app()
        let result = try CLI.run(["import", "App/Base.lproj/Main.storyboard"], in: dir, timeout: 60)
        let texts = result.stdout.split(separator: "\n").filter { $0.contains("text:") }
        #expect(
            texts == [
                "    text: .localized(\"lb1-aa-bbb.text\", table: \"Main\", defaultValue: \"Save\")",
                "    text: .localized(\"bt1-aa-bbb.normalTitle\", table: \"Main\", defaultValue: \"Done\")",
                "    text: \"Hi\"",
            ])
        #expect(result.status == 0)
    }

    /// `render` draws the German rows from the catalog: its manifest has their lines. On the
    /// base code it drew "Save" and "Done", named "de".
    @Test func renderDrawsTheCatalogsTexts() throws {
        let dir = try app()
        let result = try CLI.run(
            ["render", "--content-size", "large", "--locale", "de", "--out", "report", "App"], in: dir, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("report/manifest.json"))
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let seen = rows.map { "\($0["label"] as? String ?? "?") \($0["locale"] as? String ?? "?") \(($0["lines"] as? [String]) ?? [])" }
        #expect(seen == ["EditorBody de [\"Speic…\"]", "EditorButton de [\"Fer…len\"]", "EditorBody2 de [\"Hi\"]"])
    }

    /// A catalog that is not JSON is an `invalid-catalog` error on its file; the storyboard is
    /// still checked, with its base texts.
    @Test func aBrokenCatalogIsReportedOnItsFile() throws {
        let dir = try CLI.folder([
            "App/Base.lproj/Main.storyboard": Self.storyboard,
            "App/mul.lproj/Main.xcstrings": "{\"sourceLanguage\": \"en\", \"strings\": {",
        ])
        let result = try CLI.run(["check", "--format", "github", "--content-size", "large", "--locale", "de", "App"], in: dir, timeout: 60)
        #expect(result.stdout.contains("file=App/mul.lproj/Main.xcstrings"), "\(result.stdout)")
        #expect(result.stdout.contains("title=invalid-catalog"))
        #expect(!result.stdout.contains("truncates in de"))
        #expect(result.status == 1)
    }
}
