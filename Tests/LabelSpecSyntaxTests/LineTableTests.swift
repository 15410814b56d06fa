import LabelSpecSyntax
import Testing

/// The one line table (issue 25): lines and columns in UTF-8, UTF-16 and scalars, for the server
/// and the command line alike.
@Suite struct LineTableTests {
    @Test func columnsInEachEncoding() {
        let text = Array("a😀é\nx中\r\ny".utf8)
        let offsetOfE = 1 + 4  // after "a😀"
        for (encoding, character) in [(PositionEncoding.utf8, 5), (.utf16, 3), (.utf32, 2)] {
            let t = LineTable(text, encoding: encoding)
            #expect(t.lineStarts == [0, 8, 14])
            #expect(t.position(of: offsetOfE) == (0, character))
            #expect(t.offset(line: 0, character: character) == (offsetOfE, false))
            #expect(t.position(of: text.count) == (2, 1))
            #expect(t.lineRange(1) == 8..<12)
        }
        // Inside a surrogate pair: the scalar's start, and clamped.
        #expect(LineTable(text, encoding: .utf16).offset(line: 0, character: 2) == (1, true))
    }

    /// An invalid byte is one unit of its own in every encoding: a lead byte without the
    /// continuation bytes it announces takes nothing after it (Latin-1's "é" before a quote used
    /// to swallow the quote and the next byte in the server's count), and a stray continuation
    /// byte (Latin-1's "©") is a column (the command line's count made it none).
    @Test func invalidBytesAreOneUnitEach() {
        let text: [UInt8] = [0x61, 0xE9, 0x22, 0x62, 0xA9, 0x63, 0xE4, 0xB8]  // a é " b © c, then a cut 中
        for encoding in [PositionEncoding.utf8, .utf16, .utf32] {
            let t = LineTable(text, encoding: encoding)
            #expect((0...text.count).map { t.position(of: $0).character } == [0, 1, 2, 3, 4, 5, 6, 7, 8], "\(encoding)")
            #expect(t.offset(line: 0, character: 3) == (3, false))
            var cursor = LineTable.Cursor(t)
            #expect((0...text.count).map { cursor.position(of: $0).character } == [0, 1, 2, 3, 4, 5, 6, 7, 8])
        }
    }

    /// The command line does not count a byte order mark as a column: line 0 starts after it.
    @Test func aByteOrderMarkIsNoColumnWhenAskedSo() {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab\ncd".utf8)
        let t = LineTable(text, encoding: .utf32, textStart: 3)
        #expect(t.lineStarts == [3, 6])
        #expect(t.position(of: 4) == (0, 1))
        #expect(t.position(of: 0) == (0, 0))
        #expect(t.lineRange(0) == 3..<5)
        var cursor = LineTable.Cursor(t)
        #expect(cursor.position(of: 5) == (0, 2) && cursor.position(of: 7) == (1, 1))
        #expect(LineTable(text, encoding: .utf32).position(of: 4) == (0, 2))
    }
}
