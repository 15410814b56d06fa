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
                let near = LayoutRules.largestFitting(near: guess, { asked += 1; return fits($0) }, count: { count })
                #expect(near == answer, "count \(count), answer \(answer), guess \(guess)")
                if guess == answer, answer < count { #expect(asked <= 2) }
            }
        }
    }
}
