/// `Content-Length` framing of the base protocol: a header block ending in an empty line, then a
/// body of exactly that many bytes. Feed it bytes as they arrive; it hands back whole bodies.
public struct MessageFramer: Sendable {
    /// Bodies larger than this are refused without being allocated.
    public static let maximumLength = 64 * 1024 * 1024
    /// A header block longer than this is not a header block.
    static let maximumHeaderLength = 8 * 1024

    public enum Event: Equatable, Sendable {
        case message([UInt8])
        /// The headers were unusable; the framer skipped them and resynchronises on the next header.
        case badHeader(String)
        /// A declared length past `maximumLength`: the body is skipped as it arrives.
        case tooLarge(Int)
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized body still to be thrown away.
    private var skipping = 0

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
        if skipping > 0 {
            let n = min(skipping, buffer.count - start)
            start += n
            skipping -= n
            if skipping > 0 { return nil }
        }
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > MessageFramer.maximumHeaderLength {
                // No blank line in sight: give up on this data.
                start = buffer.count
                return .badHeader("no end of headers within \(MessageFramer.maximumHeaderLength) bytes")
            }
            return nil
        }
        let headerText = String(decoding: buffer[start..<headerEnd.headers], as: UTF8.self)
        var length: Int?
        for line in headerText.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces().lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            if name == "content-length" { length = Int(value) }
        }
        guard let length, length >= 0 else {
            start = headerEnd.body
            return .badHeader("missing or invalid Content-Length")
        }
        if length > MessageFramer.maximumLength {
            start = headerEnd.body
            skipping = length
            _ = next()  // consume what is already here
            return .tooLarge(length)
        }
        guard buffer.count - headerEnd.body >= length else { return nil }
        let body = Array(buffer[headerEnd.body..<(headerEnd.body + length)])
        start = headerEnd.body + length
        return .message(body)
    }

    /// The end of the header block (`\r\n\r\n`) from `start`.
    private func findHeaderEnd() -> (headers: Int, body: Int)? {
        var i = start
        while i + 3 < buffer.count {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 {
                return (i, i + 4)
            }
            i += 1
        }
        return nil
    }

    /// The header in front of an outgoing body of `length` bytes.
    public static func header(forLength length: Int) -> [UInt8] { Array("Content-Length: \(length)\r\n\r\n".utf8) }

    /// Frames one outgoing body.
    public static func frame(_ body: [UInt8]) -> [UInt8] { header(forLength: body.count) + body }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
