import Testing

@testable import LabelSpecSyntax

/// Parse dumps: the exact tree for small inputs.
@Suite struct ParserTests {
    func dump(_ text: String) -> String {
        let doc = SyntaxDocument(text)
        return doc.root.debugDump(source: Array(text.utf8))
    }

    @Test func oneLineStyle() {
        #expect(
            dump("style Loop { font: .body; width: 10 }") == """
                sourceFile
                  styleDecl
                    styleKeyword "style"
                    whitespace " "
                    identifier "Loop"
                    whitespace " "
                    memberBlock
                      leftBrace "{"
                      whitespace " "
                      member
                        identifier "font"
                        colon ":"
                        whitespace " "
                        enumCase
                          dot "."
                          identifier "body"
                        semicolon ";"
                      whitespace " "
                      member
                        identifier "width"
                        colon ":"
                        whitespace " "
                        number "10"
                      whitespace " "
                      rightBrace "}"

                """)
    }

    @Test func inheritanceCallsAndLists() {
        #expect(
            dump("label A: B, C {\n  font: .system(size: 13)\n  labelStyle: [.shadow]\n}") == """
                sourceFile
                  labelDecl
                    labelKeyword "label"
                    whitespace " "
                    identifier "A"
                    inheritanceClause
                      colon ":"
                      whitespace " "
                      identifier "B"
                      comma ","
                      whitespace " "
                      identifier "C"
                    whitespace " "
                    memberBlock
                      leftBrace "{"
                      newline "\\n  "
                      member
                        identifier "font"
                        colon ":"
                        whitespace " "
                        enumCase
                          dot "."
                          identifier "system"
                          argumentList
                            leftParen "("
                            argument
                              identifier "size"
                              colon ":"
                              whitespace " "
                              number "13"
                            rightParen ")"
                      newline "\\n  "
                      member
                        identifier "labelStyle"
                        colon ":"
                        whitespace " "
                        list
                          leftBracket "["
                          enumCase
                            dot "."
                            identifier "shadow"
                          rightBracket "]"
                      newline "\\n"
                      rightBrace "}"

                """)
    }

    @Test func missingSeparatorBetweenMembersOnOneLine() {
        let out = dump("style S { a: 1 b: 2 }")
        #expect(out.contains("semicolon (missing) \"\""))
    }

    /// A property typed without its value at a line's end (an editor's state on every keystroke):
    /// the value is missing there, and the next line's member is parsed as written (issue 24).
    @Test func aValueMissingAtALineEndDoesNotSwallowTheNextMember() {
        let out = dump("label A {\n  numberOfLines:\n  width: 100\n}")
        #expect(out.contains("unknown (missing) \"\""))
        let members = out.split(separator: "\n").filter { $0.hasSuffix("member") }
        #expect(members.count == 2)
        #expect(out.contains("identifier \"width\"") && out.contains("number \"100\""))
        // A value on the next line that is not a member of its own is still the value.
        let next = dump("label A {\n  numberOfLines:\n    2\n}")
        #expect(!next.contains("(missing)"))
        let dotted = dump("style S {\n  font:\n    .body\n}")
        #expect(!dotted.contains("(missing)"))
    }

    @Test func missingBraceRecoversAtNextItem() {
        let out = dump("label A {\n  text: \"x\"\nlabel B { text: \"y\" }")
        #expect(out.contains("rightBrace (missing) \"\""))
        #expect(out.split(separator: "\n").filter { $0.hasSuffix("labelDecl") }.count == 2)
    }

    @Test func systemColourNamedLabelIsAName() {
        let out = dump("style S { textColor: .label }")
        #expect(out.contains("labelKeyword \"label\""))
        #expect(!SyntaxDocument("style S { textColor: .label }").root.hasErrors)
    }

    @Test func junkAtTopLevelBecomesOneErrorNode() {
        let out = dump("}}} junk\nstyle A {}")
        #expect(out.hasPrefix("sourceFile\n  error\n"))
        #expect(out.contains("styleDecl"))
    }

    /// Identical nodes below the item level are one object per parse; items and blocks never are.
    @Test func identicalSmallNodesAreSharedItemsAreNot() {
        let text = "label A: S { width: 10; font: .body }\nlabel B: S { width: 99; font: .body }\nlabel A: S { width: 10; font: .body }\n"
        let doc = SyntaxDocument(text)
        let items = doc.topLevel.compactMap { if case .node(let n) = $0.element { return n } else { return nil } }
        #expect(items.count == 3)
        func parts(_ item: GreenNode) -> (clause: GreenNode, members: [GreenNode], font: GreenNode) {
            let node = SyntaxNode(green: item, offset: 0)
            let members = node.firstChild(.memberBlock)!.childNodes.map(\.green)
            let font = SyntaxNode(green: members[1], offset: 0).firstChild(.enumCase)!.green
            return (node.firstChild(.inheritanceClause)!.green, members, font)
        }
        let (a, b, c) = (parts(items[0]), parts(items[1]), parts(items[2]))
        // `width: 10` and `width: 99` have the same tokens (kind and length): one node for all three.
        #expect(a.members[0] === b.members[0] && b.members[0] === c.members[0])
        #expect(a.members[1] === b.members[1] && a.font === c.font && a.clause === b.clause)
        // The two identical labels stay two objects, as do their blocks.
        #expect(items[0] !== items[2])
        #expect(
            SyntaxNode(green: items[0], offset: 0).firstChild(.memberBlock)!.green
                !== SyntaxNode(green: items[2], offset: 0).firstChild(.memberBlock)!.green)
        #expect(doc.text == Array(text.utf8))
        // A value of another length makes another node.
        let longer = SyntaxDocument(text + "label D { width: 100; font: .body }\n")
        let d = longer.topLevel.compactMap { if case .node(let n) = $0.element { return n } else { return nil } }
        let dMembers = SyntaxNode(green: d[3], offset: 0).firstChild(.memberBlock)!.childNodes.map(\.green)
        let aMembers = SyntaxNode(green: d[0], offset: 0).firstChild(.memberBlock)!.childNodes.map(\.green)
        #expect(dMembers[0] !== aMembers[0])
        #expect(dMembers[1] === aMembers[1])
    }

    /// Blank lines after an unclosed deep nest: every missing closer and every node end happens in
    /// front of the same trivia. It is moved a bounded number of times, not once per step.
    @Test func trailingTriviaAfterAnUnclosedNestIsMovedLinearly() {
        let text = "label A { text: " + String(repeating: ".a(", count: 60) + String(repeating: "\n", count: 50_000)
        let bytes = Array(text.utf8)
        let moved = bytes.withUnsafeBufferPointer { p -> Int in
            var parser = Parser(p)
            _ = parser.parseTopLevel()
            return parser.movedSlots
        }
        // About two moves per blank line (set aside, put back); the old placement moved them all
        // for each of the ~180 closers and node ends (9 million).
        #expect(moved <= 2 * 50_000 + 16 * 200)
        let doc = SyntaxDocument(bytes)
        #expect(doc.text == bytes)
        // The blank lines still end up after the item, at the top level.
        let top = doc.topLevel
        #expect(top.count == 50_001)
        if case .token(let t)? = top.last?.element { #expect(t.kind == .newline) } else { Issue.record("no trailing newline") }
        // A short run of trivia after missing tokens lands exactly as before.
        let tail = [
            "            rightParen (missing) \"\"", "      rightBrace (missing) \"\"", "  newline \"\\n\"", "  newline \"\\n\"", "",
        ]
        #expect(dump("label A { text: .a(\n\n").hasSuffix(tail.joined(separator: "\n")))
    }
}
