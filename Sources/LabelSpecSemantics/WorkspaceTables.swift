import LabelSpecSyntax

// The workspace's helper types: effective-property lookups, cycle groups, declarations.

/// Effective properties of one item, resolved lazily: own members first, then parents from the
/// last to the first.
struct EffectiveLookup {
    let owner: ItemInfo
    let parents: ParentMaps
    /// Whether `parents` already holds the owner's own members (a style's cached map).
    let ownIncluded: Bool

    /// Where an effective value is: the entry of one of `parents`, or of the owner's own map
    /// (`map` -1). Finding values by reference copies none of the values passed over.
    struct Ref {
        let map: Int32
        let index: Int32
    }

    /// Every (property, place) in override order (parents first, then the owner's own members): for
    /// a property set several times, the last call holds its effective place.
    func forEachRef(_ body: (PropertyID, Ref) -> Void) {
        for m in 0..<parents.count {
            parents[m].forEachID { i, id in body(id, Ref(map: Int32(m), index: Int32(i))) }
        }
        if !ownIncluded { owner.own.forEachID { i, id in body(id, Ref(map: -1, index: Int32(i))) } }
    }

    func property(_ r: Ref) -> EffectiveProperty {
        r.map < 0
            ? EffectiveProperty(assignment: owner.own.value(at: Int(r.index)), owner: owner)
            : parents[Int(r.map)].value(at: Int(r.index))
    }

    subscript(id: PropertyID) -> EffectiveProperty? {
        if !ownIncluded, let a = owner.own[id] { return EffectiveProperty(assignment: a, owner: owner) }
        for m in (0..<parents.count).reversed() {
            if let e = parents[m][id] { return e }
        }
        return nil
    }
}

/// See `Workspace.effectiveValues(of:)`.
public struct EffectiveValues {
    let lookup: EffectiveLookup

    /// The typed value of the property's effective assignment.
    public subscript(id: PropertyID) -> TypedValue? {
        if !lookup.ownIncluded, let i = lookup.owner.own.index(of: id) { return lookup.owner.own.value(at: i).typed }
        for m in (0..<lookup.parents.count).reversed() {
            let map = lookup.parents[m]
            if let i = map.index(of: id) { return map.value(at: i).assignment.typed }
        }
        return nil
    }
}

/// The effective maps of an item's parents, in order. The first is kept inline: nearly every item
/// has at most one parent, and its lookup then needs no array.
struct ParentMaps {
    private var first: PropertyMap<EffectiveProperty>?
    private var rest: [PropertyMap<EffectiveProperty>] = []

    init() {}

    init(_ map: PropertyMap<EffectiveProperty>) { first = map }

    mutating func append(_ map: PropertyMap<EffectiveProperty>) {
        if first == nil { first = map } else { rest.append(map) }
    }

    var count: Int { first == nil ? 0 : 1 + rest.count }

    subscript(i: Int) -> PropertyMap<EffectiveProperty> { i == 0 ? first! : rest[i - 1] }
}

/// A strongly connected component of the styles' inheritance graph (see
/// `Workspace.cycleGroup(of:)`). Identity only: it holds none of its members.
final class CycleGroup {
    /// Cleared when one of the members is invalidated: the others then find their group again.
    var isValid = true
    /// Whether inheritance runs in a cycle through the members (more than one, or one that
    /// names itself).
    let isCyclic: Bool
    /// The member the cycle is reported on: the first in document order.
    let first: ObjectIdentifier?
    let count: Int

    /// The group of every style that is in no cycle (shared, and never changed: only a cyclic
    /// group is ever marked invalid).
    nonisolated(unsafe) static let acyclic = CycleGroup()

    private init() {
        isCyclic = false
        first = nil
        count = 1
    }

    init(first: ItemInfo, count: Int) {
        isCyclic = true
        self.first = ObjectIdentifier(first)
        self.count = count
    }
}

/// The items declaring one name: almost always one, so no array for it.
enum Declarations {
    case one(ItemInfo)
    case many(DeclarationList)

    /// No declaration: the shared empty list, so that a new name allocates nothing before its
    /// first declaration makes it `.one` (an empty list is never changed in place: `append`
    /// replaces it, `remove` finds nothing in it).
    init() { self = .many(DeclarationList.empty) }

    var count: Int {
        switch self {
        case .one: return 1
        case .many(let list): return list.all.count
        }
    }

    var containsStyle: Bool {
        switch self {
        case .one(let d): return d.kind == .style
        case .many(let list): return list.styles > 0
        }
    }

    func forEach(_ body: (ItemInfo) -> Void) {
        switch self {
        case .one(let d): body(d)
        case .many(let list): list.all.forEach(body)
        }
    }

    /// Adds a declaration and returns the new count (in place: N declarations of one name cost
    /// O(N), not a copy of the list each).
    mutating func append(_ info: ItemInfo) -> Int {
        switch self {
        case .one(let d): self = .many(DeclarationList([d, info]))
        case .many(let list):
            if list.all.isEmpty {
                self = .one(info)
            } else {
                list.all.append(info)
                if info.kind == .style { list.styles += 1 }
                list.first = nil
            }
        }
        return count
    }

    /// Removes a declaration and returns the new count.
    mutating func remove(_ info: ItemInfo) -> Int {
        switch self {
        case .one(let d): if d === info { self = .many(DeclarationList.empty) }
        case .many(let list):
            if let i = list.all.firstIndex(where: { $0 === info }) {
                list.all.remove(at: i)
                if info.kind == .style { list.styles -= 1 }
                if list.first === info { list.first = nil }
            }
            if list.all.count == 1 { self = .one(list.all[0]) }
        }
        return count
    }
}

/// Two or more declarations of one name, with the first in document order once found: the order
/// of declarations that stay registered never changes (an item that moves is a new item), so it
/// is found again only when one comes or goes, not once per reference to the name.
final class DeclarationList {
    var all: [ItemInfo]
    var styles: Int
    var first: ItemInfo?

    nonisolated(unsafe) static let empty = DeclarationList()

    init(_ all: [ItemInfo] = []) {
        self.all = all
        styles = all.count { $0.kind == .style }
    }
}

struct PositionKey: Comparable {
    var document: String
    var offset: Int
    static func < (a: PositionKey, b: PositionKey) -> Bool {
        (a.document, a.offset) < (b.document, b.offset)
    }
}
