import Foundation
import Testing

/// `.strings` files through the built binary (issue 23, point 6): a syntax error is an
/// `invalid-catalog` error at its place (UTF-16 files too) and the file adds no keys; escapes
/// are decoded.
@Suite struct StringsFileCommandTests {
    func project() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        func write(_ path: String, _ bytes: [UInt8]) throws {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try write("labelspec.json", Array("{}".utf8))
        try write("en.lproj/Localizable.strings", Array(#""k1" = "Caf\U00e9 au lait avec du sucre";"#.utf8) + [0x0A])
        try write("de.lproj/Localizable.strings", Array("\"k1\" = \"Eins\";\n\"k3\" \"Drei\";\n".utf8))
        // UTF-16 (little-endian, with its byte order mark), the ';' after "Un" missing.
        var fr: [UInt8] = [0xFF, 0xFE]
        for u in "/* é */ \"k1\" = \"Un\"\n\"k3\" = \"Trois\";\n".utf16 { fr += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        try write("fr.lproj/Localizable.strings", fr)
        try write("a.labelspec", Array("label A {\n    text: .localized(\"k1\")\n    width: 60\n}\n".utf8))
        return dir
    }

    @Test func syntaxErrorsAreReportedWhereTheyAreInGitHubFormat() throws {
        let result = try CLI.run(["check", "--format", "github", "a.labelspec"], in: try project())
        #expect(result.status == 1)
        // The de and fr files are not loaded (as in iOS): only en is measured, its \U00e9 decoded.
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                #"::error file=de.lproj/Localizable.strings,line=2,col=6,endLine=2,endColumn=12,title=invalid-catalog::expected '=' after the key "k3"; add it (iOS does not load this file)"#,
                #"::error file=fr.lproj/Localizable.strings,line=1,col=20,endLine=1,endColumn=20,title=invalid-catalog::expected ';' after the value of "k1"; add it (iOS does not load this file)"#,
                #"::warning file=a.labelspec,line=1,col=7,endLine=1,endColumn=8,title=truncates::truncates at .large: "Café…" (60 pt: width 60; and at 1 larger size)"#,
                String(CLI.standInNotice.dropLast()),
            ])
    }

    /// A UTF-16 file's problem is shown in its text (not its bytes) in the text format.
    @Test func aUTF16FilesExcerptIsItsText() throws {
        let result = try CLI.run(["check", "a.labelspec"], in: try project())
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("fr.lproj/") })
        #expect(
            Array(lines[at...(at + 2)]) == [
                #"fr.lproj/Localizable.strings:1:20: error: expected ';' after the value of "k1"; add it (iOS does not load this file) [invalid-catalog]"#,
                #"    /* é */ "k1" = "Un""#,
                "                       ^",
            ])
    }
}
