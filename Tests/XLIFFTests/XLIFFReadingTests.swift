import Foundation
import Testing

@testable import InterfaceBuilder
@testable import XLIFF

let fixtures = "Tests/Fixtures/XLIFF"

func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/\(name)")))
}

func read(_ bytes: [UInt8]) throws -> XLIFFDocument {
    switch XLIFFDocument.read(bytes) {
    case .success(let d): return d
    case .failure(let p): throw p
    }
}

@Suite struct XLIFFReadingTests {
    @Test func tokensTileEveryByteOfEachFixture() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures).sorted() where name.hasSuffix(".xliff") {
            let bytes = try fixture(name)
            guard case .success(let tokens) = XMLScanner.scan(bytes) else {
                if name.hasPrefix("invalid") { continue }
                Issue.record("\(name) not read")
                continue
            }
            var at = 0
            for t in tokens {
                #expect(t.range.lowerBound == at, "\(name)")
                at = t.range.upperBound
            }
            #expect(at == bytes.count, "\(name)")
        }
    }

    @Test func everyIdOfXcodesShapesIsDecodedAndParsed() throws {
        let d = try read(try fixture("matrix.xliff"))
        #expect(d.files.count == 1)
        #expect(d.files[0].original == "Localizable.xcstrings")
        #expect(d.files[0].targetLanguage == "de")
        #expect(d.namespacePrefix == nil && d.declaresNamespace)
        let ids = d.units.map { $0.id ?? "?" }
        #expect(
            ids == [
                "", "<>&\"Quote", "Back|==|device.ipad", "Back|==|device.other", "Files|==|device.iphone.plural.one",
                "Files|==|device.iphone.plural.other", "Files|==|device.other", "Generated", "Grüße 🙂", "Key\tTab", "Key\nBreak",
                "Key\rReturn", "Machine", "Photos %1$#@photos@ in %2$#@albums@",
                "Photos %1$#@photos@ in %2$#@albums@|==|substitutions.albums.plural.one",
                "Photos %1$#@photos@ in %2$#@albums@|==|substitutions.albums.plural.other",
                "Photos %1$#@photos@ in %2$#@albums@|==|substitutions.photos.plural.one",
                "Photos %1$#@photos@ in %2$#@albums@|==|substitutions.photos.plural.other", "Review", "Save",
                "Size %1$#@v.b@|==|substitutions.@v.b@.plural.other", "Starred|==|plural.one", "Starred|==|plural.other", "Untranslated",
                "Welcome", "a|==|b|==|plural.other", "plain|==|word",
            ])
        let parsed = ids.map(UnitID.catalog)
        #expect(parsed[2] == UnitID(key: "Back", device: "ipad"))
        #expect(parsed[4] == UnitID(key: "Files", device: "iphone", plural: "one"))
        #expect(parsed[14] == UnitID(key: "Photos %1$#@photos@ in %2$#@albums@", plural: "one", substitution: "albums"))
        #expect(parsed[20] == UnitID(key: "Size %1$#@v.b@", plural: "other", substitution: "v.b"))
        #expect(parsed[21] == UnitID(key: "Starred", plural: "one"))
        #expect(parsed[25] == UnitID(key: "a|==|b", plural: "other"))
        #expect(parsed[26] == UnitID(key: "plain|==|word"))
        #expect(parsed[0] == UnitID(key: ""))
    }

    @Test func targetsAreDecodedAsAReaderGivesThem() throws {
        let d = try read(try fixture("matrix.xliff"))
        func unit(_ id: String) -> XLIFFUnit { d.units.first { $0.id == id }! }
        #expect(unit("<>&\"Quote").target?.text == "Sag <>&\"hallo\"")
        #expect(unit("Key\tTab").target?.text == "Tab\thier")
        #expect(unit("Key\nBreak").target?.text == "Zeilen\numbruch")
        #expect(unit("Key\rReturn").target?.text == "Wagen\rrücklauf")
        #expect(unit("Machine").target?[attribute: "state-qualifier"] == "leveraged-mt")
        #expect(unit("Review").target?[attribute: "state"] == "needs-review-l10n")
        #expect(unit("Untranslated").target == nil)
        #expect(unit("Generated").notes.map { $0[attribute: "from"] } == ["auto-generated"])
        #expect(unit("Save").notes.map(\.text) == ["Saves the document"])
        // The target's content is exactly its bytes between the tags.
        let save = unit("Save").target!
        #expect(String(decoding: d.bytes[save.content], as: UTF8.self) == "Sichern")
        #expect(unit("Save").childIndent == Array("        ".utf8))
    }

    @Test func unitIdsOfStringsdictFilesAreReadFromTheEnd() {
        #expect(
            UnitID.stringsdict("/unit-time.%d-minute(s):dict/NSStringLocalizedFormatKey:dict/:string")
                == UnitID(key: "unit-time.%d-minute(s)", isFormat: true))
        #expect(
            UnitID.stringsdict("/unit-time.%d-minute(s):dict/d_unit_time:dict/one:dict/:string")
                == UnitID(key: "unit-time.%d-minute(s)", plural: "one", substitution: "d_unit_time"))
        #expect(UnitID.stringsdict("/a:dict/b:dict/v:dict/few:dict/:string") == UnitID(key: "a:dict/b", plural: "few", substitution: "v"))
        #expect(UnitID.stringsdict("/k:dict/v:dict/lots:dict/:string") == nil)
        #expect(UnitID.stringsdict("Save") == nil)
    }

    @Test func suffixesThatAreNoVariationArePartOfTheKey() {
        #expect(UnitID.catalog("k|==|device.phone") == UnitID(key: "k|==|device.phone"))
        #expect(UnitID.catalog("k|==|plural.lots") == UnitID(key: "k|==|plural.lots"))
        #expect(UnitID.catalog("k|==|device.ipad.plural") == UnitID(key: "k|==|device.ipad.plural"))
        #expect(UnitID.catalog("k|==|substitutions.a.b.plural.one") == UnitID(key: "k|==|substitutions.a.b.plural.one"))
        #expect(UnitID.catalog("k|==|substitutions.@a.b@.plural.one") == UnitID(key: "k", plural: "one", substitution: "a.b"))
        #expect(UnitID.catalog("k|==|substitutions.@@.plural.one") == UnitID(key: "k|==|substitutions.@@.plural.one"))
        #expect(UnitID.catalog("|==|plural.one") == UnitID(key: "", plural: "one"))
    }

    @Test func whatPlatformsWriteIsRead() throws {
        let d = try read(try fixture("platform.xliff"))
        func unit(_ id: String) -> XLIFFUnit { d.units.first { $0.id == id }! }
        #expect(unit("Inline").target?.text == "vorher Mitte %@ nachher")
        #expect(unit("Empty").target?.text == "")
        #expect(unit("Empty").target?.content.isEmpty == true)
        #expect(unit("CDATA").target?.text == "a <b> & c")
        #expect(d.bytes.last == UInt8(ascii: ">"))
    }

    @Test func aPrefixedNamespaceIsSaid() throws {
        let d = try read(try fixture("prefixed.xliff"))
        #expect(d.namespacePrefix == "ns0")
        #expect(d.units.map(\.id) == ["Save"])
        #expect(d.units[0].target?.text == "Sichern")
    }

    @Test(arguments: [
        (
            "<xliff version=\"1.2\"><file><body><trans-unit id=\"a\"><source>x</trans-unit></body></file></xliff>",
            "</trans-unit> where </source> was expected"
        ),
        ("<xliff version=\"2.0\"/>", "XLIFF 2.0 is not what Xcode reads: export and import XLIFF 1.2 (an .xcloc's Localized Contents)"),
        (
            "<!DOCTYPE x [<!ENTITY a \"b\">]><xliff/>",
            "a document type declaration is not read (entities could expand without bound); Xcode writes none"
        ),
        (
            "<xliff><a>&nbsp;</a></xliff>",
            "'&nbsp;' is not a reference XML knows (&lt; &gt; &amp; &quot; &apos; or a character number); write '&' as &amp;"
        ),
        (
            "<xliff><a>&#0;</a></xliff>",
            "'&#0;' is not a reference XML knows (&lt; &gt; &amp; &quot; &apos; or a character number); write '&' as &amp;"
        ),
        ("<xliff a='1' a='2'/>", "<xliff> has 'a' twice"),
        ("<xliff/><xliff/>", "a second root element <xliff>: a file has one"),
        ("<html/>", "the root element is <html>, not <xliff>: not an XLIFF file"),
        ("<xliff>", "<xliff> is not closed"),
        ("<xliff>\u{1}</xliff>", "a control character (1) XML does not allow at byte 7"),
        ("", "the file has no element"),
    ])
    func problemsAreSaidWithTheirPlace(_ input: String, _ message: String) {
        guard case .failure(let p) = XLIFFDocument.read(Array(input.utf8)) else {
            Issue.record("read: \(input)")
            return
        }
        #expect(p.message == message)
    }

    @Test func utf16IsRefused() {
        guard case .failure(let p) = XLIFFDocument.read([0xFF, 0xFE, 0x3C, 0x00]) else {
            Issue.record("read")
            return
        }
        #expect(p.message == "the file is UTF-16: translation files are read as UTF-8 (as Xcode writes them)")
    }

    /// The scanner accepts what libxml2 accepts, and reads the same text, on the fixtures
    /// changed one byte at a time (seeded).
    @Test func theScannerAgreesWithLibxml2() throws {
        let bases = [try fixture("matrix.xliff"), try fixture("platform.xliff"), try fixture("prefixed.xliff")]
        var rng = SeededGenerator(seed: 38)
        let alphabet = Array("<>&;/=\"' #x\t\nab".utf8)
        var agreed = 0
        for round in 0..<2000 {
            var bytes = bases[round % bases.count]
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[at] = alphabet.randomElement(using: &rng)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
                }
            }
            guard String(validating: bytes, as: UTF8.self) != nil else { continue }
            let ours = XMLScanner.scan(bytes)
            let events = TextCollector()
            let theirs = XMLReader.read(bytes, into: events)
            let oursOK = if case .success = ours { true } else { false }
            #expect(
                oursOK == (theirs == nil),
                "libxml2: \(theirs?.message ?? "-"), ours: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if oursOK, theirs == nil, case .success(let tokens) = ours {
                var text = ""
                var depth = 0
                for t in tokens {
                    switch t.kind {
                    case .startTag: if !t.selfClosing { depth += 1 }
                    case .endTag: depth -= 1
                    case .text where depth > 0: text += XLIFFText.decode(bytes, t.range)
                    case .cdata: text += XLIFFText.decode(bytes, (t.range.lowerBound + 9)..<(t.range.upperBound - 3), references: false)
                    default: break
                    }
                }
                #expect(text == events.text)
                agreed += 1
            }
        }
        #expect(agreed > 100)
    }
}

final class TextCollector: XMLEvents {
    var text = ""
    func wants(_ name: String) -> Bool { true }
    func skip() {}
    func start(_ tag: XMLStartTag) {}
    func end(_ name: String) {}
    func characters(_ text: String) { self.text += text }
    var stop: InterfaceBuilder.XMLProblem? { nil }
}

struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
