import LabelMeasure
import LabelVocabulary
import TestSupport
import Testing

@testable import LabelLocalization
@testable import LabelSpecIDE

/// Issue 23, point 10: a localized text is made only as far as the label can show
/// (`LayoutInputs.showableBytes`); the layout of the cut text is the layout of the whole text.
@Suite struct ShowableTextTests {
    static let measurer = Measurer()

    /// Random texts (words, CJK, emoji, combining marks, line breaks), widths, line counts,
    /// fonts, modes and autoshrink: wherever a bound applies, the cut text lays out with the same
    /// lines, truncation, clipping, scale and size as the whole text.
    @Test func theCutTextLaysOutAsTheWholeText() {
        var rng = SplitMix64(seed: 10)
        let words = [
            "Share", "photos", "with", "friends", "Teilen", "友達と共有", "👨‍👩‍👧", "e\u{301}\u{302}", "\n", "—", "a", "supercalifragilistic",
        ]
        var cutCount = 0
        for _ in 0..<150 {
            var input = LabelLayoutInput(text: "")
            input.width = [40, 120, 200, 320].randomElement(using: &rng)!
            input.numberOfLines = [1, 2, 3].randomElement(using: &rng)!
            input.lineBreakMode = [.byTruncatingTail, .byWordWrapping, .byCharWrapping, .byClipping].randomElement(using: &rng)!
            input.font = [.textStyle(.body), .textStyle(.caption2), .system(size: 9, weight: .regular)].randomElement(using: &rng)!
            if Bool.random(using: &rng) {
                input.adjustsFontSizeToFitWidth = true
                input.minimumScaleFactor = [0.5, 0.75].randomElement(using: &rng)!
            }
            input.contentSize = [.extraSmall, .large].randomElement(using: &rng)!
            guard let limit = LayoutInputs.showableBytes(input, smallest: .extraSmall) else {
                Issue.record("no bound for \(input)")
                continue
            }
            let count = Int.random(in: 1...(limit / 3), using: &rng)
            var text = ""
            while text.utf8.count < count { text += words.randomElement(using: &rng)! + (Bool.random(using: &rng) ? " " : "") }
            let cut = TextVariants.cut(text, limit)
            if cut != text { cutCount += 1 }
            #expect(text.hasPrefix(cut))
            var whole = input
            whole.text = text
            var part = input
            part.text = cut
            let a = try? Self.measurer.layoutUncached(whole).get()
            let b = try? Self.measurer.layoutUncached(part).get()
            #expect(
                a?.lines.map(\.text) == b?.lines.map(\.text), "\(input.font) \(input.width!) \(input.numberOfLines) \(input.lineBreakMode)")
            #expect(a?.isTruncated == b?.isTruncated && a?.isClipped == b?.isClipped && a?.scale == b?.scale && a?.fontSize == b?.fontSize)
        }
        #expect(cutCount > 20)
    }

    /// No bound where the label can show any text: no width, no line limit, head or middle
    /// truncation (they show the end), autoshrink without a minimum scale.
    @Test func noBoundWhereAnyTextCanShow() {
        var input = LabelLayoutInput(text: "")
        input.width = 200
        #expect(LayoutInputs.showableBytes(input, smallest: .large) == 2 * 590 * 64)  // one line and the next
        // As many lines as an Int holds (the fuzz campaign's cli:2591996355 trapped on the overflow).
        var most = input
        most.numberOfLines = .max
        #expect(LayoutInputs.showableBytes(most, smallest: .large) == nil)
        for change in [
            { (i: inout LabelLayoutInput) in i.width = nil }, { $0.numberOfLines = 0 }, { $0.lineBreakMode = .byTruncatingMiddle },
            { $0.lineBreakMode = .byTruncatingHead }, { $0.adjustsFontSizeToFitWidth = true },
        ] {
            var i = input
            change(&i)
            #expect(LayoutInputs.showableBytes(i, smallest: .large) == nil)
        }
    }

    /// The issue's shape: 45 substitutions of 300 words each, a two-line label. Each variant is
    /// made only as far as the label can show (it was 135 KB a variant, 4.9 MB a locale).
    @Test func substitutionsAreMadeOnlyAsFarAsTheLabelShows() {
        var subs: [String: CatalogSubstitution] = [:]
        var format = ""
        for i in 0..<45 {
            format += "%#@s\(i)@ "
            subs["s\(i)"] = CatalogSubstitution(
                argNum: 1, formatSpecifier: "lld",
                plural: [.one: String(repeating: "%arg item ", count: 300), .other: String(repeating: "%arg items ", count: 300)])
        }
        let limit = 3 * 590 * 64
        let made = TextVariants.substituted(format, subs, locale: "en", numberSample: { _ in nil }, limit: limit)
        #expect(made.count == TextVariants.maxCombinations)
        #expect(made.allSatisfy { $0.0.utf8.count <= limit })
        let whole = TextVariants.substituted(format, subs, locale: "en", numberSample: { _ in nil })
        for (a, b) in zip(made, whole) { #expect(b.0.hasPrefix(a.0) && a.1 == b.1) }
    }
}
