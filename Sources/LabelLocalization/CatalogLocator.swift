import JSON
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// Where the keys of a catalog are: one linear scan of text json-c has accepted.
struct CatalogLocator {
    struct Place {
        var place: CatalogKeyPlace
        /// The entry's value.
        var value: Range<Int>
    }

    /// Top-level keys (their string tokens) and the members of `strings`.
    var top: [String: Range<Int>] = [:]
    /// By exact scalars: two keys that differ only in normalisation are two entries.
    var keys: [LocalizationKey: Place] = [:]

    static func scan(_ bytes: [UInt8]) -> CatalogLocator {
        var out = CatalogLocator()
        bytes.withUnsafeBufferPointer { p in
            var s = Scan(p: p, at: ByteOrderMark.length(in: p))
            s.space()
            guard s.take(UInt8(ascii: "{")) else { return }
            s.space()
            if s.take(UInt8(ascii: "}")) { return }
            repeat {
                s.space()
                guard let key = s.string() else { return }
                let name = s.decode(key)
                out.top[name] = key
                s.space()
                guard s.take(UInt8(ascii: ":")) else { return }
                s.space()
                if name == "strings", s.peek == UInt8(ascii: "{") {
                    _ = s.take(UInt8(ascii: "{"))
                    s.space()
                    if !s.take(UInt8(ascii: "}")) {
                        repeat {
                            s.space()
                            guard let k = s.string() else { return }
                            let columns = s.columns(of: k)
                            s.space()
                            guard s.take(UInt8(ascii: ":")) else { return }
                            s.space()
                            let start = s.at
                            guard s.skipValue() else { return }
                            out.keys[LocalizationKey(s.decode(k))] = Place(
                                place: CatalogKeyPlace(range: k, columns: columns), value: start..<s.at)
                            s.space()
                        } while s.take(UInt8(ascii: ","))
                        guard s.take(UInt8(ascii: "}")) else { return }
                    }
                } else {
                    guard s.skipValue() else { return }
                }
                s.space()
            } while s.take(UInt8(ascii: ","))
        }
        return out
    }

    private struct Scan {
        let p: UnsafeBufferPointer<UInt8>
        var at: Int
        /// Lines counted up to `counted`, and the UTF-16 code units and scalars from `lineStart`
        /// to `counted`: each key's columns are counted on from the previous key's, so that a
        /// minified catalog (one line) costs its length once, not once per key.
        var line = 0
        var lineStart = 0
        var counted = 0
        var utf16 = 0
        var scalars = 0

        init(p: UnsafeBufferPointer<UInt8>, at: Int) {
            self.p = p
            self.at = at
        }

        var peek: UInt8? { at < p.count ? p[at] : nil }

        mutating func space() {
            while at < p.count, p[at] == 0x20 || p[at] == 0x0A || p[at] == 0x0D || p[at] == 0x09 { at += 1 }
        }

        mutating func take(_ b: UInt8) -> Bool {
            guard at < p.count, p[at] == b else { return false }
            at += 1
            return true
        }

        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at - 1
            while at < p.count, p[at] != UInt8(ascii: "\"") { at += p[at] == UInt8(ascii: "\\") ? 2 : 1 }
            guard at < p.count else { return nil }
            at += 1
            return start..<at
        }

        /// Skips one value (json-c accepted the text: only strings and brackets need care).
        mutating func skipValue() -> Bool {
            var depth = 0
            repeat {
                guard at < p.count else { return false }
                switch p[at] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    at += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    at += 1
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                    at += 1
                default:
                    at += 1
                }
            } while depth > 0
                || (at < p.count && ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(p[at]))
            return true
        }

        /// The line and columns of a key token (lines counted on from the last key).
        mutating func columns(of range: Range<Int>) -> LineColumns {
            while counted < range.lowerBound {
                if p[counted] == 0x0A {
                    line += 1
                    lineStart = counted + 1
                    utf16 = 0
                    scalars = 0
                    counted += 1
                    continue
                }
                // As the line table counts (`LineTable.step`: an invalid byte is one of each).
                let step = LineTable.step(at: counted, count: p.count, .utf16) { p[$0] }
                scalars += 1
                utf16 += step.units
                counted += step.bytes
            }
            let inside = LineColumns.counts(range, in: p)
            return LineColumns(
                line: line, utf8: (range.lowerBound - lineStart)..<(range.upperBound - lineStart),
                utf16: utf16..<(utf16 + inside.utf16), scalars: scalars..<(scalars + inside.scalars))
        }

        func decode(_ token: Range<Int>) -> String {
            let inner = UnsafeBufferPointer(rebasing: p[(token.lowerBound + 1)..<(token.upperBound - 1)])
            guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
            return (try? JSONValue.parse(Array(p[token])))?.stringValue ?? String(decoding: inner, as: UTF8.self)
        }
    }
}
