import Foundation
import LabelSpecSemantics
import TestSupport
import Testing

@testable import LabelLocalization
@testable import LabelSpecIDE

/// `.strings` files read as iOS reads them (issue 23, point 6): CoreFoundation's old-style
/// property list syntax, every syntax error an `invalid-catalog` diagnostic at its bytes, and a
/// file with one not loaded at all.
@Suite struct StringsFileTests {
    /// Each entry as `key=value` (escaped for reading) and each diagnostic as
    /// `severity: message @ covered text`.
    func read(_ text: String) -> (entries: [String], problems: [String]) {
        read(Array(text.utf8))
    }

    func read(_ bytes: [UInt8]) -> (entries: [String], problems: [String]) {
        let c = StringsFile.read(bytes)
        return (
            c.entries.map { "\($0.key)=\($0.value)" },
            c.diagnostics.map { d in "\(d.severity.rawValue): \(d.message) @ \(String(decoding: bytes[d.range], as: UTF8.self))" }
        )
    }

    @Test func aMissingEqualsSignIsAnErrorAndNothingIsRead() {
        let r = read("\"k1\" = \"Eins\";\n\"k3\" \"Drei\";\n\"k4\" = \"Vier\";\n")
        #expect(r.entries == [])
        #expect(r.problems == [#"error: expected '=' after the key "k3"; add it (iOS does not load this file) @ "Drei""#])
        let d = StringsFile.read(Array("\"k1\" = \"Eins\";\n\"k3\" \"Drei\";\n".utf8)).diagnostics
        #expect(d.map(\.range) == [20..<26])
        #expect(d.map(\.code) == [.invalidCatalog])
    }

    @Test func aMissingSemicolonIsAnError() {
        // Right after the value, where the ';' goes.
        let missing = "\"a\" = \"A\" // c\n\"b\" = \"B\";\n"
        #expect(
            StringsFile.read(Array(missing.utf8)).diagnostics.map { "\($0.message) \($0.range)" } == [
                #"expected ';' after the value of "a"; add it (iOS does not load this file) 9..<9"#
            ])
        // At the end of the file: an empty range there.
        let text = "\"a\" = \"A\";\n\"b\" = \"B\""
        let c = StringsFile.read(Array(text.utf8))
        #expect(c.entries.isEmpty)
        #expect(c.diagnostics.map(\.message) == [#"expected ';' after the value of "b"; add it (iOS does not load this file)"#])
        #expect(c.diagnostics.map(\.range) == [text.utf8.count..<text.utf8.count])
        #expect(read("\"a\"").problems == [#"error: expected '=' after the key "a"; add it (iOS does not load this file) @ "#])
        // At the end of the file: right after the key, not after the comment that follows it.
        #expect(StringsFile.read(Array("\"a\" /* c */\n".utf8)).diagnostics.map(\.range) == [3..<3])
        #expect(
            read("\"a\" = ").problems == [
                #"error: expected a value after '=' for "a"; add a quoted string (iOS does not load this file) @ "#
            ])
        #expect(
            read("\"a\" = ;").problems == [
                #"error: expected a value after '=' for "a", not ';'; write a quoted string (iOS does not load this file) @ ;"#
            ])
    }

    @Test func anUnterminatedStringIsAnErrorAtItsQuote() {
        let text = "\"a\" = \"A\";\n\"b\" = \"B;\n\"c\" = \"C\";"
        // The quote opening "B;\n…: the string runs to the next quote and then the rest does not parse;
        // a string that never closes is reported at its quote.
        #expect(
            read("\"a\" = \"A\";\n\"b\" = \"B;\n").problems == [
                #"error: the string has no closing "; add it (iOS does not load this file) @ ""#
            ])
        let c = StringsFile.read(Array(text.utf8))
        #expect(c.entries.isEmpty)
        #expect(c.diagnostics.map(\.message) == [#"expected ';' after the value of "b"; add it (iOS does not load this file)"#])
        #expect(read("'a' = 'it\\'s").problems == [#"error: the string has no closing '; add it (iOS does not load this file) @ '"#])
        // A backslash at the very end leaves the string open too.
        #expect(read("\"a\" = \"x\\").problems == [#"error: the string has no closing "; add it (iOS does not load this file) @ ""#])
    }

    @Test func escapesAreCoreFoundations() {
        let r = read(
            #"""
            "tab" = "Tab\there";
            "cr" = "a\rb";
            "controls" = "\a\b\f\v";
            "U" = "Caf\U00e9 \U00E9";
            "short U" = "\U41\U";
            "pair" = "\UD83D\UDE00";
            "lone" = "\UD83Dx";
            "octal" = "\101\1012\0";
            "nextstep" = "\351\200\376";
            "wrapped" = "\777";
            "others" = "\"\'\\\x\é";
            'single' = 'say "hi"';
            "newline" = "a\
            b";
            """#)
        #expect(r.problems == [])
        #expect(
            r.entries.map { $0.debugDescription }
                == [
                    "tab=Tab\there", "cr=a\rb", "controls=\u{7}\u{8}\u{C}\u{B}", "U=Café é", "short U=A\0", "pair=😀", "lone=\u{FFFD}x",
                    "octal=AA2\0", "nextstep=\u{D8}\u{A0}\0", "wrapped=\0", "others=\"'\\xé", "single=say \"hi\"", "newline=a\nb",
                ].map { $0.debugDescription })
    }

    @Test func unquotedStringsCommentsAndTheShortForm() {
        let r = read(
            """
            /* A comment; "x" = "y"; */
            // another "a" = "b";
            key_1 = value.2;
            $a+b/c:d-e = "v";
            "same";
            "sep"\u{2028}=\u{2029}"x";
            a=b;c=d;
            """)
        #expect(r.problems == [])
        #expect(r.entries == ["key_1=value.2", "$a+b/c:d-e=v", "same=same", "sep=x", "a=b", "c=d"])
        // An unquoted value stops at a character it cannot hold.
        #expect(
            StringsFile.read(Array("a = b c;".utf8)).diagnostics.map { "\($0.message) \($0.range)" } == [
                #"expected ';' after the value of "a"; add it (iOS does not load this file) 5..<5"#
            ])
        // A file of spaces and comments has no entries and no problem.
        #expect(read(" \n/* */ // x\n").problems == [])
        #expect(read("").problems == [])
    }

    /// Where a key should start, a character that cannot start one ends the table in iOS: the
    /// entries before it are read, the rest is not (an error all the same).
    @Test func aStrayCharacterEndsTheTable() {
        let r = read("\"a\" = \"A\";;\n\"b\" = \"B\";\n")
        #expect(r.entries == ["a=A"])
        #expect(r.problems == ["error: expected a key, not ';'; remove it (iOS ignores the rest of the file) @ ;"])
        // At the start of the file, iOS does not load the file.
        #expect(read(";\"a\" = \"A\";").entries == [])
        #expect(read(";\"a\" = \"A\";").problems == ["error: expected a key, not ';'; remove it (iOS does not load this file) @ ;"])
        #expect(
            read("\"a\" = \"A\";\n\u{7}").problems == [
                "error: expected a key, not U+0007; remove it (iOS ignores the rest of the file) @ \u{7}"
            ])
    }

    @Test func aFileInBracesIsOneDictionary() {
        #expect(read("{ \"a\" = \"A\"; b = B; }\n").entries == ["a=A", "b=B"])
        #expect(
            read("{ \"a\" = \"A\"; ").problems == [
                "error: expected '}' to close the '{' the file starts with; add it (iOS does not load this file) @ "
            ])
        #expect(
            read("{ \"a\" = \"A\"; ; }").problems == [
                "error: expected a key or '}', not ';'; remove it (iOS does not load this file) @ ;"
            ])
        #expect(
            read("{ \"a\" = \"A\"; } x").problems == [
                "error: unexpected 'x' after the closing '}'; remove it (iOS does not load this file) @ x"
            ])
        // A value that is a dictionary, an array or data is not text.
        #expect(
            read("\"a\" = ( \"x\" );").problems == [
                #"error: the value of "a" is an array, not a string; write a quoted string (the file is not read) @ ("#
            ])
    }

    @Test func anUnclosedCommentIsAWarning() {
        let r = read("\"a\" = \"A\";\n/* \"b\" = \"B\";\n")
        #expect(r.entries == ["a=A"])
        #expect(r.problems == ["warning: the comment has no closing '*/', so the rest of the file is part of it; close it @ /*"])
        #expect(
            read("\"a\" = /* \"A\";").problems == [
                #"error: expected a value after '=' for "a"; add a quoted string (iOS does not load this file) @ "#,
                "warning: the comment has no closing '*/', so the rest of the file is part of it; close it @ /*",
            ])
    }

    func utf16(_ text: String, bigEndian: Bool = false) -> [UInt8] {
        var out: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for u in text.utf16 { out += bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
        return out
    }

    /// UTF-16 files: ranges are in the file's bytes; a front end gets the file as UTF-8 with the
    /// same characters covered.
    @Test func utf16FilesPlaceProblemsAtTheirBytes() {
        let text = "/* é😀 */ \"k1\" = \"Eins\";\n\"k3\" \"Drei\";\n"
        for bigEndian in [false, true] {
            let bytes = utf16(text, bigEndian: bigEndian)
            let c = StringsFile.read(bytes)
            #expect(c.entries.isEmpty)
            // "Drei" starts at UTF-16 unit 30 of the text, after the 2-byte mark.
            let start = 2 + 2 * Array(text.utf16).firstIndex(of: 0x44)! - 2
            #expect(c.diagnostics.map(\.range) == [start..<(start + 12)])
            let p = CatalogProblems(path: "/x/de.lproj/L.strings", file: bytes, diagnostics: c.diagnostics)
            #expect(p.text == [0xEF, 0xBB, 0xBF] + Array(text.utf8))
            #expect(p.diagnostics.map { String(decoding: p.text[$0.range], as: UTF8.self) } == [#""Drei""#])
        }
        // Entries of a good file; a lone surrogate is placed at its code unit.
        #expect(StringsFile.read(utf16("\"a\" = \"é😀\";")).entries.map(\.value) == ["é😀"])
        var bad = utf16("\"a\" = \"x\";")
        bad.insert(contentsOf: [0x00, 0xD8], at: 8)
        #expect(
            StringsFile.read(bad).diagnostics.map { "\($0.message) \($0.range)" } == ["not valid UTF-16 text; the file is not read 8..<10"])
        #expect(StringsFile.read(utf16("\"a\" = \"x\";") + [0x20]).diagnostics.map(\.range) == [22..<23])
    }

    @Test func aByteOrderMarkAndBadUTF8() {
        let c = StringsFile.read([0xEF, 0xBB, 0xBF] + Array("\"a\" \"b\";".utf8))
        #expect(c.diagnostics.map(\.range) == [7..<10])
        #expect(
            read([0x22, 0x61, 0x22, 0x3D, 0x22, 0xFF, 0x22, 0x3B]).problems == [
                "error: not UTF-8 or UTF-16 text; save it as UTF-8 (the file is not read) @ \u{FFFD}"
            ])
    }

    /// Through a table: a file with a syntax error adds no keys, and its problem is on it.
    @Test func aTableWithABrokenFileHasNoneOfItsKeys() {
        let c = Catalog.read(legacy: [
            ("/x/en.lproj/Localizable.strings", Array("\"k1\" = \"One\";\n\"k3\" = \"Three\";\n".utf8)),
            ("/x/de.lproj/Localizable.strings", Array("\"k1\" = \"Eins\";\n\"k3\" \"Drei\";\n".utf8)),
        ])
        #expect(c.entries["k1"]?.localizations["de"] == nil)
        #expect(c.entries["k1"]?.localizations["en"]?.unit == .text("One"))
        #expect(c.problems.map(\.path) == ["/x/de.lproj/Localizable.strings"])
        #expect(
            c.problems.flatMap(\.diagnostics).map { "\($0.message) \($0.range)" } == [
                #"expected '=' after the key "k3"; add it (iOS does not load this file) 20..<26"#
            ])
    }

    /// Random bytes, and every cut of valid files, never crash, and a file takes time in
    /// proportion to its size.
    @Test func randomAndTruncatedFilesNeverCrash() {
        var rng = SplitMix64(seed: 23)
        let valid = #"""
            /* c */ "a" = "x\t\U00e9\101\"";
            // d
            b = 'c';
            "é😀";
            { "x" = "y"; }
            """#
        let bytes = Array(valid.utf8)
        for cut in 0...bytes.count {
            _ = StringsFile.read(Array(bytes[0..<cut]))
            _ = StringsFile.read(utf16(String(decoding: bytes[0..<cut], as: UTF8.self)))
        }
        let alphabet = Array("\"';={}()<>\\/*\n aU0178éx".utf8) + [0xFF, 0xFE, 0xD8, 0x00]
        for _ in 0..<3000 {
            let n = Int.random(in: 0...60, using: &rng)
            var b = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
            if Bool.random(using: &rng) { b = [0xFF, 0xFE] + b }
            let c = StringsFile.read(b)
            for d in c.diagnostics { #expect(d.range.lowerBound >= 0 && d.range.upperBound <= b.count) }
            _ = CatalogProblems(path: "x", file: b, diagnostics: c.diagnostics)
        }
        // Linear: 8× the text takes well under 8× × 3 the time (quadratic would be 64×).
        func seconds(_ bytes: [UInt8]) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = StringsFile.read(bytes)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        for piece in ["\"k\" = \"v\";\n", "/*", "\"", "\"\\U", ";", "a"] {
            let small = Array(String(repeating: piece, count: 20_000).utf8)
            let large = Array(String(repeating: piece, count: 160_000).utf8)
            let (s, l) = (seconds(small), seconds(large))
            #expect(l < max(s, 0.002) * 24, "\(piece.debugDescription): \(s) s → \(l) s")
        }
    }
}
