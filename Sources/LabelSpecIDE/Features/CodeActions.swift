import LabelSpecSemantics

/// Quick fixes: those of every diagnostic that overlaps a range.
public enum CodeActions {
    public struct Action: Sendable {
        public var diagnostic: Diagnostic
        public var fix: Fix
        /// The one fix of its diagnostic: an editor may apply it without asking.
        public var isPreferred: Bool
    }

    /// The fixes of `diagnostics` whose range overlaps `range` (byte offsets; touching counts).
    public static func actions(for range: Range<Int>, diagnostics: [Diagnostic]) -> [Action] {
        var out: [Action] = []
        for d in diagnostics where d.range.lowerBound <= range.upperBound && range.lowerBound <= d.range.upperBound {
            for fix in d.fixes { out.append(Action(diagnostic: d, fix: fix, isPreferred: d.fixes.count == 1)) }
        }
        return out
    }
}
