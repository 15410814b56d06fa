import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax
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
        #expect(
            folds.map { slice(Self.text, $0.range) } == [
                "style Body { font: .body; textColor: .label }", "/* two\n   lines */",
                "label Title: Body, Muted {\n    text: \"Hi\"\n    width: 120\n}",
            ])
    }

    @Test func selectionGrowsFromTheTokenToTheDocument() {
        let w = workspace(["a": Self.text])
        let ranges = SelectionRanges.ranges(at: offset(of: "120", in: Self.text, plus: 1), in: w.documents["a"]!.syntax)
        #expect(
            ranges.map { slice(Self.text, $0) } == [
                "120", "width: 120", "{\n    text: \"Hi\"\n    width: 120\n}",
                "label Title: Body, Muted {\n    text: \"Hi\"\n    width: 120\n}", Self.text,
            ])
    }

    /// Many positions in one request (multi-cursor): each gets what the one-position walk below
    /// (the algorithm before the shared walk) gives it, at every offset of a text with nested
    /// blocks, token boundaries and a missing token, whatever the order and with repeats.
    @Test func manyPositionsGetWhatEachGetsAlone() {
        let text = Self.text + "label X { width: }\nlabel Y{text:\"a\"}"
        let syntax = workspace(["a": text]).documents["a"]!.syntax
        func alone(_ offset: Int) -> [Range<Int>] {
            var chain: [Range<Int>] = []
            func descend(_ node: SyntaxNode) {
                for child in node.children where child.range.lowerBound <= offset && offset <= child.range.upperBound {
                    switch child {
                    case .node(let n):
                        if n.kind != .chunk { chain.append(n.range) }
                        descend(n)
                        return
                    case .token(let t):
                        if !t.kind.isTrivia { chain.append(t.range) }
                        if offset < child.range.upperBound { return }
                    }
                }
            }
            descend(syntax.rootNode)
            return chain.reversed() + [0..<syntax.source.count]
        }
        let count = Array(text.utf8).count
        let offsets = Array((0...count + 2).reversed()) + [7, 7, 0, count]
        let all = SelectionRanges.ranges(at: offsets, in: syntax)
        #expect(all.count == offsets.count)
        for (offset, chain) in zip(offsets, all) {
            #expect(chain == alone(offset), "offset \(offset)")
        }
        #expect(all[offsets.firstIndex(of: 7)!].count > 2)
    }

    @Test func tokensAreClassifiedInOrder() {
        let text = "label A: B { font: .body; wrap: .true; text: \"x\"; width: 10 } // c\n"
        let w = workspace(["a": text])
        var tokens: [SemanticToken] = []
        w.documents["a"]!.syntax.forEachLeafChunk { chunk, offset in tokens += SemanticTokens.tokens(inChunk: chunk, at: offset) }
        let seen = tokens.map { "\(slice(text, $0.range)):\($0.type)" }
        #expect(
            seen == [
                "label:keyword", "A:class", "B:class", "font:property", ".:operator", "body:enumMember", "wrap:property",
                ".:operator", "true:enumMember", "text:property", "\"x\":string", "width:property", "10:number", "// c:comment",
            ])
        #expect(SemanticTokenType.allCases.count == 8)
    }

    /// A modifier's name (`.body.monospacedDigit()`) is a member, like the case it follows, not a
    /// style's name.
    @Test func modifierNamesAreMembers() {
        let text = "label A { font: .body.design(.rounded) }\n"
        let w = workspace(["a": text])
        var tokens: [SemanticToken] = []
        w.documents["a"]!.syntax.forEachLeafChunk { chunk, offset in tokens += SemanticTokens.tokens(inChunk: chunk, at: offset) }
        let seen = tokens.map { "\(slice(text, $0.range)):\($0.type)" }
        #expect(seen.contains("design:enumMember") && !seen.contains("design:class"), "\(seen)")
    }
}
