import Foundation
import Testing

@Suite struct FormatCommandTests {
    @Test func formatsInPlaceAndCheckReportsNothingAfterwards() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("a.labelspec")
        try Data("style S{font:.body;width:10}\nlabel L : S { text:\"x\" }".utf8).write(to: file)
        #expect(try CLI.run(["format", "--check", file.path]).status == 1)
        #expect(try CLI.run(["format", file.path]).status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == "style S {\n    font: .body\n    width: 10\n}\n\nlabel L: S {\n    text: \"x\"\n}\n")
        #expect(try CLI.run(["format", "--check", file.path]).status == 0)
    }

    @Test func refusesFilesWithSyntaxErrors() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("a.labelspec")
        let original = "label L { text \"x\" }"
        try Data(original.utf8).write(to: file)
        let result = try CLI.run(["format", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("has syntax errors"))
        #expect(try String(contentsOf: file, encoding: .utf8) == original)
    }

    @Test func diffShowsTheChange() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("a.labelspec")
        try Data("label L { text: \"x\" }\n".utf8).write(to: file)
        let result = try CLI.run(["format", "--diff", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("-label L { text: \"x\" }\n"))
        #expect(result.stdout.contains("+    text: \"x\"\n"))
    }

    @Test func shippedExamplesAreFormatted() throws {
        let result = try CLI.run(["format", "--check", "Examples/DesignSystem", "Examples/Mistakes.labelspec"])
        // Mistakes has syntax errors on purpose: it is refused, the design system is canonical.
        #expect(result.stdout == "")
        #expect(result.stderr == "labelspec: 'Examples/Mistakes.labelspec' has syntax errors; not formatted (see labelspec check Examples/Mistakes.labelspec)\n")
    }
}
