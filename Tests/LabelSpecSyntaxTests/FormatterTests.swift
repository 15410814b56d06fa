import TestSupport
import Testing

@testable import LabelSpecSyntax

@Suite struct FormatterTests {
    /// Significant tokens with their text, member separators left out (a line break replaces them).
    func significantTokens(_ bytes: [UInt8]) -> [String] {
        let doc = SyntaxDocument(bytes)
        var out: [String] = []
        func walk(_ node: SyntaxNode) {
            for child in node.children {
                switch child {
                case .node(let n): walk(n)
                case .token(let t):
                    if t.kind == .whitespace || t.kind == .newline || t.isMissing { continue }
                    if (t.kind == .semicolon || t.kind == .comma) && node.kind == .member { continue }
                    out.append(String(decoding: bytes[t.range], as: UTF8.self))
                }
            }
        }
        walk(doc.rootNode)
        return out
    }

    static let valid: [String] = [
        "style S { font: .body }\n", "style T: S, U {\nfont:.system(size:13,weight:.bold);width:3}\n",
        "label L: S { text: \"a\"; numberOfLines: 0 }\n", "// lead\n", "/* block */\n", "\n\n",
        "label M {\n  // inside\n  text: \"\"\"\n    two\n    \"\"\" // after\n  labelStyle: [ .a , .b ]\n}\n",
        "style E {}\n", "label N { shadowOffset: ( 0 , -1 ) /* c */ ; textColor: #FFF }\n",
        "style V { text: .localized( \"k\" , table: \"T\" ) }\n",
    ]

    @Test func formattingKeepsEveryTokenAndIsIdempotent() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 6) { text += Self.valid[Int(rng.next() % UInt64(Self.valid.count))] }
            let bytes = Array(text.utf8)
            let once = try Formatter.format(bytes)
            #expect(significantTokens(once) == significantTokens(bytes), "tokens changed formatting \(text.debugDescription)")
            #expect(!SyntaxDocument(once).root.hasErrors)
            let twice = try Formatter.format(once)
            #expect(twice == once, "not idempotent on \(text.debugDescription)")
        }
    }

    @Test func refusesEveryInputWithSyntaxErrors() {
        var rng = SplitMix64(seed: 6)
        var refused = 0
        for _ in 0..<3_000 {
            let bytes = Array(randomDocument(&rng, pieces: 12).utf8)
            let hasErrors = SyntaxDocument(bytes).root.hasErrors
            do {
                let out = try Formatter.format(bytes)
                #expect(!hasErrors)
                #expect(significantTokens(out) == significantTokens(bytes))
            } catch {
                #expect(hasErrors)
                refused += 1
            }
        }
        #expect(refused > 1_000)
    }

    /// A blank line after an own-line comment stays, at a block's start too: it decides what a
    /// `// labelspec:ignore` covers (format joined them, and a finding disappeared; the fuzz
    /// campaign's cli:2222362515, with `\n\r` line ends).
    @Test func aBlankLineAfterACommentStays() throws {
        for text in [
            "style Price {\n    // labelspec:ignore fixed-size-font\n\n    font: .system(size: 17)\n}\n",
            "style Price {\n\r    // labelspec:ignore fixed-size-font\n\r    font: .system(size: 17)\n\r}\n",
        ] {
            let out = try Formatter.format(Array(text.utf8))
            #expect(
                String(decoding: out, as: UTF8.self)
                    == "style Price {\n    // labelspec:ignore fixed-size-font\n\n    font: .system(size: 17)\n}\n")
        }
        // Without a comment, a block still starts without a blank line.
        let plain = try Formatter.format(Array("style P {\n\n    font: .body\n}\n".utf8))
        #expect(String(decoding: plain, as: UTF8.self) == "style P {\n    font: .body\n}\n")
    }

    @Test func canonicalLayout() throws {
        let input = "style   Loop{font:.body;width:10}   // trailing\nlabel A : Loop,X{text:\"x\"}"
        let out = String(decoding: try Formatter.format(Array(input.utf8)), as: UTF8.self)
        #expect(out == "style Loop {\n    font: .body\n    width: 10\n} // trailing\n\nlabel A: Loop, X {\n    text: \"x\"\n}\n")
    }
}
