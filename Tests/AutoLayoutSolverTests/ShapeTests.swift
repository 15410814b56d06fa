import AutoLayoutSolver
import Testing

/// Auto Layout shapes written by hand, each with its exact solution.
@Suite struct ShapeTests {
    /// A root view 375 pt wide (required) and a label pinned 16 pt inside it on both sides.
    @Test func aLabelPinnedToItsMarginsIsTheWidthBetweenThem() throws {
        let solver = LayoutSolver()
        let superWidth = solver.makeVariable("super.width")
        let leading = solver.makeVariable("label.leading")
        let trailing = solver.makeVariable("label.trailing")
        try solver.add(LayoutConstraint(superWidth, .equal, 375.0))
        try solver.add(LayoutConstraint(leading, .equal, 16.0))
        try solver.add(LayoutConstraint(trailing, .equal, superWidth - 16))
        try IntrinsicWidth(width: trailing - leading, intrinsic: 120, hugging: 251, compressionResistance: 750).add(to: solver)
        solver.updateVariables()
        #expect(solver.value(leading) == 16)
        #expect(solver.value(trailing) - solver.value(leading) == 343)
    }

    /// Two labels in a row between the margins, 8 pt apart: the one that hugs less takes the room
    /// left over; the other keeps its intrinsic width.
    @Test func ofTwoLabelsInARowTheLowerHuggingOneStretches() throws {
        for (huggingA, huggingB, widthA, widthB) in [(251.0, 250.0, 100.0, 235.0), (250.0, 251.0, 243.0, 92.0)] {
            let (solver, a, b) = try row(intrinsicA: 100, intrinsicB: 92, huggingA: Int(huggingA), huggingB: Int(huggingB))
            solver.updateVariables()
            #expect(width(solver, a) == widthA)
            #expect(width(solver, b) == widthB)
        }
    }

    /// The same row with texts too long for it: the one that resists compression less shrinks, the
    /// other keeps its intrinsic width.
    @Test func whenSpaceRunsOutTheLowerCompressionResistanceOneShrinks() throws {
        let (solver, a, b) = try row(intrinsicA: 200, intrinsicB: 180, compressionA: 750, compressionB: 749)
        solver.updateVariables()
        #expect(width(solver, a) == 200)
        #expect(width(solver, b) == 135)
        let (solver2, a2, b2) = try row(intrinsicA: 200, intrinsicB: 180, compressionA: 740, compressionB: 750)
        solver2.updateVariables()
        #expect(width(solver2, a2) == 155)
        #expect(width(solver2, b2) == 180)
    }

    /// A higher priority wins over any number of lower ones: ten views' hugging at 250 do not
    /// outweigh one at 251 (a weighted sum would let them).
    @Test func oneHigherPriorityOutweighsManyLowerOnes() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable("x")
        try solver.add(LayoutConstraint(x, .equal, 100.0, strength: Strength(priority: 251)))
        for _ in 0..<10 { try solver.add(LayoutConstraint(x, .equal, 0.0, strength: Strength(priority: 250))) }
        solver.updateVariables()
        #expect(solver.value(x) == 100)
    }

    /// `width >= 200` (required) over a label whose text needs 120: it gets 200, and at most the
    /// room there is.
    @Test func aGreaterOrEqualWidthIsAFloor() throws {
        let solver = LayoutSolver()
        let w = solver.makeVariable("w")
        try solver.add(LayoutConstraint(w, .greaterOrEqual, 200.0))
        try solver.add(LayoutConstraint(w, .lessOrEqual, 343.0))
        try IntrinsicWidth(width: w, intrinsic: 120, hugging: 251, compressionResistance: 750).add(to: solver)
        solver.updateVariables()
        #expect(solver.value(w) == 200)
    }

    /// `label.width = 0.5 × superview.width + 10`.
    @Test func aMultiplierHalvesTheSuperviewsWidth() throws {
        let solver = LayoutSolver()
        let superWidth = solver.makeVariable("super.width")
        let w = solver.makeVariable("w")
        try solver.add(LayoutConstraint(superWidth, .equal, 375.0))
        try solver.add(LayoutConstraint(w, .equal, 0.5 * superWidth + 10))
        try IntrinsicWidth(width: w, intrinsic: 300, hugging: 251, compressionResistance: 750).add(to: solver)
        solver.updateVariables()
        #expect(solver.value(w) == 197.5)
    }

    /// Required constraints that contradict each other: the second is refused, the solver keeps
    /// the first and goes on.
    @Test func anUnsatisfiableRequiredSystemIsAnErrorAndTheSolverStaysAsItWas() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        try solver.add(LayoutConstraint(x, .equal, 10.0))
        try solver.add(LayoutConstraint(y, .greaterOrEqual, x + 5))
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(LayoutConstraint(y, .lessOrEqual, 12.0)) }
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(LayoutConstraint(x, .equal, 11.0)) }
        #expect(solver.constraintCount == 2)
        try solver.add(LayoutConstraint(y, .equal, 40.0, strength: .defaultLow))
        solver.updateVariables()
        #expect(solver.value(x) == 10)
        #expect(solver.value(y) == 40)
    }

    @Test func aConstraintAddedTwiceOrRemovedUnaddedIsAnError() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable("x")
        let c = LayoutConstraint(x, .equal, 1.0)
        try solver.add(c)
        #expect(throws: LayoutSolverError.duplicateConstraint) { try solver.add(c) }
        try solver.add(LayoutConstraint(x, .equal, 1.0))
        try solver.remove(c)
        #expect(throws: LayoutSolverError.unknownConstraint) { try solver.remove(c) }
        #expect(throws: LayoutSolverError.notFinite) { try solver.add(LayoutConstraint(x, .equal, Double.nan)) }
        #expect(throws: LayoutSolverError.notFinite) {
            try solver.add(LayoutConstraint(x, .equal, 2.0, strength: Strength(level: 5, weight: 0)))
        }
    }

    /// An edit variable follows its suggestions (the dual simplex), within the required
    /// constraints; removing the constraint that bounded it frees it.
    @Test func editVariablesFollowSuggestionsWithinTheRequiredConstraints() throws {
        let solver = LayoutSolver()
        let intrinsic = solver.makeVariable("intrinsic")
        let w = solver.makeVariable("w")
        let cap = LayoutConstraint(w, .lessOrEqual, 343.0)
        try solver.add(cap)
        try solver.add(LayoutConstraint(w, .equal, intrinsic, strength: Strength(priority: 750)))
        try solver.addEdit(intrinsic, strength: Strength(priority: 999))
        #expect(throws: LayoutSolverError.duplicateEditVariable) { try solver.addEdit(intrinsic, strength: .defaultLow) }
        #expect(throws: LayoutSolverError.requiredEditStrength) { try solver.addEdit(w, strength: .required) }
        #expect(throws: LayoutSolverError.unknownEditVariable) { try solver.suggest(w, 3) }
        for (suggested, expected) in [(120.0, 120.0), (500.0, 343.0), (200.0, 200.0), (343.5, 343.0)] {
            try solver.suggest(intrinsic, suggested)
            solver.updateVariables()
            #expect(solver.value(intrinsic) == suggested)
            #expect(solver.value(w) == expected)
        }
        try solver.suggest(intrinsic, 600)
        try solver.remove(cap)
        solver.updateVariables()
        #expect(solver.value(w) == 600)
        try solver.removeEdit(intrinsic)
        #expect(throws: LayoutSolverError.unknownEditVariable) { try solver.suggest(intrinsic, 3) }
    }

    /// A root view of 375 pt, two labels 16 pt inside its edges, 8 pt apart, with their intrinsic
    /// widths' hugging and compression resistance.
    func row(
        intrinsicA: Double, intrinsicB: Double, huggingA: Int = 251, huggingB: Int = 251, compressionA: Int = 750,
        compressionB: Int = 750
    ) throws -> (LayoutSolver, (LayoutVariable, LayoutVariable), (LayoutVariable, LayoutVariable)) {
        let solver = LayoutSolver()
        let superWidth = solver.makeVariable("super.width")
        let a = (solver.makeVariable("a.leading"), solver.makeVariable("a.trailing"))
        let b = (solver.makeVariable("b.leading"), solver.makeVariable("b.trailing"))
        try solver.add(LayoutConstraint(superWidth, .equal, 375.0))
        try solver.add(LayoutConstraint(a.0, .equal, 16.0))
        try solver.add(LayoutConstraint(b.0, .equal, a.1 + 8))
        try solver.add(LayoutConstraint(b.1, .equal, superWidth - 16))
        try IntrinsicWidth(width: a.1 - a.0, intrinsic: intrinsicA, hugging: huggingA, compressionResistance: compressionA).add(to: solver)
        try IntrinsicWidth(width: b.1 - b.0, intrinsic: intrinsicB, hugging: huggingB, compressionResistance: compressionB).add(to: solver)
        return (solver, a, b)
    }

    func width(_ solver: LayoutSolver, _ view: (LayoutVariable, LayoutVariable)) -> Double {
        solver.value(view.1) - solver.value(view.0)
    }
}
