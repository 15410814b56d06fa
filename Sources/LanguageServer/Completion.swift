import JSON
import LabelSpecSemantics
import LabelSpecSyntax

/// LSP CompletionItemKind values used here.
enum CompletionKind: Int {
    case field = 5, `class` = 7, property = 10, color = 16, enumMember = 20
}

/// What the text before the cursor asks for.
enum CompletionContext: Equatable {
    case propertyName(prefix: String)
    case value(property: String, hasDot: Bool)
    case styleName
    case arguments(factory: String)
    case none
}

extension LanguageServer {
    func completion(uri: String, line: Int, character: Int, snippets: Bool) -> JSONValue {
        guard let doc = document(uri) else { return .array([]) }
        let positions = positions(doc)
        let offset = positions.offset(line: line, character: character).offset
        let lineStart = positions.lineStarts[positions.line(of: offset)]
        let prefix = doc.syntax.source.string(in: lineStart..<offset)
        let inBlock = isInsideBlock(doc, offset)
        let context = LanguageServer.context(prefix: prefix, inBlock: inBlock)
        let items: [JSONValue]
        switch context {
        case .styleName:
            items = (namespace(of: uri)?.workspace.styleNames ?? []).sorted().map { item($0, kind: .class, detail: "style") }
        case .propertyName:
            let set = Set(itemAt(doc, offset)?.own.map { $0.id } ?? [])
            items = Properties.all.filter { !set.contains($0.id) && !$0.isDeprecated }.enumerated().map { i, p in
                var fields: [(String, JSONValue)] = [
                    ("label", .string(p.name)), ("kind", .int(CompletionKind.property.rawValue)),
                    ("detail", .string(p.type.displayName)),
                    ("documentation", markdown(p.documentation + (p.defaultValue.map { "\n\nDefault: `\($0)`" } ?? ""))),
                    ("sortText", .string(String(format3(i)))),
                ]
                if snippets {
                    fields += [("insertText", .string("\(p.name): ${1}")), ("insertTextFormat", .int(2))]
                } else {
                    fields.append(("insertText", .string("\(p.name): ")))
                }
                return .object(fields)
            }
        case .value(let property, let hasDot):
            items = valueItems(property, hasDot: hasDot)
        case .arguments(let factory):
            let labels = factory == "system" ? ["size", "weight"] : ["size", "relativeTo"]
            items = labels.map { item($0 + ":", kind: .field, detail: ".\(factory) argument") }
        case .none:
            items = []
        }
        return .array(items)
    }

    private func item(_ label: String, kind: CompletionKind, detail: String, insert: String? = nil, docs: String? = nil, sort: String? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [("label", .string(label)), ("kind", .int(kind.rawValue)), ("detail", .string(detail))]
        if let insert { fields.append(("insertText", .string(insert))) }
        if let docs { fields.append(("documentation", markdown(docs))) }
        if let sort { fields.append(("sortText", .string(sort))) }
        return .object(fields)
    }

    private func markdown(_ text: String) -> JSONValue { markupContent(text, asMarkdown: completionMarkdown) }

    private func format3(_ i: Int) -> String {
        let s = String(i)
        return String(repeating: "0", count: max(0, 3 - s.count)) + s
    }

    /// Values of a property's type: enum cases, colours (label colours first), text styles, …
    private func valueItems(_ property: String, hasDot: Bool) -> [JSONValue] {
        guard let info = Properties.byName[property] else { return [] }
        func enumItems(_ cases: [String], kind: CompletionKind = .enumMember, detail: String) -> [JSONValue] {
            cases.enumerated().map { i, c in item("." + c, kind: kind, detail: detail, insert: hasDot ? c : "." + c, sort: format3(i)) }
        }
        switch info.type {
        case .enumeration(let cases):
            return enumItems(cases, detail: property)
        case .color:
            return SystemColors.all.enumerated().map { i, c in
                item(
                    "." + c.name, kind: .color, detail: c.isLabelColor ? "label colour" : "system colour",
                    insert: hasDot ? c.name : "." + c.name,
                    docs: "light \(c.light.hex) \(c.light)  \ndark \(c.dark.hex) \(c.dark)",
                    sort: (c.isLabelColor ? "0" : "1") + format3(i))
            }
        case .font:
            return enumItems(Properties.textStyles, detail: "text style (Dynamic Type)")
                + [item(".system(size:weight:)", kind: .enumMember, detail: "system font, fixed size",
                        insert: (hasDot ? "" : ".") + "system(size: 17)", sort: "100"),
                   item(".custom(\"Family\", size:)", kind: .enumMember, detail: "custom font",
                        insert: (hasDot ? "" : ".") + "custom(\"Family\", size: 17)", sort: "101")]
        case .bool:
            return ["true", "false"].map { item($0, kind: .enumMember, detail: "bool") }
        case .labelStyle:
            return enumItems(Properties.builtInLabelStyles, detail: "label style")
        case .icon:
            return ["systemImage(\"name\")", "image(\"name\")"].map {
                item("." + $0, kind: .enumMember, detail: "icon", insert: (hasDot ? "" : ".") + $0)
            }
        case .text:
            return [item(".localized(\"key\")", kind: .enumMember, detail: "String Catalog text", insert: (hasDot ? "" : ".") + "localized(\"key\")")]
        default:
            return []
        }
    }

    /// Classifies the text of the line before the cursor.
    static func context(prefix: String, inBlock: Bool) -> CompletionContext {
        let trimmed = prefix.drop { $0 == " " || $0 == "\t" }
        if !inBlock {
            if (trimmed.hasPrefix("label ") || trimmed.hasPrefix("style ")), trimmed.contains(":"), !trimmed.contains("{") {
                return .styleName
            }
            return .none
        }
        // The member the cursor is in: after the last separator or brace.
        let member = String(prefix.split(omittingEmptySubsequences: false) { $0 == ";" || $0 == "{" }.last ?? "")
        for factory in ["system", "custom"] {
            if let open = member.lastOccurrence(of: ".\(factory)("), !member[open...].contains(")") {
                return .arguments(factory: factory)
            }
        }
        if let colon = member.firstIndex(of: ":") {
            let name = member[..<colon].trimmingCharacters(" \t")
            var after = member[member.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            let hasDot = after.first == "."
            if hasDot { after = after.dropFirst() }
            guard after.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), Properties.byName[name] != nil else { return .none }
            return .value(property: name, hasDot: hasDot)
        }
        let word = member.trimmingCharacters(" \t")
        if word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return .propertyName(prefix: word) }
        return .none
    }

    /// Whether an offset lies between an item's braces.
    func isInsideBlock(_ doc: Workspace.Document, _ offset: Int) -> Bool {
        // The item with start < offset <= end: the one holding the byte before the cursor.
        guard offset > 0, let (info, start) = doc.item(at: offset - 1), start < offset, offset <= start + info.green.length else {
            return false
        }
        var pos = start
        for child in info.green.children {
            if case .node(let n) = child, n.kind == .memberBlock {
                let closed: Bool
                if case .token(let t)? = n.children.last, t.kind == .rightBrace, !t.isMissing { closed = true } else { closed = false }
                return offset > pos && (offset < pos + n.length || !closed)
            }
            pos += child.length
        }
        return false
    }

    func itemAt(_ doc: Workspace.Document, _ offset: Int) -> ItemInfo? {
        doc.item(at: offset)?.info
    }
}

extension StringProtocol {
    func trimmingCharacters(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

extension String {
    /// Where the last occurrence of `needle` ends, if any.
    func lastOccurrence(of needle: String) -> String.Index? {
        let n = Array(needle)
        let chars = Array(self)
        guard chars.count >= n.count else { return nil }
        for start in stride(from: chars.count - n.count, through: 0, by: -1) where Array(chars[start..<(start + n.count)]) == n {
            return index(startIndex, offsetBy: start + n.count)
        }
        return nil
    }
}
