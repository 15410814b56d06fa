/// Completion in a `labelspec.json`: inside its `"fonts"` object, where a key goes, the app's font
/// tokens found in its Swift code that are not mapped yet, most used first, each inserted as
/// `"Font.compound.bodyMD": ".body"` to be edited (docs/swift-sources.md, "Fonts").
public enum ConfigurationCompletion {
    public struct Item: Equatable, Sendable {
        /// The token (`Font.compound.bodyMD`).
        public var label: String
        /// `used at 93 sites`.
        public var detail: String
        /// What replaces `range`: the key and a value to edit.
        public var insert: String
        /// The bytes replaced: the key written so far (with its quotes), or nothing at the cursor.
        public var range: Range<Int>
    }

    /// The items at byte `offset` of `text`; empty when the cursor is not where a key of the
    /// top-level `"fonts"` object goes. `tokens`: each token of the code with its number of sites.
    public static func items(in text: [UInt8], at offset: Int, tokens: [String: Int]) -> [Item] {
        guard let place = keyPlace(in: text, at: min(max(0, offset), text.count)) else { return [] }
        let typed = String(decoding: text[place.range].filter { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
        return tokens.filter { !place.written.contains($0.key) && (typed.isEmpty || $0.key.lowercased().contains(typed.lowercased())) }
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .prefix(200)
            .map { token, count in
                Item(
                    label: token, detail: "used at \(count) site\(count == 1 ? "" : "s") in the Swift code",
                    insert: "\"\(escaped(token))\": \".body\"", range: place.range)
            }
    }

    static func escaped(_ s: String) -> String { s.replacingAll("\\", "\\\\").replacingAll("\"", "\\\"") }

    /// Where a key of the top-level `"fonts"` object goes at `offset`: the key typed so far (a
    /// string that starts before the cursor on its line, or nothing), and the keys written in
    /// that object. A small scanner of JSON that follows strings, objects and arrays, and reads
    /// a text that is being typed (unterminated, with errors) as far as it goes.
    static func keyPlace(in text: [UInt8], at offset: Int) -> (range: Range<Int>, written: Set<String>)? {
        // The stack of open containers: `{` with the key that opened it (at the top level: nil),
        // `[`; whether the next string in the innermost object is a key.
        var stack: [(object: Bool, key: String?)] = []
        var expectingKey = false
        var lastKey: String?
        var fontsKeys = Set<String>()
        var i = 0
        var typedStart: Int?
        while i < offset {
            let c = text[i]
            switch c {
            case UInt8(ascii: "\""):
                let (string, j, _) = Self.string(in: text, at: i)
                if offset <= j {
                    // The cursor is in this string.
                    typedStart = expectingKey ? i : nil
                    if !expectingKey { return nil }
                    i = offset
                    continue
                }
                if expectingKey {
                    lastKey = string
                    if stack.count == 2, stack[1].key == "fonts" { fontsKeys.insert(string) }
                    expectingKey = false
                }
                i = j + 1
                continue
            case UInt8(ascii: "{"):
                stack.append((true, stack.isEmpty ? nil : lastKey))
                expectingKey = true
            case UInt8(ascii: "["): stack.append((false, nil))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                expectingKey = false
            case UInt8(ascii: ","): expectingKey = stack.last?.object ?? false
            case UInt8(ascii: ":"): expectingKey = false
            default: break
            }
            i += 1
        }
        guard stack.count == 2, stack[0].object, stack[1].object, stack[1].key == "fonts", expectingKey || typedStart != nil else {
            return nil
        }
        // The keys written after the cursor too (so that a mapped token is not offered again).
        // After the key being typed, if any; then a key follows each comma of the object.
        let typed = typedStart.map { Self.string(in: text, at: $0) }
        var j = typed.map { $0.end + 1 } ?? offset
        var depth = 0
        var keyNext = typedStart == nil
        while j < text.count, depth >= 0 {
            switch text[j] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): keyNext = depth == 0
            case UInt8(ascii: "\""):
                let (string, end, _) = Self.string(in: text, at: j)
                if keyNext, depth == 0 { fontsKeys.insert(string) }
                keyNext = false
                j = end
            default: break
            }
            j += 1
        }
        guard let start = typedStart, let typed else { return (offset..<offset, fontsKeys) }
        // The typed key runs to its closing quote on the line, when there is one (an editor that
        // closes quotes itself).
        return (start..<(typed.closed ? typed.end + 1 : offset), fontsKeys)
    }

    /// The string whose opening quote is at `quote`: its text (escapes read), where it ends (its
    /// closing quote, else the end of its line or of the text), and whether it is closed there.
    static func string(in text: [UInt8], at quote: Int) -> (value: String, end: Int, closed: Bool) {
        var j = quote + 1
        var value: [UInt8] = []
        while j < text.count, text[j] != UInt8(ascii: "\""), text[j] != 0x0A {
            if text[j] == UInt8(ascii: "\\"), j + 1 < text.count { j += 1 }
            value.append(text[j])
            j += 1
        }
        return (String(decoding: value, as: UTF8.self), j, j < text.count && text[j] == UInt8(ascii: "\""))
    }
}
