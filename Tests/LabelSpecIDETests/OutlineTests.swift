import LabelSpecIDE
import LabelSpecSemantics
import Testing

/// Document symbols, folding ranges, selection ranges and semantic tokens, without any protocol.
@Suite struct OutlineTests {
    static let text = """
        style Body { font: .body; textColor: .label }
        /* two
           lines */
        label Title: Body, Muted {
            text: "Hi"
            width: 120
        }

        """

    @Test func symbolsAreItemsWithParentsAndAStylesProperties() {
        let w = workspace(["a": Self.text])
        let symbols = DocumentSymbols.symbols(of: w.documents["a"]!)
        #expect(symbols.map(\.name) == ["Body", "Title"])
        #expect(symbols.map(\.kind) == [.style, .label])
        #expect(symbols.map(\.detail) == [nil, ": Body, Muted"])
        #expect(slice(Self.text, symbols[1].range) == "label Title: Body, Muted {\n    text: \"Hi\"\n    width: 120\n}")
        #expect(slice(Self.text, symbols[1].selectionRange) == "Title")
        // A style's properties are its children; a label's are not listed.
        #expect(symbols[0].children.map(\.name) == ["font", "textColor"])
        #expect(symbols[0].children.map { slice(Self.text, $0.range) } == ["font: .body", "textColor: .label"])
        #expect(symbols[0].children.map { slice(Self.text, $0.selectionRange) } == ["font", "textColor"])
        #expect(symbols[1].children.isEmpty)
    }

    @Test func foldingCoversItemsAndBlockComments() {
        let w = workspace(["a": Self.text])
        var folds: [FoldingRange] = []
        w.documents["a"]!.syntax.forEachLeafChunk { chunk, offset in folds += FoldingRanges.ranges(inChunk: chunk, at: offset) }
        #expect(folds.map(\.kind) == [.item, .comment, .item])
        #expect(folds.map { slice(Self.text, $0.range) } == [
            "style Body { font: .body; textColor: .label }", "/* two\n   lines */",
            "label Title: Body, Muted {\n    text: \"Hi\"\n    width: 120\n}",
        ])
    }

    @Test func selectionGrowsFromTheTokenToTheDocument() {
        let w = workspace(["a": Self.text])
        let ranges = SelectionRanges.ranges(at: offset(of: "120", in: Self.text, plus: 1), in: w.documents["a"]!.syntax)
        #expect(ranges.map { slice(Self.text, $0) } == [
            "120", "width: 120", "{\n    text: \"Hi\"\n    width: 120\n}",
            "label Title: Body, Muted {\n    text: \"Hi\"\n    width: 120\n}", Self.text,
        ])
    }

    @Test func tokensAreClassifiedInOrder() {
        let text = "label A: B { font: .body; wrap: .true; text: \"x\"; width: 10 } // c\n"
        let w = workspace(["a": text])
        var tokens: [SemanticToken] = []
        w.documents["a"]!.syntax.forEachLeafChunk { chunk, offset in tokens += SemanticTokens.tokens(inChunk: chunk, at: offset) }
        let seen = tokens.map { "\(slice(text, $0.range)):\($0.type)" }
        #expect(seen == [
            "label:keyword", "A:class", "B:class", "font:property", ".:operator", "body:enumMember", "wrap:property",
            ".:operator", "true:enumMember", "text:property", "\"x\":string", "width:property", "10:number", "// c:comment",
        ])
        #expect(SemanticTokenType.allCases.count == 8)
    }
}
