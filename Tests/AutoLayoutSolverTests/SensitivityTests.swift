import Testing

@testable import AutoLayoutSolver

/// `slopes(of:)` and `parameterRange(_:)`: within the range, moving a parameter moves each
/// variable by its slope times the move, as solving again shows.
@Suite struct SensitivityTests {
    /// A title and a value in a row between 16 pt margins, 8 pt apart: the value keeps its
    /// intrinsic width, the title gets the rest (one point less per point the value grows) until
    /// the title's width reaches 0.
    @Test func aNeighbourTakesItsWidthFromTheLabel() throws {
        let solver = LayoutSolver()
        let screen = solver.makeParameter("screen", value: 375)
        let (tl, tw, vl, vw) = (solver.makeVariable("tl"), solver.makeVariable("tw"), solver.makeVariable("vl"), solver.makeVariable("vw"))
        let title = solver.makeParameter("title", value: 100_000)
        let value = solver.makeParameter("value", value: 60)
        try solver.add(LayoutConstraint(tl, .equal, 16.0))
        try solver.add(LayoutConstraint(vl, .equal, tl + tw + 8))
        try solver.add(LayoutConstraint(vl + vw, .equal, screen - 16.0))
        try IntrinsicWidth(width: 1.0 * tw, intrinsic: title, hugging: 251, compressionResistance: 749).add(to: solver)
        try IntrinsicWidth(width: 1.0 * vw, intrinsic: value, hugging: 251, compressionResistance: 750).add(to: solver)
        try solver.add(LayoutConstraint(tw, .greaterOrEqual, 0.0))
        #expect(solver.currentValue(tw) == 375 - 32 - 8 - 60)
        let slopes = solver.slopes(of: tw) ?? [:]
        #expect(slopes[value.index] == -1)
        #expect(slopes[screen.index] == 1)
        #expect(slopes[title.index] == nil)
        let range = solver.parameterRange(value)
        // Up until the title has none left (275 pt); down until the title reaches its own
        // intrinsic width (no constraint holds the value's width at 0 or more here).
        #expect(range.down == 99_725)
        #expect(abs(range.up - 275) < 1e-9)
        try solver.setParameter(value, 200)
        #expect(solver.currentValue(tw) == 375 - 32 - 8 - 200)
        #expect(solver.slopes(of: vw)?[value.index] == 1)
        // Past `most` parameters (in its definition or one it depends on): nil.
        #expect(solver.slopes(of: tw, most: 1) == nil)
        #expect(solver.slopes(of: tw, most: 10) == solver.slopes(of: tw))
    }

    /// On random rows of views (random priorities, intrinsic widths and gaps), each variable's
    /// slopes predict its value after a move of each parameter within its range, as solving
    /// again (the parameter moved, the dual simplex run) finds it.
    @Test func slopesPredictTheSolveWithinTheRange() throws {
        var rng = SplitMix(seed: 7)
        var checked = 0
        for _ in 0..<60 {
            let n = 2 + Int(rng.next() % 4)
            let solver = LayoutSolver()
            let screen = solver.makeParameter("screen", value: 300 + Double(rng.next() % 500))
            var lefts: [LayoutVariable] = []
            var widths: [LayoutVariable] = []
            var intrinsics: [LayoutVariable] = []
            for i in 0..<n {
                let l = solver.makeVariable("l\(i)")
                let w = solver.makeVariable("w\(i)")
                let p = solver.makeParameter("i\(i)", value: Double(10 + rng.next() % 150))
                if i == 0 {
                    try solver.add(LayoutConstraint(l, .equal, 16.0))
                } else {
                    try solver.add(LayoutConstraint(l, .equal, lefts[i - 1] + widths[i - 1] + 8))
                }
                try IntrinsicWidth(
                    width: 1.0 * w, intrinsic: p, hugging: 250 + Int(rng.next() % 3), compressionResistance: 749 + Int(rng.next() % 3)
                ).add(to: solver)
                try solver.add(LayoutConstraint(w, .greaterOrEqual, 0.0))
                (lefts, widths, intrinsics) = (lefts + [l], widths + [w], intrinsics + [p])
            }
            try solver.add(LayoutConstraint(lefts[n - 1] + widths[n - 1], .lessOrEqual, screen - 16.0))
            for p in intrinsics {
                let (down, up) = solver.parameterRange(p)
                let value = solver.currentValue(p)
                let before = widths.map { solver.currentValue($0) }
                let slopes = widths.map { solver.slopes(of: $0)?[p.index] ?? 0 }
                for move in [-min(down, 40), min(up, 40)] where move != 0 && move.isFinite {
                    try solver.setParameter(p, value + move)
                    for (k, w) in widths.enumerated() {
                        #expect(abs(solver.currentValue(w) - (before[k] + slopes[k] * move)) < 1e-6)
                        checked += 1
                    }
                    try solver.setParameter(p, value)
                }
            }
        }
        #expect(checked > 500)
    }
}

/// A small deterministic generator (the same systems on every run).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
