/// A key read from Swift matched against a String Catalog's keys. Syntax does not show an
/// interpolation's type, so `Text("\(count) items")` reads as `%@ items` while Xcode wrote the
/// key `%lld items` (it takes the specifier from the type: `%lld` for an integer, `%lf` for a
/// double, `%@` for a string, or the `specifier:` given). The code's key matches a catalog key
/// whose text is the same outside its format specifiers and whose specifiers stand where the
/// code's interpolations do; an exact match wins, and two candidates that differ only in their
/// specifiers are ambiguous (nil: the site is counted as not found, not guessed).
public enum KeyMatch {
    /// The catalog key `code` stands for among `keys` (a set of a catalog's keys), or nil.
    public static func match(_ code: String, in keys: Set<String>) -> String? { Index(keys).match(code) }

    /// A table's keys, indexed by their shape: each site's key is matched in time that does not
    /// grow with the table.
    public struct Index: Sendable {
        let exact: Set<String>
        let byShape: [Shape: [String]]

        public init<S: Sequence>(_ keys: S) where S.Element == String {
            var exact = Set<String>()
            var byShape: [Shape: [String]] = [:]
            for key in keys where exact.insert(key).inserted {
                let shape = KeyMatch.shape(key)
                if shape.specifiers > 0 { byShape[shape, default: []].append(key) }
            }
            self.exact = exact
            self.byShape = byShape
        }

        /// The key `code` stands for: itself when the table has it, else the one key of its
        /// shape; nil when none or several.
        public func match(_ code: String) -> String? {
            if exact.contains(code) { return code }
            let shape = KeyMatch.shape(code)
            guard shape.specifiers > 0, let found = byShape[shape], found.count == 1 else { return nil }
            return found[0]
        }
    }

    /// Whether a key read from code (`%@ items`) has the shape of a catalog key (`%lld items`):
    /// the same text outside their specifiers, which stand at the same places.
    public static func sameShape(_ code: String, _ key: String) -> Bool {
        let a = shape(code)
        return a.specifiers > 0 && a == shape(key)
    }

    /// A key with its format specifiers (`%@`, `%lld`, `%1$@`, `%.1f`, …) replaced by one mark,
    /// and their count; `%%` stays text.
    struct Shape: Hashable, Sendable {
        var text: [Unicode.Scalar]
        var specifiers: Int
    }

    static func shape(_ key: String) -> Shape {
        let scalars = Array(key.unicodeScalars)
        var out: [Unicode.Scalar] = []
        var count = 0
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "%", i + 1 < scalars.count else {
                out.append(scalars[i])
                i += 1
                continue
            }
            if scalars[i + 1] == "%" {
                out.append("%")
                out.append("%")
                i += 2
                continue
            }
            // Flags, width, precision, position (`1$`), length (`l`, `ll`, `h`, `q`, `z`, …), then
            // the conversion letter or `@`.
            var j = i + 1
            while j < scalars.count, "0123456789$.-+#'lhqzjtL".unicodeScalars.contains(scalars[j]) { j += 1 }
            guard j < scalars.count, "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(scalars[j]) else {
                out.append(scalars[i])
                i += 1
                continue
            }
            out.append("\u{FFFC}")
            count += 1
            i = j + 1
        }
        return Shape(text: out, specifiers: count)
    }
}
