import Foundation
import LabelSpecSemantics
import LabelSpecSupport

/// An old-style `.strings` file (`"key" = "value";`), read as iOS reads it: CoreFoundation's
/// parser of old-style (OpenStep) property lists, which `NSBundle` uses for a string table.
///
/// - Strings are quoted (`"…"` or `'…'`) with the escapes `\a \b \f \n \r \t \v`, `\UXXXX`
///   (up to four hex digits: one UTF-16 code unit; two in a row make a surrogate pair), octal
///   `\ooo` (up to three digits: a byte of the NeXTSTEP encoding, ASCII below `\200`), and `\`
///   before any other character for that character (`\"`, `\'`, `\\`); or unquoted, a run of
///   `A-Z a-z 0-9 _ $ + / : . -`.
/// - `/* … */` and `// …` are comments; spaces are ASCII white space, U+2028 and U+2029.
/// - An entry is `KEY = VALUE;`, or `KEY;` for a value equal to the key. The whole file may be
///   one dictionary in braces (`{ … }`).
///
/// iOS does not load a file with a syntax error at all (`CFPropertyListCreateWithData` fails, and
/// the table has no keys), so neither does this: every problem is an `invalid-catalog` diagnostic
/// at its place and the entries are dropped. One exception, also iOS's: where a key should start,
/// a character that cannot start one (a stray `;`, a `}`) ends the table there — the entries
/// before it are used, those after it are not (an error all the same).
///
/// The file is scanned as UTF-8 bytes or UTF-16 code units, without a `String` of it, twice: once
/// for its problems, then (when iOS would load it) for its entries, each handed over as it is
/// read. Memory is then the caller's table plus, for a UTF-16 file, one copy of its code units:
/// no list of the entries is made.
public enum StringsFile {
    /// What a file holds: its entries in file order (a key written twice: the later value wins,
    /// as in iOS's dictionary) and its problems, whose ranges are byte offsets in the file as
    /// given (a byte order mark included).
    public struct Contents: Sendable {
        public var entries: [(key: String, value: String)] = []
        public var diagnostics: [Diagnostic] = []
    }

    /// Reads a `.strings` file's text: UTF-8 (a byte order mark is skipped) or UTF-16 with a
    /// byte order mark. Binary property lists are `LegacyStrings`'s.
    public static func read(_ bytes: [UInt8]) -> Contents {
        var entries: [(key: String, value: String)] = []
        let diagnostics = read(bytes) { entries.append(($0, $1)) }
        return Contents(entries: entries, diagnostics: diagnostics)
    }

    /// `read(_:)`, with each entry handed to `entry` in file order instead of kept: none when
    /// the file has a syntax error. `reserve` is told how many entries follow first (a table
    /// makes room for them at once instead of growing, and copying itself, step by step).
    /// Returns the problems.
    public static func read(_ bytes: [UInt8], reserve: (Int) -> Void = { _ in }, entry: (String, String) -> Void) -> [Diagnostic] {
        let littleEndian = bytes.starts(with: [0xFF, 0xFE])
        if littleEndian || bytes.starts(with: [0xFE, 0xFF]) {
            // Code units in this machine's order; the file's bytes stay as they are.
            let count = (bytes.count - 2) / 2
            var units = [UInt16](repeating: 0, count: count)
            for i in 0..<count {
                let a = UInt16(bytes[2 + 2 * i])
                let b = UInt16(bytes[3 + 2 * i])
                units[i] = littleEndian ? a | b << 8 : a << 8 | b
            }
            if let bad = firstInvalidUTF16(units, byteCount: bytes.count) {
                return [Diagnostic(.invalidCatalog, "not valid UTF-16 text; the file is not read", at: bad)]
            }
            return units.withUnsafeBufferPointer { p in Scanner<UTF16>.read(p, base: 2, unitSize: 2, reserve: reserve, entry: entry) }
        }
        let bom = ByteOrderMark.length(in: bytes)
        return bytes.withUnsafeBufferPointer { all in
            let p = UnsafeBufferPointer(rebasing: all[bom...])
            if let bad = firstInvalidUTF8(p) {
                let at = bom + bad
                return [Diagnostic(.invalidCatalog, "not UTF-8 or UTF-16 text; save it as UTF-8 (the file is not read)", at: at..<(at + 1))]
            }
            return Scanner<UTF8>.read(p, base: bom, unitSize: 1, reserve: reserve, entry: entry)
        }
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence; nil
    /// for valid text. ASCII runs are skipped a byte at a time without decoding.
    static func firstInvalidUTF8(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i < p.count {
            if p[i] < 0x80 {
                i += 1
                continue
            }
            var iterator = UnsafeBufferPointer(rebasing: p[i..<min(p.count, i + 4)]).makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            guard case .valid(let s) = parser.parseScalar(from: &iterator) else { return i }
            i += s.count
        }
        return nil
    }

    /// The byte range of the first code unit that is not UTF-16 (a lone surrogate, or a last odd
    /// byte); nil for valid text. `units` start after the 2-byte byte order mark.
    static func firstInvalidUTF16(_ units: [UInt16], byteCount: Int) -> Range<Int>? {
        var i = 0
        while i < units.count {
            let u = units[i]
            if u & 0xFC00 == 0xD800, i + 1 < units.count, units[i + 1] & 0xFC00 == 0xDC00 {
                i += 2
                continue
            }
            if u & 0xF800 == 0xD800 { return (2 + 2 * i)..<(4 + 2 * i) }
            i += 1
        }
        return byteCount % 2 == 1 ? (byteCount - 1)..<byteCount : nil
    }

    /// Octal escapes `\200`–`\377` are NeXTSTEP characters (CoreFoundation converts the byte from
    /// `kCFStringEncodingNextStepLatin`); Foundation's converter of that encoding gives them, so
    /// no table is kept here. A byte it does not map (`\376`, `\377`) is U+0000, as in iOS.
    static let nextStep: [UInt16] = (0x80...0xFF).map { b in
        String(bytes: [UInt8(b)], encoding: .nextstep)?.utf16.first ?? 0
    }

    /// The parser: a pass over `p` (UTF-8 bytes or UTF-16 code units), which stops at the first
    /// syntax error. Positions are unit indices until a diagnostic is made, then file offsets
    /// (`base + index × unitSize`).
    struct Scanner<E: Unicode.Encoding> where E.CodeUnit: FixedWidthInteger & UnsignedInteger {
        let p: UnsafeBufferPointer<E.CodeUnit>
        let base: Int
        let unitSize: Int
        var at = 0
        var diagnostics: [Diagnostic] = []
        /// Whether iOS would not load the file (its entries are then not handed over).
        var failed = false
        /// The entries read (handed over or not).
        var count = 0
        /// Where the entries go: nil while the file is looked at for its problems.
        var entry: ((String, String) -> Void)?
        /// Where the last token read (a key, `=`, a value, `;`, `{`) ends.
        var tokenEnd = 0
        /// Where a `/*` without its `*/` starts (the rest of the file is that comment).
        var openComment: Int?
        /// The code units of a string with escapes, built as CoreFoundation builds it.
        var scratch: [UInt16] = []

        init(_ p: UnsafeBufferPointer<E.CodeUnit>, base: Int, unitSize: Int) {
            self.p = p
            self.base = base
            self.unitSize = unitSize
        }

        /// The file's byte range of units `r`.
        func bytes(_ r: Range<Int>) -> Range<Int> { (base + r.lowerBound * unitSize)..<(base + r.upperBound * unitSize) }

        /// Unit `i` as a number, to compare with ASCII (and, in UTF-16, with any BMP character).
        func ascii(_ i: Int) -> UInt32 { UInt32(p[i]) }

        /// The length of the U+2028 or U+2029 at `i` (3 bytes, 1 code unit), or 0.
        func separatorLength(_ i: Int) -> Int {
            if unitSize == 2 { return ascii(i) == 0x2028 || ascii(i) == 0x2029 ? 1 : 0 }
            guard ascii(i) == 0xE2, i + 2 < p.count, ascii(i + 1) == 0x80, ascii(i + 2) == 0xA8 || ascii(i + 2) == 0xA9 else { return 0 }
            return 3
        }

        /// The units of the character at `i` (a scalar: 1–4 bytes, 1–2 code units).
        func characterLength(_ i: Int) -> Int {
            let u = ascii(i)
            if unitSize == 2 { return u & 0xFC00 == 0xD800 && i + 1 < p.count ? 2 : 1 }
            let n = u < 0x80 ? 1 : u >= 0xF0 ? 4 : u >= 0xE0 ? 3 : u >= 0xC0 ? 2 : 1
            return min(n, p.count - i)
        }

        /// Whether `u` may be part of an unquoted string (CoreFoundation's set).
        static func isUnquoted(_ u: UInt32) -> Bool {
            switch u {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: return true
            case 0x5F, 0x24, 0x2B, 0x2F, 0x3A, 0x2E, 0x2D: return true  // _ $ + / : . -
            default: return false
            }
        }

        /// Whether `u` opens (and closes) a quoted string: `"` or `'`.
        static func isQuote(_ u: UInt32) -> Bool { u == 0x22 || u == 0x27 }

        /// Skips spaces and comments; false at the end of the file.
        mutating func space() -> Bool {
            while at < p.count {
                let u = ascii(at)
                if (0x09...0x0D).contains(u) || u == 0x20 {
                    at += 1
                } else if u == 0x2F, at + 1 < p.count, ascii(at + 1) == 0x2F {
                    // To the end of the line (the line break is a space).
                    at += 2
                    while at < p.count, ascii(at) != 0x0A, ascii(at) != 0x0D, separatorLength(at) == 0 { at += 1 }
                } else if u == 0x2F, at + 1 < p.count, ascii(at + 1) == 0x2A {
                    let start = at
                    at += 2
                    while at < p.count, !(ascii(at) == 0x2A && at + 1 < p.count && ascii(at + 1) == 0x2F) { at += 1 }
                    if at < p.count {
                        at += 2
                    } else {
                        openComment = start
                    }
                } else {
                    let n = separatorLength(at)
                    guard n > 0 else { return true }
                    at += n
                }
            }
            return false
        }

        /// How the units `r` (a `token()`) read in a message: `';'`, `'"Drei"'` for a string (cut
        /// after 40 characters), or `U+0007` for a character that does not print.
        func shown(_ r: Range<Int>) -> String {
            let text = String(decoding: UnsafeBufferPointer(rebasing: p[r]), as: E.self)
            let scalars = text.unicodeScalars
            if scalars.count == 1, let s = scalars.first, s.properties.generalCategory == .control || s.properties.isWhitespace {
                return "U+" + String(format: "%04X", s.value)
            }
            return "'" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "'"
        }

        /// What is at `at`, for a message and a range: a whole string or unquoted run, else one
        /// character.
        func token() -> Range<Int> {
            let u = ascii(at)
            if Self.isQuote(u) {
                var j = at + 1
                while j < p.count, ascii(j) != u { j += ascii(j) == 0x5C ? 2 : 1 }
                return j < p.count ? at..<(j + 1) : at..<(at + characterLength(at))
            }
            if Self.isUnquoted(u) {
                var j = at
                while j < p.count, Self.isUnquoted(ascii(j)) { j += 1 }
                return at..<j
            }
            return at..<(at + characterLength(at))
        }

        /// An `invalid-catalog` diagnostic at units `r`.
        mutating func problem(_ message: String, _ r: Range<Int>, severity: Severity = .error) {
            var d = Diagnostic(.invalidCatalog, message, at: bytes(r))
            d.severity = severity
            diagnostics.append(d)
        }

        /// A syntax error: iOS does not load the file, so it has no entries here either.
        mutating func fail(_ message: String, _ r: Range<Int>) {
            problem(message + " (iOS does not load this file)", r)
            failed = true
        }

        /// A syntax error at the character (or string) at `at`; at the end of the file, right after
        /// the last token read (where the missing part goes, not after the comments that follow).
        mutating func failHere(_ message: String) { fail(message, at < p.count ? token() : tokenEnd..<tokenEnd) }

        /// The problems, with the warning of a comment left open.
        mutating func finish() -> [Diagnostic] {
            if let start = openComment {
                problem(
                    "the comment has no closing '*/', so the rest of the file is part of it; close it", start..<(start + 2),
                    severity: .warning)
                diagnostics.sort { $0.range.lowerBound < $1.range.lowerBound }
            }
            return diagnostics
        }

        /// The file's problems, found in a first pass; then, when iOS would load it, its entries
        /// read again and handed to `entry` (a list of millions of entries is never made).
        static func read(
            _ p: UnsafeBufferPointer<E.CodeUnit>, base: Int, unitSize: Int, reserve: (Int) -> Void, entry: (String, String) -> Void
        ) -> [Diagnostic] {
            var first = Scanner(p, base: base, unitSize: unitSize)
            first.run()
            if !first.failed {
                reserve(first.count)
                withoutActuallyEscaping(entry) { entry in
                    var second = Scanner(p, base: base, unitSize: unitSize)
                    second.entry = entry
                    second.run()
                }
            }
            return first.finish()
        }

        /// A quoted string (at its quote) or an unquoted run; nil after a problem.
        mutating func string() -> String? {
            let start = at
            let quote = ascii(at)
            guard Self.isQuote(quote) else {
                while at < p.count, Self.isUnquoted(ascii(at)) { at += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: p[start..<at]), as: E.self)
            }
            at += 1
            var mark = at
            var escaped = false
            scratch.removeAll(keepingCapacity: true)
            while at < p.count {
                let u = ascii(at)
                if u == quote {
                    let text: String
                    if escaped {
                        appendRun(mark..<at)
                        text = String(decoding: scratch, as: UTF16.self)
                    } else {
                        text = String(decoding: UnsafeBufferPointer(rebasing: p[mark..<at]), as: E.self)
                    }
                    at += 1
                    return text
                }
                guard u == 0x5C else {
                    at += 1
                    continue
                }
                // An escape: the text before it, then what it stands for.
                escaped = true
                appendRun(mark..<at)
                at += 1
                guard at < p.count else { break }
                escape()
                mark = at
            }
            fail("the string has no closing \(quote == 0x22 ? "\"" : "'"); add it", start..<(start + 1))
            return nil
        }

        /// Units `r` of the file to `scratch`, as UTF-16.
        mutating func appendRun(_ r: Range<Int>) {
            guard !r.isEmpty else { return }
            if unitSize == 2 {
                for i in r { scratch.append(UInt16(truncatingIfNeeded: p[i])) }
            } else {
                _ = transcode(UnsafeBufferPointer(rebasing: p[r]).makeIterator(), from: E.self, to: UTF16.self, stoppingOnError: false) {
                    scratch.append($0)
                }
            }
        }

        /// The escape whose character (after `\`) is at `at`: its UTF-16 code unit to `scratch`.
        mutating func escape() {
            let c = ascii(at)
            switch c {
            case 0x30...0x37:  // \o, \oo, \ooo: a byte (modulo 256, as CoreFoundation's uint8_t)
                var n = c - 0x30
                at += 1
                var digits = 1
                while digits < 3, at < p.count, (0x30...0x37).contains(ascii(at)) {
                    n = (n << 3 + ascii(at) - 0x30) & 0xFF
                    at += 1
                    digits += 1
                }
                scratch.append(n < 0x80 ? UInt16(n) : StringsFile.nextStep[Int(n) - 0x80])
            case 0x55:  // \U: up to four hex digits, a UTF-16 code unit (0 without any)
                at += 1
                var n: UInt32 = 0
                var digits = 0
                while digits < 4, at < p.count, let v = Self.hexValue(ascii(at)) {
                    n = n << 4 | v
                    at += 1
                    digits += 1
                }
                scratch.append(UInt16(n))
            default:
                let simple: UInt16? =
                    switch c {
                    case 0x61: 0x07  // \a
                    case 0x62: 0x08  // \b
                    case 0x66: 0x0C  // \f
                    case 0x6E: 0x0A  // \n
                    case 0x72: 0x0D  // \r
                    case 0x74: 0x09  // \t
                    case 0x76: 0x0B  // \v
                    default: nil
                    }
                if let simple {
                    scratch.append(simple)
                    at += 1
                } else {
                    // Any other character stands for itself (`\"`, `\'`, `\\`, a line break).
                    let n = characterLength(at)
                    appendRun(at..<(at + n))
                    at += n
                }
            }
        }

        static func hexValue(_ u: UInt32) -> UInt32? {
            switch u {
            case 0x30...0x39: return u - 0x30
            case 0x41...0x46: return u - 0x41 + 10
            case 0x61...0x66: return u - 0x61 + 10
            default: return nil
            }
        }

        /// The whole file; stops at the first problem.
        mutating func run() {
            guard space() else { return }
            // A file that is one dictionary in braces; otherwise the braces are left out.
            let braced = ascii(at) == 0x7B
            if braced {
                at += 1
                tokenEnd = at
            } else if !Self.isQuote(ascii(at)), !Self.isUnquoted(ascii(at)) {
                return fail("expected a key, not \(shown(token())); remove it", token())
            }
            while true {
                guard space() else {
                    if braced { failHere("expected '}' to close the '{' the file starts with; add it") }
                    return
                }
                let u = ascii(at)
                if !Self.isQuote(u), !Self.isUnquoted(u) {
                    guard !braced else {
                        if u != 0x7D { return failHere("expected a key or '}', not \(shown(token())); remove it") }
                        at += 1
                        if space() { return failHere("unexpected \(shown(token())) after the closing '}'; remove it") }
                        return
                    }
                    // iOS stops reading here: the entries so far are its table.
                    problem("expected a key, not \(shown(token())); remove it (iOS ignores the rest of the file)", token())
                    return
                }
                guard let key = string() else { return }
                tokenEnd = at
                let keyShown = "\"" + (key.count > 40 ? String(key.prefix(40)) + "…" : key) + "\""
                guard space() else { return failHere("expected '=' after the key \(keyShown); add it") }
                let value: String
                if ascii(at) == 0x3B {
                    value = key  // `"key";`: the key is its own value
                } else if ascii(at) == 0x3D {
                    at += 1
                    tokenEnd = at
                    guard space() else { return failHere("expected a value after '=' for \(keyShown); add a quoted string") }
                    let v = ascii(at)
                    if Self.isQuote(v) || Self.isUnquoted(v) {
                        guard let s = string() else { return }
                        value = s
                        tokenEnd = at
                    } else if v == 0x7B || v == 0x28 || v == 0x3C {
                        // A property list's dictionary, array or data: not text.
                        let kind = v == 0x7B ? "a dictionary" : v == 0x28 ? "an array" : "data"
                        problem("the value of \(keyShown) is \(kind), not a string; write a quoted string (the file is not read)", token())
                        failed = true
                        return
                    } else {
                        return failHere("expected a value after '=' for \(keyShown), not \(shown(token())); write a quoted string")
                    }
                } else {
                    return failHere("expected '=' after the key \(keyShown); add it")
                }
                // A missing `;` goes right after the value: it is placed there.
                guard space(), ascii(at) == 0x3B else {
                    return fail("expected ';' after the value of \(keyShown); add it", tokenEnd..<tokenEnd)
                }
                at += 1
                tokenEnd = at
                count += 1
                entry?(key, value)
            }
        }
    }
}
