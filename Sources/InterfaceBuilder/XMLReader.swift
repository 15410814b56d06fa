internal import CLibXML2
import LabelSpecSupport

/// An attribute of a start tag: its value as libxml2 decoded it, and where its name and value
/// are written in the file (byte offsets).
public struct XMLAttribute: Sendable, Equatable {
    public let name: String
    public let value: String
    public let nameRange: Range<Int>
    /// Between the quotes.
    public let valueRange: Range<Int>
}

/// A start tag: the element's name, where it is written, and its attributes in file order.
public struct XMLStartTag: Sendable, Equatable {
    public let name: String
    /// The name after `<`.
    public let nameRange: Range<Int>
    /// From `<` to just past `>`.
    public let range: Range<Int>
    public let attributes: [XMLAttribute]

    public subscript(_ name: String) -> XMLAttribute? { attributes.first { $0.name == name } }

    /// The tag with only the attributes named in `names` (what is kept of a large file).
    func keeping(_ names: Set<String>) -> XMLStartTag {
        XMLStartTag(name: name, nameRange: nameRange, range: range, attributes: attributes.filter { names.contains($0.name) })
    }
}

/// Why a file could not be read as XML, and where (a byte offset).
public struct XMLProblem: Error, Sendable, Equatable {
    public let message: String
    public let offset: Int
}

/// What an `XMLReader` reports, in document order.
protocol XMLEvents: AnyObject {
    /// Whether `start` wants the tag of an element so named; else `skip` is called for it (most
    /// elements of a storyboard are not labels: no tag is built for them).
    func wants(_ name: String) -> Bool
    func skip()
    func start(_ tag: XMLStartTag)
    func end(_ name: String)
    func characters(_ text: String)
    /// The handler found what it needed not to go on (a file that is not Interface Builder's).
    var stop: XMLProblem? { get }
}

/// XML through libxml2's SAX2 parser: streamed (a 50 MB storyboard is never a tree in memory), with
/// byte offsets for every start tag and attribute, which libxml2's tree does not keep.
///
/// Safety: no entity is ever declared to the parser (no `entityDecl` handler), so an internal
/// subset's entities are not expanded anywhere (a "billion laughs" file stops at its first
/// reference, "Entity 'lol9' not defined"); `XML_PARSE_NONET` and no `XML_PARSE_DTDLOAD`: nothing
/// outside the file is read; no `XML_PARSE_HUGE`: libxml2's limits on depth (256) and on the length
/// of names and text stand. The parse stops at the first error.
enum XMLReader {
    /// Reads `bytes` (UTF-8 only: the offsets are the file's) and reports its events; nil when the
    /// whole file was read.
    static func read(_ bytes: [UInt8], into events: XMLEvents) -> XMLProblem? {
        if let problem = encodingProblem(bytes) { return problem }
        guard !bytes.isEmpty else { return XMLProblem(message: "the file is empty: not an Interface Builder file", offset: 0) }
        guard bytes.count < Int(Int32.max) else {
            return XMLProblem(message: "the file is larger than 2 GB; it is not read", offset: 0)
        }
        if let problem = attributeCountProblem(bytes) { return problem }
        return bytes.withUnsafeBufferPointer { p -> XMLProblem? in
            let state = ParseState(bytes: p, events: events)
            let ok: Bool = p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, p.count)) { chars in
                guard let ctxt = xmlCreateMemoryParserCtxt(chars, Int32(p.count)) else { return false }
                defer { xmlFreeParserCtxt(ctxt) }
                _ = xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))
                state.ctxt = ctxt
                ctxt.pointee.sax.pointee = handler()
                let unmanaged = Unmanaged.passRetained(state)
                defer { unmanaged.release() }
                ctxt.pointee.userData = unmanaged.toOpaque()
                _ = xmlParseDocument(ctxt)
                return ctxt.pointee.wellFormed != 0
            }
            if let problem = state.problem ?? events.stop { return problem }
            return ok ? nil : XMLProblem(message: "not well-formed XML", offset: 0)
        }
    }

    /// The most attributes one element may have. Interface Builder writes a few dozen; libxml2
    /// (2.9) checks each attribute of an element against the others, so 200,000 of them took
    /// 9 s before a callback was made.
    static let maxAttributes = 1_000

    /// An element with more than `maxAttributes` attributes, found in one pass over the bytes
    /// before libxml2 sees them: start tags are read (comments, CDATA sections, processing
    /// instructions and declarations skipped; quoted values may hold `>`) and their `=` outside
    /// quotes counted.
    static func attributeCountProblem(_ bytes: [UInt8]) -> XMLProblem? {
        bytes.withUnsafeBufferPointer { p -> XMLProblem? in
            let n = p.count
            func starts(_ at: Int, _ s: StaticString) -> Bool {
                let count = s.utf8CodeUnitCount
                guard at + count <= n else { return false }
                return s.withUTF8Buffer { u in (0..<count).allSatisfy { p[at + $0] == u[$0] } }
            }
            /// The offset after the first `end` at or after `from` (n when there is none).
            func skip(to end: StaticString, from: Int) -> Int {
                var i = from
                while i < n, !starts(i, end) { i += 1 }
                return min(n, i + end.utf8CodeUnitCount)
            }
            var i = 0
            while i < n {
                guard p[i] == UInt8(ascii: "<") else {
                    i += 1
                    continue
                }
                if starts(i, "<!--") { i = skip(to: "-->", from: i + 4); continue }
                if starts(i, "<![CDATA[") { i = skip(to: "]]>", from: i + 9); continue }
                if starts(i, "<?") { i = skip(to: "?>", from: i + 2); continue }
                if starts(i, "<!") || starts(i, "</") { i = skip(to: ">", from: i + 2); continue }
                let tag = i
                var count = 0
                var quote: UInt8 = 0
                i += 1
                while i < n {
                    let b = p[i]
                    if quote != 0 {
                        if b == quote { quote = 0 }
                    } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                        quote = b
                    } else if b == UInt8(ascii: "=") {
                        count += 1
                        if count > maxAttributes {
                            return XMLProblem(
                                message:
                                    "an element with more than 1,000 attributes; Interface Builder writes a few dozen (the file is not read)",
                                offset: tag)
                        }
                    } else if b == UInt8(ascii: ">") {
                        break
                    }
                    i += 1
                }
                i += 1
            }
            return nil
        }
    }

    /// Only UTF-8 is read: Xcode writes nothing else, and offsets must be the file's bytes.
    static func encodingProblem(_ bytes: [UInt8]) -> XMLProblem? {
        // By the first bytes, with or without a byte order mark (XML 1.0, appendix F); UTF-32
        // before UTF-16, whose marks begin UTF-32's little-endian ones.
        let encodings: [([UInt8], String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32"),
            ([0x00, 0x00, 0x00, 0x3C], "UTF-32"), ([0x3C, 0x00, 0x00, 0x00], "UTF-32"),
            ([0xFE, 0xFF], "UTF-16"), ([0xFF, 0xFE], "UTF-16"), ([0x00, 0x3C], "UTF-16"), ([0x3C, 0x00], "UTF-16"),
        ]
        if let (_, name) = encodings.first(where: { bytes.starts(with: $0.0) }) {
            return XMLProblem(message: "the file is \(name); save it as UTF-8, as Xcode does", offset: 0)
        }
        // The XML declaration, `<?xml version="1.0" encoding="UTF-8"?>`, if there is one.
        let body = ByteOrderMark.length(in: bytes)
        guard bytes[body...].starts(with: Array("<?xml".utf8)) else { return nil }
        var close = body
        while close + 1 < min(bytes.count, body + 200), !(bytes[close] == UInt8(ascii: "?") && bytes[close + 1] == UInt8(ascii: ">")) {
            close += 1
        }
        let key = Array("encoding".utf8)
        guard let at = (body..<max(body, close - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) }) else {
            return nil
        }
        var i = at + key.count
        while i < close, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "=") { i += 1 }
        guard i < close, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[i]
        let start = i + 1
        var end = start
        while end < close, bytes[end] != quote { end += 1 }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        guard !["utf-8", "utf8"].contains(name.lowercased()) else { return nil }
        return XMLProblem(message: "the file declares encoding '\(name)'; save it as UTF-8, as Xcode does", offset: start)
    }

    private final class ParseState {
        let bytes: UnsafeBufferPointer<UInt8>
        let events: XMLEvents
        var ctxt: xmlParserCtxtPtr?
        var problem: XMLProblem?

        init(bytes: UnsafeBufferPointer<UInt8>, events: XMLEvents) {
            self.bytes = bytes
            self.events = events
        }

        /// Where the parser is: a byte offset in the file.
        var offset: Int {
            guard let input = ctxt?.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return 0 }
            return min(bytes.count, Int(input.pointee.consumed) + (cur - base))
        }

        func fail(_ problem: XMLProblem) {
            guard self.problem == nil else { return }
            self.problem = problem
            if let ctxt { xmlStopParser(ctxt) }
        }

        /// The start tag that ends at the parser's position (libxml2 calls `startElementNs`
        /// before it consumes `>` or `/>`): `<` cannot occur inside a start tag, so the tag starts
        /// at the last `<` before it.
        func startTag(name: String, values: [String: String]) -> XMLStartTag {
            let end = offset
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "<") { start -= 1 }
            let lt = max(0, start - 1)
            var i = start
            while i < end, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: ">") { i += 1 }
            let nameRange = start..<i
            var attributes: [XMLAttribute] = []
            while i < end {
                while i < end, isSpace(bytes[i]) { i += 1 }
                let nameStart = i
                while i < end, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
                let attributeName = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<i]), as: UTF8.self)
                let attributeNameRange = nameStart..<i
                while i < end, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "=") { i += 1 }
                guard i < end else { break }
                let quote = bytes[i]
                i += 1
                let valueStart = i
                while i < end, bytes[i] != quote { i += 1 }
                let valueRange = valueStart..<i
                i += 1
                if !attributeName.isEmpty {
                    attributes.append(
                        XMLAttribute(
                            name: attributeName, value: values[attributeName] ?? "", nameRange: attributeNameRange, valueRange: valueRange))
                }
            }
            var close = end
            while close < bytes.count, bytes[close] != UInt8(ascii: ">") { close += 1 }
            return XMLStartTag(name: name, nameRange: nameRange, range: lt..<min(bytes.count, close + 1), attributes: attributes)
        }

        private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    }

    private static func state(_ ctx: UnsafeMutableRawPointer?) -> ParseState {
        Unmanaged<ParseState>.fromOpaque(ctx!).takeUnretainedValue()
    }

    private static func string(_ p: UnsafePointer<xmlChar>?) -> String { p.map { String(cString: $0) } ?? "" }

    private static func qualified(_ local: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?) -> String {
        prefix == nil ? string(local) : string(prefix) + ":" + string(local)
    }

    /// A SAX2 handler with only what the reader needs: no entity declarations, no DTD, no tree.
    private static func handler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { ctx, localname, prefix, _, _, _, count, _, attributes in
            let state = XMLReader.state(ctx)
            guard state.problem == nil else { return }
            let name = XMLReader.qualified(localname, prefix)
            guard state.events.wants(name) else {
                state.events.skip()
                return
            }
            var values: [String: String] = [:]
            if let attributes {
                for i in 0..<Int(count) {
                    let name = XMLReader.qualified(attributes[5 * i], attributes[5 * i + 1])
                    guard let value = attributes[5 * i + 3], let end = attributes[5 * i + 4] else { continue }
                    // Without entity substitution (XML_PARSE_NOENT) libxml2 hands a literal `&`
                    // over as `&#38;`, and only it: undoing that is exact.
                    values[name] = String(decoding: UnsafeBufferPointer(start: value, count: end - value), as: UTF8.self)
                        .replacingAll("&#38;", "&")
                }
            }
            state.events.start(state.startTag(name: name, values: values))
            if let stop = state.events.stop { state.fail(stop) }
        }
        sax.endElementNs = { ctx, localname, prefix, _ in
            let state = XMLReader.state(ctx)
            guard state.problem == nil else { return }
            state.events.end(XMLReader.qualified(localname, prefix))
        }
        sax.characters = { ctx, chars, length in
            let state = XMLReader.state(ctx)
            guard state.problem == nil, let chars else { return }
            state.events.characters(String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF8.self))
        }
        sax.serror = { ctx, error in
            guard let ctx, let error else { return }
            let state = XMLReader.state(ctx)
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            var message = error.pointee.message.map { String(cString: $0) } ?? "not well-formed XML"
            while message.last?.isWhitespace == true { message.removeLast() }
            var offset = state.offset
            // libxml2 names an option of its own API ("use XML_PARSE_HUGE option"), which no
            // user can set: say what is wrong with the file instead.
            if message.hasPrefix("Excessive depth in document") {
                message = "elements nested more than 256 deep; Interface Builder never writes that"
            }
            // Read up to the end tag's `>`: the end tag itself is the place.
            if message.hasPrefix("Opening and ending tag mismatch") {
                while offset > 0, state.bytes[offset - 1] != UInt8(ascii: "<") { offset -= 1 }
                offset = max(0, offset - 1)
            }
            state.fail(XMLProblem(message: message, offset: offset))
        }
        return sax
    }
}
