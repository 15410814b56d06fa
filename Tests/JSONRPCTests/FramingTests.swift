import JSON
import Testing

@testable import JSONRPC

@Suite struct FramingTests {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func wholeAndSplitMessages() {
        var framer = MessageFramer()
        let one = MessageFramer.frame(bytes(#"{"a":1}"#))
        let two = MessageFramer.frame(bytes(#"{"b":2}"#))
        var events: [MessageFramer.Event] = []
        // Byte by byte: bodies come out only when complete.
        for b in one + two { events += framer.feed([b]) }
        #expect(events == [.message(bytes(#"{"a":1}"#)), .message(bytes(#"{"b":2}"#))])
    }

    @Test func contentTypeIsToleratedAndHeaderNamesAreCaseInsensitive() {
        var framer = MessageFramer()
        let raw = "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"
        #expect(framer.feed(bytes(raw)) == [.message(bytes("{}"))])
    }

    @Test func absurdLengthIsRefusedWithoutAllocatingAndTheStreamGoesOn() {
        var framer = MessageFramer()
        let huge = "Content-Length: 99999999999\r\n\r\n"
        #expect(framer.feed(bytes(huge)) == [.tooLarge(99_999_999_999)])
        // A small oversized message is skipped as its bytes arrive; the next one is read.
        var small = MessageFramer()
        let over = MessageFramer.maximumLength + 1
        #expect(small.feed(bytes("Content-Length: \(over)\r\n\r\n")) == [.tooLarge(over)])
        #expect(small.feed([UInt8](repeating: 32, count: over)) == [])
        #expect(small.feed(MessageFramer.frame(bytes("{}"))) == [.message(bytes("{}"))])
    }

    /// Whatever a bad header looks like, it is reported once and every later message is read
    /// (issue 10: one bad header used to deafen the server until EOF).
    @Test(arguments: [
        ("Content-Length: x\r\n\r\n{}", "invalid Content-Length: 'x'"),
        ("Content-Length: -5\r\n\r\n{}", "invalid Content-Length: '-5'"),
        ("Content-Length: 99999999999999999999999999\r\n\r\n{}", nil),
        ("Content-Length: 12abc\r\n\r\n{}", "invalid Content-Length: '12abc'"),
        ("{\"jsonrpc\":\"2.0\"}\r\n\r\n", "not a header line: '{\"jsonrpc\":\"2.0\"}'"),
        ("garbage without any line end", nil),
    ])
    func theStreamResynchronisesAtTheNextHeader(_ bad: String, _ why: String?) {
        var framer = MessageFramer()
        let good = MessageFramer.frame(bytes(#"{"id":1}"#)) + MessageFramer.frame(bytes(#"{"id":2}"#))
        var events = framer.feed(bytes(bad) + good)
        // Fed in one piece or byte by byte: the same messages come out.
        var slow = MessageFramer()
        var slowEvents: [MessageFramer.Event] = []
        for b in bytes(bad) + good { slowEvents += slow.feed([b]) }
        #expect(
            slowEvents.filter { if case .message = $0 { return true } else { return false } }
                == [.message(bytes(#"{"id":1}"#)), .message(bytes(#"{"id":2}"#))])
        let messages = events.filter { if case .message = $0 { return true } else { return false } }
        #expect(messages == [.message(bytes(#"{"id":1}"#)), .message(bytes(#"{"id":2}"#))])
        events.removeAll { if case .message = $0 { return true } else { return false } }
        #expect(!events.isEmpty, "the bad header was not reported")
        if let why { #expect(events.first == .badHeader(why)) }
    }

    @Test func aBodyLongerThanDeclaredCostsThatMessageOnly() {
        var framer = MessageFramer()
        let events = framer.feed(bytes("Content-Length: 4\r\n\r\n{\"a\":1}") + MessageFramer.frame(bytes(#"{"b":2}"#)))
        #expect(
            events == [.message(bytes(#"{"a""#)), .badHeader("not a header line: ':1}Content-Length: 7'"), .message(bytes(#"{"b":2}"#))])
    }

    @Test func headersWithBareLineFeedsAreRead() {
        var framer = MessageFramer()
        #expect(
            framer.feed(bytes("Content-Length: 2\n\n{}Content-Length: 2\nContent-Type: x\n\n[]")) == [
                .message(bytes("{}")), .message(bytes("[]")),
            ])
    }

    @Test func missingLengthIsABadHeaderAndNotTheEnd() {
        var framer = MessageFramer()
        let events = framer.feed(bytes("X-Nothing: 1\r\n\r\n") + MessageFramer.frame(bytes("[]")))
        #expect(events == [.badHeader("missing Content-Length"), .message(bytes("[]"))])
    }
}

@Suite struct MessageTests {
    func decode(_ s: String) -> Result<Message, Message.DecodeError> { Message.decode(Array(s.utf8)) }

    @Test func requestsNotificationsAndResponses() {
        #expect(
            decode(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
                == .success(.request(id: .number(1), method: "initialize", params: .object([]))))
        #expect(
            decode(#"{"jsonrpc":"2.0","id":"a","method":"shutdown"}"#)
                == .success(.request(id: .string("a"), method: "shutdown", params: .null)))
        #expect(
            decode(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
                == .success(.notification(method: "initialized", params: .object([]))))
        #expect(decode(#"{"jsonrpc":"2.0","id":7,"result":null}"#) == .success(.response(id: .number(7), result: .null, error: nil)))
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1,"method":"#, -32700),
        ("not json at all", -32700),
        ("[1,2]", -32600),
        (#"{"jsonrpc":"1.0","id":1,"method":"x"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":{},"method":"x"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":3}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":"x","params":5}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1}"#, -32600),
    ])
    func malformedMessagesGetTheRightCode(_ text: String, _ code: Int) {
        guard case .failure(let e) = decode(text) else {
            Issue.record("decoded \(text)")
            return
        }
        #expect(e.error.code == code)
    }

    @Test(arguments: ["null", "42", "\"text\"", "true", " 7 "])
    func jsonThatIsNotAnObjectIsAnInvalidRequest(_ text: String) {
        guard case .failure(let e) = decode(text) else {
            Issue.record("decoded \(text)")
            return
        }
        #expect(e.error == ResponseError(.invalidRequest, "a message must be a JSON object"))
    }

    /// Ids json-c would clamp or round are answered exactly as they came.
    @Test(arguments: [
        "9223372036854775807", "9223372036854775808", "18446744073709551616", "123456789012345678901234567890", "1.5", "-0", "1e3",
        "-9223372036854775809",
    ])
    func numericIdsAreEchoedExactly(_ id: String) throws {
        guard case .success(.request(let decoded, _, _)) = decode(#"{"jsonrpc":"2.0","id":\#(id),"method":"x","params":{"id":"no"}}"#)
        else {
            Issue.record("not a request")
            return
        }
        #expect(Outgoing.response(id: decoded, result: .null).serialized() == #"{"jsonrpc":"2.0","id":\#(id),"result":null}"#)
    }

    @Test func theIdIsKeptWhenItCanBeRead() {
        guard case .failure(let e) = decode(#"{"jsonrpc":"1.0","id":42,"method":"x"}"#) else { return }
        #expect(e.id == .number(42))
        #expect(
            Outgoing.error(id: e.id, e.error).serialized()
                == #"{"jsonrpc":"2.0","id":42,"error":{"code":-32600,"message":"jsonrpc must be \"2.0\""}}"#)
    }
}
