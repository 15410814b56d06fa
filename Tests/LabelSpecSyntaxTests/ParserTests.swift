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
}
