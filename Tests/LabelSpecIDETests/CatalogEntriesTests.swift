import LabelLocalization
import LabelSpecIDE
import LabelSpecSemantics
import Testing

/// The compact table of a catalog's entries (`CatalogEntries`): texts kept as ranges of one
/// buffer, other entries whole, both found by key and given back in the order keys were written.
@Suite struct CatalogEntriesTests {
    func legacy(_ files: [(String, String)]) -> Catalog {
        Catalog.read(legacy: files.map { ($0.0, Array($0.1.utf8)) })
    }

    func describe(_ e: CatalogEntry?) -> String {
        guard let e else { return "nil" }
        return e.localizations.sorted { $0.key < $1.key }.map { locale, l in
            switch l.unit {
            case .text(let s): return "\(locale)=\(s)\(l.substitutions.isEmpty ? "" : "+subs")"
            case .plural(let p): return "\(locale)=plural(\(p.keys.sorted().map(\.rawValue).joined(separator: ",")))"
            case .device(let d): return "\(locale)=device(\(d.keys.sorted().joined(separator: ",")))"
            }
        }.joined(separator: " ")
    }

    @Test func textsOfEveryLocaleAreKeptAndTheLastOfAKeyWins() {
        let c = legacy([
            ("/p/en.lproj/T.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"a\" = \"A2\";\n\"\" = \"empty key\";\n"),
            ("/p/de.lproj/T.strings", "\"b\" = \"Be\";\n\"c\" = \"Ce\";\n\"b\" = \"Be2\";\n"),
            ("/p/fr.lproj/T.strings", "\"b\" = \"Bé\";\n"),
        ])
        #expect(c.keys == ["a", "b", "", "c"])
        #expect(c.entries.count == 4)
        #expect(describe(c.entries["a"]) == "en=A2")
        #expect(describe(c.entries["b"]) == "de=Be2 en=B fr=Bé")
        #expect(describe(c.entries[""]) == "en=empty key")
        #expect(describe(c.entries["c"]) == "de=Ce")
        #expect(c.entries["d"] == nil)
        #expect(!c.entries.contains("B"))
        #expect(c.locales == ["de", "en", "fr"])
        // In the order keys were first written, each with its entry.
        #expect(c.entries.map { "\($0.key): \(describe($0.value))" } == ["a: en=A2", "b: de=Be2 en=B fr=Bé", ": en=empty key", "c: de=Ce"])
    }

    /// A plural rule from a `.stringsdict` makes the entry whole; its other locales' texts stay.
    @Test func anEntryWithAPluralIsKeptWholeWithItsTexts() {
        let dict = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>n</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
              <key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>lld</string>
                <key>one</key><string>%lld item</string><key>other</key><string>%lld items</string></dict>
            </dict></dict></plist>
            """
        let c = legacy([
            ("/p/de.lproj/T.strings", "\"n\" = \"%lld Dinge\";\n\"m\" = \"M\";\n"),
            ("/p/en.lproj/T.stringsdict", dict),
            ("/p/fr.lproj/T.strings", "\"n\" = \"%lld choses\";\n"),
        ])
        #expect(c.keys == ["n", "m"])
        #expect(describe(c.entries["n"]) == "de=%lld Dinge en=%#@items@+subs fr=%lld choses")
        #expect(describe(c.entries["m"]) == "de=M")
    }

    /// Keys compare by their bytes, and a table of many keys (the index grown many times) finds
    /// every one of them and no other.
    @Test func manyKeysAreAllFound() {
        let n = 20_000
        var text = ""
        for i in 0..<n { text += "\"key\(i)\" = \"value \(i)\";\n" }
        let c = legacy([("/p/en.lproj/T.strings", text)])
        #expect(c.entries.count == n)
        #expect((0..<n).allSatisfy { describe(c.entries[LocalizationKey("key\($0)")]) == "en=value \($0)" })
        #expect(c.entries[LocalizationKey("key\(n)")] == nil)
        #expect(c.entries["key"] == nil)
        #expect(c.keys.prefix(3) == ["key0", "key1", "key2"])
    }
}
