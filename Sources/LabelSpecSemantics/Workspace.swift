import LabelSpecSyntax

/// A property's value as a label sees it after inheritance, with the item that set it.
/// `@unchecked Sendable`: the owner is only read through it (its name and identity), and items
/// change only under whoever owns their workspace.
public struct EffectiveProperty: @unchecked Sendable, PropertyMapValue {
    public let assignment: PropertyAssignment
    public let owner: ItemInfo

    public var propertyID: PropertyID { assignment.id }
}

/// All documents whose names share one namespace, analysed incrementally.
///
/// Per item, what it says on its own (`ItemInfo`) is computed once per green node. What depends on
/// other items (inheritance, cycles, checks on inherited values) is cached per item and dropped
/// only for items whose inheritance chain reaches a changed name.
public final class Workspace {
    public final class Document {
        public let id: String
        public let syntax: SyntaxDocument
        /// Items by the identity of their green node.
        var items = CompactMap<Identity, ItemInfo>()
        /// Syntax diagnostics of top-level error nodes, by identity.
        var topLevelErrors: [Identity: [Diagnostic]] = [:]
        /// Offsets of items by identity and line starts, built when first asked for (ordering
        /// duplicates, "declared on line N") and dropped on every edit.
        private var offsetCache: [Identity: Int]?
        private var lineCache: LineTable?
        /// The items `make` analysed, in document order, until `Workspace.add` registers them:
        /// walking them in the order they were allocated is kinder to the caches than walking
        /// `items` in hash order.
        var unregistered: [ItemInfo]?

        /// Where a top-level node starts (a table built once per version of the text).
        public func offset(of green: GreenNode) -> Int {
            if offsetCache == nil {
                var map: [Identity: Int] = [:]
                syntax.forEachTopLevel { element, offset in
                    if case .node(let n) = element { map[Identity(n)] = offset }
                }
                offsetCache = map
            }
            return offsetCache?[Identity(green)] ?? 0
        }

        /// 1-based line of a byte offset.
        func line(of offset: Int) -> Int {
            if lineCache == nil { lineCache = LineTable(syntax.source, encoding: .utf8) }
            return lineCache!.line(of: offset) + 1
        }

        /// The line and columns of `range` (on one line).
        func columns(of range: Range<Int>) -> LineColumns {
            if lineCache == nil { lineCache = LineTable(syntax.source, encoding: .utf8) }
            let line = lineCache!.line(of: range.lowerBound)
            let lineStart = lineCache!.lineStarts[line]
            let upper = min(range.upperBound, lineCache!.lineEnd(line))
            let bytes = syntax.source.bytes(in: lineStart..<upper)
            return bytes.withUnsafeBufferPointer { b in
                LineColumns.of(
                    (range.lowerBound - lineStart)..<(upper - lineStart), in: b, line: line, lineStart: 0)
            }
        }

        func textChanged() {
            offsetCache = nil
            lineCache = nil
        }

        init(id: String, syntax: SyntaxDocument) {
            self.id = id
            self.syntax = syntax
        }

        /// Parses and analyses each item on its own: safe to run off the main thread. (Analysing
        /// each item as soon as it is parsed measured slower: the two working sets interleave.)
        public static func make(id: String, bytes: [UInt8]) -> Document {
            var ordered: [ItemInfo] = []
            var errors: [Identity: [Diagnostic]] = [:]
            let syntax = SyntaxDocument(bytes)
            bytes.withUnsafeBufferPointer { p in
                syntax.forEachTopLevel { element, offset in
                    guard case .node(let node) = element else { return }
                    switch Document.analysis(of: node, bytes: UnsafeBufferPointer(rebasing: p[offset..<(offset + node.length)])) {
                    case .item(let info): ordered.append(info)
                    case .error(let diagnostics): errors[Identity(node)] = diagnostics
                    case .none: break
                    }
                }
            }
            let doc = Document(id: id, syntax: syntax)
            // Exactly as many slots as items: a guess from the size over-reserves (the table
            // rounds up to a power of two) or grows in steps.
            doc.items.reserveCapacity(ordered.count)
            for info in ordered { doc.items[Identity(info.green)] = info }
            doc.topLevelErrors = errors
            doc.unregistered = ordered
            return doc
        }

        enum Analysis {
            case item(ItemInfo)
            case error([Diagnostic])
            case none
        }

        /// What one top-level node says on its own; `bytes` holds exactly its text.
        static func analysis(of node: GreenNode, bytes: UnsafeBufferPointer<UInt8>) -> Analysis {
            switch node.kind {
            case .styleDecl, .labelDecl:
                return .item(ItemInfo.make(green: node, bytes: bytes))
            case .error:
                return .error(
                    SyntaxErrors.collect(in: SyntaxNode(green: node, offset: 0), bytes: bytes, remedy: "expected 'style' or 'label'"))
            default:
                return .none
            }
        }

        /// Analyses one top-level element at `offset` in `bytes` and keeps what it says.
        @discardableResult
        func analyze(_ element: GreenElement, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> ItemInfo? {
            guard case .node(let node) = element else { return nil }
            switch Document.analysis(of: node, bytes: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + node.length)])) {
            case .item(let info):
                items[Identity(node)] = info
                return info
            case .error(let diagnostics):
                topLevelErrors[Identity(node)] = diagnostics
                return nil
            case .none:
                return nil
            }
        }

        /// The item a top-level node holds, if it is a style or label.
        public func item(_ node: GreenNode) -> ItemInfo? { items[Identity(node)] }

        /// The items of one leaf chunk (see `SyntaxDocument.forEachLeafChunk`) with their offsets.
        public func forEachItem(inChunk chunk: GreenNode, at offset: Int, _ body: (ItemInfo, Int) -> Void) {
            for case .node(let n) in SyntaxNode(green: chunk, offset: offset).children {
                if let info = items[Identity(n.green)] { body(info, n.offset) }
            }
        }

        /// The item whose text contains byte `offset`, or ends there, with its start.
        public func item(at offset: Int) -> (info: ItemInfo, offset: Int)? {
            for probe in [offset, offset - 1] where probe >= 0 {
                if let (element, start) = syntax.topLevelElement(at: probe), case .node(let n) = element,
                    let info = items[Identity(n)], start <= offset, offset <= start + n.length
                {
                    return (info, start)
                }
            }
            return nil
        }

        /// The items of the document in order, with their offsets.
        public var orderedItems: [(info: ItemInfo, offset: Int)] {
            syntax.topLevel.compactMap { element, offset in
                if case .node(let n) = element, let info = items[Identity(n)] { return (info, offset) }
                return nil
            }
        }
    }

    public private(set) var documents: [String: Document] = [:]
    var declarations = CompactMap<String, Declarations>()
    /// Parent name → items that inherit from that name.
    var dependents: [String: [Identity: ItemInfo]] = [:]
    /// Items with an unresolved parent: their suggestions depend on every declared name.
    var unresolved: [Identity: ItemInfo] = [:]
    /// The effective properties of styles, once computed (labels are not inherited from: their
    /// maps are not worth keeping). Each entry holds its style, so the key stays that object's;
    /// cleared when the style is invalidated or leaves.
    var styleEffective: [Identity: (ItemInfo, PropertyMap<EffectiveProperty>)] = [:]
    /// The inheritance cycle group of each style asked about, and of the styles its ancestry
    /// visited (see `cycleGroup(of:)`); dropped when the style is invalidated or leaves.
    var cycleGroups: [Identity: CycleGroup] = [:]
    /// The nearest style name to each unknown parent name asked about (nil inside: none is near
    /// enough); emptied whenever a name is declared or goes. N references to one unknown name
    /// compared it with every style N times.
    var styleSuggestions: [String: String?] = [:]
    /// The declared style names as `NearestIndex` candidates, built when first needed and
    /// dropped with `styleSuggestions`.
    var styleNameIndex: NearestIndex?
    /// Parent references followed while looking for cycles, and positions of items looked up
    /// to order declarations: tests bound them.
    var ancestrySteps = 0
    var positionLookups = 0
    /// Items whose resolved diagnostics must be computed again.
    var dirty: [Identity: ItemInfo] = [:]
    /// Documents added since the last `recheck()`: all their items are still to be resolved.
    var freshDocuments: [Identity: Document] = [:]

    /// The workspace's string tables: which keys they have (a `.localized` key in none is
    /// `missing-localization`) and each key's development-language text. Nil when localization
    /// is not checked.
    public var localizations: (any LocalizationLookup)? {
        // The text a label shows may have changed: what was derived from it is stale, and every
        // item's diagnostics (a key may be missing now).
        didSet {
            for doc in documents.values {
                for info in doc.items.values { invalidate(info) }
            }
            generation += 1
        }
    }

    /// Counts invalidations; see `ItemInfo.changedAt`. No item's `changedAt` is larger: what was
    /// derived from items at the current generation is still good for all of them, without a
    /// look at each (a push after a keystroke keeps thousands of chunks' diagnostics so).
    public private(set) var generation = 0

    public init() {}

    /// Items point at their document while registered; the references are dropped here so that
    /// a workspace that goes away frees its documents.
    deinit {
        for doc in documents.values { for info in doc.items.values { info.document = nil } }
    }

    // MARK: - Documents

    public func open(id: String, text bytes: [UInt8]) { add(Document.make(id: id, bytes: bytes)) }

    /// Adds a document parsed elsewhere (e.g. in parallel).
    public func add(_ doc: Document) {
        if documents[doc.id] != nil { close(id: doc.id) }
        documents[doc.id] = doc
        freshDocuments[Identity(doc)] = doc
        declarations.reserveCapacity(declarations.count + doc.items.count)
        // Every item first, then one propagation per declared name that other documents may
        // depend on; the new document's own items are skipped (nothing of them is cached yet).
        // Each name once (N declarations of one name would otherwise propagate it N times, over
        // N declarations each), and the items with an unresolved parent invalidated once.
        var declared: [String] = []
        var seen = Set<String>()
        for info in doc.unregistered ?? Array(doc.items.values) {
            if let name = register(info, in: doc, quietly: true, fresh: true), seen.insert(name).inserted { declared.append(name) }
        }
        doc.unregistered = nil
        guard !declared.isEmpty else { return }
        for info in unresolved.values where info.document !== doc { invalidate(info) }
        var walked: Set<String> = []
        for name in declared { nameChanged(name, except: nil, skipping: doc, unresolvedToo: false, walked: &walked) }
    }

    public func close(id: String) {
        guard let doc = documents.removeValue(forKey: id) else { return }
        freshDocuments[Identity(doc)] = nil  // nothing keeps a document that left
        var changed = ChangedNames()
        for info in doc.items.values { changed.insert(unregister(info)) }
        propagate(changed)
    }

    /// Names whose declarations came or went, each once: N items of one name propagated it N
    /// times, over N declarations each.
    private struct ChangedNames {
        var names: [String] = []
        var seen = Set<String>()
        mutating func insert(_ name: String?) {
            if let name, seen.insert(name).inserted { names.append(name) }
        }
    }

    /// `registered`: items the same change registered, which nothing was derived from yet: they
    /// are spared (an edit of one label then leaves the generation, and with it every kept
    /// chunk's diagnostics, as it was).
    private func propagate(_ changed: ChangedNames, sparing registered: Set<Identity> = []) {
        // One walk of the dependents for all the names: a name whose dependents were walked for
        // an earlier one is not walked again (a change to every style of a chain walked the
        // chain once per style).
        var walked: Set<String> = []
        for (i, name) in changed.names.enumerated() {
            nameChanged(name, except: nil, unresolvedToo: i == 0, sparing: registered, walked: &walked)
        }
    }

    /// Applies an edit to a document: reparses incrementally and re-analyses only what changed.
    @discardableResult
    public func edit(id: String, _ edit: TextEdit) -> ReparseReport? {
        guard let doc = documents[id] else { return nil }
        let report = doc.syntax.apply(edit)
        doc.textChanged()
        var changed = ChangedNames()
        for element in report.removed {
            guard case .node(let n) = element else { continue }
            if let info = doc.items.removeValue(forKey: Identity(n)) { changed.insert(unregister(info)) }
            doc.topLevelErrors[Identity(n)] = nil
        }
        let end = report.addedStart + report.added.reduce(0) { $0 + $1.length }
        let bytes = doc.syntax.source.bytes(in: report.addedStart..<end)
        var registered = Set<Identity>()
        bytes.withUnsafeBufferPointer { p in
            var offset = 0
            for element in report.added {
                if let info = doc.analyze(element, at: offset, in: p) {
                    changed.insert(register(info, in: doc, quietly: true))
                    registered.insert(Identity(info))
                }
                offset += element.length
            }
        }
        propagate(changed, sparing: registered)
        return report
    }

    /// A new item has no resolved diagnostics yet; `recheck()` finds it through `freshDocuments`
    /// or `dirty`, so registering it costs no invalidation of its own.
    /// `quietly`: the caller propagates the change of the returned name itself (see `add`).
    /// `fresh`: whether `doc` is known to be in `freshDocuments` (nil: look it up).
    @discardableResult
    private func register(_ info: ItemInfo, in doc: Document, quietly: Bool = false, fresh: Bool? = nil) -> String? {
        let id = Identity(info)
        info.changedAt = generation
        info.document = doc
        if !(fresh ?? (freshDocuments[Identity(doc)] != nil)) { dirty[id] = info }
        for p in info.parents { dependents[p.name, default: [:]][id] = info }
        guard let name = info.name else { return nil }
        forgetStyleSuggestions()
        let count = declarations.update(name, default: { Declarations() }) { $0.append(info) }
        // A new name that nothing inherits from and no unresolved item may want: nothing to redo.
        guard count > 1 || !unresolved.isEmpty || dependents[name] != nil else { return nil }
        if quietly { return name }
        nameChanged(name, except: info)
        return nil
    }

    /// Returns the item's name, whose change the caller propagates (see `propagate`).
    private func unregister(_ info: ItemInfo) -> String? {
        let id = Identity(info)
        info.document = nil
        unresolved[id] = nil
        dirty[id] = nil
        if info.kind == .style {
            styleEffective[id] = nil
            dropCycleGroup(of: info)
        }
        for p in info.parents {
            dependents[p.name]?[id] = nil
            if dependents[p.name]?.isEmpty == true { dependents[p.name] = nil }
        }
        if let name = info.name {
            forgetStyleSuggestions()
            if declarations[name]?.remove(info) == 0 { declarations[name] = nil }
        }
        return info.name
    }

    /// A declaration of `name` came or went: everything that inherits from it, directly or not,
    /// and the other declarations of the name, must be re-resolved. Items of `skipping` (a
    /// document being added) are left alone: nothing of them is cached, and the names they declare
    /// are propagated on their own.
    /// `unresolvedToo`: whether to invalidate the items with an unresolved parent (whose
    /// suggestions may change), unless the caller did.
    private func nameChanged(_ name: String, except new: ItemInfo?, skipping: Document? = nil, unresolvedToo: Bool = true) {
        var walked: Set<String> = []
        nameChanged(name, except: new, skipping: skipping, unresolvedToo: unresolvedToo, walked: &walked)
    }

    /// `walked`: the names whose dependents were walked already (and are then not walked again).
    /// `registered`: items just registered, not invalidated (see `propagate`).
    private func nameChanged(
        _ name: String, except new: ItemInfo?, skipping: Document? = nil, unresolvedToo: Bool = true,
        sparing registered: Set<Identity> = [], walked: inout Set<String>
    ) {
        if let decls = declarations[name] {
            let duplicate = decls.count > 1
            decls.forEach { d in
                d.isDuplicateName = duplicate
                if d !== new, skipping == nil || d.document !== skipping, !registered.contains(Identity(d)) { invalidate(d) }
            }
        }
        if unresolvedToo {
            for info in unresolved.values where (skipping == nil || info.document !== skipping) && !registered.contains(Identity(info)) {
                invalidate(info)
            }
        }
        guard dependents[name] != nil, walked.insert(name).inserted else { return }
        var queue = [name]
        while let n = queue.popLast() {
            for info in (dependents[n] ?? [:]).values {
                if let skipping, info.document === skipping { continue }
                if !registered.contains(Identity(info)) { invalidate(info) }
                if let child = info.name, walked.insert(child).inserted { queue.append(child) }
            }
        }
    }

    /// The documents whose items were invalidated since `takeInvalidatedDocuments()` last
    /// emptied it, by id: a language server pushes their diagnostics again, whichever document
    /// was edited.
    private var invalidatedDocuments: Set<String> = []

    /// The ids of the documents whose items were invalidated (a style they inherit from changed,
    /// a name they declare or use came or went) since the last call, which empties the set.
    public func takeInvalidatedDocuments() -> Set<String> {
        defer { invalidatedDocuments = [] }
        return invalidatedDocuments
    }

    private func invalidate(_ info: ItemInfo) {
        if let doc = info.document { invalidatedDocuments.insert(doc.id) }
        generation += 1
        info.changedAt = generation
        info.resolvedDiagnostics = nil
        if info.kind == .style {
            styleEffective[Identity(info)] = nil
            dropCycleGroup(of: info)
        }
        dirty[Identity(info)] = info
    }

    /// Re-checks every item an edit invalidated (the incremental part of analysis) and returns how
    /// many there were. Diagnostics are otherwise computed lazily when asked for.
    @discardableResult
    public func recheck() -> Int {
        let items = dirty.values
        dirty = [:]  // not removeAll(keepingCapacity:): clearing a large table costs its capacity
        var count = 0
        for info in items where info.document != nil {
            _ = resolvedDiagnostics(of: info)
            count += 1
        }
        for doc in freshDocuments.values where documents[doc.id] === doc {
            for info in doc.items.values where info.resolvedDiagnostics == nil {
                _ = resolvedDiagnostics(of: info)
                count += 1
            }
        }
        freshDocuments = [:]
        return count
    }

}

/// An object's identity as a dictionary key. Hashed with one multiply and shift instead of the
/// seeded SipHash behind `ObjectIdentifier`: the keys are heap addresses, not input anyone
/// chooses, and the workspace's tables are probed several times per item.
struct Identity: Hashable {
    let id: ObjectIdentifier

    @inline(__always) init(_ object: AnyObject) { id = ObjectIdentifier(object) }

    static func == (a: Identity, b: Identity) -> Bool { a.id == b.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    // The standard library asks this of keys; for a pointer, a Fibonacci multiply spreads the
    // aligned address bits over the word (the table masks the low bits, so the high half is
    // folded back in).
    @inline(__always) func _rawHashValue(seed: Int) -> Int {
        let x = UInt(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: x ^ (x >> 29)) ^ seed
    }
}
