import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

extension Workspace {
    /// Every diagnostic of a document, sorted by position, ranges absolute.
    public func diagnostics(for id: String) -> [Diagnostic] {
        guard let doc = documents[id] else { return [] }
        var out: [Diagnostic] = []
        doc.syntax.forEachTopLevel { element, offset in
            for d in diagnostics(ofTopLevel: element, in: doc) { out.append(d.shifted(by: offset)) }
        }
        return resolvingRelated(out).sorted { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
    }

    /// The diagnostics of one top-level element of `doc` (item, error node or stray token),
    /// relative to its start. They stay valid until the element is replaced or, for an item,
    /// until the workspace invalidates it (`ItemInfo.changedAt`); those that point elsewhere
    /// (`related`) also depend on where the other place is now.
    public func diagnostics(ofTopLevel element: GreenElement, in doc: Document) -> [Diagnostic] {
        switch element {
        case .token(let t):
            return SyntaxErrors.malformed(SyntaxToken(green: t, offset: 0)).map { [$0] } ?? []
        case .node(let n):
            let key = Identity(n)
            if n.kind == .error { return doc.topLevelErrors[key] ?? [] }
            guard let info = doc.items[key] else { return [] }
            var out = info.localDiagnostics
            out += resolvedDiagnostics(of: info)
            if info.isDuplicateName, let d = duplicateNameDiagnostic(info, in: doc) { out.append(d) }
            return n.hasErrors ? Self.withoutFixesOverSyntaxErrors(out) : out
        }
    }

    /// A quick fix never edits text a syntax error is in or touches: what the parser could not
    /// place (a list left open swallows the members after it) belongs to what the author wrote
    /// next, not to the member the fix would remove. Such fixes are dropped (the syntax errors'
    /// own fixes stay), so neither `check --fix` nor an editor's preferred fix can delete them.
    /// Linear: each fix's edits are tested against the errors sorted by start, with the furthest
    /// end reached so far.
    static func withoutFixesOverSyntaxErrors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let errors = diagnostics.lazy.filter { $0.code == .syntax }.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
        guard !errors.isEmpty else { return diagnostics }
        var furthest: [Int] = []
        furthest.reserveCapacity(errors.count)
        for e in errors { furthest.append(max(furthest.last ?? Int.min, e.upperBound)) }
        /// Whether an error starts at or before `edit`'s end and ends at or after its start.
        func touchesError(_ edit: Range<Int>) -> Bool {
            let after = errors.partitionPoint { $0.lowerBound > edit.upperBound }
            return after > 0 && furthest[after - 1] >= edit.lowerBound
        }
        return diagnostics.map { d in
            guard d.code != .syntax, !d.fixes.isEmpty else { return d }
            var d = d
            d.fixes.removeAll { $0.edits.contains { touchesError($0.range) } }
            return d
        }
    }

    /// `diagnostics` with each related location that names an item placed where the item is now
    /// (document, absolute range, line and columns), and the item let go of; a place whose item
    /// left the workspace is dropped. Returns `diagnostics` itself when none names an item.
    public func resolvingRelated(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard diagnostics.contains(where: { $0.related.contains { $0.declaration != nil } }) else { return diagnostics }
        return diagnostics.map { d in
            guard d.related.contains(where: { $0.declaration != nil }) else { return d }
            var d = d
            d.related = d.related.compactMap { r in
                guard let item = r.declaration else { return r }
                guard let doc = item.document else { return nil }
                let start = doc.offset(of: item.green)
                var out = RelatedLocation(document: doc.id, range: r.range.shifted(by: start), message: r.message)
                out.columns = doc.columns(of: out.range)
                return out
            }
            return d
        }
    }

    /// `'X' is already declared`, pointing at the first declaration. The message names no
    /// position (only the other file, when it is another), so the diagnostic stays true while the
    /// first declaration moves; the related location gives the place, resolved when reported.
    private func duplicateNameDiagnostic(_ info: ItemInfo, in doc: Document) -> Diagnostic? {
        guard let name = info.name, let first = resolve(name), first !== info, let firstDoc = document(of: first) else { return nil }
        // Another file by its name (the related location has the whole path or URI).
        let place = firstDoc === doc ? "above" : "in \(firstDoc.id.split(separator: "/").last.map(String.init) ?? firstDoc.id)"
        return Diagnostic(
            .duplicate, "'\(name)' is already declared \(place); rename this \(info.kind.rawValue) or remove it",
            at: info.nameRange, related: [RelatedLocation(nameOf: first, message: "first declaration of '\(name)'")])
    }

    /// Diagnostics that depend on other items, relative to the item; cached until a name in the
    /// item's inheritance chain changes.
    func resolvedDiagnostics(of info: ItemInfo) -> [Diagnostic] {
        if let cached = info.resolvedDiagnostics { return cached }
        var out: [Diagnostic] = []
        var isUnresolved = false
        // A label's lookup: the effective maps of the styles it inherits from (what
        // `inheritedParents` gives). A style reads its own kept map instead.
        var inherited = ParentMaps()
        // Only a style something inherits from can close a cycle (chains follow styles only).
        let cycle = info.kind == .style && isInherited(info) ? cycleGroup(of: info) : nil
        var cycleReported = false
        let parents = Array(info.parents)
        for (i, p) in parents.enumerated() {
            guard let target = resolve(p.name) else {
                isUnresolved = true
                if let s = styleSuggestion(for: p.name), parents.contains(where: { $0.name == s }) {
                    // The style meant is in the list already: the fix takes the unknown name out
                    // (with its comma), not `Body, Body`.
                    let range =
                        i + 1 < parents.count
                        ? p.range.lowerBound..<parents[i + 1].range.lowerBound
                        : (i > 0 ? parents[i - 1].range.upperBound : p.range.lowerBound)..<p.range.upperBound
                    out.append(
                        Diagnostic(
                            .unknownStyle, "unknown style '\(p.name)'; '\(s)' is in the list already, so remove it", at: p.range,
                            fixes: [Fix(title: "Remove '\(p.name)'", edits: [Replacement(range: range, newText: "")])]))
                } else if let s = styleSuggestion(for: p.name) {
                    out.append(
                        Diagnostic(
                            .unknownStyle, "unknown style '\(p.name)'; did you mean '\(s)'?", at: p.range,
                            fixes: [Fix(title: "Replace with '\(s)'", edits: [Replacement(range: p.range, newText: s)])]))
                } else {
                    out.append(Diagnostic(.unknownStyle, "unknown style '\(p.name)'; declare it or remove it from the list", at: p.range))
                }
                continue
            }
            if target.kind == .label {
                out.append(Diagnostic(.unknownStyle, "'\(p.name)' is a label, not a style; inherit from a style", at: p.range))
                continue
            }
            // A parent in the item's own cycle is skipped. The cycle is reported once, on its
            // first member in document order, at the first such parent.
            if let cycle, cycle.isCyclic, target === info || cycleGroups[Identity(target)] === cycle {
                if !cycleReported, cycle.first == ObjectIdentifier(info), let path = reaches(from: target, to: info) {
                    cycleReported = true
                    out.append(
                        Diagnostic(
                            .styleCycle, "style cycle \(Workspace.cycleText([info] + path)); remove one of these inheritances", at: p.range)
                    )
                }
                continue
            }
            if info.kind == .label { inherited.append(effectiveProperties(of: target)) }
        }
        if isUnresolved {
            unresolved[Identity(info)] = info
        } else if !unresolved.isEmpty {
            unresolved[Identity(info)] = nil
        }

        let effective =
            info.kind == .style
            ? EffectiveLookup(owner: info, parents: ParentMaps(effectiveProperties(of: info)), ownIncluded: true)
            : EffectiveLookup(owner: info, parents: inherited, ownIncluded: false)
        if info.hasDeprecated { out += deprecations(info, effective) }
        if info.kind == .label { out += labelChecks(info, effective) }
        let sorted = out.sorted { $0.range.lowerBound < $1.range.lowerBound }
        info.resolvedDiagnostics = sorted
        return sorted
    }

    /// The names of a cycle (its first member again at the end), all of them up to
    /// `cycleNamesShown` styles, else the first three and the length: `A → B → C → … (5,000
    /// styles) → A`.
    static func cycleText(_ cycle: [ItemInfo]) -> String {
        let names = cycle.map { $0.name ?? "?" }
        let styles = names.count - 1
        if styles <= cycleNamesShown { return names.joined(separator: " → ") }
        return names.prefix(3).joined(separator: " → ") + " → … (\(groupedDigits(styles)) styles) → " + names[0]
    }

    static let cycleNamesShown = 6

    /// 5000 → "5,000".
    static func groupedDigits(_ n: Int) -> String {
        var digits = Array(String(n))
        var out: [Character] = []
        while digits.count > 3 {
            out.insert(contentsOf: [","] + digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        return String(digits + out)
    }

    /// The point size a font has at the default content size (`.large`).
    static func defaultPointSize(_ effective: EffectiveLookup) -> Double {
        switch effective[.font]?.assignment.typed {
        case .font(.textStyle(let style, _))?: return style.metrics(at: .large).size
        case .font(.system(let size, _, _))?: return size
        case .font(.custom(_, let size, _, _))?: return size
        default: return 17
        }
    }

    private func deprecations(_ info: ItemInfo, _ effective: EffectiveLookup) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let a = info.own[.minimumFontSize] {
            var fixes: [Fix] = []
            var advice = "use minimumScaleFactor"
            if case .number(let minimum)? = a.typed {
                let size = Workspace.defaultPointSize(effective)
                let factor = min(1, max(0.01, minimum / size))
                let text = formatFactor(factor)
                advice = "use minimumScaleFactor: \(text) (\(formatFactor(minimum)) / \(formatFactor(size)) pt)"
                fixes = [
                    Fix(
                        title: "Replace with minimumScaleFactor: \(text)",
                        edits: [Replacement(range: a.memberRange, newText: "minimumScaleFactor: \(text)")])
                ]
            }
            out.append(Diagnostic(.deprecated, "'minimumFontSize' is deprecated since iOS 6; \(advice)", at: a.nameRange, fixes: fixes))
        }
        if let a = info.own[.adjustsLetterSpacingToFitWidth] {
            let value: String
            if case .bool(let b)? = a.typed { value = b ? "true" : "false" } else { value = "true" }
            out.append(
                Diagnostic(
                    .deprecated, "'adjustsLetterSpacingToFitWidth' is deprecated since iOS 6; use allowsDefaultTighteningForTruncation",
                    at: a.nameRange,
                    fixes: [
                        Fix(
                            title: "Replace with allowsDefaultTighteningForTruncation",
                            edits: [Replacement(range: a.memberRange, newText: "allowsDefaultTighteningForTruncation: \(value)")])
                    ]))
        }
        return out
    }
}

/// Shortest decimal for a factor: 0.8, 0.71, 1.
func formatFactor(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
    var s = String(r)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}
