import Foundation
import LabelLocalization
import LabelSpecIDE
import LabelSpecSemantics
import LabelVocabulary
import Testing

/// String Catalogs read whole, legacy tables, the texts measured per locale (issue 12).
@Suite struct CatalogTests {
    static func su(_ v: String) -> String { #"{ "stringUnit" : { "state" : "translated", "value" : "\#(v)" } }"# }

    /// Every diagnostic of a catalog as `code: message @ covered text`.
    func problems(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        let c = Catalog.read(xcstrings: bytes, path: "/x/Localizable.xcstrings")
        return c.problems.flatMap(\.diagnostics).map { d in
            "\(d.code.rawValue) \(d.severity.rawValue): \(d.message) @ \(String(decoding: bytes[d.range], as: UTF8.self))"
        }
    }

    @Test func aCatalogIsReadWhole() {
        let c = Catalog.read(
            xcstrings: Array(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "share" : { "localizations" : { "en" : \(Self.su("Share")), "de" : \(Self.su("Teilen")) } },
                    "photos" : { "localizations" : { "ru" : { "variations" : { "plural" : {
                      "one" : \(Self.su("%lld фото")), "other" : \(Self.su("%lld фото")) } } } } },
                    "title" : { "localizations" : { "de" : { "variations" : { "device" : {
                      "ipad" : \(Self.su("Lang")), "other" : \(Self.su("Kurz")) } } } } },
                    "Done" : { },
                    "never" : { "shouldTranslate" : false }
                  },
                  "version" : "1.0"
                }
                """.utf8), path: "/x/Localizable.xcstrings")
        #expect(c.problems.isEmpty)
        #expect(c.table == "Localizable")
        #expect(c.keys == ["share", "photos", "title", "Done", "never"])
        #expect(c.locales == ["de", "en", "ru"])
        #expect(c.entries["share"]?.localizations["de"]?.unit == .text("Teilen"))
        #expect(c.entries["photos"]?.localizations["ru"]?.unit == .plural([.one: .text("%lld фото"), .other: .text("%lld фото")]))
        #expect(c.entries["title"]?.localizations["de"]?.unit == .device(["ipad": .text("Lang"), "other": .text("Kurz")]))
        #expect(c.untranslatable == ["never"])
        // The key's place, for an editor's related location: line 3 (0-based), after 4 spaces.
        let place = c.entries["share"]?.place
        #expect(place?.columns == LineColumns(line: 3, utf8: 4..<11, utf16: 4..<11, scalars: 4..<11))
    }

    @Test func badInputIsALocatedDiagnosticNeverACrash() {
        // Not JSON: where json-c stopped.
        #expect(
            problems(#"{ "strings" : { "a" : } }"#) == [
                "invalid-catalog error: not valid JSON: unexpected character; the catalog is not read @ }"
            ])
        #expect(problems("") == ["invalid-catalog error: not valid JSON: the file is empty; the catalog is not read @ "])
        #expect(
            problems(#"{ "strings" : { "#) == ["invalid-catalog error: not valid JSON: unexpected end of JSON; the catalog is not read @ "])
        #expect(
            problems("[1, 2]") == [
                #"invalid-catalog error: a String Catalog is a JSON object with "sourceLanguage" and "strings"; the catalog is not read @ "#
            ])
        // A byte order mark: read, with a warning.
        let bom = "\u{FEFF}" + #"{ "sourceLanguage" : "en", "strings" : { } }"#
        #expect(
            problems(bom) == [
                "invalid-catalog warning: the catalog starts with a UTF-8 byte order mark, which Xcode does not write; remove it (the catalog is read) @ \u{FEFF}"
            ])
        // Wrong types, each at its value; the rest of the catalog is read.
        #expect(
            problems(
                """
                { "sourceLanguage" : 3, "strings" : {
                  "a" : [],
                  "b" : { "localizations" : { "de" : { "stringUnit" : { "value" : 7 } }, "fr" : \(Self.su("B")) } },
                  "c" : { "localizations" : "x" }
                } }
                """) == [
                    #"invalid-catalog error: "sourceLanguage" must be a language tag such as "en", not a number; "en" is used @ "sourceLanguage""#,
                    #"invalid-catalog error: "a" must be an object, not a list @ []"#,
                    #"invalid-catalog error: "b" › localizations › de › stringUnit › value must be a string, not a number @ 7"#,
                    #"invalid-catalog error: "c" › localizations must be an object of locale: localization, not a string @ "x""#,
                ])
        #expect(
            problems(#"{ "sourceLanguage" : "en", "strings" : [] }"#) == [
                #"invalid-catalog error: "strings" must be an object of key: entry @ "strings""#
            ])
        // A plural without `other`, an unknown category.
        #expect(
            problems(
                """
                { "sourceLanguage" : "en", "strings" : { "p" : { "localizations" : { "en" : { "variations" : { "plural" : {
                  "one" : \(Self.su("%lld item")), "several" : \(Self.su("%lld items")) } } } } } } }
                """) == [
                    #"invalid-catalog error: the plural variations of "p" (en) have no "other" form; add it (iOS falls back to it) @ "plural""#,
                    #"invalid-catalog error: "several" is not a plural category: use zero, one, two, few, many or other @ "several""#,
                ])
        // A substitution that names no argument, a %#@name@ that names no substitution.
        #expect(
            problems(
                """
                { "sourceLanguage" : "en", "strings" : { "s" : { "localizations" : { "en" : {
                  "stringUnit" : { "value" : "%#@count@ in %#@albums@" },
                  "substitutions" : { "count" : { "formatSpecifier" : "lld", "variations" : { "plural" : { "other" : \(Self.su("%arg photos")) } } } } } } } } }
                """) == [
                    #"invalid-catalog error: %#@albums@ in "s" (en) names no substitution; add "albums" to "substitutions" @ "%#@count@ in %#@albums@""#,
                    #"invalid-catalog error: substitution "count" of "s" (en) names no argument: add "argNum", the number of the argument it formats @ "count""#,
                ])
    }

    @Test func formatSpecifiersOfATranslationMustMatchTheSource() {
        #expect(
            problems(
                """
                { "sourceLanguage" : "en", "strings" : {
                  "a" : { "localizations" : { "en" : \(Self.su("%@ liked %lld posts")), "de" : \(Self.su("%2$lld Beiträge gefallen %1$@")),
                          "fr" : \(Self.su("%@ a aimé %@ posts")), "ja" : \(Self.su("%@ %lld %d")), "ru" : \(Self.su("понравилось")) } },
                  "%lld items" : { "localizations" : { "de" : \(Self.su("%lld Artikel")), "es" : \(Self.su("%@ artículos")) } }
                } }
                """) == [
                    #"format-mismatch error: the fr translation of "a" reads argument 2 as an object (%@), but the en text passes an integer (%lld); use the same specifier @ "%@ a aimé %@ posts""#,
                    #"format-mismatch error: the ja translation of "a" reads argument 3 as an integer (%lld), but the en text has no argument 3; remove it @ "%@ %lld %d""#,
                    #"format-mismatch error: the ru translation of "a" leaves out argument 1, an object (%@) in the en text; add it @ "понравилось""#,
                    #"format-mismatch error: the ru translation of "a" leaves out argument 2, an integer (%lld) in the en text; add it @ "понравилось""#,
                    #"format-mismatch error: the es translation of "%lld items" reads argument 1 as an object (%@), but the en text passes an integer (%lld); use the same specifier @ "%@ artículos""#,
                ])
    }

    @Test func pluralSamplesFollowCLDR() {
        #expect(PluralRules.samples(for: "en") == [.one: 1, .other: 0])
        #expect(PluralRules.samples(for: "ru") == [.one: 1, .few: 2, .many: 0, .other: 0.5])
        #expect(PluralRules.samples(for: "ar") == [.zero: 0, .one: 1, .two: 2, .few: 3, .many: 11, .other: 100])
        #expect(PluralRules.samples(for: "ja") == [.other: 0])
        #expect(PluralRules.samples(for: "fr")[.many] == 1_000_000)
        #expect(PluralRules.category(of: 21, in: "ru") == .one)
        #expect(PluralRules.category(of: 1, in: "pt-BR") == .one)
    }

    func plan(_ catalog: String, locales: [String]? = nil, pseudo: [PseudoLocale] = [], device: CatalogDevice = .iphone) -> MeasuringPlan {
        let catalog = Catalog.read(xcstrings: Array(catalog.utf8), path: "/x/L.xcstrings")
        return .over(Localizations(catalogs: [catalog]), locales: locales, pseudo: pseudo, device: device)
    }

    func texts(_ key: String, _ plan: MeasuringPlan, arguments: [SampleArgument]? = nil) -> [String] {
        TextVariants.variants(of: .localized(key: key, table: nil), arguments: arguments, plan: plan).variants.map { v in
            let device = v.device.map { " <\($0.rawValue)>" } ?? ""
            return "\(v.locale ?? "-")\(v.pluralForm.map { " [\($0)]" } ?? "")\(device)\(v.isFallback ? " (fallback)" : ""): \(v.text)"
        }
    }

    /// `.localized(key, defaultValue:)`: the development language's text where the table has
    /// none for the key (a key translated in de only), and where no table has the key.
    @Test func aDefaultValueIsTheDevelopmentTextWhereATableHasNone() {
        let p = plan(#"{ "sourceLanguage" : "en", "strings" : { "k" : { "localizations" : { "de" : \#(Self.su("Hallo")) } } } }"#)
        func shown(_ key: String, _ defaultValue: String?) -> [String] {
            TextVariants.variants(of: .localized(key: key, table: nil, defaultValue: defaultValue), arguments: nil, plan: p).variants.map {
                "\($0.locale ?? "-"): \($0.text)"
            }
        }
        #expect(shown("k", "Hello") == ["en: Hello", "de: Hallo"])
        #expect(shown("k", nil) == ["en: k", "de: Hallo"])
        #expect(shown("absent", "Hello").first == "en: Hello")
    }

    @Test func everyLocaleFormAndSubstitutionIsMeasured() {
        let p = plan(
            """
            { "sourceLanguage" : "en", "strings" : {
              "photos" : { "localizations" : {
                "en" : { "variations" : { "plural" : { "one" : \(Self.su("%lld photo")), "other" : \(Self.su("%lld photos")) } } },
                "ru" : { "variations" : { "plural" : { "one" : \(Self.su("%lld фото")), "few" : \(Self.su("%lld фотографии")),
                         "many" : \(Self.su("%lld фотографий")), "other" : \(Self.su("%lld фотографии")) } } },
                "ja" : { "variations" : { "plural" : { "other" : \(Self.su("写真%lld枚")) } } } } },
              "inbox" : { "localizations" : { "en" : { "stringUnit" : { "value" : "Hi %@, %#@n@" },
                "substitutions" : { "n" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                  "zero" : \(Self.su("no mail")), "one" : \(Self.su("%arg message")), "other" : \(Self.su("%arg messages")) } } } } } } },
              "title" : { "localizations" : { "en" : \(Self.su("Title")), "de" : { "variations" : { "device" : {
                  "ipad" : \(Self.su("Langer Titel")), "other" : \(Self.su("Titel")) } } } } },
              "size" : { "localizations" : { "en" : \(Self.su("%.1f GB of %@")) } }
            } }
            """)
        // The default sample, 1200, where it selects the form; else the first number that does (a
        // fraction for Russian's `other`, which %lld prints without its fraction).
        #expect(
            texts("photos", p) == [
                "en [one]: 1 photo", "en [other]: 1200 photos", "de [one] (fallback): 1 photo", "de [other] (fallback): 1200 photos",
                "ja [other]: 写真1200枚",
                "ru [one]: 1 фото", "ru [few]: 2 фотографии", "ru [many]: 1200 фотографий", "ru [other]: 0 фотографии",
            ])
        #expect(
            texts("inbox", p, arguments: [.string("Alexandra"), .number(3)]) == [
                "en [zero]: Hi Alexandra, no mail", "en [one]: Hi Alexandra, 1 message", "en [other]: Hi Alexandra, 3 messages",
                "de [zero] (fallback): Hi Alexandra, no mail", "de [one] (fallback): Hi Alexandra, 1 message",
                "de [other] (fallback): Hi Alexandra, 3 messages",
                "ja [zero] (fallback): Hi Alexandra, no mail", "ja [one] (fallback): Hi Alexandra, 1 message",
                "ja [other] (fallback): Hi Alexandra, 3 messages",
                "ru [zero] (fallback): Hi Alexandra, no mail", "ru [one] (fallback): Hi Alexandra, 1 message",
                "ru [other] (fallback): Hi Alexandra, 3 messages",
            ])
        #expect(texts("title", plan(p.localizations.catalogs[0], ["en", "de"])) == ["en: Title", "de <other>: Titel"])
        let ipad = plan(p.localizations.catalogs[0], ["de"]).forDevice(.ipad)
        #expect(texts("title", ipad) == ["de <ipad>: Langer Titel"])
        // Defaults for arguments without a sample; a sample of the wrong kind gets the default.
        #expect(texts("size", plan(p.localizations.catalogs[0], ["en"])) == ["-: 1200.5 GB of Alexandra"])
        #expect(texts("size", plan(p.localizations.catalogs[0], ["en"]), arguments: [.number(14.5), .number(3)]) == ["-: 14.5 GB of 3"])
        #expect(texts("size", plan(p.localizations.catalogs[0], ["en"]), arguments: [.string("x")]) == ["-: 1200.5 GB of Alexandra"])
    }

    func plan(_ catalog: Catalog, _ locales: [String]?) -> MeasuringPlan {
        .over(Localizations(catalogs: [catalog]), locales: locales)
    }

    @Test func pseudoLocalesTransformTheDevelopmentText() {
        let p = plan(
            #"{ "sourceLanguage" : "en", "strings" : { "s" : { "localizations" : { "en" : \#(Self.su("Settings for %@")) } } } }"#,
            locales: ["en"], pseudo: PseudoLocale.allCases)
        #expect(
            texts("s", p, arguments: [.string("Anna")]) == [
                "en: Settings for Anna", "double-length: Settings for Anna Settings for Anna", "accented: Ŝéţţîñĝš ƒöŕ Anna",
                "bounded: [# Settings for Anna #]", "right-to-left: Settings for Anna",
            ])
        let variants = TextVariants.variants(of: .localized(key: "s", table: nil), arguments: nil, plan: p).variants
        #expect(variants.map(\.language) == [nil, "en", "en", "en", "en-Arab"])
    }

    @Test func legacyTablesAreOneTable() throws {
        let stringsdict = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>photos</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>%d Foto</string>
                  <key>other</key><string>%d Fotos</string>
                </dict>
              </dict>
              <key>broken</key><string>x</string>
            </dict></plist>
            """
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in "/* c */ \"share\" = \"Teilen\";\n".utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let c = Catalog.read(legacy: [
            ("/x/en.lproj/Localizable.strings", Array("\"share\" = \"Share\"; // c\n\"bye\" = \"Bye\";".utf8)),
            ("/x/de.lproj/Localizable.strings", utf16),
            ("/x/de.lproj/Localizable.stringsdict", Array(stringsdict.utf8)),
            ("/x/fr.lproj/Localizable.strings", [0x22, 0xFF, 0x22]),
        ])
        #expect(c.table == "Localizable")
        #expect(c.entries["share"]?.localizations["de"]?.unit == .text("Teilen"))
        #expect(c.entries["bye"]?.localizations["en"]?.unit == .text("Bye"))
        let photos = try #require(c.entries["photos"]?.localizations["de"])
        #expect(photos.unit == .text("%#@n@"))
        #expect(
            photos.substitutions["n"]
                == CatalogSubstitution(argNum: 1, formatSpecifier: "d", plural: [.one: "%arg Foto", .other: "%arg Fotos"]))
        #expect(
            c.problems.map { "\($0.path): \($0.diagnostics.map(\.message))" } == [
                #"/x/de.lproj/Localizable.stringsdict: ["\"broken\" must be a dictionary"]"#,
                #"/x/fr.lproj/Localizable.strings: ["not UTF-8 or UTF-16 text; save it as UTF-8 (the file is not read)"]"#,
            ])
        #expect(
            c.problems.first?.diagnostics.first?.range == offset(
                of: "<key>broken</key>", in: stringsdict)..<(offset(of: "<key>broken</key>", in: stringsdict) + 17))
        let p = MeasuringPlan.over(Localizations(catalogs: [c]), locales: ["de"])
        #expect(texts("photos", p) == ["de [one]: 1 Foto", "de [other]: 1200 Fotos"])
    }

    /// A translation in a `.strings` or `.stringsdict` file whose format specifiers differ from
    /// the source's is `format-mismatch`, in the translation's file at its key.
    @Test func legacyTablesGetFormatMismatch() {
        let en = "\"greeting\" = \"Hello, %@!\";\n\"count\" = \"%lld items\";\n\"fine\" = \"%d of %d\";\n"
        let de = "/* Begrüßung */\n\"greeting\" = \"Hallo, %d!\";\n\"count\" = \"%lld Artikel\";\n\"fine\" = \"%2$d von %1$d\";\n"
        let ja = "\"count\" = \"%lld 個 %@\";\n"
        let c = Catalog.read(legacy: [
            ("/x/en.lproj/Localizable.strings", Array(en.utf8)),
            ("/x/de.lproj/Localizable.strings", Array(de.utf8)),
            ("/x/ja.lproj/Localizable.strings", Array(ja.utf8)),
        ])
        #expect(
            c.problems.map { p in
                "\(p.path): "
                    + p.diagnostics.map { "\($0.code.rawValue) \(String(decoding: p.text[$0.range], as: UTF8.self)) \($0.message)" }.joined(
                        separator: " | ")
            } == [
                #"/x/de.lproj/Localizable.strings: format-mismatch "greeting" the de translation of "greeting" reads argument 1 as an integer (%lld), but the en text passes an object (%@); use the same specifier"#,
                #"/x/ja.lproj/Localizable.strings: format-mismatch "count" the ja translation of "count" reads argument 2 as an object (%@), but the en text has no argument 2; remove it"#,
            ])
    }

    /// Keys that differ only in Unicode normalisation are two keys, as in iOS (an `NSDictionary`
    /// compares code units); `.localized` finds only the key written with the same scalars.
    @Test func keysCompareByTheirExactScalars() {
        let nfc = "Caf\u{E9}", nfd = "Cafe\u{301}"
        #expect(nfc == nfd)  // what String's == says, and the catalog must not
        let catalog = Catalog.read(
            xcstrings: Array(
                """
                { "sourceLanguage" : "en", "strings" : {
                  "\(nfc)" : { "localizations" : { "de" : \(Self.su("NFC")) } },
                  "\(nfd)" : { "localizations" : { "de" : \(Self.su("NFD")) } } } }
                """.utf8), path: "/x/Localizable.xcstrings")
        #expect(catalog.keys.map { Array($0.unicodeScalars) } == [Array(nfc.unicodeScalars), Array(nfd.unicodeScalars)])
        #expect(catalog.entries[LocalizationKey(nfc)]?.localizations["de"]?.unit == .text("NFC"))
        #expect(catalog.entries[LocalizationKey(nfd)]?.localizations["de"]?.unit == .text("NFD"))
        // Each key at its own place.
        #expect(catalog.entries[LocalizationKey(nfc)]?.place?.range != catalog.entries[LocalizationKey(nfd)]?.place?.range)
        let legacy = Catalog.read(legacy: [
            ("/x/de.lproj/Localizable.strings", Array("\"\(nfc)\" = \"NFC\";\n\"\(nfd)\" = \"NFD\";\n".utf8))
        ])
        #expect(legacy.keys.count == 2)
        #expect(legacy.entries[LocalizationKey(nfd)]?.localizations["de"]?.unit == .text("NFD"))
        // Looked up: the text measured is the one of the key as written.
        let p = MeasuringPlan.over(Localizations(catalogs: [legacy]), locales: ["de"])
        #expect(texts(nfc, p) == ["de: NFC"])
        #expect(texts(nfd, p) == ["de: NFD"])
        #expect(Localizations(catalogs: [legacy]).hasKey(LocalizationKey(nfc)))
        #expect(Localizations(catalogs: [legacy]).developmentText(LocalizationKey(nfd)) == nfd)
        // A key only in one form: the other form is not in the table.
        let only = Localizations(catalogs: [Catalog.read(legacy: [("/x/en.lproj/L.strings", Array("\"\(nfc)\" = \"x\";".utf8))])])
        #expect(only.hasKey(LocalizationKey(nfc)))
        #expect(!only.hasKey(LocalizationKey(nfd)))
        #expect(only.developmentText(LocalizationKey(nfc)) == "x")
        #expect(only.developmentText(LocalizationKey(nfd)) == nil)
        #expect(only.entry(nfd, table: nil) == nil)
        let w = workspace(["a": "label A { text: .localized(\"\(nfd)\"); width: 300 }"])
        w.localizations = only
        #expect(w.diagnostics(for: "a").map(\.message) == ["no String Catalog has the key '\(nfd)'; add it or fix the key"])
    }

    /// A `localizations` key or an `.lproj` folder that is not a locale name is reported at its
    /// place and skipped; names Xcode writes are taken.
    @Test func localeNamesAreChecked() {
        let long = String(repeating: "x", count: 10_000)
        let text = """
            { "sourceLanguage" : "en", "strings" : { "k" : { "localizations" : {
              "de DE" : \(Self.su("a")), "../x" : \(Self.su("b")), "" : \(Self.su("c")), "\(long)" : \(Self.su("d")),
              "de" : \(Self.su("e")), "pt-BR" : \(Self.su("f")), "zh_Hans" : \(Self.su("g")), "es-419" : \(Self.su("h")),
              "sr-Latn-RS" : \(Self.su("i")), "Base" : \(Self.su("j")), "d" : \(Self.su("k")), "de-" : \(Self.su("l")),
              "1a" : \(Self.su("m")), "de-toolongsub" : \(Self.su("n")) } } } }
            """
        let shownLong = "\"" + String(repeating: "x", count: 40) + "…\""
        let use = "use a language code such as \"de\" or \"pt-BR\" (this localization is not read)"
        #expect(
            problems(text) == [
                #"invalid-catalog error: "de DE" is not a locale: \#(use) @ "de DE""#,
                #"invalid-catalog error: "../x" is not a locale: \#(use) @ "../x""#,
                #"invalid-catalog error: "" is not a locale: \#(use) @ """#,
                "invalid-catalog error: \(shownLong) is not a locale: \(use) @ \"\(long)\"",
                #"invalid-catalog error: "d" is not a locale: \#(use) @ "d""#,
                #"invalid-catalog error: "de-" is not a locale: \#(use) @ "de-""#,
                #"invalid-catalog error: "1a" is not a locale: \#(use) @ "1a""#,
                #"invalid-catalog error: "de-toolongsub" is not a locale: \#(use) @ "de-toolongsub""#,
            ])
        let c = Catalog.read(xcstrings: Array(text.utf8), path: "/x/L.xcstrings")
        #expect(c.locales == ["Base", "de", "en", "es-419", "pt-BR", "sr-Latn-RS", "zh_Hans"])
        // A folder: at the start of its file, which is not read.
        let legacy = Catalog.read(legacy: [
            ("/x/de DE.lproj/L.strings", Array("\"k\" = \"v\";".utf8)),
            ("/x/\(long).lproj/L.strings", Array("\"k\" = \"v\";".utf8)),
            ("/x/fr.lproj/L.strings", Array("\"k\" = \"v\";".utf8)),
        ])
        #expect(legacy.locales == ["en", "fr"])
        #expect(
            legacy.problems.map { p in p.diagnostics.map { "\(p.path): \($0.message) \($0.range)" } } == [
                [
                    #"/x/de DE.lproj/L.strings: the folder "de DE.lproj" is not named for a locale: use a language code such as "de.lproj" or "pt-BR.lproj" (the file is not read) 0..<0"#
                ],
                [
                    "/x/\(long).lproj/L.strings: the folder \(shownLong) is not named for a locale: use a language code such as \"de.lproj\" or \"pt-BR.lproj\" (the file is not read) 0..<0"
                ],
            ])
    }

    /// Old projects name their folders in English (`English.lproj`, `German.lproj`), which iOS's
    /// bundles still read as `en` and `de`: read as those languages, not refused.
    @Test func foldersNamedInEnglishAreTheirLanguages() {
        let legacy = Catalog.read(legacy: [
            ("/x/English.lproj/L.strings", Array("\"k\" = \"Key\";".utf8)),
            ("/x/German.lproj/L.strings", Array("\"k\" = \"Schlüssel\";".utf8)),
            ("/x/Japanese.lproj/L.strings", Array("\"k\" = \"キー\";".utf8)),
        ])
        #expect(legacy.problems.isEmpty)
        #expect(legacy.locales == ["de", "en", "ja"])
        #expect(legacy.entries["k"]?.localizations["de"]?.unit == .text("Schlüssel"))
    }
}
