import Testing

@testable import AutoLayoutSolver

/// `currentValue` reads one variable off the tableau: the same value `updateVariables()` gives,
/// after adds, parameter changes and removals.
@Suite struct CurrentValueTests {
    @Test func currentValueIsWhatUpdateVariablesReads() throws {
        let solver = LayoutSolver()
        let screen = solver.makeParameter("screen", value: 375)
        var lefts: [LayoutVariable] = []
        var widths: [LayoutVariable] = []
        var intrinsics: [LayoutVariable] = []
        for i in 0..<40 {
            let l = solver.makeVariable("left\(i)")
            let w = solver.makeVariable("width\(i)")
            let n = solver.makeParameter("intrinsic\(i)", value: Double(20 + i % 7 * 9))
            if i == 0 {
                try solver.add(LayoutConstraint(l, .equal, 16.0))
            } else {
                try solver.add(LayoutConstraint(l, .equal, lefts[i - 1] + widths[i - 1] + 8.0))
            }
            try solver.add(LayoutConstraint(w, .lessOrEqual, n, strength: Strength(priority: i == 20 ? 250 : 251)))
            try solver.add(LayoutConstraint(w, .greaterOrEqual, n, strength: Strength(priority: i == 7 ? 749 : 750)))
            try solver.add(LayoutConstraint(w, .greaterOrEqual, 0.0))
            lefts.append(l)
            widths.append(w)
            intrinsics.append(n)
        }
        try solver.add(LayoutConstraint(lefts[39] + widths[39], .equal, screen - 16.0))
        func same() {
            solver.updateVariables()
            for v in lefts + widths + intrinsics + [screen] { #expect(abs(solver.currentValue(v) - solver.value(v)) < 1e-9) }
        }
        same()
        for w in [500.0, 3000, 440, 1024] {
            try solver.setParameter(screen, w)
            same()
        }
        try solver.setParameter(intrinsics[3], 100_000)
        same()
        #expect(solver.currentValue(solver.makeVariable("unused")) == 0)
    }
}
