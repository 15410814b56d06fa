import LabelPresentation
import LabelSpecIDE
import LabelVocabulary
import Testing

@testable import LabelMeasure

/// Every script laid out right: bidirectional text, the language's line breaking, tabs, soft
/// hyphens, zero-width spaces and no-break spaces, pinned with Inter, Noto and DejaVu Sans.
@Suite struct ScriptTests {
    static let measurer = Measurer()

    func layout(
        _ text: String, width: Double? = nil, lines: Int = 0, mode: LineBreakMode = .byWordWrapping, language: String? = nil,
        configure: (inout LabelLayoutInput) -> Void = { _ in }
    ) -> LabelLayout {
        measured(Self.measurer, text, width: width, lines: lines, mode: mode, font: .textStyle(.body)) {
            $0.language = language
            configure(&$0)
        }
    }

    func lines(_ l: LabelLayout) -> [String] { l.lines.map { "\($0.text) \(FallbackTests.hundredths($0.width))" } }

    // MARK: Bidi

    /// Lines stay in logical order; what is drawn is in visual order, in the paragraph's
    /// direction (its first strong character).
    @Test func hebrewIsDrawnRightToLeft() {
        let l = layout("שלום עולם, מה שלומך היום?", width: 100)
        #expect(l.lines.map(\.text) == ["שלום עולם,", "מה שלומך", "היום?"])
        #expect(l.lines.allSatisfy { $0.isRightToLeft })
        #expect(l.lines.map(\.visualText) == [",םלוע םולש", "ךמולש המ", "?םויה"])
    }

    @Test func mixedDirections() {
        let ltr = layout("Hello שלום world").lines[0]
        #expect(!ltr.isRightToLeft && ltr.visualText == "Hello םולש world")
        let rtl = layout("שלום Hello עולם (123)").lines[0]
        #expect(rtl.isRightToLeft && rtl.visualText == "(123) םלוע Hello םולש")
        let arabic = layout("مرحبا 2024 بالعالم").lines[0]
        #expect(arabic.isRightToLeft && arabic.visualText == "ملاعلاب 2024 ابحرم")
        // Each paragraph has its own direction.
        let two = layout("English\nעברית").lines
        #expect(two.map(\.isRightToLeft) == [false, true])
    }

    /// A paragraph without a strong character takes the language's direction.
    @Test func neutralTextFollowsTheLanguage() {
        #expect(!layout("123 - 456").lines[0].isRightToLeft)
        #expect(layout("123 - 456", language: "ar").lines[0].isRightToLeft)
        #expect(layout("123 - 456", language: "ar").lines[0].visualText == "456 - 123")
        #expect(!layout("Hello", language: "he").lines[0].isRightToLeft)
    }

    /// Truncated at its logical end, a right-to-left line shows "…" at its visual end: the left.
    @Test func rightToLeftTruncationPutsTheEllipsisOnTheLeft() {
        let l = layout("שלום עולם, מה שלומך היום?", width: 100, lines: 1, mode: .byTruncatingTail)
        #expect(l.isTruncated)
        #expect(l.lines.map(\.text) == ["שלום עולם,…"])
        #expect(l.lines[0].visualText == "…,םלוע םולש")
        let head = layout("שלום עולם, מה שלומך היום?", width: 100, lines: 1, mode: .byTruncatingHead)
        #expect(head.lines[0].visualText.last == "…")
    }

    @Test func naturalAlignmentFollowsTheLanguage() {
        #expect(layout("Hi").alignment == .left)
        #expect(layout("Hi", language: "ar").alignment == .right)
        #expect(layout("Hi", language: "he-IL").alignment == .right)
        // The script subtag decides: Xcode's right-to-left pseudolanguage is en-Arab; Uzbek in
        // Arabic script is right to left, Kurdish in Latin script is not.
        #expect(layout("Hi", language: "en-Arab").alignment == .right)
        #expect(layout("Hi", language: "uz-Arab-AF").alignment == .right)
        #expect(layout("Hi", language: "ku-Latn").alignment == .left)
        #expect(layout("Hi", language: "ar") { $0.textAlignment = .center }.alignment == .center)
        #expect(layout("Hi", language: "ar") { $0.textAlignment = .left }.alignment == .left)
        #expect(layout("Hi") { $0.textAlignment = .justified }.alignment == .left)
    }

    /// Terminal cells (issue 27): an ideograph, kana, a fullwidth form or an emoji takes two, a
    /// mark or a joiner none, so boxes of CJK text line up with their frame.
    @Test func textDrawingsCountTerminalCells() {
        #expect(DisplayWidth.of("Hello") == 5)
        #expect(DisplayWidth.of("友達と共有") == 10)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("👍🏽🇯🇵") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{200D}\u{AD}") == 1)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("การตั้งค่า") == 7)  // ten characters, three of them marks
        let l = layout("友達と共有", width: 160, language: "ja")
        let box = Preview.box(l)
        let rows = box.split(separator: "\n")
        // Every row is as wide as the frame, in cells.
        #expect(Set(rows.map { DisplayWidth.of($0) }).count == 1, "\(box)")
        #expect(rows[1].hasPrefix("│友達と共有 "))
        let table = FitTable(variants: ["en", "日本語"], categories: [.large, .extraExtraExtraLarge]) { v, c in
            v == 1 && c == 1 ? "2 lines" : "fits"
        }
        let lines = table.text().split(separator: "\n")
        // The columns start at the same cell in every row.
        let header = lines[0]
        let column = DisplayWidth.of(header[..<header.range(of: ".extraExtraExtraLarge")!.lowerBound])
        #expect(DisplayWidth.of(lines[2][..<lines[2].range(of: "2 lines")!.lowerBound]) == column, "\(table.text())")
        // Bold Text columns (issue 39): beside each size's; with sizes as rows, beside each
        // variant's, and a hover shows at most `maxShownVariants` columns, pairs kept whole.
        let bold = FitTable(variants: ["en"], categories: [.large], boldTextColumns: true) { _, _, b in b ? "truncated" : "fits" }
        #expect(bold.text() == "        .large  .large (Bold Text)\nen      fits    truncated\n")
        let many = FitTable(variants: (0..<40).map { "l\($0)" }, categories: ContentSizeCategory.allCases, boldTextColumns: true) {
            _, _, b in b ? "b" : "p"
        }
        #expect(many.columns.prefix(3) == ["l0", "l0 (Bold Text)", "l1"])
        let heading = many.markdown().split(separator: "\n")[0]
        #expect(heading.hasSuffix("| l29 | l29 (Bold Text) |"), "\(heading)")
        #expect(many.markdown().hasSuffix("\n… 10 more locales and forms.\n"))
    }

    /// Previews draw lines in visual order, placed by the alignment.
    @Test func previewsDrawVisualOrderAligned() {
        let l = layout("שלום עולם", width: 120, language: "he")
        #expect(Preview.box(l) == "┌──────────────┐\n│     םלוע םולש│\n└──────────────┘\n")
        let centered = layout("Hi", width: 100) { $0.textAlignment = .center }
        #expect(Preview.box(centered) == "┌─────────────┐\n│     Hi      │\n└─────────────┘\n")
    }

    // MARK: Line breaking by language

    /// ICU's dictionaries break Thai, Lao, Khmer and Burmese between words.
    @Test func southeastAsianScriptsBreakBetweenWords() {
        #expect(lines(layout("ขอบคุณที่ใช้บริการของเรา", width: 80, language: "th")) == ["ขอบคุณที่ใช้ 79.63", "บริการของ 72.15", "เรา 20.04"])
        #expect(
            lines(layout("ຂອບໃຈຫຼາຍໆ ສຳລັບການບໍລິການ", width: 80, language: "lo")) == [
                "ຂອບໃຈ 52.98", "ຫຼາຍໆ 46.23", "ສຳລັບການ 74.54", "ບໍລິການ 53.42",
            ])
        #expect(lines(layout("សូមអរគុណសម្រាប់សេវាកម្ម", width: 80, language: "km")) == ["សូមអរគុណ 74.14", "សម្រាប់ 47.14", "សេវាកម្ម 52.73"])
        #expect(lines(layout("ကျေးဇူးတင်ပါတယ်", width: 60, language: "my")) == ["ကျေးဇူး 57.38", "တင်ပါ 46.19", "တယ် 38.25"])
    }

    /// CJK: a break between any two ideographs, never before closing punctuation.
    @Test func japaneseKeepsKinsoku() {
        #expect(
            lines(layout("キャンセルしますか？はい。", width: 60, language: "ja")) == ["キャン 51.00", "セルし 51.00", "ます 34.00", "か？は 51.00", "い。 34.00"])
        #expect(lines(layout("设置已保存，请重新启动应用。", width: 70, language: "zh-Hans")) == ["设置已保 68.00", "存，请重 68.00", "新启动应 68.00", "用。 34.00"])
    }

    /// Small kana and ー follow the language's strictness, as ICU's rules for it give: Japanese gets
    /// `line_normal` (CSS `line-break: normal`, Chromium's `auto` for `ja`), which allows a break
    /// before them; Chinese the default, strict rules, which do not. Neither lets "、" start a line.
    @Test func smallKanaFollowTheLanguagesStrictness() {
        #expect(layout("ごキャンセル、ちょっと", width: 35, language: "ja").lines.map(\.text) == ["ごキ", "ャン", "セ", "ル、", "ちょ", "っと"])
        #expect(
            layout("ごキャンセル、ちょっと", width: 35, language: "zh-Hans").lines.map(\.text) == ["ご", "キャ", "ンセ", "ル、", "ちょ", "っと"])
    }

    /// Core Text shapes a line as one run, so two characters with no space between them keep the
    /// font's kerning across the break opportunity between them: Noto Sans CJK JP kerns "ーザ"
    /// (−0.85 pt at 17 pt), and "して" fits in 271.5 pt (summed one character at a time, 272 pt did not).
    @Test func charactersWithNoSpaceBetweenKeepTheirKerning() {
        #expect(
            lines(layout("ユーザー名とパスワードを入力してください。", width: 271.5, language: "ja")) == [
                "ユーザー名とパスワードを入力して 271.15", "ください。 85.00",
            ])
        // A space between them: no pair, no kerning (the same width as before).
        #expect(lines(layout("ユー ザー", width: 1000, language: "ja")) == ["ユー ザー 72.35"])
        // A pair broken between two lines kerns neither: the second line is as wide as alone.
        #expect(lines(layout("ユーザーザー", width: 68, language: "ja")).last == lines(layout("ザー", width: 1000, language: "ja")).last)
    }

    /// UILabel's default strategy includes `.hangulWordPriority`: Korean breaks at spaces.
    @Test func koreanBreaksAtSpaces() {
        #expect(layout("동기화 완료됨", width: 90, language: "ko").lines.map(\.text) == ["동기화", "완료됨"])
        // A Korean word wider than the line is still broken between syllables.
        #expect(layout("마지막으로동기화됨", width: 60).lines.map(\.text) == ["마지막", "으로동", "기화됨"])
    }

    /// A word of a joining script broken between two letters is measured with the joined form
    /// the letter has in the word, as Chromium decides (Chromium's lines for these cases).
    @Test func arabicBrokenInsideAWordKeepsItsJoinedForm() {
        func inter(_ text: String, _ size: Double, _ width: Double, _ mode: LineBreakMode) -> [String] {
            measured(Self.measurer, text, width: width, lines: 0, mode: mode, font: .custom(family: "Inter", size: size, relativeTo: nil))
                .lines.map(\.text)
        }
        #expect(inter("استعادة المشتريات", 14, 45, .byCharWrapping) == ["استعادة", "المشتري", "ات"])
        #expect(inter("إضافة إلى السلة", 34, 211, .byCharWrapping) == ["إضافة إلى الس", "لة"])
        #expect(inter("متابعة", 15, 30, .byWordWrapping) == ["متابع", "ة"])
    }

    // MARK: Tabs, soft hyphens, zero-width and no-break spaces

    /// A tab advances to the next of 12 stops 28 pt apart; past the last, it is a space.
    @Test func tabsAdvanceToTabStops() {
        #expect(LayoutRules.tabStop(after: 0) == 28 && LayoutRules.tabStop(after: 27.9) == 28 && LayoutRules.tabStop(after: 28) == 56)
        #expect(LayoutRules.tabStop(after: 335) == 336 && LayoutRules.tabStop(after: 336) == nil)
        let b = layout("B").lines[0].width
        #expect(lines(layout("A\tB")) == ["A\tB \(FallbackTests.hundredths(28 + b))"])
        // "Name:" ends before 56, "Alexandra" before 140.
        #expect(lines(layout("Name:\tAlexandra\tFitzgerald")) == ["Name:\tAlexandra\tFitzgerald 215.58"])
        #expect(
            lines(layout("Name:\tAlexandra Fitzgerald-Montgomery", width: 150)) == [
                "Name:\tAlexandra 132.49", "Fitzgerald- 82.97", "Montgomery 98.26",
            ])
    }

    /// A line broken at a soft hyphen draws a hyphen and counts its width; elsewhere the soft
    /// hyphen is invisible. When the hyphen does not fit, the line breaks earlier.
    @Test func softHyphens() {
        let l = layout("Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrt", width: 90)
        #expect(lines(l) == ["Donau\u{AD} 57.02", "dampf\u{AD} 56.65", "schiff\u{AD}fahrt 78.58"])
        #expect(l.lines.map(\.isHyphenated) == [true, true, false])
        #expect(l.lines.map(\.visualText) == ["Donau-", "dampf-", "schifffahrt"])
        #expect(l.lines.map(\.shownText) == ["Donau-", "dampf-", "schiff\u{AD}fahrt"])
        // "Ab Donau" fits in 77 pt, "Ab Donau-" does not: the line ends before "Donau".
        #expect(lines(layout("Ab Donau\u{AD}dampfer", width: 77)) == ["Ab 21.19", "Donau\u{AD} 57.02", "dampfer 64.24"])
        // Alone on its line, "Donau-" does not fit 52 pt: no break at the soft hyphen, the word
        // is broken between letters (never just before a soft hyphen).
        #expect(lines(layout("Donau\u{AD}dampfer", width: 52)) == ["Dona 40.18", "u\u{AD}dam 43.07", "pfer 30.61"])
        let unbroken = layout("Donau\u{AD}dampf")
        #expect(abs(unbroken.lines[0].width - layout("Donaudampf").lines[0].width) < 1e-9 && !unbroken.lines[0].isHyphenated)
    }

    @Test func zeroWidthSpaceIsABreakWithoutWidth() {
        let l = layout("Benutzer\u{200B}einstellungen", width: 90)
        #expect(l.lines.map(\.text) == ["Benutzer\u{200B}", "einstellung", "en"])
        #expect(abs(layout("ab\u{200B}cd").lines[0].width - layout("abcd").lines[0].width) < 1e-9)
    }

    @Test func noBreakSpaceKeepsWordsTogether() {
        #expect(layout("Total: 100\u{A0}km", width: 80).lines.map(\.text) == ["Total:", "100\u{A0}km"])
        #expect(layout("Total: 100 km", width: 80).lines.map(\.text) == ["Total: 100", "km"])
    }
}
