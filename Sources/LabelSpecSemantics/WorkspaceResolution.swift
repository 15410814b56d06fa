import LabelSpecSyntax

/// Resolution: names to declarations, inheritance, cycles and effective properties.
extension Workspace {
    // MARK: - Resolution

    /// The declaration a name refers to: the first one in document order (by id, then offset).
    public func resolve(_ name: String) -> ItemInfo? {
        switch declarations[name] {
        case nil: return nil
        case .one(let only)?: return only
        case .many(let list)?:
            if let first = list.first { return first }
            let first = list.all.min { a, b in position(of: a) < position(of: b) }
            list.first = first
            return first
        }
    }

    /// (document id, offset) of an item: used only to order duplicate declarations.
    func position(of info: ItemInfo) -> PositionKey {
        positionLookups += 1
        guard let doc = info.document else { return PositionKey(document: "", offset: 0) }
        return PositionKey(document: doc.id, offset: doc.offset(of: info.green))
    }

    public func document(of info: ItemInfo) -> Document? { info.document }

    /// The declared style name nearest to an unknown parent name, if one is near enough.
    func styleSuggestion(for name: String) -> String? {
        if let kept = styleSuggestions[name] { return kept }
        if styleNameIndex == nil { styleNameIndex = NearestIndex(declarations.lazy.filter { $0.value.containsStyle }.map(\.key)) }
        let found = styleNameIndex!.nearest(name)
        styleSuggestions[name] = .some(found)
        return found
    }

    func forgetStyleSuggestions() {
        if !styleSuggestions.isEmpty { styleSuggestions = [:] }
        styleNameIndex = nil
    }

    /// Every declared style name.
    public var styleNames: [String] {
        declarations.compactMap { name, decls in decls.containsStyle ? name : nil }
    }

    /// Whether anything names `info` as a parent: only then can inheritance lead back to it.
    func isInherited(_ info: ItemInfo) -> Bool {
        guard let name = info.name else { return false }
        return dependents[name] != nil
    }

    /// A style's group of the inheritance graph (styles, with an edge to each parent name that
    /// resolves to a style): its strongly connected component. Computed for every style the
    /// ancestry of `start` reaches, in one pass (Tarjan's, without recursion: chains may be
    /// long), and kept: each style's group depends only on its ancestry, so it stays right until
    /// the style is invalidated. Asking every style of a chain of N costs O(N) in all, where
    /// searching each one's ancestry for the style itself cost O(N²).
    func cycleGroup(of start: ItemInfo) -> CycleGroup {
        if let g = cycleGroups[Identity(start)], g.isValid { return g }
        var index: [Identity: Int] = [:]
        var nodes: [ItemInfo] = []
        var low: [Int] = []
        var onStack: [Bool] = []
        var stack: [Int] = []
        var frames: [(node: Int, next: Int)] = []
        func enter(_ item: ItemInfo) {
            let i = nodes.count
            index[Identity(item)] = i
            nodes.append(item)
            low.append(i)
            onStack.append(true)
            stack.append(i)
            frames.append((i, 0))
        }
        enter(start)
        while var frame = frames.popLast() {
            let v = frame.node
            let parents = nodes[v].parents
            if frame.next < parents.count {
                let p = parents[frame.next]
                frame.next += 1
                ancestrySteps += 1
                frames.append(frame)
                // Labels are never inherited from (naming one is an `unknown-style` error), so
                // no cycle runs through one.
                guard let w = resolve(p.name), w.kind == .style else { continue }
                // A style with a valid group is in a finished component: not this one (every
                // member of a valid group holds it, and `start` has none).
                if let g = cycleGroups[Identity(w)], g.isValid { continue }
                if let j = index[Identity(w)] {
                    if onStack[j] { low[v] = min(low[v], j) }
                } else {
                    enter(w)
                }
                continue
            }
            if let caller = frames.last { low[caller.node] = min(low[caller.node], low[v]) }
            guard low[v] == v else { continue }
            var members: [ItemInfo] = []
            while true {
                let m = stack.removeLast()
                onStack[m] = false
                members.append(nodes[m])
                if m == v { break }
            }
            let group: CycleGroup
            if members.count == 1, !members[0].parents.contains(where: { resolve($0.name) === members[0] }) {
                group = CycleGroup.acyclic
            } else {
                let first = members.min { position(of: $0) < position(of: $1) }!
                group = CycleGroup(first: first, count: members.count)
            }
            for m in members { cycleGroups[Identity(m)] = group }
        }
        return cycleGroups[Identity(start)]!
    }

    /// Forgets a style's group; a cycle's group is shared, so it is marked invalid for the other
    /// members, which find theirs again when asked.
    func dropCycleGroup(of info: ItemInfo) {
        if let g = cycleGroups.removeValue(forKey: Identity(info)), g.isCyclic { g.isValid = false }
    }

    /// Whether inheriting from `parent` (a style) leads back to `info`: the two are one style, or
    /// in one cycle.
    func closesCycle(_ info: ItemInfo, _ parent: ItemInfo) -> Bool {
        if parent === info { return true }
        guard info.kind == .style, isInherited(info) else { return false }
        let group = cycleGroup(of: info)
        return group.isCyclic && cycleGroups[Identity(parent)] === group
    }

    /// The chain from `start` up to `target` when `target` is among the ancestors of `start` (or
    /// is `start`), following resolved parents; nil otherwise.
    func reaches(from start: ItemInfo, to target: ItemInfo) -> [ItemInfo]? {
        if start === target { return [start] }
        if start.parents.isEmpty { return nil }
        // Depth-first, remembering how each item was reached to rebuild the path.
        var cameFrom: [Identity: ItemInfo] = [Identity(start): start]
        var stack: [ItemInfo] = [start]
        while let item = stack.popLast() {
            for p in item.parents.reversed() {
                ancestrySteps += 1
                // Labels are never inherited from (naming one is an `unknown-style` error), so
                // no cycle runs through one.
                guard let next = resolve(p.name), next.kind == .style, cameFrom[Identity(next)] == nil else {
                    continue
                }
                cameFrom[Identity(next)] = item
                if next === target {
                    var path = [next]
                    var cursor = item
                    while cursor !== start {
                        path.append(cursor)
                        cursor = cameFrom[Identity(cursor)]!
                    }
                    path.append(start)
                    return path.reversed()
                }
                stack.append(next)
            }
        }
        return nil
    }

    /// Properties after inheritance: parents left to right (later wins), then the item's own.
    /// A parent through which the chain leads back to the item is skipped.
    public func effectiveProperties(of info: ItemInfo) -> PropertyMap<EffectiveProperty> {
        if let e = keptEffective(info) { return e }
        // The maps of the styles above first, deepest first, without recursion (a chain of
        // styles may be long): each is then one level from maps already kept. Parents that close
        // a cycle are skipped, so this walks no cycle.
        var pending: [(item: ItemInfo, expanded: Bool)] = [(info, false)]
        while let (item, expanded) = pending.popLast() {
            if expanded {
                if item !== info, keptEffective(item) == nil { _ = effectiveMap(of: item) }
                continue
            }
            pending.append((item, true))
            for parent in inheritedParents(of: item) where keptEffective(parent) == nil { pending.append((parent, false)) }
        }
        return effectiveMap(of: info)
    }

    func keptEffective(_ info: ItemInfo) -> PropertyMap<EffectiveProperty>? {
        if info.kind == .style, let (owner, e) = styleEffective[Identity(info)], owner === info { return e }
        return nil
    }

    /// One item's map from its parents' (kept, or computed recursively).
    /// The typed effective values of an item, looked up one property at a time (own members,
    /// then its styles' kept maps from the last to the first) without building the merged map a
    /// label would otherwise allocate: what a caller reading a few properties of many labels
    /// wants. The same values as `effectiveProperties(of:)`.
    public func effectiveValues(of info: ItemInfo) -> EffectiveValues {
        if info.kind == .style {
            return EffectiveValues(
                lookup: EffectiveLookup(owner: info, parents: ParentMaps(effectiveProperties(of: info)), ownIncluded: true))
        }
        var parents = ParentMaps()
        for parent in inheritedParents(of: info) { parents.append(effectiveProperties(of: parent)) }
        return EffectiveValues(lookup: EffectiveLookup(owner: info, parents: parents, ownIncluded: false))
    }

    func effectiveMap(of info: ItemInfo) -> PropertyMap<EffectiveProperty> {
        if let e = keptEffective(info) { return e }
        var result = PropertyMap<EffectiveProperty>()
        for parent in inheritedParents(of: info) {
            for (k, v) in effectiveProperties(of: parent) { result[k] = v }
        }
        for (k, a) in info.own { result[k] = EffectiveProperty(assignment: a, owner: info) }
        // Only styles are inherited from: labels are not worth the memory of a cache.
        if info.kind == .style { styleEffective[Identity(info)] = (info, result) }
        return result
    }

    /// The styles whose properties an item inherits, in order.
    func inheritedParents(of info: ItemInfo) -> [ItemInfo] {
        var out: [ItemInfo] = []
        for p in info.parents {
            guard let parent = resolve(p.name), parent.kind == .style else { continue }
            if closesCycle(info, parent) { continue }
            out.append(parent)
        }
        return out
    }
}
