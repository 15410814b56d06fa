import LabelSpecSupport

/// One token of an XML file: its kind and the bytes it covers. The tokens of a file tile its
/// bytes, in order, with nothing left over: a file is never written again from what was read,
/// only spliced (`ByteSplices`), so every byte a tool does not touch is kept as it was.
public struct XMLToken: Sendable {
    public enum Kind: Sendable, Equatable {
        /// `<?xml …?>` and any other processing instruction.
        case instruction
        case comment
        /// `<![CDATA[…]]>`: its content is text, taken as written.
        case cdata
        /// Character data between tags (references not decoded: `XLIFFText.decode`).
        case text
        case startTag
        case endTag
    }

    public var kind: Kind
    public var range: Range<Int>
    /// A tag's name (qualified: `ns0:trans-unit`).
    public var name: Range<Int> = 0..<0
    /// A start tag's attributes, in the order written.
    public var attributes: [XMLTokenAttribute] = []
    /// `<note/>`.
    public var selfClosing = false
}

/// An attribute of a start tag: where its name and its value (inside the quotes) are.
public struct XMLTokenAttribute: Sendable {
    /// From the space before the name to the closing quote: what removing the attribute removes.
    public var range: Range<Int>
    public var name: Range<Int>
    public var value: Range<Int>
}

/// Why a file is not well-formed XML, and where.
public struct XLIFFProblem: Error, Sendable, Equatable {
    public var message: String
    public var range: Range<Int>

    public init(_ message: String, at range: Range<Int>) { (self.message, self.range) = (message, range) }
}

/// A well-formedness scanner for the XML that translation files are: UTF-8, no document type
/// declaration, no entities but the five predefined ones and character references. One pass,
/// no tree, nothing decoded unless asked (`XLIFFText`): linear in the file's size whatever its
/// shape (an element nested 100,000 deep costs a stack of names, not a recursion).
public enum XMLScanner {
    /// The tokens of `bytes`, or the first thing that makes them other than well-formed XML.
    public static func scan(_ bytes: [UInt8]) -> Result<[XMLToken], XLIFFProblem> {
        var scanner = Scanner(bytes: bytes)
        do {
            try scanner.run()
            return .success(scanner.tokens)
        } catch let problem as XLIFFProblem {
            return .failure(problem)
        } catch {
            return .failure(XLIFFProblem("\(error)", at: 0..<0))
        }
    }

    /// Whether a byte is XML white space.
    @inlinable static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Whether a byte may be part of a name: ASCII letters, digits, `-._:`, and any byte of a
    /// multi-byte UTF-8 character.
    @inlinable static func isNameByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"):
            return true
        default: return b >= 0x80
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var tokens: [XMLToken] = []
        /// The names of the open elements (ranges of their start tags' names).
        var open: [Range<Int>] = []
        var sawRoot = false
        /// The namespace prefixes declared, with the namespace each names and the depth of `open`
        /// they were declared at.
        var prefixes: [(prefix: [UInt8], uri: ArraySlice<UInt8>, depth: Int)] = [
            (Array("xml".utf8), ArraySlice("http://www.w3.org/XML/1998/namespace".utf8), 0)
        ]

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() throws {
            if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
                throw XLIFFProblem("the file is UTF-16: translation files are read as UTF-8 (as Xcode writes them)", at: 0..<2)
            }
            if let bad = Self.invalidUTF8(bytes) {
                let what = bytes[bad] < 0x20 ? "a control character (\(bytes[bad])) XML does not allow" : "a byte that is not UTF-8"
                throw XLIFFProblem("\(what) at byte \(bad)", at: bad..<(bad + 1))
            }
            i = ByteOrderMark.length(in: bytes)
            if i > 0 { tokens.append(XMLToken(kind: .text, range: 0..<i)) }
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "<") {
                    try markup()
                } else {
                    try text()
                }
            }
            if let last = open.last {
                throw XLIFFProblem("<\(string(last))> is not closed", at: last)
            }
            if !sawRoot { throw XLIFFProblem("the file has no element", at: 0..<0) }
        }

        func string(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

        func starts(_ s: String, at k: Int) -> Bool {
            var j = k
            for b in s.utf8 {
                guard j < bytes.count, bytes[j] == b else { return false }
                j += 1
            }
            return true
        }

        /// The index after the first `end` at or after `from`, or a problem.
        func find(_ end: String, from: Int, what: String, start: Int) throws -> Int {
            let e = Array(end.utf8)
            var j = from
            while j + e.count <= bytes.count {
                if bytes[j] == e[0] && bytes[j..<(j + e.count)].elementsEqual(e) { return j + e.count }
                j += 1
            }
            throw XLIFFProblem("\(what) is not closed", at: start..<min(start + 4, bytes.count))
        }

        mutating func markup() throws {
            let start = i
            if starts("<?", at: i) {
                i = try find("?>", from: i + 2, what: "a processing instruction", start: start)
                try XMLDeclaration.check(bytes, start..<i, atStart: start == ByteOrderMark.length(in: bytes))
                tokens.append(XMLToken(kind: .instruction, range: start..<i))
            } else if starts("<!--", at: i) {
                i = try find("-->", from: i + 4, what: "a comment", start: start)
                tokens.append(XMLToken(kind: .comment, range: start..<i))
            } else if starts("<![CDATA[", at: i) {
                guard !open.isEmpty else { throw XLIFFProblem("character data outside the root element", at: start..<(start + 9)) }
                i = try find("]]>", from: i + 9, what: "a CDATA section", start: start)
                tokens.append(XMLToken(kind: .cdata, range: start..<i))
            } else if starts("<!", at: i) {
                throw XLIFFProblem(
                    "a document type declaration is not read (entities could expand without bound); Xcode writes none",
                    at: start..<min(start + 9, bytes.count))
            } else if starts("</", at: i) {
                try endTag()
            } else {
                try startTag()
            }
        }

        mutating func name(what: String) throws -> Range<Int> {
            let s = i
            while i < bytes.count, XMLScanner.isNameByte(bytes[i]) { i += 1 }
            guard i > s else { throw XLIFFProblem("\(what) has no name", at: s..<min(s + 1, bytes.count)) }
            let first = bytes[s]
            if first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                || (bytes[s..<i].contains { $0 >= 0x80 } && !XMLNames.isName(string(s..<i)))
            {
                throw XLIFFProblem("'\(string(s..<i))' is not a name", at: s..<i)
            }
            return s..<i
        }

        mutating func skipSpace() { while i < bytes.count, XMLScanner.isSpace(bytes[i]) { i += 1 } }

        mutating func startTag() throws {
            let start = i
            i += 1
            let n = try name(what: "a tag")
            if open.isEmpty && sawRoot {
                throw XLIFFProblem("a second root element <\(string(n))>: a file has one", at: start..<n.upperBound)
            }
            var attributes: [XMLTokenAttribute] = []
            while true {
                let before = i
                skipSpace()
                guard i < bytes.count else { throw XLIFFProblem("<\(string(n))> is not closed", at: start..<n.upperBound) }
                if bytes[i] == UInt8(ascii: ">") {
                    i += 1
                    try namespaces(n, attributes)
                    open.append(n)
                    sawRoot = true
                    tokens.append(XMLToken(kind: .startTag, range: start..<i, name: n, attributes: attributes))
                    return
                }
                if starts("/>", at: i) {
                    i += 2
                    try namespaces(n, attributes)
                    prefixes.removeAll { $0.depth > open.count }
                    sawRoot = true
                    tokens.append(XMLToken(kind: .startTag, range: start..<i, name: n, attributes: attributes, selfClosing: true))
                    return
                }
                guard i > before else { throw XLIFFProblem("attributes of <\(string(n))> need space between them", at: i..<(i + 1)) }
                let an = try name(what: "an attribute of <\(string(n))>")
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                    throw XLIFFProblem("attribute '\(string(an))' has no value", at: an)
                }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw XLIFFProblem("the value of '\(string(an))' is not quoted", at: an)
                }
                let quote = bytes[i]
                i += 1
                let vs = i
                while i < bytes.count, bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "<") { throw XLIFFProblem("'<' in the value of '\(string(an))'", at: i..<(i + 1)) }
                    if bytes[i] == UInt8(ascii: "&") { i = try XLIFFText.checkReference(bytes, at: i) } else { i += 1 }
                }
                guard i < bytes.count else { throw XLIFFProblem("the value of '\(string(an))' is not closed", at: an) }
                let value = vs..<i
                i += 1
                if attributes.contains(where: { bytes[$0.name].elementsEqual(bytes[an]) }) {
                    throw XLIFFProblem("<\(string(n))> has '\(string(an))' twice", at: an)
                }
                attributes.append(XMLTokenAttribute(range: before..<i, name: an, value: value))
            }
        }

        /// Declares the prefixes a start tag declares, then checks that every prefix its name
        /// and its attributes' names use is declared (`xml` always is).
        mutating func namespaces(_ n: Range<Int>, _ attributes: [XMLTokenAttribute]) throws {
            let xmlns = Array("xmlns".utf8)
            for a in attributes {
                let name = bytes[a.name]
                guard name.starts(with: xmlns) else { continue }
                if !NamespaceName.isValid(bytes[a.value]) {
                    throw XLIFFProblem("the namespace '\(string(a.value))' is not a valid URI", at: a.value)
                }
                if name.count > 6, name[name.startIndex + 5] == UInt8(ascii: ":") {
                    prefixes.append((Array(name.dropFirst(6)), bytes[a.value], open.count + 1))
                }
            }
            func check(_ r: Range<Int>, attribute: Bool) throws {
                guard let colon = bytes[r].firstIndex(of: UInt8(ascii: ":")) else { return }
                let prefix = bytes[r.lowerBound..<colon]
                if prefix.elementsEqual("xml".utf8) || (attribute && prefix.elementsEqual(xmlns)) { return }
                if !prefixes.contains(where: { $0.prefix.elementsEqual(prefix) }) {
                    throw XLIFFProblem("the namespace prefix '\(string(r.lowerBound..<colon))' of '\(string(r))' is not declared", at: r)
                }
            }
            try check(n, attribute: false)
            for a in attributes { try check(a.name, attribute: true) }
            // Two attributes of one namespace and local name (`a:q` and `b:q`, both prefixes
            // bound to it) are one attribute twice.
            var seen: [(uri: ArraySlice<UInt8>, local: ArraySlice<UInt8>)] = []
            for a in attributes {
                let name = bytes[a.name]
                guard let colon = name.firstIndex(of: UInt8(ascii: ":")), !name.starts(with: xmlns) else { continue }
                let prefix = bytes[a.name.lowerBound..<colon]
                guard let uri = prefixes.last(where: { $0.prefix.elementsEqual(prefix) })?.uri else { continue }
                let local = bytes[(colon + 1)..<a.name.upperBound]
                if seen.contains(where: { $0.uri.elementsEqual(uri) && $0.local.elementsEqual(local) }) {
                    throw XLIFFProblem("<\(string(n))> has '\(string(a.name))' twice (its namespace's)", at: a.name)
                }
                seen.append((uri, local))
            }
        }

        mutating func endTag() throws {
            let start = i
            i += 2
            let n = try name(what: "an end tag")
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else {
                throw XLIFFProblem("</\(string(n))> is not closed", at: start..<n.upperBound)
            }
            i += 1
            guard let top = open.last else { throw XLIFFProblem("</\(string(n))> closes nothing", at: start..<i) }
            guard bytes[top].elementsEqual(bytes[n]) else {
                throw XLIFFProblem("</\(string(n))> where </\(string(top))> was expected", at: start..<i)
            }
            open.removeLast()
            prefixes.removeAll { $0.depth > open.count }
            tokens.append(XMLToken(kind: .endTag, range: start..<i, name: n))
        }

        mutating func text() throws {
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
                if bytes[i] == UInt8(ascii: "&") {
                    i = try XLIFFText.checkReference(bytes, at: i)
                } else if bytes[i] == UInt8(ascii: ">") && i >= 2 && bytes[i - 1] == UInt8(ascii: "]") && bytes[i - 2] == UInt8(ascii: "]")
                    && i - 2 >= start
                {
                    throw XLIFFProblem("']]>' in text", at: (i - 2)..<(i + 1))
                } else {
                    i += 1
                }
            }
            if open.isEmpty, let k = bytes[start..<i].firstIndex(where: { !XMLScanner.isSpace($0) }) {
                throw XLIFFProblem("text outside the root element", at: k..<(k + 1))
            }
            tokens.append(XMLToken(kind: .text, range: start..<i))
        }

        /// The offset of the first byte that is not part of valid UTF-8 or is a control character
        /// XML does not allow, or nil.
        static func invalidUTF8(_ bytes: [UInt8]) -> Int? {
            var k = 0
            let n = bytes.count
            while k < n {
                let b = bytes[k]
                if b < 0x80 {
                    // Control characters XML 1.0 does not allow, raw or as references.
                    if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { return k }
                    k += 1
                    continue
                }
                let (count, low, high): (Int, UInt8, UInt8)
                switch b {
                case 0xC2...0xDF: (count, low, high) = (2, 0x80, 0xBF)
                case 0xE0: (count, low, high) = (3, 0xA0, 0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: (count, low, high) = (3, 0x80, 0xBF)
                case 0xED: (count, low, high) = (3, 0x80, 0x9F)
                case 0xF0: (count, low, high) = (4, 0x90, 0xBF)
                case 0xF1...0xF3: (count, low, high) = (4, 0x80, 0xBF)
                case 0xF4: (count, low, high) = (4, 0x80, 0x8F)
                default: return k
                }
                guard k + count <= n, (low...high).contains(bytes[k + 1]) else { return k }
                for j in 2..<count where !(0x80...0xBF).contains(bytes[k + j]) { return k }
                k += count
            }
            return nil
        }
    }
}
