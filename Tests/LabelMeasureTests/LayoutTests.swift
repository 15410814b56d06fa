import LabelVocabulary
import Testing

@testable import LabelMeasure

/// Exact line breaks, pinned for Inter (fonts-inter) through HarfBuzz and ICU, in every mode.
@Suite struct LayoutTests {
    static let measurer = Measurer()

    func layout(
        _ text: String, width: Double? = nil, lines: Int = 1, mode: LineBreakMode = .byTruncatingTail,
        font: FontSpec = .textStyle(.body), configure: (inout LabelLayoutInput) -> Void = { _ in }
    ) -> LabelLayout {
        measured(Self.measurer, text, width: width, lines: lines, mode: mode, font: font, configure: configure)
    }

    static let name = "Alexandra Fitzgerald-Montgomery"
    static let sentence = "Thanks for the deck! I left two comments on the launch timeline."

    @Test func wordWrapping() {
        let l = layout(Self.sentence, width: 200, lines: 0, mode: .byWordWrapping)
        #expect(l.lines.map(\.text) == ["Thanks for the deck! I left", "two comments on the", "launch timeline."])
        #expect(!l.isTruncated && !l.isClipped)
        #expect(l.lines.allSatisfy { $0.width <= 200 })
        #expect(l.height == 3 * 22)
    }

    @Test func wordWrappingWithALineLimitClips() {
        let l = layout(Self.sentence, width: 200, lines: 2, mode: .byWordWrapping)
        #expect(l.lines.map(\.text) == ["Thanks for the deck! I left", "two comments on the"])
        #expect(l.isClipped && !l.isTruncated)
    }

    @Test func charWrapping() {
        let l = layout(Self.name, width: 120, lines: 0, mode: .byCharWrapping)
        #expect(l.lines.map(\.text) == ["Alexandra Fitzg", "erald-Montgom", "ery"])
    }

    /// A 2,000-letter word with no break opportunity, at 80 pt: broken between letters into 229
    /// lines (pinned from the layout before the wrap stopped re-measuring the rest of the word
    /// for every line), the same by character wrapping and by word wrapping's fallback. The work is
    /// bounded: the letters shaped stay a small multiple of the word's length (measuring the rest
    /// of the word at each line shaped about 200,000).
    @Test func longUnbreakableWordWrapsInLinearWork() throws {
        var x: UInt32 = 1
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let word = String(
            (0..<2000).map { _ in
                x = x &* 1_103_515_245 &+ 12345
                x &= 0x7FFF_FFFF
                return letters[Int((x >> 16) % 26)]
            })
        let expected = [
            9, 9, 8, 8, 10, 9, 10, 9, 9, 9, 10, 8, 8, 9, 9, 7, 9, 9, 10, 9, 10, 9, 8, 8, 9, 8, 8, 10, 11, 8,
            9, 9, 9, 10, 10, 11, 8, 9, 8, 9, 8, 8, 8, 9, 8, 9, 7, 8, 8, 11, 10, 7, 9, 9, 8, 9, 10, 9, 10, 9,
            9, 8, 10, 10, 10, 9, 7, 8, 10, 10, 9, 8, 9, 10, 8, 9, 8, 10, 8, 9, 8, 9, 10, 10, 9, 7, 8, 9, 9, 9,
            9, 8, 9, 9, 8, 10, 9, 9, 8, 8, 9, 9, 9, 7, 9, 8, 8, 7, 8, 7, 9, 10, 8, 8, 8, 9, 10, 9, 8, 9,
            10, 8, 8, 8, 8, 8, 9, 9, 10, 9, 9, 8, 9, 9, 9, 9, 9, 8, 9, 8, 10, 8, 8, 9, 8, 9, 8, 8, 9, 10,
            8, 10, 9, 8, 10, 7, 8, 8, 10, 9, 7, 8, 8, 9, 8, 9, 10, 8, 8, 8, 8, 8, 8, 8, 8, 9, 8, 8, 7, 8,
            9, 9, 9, 9, 9, 8, 10, 8, 10, 10, 9, 9, 11, 8, 9, 11, 9, 11, 8, 8, 8, 9, 9, 8, 9, 8, 8, 9, 10, 10,
            7, 9, 8, 9, 9, 7, 7, 7, 8, 10, 11, 10, 9, 10, 8, 9, 9, 10, 4,
        ]
        for mode in [LineBreakMode.byCharWrapping, .byWordWrapping] {
            let measurer = Measurer(fonts: FontResolver(), cachesLayouts: false)
            var input = LabelLayoutInput(text: word)
            input.width = 80
            input.numberOfLines = 0
            input.lineBreakMode = mode
            let layout = try measurer.layout(input).get()
            #expect(layout.lines.map(\.text.count) == expected)
            #expect(layout.lines.prefix(3).map(\.text) == ["qmzrhlajo", "etbkwltzt", "viemhpfy"])
            #expect(layout.lines.map(\.text).joined() == word)
            #expect(!layout.isClipped && !layout.isTruncated)
            let face = try measurer.fonts.face(for: .system(weight: .regular), size: 17).get()
            #expect(face.shapedByteCount < 20 * word.utf8.count)
        }
    }

    /// A huge text in a label of a few lines: the wrap stops after those lines, and the
    /// truncation gallops from the start, so the letters shaped grow with what fits, not with
    /// the text (a 1 MB translation shaped about 2 MB, once per probe, before).
    @Test func truncatingAHugeTextShapesWhatFits() throws {
        let text = String(repeating: "Sehr lange Beschreibung ", count: 40_000)  // 960 KB
        for (mode, lines, shown) in [
            (LineBreakMode.byTruncatingTail, 2, ["Sehr lange Beschreibung Sehr", "lange Beschreibung Sehr lang…"]),
            (.byTruncatingHead, 1, ["…ung Sehr lange Beschreibung "]),
            (.byTruncatingMiddle, 1, ["Sehr lange Besc…Beschreibung "]),
            (.byClipping, 1, ["Sehr lange Beschreibung Sehr la"]),
        ] {
            let measurer = Measurer(fonts: FontResolver(), cachesLayouts: false)
            var input = LabelLayoutInput(text: text)
            input.width = 250
            input.numberOfLines = lines
            input.lineBreakMode = mode
            let layout = try measurer.layout(input).get()
            #expect(layout.lines.map(\.text) == shown, "\(mode)")
            let face = try measurer.fonts.face(for: .system(weight: .regular), size: 17).get()
            #expect(face.shapedByteCount < 20_000, "\(mode): \(face.shapedByteCount) bytes shaped")
        }
    }

    /// A long text is broken a window at a time, at the same opportunities as whole: words,
    /// Thai (ICU's dictionary), CJK, a line feed, and a word longer than a window.
    @Test func windowedSegmentsEqualTheWholeText() {
        let word = String(repeating: "x", count: 40_000)
        let text = String(repeating: "Mit Freunden teilen — 友達と共有します。 ภาษาไทยง่ายนิดเดียว 12.5% (neu)\n", count: 700) + word + " end"
        #expect(text.utf8.count > 4 * LineBreaks.Lazy.window)
        let whole = LineBreaks.segments(text).map { "\($0.text)|\($0.isHardBreak)" }
        let windowed = Array(LineBreaks.Lazy(text, language: nil)).map { "\($0.text)|\($0.isHardBreak)" }
        #expect(windowed.count == whole.count)
        #expect(windowed == whole)
        #expect(windowed.joined().count > 0 && Array(LineBreaks.Lazy("", language: nil)).isEmpty)
    }

    /// Cases where Chromium showed that summing single letters loses kerning: a piece of a word
    /// is measured as one shaped run.
    @Test func brokenWordsKeepTheirKerning() {
        func inter(_ size: Double) -> FontSpec { .custom(family: "Inter", size: size, relativeTo: nil) }
        #expect(
            layout("Two-Factor Authentication", width: 127, lines: 0, mode: .byCharWrapping, font: inter(13)).lines.map(\.text)
                == ["Two-Factor Authenti", "cation"])
        #expect(layout("AVAVAVAVAV", width: 100, lines: 0, mode: .byCharWrapping, font: inter(20)).lines.map(\.text) == ["AVAVAVAV", "AV"])
        #expect(
            layout("Verrouillage", width: 41, lines: 0, mode: .byWordWrapping, font: inter(12)).lines.map(\.text) == ["Verroui", "llage"])
        #expect(
            layout("автентифікація", width: 122, lines: 0, mode: .byWordWrapping, font: inter(18)).lines.map(\.text)
                == ["автентифікаці", "я"])
    }

    @Test func truncatingTailHeadAndMiddle() {
        #expect(layout(Self.name, width: 180, mode: .byTruncatingTail).lines.map(\.text) == ["Alexandra Fitzgerald-…"])
        #expect(layout(Self.name, width: 180, mode: .byTruncatingHead).lines.map(\.text) == ["…zgerald-Montgomery"])
        #expect(layout(Self.name, width: 180, mode: .byTruncatingMiddle).lines.map(\.text) == ["Alexandra…ontgomery"])
        let tail = layout(Self.name, width: 180)
        #expect(tail.isTruncated && !tail.isClipped && tail.lines[0].width <= 180)
    }

    @Test func truncatingTheLastOfSeveralLines() {
        let l = layout(Self.sentence, width: 200, lines: 2, mode: .byTruncatingTail)
        #expect(l.lines.map(\.text) == ["Thanks for the deck! I left", "two comments on the la…"])
        #expect(l.isTruncated)
    }

    @Test func clipping() {
        let l = layout("Download the latest version now", width: 150, mode: .byClipping)
        #expect(l.lines.map(\.text) == ["Download the lates"])
        #expect(l.isClipped && !l.isTruncated)
    }

    @Test func textThatFitsIsLeftAlone() {
        let l = layout("Inbox", width: 180)
        #expect(l.lines.map(\.text) == ["Inbox"] && !l.isTruncated && !l.isClipped && l.scale == 1)
    }

    @Test func noWidthMeansOneIntrinsicLinePerParagraph() {
        let l = layout("First line\nSecond line", lines: 0)
        #expect(l.lines.map(\.text) == ["First line", "Second line"])
        #expect(l.width == l.lines.map(\.width).max())
    }

    @Test func trailingSpacesHang() {
        let l = layout("Hello     world", width: 45, lines: 0, mode: .byWordWrapping)
        #expect(l.lines.map(\.text) == ["Hello", "world"])
    }

    @Test func dynamicTypeSizes() {
        #expect(layout("A").fontSize == 17)
        #expect(layout("A") { $0.contentSize = .accessibilityExtraExtraExtraLarge }.fontSize == 53)
        #expect(layout("A", font: .textStyle(.caption2)) { $0.contentSize = .extraSmall }.fontSize == 11)
        let custom = layout("A", font: .custom(family: "Inter", size: 20, relativeTo: .body)) { $0.contentSize = .extraExtraExtraLarge }
        #expect(abs(custom.fontSize - 20 * 23 / 17) < 0.001)
        #expect(layout("A", font: .system(size: 13, weight: .bold)) { $0.contentSize = .accessibilityLarge }.fontSize == 13)
    }

    @Test func autoshrinkFindsTheLargestScaleThatFits() throws {
        let l = layout(Self.name, width: 180) {
            $0.adjustsFontSizeToFitWidth = true
            $0.minimumScaleFactor = 0.5
        }
        #expect(!l.isTruncated && l.lines.count == 1 && l.lines[0].text == Self.name)
        #expect(l.scale < 1 && l.scale >= 0.5)
        // A quarter point more would not fit.
        var bigger = LabelLayoutInput(text: Self.name)
        bigger.width = 180
        bigger.font = .system(size: l.fontSize + 0.25, weight: .regular)
        #expect(try Self.measurer.layout(bigger).get().isTruncated)
    }

    @Test func autoshrinkStopsAtTheMinimumThenTruncates() {
        let l = layout(Self.name, width: 120) {
            $0.adjustsFontSizeToFitWidth = true
            $0.minimumScaleFactor = 0.8
        }
        #expect(l.isTruncated && l.scale == 0.8 && l.fontSize == 17 * 0.8)
        #expect(l.lines[0].text.hasSuffix("…"))
    }

    @Test func tighteningAvoidsTruncationWithinFivePercent() {
        let natural = layout(Self.name).lines[0].width
        let l = layout(Self.name, width: natural * 0.97) { $0.allowsDefaultTighteningForTruncation = true }
        #expect(l.isTightened && !l.isTruncated && l.lines[0].text == Self.name)
        let far = layout(Self.name, width: natural * 0.9) { $0.allowsDefaultTighteningForTruncation = true }
        #expect(far.isTruncated && !far.isTightened)
    }

    @Test func heightLimitsLines() {
        let l = layout(Self.sentence, width: 200, lines: 0, mode: .byTruncatingTail) { $0.height = 50 }
        #expect(l.lines.count == 2 && l.isTruncated)
        let tiny = layout("Hi", width: 200) { $0.height = 5 }
        #expect(tiny.isClipped)
    }

    @Test func swiftUILabelIconTakesWidth() {
        let plain = layout("Partly cloudy", width: 200)
        let withIcon = layout("Partly cloudy", width: 200) { $0.parts = .titleAndIcon }
        #expect(withIcon.iconWidth == 20 + 8)
        #expect(plain.lines == withIcon.lines)
        let iconOnly = layout("Partly cloudy", width: 200) { $0.parts = .iconOnly }
        #expect(iconOnly.lines.isEmpty && iconOnly.iconWidth == 20)
    }

    /// Layout inputs (and cached runs) are keyed by the text's bytes: "é" precomposed and
    /// decomposed are two inputs, as HarfBuzz shapes two different runs; equal bytes are equal
    /// inputs with equal hashes, whatever else is equal.
    @Test func inputsAreKeyedByTheirBytes() {
        let composed = LabelLayoutInput(text: "Caf\u{E9}")
        let decomposed = LabelLayoutInput(text: "Cafe\u{301}")
        #expect(composed.text == decomposed.text)  // Swift's String equality: canonical equivalence
        #expect(composed != decomposed)
        var again = LabelLayoutInput(text: String("xCaf\u{E9}".dropFirst()))
        #expect(again == composed && again.hashValue == composed.hashValue)
        again.contentSize = .accessibilityLarge
        #expect(again != composed)
        #expect(Set([composed, decomposed, LabelLayoutInput(text: "Caf\u{E9}")]).count == 2)
        #expect(ByteKey("Caf\u{E9}") != ByteKey("Cafe\u{301}") && ByteKey("ab") == ByteKey(String("xab".dropFirst())))
    }
}

/// A word of thousands of letters broken into many lines (a fuzz case: 80,000 hyphens in a
/// three-line autoshrinking label took 49 s): each line's length is searched near the last
/// line's (the first near what the word's mean width gives), not galloped to from one letter.
@Suite struct LongWordSearchTests {
    @Test func eachLineIsFoundNearTheLastOne() throws {
        let word = String(repeating: "-", count: 20_000)
        let measurer = Measurer(fonts: FontResolver(), cachesLayouts: false)
        var input = LabelLayoutInput(text: word)
        input.width = 2_000
        input.numberOfLines = 0
        input.lineBreakMode = .byWordWrapping
        let layout = try measurer.layout(input).get()
        #expect(layout.lines.count == 75)
        #expect(layout.lines.map(\.text).joined() == word)
        #expect(Set(layout.lines.dropLast().map(\.text.count)) == [270])
        let face = try measurer.fonts.face(for: .system(weight: .regular), size: 17).get()
        // The word once whole, each line about three times (and its piece once more).
        #expect(face.shapedByteCount < 6 * word.utf8.count, "\(face.shapedByteCount) bytes shaped")
    }
}
