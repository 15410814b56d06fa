import LabelSpecSemantics
import LabelSpecSupport

/// Quick fixes: those of every diagnostic that overlaps a range.
public enum CodeActions {
    public struct Action: Sendable {
        public var diagnostic: Diagnostic
        public var fix: Fix
        /// The one fix of its diagnostic (of a code whose fixes are not for the editor only): an
        /// editor may apply it without asking.
        public var isPreferred: Bool
    }

    /// A diagnostic as a client names it (an editor's code action `context`): its code and range.
    public struct Named: Hashable, Sendable {
        public var code: String
        public var range: Range<Int>
        public init(code: String, range: Range<Int>) { (self.code, self.range) = (code, range) }
    }

    /// The fixes, in order, of the `diagnostics` whose range overlaps `range` (byte offsets;
    /// touching counts) or that are `named`.
    public static func actions(for range: Range<Int>, named: Set<Named> = [], diagnostics: [Diagnostic]) -> [Action] {
        diagnostics.filter { d in
            d.range.lowerBound <= range.upperBound && range.lowerBound <= d.range.upperBound
                || !named.isEmpty && named.contains(Named(code: d.code.rawValue, range: d.range))
        }.flatMap { d in d.fixes.map { Action(diagnostic: d, fix: $0, isPreferred: d.fixes.count == 1 && d.code.descriptor.fix != .editor) }
        }
    }
}

extension CodeActions {
    /// A fix applied by `applyAll`, with the diagnostic it fixed.
    public struct Applied: Sendable {
        public var diagnostic: Diagnostic
        public var fix: Fix
    }

    /// Applies, to `bytes`, the fix of every diagnostic that has exactly one (the one an editor
    /// marks preferred) and is safe, or unsafe with `unsafe` (never one for the editor only). Fixes are taken in order of position; one
    /// whose edits overlap an edit already taken waits for the next round (the caller checks the
    /// new text again), and one with the same edits as a fix taken is applied with it (the
    /// diagnostics of `style-after-eraser` share one removal).
    public static func applyAll(_ diagnostics: [Diagnostic], to bytes: [UInt8], unsafe: Bool) -> (bytes: [UInt8], applied: [Applied]) {
        let candidates = diagnostics.compactMap { d -> (start: Int, diagnostic: Diagnostic)? in
            guard d.fixes.count == 1, let start = d.fixes[0].edits.lazy.map(\.range.lowerBound).min(),
                d.code.descriptor.fix == .safe || unsafe && d.code.descriptor.fix == .unsafe
            else { return nil }
            return (start, d)
        }.sorted { $0.start < $1.start }.map(\.diagnostic)
        // The fast path below keeps the edits taken sorted, disjoint and at distinct starts, which
        // fixes taken from different diagnostics always are (an overlap waits for the next round);
        // a fix whose own edits overlap or share a start (none of the catalogue's do) takes the
        // general path, which applies the edits from the end one by one.
        let selfOverlapping = candidates.contains { d in
            let edits = d.fixes[0].edits
            guard edits.count > 1 else { return false }
            let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
            return zip(sorted, sorted.dropFirst()).contains { a, b in
                a.range.lowerBound == b.range.lowerBound || b.range.lowerBound < a.range.upperBound
            }
        }
        if selfOverlapping { return applyAllInGeneral(candidates, to: bytes) }

        var taken: [Replacement] = []  // sorted by start, disjoint, distinct starts
        /// The first index of `taken` whose edit starts after `offset`.
        func after(_ offset: Int) -> Int { taken.partitionPoint { $0.range.lowerBound > offset } }
        let applied = select(candidates, in: bytes) { e in
            // With the taken edits sorted and disjoint only the edit's two neighbours can overlap it.
            let i = after(e.range.lowerBound)
            return i > 0 && overlap(taken[i - 1], e) || i < taken.count && overlap(taken[i], e)
        } take: { edits in
            for e in edits { taken.insert(e, at: after(e.range.lowerBound)) }
        }
        // One forward pass: the edits are disjoint, so this is the text of applying them from the end.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + taken.reduce(0) { $0 + $1.newText.utf8.count })
        var at = 0
        for e in taken {
            out.append(contentsOf: bytes[at..<e.range.lowerBound])
            out.append(contentsOf: e.newText.utf8)
            at = e.range.upperBound
        }
        out.append(contentsOf: bytes[at...])
        return (out, applied)
    }

    /// `applyAll` for fixes whose own edits overlap: every check against every edit taken.
    static func applyAllInGeneral(_ candidates: [Diagnostic], to bytes: [UInt8]) -> (bytes: [UInt8], applied: [Applied]) {
        var taken: [Replacement] = []
        let applied = select(candidates, in: bytes) { e in
            taken.contains { overlap($0, e) }
        } take: {
            taken += $0
        }
        var out = bytes
        for e in taken.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(e.range, with: Array(e.newText.utf8))
        }
        return (out, applied)
    }

    /// Whether two edits overlap: their ranges intersect, or they start together.
    static func overlap(_ t: Replacement, _ e: Replacement) -> Bool {
        e.range.lowerBound < t.range.upperBound && t.range.lowerBound < e.range.upperBound || e.range.lowerBound == t.range.lowerBound
    }

    /// The candidates' fixes `applyAll` takes, in order: one inside the text whose edits overlap
    /// none taken (`overlaps`) is taken (`take`), and one with the same edits as a fix taken is
    /// applied with it.
    static func select(
        _ candidates: [Diagnostic], in bytes: [UInt8], overlaps: (Replacement) -> Bool, take: ([Replacement]) -> Void
    ) -> [Applied] {
        var takenFixes = Set<[Replacement]>()
        var applied: [Applied] = []
        for d in candidates {
            let fix = d.fixes[0]
            guard fix.edits.allSatisfy({ $0.range.upperBound <= bytes.count }) else { continue }
            if takenFixes.contains(fix.edits) {
                applied.append(Applied(diagnostic: d, fix: fix))
                continue
            }
            guard !fix.edits.contains(where: overlaps) else { continue }
            take(fix.edits)
            takenFixes.insert(fix.edits)
            applied.append(Applied(diagnostic: d, fix: fix))
        }
        return applied
    }
}
