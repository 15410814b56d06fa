import TestSupport
import Testing

@testable import LabelSpecSyntax

/// Random edits that add and remove the `.` of modifier chains agree with a fresh parse.
@Suite struct ModifierChainIncrementalTests {
    static let pieces: [String] = [
        ".", ".body", ".monospacedDigit()", ".design(.rounded)", "monospacedDigit", "(", ")", " ", "\n", "/* c */",
        "// n\n", ".system(.body, design: .serif)", "font: ", "label A {\n", "}\n", "[", "]", ",", "17", "\"s\"", "x",
        ".system(size: 17).design(.rounded).monospacedDigit()", "design: ", "{", "\t",
    ]

    @Test func randomChainEdits() {
        var rng = SplitMix64(seed: 36)
        for round in 0..<3_000 {
            var s = "label A {\n    font: .body.monospacedDigit()\n}\n"
            for _ in 0..<Int(rng.next() % 12) { s += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }
            let doc = SyntaxDocument(s)
            for _ in 0..<6 {
                let count = doc.source.count
                let a = count == 0 ? 0 : Int(rng.next() % UInt64(count + 1))
                let b = rng.next() % 2 == 0 ? a : min(count, a + 1 + Int(rng.next() % 4))
                let replacement = rng.next() % 3 == 0 ? "" : Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
                doc.apply(TextEdit(range: a..<b, text: replacement))
                let fresh = SyntaxDocument(doc.source.allBytes)
                if !doc.root.isStructurallyEqual(to: fresh.root) {
                    let text = String(decoding: doc.source.allBytes, as: UTF8.self)
                    Issue.record("round \(round): mismatch after editing to \(text.debugDescription)")
                    return
                }
            }
        }
    }
}
