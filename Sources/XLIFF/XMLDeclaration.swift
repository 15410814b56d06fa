/// The XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`), checked as strictly as
/// libxml2 checks it: only at the start, `version` first and `1.x`, then an optional `encoding`
/// (UTF-8 only: the file is read as UTF-8) and `standalone` (`yes` or `no`), in that order.
enum XMLDeclaration {
    static func check(_ bytes: [UInt8], _ range: Range<Int>, atStart: Bool) throws {
        // A processing instruction's target is a name, followed by white space or `?>`;
        // `<?xml` so followed is the declaration (`<?xml-stylesheet` is not).
        let target = range.lowerBound + 2
        var k = target
        while k < range.upperBound - 2, XMLScanner.isNameByte(bytes[k]) { k += 1 }
        let name = bytes[target..<k]
        let first = name.first ?? 0
        guard !name.isEmpty, first != UInt8(ascii: "-"), first != UInt8(ascii: "."), !(48...57).contains(first) else {
            throw XLIFFProblem("a processing instruction has no name", at: range)
        }
        guard k == range.upperBound - 2 || XMLScanner.isSpace(bytes[k]) else {
            throw XLIFFProblem("a processing instruction's name is not followed by a space", at: range)
        }
        guard name.count == 3, String(decoding: name, as: UTF8.self).lowercased() == "xml" else { return }
        guard name.elementsEqual("xml".utf8) else {
            throw XLIFFProblem("a processing instruction may not be named '\(String(decoding: name, as: UTF8.self))'", at: range)
        }
        guard atStart else { throw XLIFFProblem("the XML declaration is allowed only at the start of the file", at: range) }
        var pseudo: [(String, String)] = []
        let end = range.upperBound - 2
        while true {
            let before = k
            while k < end, XMLScanner.isSpace(bytes[k]) { k += 1 }
            if k == end { break }
            guard k > before else { throw XLIFFProblem("the XML declaration is malformed", at: range) }
            let ns = k
            while k < end, XMLScanner.isNameByte(bytes[k]) { k += 1 }
            let n = String(decoding: bytes[ns..<k], as: UTF8.self)
            while k < end, XMLScanner.isSpace(bytes[k]) { k += 1 }
            guard !n.isEmpty, k < end, bytes[k] == UInt8(ascii: "=") else {
                throw XLIFFProblem("the XML declaration is malformed", at: range)
            }
            k += 1
            while k < end, XMLScanner.isSpace(bytes[k]) { k += 1 }
            guard k < end, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") else {
                throw XLIFFProblem("the XML declaration is malformed", at: range)
            }
            let q = bytes[k]
            k += 1
            let vs = k
            while k < end, bytes[k] != q { k += 1 }
            guard k < end else { throw XLIFFProblem("the XML declaration is malformed", at: range) }
            pseudo.append((n, String(decoding: bytes[vs..<k], as: UTF8.self)))
            k += 1
        }
        let order = ["version", "encoding", "standalone"]
        var last = -1
        for (n, _) in pseudo {
            guard let i = order.firstIndex(of: n), i > last else {
                throw XLIFFProblem("the XML declaration is malformed ('\(n)')", at: range)
            }
            last = i
        }
        guard let version = pseudo.first(where: { $0.0 == "version" })?.1 else {
            throw XLIFFProblem("the XML declaration has no version", at: range)
        }
        let digits = version.dropFirst(2)
        guard version.hasPrefix("1."), !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else {
            throw XLIFFProblem("XML version '\(version)' is not 1.x", at: range)
        }
        if let encoding = pseudo.first(where: { $0.0 == "encoding" })?.1, !["utf-8", "utf8"].contains(encoding.lowercased()) {
            throw XLIFFProblem(
                "the file declares encoding '\(encoding)'; translation files are read as UTF-8, as Xcode writes them", at: range)
        }
        if let standalone = pseudo.first(where: { $0.0 == "standalone" })?.1, !["yes", "no"].contains(standalone) {
            throw XLIFFProblem("the XML declaration's standalone is '\(standalone)', not yes or no", at: range)
        }
    }
}

/// Namespace names are URI references (RFC 3986), as libxml2 checks them: only the characters
/// a URI may hold (`%` with two hex digits), and a colon before any `/`, `?` or `#` only after a
/// scheme.
enum NamespaceName {
    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        var k = bytes.startIndex
        while k < bytes.endIndex {
            let b = bytes[k]
            if b == UInt8(ascii: "%") {
                guard k + 2 < bytes.endIndex, isHex(bytes[k + 1]), isHex(bytes[k + 2]) else { return false }
                k += 3
                continue
            }
            guard b >= 0x80 || allowed.contains(b) else { return false }
            k += 1
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
        if let stop = bytes.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
            stop < colon
        {
            return true
        }
        let scheme = bytes[bytes.startIndex..<colon]
        guard let f = scheme.first, isLetter(f) else { return false }
        return scheme.allSatisfy {
            isLetter($0) || (48...57).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    private static let allowed = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=".utf8))
    private static func isHex(_ b: UInt8) -> Bool { (48...57).contains(b) || (65...70).contains(b) || (97...102).contains(b) }
    private static func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
