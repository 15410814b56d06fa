import LabelVocabulary
import Testing

@testable import LabelMeasure

/// Hostile input to the measurement core: each gives a defined result or an error, never a trap.
@Suite struct MeasureBadInputTests {
    let measurer = Measurer()

    func layout(_ text: String, width: Double? = 100, lines: Int = 0, mode: LineBreakMode = .byWordWrapping) -> LabelLayout {
        var input = LabelLayoutInput(text: text)
        input.width = width
        input.numberOfLines = lines
        input.lineBreakMode = mode
        return try! measurer.layout(input).get()
    }

    @Test func emptyText() {
        let l = layout("")
        #expect(l.lines.isEmpty && l.height == 0 && !l.isTruncated)
    }

    @Test(arguments: [0.0, -50.0])
    func zeroOrNegativeWidthPutsOneGraphemePerLine(_ width: Double) {
        let l = layout("Hi you", width: width)
        #expect(l.lines.map(\.text) == ["H", "i", "y", "o", "u"])
        #expect(l.isClipped)
    }

    @Test func graphemeClustersAreNeverSplit() {
        let family = "👩‍👩‍👧‍👦"
        let flags = "🇫🇷🇩🇪🇯🇵"
        let combining = "e\u{301}e\u{301}e\u{301}e\u{301}"
        for text in [family + family + family, flags + flags, combining + combining + combining] {
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let l = layout(text, width: 10, mode: mode)
                #expect(l.lines.map(\.text).joined() == text)
                #expect(l.lines.allSatisfy { !$0.text.isEmpty })
            }
            let t = layout(text, width: 30, lines: 1, mode: .byTruncatingTail)
            #expect(t.lines.count == 1)
            #expect(text.hasPrefix(String(t.lines[0].text.dropLast())))
        }
    }

    /// Inter has no Hebrew or Arabic glyphs: they come from a fallback font, and wrap at word
    /// boundaries.
    @Test func rightToLeftText() {
        for text in ["שלום עולם, מה שלומך היום?", "مرحبا بالعالم، كيف حالك اليوم؟"] {
            let l = layout(text, width: 200)
            #expect(l.lines.count >= 2)
            #expect(l.lines.map(\.text).joined(separator: " ") == text)
        }
    }

    @Test func nulAndControlCharacters() {
        let l = layout("a\u{0}b\u{7}c", width: 200)
        #expect(l.lines.count == 1)
    }

    @Test func unknownFamilyAndUnreadableFontFile() throws {
        var input = LabelLayoutInput(text: "Hello")
        input.font = .custom(family: "No Such Family 123", size: 17, relativeTo: nil)
        #expect(try measurer.layout(input).get().missingFamily == "No Such Family 123")
        let broken = Measurer(fonts: FontResolver(systemFontFile: "/nonexistent/SF-Pro.otf"))
        #expect(throws: FontError.unreadableFile("/nonexistent/SF-Pro.otf")) { try broken.layout(LabelLayoutInput(text: "Hi")).get() }
    }

    @Test func oneMegabyteTextInOneLabel() {
        let text = String(repeating: "word ", count: 200_000)
        let l = layout(text, width: 300, lines: 1, mode: .byTruncatingTail)
        #expect(l.isTruncated && l.lines.count == 1)
        let wrapped = layout(text, width: 300, lines: 3, mode: .byWordWrapping)
        #expect(wrapped.lines.count == 3 && wrapped.isClipped)
    }
}
