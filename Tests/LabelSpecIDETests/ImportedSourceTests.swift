import LabelSpecIDE
import Testing

/// `ImportedSource`: the source line `check` and the server both read, whether from a file's bytes
/// or from a document's buffer a few hundred bytes at a time.
@Suite struct ImportedSourceTests {
    /// What a source line says: the file it names, from the current folder, and the line's range.
    struct Found: Equatable {
        let source: String
        let range: Range<Int>
    }

    /// Both readers, which must agree; the file named, as seen from `spec`'s folder.
    static func read(_ text: String, spec: String = "Specs/Base.lproj/Main.labelspec") -> Found? {
        let bytes = Array(text.utf8)
        let whole = ImportedSource.line(bytes: bytes)
        var asked: [Range<Int>] = []
        let reading = ImportedSource.line(count: bytes.count) { range in
            asked.append(range)
            return Array(bytes[range])
        }
        #expect(whole == reading)
        // Never the whole of a large spec: its opening lines, at most the window.
        #expect(asked.allSatisfy { $0.upperBound <= ImportedSource.window })
        return whole.map { Found(source: $0.source(ofSpec: spec), range: $0.range) }
    }

    @Test func theLineIsReadFromTheOpeningComments() {
        let header = "// Imported from Main.storyboard by labelspec import: 1 label.\n"
        let line = "// labelspec:source ../../App/Base.lproj/Main.storyboard"
        let found = Self.read(header + line + "\n\nlabel A { text: \"a\" }\n")
        #expect(found?.source == "Specs/Base.lproj/../../App/Base.lproj/Main.storyboard")
        #expect(found?.range == 63..<(63 + 56))  // after the 63 bytes of the header line
        // A spec's last line, without a line break; a line ending in \r\n; an absolute path.
        #expect(Self.read(line)?.source == "Specs/Base.lproj/../../App/Base.lproj/Main.storyboard")
        #expect(Self.read(line + "\r\nlabel A {}\n")?.range == 0..<56)
        #expect(Self.read("// labelspec:source /App/Main.xib\n", spec: "Main.labelspec")?.source == "/App/Main.xib")
        #expect(Self.read(line + "\n", spec: "Main.labelspec")?.source == "../../App/Base.lproj/Main.storyboard")
    }

    @Test func noLineWhereItIsNotAnOpeningComment() {
        let line = "// labelspec:source Main.storyboard\n"
        #expect(Self.read("label A {}\n" + line) == nil)
        #expect(Self.read("/* a */\n" + line) == nil)
        #expect(Self.read("// labelspec:source \n") == nil)
        #expect(Self.read("// labelspec:source Ma\\u{0A}in.storyboard\n") == nil)
        #expect(Self.read("") == nil)
    }

    @Test func theLineMustEndWithinTheWindow() {
        // Long opening comments: read a window's worth, not more; a line ending past it is not read.
        let padding = String(repeating: "// " + String(repeating: "x", count: 96) + "\n", count: 600)  // 60,000 bytes
        let line = "// labelspec:source Main.storyboard\n"
        #expect(Self.read(padding + line + String(repeating: "label A {}\n", count: 10_000))?.source == "Specs/Base.lproj/Main.storyboard")
        let more = String(repeating: "// " + String(repeating: "x", count: 96) + "\n", count: 656)  // 65,600 bytes
        #expect(Self.read(more + line) == nil)
    }
}
