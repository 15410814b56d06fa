import JSON
import Testing

@Suite struct FragmentTests {
    @Test func fragmentsAreSplicedVerbatimIntoArraysAndObjects() throws {
        let a = try #require(JSONFragment.elements(of: [.int(1), .object([("k", .string("v\"q"))])]))
        let b = try #require(JSONFragment.elements(of: [.string("é")]))
        #expect(JSONFragment.elements(of: []) == nil)
        let value = JSONValue.object([
            ("result", .array([.fragment(a), .fragment(b)])), ("one", .fragment(JSONFragment(text: Array("[true]".utf8)))),
        ])
        let text = value.serialized()
        #expect(text == #"{"result":[1,{"k":"v\"q"},"é"],"one":[true]}"#)
        #expect(
            try JSONValue.parse(text)
                == .object([
                    ("result", .array([.int(1), .object([("k", .string("v\"q"))]), .string("é")])), ("one", .array([.bool(true)])),
                ]))
    }
}

@Suite struct PieceTests {
    /// Joined, the pieces are exactly what json-c writes for the whole value.
    @Test func piecesJoinToTheSerialisedText() throws {
        let a = try #require(JSONFragment.elements(of: [.int(1), .object([("k", .string("v\"q/é"))])]))
        let values: [JSONValue] = [
            .null, .int(3), .string("a\"b\\c/\u{1}"), .array([]), .object([]),
            .object([("jsonrpc", .string("2.0")), ("id", .int(7)), ("result", .array([.fragment(a), .fragment(a)]))]),
            .object([("k\"ey", .fragment(JSONFragment(text: Array("[true]".utf8)))), ("z", .array([.int(1), .string("x")]))]),
            .array([.object([("a", .array([.fragment(a)]))]), .null, .fragment(a)]),
        ]
        for value in values {
            var joined: [UInt8] = []
            for piece in value.serializedPieces() { piece.withBytes { joined += $0 } }
            #expect(String(decoding: joined, as: UTF8.self) == value.serialized())
        }
        // A reply of kept fragments is pieces that reference them, not copies.
        let pieces = JSONValue.array([.fragment(a), .fragment(a)]).serializedPieces()
        #expect(pieces.filter { if case .fragment(let f) = $0 { return f === a } else { return false } }.count == 2)
    }
}
