/// The XLIFF 1.2 namespace, which Xcode writes as the default namespace of `<xliff>`.
public let xliff12Namespace = "urn:oasis:names:tc:xliff:document:1.2"

/// An element of an XLIFF file the checks read: where it is, its attributes (decoded, by local
/// name) and its text (every descendant's character data, decoded: inline elements such as
/// `<g>` and `<ph>` flattened to their text, `<x/>` to nothing, as Xcode imports them).
public struct XLIFFElement: Sendable {
    /// From `<` of the start tag to `>` of the end tag.
    public var range: Range<Int>
    public var startTag: Range<Int>
    /// Between the start and end tags (empty, at the start tag's end, for `<note/>`).
    public var content: Range<Int>
    public var attributes: [(name: String, value: String)] = []
    public var text = ""
    /// The white space written on its own directly before the element (its indentation), if any.
    public var leadingSpace: Range<Int>?

    public subscript(attribute name: String) -> String? { attributes.first { $0.name == name }?.value }
}

/// One `<trans-unit>`.
public struct XLIFFUnit: Sendable {
    /// Its `id`, decoded (`key|==|plural.one`); nil when it has none.
    public var id: String?
    /// The index of its `<file>` in `XLIFFDocument.files`.
    public var file: Int
    public var element: XLIFFElement
    /// Its `id`'s value, inside the quotes.
    public var idRange: Range<Int>?
    /// The start tag's attributes with their places (what an annotation adds or removes).
    public var tagAttributes: [(name: String, attribute: XMLTokenAttribute)] = []
    public var source: XLIFFElement?
    public var target: XLIFFElement?
    public var notes: [XLIFFElement] = []
    /// The end of its last child element, if it has one.
    public var lastChildEnd: Int?
    /// The white space before its first child element on that child's line (its children's
    /// indentation), if written so.
    public var childIndent: [UInt8]?
    /// The white space before the unit's own start tag on its line.
    public var indent: [UInt8]?
    /// The end of the start tag's name (`<trans-unit`).
    public var nameEnd = 0
    var sawChild = false
}

/// One `<file>`: the table it translates (`original`) and its languages.
public struct XLIFFFile: Sendable {
    public var element: XLIFFElement
    public var original: String? { element[attribute: "original"] }
    public var sourceLanguage: String? { element[attribute: "source-language"] }
    public var targetLanguage: String? { element[attribute: "target-language"] }
    /// Its units' indices in `XLIFFDocument.units`.
    public var units: Range<Int>
}

/// An XLIFF 1.2 file read for its units, every byte kept (`bytes`): what a translation platform
/// or Xcode wrote. Reading fails only when the file is not well-formed XML, or not XLIFF.
public struct XLIFFDocument: Sendable {
    public let bytes: [UInt8]
    public private(set) var tokens: [XMLToken] = []
    public private(set) var files: [XLIFFFile] = []
    public private(set) var units: [XLIFFUnit] = []
    /// The root's `version`.
    public private(set) var version: String?
    /// The prefix the XLIFF namespace is bound to when it is not the default namespace (`ns0`, as
    /// Python's ElementTree writes): Xcode skips such a file without a word.
    public private(set) var namespacePrefix: String?
    /// Whether the root declares the XLIFF 1.2 namespace at all.
    public private(set) var declaresNamespace = false
    /// The root element's start tag.
    public private(set) var root: Range<Int> = 0..<0
    /// The file's line break: its first one (CR LF, LF or CR), LF when it has none.
    public private(set) var lineBreak: [UInt8] = [0x0A]

    /// Reads `bytes`; the problem says where they are not well-formed or not XLIFF.
    public static func read(_ bytes: [UInt8]) -> Result<XLIFFDocument, XLIFFProblem> {
        switch XMLScanner.scan(bytes) {
        case .failure(let p): return .failure(p)
        case .success(let tokens):
            var d = XLIFFDocument(bytes: bytes)
            d.tokens = tokens
            if let k = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                d.lineBreak = bytes[k] == 0x0A ? [0x0A] : k + 1 < bytes.count && bytes[k + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
            }
            if let problem = d.walk() { return .failure(problem) }
            return .success(d)
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func string(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

    /// An open element while walking: its local name (nil: another namespace's) and what it is
    /// being read into.
    private struct Open {
        var local: String?
        var token: Int
        var role: Role
        enum Role { case other, file, unit, source, target, note }
    }

    private mutating func walk() -> XLIFFProblem? {
        var stack: [Open] = []
        var prefix: String?  // the XLIFF namespace's prefix ("" for the default namespace)
        var unit: XLIFFUnit?
        var element: XLIFFElement?  // the unit's child being read (source, target, note)
        var fileStart: (XLIFFElement, Int)?
        for (t, token) in tokens.enumerated() {
            switch token.kind {
            case .startTag:
                let qualified = string(token.name)
                if stack.isEmpty {
                    let (p, local) = Self.split(qualified)
                    guard local == "xliff" else {
                        return XLIFFProblem("the root element is <\(qualified)>, not <xliff>: not an XLIFF file", at: token.name)
                    }
                    root = token.range
                    for a in token.attributes where XLIFFText.decode(bytes, a.value, attribute: true) == xliff12Namespace {
                        let n = string(a.name)
                        if n == "xmlns" && p == nil { prefix = "" } else if n == "xmlns:" + (p ?? "") { prefix = p }
                    }
                    declaresNamespace = prefix != nil
                    if let p = prefix, !p.isEmpty { namespacePrefix = p }
                    if prefix == nil { prefix = p ?? "" }
                    version = attribute("version", of: token)
                    if let v = version, !v.hasPrefix("1.") {
                        return XLIFFProblem(
                            "XLIFF \(v) is not what Xcode reads: export and import XLIFF 1.2 (an .xcloc's Localized Contents)",
                            at: token.range)
                    }
                }
                let local = Self.local(qualified, prefix: prefix ?? "")
                var role = Open.Role.other
                let parent = stack.last?.role
                let start = token.range.lowerBound
                var e = XLIFFElement(
                    range: start..<token.range.upperBound, startTag: token.range, content: token.range.upperBound..<token.range.upperBound)
                e.attributes = token.attributes.map {
                    (Self.split(string($0.name)).local, XLIFFText.decode(bytes, $0.value, attribute: true))
                }
                if t > 0, tokens[t - 1].kind == .text, bytes[tokens[t - 1].range].allSatisfy(XMLScanner.isSpace) {
                    e.leadingSpace = tokens[t - 1].range
                }
                if local == "file" && unit == nil {
                    role = .file
                    fileStart = (e, units.count)
                } else if local == "trans-unit" && unit == nil {
                    role = .unit
                    var u = XLIFFUnit(file: max(files.count, 0), element: e)
                    u.nameEnd = token.name.upperBound
                    for a in token.attributes { u.tagAttributes.append((string(a.name), a)) }
                    if let a = token.attributes.first(where: { string($0.name) == "id" }) {
                        u.id = XLIFFText.decode(bytes, a.value, attribute: true)
                        u.idRange = a.value
                    }
                    u.indent = lineIndent(before: start)
                    unit = u
                } else if parent == .unit, let l = local, ["source", "target", "note"].contains(l) {
                    role = l == "source" ? .source : l == "target" ? .target : .note
                    element = e
                }
                if parent == .unit, unit?.sawChild == false {
                    unit?.sawChild = true
                    unit?.childIndent = lineIndent(before: start)
                }
                if token.selfClosing {
                    close(role, e, &unit, &element, &fileStart, end: token.range.upperBound, parentIsUnit: parent == .unit)
                } else {
                    stack.append(Open(local: local, token: t, role: role))
                }
            case .endTag:
                guard let open = stack.popLast() else { continue }
                if var e = element, open.role != .other, [.source, .target, .note].contains(open.role) {
                    e.content = tokens[open.token].range.upperBound..<token.range.lowerBound
                    element = e
                }
                close(
                    open.role, element ?? XLIFFElement(range: 0..<0, startTag: 0..<0, content: 0..<0), &unit, &element, &fileStart,
                    end: token.range.upperBound, parentIsUnit: stack.last?.role == .unit)
            case .text, .cdata:
                if element != nil {
                    let r = token.kind == .cdata ? (token.range.lowerBound + 9)..<(token.range.upperBound - 3) : token.range
                    element!.text += XLIFFText.decode(bytes, r, references: token.kind == .text)
                }
            case .instruction, .comment:
                break
            }
        }
        return nil
    }

    /// Ends an element at `end` (after its end tag, or its `/>`).
    private mutating func close(
        _ role: Open.Role, _ e: XLIFFElement, _ unit: inout XLIFFUnit?, _ element: inout XLIFFElement?,
        _ fileStart: inout (XLIFFElement, Int)?, end: Int, parentIsUnit: Bool
    ) {
        switch role {
        case .source, .target, .note:
            var e = element ?? e
            e.range = e.range.lowerBound..<end
            if role == .source, unit?.source == nil { unit?.source = e }
            if role == .target, unit?.target == nil { unit?.target = e }
            if role == .note { unit?.notes.append(e) }
            unit?.lastChildEnd = end
            element = nil
        case .unit:
            if var u = unit {
                u.element.range = u.element.range.lowerBound..<end
                u.file = files.count
                units.append(u)
            }
            unit = nil
        case .file:
            if let (start, first) = fileStart {
                var f = start
                f.range = f.range.lowerBound..<end
                files.append(XLIFFFile(element: f, units: first..<units.count))
            }
            fileStart = nil
        case .other:
            if parentIsUnit { unit?.lastChildEnd = end }
        }
    }

    /// The white space from the start of the line to `offset`, when only white space is there.
    private func lineIndent(before offset: Int) -> [UInt8]? {
        var k = offset
        while k > 0, bytes[k - 1] == 0x20 || bytes[k - 1] == 0x09 { k -= 1 }
        guard k == 0 || bytes[k - 1] == 0x0A || bytes[k - 1] == 0x0D else { return nil }
        return Array(bytes[k..<offset])
    }

    private func attribute(_ name: String, of token: XMLToken) -> String? {
        token.attributes.first { string($0.name) == name }.map { XLIFFText.decode(bytes, $0.value, attribute: true) }
    }

    static func split(_ qualified: String) -> (prefix: String?, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return (nil, qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    /// The local name of an element of the XLIFF namespace (bound to `prefix`, "" the
    /// default); nil for another namespace's.
    static func local(_ qualified: String, prefix: String) -> String? {
        let (p, l) = split(qualified)
        return (p ?? "") == prefix ? l : nil
    }
}
