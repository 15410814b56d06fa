import TestSupport
import Testing

@testable import LabelSpecSyntax

@Suite struct LosslessTests {
    static let inputs: [[UInt8]] = [
        [],
        Array("style A { font: .body }".utf8),
        Array("label X: A, B {\n  text: \"hi\\n\\u{1F600}\"; width: 10, numberOfLines: 0\n}\n".utf8),
        [0xFF, 0xFE, 0x00, 0x41, 0xC3],  // invalid UTF-8 and a NUL
        Array("label { { { ] ) : : ,,, \"unterminated\n/* never closed".utf8),
        Array("\"\"\"\nopen multi-line".utf8),
        Array(repeating: UInt8(ascii: "["), count: 10_000),
    ]

    @Test(arguments: inputs.indices)
    func printingTheTreeGivesBackTheInput(_ index: Int) {
        let input = Self.inputs[index]
        let doc = SyntaxDocument(input)
        #expect(doc.text == input)
        #expect(doc.root.length == input.count)
    }

    @Test func treeHoldsExactlyTheLexersTokens() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let bytes = Array(randomDocument(&rng, pieces: 30).utf8)
            let doc = SyntaxDocument(bytes)
            let expected = lexAll(bytes)
            let actual = treeTokens(doc)
            #expect(actual.map { $0.0 } == expected.map { $0.0 })
            #expect(actual.map { $0.1 } == expected.map { $0.1 })
        }
    }

    @Test func randomGarbageNeverTrapsAndStaysLossless() {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<2_000 {
            let n = Int(rng.next() % 200)
            let bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let doc = SyntaxDocument(bytes)
            #expect(doc.text == bytes)
        }
    }

    @Test func deepNestingIsBoundedNotRecursive() {
        let text = "label X { text: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + " }"
        let doc = SyntaxDocument(text)
        #expect(doc.text == Array(text.utf8))
        var sawTooDeep = false
        func walk(_ n: GreenNode) {
            if n.kind == .tooDeep { sawTooDeep = true }
            for case .node(let c) in n.children { walk(c) }
        }
        walk(doc.root)
        #expect(sawTooDeep)
    }

    @Test func oneMegabyteLine() {
        let text = "label X { text: \"" + String(repeating: "a", count: 1_000_000) + "\" }"
        let doc = SyntaxDocument(text)
        #expect(doc.root.length == text.utf8.count)
        #expect(!doc.root.hasErrors)
    }
}
