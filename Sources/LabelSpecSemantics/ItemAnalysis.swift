import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

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
        bounds = (
            Int32(memberRange.lowerBound), Int32(memberRange.upperBound), Int32(valueRange?.lowerBound ?? -1),
            Int32(valueRange?.upperBound ?? -1)
        )
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

/// The fields of an item, stored in front of its own property assignments (`ItemInfo`).
public struct ItemFields {
    let green: GreenNode
    let name: String?
    /// Syntax and single-item diagnostics, relative to the item's start.
    let localDiagnostics: [Diagnostic]
    // Resolution state, owned by `Workspace`.
    var resolvedDiagnostics: [Diagnostic]?
    var changedAt = 0
    var document: Workspace.Document?
    let parents: ParentList
    /// How many assignments follow the fields: at most one per known property, so a byte holds it
    /// (and it fits beside the other one-byte fields, keeping the fields at 96 bytes).
    var ownCount: UInt8
    let kind: ItemKind
    let hasDeprecated: Bool
    var isDuplicateName = false
}

/// What one top-level item says on its own, before any name is resolved. Computed once per green
/// node: an edit elsewhere reuses it untouched.
///
/// One allocation per item: the fields, then the item's own property assignments inline (a
/// `ManagedBuffer`, like `GreenNode`); an array of its own would cost a second allocation and its
/// header for each of 100k items. Fields are read and written through the header's pointer (a
/// stored property would pay a dynamic exclusivity check on each access).
/// Not `Sendable` (no `ManagedBuffer` is): items stay with the workspace that owns them.
public final class ItemInfo: ManagedBuffer<ItemFields, PropertyAssignment>, Revised {
    public var green: GreenNode { withUnsafeMutablePointerToHeader { $0.pointee.green } }
    public var name: String? { withUnsafeMutablePointerToHeader { $0.pointee.name } }
    /// Syntax and single-item diagnostics, relative to the item's start.
    public var localDiagnostics: [Diagnostic] { withUnsafeMutablePointerToHeader { $0.pointee.localDiagnostics } }
    public var parents: ParentList { withUnsafeMutablePointerToHeader { $0.pointee.parents } }
    public var kind: ItemKind { withUnsafeMutablePointerToHeader { $0.pointee.kind } }
    /// Whether the item sets a deprecated property (checked once resolved, for the fix).
    public var hasDeprecated: Bool { withUnsafeMutablePointerToHeader { $0.pointee.hasDeprecated } }

    var resolvedDiagnostics: [Diagnostic]? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.resolvedDiagnostics } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.resolvedDiagnostics = newValue } }
    }
    /// `Workspace.generation` when the item was last invalidated (or registered): whatever was
    /// derived from it at a later generation is still valid.
    public internal(set) var changedAt: Int {
        get { withUnsafeMutablePointerToHeader { $0.pointee.changedAt } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.changedAt = newValue } }
    }
    /// The document the item is registered in (nil when it is not): set and cleared by
    /// `Workspace`, which breaks the cycle when the item leaves or the workspace goes away.
    var document: Workspace.Document? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.document } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.document = newValue } }
    }
    /// Whether the item is in a workspace's document (an edit that replaced it took it out).
    public var isRegistered: Bool { document != nil }
    public internal(set) var isDuplicateName: Bool {
        get { withUnsafeMutablePointerToHeader { $0.pointee.isDuplicateName } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.isDuplicateName = newValue } }
    }

    /// The effective own value of each known property (the last assignment wins).
    public var own: OwnProperties { OwnProperties(item: self) }

    deinit {
        withUnsafeMutablePointers { h, e in _ = e.deinitialize(count: Int(h.pointee.ownCount)) }
    }

    /// The item's name, relative to its start; when the name is missing, the keyword. Found in
    /// the tree (the first few slots) rather than stored: items are many, and this is asked for
    /// only when a diagnostic or an outline points at the name.
    public var nameRange: Range<Int> { syntax.nameRange }

    /// The item's syntax, relative to its start (borrowing `green`, which the item holds).
    public var syntax: ItemSyntax { ItemSyntax(unchecked: .passUnretained(green), offset: 0) }

    /// Analyses one item; `bytes` holds its text: index 0 is the item's first byte.
    static func make(green: GreenNode, bytes: UnsafeBufferPointer<UInt8>) -> ItemInfo {
        let node = SyntaxNode(green: green, offset: 0)
        let syntax = ItemSyntax(unchecked: .passUnretained(green), offset: 0)
        let kind: ItemKind = syntax.isStyle ? .style : .label
        let syntaxErrors = SyntaxErrors.collect(in: node, bytes: bytes)

        func text(_ t: SyntaxToken) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[t.range]), as: UTF8.self) }
        let nameToken = syntax.name
        let name = nameToken.isMissing ? nil : text(nameToken)
        var parents = ParentList()
        if let clause = syntax.inheritanceClause {
            for p in clause.parents where !p.isMissing { parents.append(ParentReference(name: text(p), range: p.range)) }
        }
        let block = syntax.block

        var members = MemberReader(bytes: bytes, diagnostics: syntaxErrors)
        // The item is made first, with room for every member (counted without reading them), and
        // its own assignments are written in place: no array to build and copy.
        // A property set twice keeps one assignment: never more than one per known property.
        let memberCount = block?.members.count ?? 0
        let capacity = min(memberCount, PropertyID.allCases.count)
        let item = unsafeDowncast(
            ItemInfo.create(minimumCapacity: capacity) { _ in
                ItemFields(green: green, name: name, localDiagnostics: [], parents: parents, ownCount: 0, kind: kind, hasDeprecated: false)
            }, to: ItemInfo.self)
        let own = OwnBuilder(item: item, capacity: capacity)
        // `green` holds the block, which holds its members: the views borrow them safely.
        if let block {
            for member in block.members { members.read(member, into: own) }
        }
        var diagnostics = members.diagnostics + members.reader.diagnostics + members.checker.diagnostics

        // Single-item checks that need no resolution.
        if let labelStyle = own[.labelStyle], case .labelStyles(let styles)? = labelStyle.typed,
            let value = members.labelStyleValue,
            case .list(let items) = value.value,
            let eraser = styles.firstIndex(where: { Properties.builtInLabelStyles.contains($0) }), eraser < styles.count - 1
        {
            let dead = items[(eraser + 1)...]
            let removal = Replacement(range: items[eraser].range.upperBound..<dead.last!.range.upperBound, newText: "")
            for item in dead {
                if case .enumCase(let n, _) = item.value {
                    diagnostics.append(
                        Diagnostic(
                            .styleAfterEraser,
                            "'.\(n)' never applies: '.\(styles[eraser])' before it erases the label styles after it; remove it",
                            at: item.range, fixes: [Fix(title: "Remove the styles after '.\(styles[eraser])'", edits: [removal])]))
                }
            }
        }
        let sorted = diagnostics.count < 2 ? diagnostics : diagnostics.sorted { $0.range.lowerBound < $1.range.lowerBound }
        item.withUnsafeMutablePointerToHeader { h in
            h.pointee = ItemFields(
                green: green, name: name, localDiagnostics: sorted, parents: parents, ownCount: h.pointee.ownCount, kind: kind,
                hasDeprecated: members.hasDeprecated)
        }
        return item
    }

    /// Reads an item's members one by one: types each value, records each known property's
    /// assignment, and collects the diagnostics a member earns on its own.
    struct MemberReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var diagnostics: [Diagnostic]
        var reader: ValueReader
        var checker = TypeChecker()
        /// The value syntax of the last labelStyle (its list is checked once all members are read).
        var labelStyleValue: ValueNode?
        var hasDeprecated = false

        init(bytes: UnsafeBufferPointer<UInt8>, diagnostics: [Diagnostic]) {
            self.bytes = bytes
            self.diagnostics = diagnostics
            reader = ValueReader(bytes: bytes)
        }

        /// Reads one member, writing its assignment into `own`.
        mutating func read(_ member: MemberSyntax, into own: OwnBuilder) {
            let nameTok = member.name
            let separator = member.separator
            // Known names are found without a string and share the table's storage.
            let knownID = Properties.id(named: UnsafeBufferPointer(rebasing: bytes[nameTok.range]))
            let propertyName = knownID?.name ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[nameTok.range]), as: UTF8.self)
            let valueNode = member.value.map { reader.read($0) }
            var memberRange = member.range
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
                    diagnostics.append(
                        Diagnostic(
                            .duplicate,
                            "'\(propertyName)' is set again \(place); this earlier value has no effect, remove it",
                            at: earlier.nameRange,
                            fixes: [
                                Fix(
                                    title: "Remove the earlier '\(propertyName)'", edits: [Replacement(range: earlier.removal, newText: "")]
                                )
                            ]))
                }
                own.set(assignment)
                if knownID == .labelStyle { labelStyleValue = valueNode }
                if let v = valueNode {
                    // A custom font relative to a text style scales with Dynamic Type (UIFontMetrics);
                    // `.system(size:)` and `.custom` without `relativeTo:` do not.
                    if let d = FixedSizeFont.diagnostic(typed, at: v.range, bytes: bytes) { diagnostics.append(d) }
                    if case .color(.rgba)? = typed {
                        diagnostics.append(
                            Diagnostic(
                                .customColor,
                                "hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast",
                                at: v.range))
                    }
                }
            }
        }
    }

    /// Writes an item's own assignments in place while it is analysed: a later assignment of a
    /// property replaces the earlier one, as in a map.
    struct OwnBuilder {
        let item: ItemInfo
        let capacity: Int

        subscript(id: PropertyID) -> PropertyAssignment? { item.own[id] }

        func set(_ a: PropertyAssignment) {
            item.withUnsafeMutablePointers { h, e in
                let count = Int(h.pointee.ownCount)
                for i in 0..<count where e[i].id == a.id {
                    e[i] = a
                    return
                }
                precondition(count < capacity, "more assignments than members")
                (e + count).initialize(to: a)
                h.pointee.ownCount += 1
            }
        }
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

/// An item's own property assignments, read in place (`ItemInfo.own`).
public struct OwnProperties: PropertyEntries {
    let item: ItemInfo

    public func withEntries<R>(_ body: (UnsafeBufferPointer<PropertyAssignment>) -> R) -> R {
        item.withUnsafeMutablePointers { h, e in body(UnsafeBufferPointer(start: e, count: Int(h.pointee.ownCount))) }
    }

    public func makeIterator() -> PropertyEntriesIterator<Self> { PropertyEntriesIterator(entries: self) }
}

/// `fixed-size-font` on a font value: a size that does not scale with Dynamic Type.
public enum FixedSizeFont {
    /// The text style whose size at `.large` is nearest to `size` (the first of equals).
    public static func nearestStyle(_ size: Double) -> TextStyle {
        // `.headline` is `.body` in semibold: the regular style is suggested.
        TextStyle.allCases.filter { $0 != .headline }.min {
            abs($0.metrics(at: .large).size - size) < abs($1.metrics(at: .large).size - size)
        }!
    }

    static func points(_ v: Double) -> String { formatFactor(v) }

    static func diagnostic(_ typed: TypedValue?, at range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) -> Diagnostic? {
        switch typed {
        case .font(.system(let size, let weight, let traits))?:
            let style = nearestStyle(size)
            // In its design (`.system(.body, design: .rounded)`), with its weight, slant and
            // digits: `.body.weight(.semibold).italic()`, `.body.bold()`.
            var suggestion =
                traits.design == .default ? ".\(style.rawValue)" : ".system(.\(style.rawValue), design: .\(traits.design.rawValue))"
            // The weight it is drawn with, kept: `.bold()` where the style's emphasized weight is it.
            let measured = FontSpec.system(size: size, weight: weight, traits: traits).weight
            if measured != style.weight {
                suggestion += traits.bold && style.emphasizedWeight == measured ? ".bold()" : ".weight(.\(measured.rawValue))"
            }
            if traits.italic { suggestion += ".italic()" }
            if traits.monospacedDigit { suggestion += ".monospacedDigit()" }
            return Diagnostic(
                .fixedSizeFont,
                "'.system(size: \(points(size)))' keeps \(points(size)) pt at every Dynamic Type size; use a text style such as \(suggestion), which scales",
                at: range)
        case .font(.custom(let family, let size, nil, let traits))?:
            let style = nearestStyle(size)
            var fixes: [Fix] = []
            // Before the closing parenthesis of the call: `, relativeTo: .body` (not after a
            // modifier's: `.custom("X", size: 15).bold()` is left to be edited by hand).
            let close = range.upperBound - 1
            if traits == .none, close > range.lowerBound, bytes[close] == UInt8(ascii: ")") {
                fixes = [
                    Fix(
                        title: "Scale like .\(style.rawValue) (relativeTo: .\(style.rawValue))",
                        edits: [Replacement(range: close..<close, newText: ", relativeTo: .\(style.rawValue)")])
                ]
            }
            return Diagnostic(
                .fixedSizeFont,
                "custom font '\(family)' keeps \(points(size)) pt at every Dynamic Type size; add relativeTo: .\(style.rawValue) to scale it like that text style",
                at: range, fixes: fixes)
        default:
            return nil
        }
    }
}
