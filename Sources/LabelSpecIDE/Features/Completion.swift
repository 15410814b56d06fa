import LabelPresentation
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// One completion proposal.
public struct CompletionItem: Equatable, Sendable {
    public enum Kind: Sendable, CaseIterable { case argument, style, property, color, enumMember, method }

    public var label: String
    public var kind: Kind
    public var detail: String
    /// What to insert when it differs from the label.
    public var insertText: String?
    /// The insertion as a snippet (`${1}` placeholders) for editors that take snippets.
    public var snippet: String?
    /// Markdown.
    public var documentation: String?
    public var sortText: String?
}

/// What the text before the cursor asks for.
public enum CompletionContext: Equatable, Sendable {
    case propertyName(prefix: String)
    case value(property: String, hasDot: Bool)
    case styleName
    case arguments(factory: String)
    /// A font factory's argument value: `label` (`weight`, `design`, `relativeTo`), or nil for the
    /// unlabelled first argument (`.system(.body, …)`'s text style).
    case argumentValue(factory: String, label: String?, hasDot: Bool)
    /// After a font and a `.`: its modifiers (`.body.monospacedDigit()`; `custom`: a `.custom`
    /// family's, without a design).
    case fontModifier(custom: Bool)
    case none
}

public enum Completion {
    /// The proposals at byte `offset` of a document: style names after an item's `:`, property
    /// names in a block (those the item does not set yet), values after a property's `:`
    /// (enum cases, colours with the label colours first, text styles, …) and font arguments.
    public static func items(at offset: Int, in doc: Workspace.Document, workspace: Workspace) -> [CompletionItem] {
        let source = doc.syntax.source
        // The start of the line holding the cursor (LSP's line breaks: LF, CR LF and a lone CR).
        var lineStart = min(offset, source.count)
        while lineStart > 0, source[lineStart - 1] != UInt8(ascii: "\n"), source[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
        let prefix = source.string(in: lineStart..<offset)
        switch context(prefix: prefix, inBlock: isInsideBlock(doc, offset)) {
        case .styleName:
            return workspace.styleNames.sorted().map { CompletionItem(label: $0, kind: .style, detail: "style") }
        case .propertyName:
            let info = doc.item(at: offset)?.info
            let set = Set(info?.own.map { $0.id } ?? [])
            // The properties of the item's framework (a label's, as its checks decide; a style
            // that says its framework), not the other's.
            var hidden: PropertySet = []
            if let info {
                let e = workspace.effectiveValues(of: info)
                var framework: String?
                if case .enumCase(let f)? = e[.framework] { framework = f }
                if info.kind == .label || framework != nil {
                    hidden =
                        Properties.isSwiftUI(framework: framework, has: { e[$0] != nil }) ? Properties.uiKitOnly : Properties.swiftUIOnly
                }
            }
            return Properties.all.filter { !set.contains($0.id) && !$0.isDeprecated && !hidden.contains($0.id) }.enumerated().map { i, p in
                CompletionItem(
                    label: p.name, kind: .property, detail: p.type.displayName, insertText: "\(p.name): ", snippet: "\(p.name): ${1}",
                    documentation: p.documentation + (p.defaultValue.map { "\n\nDefault: `\($0)`" } ?? ""), sortText: sortKey(i))
            }
        case .value(let property, let hasDot):
            return valueItems(property, hasDot: hasDot)
        case .arguments(let factory):
            // `.system(.body, …)` takes only `design:` after its text style.
            let labels =
                factory == "system" ? ["size", "weight", "design"] : factory == "system(.style)" ? ["design"] : ["size", "relativeTo"]
            return labels.map { CompletionItem(label: $0 + ":", kind: .argument, detail: ".\(factory) argument") }
        case .fontModifier(let custom):
            let all = [
                CompletionItem(
                    label: ".bold()", kind: .method,
                    detail: custom ? "the family's bold face" : "the bold trait: the style's emphasized weight",
                    insertText: "bold()", sortText: sortKey(0)),
                CompletionItem(
                    label: ".weight(_:)", kind: .method, detail: "another weight", insertText: "weight(.semibold)", sortText: sortKey(1)),
                CompletionItem(label: ".italic()", kind: .method, detail: "the italic faces", insertText: "italic()", sortText: sortKey(2)),
                CompletionItem(
                    label: ".design(_:)", kind: .method, detail: "rounded, monospaced or serif", insertText: "design(.rounded)",
                    sortText: sortKey(3)),
                CompletionItem(
                    label: ".monospacedDigit()", kind: .method, detail: "digits of one width (tnum)", insertText: "monospacedDigit()",
                    sortText: sortKey(4)),
            ]
            return custom ? all.filter { $0.label != ".design(_:)" } : all
        case .argumentValue(let factory, let label, let hasDot):
            let cases: [String]
            let detail: String
            switch (factory, label) {
            case ("system", "weight"), ("weight", nil): (cases, detail) = (Properties.weights, "weight")
            case ("system", "design"), ("design", nil):
                (cases, detail) = (Properties.designs, "design: SF Pro, SF Pro Rounded, SF Mono, New York")
            case ("system", nil), ("custom", "relativeTo"): (cases, detail) = (Properties.textStyles, "text style (Dynamic Type)")
            default: return []
            }
            return cases.enumerated().map { i, c in
                CompletionItem(label: "." + c, kind: .enumMember, detail: detail, insertText: (hasDot ? "" : ".") + c, sortText: sortKey(i))
            }
        case .none:
            return []
        }
    }

    /// Classifies the text of the line before the cursor.
    public static func context(prefix: String, inBlock: Bool) -> CompletionContext {
        let trimmed = prefix.drop { $0 == " " || $0 == "\t" }
        if !inBlock {
            if trimmed.hasPrefix("label ") || trimmed.hasPrefix("style "), trimmed.contains(":"), !trimmed.contains("{") {
                return .styleName
            }
            return .none
        }
        // The member the cursor is in: after the last separator or brace.
        let member = String(prefix.split(omittingEmptySubsequences: false) { $0 == ";" || $0 == "{" }.last ?? "")
        // The innermost call still open: `.system(`, `.custom(`, or the modifier `.design(` or
        // `.weight(` (`.body.design(.ro`: its argument is a design).
        let calls = ["system", "custom", "design", "weight"].compactMap { f in member.lastOccurrence(of: ".\(f)(").map { (f, $0) } }
        if let (factory, open) = calls.max(by: { $0.1 < $1.1 }), !member[open...].contains(")") {
            // The argument being typed: after the last `(` or `,`.
            let argument = member[open...].split(omittingEmptySubsequences: false) { $0 == "(" || $0 == "," }.last ?? ""
            var value = argument.drop { $0 == " " || $0 == "\t" }
            var label: String?
            if let colon = value.firstIndex(of: ":") {
                label = String(value[..<colon])
                value = value[value.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                if value.isEmpty { return .argumentValue(factory: factory, label: label, hasDot: false) }
            }
            let modifier = factory == "design" || factory == "weight"
            if modifier, value.isEmpty { return .argumentValue(factory: factory, label: nil, hasDot: false) }
            guard value.first == "." else {
                if modifier { return .none }
                let first = member[open...].drop { $0 == " " || $0 == "\t" }
                return .arguments(factory: factory == "system" && first.first == "." ? "system(.style)" : factory)
            }
            guard value.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber }) else { return .none }
            return .argumentValue(factory: factory, label: label, hasDot: true)
        }
        if let colon = member.firstIndex(of: ":") {
            let name = member[..<colon].trimming(" \t")
            var after = member[member.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            // A length is an expression: the operand being typed is after the last operator,
            // bracket or comma (`.screen - .ma`).
            if Properties.byName[name]?.type == .length, let last = after.lastIndex(where: { " \t+-*/(,".contains($0) }) {
                after = after[after.index(after: last)...]
            }
            let hasDot = after.first == "."
            if hasDot { after = after.dropFirst() }
            // `.body.` or `.system(size: 17).mono`: a font's modifier.
            if hasDot, Properties.byName[name]?.type == .font, let last = after.lastIndex(of: "."),
                after[after.index(after: last)...].allSatisfy({ $0.isLetter }), !after.contains(" ") || after[..<last].hasSuffix(")")
            {
                // As many modifiers as the language takes (`Parser.maxCalls`), no more; a `.custom`
                // family takes all but a design.
                let written = after[...last].components(separatedBy: ").").count - 1
                guard written < Parser.maxCalls else { return .none }
                return .fontModifier(custom: after.hasPrefix("custom("))
            }
            guard after.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), Properties.byName[name] != nil else { return .none }
            return .value(property: name, hasDot: hasDot)
        }
        let word = member.trimming(" \t")
        if word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return .propertyName(prefix: word) }
        return .none
    }

    /// Whether an offset lies between an item's braces.
    public static func isInsideBlock(_ doc: Workspace.Document, _ offset: Int) -> Bool {
        // The item with start < offset <= end: the one holding the byte before the cursor.
        guard offset > 0, let (info, start) = doc.item(at: offset - 1), start < offset, offset <= start + info.green.length else {
            return false
        }
        // The view borrows the item's node: `info` keeps it alive meanwhile.
        return withExtendedLifetime(info) {
            guard let block = ItemSyntax(info.green, at: start)?.block else { return false }
            return offset > block.range.lowerBound && (offset < block.range.upperBound || !block.isClosed)
        }
    }

    /// Values of a property's type: enum cases, colours (label colours first), text styles, …
    private static func valueItems(_ property: String, hasDot: Bool) -> [CompletionItem] {
        guard let info = Properties.byName[property] else { return [] }
        let dot = hasDot ? "" : "."
        func enumItems(_ cases: [String], detail: String) -> [CompletionItem] {
            cases.enumerated().map { i, c in
                CompletionItem(label: "." + c, kind: .enumMember, detail: detail, insertText: dot + c, sortText: sortKey(i))
            }
        }
        switch info.type {
        case .enumeration(let cases):
            return enumItems(cases, detail: property)
        case .color:
            // Text colours first, except for backgroundColor: background colours first there.
            let background = property == "backgroundColor"
            return SystemColors.all.enumerated().map { i, c in
                let first = background ? c.isBackgroundColor : c.isLabelColor
                return CompletionItem(
                    label: "." + c.name, kind: .color,
                    detail: c.isLabelColor ? "label colour" : c.isBackgroundColor ? "background colour" : "system colour",
                    insertText: dot + c.name,
                    documentation: "light \(c.light.hex) \(c.light)  \ndark \(c.dark.hex) \(c.dark)",
                    sortText: (first ? "0" : "1") + sortKey(i))
            }
        case .font:
            return enumItems(Properties.textStyles, detail: "text style (Dynamic Type)") + [
                CompletionItem(
                    label: ".system(size:weight:)", kind: .enumMember, detail: "system font, fixed size",
                    insertText: dot + "system(size: 17)",
                    sortText: "100"),
                CompletionItem(
                    label: ".system(.body, design:)", kind: .enumMember, detail: "text style in a design (rounded, monospaced, serif)",
                    insertText: dot + "system(.body, design: .rounded)", sortText: "100b"),
                CompletionItem(
                    label: ".custom(\"Family\", size:)", kind: .enumMember, detail: "custom font",
                    insertText: dot + "custom(\"Family\", size: 17)", sortText: "101"),
            ]
        case .bool:
            return ["true", "false"].map { CompletionItem(label: $0, kind: .enumMember, detail: "bool") }
        case .labelStyle:
            return enumItems(Properties.builtInLabelStyles, detail: "label style")
        case .icon:
            return ["systemImage(\"name\")", "image(\"name\")"].map {
                CompletionItem(label: "." + $0, kind: .enumMember, detail: "icon", insertText: dot + $0)
            }
        case .text:
            return [
                CompletionItem(
                    label: ".localized(\"key\")", kind: .enumMember, detail: "String Catalog text", insertText: dot + "localized(\"key\")")
            ]
        case .length:
            return Completion.screenLengths.enumerated().map { i, l in
                CompletionItem(
                    label: "." + l.label, kind: .enumMember, detail: l.detail, insertText: dot + l.insert, documentation: l.documentation,
                    sortText: sortKey(i))
            }
        default:
            return []
        }
    }

    /// What a length may name, with what completion inserts and says of it (hover shows the
    /// same documentation).
    public static let screenLengths: [(label: String, insert: String, detail: String, documentation: String)] = [
        ("screen", "screen", "screen length", "The window's width on each configured screen (`screens` in labelspec.json)."),
        (
            "safeArea", "safeArea", "screen length",
            "The screen's width less its left and right safe-area insets (a landscape iPhone's notch)."
        ),
        (
            "margins", "margins", "screen length",
            "The safe area less the system layout margins: 16 pt a side in compact width, 20 in regular. A label without a width is measured here."
        ),
        (
            "min(a, b)", "min(.margins, 600)", "smallest of two or more lengths",
            "The smallest of its lengths on each screen: `.min(.margins, 600)` caps a width."
        ),
        ("max(a, b)", "max(.margins, 300)", "largest of two or more lengths", "The largest of its lengths on each screen."),
        (
            "sizeClass(compact:regular:)", "sizeClass(compact: .margins, regular: 600)", "one length per size class",
            "One length in compact width (every iPhone in portrait), another in regular (iPads, large iPhones in landscape)."
        ),
    ]

    /// Sorts as written: "000", "001", …
    private static func sortKey(_ i: Int) -> String {
        let s = String(i)
        return String(repeating: "0", count: max(0, 3 - s.count)) + s
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
