import Testing

@testable import LabelMeasure

/// The truncation's search from a guess (`largestFitting(near:)`) answers as the search from
/// nothing (`largestFitting`) whatever the guess, and measures little when the guess is right.
@Suite struct SearchTests {
    @Test func searchFromAnyGuessFindsTheSameCount() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<2_000 {
            let count = next(60)  // clusters in the text
            let answer = next(count + 1)  // counts up to it fit (0 always counts as fitting)
            let fits: (Int) -> Bool? = { k in k > count ? nil : k <= answer }
            let plain = LayoutRules.largestFitting({ fits($0) }, count: { count })
            #expect(plain == answer)
            for guess in [0, answer, max(0, answer - 1), answer + 1, next(count + 3), count + 5] {
                var asked = 0
                let near = LayoutRules.largestFitting(
                    near: guess,
                    {
                        asked += 1; return fits($0)
                    }, count: { count })
                #expect(near == answer, "count \(count), answer \(answer), guess \(guess)")
                if guess == answer, answer < count { #expect(asked <= 2) }
            }
        }
    }
}

/// The byte-level shortcuts for ASCII text (`visible`, `remainder`, `LineBreaks.segments`) give
/// what the walk by characters gives, on texts mixing ASCII with line breaks, CR LF, combining
/// marks, a prepended Arabic sign, Unicode line separators and Hangul.
@Suite struct ASCIIShortcutTests {
    static let pieces = [
        "a", "b", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "e\u{301}", " \u{301}", "\u{600} ", "\u{85}",
        "\u{2028}", "\u{2029}", "한국", "x-y", "word ", "é", "😀", "\u{AD}", "1,5",
    ]

    func random(_ rng: inout UInt64, _ n: Int) -> String {
        var s = ""
        for _ in 0..<n {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            s += Self.pieces[Int(rng >> 33) % Self.pieces.count]
        }
        return s
    }

    /// The walks by characters the shortcuts stand in for.
    static func visibleByCharacters(_ s: Substring) -> Substring {
        var end = s.endIndex
        while end > s.startIndex {
            let before = s.index(before: end)
            guard LayoutRules.hangs(s[before]) else { break }
            end = before
        }
        return s[s.startIndex..<end]
    }

    @Test func visibleAndRemainderAsByCharacters() {
        var rng: UInt64 = 42
        for n in 0..<3_000 {
            let text = random(&rng, n % 9)
            var i = text.startIndex
            while true {
                let s = text[i...]
                #expect(LayoutRules.visible(s) == Self.visibleByCharacters(s), "visible of \(Array(s.unicodeScalars))")
                let rest = text[i...]
                let expected = rest.firstIndex(where: { $0.isNewline }).map { rest[..<$0] } ?? rest
                #expect(LayoutRules.remainder(of: text, from: i) == expected, "remainder of \(Array(rest.unicodeScalars))")
                guard i < text.endIndex else { break }
                i = text.index(after: i)
            }
        }
    }

    @Test func asciiSegmentsAsByCharacters() {
        // An ASCII text broken whole and as the tail of a longer one (a window starting inside).
        for text in ["Share with your team today", "a\r\nb c\nd", "  lead\tand\u{0B}trail  ", "x-y-z,1.5 (a) [b]", "", "word"] {
            let whole = LineBreaks.segments(text).map { String($0.text) + ($0.isHardBreak ? "⏎" : "") }
            let joined = whole.joined().replacingOccurrences(of: "⏎", with: "")
            #expect(joined == text)
            let prefixed = "é " + text
            let tail = prefixed.index(prefixed.startIndex, offsetBy: 2)
            let windowed = LineBreaks.segments(prefixed, in: tail..<prefixed.endIndex, language: nil).map {
                String($0.text) + ($0.isHardBreak ? "⏎" : "")
            }
            #expect(windowed == whole, "\(text)")
        }
        #expect(LineBreaks.segments("Share with your team").map { String($0.text) } == ["Share ", "with ", "your ", "team"])
        #expect(LineBreaks.segments("a\r\nb").map { "\($0.text)|\($0.isHardBreak)" } == ["a\r\n|true", "b|false"])
    }
}

/// The shaped-width cache's table keyed by bytes: what goes in comes out by the same bytes only
/// (also when hashes collide), through growth and after being emptied.
@Suite struct RunTableTests {
    func bytes<R>(_ s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { Array(s.utf8).withUnsafeBufferPointer(body) }

    @Test func keysByBytesThroughGrowthAndCollisions() {
        var table = RunTable<Int>()
        let words = (0..<5_000).map { "w\($0) é" } + ["", "e\u{301}", "\u{E9}"]
        for (i, w) in words.enumerated() { bytes(w) { table.insert(i, for: $0, hash: RunTable<Int>.hash($0)) } }
        #expect(table.count == words.count)
        for (i, w) in words.enumerated() { #expect(bytes(w) { table.value(for: $0, hash: RunTable<Int>.hash($0)) } == i) }
        // Two spellings of "é" are two keys; an absent key is absent.
        #expect(bytes("e\u{301}") { table.value(for: $0, hash: RunTable<Int>.hash($0)) } == 5_001)
        #expect(bytes("missing") { table.value(for: $0, hash: RunTable<Int>.hash($0)) } == nil)
        // Every key under one hash: found by its bytes all the same.
        var colliding = RunTable<Int>()
        for (i, w) in words.prefix(100).enumerated() { bytes(w) { colliding.insert(i, for: $0, hash: 7) } }
        for (i, w) in words.prefix(100).enumerated() { #expect(bytes(w) { colliding.value(for: $0, hash: 7) } == i) }
        bytes("w3 é") { colliding.insert(-3, for: $0, hash: 7) }  // replaced, not added
        #expect(colliding.count == 100 && bytes("w3 é") { colliding.value(for: $0, hash: 7) } == -3)
        table.removeAll()
        #expect(table.count == 0 && bytes("w1 é") { table.value(for: $0, hash: RunTable<Int>.hash($0)) } == nil)
    }
}
