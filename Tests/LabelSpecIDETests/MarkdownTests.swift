import Testing

@testable import LabelPresentation

/// Issue 33: the one escaping function for text the server did not write, and the code spans
/// and fences whose text cannot close them.
@Suite struct MarkdownTests {
    @Test func textEscapesWhatHasAnInlineMeaning() {
        #expect(
            Markdown.text(#"a|b ![p](u) <i>&amp; **s** _e_ ~~d~~ `c` \ (x): 1."#)
                == #"a\|b \!\[p\](u) \<i\>\&amp; \*\*s\*\* \_e\_ \~\~d\~\~ \`c\` \\ (x): 1."#)
        #expect(Markdown.text("one\ntwo\r\nthree\u{2028}four\tfive\u{0}six\u{7F}") == "one↵two↵↵three↵four five\u{FFFD}six\u{FFFD}")
        #expect(Markdown.text("iPhone SE (3rd generation)") == "iPhone SE (3rd generation)")
    }

    @Test func longTextIsCutAtACharacter() {
        #expect(Markdown.text(String(repeating: "a", count: 81)) == String(repeating: "a", count: 80) + "…")
        #expect(Markdown.text(String(repeating: "a", count: 80)) == String(repeating: "a", count: 80))
        // Cut before the character that does not fit whole (an e and its accent are 2 scalars),
        // and before an escape, never in its middle.
        #expect(Markdown.text("abce\u{301}", max: 4) == "abc…")
        #expect(Markdown.text("ab|", max: 2) == "ab…")
        // A character of thousands of marks does not pass whole.
        #expect(Markdown.text("x" + String(repeating: "\u{301}", count: 5000)) == "…")
    }

    @Test func codeSpansAndFencesCannotBeClosedByTheirText() {
        #expect(Markdown.code(".screen - 32") == "`.screen - 32`")
        #expect(Markdown.code("a`b") == "``a`b``")
        #expect(Markdown.code("`a``") == "``` `a`` ```")
        #expect(Markdown.code("a\\|b") == #"`a\|b`"#)
        #expect(Markdown.code("a\nb") == "`a↵b`")
        #expect(Markdown.fence("│x│\n") == "```text\n│x│\n```\n")
        #expect(Markdown.fence("```\n`````\n") == "``````text\n```\n`````\n``````\n")
    }
}
