import Foundation
import Testing

/// Issue 10, the output side: memory follows the input, not diagnostics × line length, and text
/// from a file cannot drive the terminal.
@Suite struct OutputSafetyTests {
    /// One line of ~430 KB with 3,000 diagnostics on it: a copy of the line per diagnostic would
    /// be 1.3 GB.
    static func longLineFile() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("long.labelspec")
        let text = "label A { /*" + String(repeating: "x", count: 400_000) + "*/ " + String(repeating: "widht: 1; ", count: 3_000) + "}"
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Peak resident memory of a run of the binary, in KB, through `/usr/bin/time -f %M`.
    static func peakKB(_ arguments: [String]) throws -> Int? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", CLI.binary.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        return lines.last.flatMap { Int($0) }
    }

    @Test(arguments: ["text", "json", "github", "sarif"])
    func memoryDoesNotGrowWithDiagnosticsTimesLineLength(_ format: String) throws {
        let file = try Self.longLineFile()
        guard let kb = try Self.peakKB(["check", "--format", format, file.path]) else {
            print("skipped: /usr/bin/time is not installed")
            return
        }
        // ~30 MB today; the old copy per diagnostic peaked at 1.3 GB.
        #expect(kb < 150_000, "peak \(kb) KB with --format \(format)")
    }

    @Test func longLineIsShownAsAWindowAroundTheColumn() throws {
        let file = try Self.longLineFile()
        let result = try CLI.run(["check", file.path])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The 1,000th unknown property: 60 columns before it, 100 from it, "…" on both sides.
        let column = 10 + 2 + 400_000 + 3 + 999 * 10 + 1
        let at = try #require(
            lines.firstIndex(of: "\(file.path):1:\(column): error: unknown property 'widht'; did you mean 'width'? [unknown-property]"))
        let before = String(String(repeating: "widht: 1; ", count: 6).suffix(60))
        let after = String(String(repeating: "widht: 1; ", count: 10).prefix(100))
        #expect(lines[at + 1] == "    …" + before + after + "…")
        #expect(lines[at + 2] == "    " + String(repeating: " ", count: 61) + "^~~~~")
        #expect(result.status == 1)
    }

    /// ESC, BEL and NUL from the file are shown escaped, in the excerpt and in messages.
    @Test func controlCharactersAreEscapedInText() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("esc.labelspec")
        try Data("label A {\n    text: \"x\"\n    w\u{1B}[2J\u{7}\u{0}: 1\n}\n".utf8).write(to: file)
        let result = try CLI.run(["check", file.path])
        let excerpt = "        w\\u{1B}[2J\\u{7}\\u{0}: 1"
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                "\(file.path):3:5: error: unknown property 'w'; remove it [unknown-property]", excerpt, "        ^",
                "\(file.path):3:6: error: expected ':' after the property name [syntax]", excerpt, "         ^",
                "\(file.path):3:6: error: expected a value [syntax]", excerpt, "         ^",
                "\(file.path):3:6: error: unexpected character '\\u{1B}'; remove it [syntax]", excerpt,
                "         ^" + String(repeating: "~", count: 21),
                "Checked 1 file: 4 errors, 0 warnings", String(CLI.standIn.dropLast()), "",
            ])
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func gitHubAnnotationsStayOneLineWithoutControlCharacters() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("esc.labelspec")
        try Data("label A {\n    text: \"x\"\n    w\u{1B}]0;title\u{7}: 1\n}\n".utf8).write(to: file)
        let result = try CLI.run(["check", "--format", "github", file.path])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        #expect(lines.count == 10)  // and the run's stand-in notice
        #expect(lines[8] == Substring(CLI.standInNotice.dropLast()))
        #expect(
            lines[3]
                == "::error file=\(file.path),line=3,col=6,endLine=3,endColumn=9,title=syntax::unexpected character '\\u{1B}'; remove it")
        #expect(
            lines[7]
                == "::error file=\(file.path),line=3,col=15,endLine=3,endColumn=19,title=syntax::unexpected character '\\u{7}'; remove it")
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// `measure` draws the label's text: an escape in the string reaches the output escaped.
    @Test func measureEscapesControlCharactersInTheText() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("m.labelspec")
        try Data("label A {\n    text: \"a\\u{1B}[31mred\"\n    width: 300\n}\n".utf8).write(to: file)
        let result = try CLI.run(["measure", "--content-size", "large", file.path])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)  // the header, the box (3), the summary, the contrast, the stand-ins
        #expect(lines[6] + "\n" == CLI.standInText)
        #expect(lines[2].hasPrefix("│a\\u{1B}[31mred "))
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(result.status == 0)
    }
}
