import LabelSpecSemantics
import TestSupport
import Testing

@testable import LabelLocalization
@testable import LabelSpecIDE

/// Files of many keys, each with a problem, read in linear time (docs/performance.md,
/// "Scaling": `catalogline`, `severity`, `legacystrings`): the places found are the ones a search
/// from the file's start (or the line's) finds for each key.
@Suite struct ManyKeysTests {
    /// A text built piece by piece, with the line and the columns (UTF-8, UTF-16, scalars) of
    /// where it ends, counted on as pieces are added.
    struct Builder {
        var bytes: [UInt8] = []
        var line = 0
        var utf8 = 0, utf16 = 0, scalars = 0

        mutating func add(_ piece: String) {
            for s in piece.unicodeScalars {
                if s == "\n" {
                    line += 1
                    (utf8, utf16, scalars) = (0, 0, 0)
                } else {
                    utf8 += String(s).utf8.count
                    utf16 += String(s).utf16.count
                    scalars += 1
                }
            }
            bytes += Array(piece.utf8)
        }

        /// Adds `piece` and returns its byte range and columns (one line).
        mutating func place(_ piece: String) -> (Range<Int>, LineColumns) {
            let (start, l, a, b, c) = (bytes.count, line, utf8, utf16, scalars)
            add(piece)
            return (start..<bytes.count, LineColumns(line: l, utf8: a..<utf8, utf16: b..<utf16, scalars: c..<scalars))
        }
    }

    static func su(_ v: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(v)"}}"# }

    /// A minified catalog (its keys on four lines of 5,000) of keys with
    /// two- to four-byte characters, every one a format mismatch: each key's line and columns,
    /// and each problem at its German value.
    @Test func aMinifiedCatalogsKeysAndProblemsArePlaced() {
        let n = 20_000
        var b = Builder()
        b.add(#"{"sourceLanguage":"en","version":"1.0","strings":{"#)
        var keys: [(String, LineColumns)] = []
        var values: [Range<Int>] = []
        for i in 0..<n {
            if i > 0 { b.add(i % 5_000 == 0 ? ",\n  " : ",") }
            let key = "é😀日\(i)"
            keys.append((key, b.place("\"\(key)\"").1))
            b.add(#":{"localizations":{"en":\#(Self.su("%d items")),"de":{"stringUnit":{"state":"translated","value":"#)
            values.append(b.place(#""%@ Dinge""#).0)
            b.add("}}}}")
        }
        b.add("}}")
        let c = Catalog.read(xcstrings: b.bytes, path: "/x/Localizable.xcstrings")
        #expect(c.keys.count == n)
        var wrong = 0
        for (key, columns) in keys where c.entries[LocalizationKey(key)]?.place?.columns != columns { wrong += 1 }
        #expect(wrong == 0)
        #expect(c.entries["é😀日12345"]?.place?.columns == keys[12345].1)
        let diagnostics = c.problems.flatMap(\.diagnostics)
        #expect(diagnostics.map(\.range) == values)
        #expect(diagnostics.allSatisfy { $0.code == .formatMismatch })
        #expect(
            diagnostics.last?.message
                == #"the de translation of "é😀日19999" reads argument 1 as an object (%@), but the en text passes an integer (%lld); use the same specifier"#
        )
    }

    /// A `labelspec.json` with many unknown top-level keys and severity codes on one line: each
    /// problem at its key (a key written twice: at the first), in the order of the text.
    @Test func aConfigurationOfManySeverityCodesPlacesEachProblem() {
        let n = 20_000
        var b = Builder()
        var expected: [(String, Range<Int>)] = []
        b.add(#"{"severity":{"#)
        for i in 0..<n {
            if i > 0 { b.add(",") }
            expected.append(("unknown diagnostic code 'bogus\(i)'", b.place("\"bogus\(i)\"").0))
            b.add(#":"warning""#)
        }
        b.add(#","truncates":"#)
        expected.append(("severity 'loud' is not one of error, warning, information, hint, off", b.place(#""loud""#).0))
        b.add(#","bogus7":"hint"},"#)
        for i in 0..<2_000 {
            expected.append(("unknown key 'extra\(i)'", b.place("\"extra\(i)\"").0))
            b.add(":1,")
        }
        let dup = b.place(#""dup""#).0
        b.add(#":1,"dup":2}"#)
        expected.append(("unknown key 'dup'", dup))
        let file = ConfigurationFile(path: "/x/labelspec.json", text: b.bytes)
        let got = file.diagnostics.map { ($0.message, $0.range) }
        #expect(got.count == expected.count)
        #expect(got.elementsEqual(expected) { $0 == $1 })
        #expect(file.diagnostics.allSatisfy { $0.code == .invalidConfiguration })
    }

    /// `.strings` tables of many keys, every translation a format mismatch: each problem at the
    /// first place its quoted key is written in the German file (a comment and a value that
    /// quote a key come first for two of them; an escaped quote in a value is not a key's).
    @Test func legacyTablesOfManyMismatchesPlaceEachAtItsKey() {
        let n = 10_000
        var en = Builder()
        var de = Builder()
        var places: [Int: Range<Int>] = [:]
        let comment = de.place(#"/* "key.5" */"#).0
        places[5] = (comment.lowerBound + 3)..<(comment.upperBound - 3)
        de.add("\n\"intro\" = ")
        places[7] = de.place(#""key.7""#).0
        de.add(";\n\"quoted\" = \"see \\\"key.8\\\"\";\n")
        for i in 0..<n {
            en.add("\"key.\(i)\" = \"%d items\";\n")
            let at = de.place("\"key.\(i)\"").0
            if places[i] == nil { places[i] = at }
            de.add(" = \"%@ Dinge\";\n")
        }
        let c = Catalog.read(legacy: [("/x/en.lproj/Localizable.strings", en.bytes), ("/x/de.lproj/Localizable.strings", de.bytes)])
        #expect(c.problems.map(\.path) == ["/x/de.lproj/Localizable.strings"])
        let diagnostics = c.problems.first?.diagnostics ?? []
        #expect(diagnostics.count == n)
        #expect(diagnostics.map(\.range) == (0..<n).map { places[$0]! })
        #expect(String(decoding: de.bytes[diagnostics[5].range], as: UTF8.self) == #""key.5""#)
        #expect(String(decoding: de.bytes[diagnostics[7].range], as: UTF8.self) == #""key.7""#)
        #expect(diagnostics[7].range.lowerBound < diagnostics[0].range.lowerBound)
        #expect(diagnostics[8].range.lowerBound > diagnostics[0].range.lowerBound)
        #expect(
            diagnostics[9999].message
                == #"the de translation of "key.9999" reads argument 1 as an object (%@), but the en text passes an integer (%lld); use the same specifier"#
        )
    }

    /// `KeyPlaces` finds what the search from the file's start finds, in random texts of quotes,
    /// escapes, line breaks and tags, for random keys (escaped quotes and `</key>` among them).
    @Test func keyPlacesAgreeWithTheSearch() {
        var rng = SplitMix64(seed: 20261126)
        let stringsPieces = ["\"", "\\", "n", "a", "b", "\n", "é", " = ", ";", "\\\"", "\"a\""]
        let xmlPieces = ["<key>", "</key>", "a", "b", "<", "/", "key>", "é", "<key>a</key>"]
        let keyChars = ["a", "b", "\"", "\\", "\n", "é", "n", "<", "/", "</key>", "<key>", "key>"]
        var disagreements: [String] = []
        for _ in 0..<3_000 {
            let strings = Array(
                (0..<Int.random(in: 0...40, using: &rng)).map { _ in stringsPieces.randomElement(using: &rng)! }.joined().utf8)
            let xml = Array((0..<Int.random(in: 0...40, using: &rng)).map { _ in xmlPieces.randomElement(using: &rng)! }.joined().utf8)
            let s = KeyPlaces(strings: strings)
            let x = KeyPlaces(xml: xml)
            for _ in 0..<8 {
                let key = (0..<Int.random(in: 0...4, using: &rng)).map { _ in keyChars.randomElement(using: &rng)! }.joined()
                if s.quotedKey(key) != LegacyStrings.quotedKey(key, in: strings) {
                    disagreements.append("strings \(String(decoding: strings, as: UTF8.self).debugDescription) key \(key.debugDescription)")
                }
                if x.keyElement(key) != LegacyStrings.keyElement(key, in: xml) {
                    disagreements.append("xml \(String(decoding: xml, as: UTF8.self).debugDescription) key \(key.debugDescription)")
                }
            }
        }
        #expect(disagreements.prefix(5) == [])
    }
}
