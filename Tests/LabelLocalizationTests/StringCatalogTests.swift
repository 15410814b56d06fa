import JSON
import LabelLocalization
import Testing

/// `StringCatalog.read` gives what a full parse gives, however the text is sliced (issue 10).
@Suite struct StringCatalogTests {
    static func catalog(keys: Int, sourceFirst: Bool = true) -> String {
        let entries = (0..<keys).map { i in
            #""k\#(i)": { "localizations": { "de": { "stringUnit": { "state": "translated", "value": "D\#(i)" } }, "fr": { "stringUnit": { "value": "F\#(i)" } } } }"#
        }
        let strings = #""strings": { "# + entries.joined(separator: ", ") + #", "bare": {} }"#
        let source = #""sourceLanguage": "fr""#
        return "{ " + (sourceFirst ? [source, strings] : [strings, source]).joined(separator: ", ") + #", "version": "1.0" }"#
    }

    @Test(arguments: [1, 7, 64, 1 << 20])
    func slicedReadsMatchTheWholeParse(_ slice: Int) throws {
        for sourceFirst in [true, false] {
            let text = Self.catalog(keys: 300, sourceFirst: sourceFirst)
            let c = try StringCatalog.read(Array(text.utf8), sliceSize: slice)
            #expect(c.sourceLanguage == "fr")
            #expect(c.keys == (0..<300).map { "k\($0)" } + ["bare"])
            #expect(c.texts.map { "\($0.0)=\($0.1)" } == (0..<300).map { "k\($0)=F\($0)" })
        }
    }

    @Test func badTextIsRejectedLikeJSONValueParse() throws {
        #expect(throws: JSONParseError.self) { try StringCatalog.read(Array(#"{ "strings": { "a": 1 } } x"#.utf8), sliceSize: 4) }
        #expect(throws: JSONParseError.self) { try StringCatalog.read(Array(#"{ "strings": { "a": "#.utf8), sliceSize: 4) }
        #expect(throws: JSONParseError.self) { try StringCatalog.read([]) }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let c = try StringCatalog.read([0xEF, 0xBB, 0xBF] + Array(Self.catalog(keys: 2).utf8))
        #expect(c.keys == ["k0", "k1", "bare"])
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)) == .object([("a", .int(1))]))
    }

    /// json-c keeps keys as C strings: "a\u0000b" would silently become "a".
    @Test func nulInAKeyIsRejected() throws {
        for text in [#"{"a\u0000b": 1}"#, #"{"x": {"k\u0000" : 2}}"#, #"{"strings": {"a\u0000b": {}}}"#] {
            #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
            do { _ = try JSONValue.parse(text) } catch { #expect("\(error)" == "key contains a NUL character") }
            #expect(throws: JSONParseError.self) { try StringCatalog.read(Array(text.utf8)) }
            do { _ = try StringCatalog.read(Array(text.utf8)) } catch { #expect("\(error)" == "key contains a NUL character") }
        }
        // In a value, or an escaped backslash before "u0000", it is fine.
        #expect(try JSONValue.parse(#"{"a": "x\u0000y"}"#)["a"] == .string("x\u{0}y"))
        #expect(try JSONValue.parse(#"{"a\\u0000": 1}"#) == .object([("a\\u0000", .int(1))]))
    }
}
