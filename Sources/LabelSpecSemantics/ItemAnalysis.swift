import LabelSpecSyntax

public enum ItemKind: String, Sendable {
    case style, label
}

/// One known property as set in a block. Ranges are relative to the item's start and stored as
/// 32-bit bounds (an item is far smaller than 2 GB). A value stored inline in the item's property
/// map: one allocation per item, not one per property.
public struct PropertyAssignment: @unchecked Sendable, PropertyMapValue {
    // 40 bytes, no padding: four 32-bit bounds, the typed value, then the small fields. The name
    // starts the member, and a known property's name is as long as its table entry's: one byte
    // holds its length. The removal range is stored as how far it reaches before and after the
    // member (16 bits each, clamped; see `init`).
    private let bounds: (Int32, Int32, Int32, Int32)
    /// nil when the value did not type-check.
    public let typed: TypedValue?
    private let removalReach: (UInt16, UInt16)
    public let id: PropertyID
    private let nameLength: UInt8

    init(id: PropertyID, nameRange: Range<Int>, memberRange: Range<Int>, removal: Range<Int>, valueRange: Range<Int>?, typed: TypedValue?) {
        precondition(nameRange.lowerBound == memberRange.lowerBound && nameRange.count <= Int(UInt8.max), "a member starts with its name")
        self.id = id
        nameLength = UInt8(nameRange.count)
        bounds = (Int32(memberRange.lowerBound), Int32(memberRange.upperBound), Int32(valueRange?.lowerBound ?? -1), Int32(valueRange?.upperBound ?? -1))
        self.typed = typed
        // Beyond the member the removal reaches over blanks, at most one separator and one line
        // break: past 65,535 bytes of blanks the fix leaves the rest of them (only spacing differs).
        removalReach = (
            UInt16(clamping: memberRange.lowerBound - removal.lowerBound), UInt16(clamping: removal.upperBound - memberRange.upperBound)
        )
    }

    public var propertyID: PropertyID { id }
    public var name: String { id.name }
    public var nameRange: Range<Int> { Int(bounds.0)..<(Int(bounds.0) + Int(nameLength)) }
    /// The whole member, separator excluded.
    public var memberRange: Range<Int> { Int(bounds.0)..<Int(bounds.1) }
    /// What a "remove this property" fix deletes: the member with its line when it stands alone.
    public var removal: Range<Int> { (Int(bounds.0) - Int(removalReach.0))..<(Int(bounds.1) + Int(removalReach.1)) }
    /// Where the value is written (nil when it is missing).
    public var valueRange: Range<Int>? { bounds.2 < 0 ? nil : Int(bounds.2)..<Int(bounds.3) }
}

/// A parent in an inheritance clause. The range is stored as 32-bit bounds, relative to the item.
public struct ParentReference: Sendable {
    public let name: String
    private let bounds: (Int32, Int32)

    init(name: String, range: Range<Int>) {
        self.name = name
        bounds = (Int32(clamping: range.lowerBound), Int32(clamping: range.upperBound))
    }

    public var range: Range<Int> { Int(bounds.0)..<Int(bounds.1) }
}

/// The parents of an item: none or one nearly always, so those need no array of their own.
public struct ParentList: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
        case none
        case one(ParentReference)
        case many([ParentReference])
    }
    var storage = Storage.none

    init() {}

    mutating func append(_ p: ParentReference) {
        switch storage {
        case .none: storage = .one(p)
        case .one(let first): storage = .many([first, p])
        case .many(var all):
            storage = .none
            all.append(p)
            storage = .many(all)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .none: return 0
        case .one: return 1
        case .many(let all): return all.count
        }
    }

    public subscript(i: Int) -> ParentReference {
        switch storage {
        case .none: preconditionFailure("no parents")
        case .one(let p): return p
        case .many(let all): return all[i]
        }
    }
}

/// What one top-level item says on its own, before any name is resolved. Computed once per green
/// node: an edit elsewhere reuses it untouched.
public final class ItemInfo: @unchecked Sendable {
    public let green: GreenNode
    // Stored properties are declared widest first, the one-byte ones last: no padding between.
    public let name: String?
    /// The effective own value of each known property (the last assignment wins).
    public let own: PropertyMap<PropertyAssignment>
    /// Syntax and single-item diagnostics, relative to the item's start.
    public let localDiagnostics: [Diagnostic]

    // Resolution state, owned by `Workspace`.
    var resolvedDiagnostics: [Diagnostic]?
    /// `Workspace.generation` when the item was last invalidated (or registered): whatever was
    /// derived from it at a later generation is still valid.
    public internal(set) var changedAt = 0
    /// What a higher layer derived from the item's effective properties (the measured
    /// diagnostics of a label), kept until those may change: the workspace clears it whenever it
    /// invalidates the item. Read and written only by whoever owns the workspace.
    public var derived: AnyObject?
    /// The document the item is registered in (nil when it is not): set and cleared by
    /// `Workspace`, which breaks the cycle when the item leaves or the workspace goes away.
    var document: Workspace.Document?
    public let parents: ParentList
    public let kind: ItemKind
    /// Whether the item sets a deprecated property (checked once resolved, for the fix).
    public let hasDeprecated: Bool
    public internal(set) var isDuplicateName = false

    /// The item's name, relative to its start; when the name is missing, the keyword. Found in
    /// the tree (the first few slots) rather than stored: items are many, and this is asked for
    /// only when a diagnostic or an outline points at the name.
    public var nameRange: Range<Int> {
        var found: Range<Int>?
        var first: Range<Int>?
        green.forEachSlot(at: 0) { child in
            guard found == nil, child.isToken else { return }
            let t = child.token
            guard !t.isMissing, !t.kind.isTrivia else { return }
            if first == nil { first = t.range }
            if t.kind == .identifier { found = t.range }
        }
        return found ?? first ?? 0..<0
    }

    /// `bytes` holds the item's text: index 0 is the item's first byte.
    init(green: GreenNode, bytes: UnsafeBufferPointer<UInt8>) {
        self.green = green
        let node = SyntaxNode(green: green, offset: 0)
        kind = green.kind == .styleDecl ? .style : .label
        var diagnostics = SyntaxErrors.collect(in: node, bytes: bytes)

        // The tree is walked slot by slot (`forEachSlot`): nodes are lent, not retained.
        var name: String?
        var parents = ParentList()
        var block: ChildSlot?
        green.forEachSlot(at: 0) { child in
            if child.isToken {
                let t = child.token
                if t.kind == .identifier, !t.isMissing, name == nil {
                    name = String(decoding: UnsafeBufferPointer(rebasing: bytes[t.range]), as: UTF8.self)
                }
                return
            }
            child.withNode { n in
                if n.kind == .inheritanceClause {
                    n.forEachSlot(at: child.offset) { part in
                        guard part.isToken else { return }
                        let t = part.token
                        guard t.kind == .identifier, !t.isMissing else { return }
                        parents.append(ParentReference(name: String(decoding: UnsafeBufferPointer(rebasing: bytes[t.range]), as: UTF8.self), range: t.range))
                    }
                } else if n.kind == .memberBlock {
                    block = child
                }
            }
        }
        self.name = name
        self.parents = parents

        var reader = ValueReader(bytes: bytes)
        var checker = TypeChecker()
        // The value syntax of the last labelStyle, and the checks of single values, as members come.
        var labelStyleValue: ValueNode?
        var own = PropertyMap<PropertyAssignment>()
        var hasDeprecated = false
        // `green` holds the block, which holds its members: lending them is safe.
        block?.withNode { blockNode in
            // Sized up front (members are counted without reading them): no regrowth, no slack.
            var memberCount = 0
            blockNode.forEachSlot(at: 0) { if $0.nodeKind == .member { memberCount += 1 } }
            own.reserveCapacity(memberCount)
            blockNode.forEachSlot(at: block!.offset) { memberSlot in
                guard memberSlot.nodeKind == .member else { return }
                memberSlot.withNode { memberNode in
                    var nameTok: SyntaxToken?
                    var valueSyntax: SyntaxElement?
                    var separator: SyntaxToken?
                    memberNode.forEachSlot(at: memberSlot.offset) { part in
                        if part.isToken {
                            let t = part.token
                            if nameTok == nil {
                                nameTok = t
                            } else if t.kind == TokenKind.semicolon || t.kind == TokenKind.comma, !t.isMissing {
                                separator = t
                            } else if valueSyntax == nil, t.kind.isValue, !t.isMissing {
                                valueSyntax = .token(t)
                            }
                        } else if valueSyntax == nil {
                            part.withNode { v in if v.kind.isValue { valueSyntax = .node(SyntaxNode(green: v, offset: part.offset)) } }
                        }
                    }
                    guard let nameTok else { return }
                    // Known names are found without a string and share the table's storage.
                    let knownID = Properties.id(named: UnsafeBufferPointer(rebasing: bytes[nameTok.range]))
                    let propertyName = knownID?.name ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[nameTok.range]), as: UTF8.self)
                    let valueNode = valueSyntax.map { reader.read($0) }
                    var memberRange = memberSlot.offset..<(memberSlot.offset + memberNode.length)
                    if let separator {
                        memberRange = memberRange.lowerBound..<separator.range.lowerBound
                        // Trim spaces before the separator.
                        while memberRange.upperBound > memberRange.lowerBound, bytes[memberRange.upperBound - 1] == UInt8(ascii: " ") {
                            memberRange = memberRange.lowerBound..<(memberRange.upperBound - 1)
                        }
                    }
                    var typed: TypedValue?
                    if let knownID {
                        // A value with errors of its own reads as .invalid and is not checked.
                        if let v = valueNode { typed = checker.check(propertyName, knownID.type, v) }
                    } else {
                        let suggestion = nearest(propertyName, in: Properties.all.lazy.filter { !$0.isDeprecated }.map(\.name))
                        var message = "unknown property '\(propertyName)'"
                        var fixes: [Fix] = []
                        if let s = suggestion {
                            message += "; did you mean '\(s)'?"
                            fixes = [Fix(title: "Rename to '\(s)'", edits: [Replacement(range: nameTok.range, newText: s)])]
                        } else {
                            message += "; remove it"
                            fixes = [Fix(title: "Remove '\(propertyName)'", edits: [ItemInfo.removal(of: memberRange, in: bytes)])]
                        }
                        diagnostics.append(Diagnostic(.unknownProperty, message, at: nameTok.range, fixes: fixes))
                    }
                    if let knownID {
                        let assignment = PropertyAssignment(
                            id: knownID, nameRange: nameTok.range, memberRange: memberRange,
                            removal: ItemInfo.removal(of: memberRange, in: bytes).range, valueRange: valueNode?.range, typed: typed)
                        if knownID.isDeprecated { hasDeprecated = true }
                        if let earlier = own[knownID] {
                            let line = ItemInfo.lineDistance(bytes, from: earlier.nameRange.lowerBound, to: nameTok.range.lowerBound)
                            let place = line == 0 ? "later on this line" : "\(line) line\(line == 1 ? "" : "s") below"
                            diagnostics.append(Diagnostic(
                                .duplicate,
                                "'\(propertyName)' is set again \(place); this earlier value has no effect, remove it",
                                at: earlier.nameRange,
                                fixes: [Fix(title: "Remove the earlier '\(propertyName)'", edits: [Replacement(range: earlier.removal, newText: "")])]))
                        }
                        own[knownID] = assignment
                        if knownID == .labelStyle { labelStyleValue = valueNode }
                        if let v = valueNode {
                            if case .font(.custom(let family, _, _))? = typed {
                                diagnostics.append(Diagnostic(.customFont, "custom font '\(family)': prefer a system text style, which scales with Dynamic Type", at: v.range))
                            }
                            if case .color(.rgba)? = typed {
                                diagnostics.append(Diagnostic(.customColor, "hex colour: prefer a system colour such as .label or .secondaryLabel, which adapts to dark mode", at: v.range))
                            }
                        }
                    }
                }
            }
        }
        diagnostics += reader.diagnostics + checker.diagnostics
        self.own = own
        self.hasDeprecated = hasDeprecated

        // Single-item checks that need no resolution.
        if let labelStyle = own[.labelStyle], case .labelStyles(let styles)? = labelStyle.typed,
            let value = labelStyleValue,
            case .list(let items) = value.value,
            let eraser = styles.firstIndex(where: { Properties.builtInLabelStyles.contains($0) }), eraser < styles.count - 1
        {
            let dead = items[(eraser + 1)...]
            let removal = Replacement(range: items[eraser].range.upperBound..<dead.last!.range.upperBound, newText: "")
            for item in dead {
                if case .enumCase(let n, _) = item.value {
                    diagnostics.append(Diagnostic(
                        .styleAfterEraser,
                        "'.\(n)' never applies: '.\(styles[eraser])' before it erases the label styles after it; remove it",
                        at: item.range, fixes: [Fix(title: "Remove the styles after '.\(styles[eraser])'", edits: [removal])]))
                }
            }
        }
        localDiagnostics = diagnostics.count < 2 ? diagnostics : diagnostics.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    static func lineDistance(_ bytes: UnsafeBufferPointer<UInt8>, from a: Int, to b: Int) -> Int {
        var n = 0
        for i in a..<b where bytes[i] == UInt8(ascii: "\n") { n += 1 }
        return n
    }

    /// Deletes a member with its line when it stands alone on it, otherwise just the member text
    /// (and a following separator).
    static func removal(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Replacement {
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        var end = range.upperBound
        // The separator, also when blanks stand before it (`a: 1 ;`).
        var probe = end
        while probe < bytes.count, bytes[probe] == UInt8(ascii: " ") || bytes[probe] == UInt8(ascii: "\t") { probe += 1 }
        if probe < bytes.count, bytes[probe] == UInt8(ascii: ";") || bytes[probe] == UInt8(ascii: ",") { end = probe + 1 }
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        let atLineStart = start == 0 || bytes[start - 1] == UInt8(ascii: "\n") || bytes[start - 1] == UInt8(ascii: "\r")
        if atLineStart, end < bytes.count, bytes[end] == UInt8(ascii: "\n") {
            return Replacement(range: start..<(end + 1), newText: "")
        }
        if atLineStart, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\r"), bytes[end + 1] == UInt8(ascii: "\n") {
            return Replacement(range: start..<(end + 2), newText: "")
        }
        return Replacement(range: range.lowerBound..<end, newText: "")
    }
}

/// Derives the `syntax` diagnostics from a tree: error nodes, missing and malformed tokens.
enum SyntaxErrors {
    static func collect(in node: SyntaxNode, bytes: UnsafeBufferPointer<UInt8>) -> [Diagnostic] {
        guard node.green.hasErrors else { return [] }
        var out: [Diagnostic] = []
        walk(node, bytes: bytes, into: &out)
        return out
    }

    private static func walk(_ node: SyntaxNode, bytes: UnsafeBufferPointer<UInt8>, into out: inout [Diagnostic]) {
        guard node.green.hasErrors else { return }
        if node.kind == .error {
            let range = node.trimmedRange
            let first = node.childTokens.first { !$0.isMissing }
            let what: String
            if let t = first {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[t.range.prefix(20)]), as: UTF8.self)
                what = t.kind == .unknown ? "character '\(text)'" : "'\(text)'"
            } else {
                what = "text"
            }
            out.append(Diagnostic(.syntax, "unexpected \(what); remove it", at: range))
            // Malformed tokens inside still deserve their own message.
            node.forEachToken { t in if let d = malformed(t) { out.append(d) } }
            return
        }
        if node.kind == .tooDeep {
            out.append(Diagnostic(.syntax, "brackets nested deeper than \(64) levels; flatten the value", at: node.trimmedRange))
            return
        }
        for child in node.children {
            switch child {
            case .node(let n):
                walk(n, bytes: bytes, into: &out)
            case .token(let t):
                if t.isMissing {
                    out.append(Diagnostic(.syntax, expected(t.kind), at: t.offset..<t.offset))
                } else if let d = malformed(t) {
                    out.append(d)
                }
            }
        }
    }

    static func malformed(_ t: SyntaxToken) -> Diagnostic? {
        switch t.kind {
        case .unterminatedString:
            return Diagnostic(.syntax, "unterminated string; add the closing '\"'", at: t.range)
        case .unterminatedMultilineString:
            return Diagnostic(.syntax, "unterminated multi-line string; add the closing '\"\"\"'", at: t.range)
        case .unterminatedBlockComment:
            return Diagnostic(.syntax, "unterminated comment; add the closing '*/'", at: t.range)
        default:
            return nil
        }
    }

    static func expected(_ kind: TokenKind) -> String {
        switch kind {
        case .identifier: return "expected a name"
        case .colon: return "expected ':' after the property name"
        case .leftBrace: return "expected '{' to open the block"
        case .rightBrace: return "expected '}' to close the block"
        case .semicolon: return "expected ';' or a line break between members"
        case .comma: return "expected ',' between values"
        case .rightParen: return "expected ')'"
        case .rightBracket: return "expected ']'"
        case .unknown: return "expected a value"
        default: return "expected \(kind.displayName)"
        }
    }
}
