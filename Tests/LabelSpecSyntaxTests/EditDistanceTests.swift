import LabelSpecSupport
import TestSupport
import Testing

/// The one edit distance and the one "near enough" threshold of every "did you mean"
/// (LabelSpecSupport): properties, values, styles and diagnostic codes by Levenshtein distance,
/// devices with a swap of two neighbours as one edit.
@Suite struct EditDistanceTests {
    /// The whole table, no band and no early stop: what the banded search must agree with.
    static func reference(_ a: [Character], _ b: [Character], swaps: Bool) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if swaps, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    @Test func knownDistances() {
        func distance(_ a: String, _ b: String, swaps: Bool = false) -> Int? { editDistance(Array(a), Array(b), limit: 10, swaps: swaps) }
        #expect(distance("widht", "width") == 2)
        #expect(distance("widht", "width", swaps: true) == 1)
        #expect(distance("iphone 61", "iphone 16", swaps: true) == 1)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "abc") == 0)
        // Optimal string alignment: a swapped pair is not edited again.
        #expect(distance("ca", "abc", swaps: true) == 3)
        #expect(editDistance(Array("kitten"), Array("sitting"), limit: 2) == nil)
        #expect(editDistance(Array("kitten"), Array("sitting"), limit: 3) == 3)
    }

    /// Against the whole table, on random names over a small alphabet (many repeats and swaps):
    /// the distance when within `limit`, else nil, with and without swaps.
    @Test func theBandedSearchAgreesWithTheWholeTable() {
        var random = SplitMix64(seed: 34)
        let alphabet: [Character] = ["a", "b", "c", "é"]
        for _ in 0..<3000 {
            let a = (0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let b = (0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            for swaps in [false, true] {
                let full = Self.reference(a, b, swaps: swaps)
                for limit in 0...10 {
                    #expect(
                        editDistance(a, b, limit: limit, swaps: swaps) == (full <= limit ? full : nil),
                        "\(a) \(b) limit \(limit) swaps \(swaps)")
                }
            }
        }
    }

    @Test func nearEnoughIsAThirdOfTheNameAndAtLeastTwo() {
        #expect(["", "a", "widht", "abcdefgh"].map(nearEnoughDistance(for:)) == [2, 2, 2, 2])
        #expect(nearEnoughDistance(for: "iPhone 61") == 3)
        #expect(nearEnoughDistance(for: "secondaryLable") == 4)
        // Characters, not scalars: an accented letter written with a combining mark is one.
        #expect(nearEnoughDistance(for: "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}") == 3)
    }
}
