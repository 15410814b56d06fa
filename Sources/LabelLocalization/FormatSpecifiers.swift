import Foundation
import LabelSpecSemantics

/// The argument types of format specifiers, as far as a mismatch matters: an argument read as
/// another kind crashes or prints garbage (`%@` given an integer, `%lld` given an object).
public enum FormatArgumentKind: String, Sendable, Equatable {
    /// `%@`
    case object
    /// `%d %i %u %o %x %X` with any length (`%ld`, `%lld`, `%lu`, `%hhd`, …)
    case integer
    /// `%f %F %e %E %g %G %a %A`
    case float
    /// `%s %S`
    case cString = "C string"
    /// `%c %C`
    case character
    /// `%p`
    case pointer
}

/// One format specifier: the argument it reads (1-based, positions resolved) and how it prints it.
struct FormatSpecifier: Equatable {
    var index: Int
    var kind: FormatArgumentKind
    /// Flags, width and precision as written (`-`, `05`, `.1`), without position or length.
    var options: String
    /// The conversion character (`d`, `@`, `f`, …).
    var conversion: Character
}

/// A format string in pieces.
enum FormatPiece: Equatable {
    case literal(String)
    case argument(FormatSpecifier)
    /// `%#@name@`: a substitution (String Catalogs, `.stringsdict`).
    case substitution(String)
}

enum FormatString {
    /// What an argument without a sample is filled with (docs/language.md, "Format specifiers").
    static let defaultObject = "Alexandra"
    static let defaultInteger = 1200.0
    static let defaultFloat = 1200.5
    /// The largest argument position (`%9999$@`) and argument number (`argNum`) taken: a larger
    /// one is written as it is (a position of a billion asked for a billion sample arguments).
    static let maxArgument = 9_999
    /// The largest width or precision printed (`%1$100000000d` would print a hundred million
    /// characters, and `String(format:)` crashes on wider ones): a larger one prints as this.
    static let maxWidth = 999

    /// Splits a format string into literal text, specifiers and substitutions. Specifiers without
    /// a position take the next argument after the previous one (as `String(format:)` does); `%%`
    /// is a literal `%`; an incomplete or unknown specifier is kept as literal text.
    static func parse(_ format: String) -> [FormatPiece] {
        // Most texts have no specifier at all: one literal, without a walk over characters.
        if !format.utf8.contains(UInt8(ascii: "%")) { return format.isEmpty ? [] : [.literal(format)] }
        var pieces: [FormatPiece] = []
        var literal = ""
        var next = 1
        let chars = Array(format)
        var i = 0
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
        }
        while i < chars.count {
            guard chars[i] == "%" else {
                literal.append(chars[i])
                i += 1
                continue
            }
            var j = i + 1
            guard j < chars.count else {
                literal.append("%")
                break
            }
            if chars[j] == "%" {
                literal.append("%")
                i = j + 1
                continue
            }
            // %#@name@
            if chars[j] == "#", j + 1 < chars.count, chars[j + 1] == "@",
                let close = chars[(j + 2)...].firstIndex(of: "@"), close > j + 2
            {
                flush()
                pieces.append(.substitution(String(chars[(j + 2)..<close])))
                i = close + 1
                continue
            }
            // Position: digits followed by `$`.
            var position: Int?
            var k = j
            while k < chars.count, chars[k].isASCII, chars[k].isNumber { k += 1 }
            if k > j, k < chars.count, chars[k] == "$" {
                // No argument 0, none past `maxArgument`: the specifier is written as it is.
                guard k - j <= 4, let p = Int(String(chars[j..<k])), p >= 1, p <= maxArgument else {
                    literal.append(contentsOf: chars[i...k])
                    i = k + 1
                    continue
                }
                position = p
                j = k + 1
            }
            var options = ""
            while j < chars.count, "-+ #0'".contains(chars[j]) {
                options.append(chars[j])
                j += 1
            }
            while j < chars.count, chars[j].isASCII, chars[j].isNumber || chars[j] == "." {
                options.append(chars[j])
                j += 1
            }
            while j < chars.count, "hlqLztj".contains(chars[j]) { j += 1 }
            guard j < chars.count, let kind = kind(of: chars[j]) else {
                literal.append(contentsOf: chars[i..<min(j + 1, chars.count)])
                i = j + 1
                continue
            }
            flush()
            let index = position ?? next
            next = index + 1
            pieces.append(.argument(FormatSpecifier(index: index, kind: kind, options: options, conversion: chars[j])))
            i = j + 1
        }
        flush()
        return pieces
    }

    static func kind(of conversion: Character) -> FormatArgumentKind? {
        switch conversion {
        case "@": return .object
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": return .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": return .float
        case "s", "S": return .cString
        case "c", "C": return .character
        case "p": return .pointer
        default: return nil
        }
    }

    /// The text with every specifier filled: `arguments[i - 1]` for argument i, else the default
    /// of its kind; `number` (when given) for argument `numberIndex`. Substitutions must have
    /// been expanded; any left are written as they are.
    static func fill(_ pieces: [FormatPiece], arguments: [SampleArgument], number: (index: Int, value: Double)? = nil) -> [(
        text: String, isArgument: Bool
    )] {
        pieces.map { piece in
            switch piece {
            case .literal(let s): return (s, false)
            case .substitution(let name): return ("%#@\(name)@", false)
            case .argument(let spec):
                var sample = spec.index <= arguments.count ? arguments[spec.index - 1] : nil
                if let number, number.index == spec.index { sample = .number(number.value) }
                return (render(spec, sample), true)
            }
        }
    }

    static func render(_ spec: FormatSpecifier, _ sample: SampleArgument?) -> String {
        switch spec.kind {
        case .object, .cString:
            switch sample {
            case .string(let s)?: return s
            case .number(let n)?: return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
            case nil: return defaultObject
            }
        case .integer:
            var n = defaultInteger
            if case .number(let v)? = sample { n = v }
            let value = Int(saturating: n.rounded(.towardZero))
            return String(
                format: "%" + bounded(spec.options) + "ll"
                    + String(spec.conversion == "D" ? "d" : spec.conversion == "U" ? "u" : spec.conversion == "O" ? "o" : spec.conversion),
                value)
        case .float:
            var n = defaultFloat
            if case .number(let v)? = sample { n = v }
            return String(format: "%" + bounded(spec.options) + String(spec.conversion), n)
        case .character:
            if case .string(let s)? = sample, let c = s.first { return String(c) }
            return "A"
        case .pointer:
            return "0x16b0a8f00"
        }
    }

    /// `options` with its width and precision at most `maxWidth` (a width's leading zero, the
    /// zero-padding flag, kept once).
    static func bounded(_ options: String) -> String {
        var out = ""
        var digits: [Character] = []
        func flush() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == "0" }
            if significant.count < digits.count { out.append("0") }
            if !significant.isEmpty {
                out += significant.count > 3 || Int(String(significant))! > maxWidth ? String(maxWidth) : String(significant)
            }
            digits = []
        }
        for c in options {
            if c.isASCII, c.isNumber {
                digits.append(c)
            } else {
                flush()
                out.append(c)
            }
        }
        flush()
        return out
    }

    /// Which argument (1-based) has which kind, substitutions resolved through `substitutions`
    /// (name → argument number and specifier) and the specifiers inside their forms too.
    static func signature(_ format: String, substitutions: [String: CatalogSubstitution] = [:]) -> [Int: FormatArgumentKind] {
        var out: [Int: FormatArgumentKind] = [:]
        for piece in parse(format) {
            switch piece {
            case .argument(let spec): out[spec.index] = spec.kind
            case .substitution(let name):
                guard let s = substitutions[name], let n = s.argNum else { continue }
                if case .argument(let spec)? = parse("%" + s.formatSpecifier).first { out[n] = spec.kind }
                for form in s.plural.values {
                    for case .argument(let spec) in parse(form.replacingOccurrences(of: "%arg", with: "")) { out[spec.index] = spec.kind }
                }
            case .literal: break
            }
        }
        return out
    }

    /// The names of the substitutions a format uses.
    static func substitutionNames(_ format: String) -> [String] {
        guard format.utf8.contains(UInt8(ascii: "#")) else { return [] }
        return parse(format).compactMap { if case .substitution(let n) = $0 { return n } else { return nil } }
    }
}
