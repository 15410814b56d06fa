import LabelSpecSyntax
import TestSupport

/// The tokens the lexer produces for `bytes`, in order.
func lexAll(_ bytes: [UInt8]) -> [(TokenKind, Int)] {
    bytes.withUnsafeBufferPointer { p in
        var lexer = Lexer(p)
        var out: [(TokenKind, Int)] = []
        while let t = lexer.next() { out.append(t) }
        return out
    }
}

/// The non-missing tokens of a tree, in order.
func treeTokens(_ doc: SyntaxDocument) -> [(TokenKind, Int)] {
    var out: [(TokenKind, Int)] = []
    doc.rootNode.forEachToken { t in
        if !t.isMissing { out.append((t.kind, Int(t.green.length))) }
    }
    return out
}

/// Fragments that random documents and edits are made of: valid pieces, broken pieces, and junk.
let fragments: [String] = [
    "style ", "label ", "Caption", "Title", " ", "\n", "\r\n", "\t", "{", "}", "(", ")", "[", "]", ":", ",", ";", ".",
    "font: .body\n", "text: \"Hello, world\"\n", "width: 180", "numberOfLines: 0;", "// note\n", "/* c */",
    "/* open ", "*/", "\"", "\"\"\"\nmulti\n\"\"\"", "#FF0000", "-12.5", "0.8", "true", "false",
    ".system(size: 17, weight: .bold)", "[.shadow, .iconOnly]", "(0, -1)", "label A { text: \"a\" }\n",
    "style B: A, C { font: .title1 }\n", "\u{0}", "é", "🙂", "\\", "\\\"", "@", "label", "style",
    "minimumScaleFactor: 1.5\n", ".localized(\"k\", table: \"T\")",
]

func randomDocument(_ rng: inout SplitMix64, pieces: Int) -> String {
    var s = ""
    for _ in 0..<pieces { s += fragments[Int(rng.next() % UInt64(fragments.count))] }
    return s
}
