/// `Content-Length` framing of the base protocol: a header block ending in an empty line, then a
/// body of exactly that many bytes. Feed it bytes as they arrive; it hands back whole bodies.
///
/// Whatever arrives, the stream goes on: a header block without a usable `Content-Length`
/// (missing, not a number, negative, past `maximumLength`), a line that is not a header, or the
/// tail of a body longer than its header declared is reported once and skipped up to the next
/// `Content-Length:`, where reading resumes. Lines may end in CRLF (the protocol's) or a bare LF.
public struct MessageFramer: Sendable {
    /// Bodies larger than this are refused without being allocated.
    public static let maximumLength = 64 * 1024 * 1024
    /// A header block longer than this is not a header block.
    static let maximumHeaderLength = 8 * 1024

    public enum Event: Equatable, Sendable {
        case message([UInt8])
        /// The headers were unusable; the framer skipped them and resynchronises on the next header.
        case badHeader(String)
        /// A declared length past `maximumLength`: the message is refused, and reading resumes at
        /// the next header.
        case tooLarge(Int)
    }

    private var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    /// Adds bytes and returns every event they complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        while let event = next() { events.append(event) }
        // Drop what has been consumed, now and then, to keep the buffer small.
        if start > 4096 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return events
    }

    private mutating func next() -> Event? {
        // Blank lines and spaces between messages are passed over without a word.
        while start < buffer.count, buffer[start] == 13 || buffer[start] == 10 || buffer[start] == 32 || buffer[start] == 9 { start += 1 }
        guard let header = findHeaderEnd() else {
            if buffer.count - start > MessageFramer.maximumHeaderLength {
                return resynchronise("no end of headers within \(MessageFramer.maximumHeaderLength) bytes")
            }
            return nil
        }
        var length: Int?
        var lineStart = start
        while lineStart < header.headers {
            var lineEnd = lineStart
            while lineEnd < header.headers, buffer[lineEnd] != 10 { lineEnd += 1 }
            let line = buffer[lineStart..<(lineEnd > lineStart && buffer[lineEnd - 1] == 13 ? lineEnd - 1 : lineEnd)]
            guard let colon = line.firstIndex(of: 58), colon > line.startIndex,
                line[..<colon].allSatisfy(MessageFramer.isTokenByte)
            else { return resynchronise("not a header line: \(MessageFramer.quoted(line))") }
            if MessageFramer.equalsIgnoringCase(line[..<colon], MessageFramer.contentLength) {
                let value = line[(colon + 1)...].drop { $0 == 32 || $0 == 9 }
                let digits = value.prefix { $0 != 32 && $0 != 9 }
                guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                    value.dropFirst(digits.count).allSatisfy({ $0 == 32 || $0 == 9 })
                else { return resynchronise("invalid Content-Length: \(MessageFramer.quoted(value))") }
                // Past the maximum is too large, whatever the number of digits.
                length = digits.count > 12 ? Int.max : digits.reduce(0) { $0 * 10 + Int($1 - 48) }
            }
            lineStart = lineEnd + 1
        }
        guard let length else { return resynchronise("missing Content-Length") }
        if length > MessageFramer.maximumLength {
            // Waiting for the declared bytes could mean waiting forever: refuse it and read on.
            start = header.body
            skipToNextHeader()
            return .tooLarge(length)
        }
        guard buffer.count - header.body >= length else { return nil }
        let body = Array(buffer[header.body..<(header.body + length)])
        start = header.body + length
        return .message(body)
    }

    static let contentLength = Array("content-length".utf8)

    /// Skips what cannot be a message, up to the next `Content-Length:`, and says why.
    private mutating func resynchronise(_ why: String) -> Event {
        start += 1
        skipToNextHeader()
        return .badHeader(why)
    }

    /// Moves `start` to the next `Content-Length:` (any case) at or after it. Without one, keeps
    /// only a tail that could be the beginning of one.
    private mutating func skipToNextHeader() {
        let pattern = MessageFramer.contentLength + [58]
        var i = start
        while i + pattern.count <= buffer.count {
            if MessageFramer.equalsIgnoringCase(buffer[i..<(i + pattern.count)], pattern) {
                start = i
                return
            }
            i += 1
        }
        // Keep only a tail that could begin a `Content-Length:` still to come.
        var keep = min(pattern.count - 1, buffer.count - start)
        while keep > 0, !MessageFramer.equalsIgnoringCase(buffer[(buffer.count - keep)...], Array(pattern.prefix(keep))) { keep -= 1 }
        start = buffer.count - keep
    }

    /// The end of the header block from `start`: the first empty line (`\r\n` or `\n`).
    private func findHeaderEnd() -> (headers: Int, body: Int)? {
        var i = start
        let limit = min(buffer.count, start + MessageFramer.maximumHeaderLength + 4)
        while i < limit {
            if buffer[i] == 10 {
                if i + 1 < buffer.count, buffer[i + 1] == 10 { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 13, buffer[i + 2] == 10 { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// RFC 7230 token characters (what a header name is made of).
    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 48...57, 65...90, 97...122: return true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: return true
        default: return false
        }
    }

    static func equalsIgnoringCase(_ a: ArraySlice<UInt8>, _ lowercase: [UInt8]) -> Bool {
        a.count == lowercase.count && zip(a, lowercase).allSatisfy { ($0 >= 65 && $0 <= 90 ? $0 + 32 : $0) == $1 }
    }

    /// A short, printable rendering of bytes for a log line.
    static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? "?" : $0 }))
        return "'" + printable + (bytes.count > 40 ? "…" : "") + "'"
    }

    /// The header in front of an outgoing body of `length` bytes.
    public static func header(forLength length: Int) -> [UInt8] { Array("Content-Length: \(length)\r\n\r\n".utf8) }

    /// Frames one outgoing body.
    public static func frame(_ body: [UInt8]) -> [UInt8] { header(forLength: body.count) + body }
}
