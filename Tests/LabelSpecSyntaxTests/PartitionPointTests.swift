import LabelSpecSupport
import LabelSpecSyntax
import TestSupport
import Testing

/// `partitionPoint`, the one binary search (LabelSpecSupport): the line table, the Interface
/// Builder translation, fixes against syntax errors, name suggestions and the code actions all
/// search with it.
@Suite struct PartitionPointTests {
    @Test func theFirstElementOfTheSuffixWhereItHolds() {
        let empty: [Int] = []
        #expect(empty.partitionPoint { $0 > 0 } == 0)
        #expect([1, 2, 3].partitionPoint { _ in true } == 0)
        #expect([1, 2, 3].partitionPoint { _ in false } == 3)
        #expect([1, 2, 2, 2, 5].partitionPoint { $0 > 2 } == 4)
        #expect([1, 2, 2, 2, 5].partitionPoint { $0 >= 2 } == 1)
        // Indices are the collection's own: a slice answers in its base's, a range in its values.
        let numbers = [0, 10, 20, 30, 40, 50]
        #expect(numbers[2..<5].partitionPoint { $0 > 5 } == 2)
        #expect(numbers[2..<5].partitionPoint { $0 > 35 } == 4)
        #expect(numbers[2..<5].partitionPoint { $0 > 99 } == 5)
        #expect((100..<200).partitionPoint { $0 * $0 >= 20_000 } == 142)
    }

    /// Against a linear scan, on sorted arrays with repeats of every length up to 70: the same
    /// index, with at most ⌈log₂(count + 1)⌉ questions asked.
    @Test func agreesWithALinearScanInLogarithmicallyManyQuestions() {
        var random = SplitMix64(seed: 34)
        for count in 0...70 {
            let sorted = (0..<count).map { _ in Int.random(in: 0..<(count / 2 + 1), using: &random) }.sorted()
            var bound = 0
            while (1 << bound) < count + 1 { bound += 1 }
            for x in -1...(count / 2 + 1) {
                var asked = 0
                let found = sorted.partitionPoint {
                    asked += 1; return $0 > x
                }
                #expect(found == (sorted.firstIndex { $0 > x } ?? count), "count \(count), x \(x)")
                #expect(asked <= bound, "count \(count): \(asked) questions")
            }
        }
    }

    /// The line table's two searches of its line starts (the whole table, and on from a line):
    /// the line a linear scan finds, for every offset of texts of many short and empty lines,
    /// and for offsets before the text's start (a byte order mark) and past its end.
    @Test func theLineTableFindsEachOffsetsLine() {
        var random = SplitMix64(seed: 6)
        for _ in 0..<40 {
            let bom: [UInt8] = Bool.random(using: &random) ? [0xEF, 0xBB, 0xBF] : []
            let body = (0..<Int.random(in: 0..<60, using: &random)).map { _ in
                [UInt8(ascii: "a"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].randomElement(using: &random)!
            }
            let table = LineTable(bom + body, encoding: .utf16, textStart: bom.count)
            let starts = table.lineStarts
            for offset in -2...(bom.count + body.count + 2) {
                let expected = max(0, (starts.lastIndex { $0 <= offset } ?? 0))
                #expect(table.line(of: offset) == expected, "offset \(offset) of \(bom + body)")
                for from in 0...expected where starts[from] <= offset {
                    #expect(table.line(of: offset, atOrAfter: from) == expected, "offset \(offset) from line \(from)")
                }
            }
        }
    }
}
