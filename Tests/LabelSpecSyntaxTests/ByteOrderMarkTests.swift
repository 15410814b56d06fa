import TestSupport
import Testing

@testable import LabelSpecSyntax

/// A UTF-8 byte order mark at the start of a file is trivia; anywhere else it is an unknown
/// character, in a fresh parse and after any edit (issue 10).
@Suite struct ByteOrderMarkTests {
    static let bom = "\u{FEFF}"

    @Test func leadingMarkIsWhitespaceAndTheTreeStaysLossless() throws {
        let text = Array((Self.bom + "label A { text: \"x\" }\n").utf8)
        let doc = SyntaxDocument(text)
        #expect(doc.text == text)
        #expect(!doc.root.hasErrors)
        #expect(lexAll(text).first! == (.whitespace, 3))
        // Elsewhere it is a stray character.
        let inner = Array(("label A { text: \"x\" }\n" + Self.bom).utf8)
        #expect(SyntaxDocument(inner).root.hasErrors)
        #expect(lexAll(inner).last! == (.unknown, 3))
        let canonical = Array((Self.bom + "label A {\n    text: \"x\"\n}\n").utf8)
        #expect((try? Formatter.format(text)) == canonical)
        #expect((try? Formatter.format(canonical)) == canonical)
    }

    /// A mark in the middle that starts the text an incremental reparse lexes again is still not
    /// the file's mark.
    @Test func markInTheMiddleStaysUnknownAfterAnEditNextToIt() {
        for text in [
            "label A {}\n" + Self.bom + "label B {}\nlabel C {}\n",
            "label A { text: \"x\"; width: 1 " + Self.bom + " }\n",
        ] {
            // Every place an edit can go: one of them restarts the reparse at the mark.
            for at in 0...text.utf8.count {
                for insert in ["x", " ", "\n"] {
                    let doc = SyntaxDocument(text)
                    _ = doc.apply(TextEdit(range: at..<at, text: insert))
                    let fresh = SyntaxDocument(doc.source.allBytes)
                    #expect(doc.root.isStructurallyEqual(to: fresh.root), "\(text.debugDescription) + \(insert.debugDescription) at \(at)")
                }
            }
        }
    }

    /// Edits that put a mark at the start, take it away, or put one at an item's start in the
    /// middle (where a window parse starts at offset 0 of its own buffer) agree with a fresh parse.
    @Test func incrementalReparseAgreesWithAFreshParse() {
        var rng = SplitMix64(seed: 0xFEFF)
        for _ in 0..<3_000 {
            var text = randomDocument(&rng, pieces: Int(rng.next() % 16))
            if rng.next() % 2 == 0 { text = Self.bom + text }
            let doc = SyntaxDocument(text)
            for _ in 0..<4 {
                let count = doc.source.count
                let a = rng.next() % 3 == 0 ? 0 : (count == 0 ? 0 : Int(rng.next() % UInt64(count + 1)))
                let b = rng.next() % 4 == 0 ? min(count, a + 3) : a
                let replacement = rng.next() % 2 == 0 ? Self.bom : fragments[Int(rng.next() % UInt64(fragments.count))]
                _ = doc.apply(TextEdit(range: a..<b, text: replacement))
                let fresh = SyntaxDocument(doc.source.allBytes)
                if !doc.root.isStructurallyEqual(to: fresh.root) || doc.text != doc.source.allBytes {
                    Issue.record("mismatch after editing to \(String(decoding: doc.source.allBytes, as: UTF8.self).debugDescription)")
                    return
                }
            }
        }
    }
}
