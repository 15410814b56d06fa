import Testing

@testable import LabelMeasure

/// `LineBreaks.Lazy` against `LineBreaks.segments` on seeded random texts of mixed scripts,
/// sized around the window (docs: a text of at most a window's bytes is broken exactly as whole).
@Suite struct WindowedBreaksTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let pieces = [
        "word ", "Mit ", "Freunden ", "teilen — ", "友達と共有します。", "ภาษาไทยง่ายนิดเดียว", "한국어 텍스트 ", "مرحبا بالعالم ", "עברית ",
        "12.5% ", "(neu) ", "\r\n", "\n", "e\u{301}\u{302}", "\u{200B}", "👩‍👩‍👧‍👦", "  ", "x", "-", "«", "»", "1,000", "\u{00A0}",
    ]

    static func text(seed: UInt64, bytes: Int) -> String {
        var g = Generator(state: seed)
        var s = ""
        while s.utf8.count < bytes { s += pieces[g.below(pieces.count)] }
        return s
    }

    func pieces(_ segments: some Sequence<Segment>) -> [String] { segments.map { "\($0.text)|\($0.isHardBreak)" } }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func atMostAWindowIsExactlyTheWhole(seed: UInt64) {
        var text = Self.text(seed: seed, bytes: LineBreaks.Lazy.window - 40)
        while text.utf8.count > LineBreaks.Lazy.window { text.removeLast() }
        for language in [nil, "th", "ja", "ko"] as [String?] {
            #expect(pieces(LineBreaks.Lazy(text, language: language)) == pieces(LineBreaks.segments(text, language: language)))
        }
    }

    @Test(arguments: [UInt64(11), 12, 13, 14, 15, 16, 17, 18])
    func longerTextsLoseNothing(seed: UInt64) {
        let text = Self.text(seed: seed, bytes: 3 * LineBreaks.Lazy.window + 500)
        for language in [nil, "th", "ja", "ko"] as [String?] {
            let windowed = pieces(LineBreaks.Lazy(text, language: language))
            let whole = pieces(LineBreaks.segments(text, language: language))
            // Nothing lost, nothing repeated: the segments put together are the text.
            #expect(Array(LineBreaks.Lazy(text, language: language)).map { String($0.text) }.joined() == text)
            if windowed != whole {
                let i = (0..<min(windowed.count, whole.count)).first { windowed[$0] != whole[$0] } ?? min(windowed.count, whole.count)
                Issue.record(
                    "seed \(seed) \(language ?? "en"): differ at segment \(i): \(windowed[max(0, i - 1)..<min(windowed.count, i + 2)]) vs \(whole[max(0, i - 1)..<min(whole.count, i + 2)])"
                )
            }
        }
    }

    /// Runs that need more than a character of context, crossing a window's end: a Thai run (ICU's
    /// dictionary), Hangul without spaces, spaces after an opening parenthesis, a long number.
    @Test(arguments: ["ภาษาไทยง่ายนิดเดียว", "한국어텍스트", "( ", "12.5", "e\u{301}", "\r\n", "—", "«x» "])
    func runsAcrossAWindowEnd(run: String) {
        for lead in [16_000, 16_300, 16_370, 16_383] {
            let text = String(repeating: "a ", count: lead / 2) + String(repeating: run, count: 40_000 / run.utf8.count) + " end"
            for language in [nil, "th", "ko"] as [String?] {
                let windowed = pieces(LineBreaks.Lazy(text, language: language))
                let whole = pieces(LineBreaks.segments(text, language: language))
                #expect(windowed.joined().count > 0)
                if windowed != whole {
                    let i = (0..<min(windowed.count, whole.count)).first { windowed[$0] != whole[$0] } ?? min(windowed.count, whole.count)
                    Issue.record(
                        "\(run) lead \(lead) \(language ?? "en"): differ at segment \(i) of \(whole.count): \(windowed[max(0, i - 1)..<min(windowed.count, i + 2)].map { $0.prefix(60) }) vs \(whole[max(0, i - 1)..<min(whole.count, i + 2)].map { $0.prefix(60) })"
                    )
                }
            }
        }
    }
}
