import Foundation
import Testing

/// Byte order marks, invalid UTF-8, NUL characters in JSON keys and large String Catalogs (issue 10).
@Suite struct EncodingTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test func byteOrderMarkIsSkippedInEveryFile() throws {
        let dir = try CLI.temporaryDirectory()
        try Data(Self.bom + Array("label A { text: .localized(\"greeting\"); widht: 1 }\n".utf8)).write(
            to: dir.appendingPathComponent("a.labelspec"))
        try Data(Self.bom + Array(#"{ "severity": { "custom-color": "off" } }"#.utf8)).write(
            to: dir.appendingPathComponent("labelspec.json"))
        let catalog =
            #"{ "sourceLanguage": "en", "strings": { "greeting": { "localizations": { "en": { "stringUnit": { "value": "Hi" } } } } } }"#
        try Data(Self.bom + Array(catalog.utf8)).write(to: dir.appendingPathComponent("L.xcstrings"))
        let result = try CLI.run(["check", "a.labelspec"], in: dir)
        // No syntax error for the mark, the column after it as an editor shows it, the key found;
        // the catalog is read, with a warning (Xcode writes no mark).
        #expect(
            result.stdout == """
                L.xcstrings:1:1: warning: the catalog starts with a UTF-8 byte order mark, which Xcode does not write; remove it (the catalog is read) [invalid-catalog]
                    { "sourceLanguage": "en", "strings": { "greeting": { "localizations": { "en": { "stringUnit": { "val…
                    ^
                a.labelspec:1:41: error: unknown property 'widht'; did you mean 'width'? [unknown-property]
                    label A { text: .localized("greeting"); widht: 1 }
                                                            ^~~~~
                Checked 1 file: 1 error, 1 warning

                """ + CLI.standIn)
        #expect(result.stderr == "")
        #expect(result.status == 1)
        // format keeps the mark.
        let clean = dir.appendingPathComponent("b.labelspec")
        try Data(Self.bom + Array("label B { text: \"x\" }".utf8)).write(to: clean)
        #expect(try CLI.run(["format", "b.labelspec"], in: dir).status == 0)
        #expect(try [UInt8](Data(contentsOf: clean)) == Self.bom + Array("label B {\n    text: \"x\"\n}\n".utf8))
    }

    @Test func invalidUTF8IsAnErrorWhereverItIs() throws {
        let dir = try CLI.temporaryDirectory()
        let bytes: [UInt8] = Array("label A {\n    text: \"caf".utf8) + [0xE9] + Array("\"\n}\n// ".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        try Data(bytes).write(to: dir.appendingPathComponent("a.labelspec"))
        let result = try CLI.run(["check", "--format", "github", "a.labelspec"], in: dir)
        #expect(
            result.stdout == """
                ::error file=a.labelspec,line=2,col=15,endLine=2,endColumn=16,title=invalid-utf8::invalid UTF-8 (0xE9); save the file as UTF-8
                ::error file=a.labelspec,line=4,col=4,endLine=4,endColumn=6,title=invalid-utf8::invalid UTF-8 (0xFF 0xFE); save the file as UTF-8
                ::notice title=LabelSpec%3A stand-in fonts::Measured with stand-ins: Inter and Inter Display for SF Pro; Noto Sans for iOS's font for this script (their error: docs/measurement.md, "Stand-ins")

                """)
        #expect(result.status == 1)
    }

    /// A Latin-1 "©" (0xA9, a byte that only continues a UTF-8 sequence) is a column of its own,
    /// as every invalid byte is in the one line table (issue 25): the misspelled property after it
    /// is at column 22, where an editor that shows the byte as one character puts it.
    @Test func aStrayContinuationByteIsAColumn() throws {
        let dir = try CLI.temporaryDirectory()
        let bytes: [UInt8] = Array("label A { text: \"".utf8) + [0xA9] + Array("\"; widht: 1 }\n".utf8)
        try Data(bytes).write(to: dir.appendingPathComponent("a.labelspec"))
        let result = try CLI.run(["check", "--format", "github", "a.labelspec"], in: dir)
        #expect(
            result.stdout.contains("::error file=a.labelspec,line=1,col=18,endLine=1,endColumn=19,title=invalid-utf8::invalid UTF-8 (0xA9)")
        )
        #expect(result.stdout.contains("::error file=a.labelspec,line=1,col=22,endLine=1,endColumn=27,title=unknown-property::"))
    }

    @Test func nulInAConfigurationKeyIsRejected() throws {
        let dir = try CLI.temporaryDirectory()
        try Data("label A { text: \"x\" }\n".utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        // json-c would read the key as "severity" and apply it.
        try Data(#"{ "severity\u0000x": { "custom-color": "off" } }"#.utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let result = try CLI.run(["check", "--format", "github", "a.labelspec"], in: dir)
        #expect(
            result.stdout == """
                ::error file=labelspec.json,line=1,col=1,endLine=1,endColumn=1,title=invalid-configuration::key contains a NUL character

                """ + CLI.standInNotice)
        #expect(result.stderr == "")
        #expect(result.status == 2)
    }

    /// A 20 MB catalog: the whole json-c tree and its Swift copy took ~16× the file.
    @Test func largeCatalogIsReadInBoundedMemory() throws {
        let dir = try CLI.temporaryDirectory()
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        try Data("label A { text: .localized(\"k0\") }\n".utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        var text = #"{"sourceLanguage" : "en", "strings" : {"#
        for i in 0..<24_000 {
            if i > 0 { text += "," }
            text += "\n  \"k\(i)\" : {\"localizations\" : {"
            text += ["de", "en", "es", "fr", "ja"].map {
                #""\#($0)" : {"stringUnit" : {"state" : "translated", "value" : "Text \#(i) in \#($0), long enough to wrap"}}"#
            }.joined(separator: ", ")
            text += "}}"
        }
        text += "\n}, \"version\" : \"1.0\"}\n"
        try Data(text.utf8).write(to: dir.appendingPathComponent("L.xcstrings"))
        guard let kb = try OutputSafetyTests.peakKB(["check", dir.appendingPathComponent("a.labelspec").path]) else {
            print("skipped: /usr/bin/time is not installed")
            return
        }
        let fileKB = text.utf8.count / 1024
        #expect(kb < 3 * fileKB + 60_000, "peak \(kb) KB for a \(fileKB) KB catalog")
    }
}
