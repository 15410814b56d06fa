import LabelVocabulary
import Testing

@testable import LabelMeasure

/// Font fallback as iOS's cascade does it, pinned with Debian's Noto fonts (fonts-noto-core,
/// fonts-noto-cjk, fonts-noto-color-emoji) and DejaVu Sans: per grapheme cluster, the first font
/// that has all its glyphs.
@Suite struct FallbackTests {
    static let measurer = Measurer()

    func layout(
        _ text: String, width: Double? = nil, lines: Int = 0, mode: LineBreakMode = .byWordWrapping, language: String? = nil,
        font: FontSpec = .textStyle(.body)
    ) -> LabelLayout {
        measured(Self.measurer, text, width: width, lines: lines, mode: mode, font: font) { $0.language = language }
    }

    /// Lines as (text, width rounded to 1/100 pt).
    func lines(_ l: LabelLayout) -> [String] {
        l.lines.map { "\($0.text) \(Self.hundredths($0.width))" }
    }

    static func hundredths(_ w: Double) -> String {
        let n = Int((w * 100).rounded())
        let cents = n % 100
        return "\(n / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    /// The file name and face index of the font that draws each run of `text`.
    func runFaces(_ text: String, language: String? = nil, font: FontSpec = .textStyle(.body)) throws -> [String] {
        let primary = try Self.measurer.fonts.face(for: .system(weight: .regular), size: 17).get()
        let chain = Self.measurer.fonts.chain(for: primary, weight: .regular, language: language)
        return chain.runs(text[...]).map { run in
            "\(run.face.path.split(separator: "/").last!)#\(run.face.index):\(text[run.range])"
        }
    }

    @Test func latinTextIsOneRunOfTheSystemFont() throws {
        #expect(try runFaces("Hello, world") == ["Inter-Regular.otf#0:Hello, world"])
        #expect(layout("Hello, world").missingGlyphs.isEmpty)
    }

    @Test func eachScriptGoesToTheFontFontconfigPicks() throws {
        #expect(try runFaces("Hi 世界") == ["Inter-Regular.otf#0:Hi ", "NotoSansCJK-Regular.ttc#0:世界"])
        #expect(try runFaces("ไทย") == ["NotoSansThai-Regular.ttf#0:ไทย"])
        #expect(try runFaces("नमस्ते") == ["NotoSansDevanagari-Regular.ttf#0:नमस्ते"])
        #expect(try runFaces("שלום") == ["DejaVuSans.ttf#0:שלום"])
        #expect(try runFaces("سلام") == ["DejaVuSans.ttf#0:سلام"])
    }

    /// Han text takes the forms of the label's language: Noto Sans CJK's Japanese face in `ja`
    /// (and by default), the Simplified Chinese face in `zh-Hans`, Traditional in `zh-Hant`.
    @Test func hanFollowsTheLanguage() throws {
        #expect(try runFaces("直", language: "ja") == ["NotoSansCJK-Regular.ttc#0:直"])
        #expect(try runFaces("直", language: "zh-Hans") == ["NotoSansCJK-Regular.ttc#2:直"])
        #expect(try runFaces("直", language: "zh-Hant") == ["NotoSansCJK-Regular.ttc#3:直"])
        #expect(try runFaces("직", language: "ko") == ["NotoSansCJK-Regular.ttc#1:직"])
    }

    /// The fallback keeps the label's weight.
    @Test func fallbackKeepsTheWeight() throws {
        let primary = try Self.measurer.fonts.face(for: .system(weight: .bold), size: 17).get()
        let chain = Self.measurer.fonts.chain(for: primary, weight: .bold, language: "ja")
        #expect(chain.runs("設定"[...]).map { $0.face.path.split(separator: "/").last! } == ["NotoSansCJK-Bold.ttc"])
    }

    /// An italic label's fallbacks are asked at its slant (issue 39): a script whose family has
    /// an oblique face gets it; one without (Han) its upright, which iOS slants as it draws.
    @Test func italicFallbacksAreAskedAtTheSlant() throws {
        let primary = try Self.measurer.fonts.face(for: .system(weight: .regular, italic: true), size: 17).get()
        let chain = Self.measurer.fonts.chain(for: primary, weight: .regular, italic: true, language: nil)
        #expect(
            chain.runs("Hi שלום 世界"[...]).map { "\($0.face.path.split(separator: "/").last!)" } == [
                "Inter-Italic.otf", "DejaVuSans-Oblique.ttf", "Inter-Italic.otf", "NotoSansCJK-Regular.ttc",
            ])
        // The upright chain is unchanged.
        #expect(
            Self.measurer.fonts.chain(for: primary, weight: .regular, language: nil).runs("שלום"[...]).map {
                "\($0.face.path.split(separator: "/").last!)"
            } == ["DejaVuSans.ttf"])
    }

    @Test func emojiSequencesAreOneClusterInTheColourFont() throws {
        for emoji in ["👨‍👩‍👧‍👦", "👍🏽", "🇫🇷", "1️⃣", "❤️", "😀"] {
            #expect(try runFaces(emoji) == ["NotoColorEmoji.ttf#0:\(emoji)"])
            #expect(lines(layout(emoji)) == ["\(emoji) 21.17"])
        }
        // Text presentation (no VS16): the first font with the character, in black and white.
        // Text presentation (no VS16) of a character Inter has: Inter draws it.
        #expect(try runFaces("❤") == ["Inter-Regular.otf#0:❤"])
        #expect(try runFaces("☺") == ["DejaVuSans.ttf#0:☺"])
    }

    @Test func cjkLinesAndWidths() {
        let l = layout("設定を開いて通知をオンにしてください", width: 120)
        // 17 pt a character, less Noto Sans CJK JP's kerning of kana pairs, kept across the break
        // opportunities between them as Core Text keeps it shaping the line whole (0.51 pt a line);
        // a pair split by the line break ("てく") kerns neither line.
        #expect(lines(l) == ["設定を開いて通 118.49", "知をオンにして 118.49", "ください 68.00"])
    }

    @Test func thaiBreaksBetweenWords() {
        let l = layout("ขอบคุณที่ใช้บริการของเรา", width: 80)
        #expect(lines(l) == ["ขอบคุณที่ใช้ 79.63", "บริการของ 72.15", "เรา 20.04"])
    }

    @Test func hebrewArabicAndDevanagari() {
        // Widths: Chromium's less the system font's tracking on the spaces and commas Inter
        // draws (2 × 0.43 pt): 83.39, 94.56, 82.39 there.
        #expect(lines(layout("שלום עולם, מה שלומך היום?", width: 100)) == ["שלום עולם, 82.51", "מה שלומך 74.02", "היום? 39.01"])
        #expect(lines(layout("مرحبا بالعالم، كيف حالك اليوم؟", width: 120)) == ["مرحبا بالعالم، 94.11", "كيف حالك اليوم؟ 118.08"])
        #expect(lines(layout("नमस्ते दुनिया, आप कैसे हैं?", width: 100)) == ["नमस्ते दुनिया, 81.52", "आप कैसे हैं? 77.41"])
    }

    @Test func emojiWrapByCluster() {
        let l = layout("👨‍👩‍👧‍👦👍🏽🇫🇷1️⃣❤️", width: 50, mode: .byCharWrapping)
        #expect(lines(l) == ["👨‍👩‍👧‍👦👍🏽 42.33", "🇫🇷1️⃣ 42.33", "❤️ 21.17"])
    }

    @Test func combiningMarksStayWithTheirLetter() {
        #expect(lines(layout("Cafe\u{301} re\u{301}sume\u{301}", width: 60)) == ["Cafe\u{301} 35.88", "re\u{301}sume\u{301} 56.80"])
        #expect(lines(layout("Café résumé", width: 60)) == ["Café 35.88", "résumé 56.80"])
    }

    /// Tracking belongs to the system font: a fallback font's clusters get none.
    @Test func trackingAppliesToSystemFontClustersOnly() {
        let mixed = layout("A世").lines[0].width
        let latin = layout("A").lines[0].width
        #expect(abs(mixed - (latin + 17)) < 0.001)
    }

    @Test func aCharacterNoFontHasIsReported() {
        let l = layout("a\u{378}b\u{378}\u{379}")
        #expect(l.missingGlyphs == ["\u{378}", "\u{379}"])
        #expect(l.lines.count == 1)
        #expect(MissingGlyphs.describe("\u{378}") == "U+0378 (unassigned)")
        #expect(MissingGlyphs.describe("\u{10000}") == "U+10000 LINEAR B SYLLABLE B008 A")
        #expect(MissingGlyphs.package(for: "\u{10000}") == "fonts-noto-core")
        #expect(MissingGlyphs.package(for: "漢") == "fonts-noto-cjk")
        #expect(MissingGlyphs.package(for: "😀") == "fonts-noto-color-emoji")
        #expect(MissingGlyphs.package(for: "\u{F0000}") == nil)
    }

    @Test func configuredFallbacksComeBeforeFontconfig() throws {
        let fonts = FontResolver(fallbackFonts: [
            .family("Noto Sans Hebrew"), .file("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"),
        ])
        let primary = try fonts.face(for: .system(weight: .regular), size: 17).get()
        let chain = fonts.chain(for: primary, weight: .regular, language: nil)
        #expect(chain.runs("שלום"[...]).map { $0.face.path.split(separator: "/").last! } == ["NotoSansHebrew-Regular.ttf"])
        #expect(chain.runs("سلام"[...]).map { $0.face.path.split(separator: "/").last! } == ["NotoSansArabic-Regular.ttf"])
    }

    /// A `.custom` family that is not installed is drawn with the system font, as iOS does.
    @Test func missingCustomFamilyFallsBackToTheSystemFont() {
        let l = layout("Hello", font: .custom(family: "No Such Family 123", size: 17, relativeTo: nil))
        #expect(l.missingFamily == "No Such Family 123")
        #expect(l.lines == layout("Hello").lines)
    }
}
