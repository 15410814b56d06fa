import AutoLayoutSolver
import Testing

/// The solver's behaviour at scale and at its edges.
@Suite struct SolverTests {
    /// 3,000 views in a row between a root's margins, 8 pt apart (9,002 constraints): the one view
    /// that hugs least takes the 100 pt left over, every other keeps its intrinsic width. kiwi's
    /// tableau grows with the square of the chain here; this one solves it at once.
    @Test func aLongChainOfViewsIsSolvedExactly() throws {
        let views = 3000
        let solver = LayoutSolver()
        let leading = (0..<views).map { solver.makeVariable("v\($0).leading") }
        let trailing = (0..<views).map { solver.makeVariable("v\($0).trailing") }
        var needed = 32.0 + 8.0 * Double(views - 1)
        try solver.add(LayoutConstraint(leading[0], .equal, 16.0))
        for i in 0..<views {
            needed += 50 + Double(i % 7)
            try IntrinsicWidth(
                width: trailing[i] - leading[i], intrinsic: 50 + Double(i % 7), hugging: i == 1234 ? 250 : 251, compressionResistance: 750
            )
            .add(to: solver)
            if i + 1 < views { try solver.add(LayoutConstraint(leading[i + 1], .equal, trailing[i] + 8)) }
        }
        try solver.add(LayoutConstraint(trailing[views - 1], .equal, needed + 100 - 16))
        #expect(solver.constraintCount == 3 * views + 1)
        solver.updateVariables()
        for i in 0..<views {
            #expect(solver.value(trailing[i]) - solver.value(leading[i]) == 50 + Double(i % 7) + (i == 1234 ? 100 : 0))
        }
        #expect(solver.consistencyProblems() == [])
    }

    /// The same constraints in another order give the same values (the optimum is unique here),
    /// and the same order gives the same bits.
    @Test func theAnswerDoesNotDependOnOrderOrHashing() throws {
        func solve(_ order: [Int]) throws -> [Double] {
            let solver = LayoutSolver()
            let v = (0..<4).map { solver.makeVariable("x\($0)") }
            let all = [
                LayoutConstraint(v[0] + v[1], .equal, 100.0),
                LayoutConstraint(v[1], .greaterOrEqual, 0.5 * v[2] + 3),
                LayoutConstraint(v[2], .equal, 70.0, strength: Strength(priority: 300)),
                LayoutConstraint(v[3], .lessOrEqual, v[0] - v[2], strength: Strength(priority: 700)),
                LayoutConstraint(v[3], .equal, 10.0, strength: Strength(priority: 200)),
                LayoutConstraint(v[0], .equal, 80.0, strength: Strength(priority: 250)),
            ]
            for i in order { try solver.add(all[i]) }
            solver.updateVariables()
            return v.map(solver.value)
        }
        let first = try solve([0, 1, 2, 3, 4, 5])
        #expect(first == [62, 38, 70, -8])
        #expect(try solve([0, 1, 2, 3, 4, 5]) == first)
        for order in [[5, 4, 3, 2, 1, 0], [2, 4, 0, 5, 1, 3]] {
            #expect(zip(try solve(order), first).allSatisfy { abs($0 - $1) < 1e-9 })
        }
    }

    /// Removing a constraint gives the solution without it; removing a refused one is an error.
    @Test func removingAConstraintUndoesIt() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable("x")
        let floor = LayoutConstraint(x, .greaterOrEqual, 50.0)
        try solver.add(LayoutConstraint(x, .equal, 20.0, strength: .defaultLow))
        try solver.add(floor)
        solver.updateVariables()
        #expect(solver.value(x) == 50)
        let refused = LayoutConstraint(x, .lessOrEqual, 10.0)
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(refused) }
        #expect(throws: LayoutSolverError.unknownConstraint) { try solver.remove(refused) }
        try solver.remove(floor)
        solver.updateVariables()
        #expect(solver.value(x) == 20)
        try solver.add(refused)
        solver.updateVariables()
        #expect(solver.value(x) == 10)
    }

    /// A constraint that only defines a variable (its marker in no row of the tableau): removing
    /// it frees the variable, and what was defined from it follows the next constraint on it.
    @Test func removingTheConstraintThatDefinedAVariableFreesIt() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        let pin = LayoutConstraint(x, .equal, 5.0)
        try solver.add(pin)
        try solver.add(LayoutConstraint(y, .equal, x + 1))
        solver.updateVariables()
        #expect([solver.value(x), solver.value(y)] == [5, 6])
        try solver.remove(pin)
        #expect(solver.consistencyProblems() == [])
        try solver.add(LayoutConstraint(x, .equal, 7.0))
        solver.updateVariables()
        #expect([solver.value(x), solver.value(y)] == [7, 8])
        #expect(solver.constraintCount == 2)
    }

    /// Removing each constraint of a chain in turn, then adding it back, gives the chain's
    /// solution again (every removal path: markers basic, in rows, in definitions).
    @Test func removingAndAddingBackEveryConstraintOfAChain() throws {
        let solver = LayoutSolver()
        let views = 12
        let leading = (0..<views).map { solver.makeVariable("v\($0).leading") }
        let trailing = (0..<views).map { solver.makeVariable("v\($0).trailing") }
        var all: [LayoutConstraint] = [LayoutConstraint(leading[0], .equal, 16.0)]
        for i in 0..<views {
            let w = IntrinsicWidth(width: trailing[i] - leading[i], intrinsic: 40, hugging: i == 5 ? 250 : 251, compressionResistance: 750)
            all += [w.hugging, w.compressionResistance]
            if i + 1 < views { all.append(LayoutConstraint(leading[i + 1], .equal, trailing[i] + 8)) }
        }
        let rootEdge: Double = 16 + 12 * 40 + 11 * 8 + 30
        all.append(LayoutConstraint(trailing[views - 1], .equal, rootEdge))
        for c in all { try solver.add(c) }
        let expected = (0..<views).map { $0 == 5 ? 70.0 : 40.0 }
        for c in all {
            try solver.remove(c)
            #expect(solver.consistencyProblems() == [])
            try solver.add(c)
            #expect(solver.consistencyProblems() == [])
        }
        solver.updateVariables()
        let solved = (0..<views).map { solver.value(trailing[$0]) - solver.value(leading[$0]) }
        #expect(zip(solved, expected).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    /// Numbers that are not finite are refused before they reach the tableau; huge ones are solved.
    @Test func hostileNumbersAreRefused() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable("x")
        for c in [
            LayoutConstraint(x, .equal, Double.infinity), LayoutConstraint(Double.nan * x, .equal, 1.0),
            LayoutConstraint(x, .equal, 1.0, strength: Strength(level: 3, weight: -1)),
            LayoutConstraint(x, .equal, 1.0, strength: Strength(level: 3, weight: .infinity)),
        ] {
            #expect(throws: LayoutSolverError.notFinite) { try solver.add(c) }
        }
        try solver.addEdit(x, strength: .defaultHigh)
        #expect(throws: LayoutSolverError.notFinite) { try solver.suggest(x, .nan) }
        try solver.add(LayoutConstraint(x, .lessOrEqual, 1e12))
        try solver.suggest(x, 1e15)
        solver.updateVariables()
        #expect(solver.value(x) == 1e12)
        #expect(solver.constraintCount == 2)
    }
}

/// Parameters: values constraints use, changed without rebuilding.
@Suite struct ParameterTests {
    /// A label's intrinsic width as a parameter, set per locale: its width follows until the
    /// margins stop it (compression resistance gives way to the required row).
    @Test func anIntrinsicWidthPerLocaleIsSetWithoutStartingAgain() throws {
        let solver = LayoutSolver()
        let rootWidth = solver.makeParameter("root.width", value: 375)
        let intrinsic = solver.makeParameter("label.intrinsic", value: 120)
        let leading = solver.makeVariable("label.leading")
        let trailing = solver.makeVariable("label.trailing")
        try solver.add(LayoutConstraint(leading, .equal, 16.0))
        try solver.add(LayoutConstraint(trailing, .lessOrEqual, rootWidth - 16))
        try solver.add(LayoutConstraint(trailing - leading, .lessOrEqual, intrinsic, strength: Strength(priority: 251)))
        try solver.add(LayoutConstraint(trailing - leading, .greaterOrEqual, intrinsic, strength: Strength(priority: 750)))
        let count = solver.constraintCount
        for (root, text, width) in [(375.0, 120.0, 120.0), (375.0, 400.0, 343.0), (320.0, 400.0, 288.0), (428.0, 200.0, 200.0)] {
            try solver.setParameter(rootWidth, root)
            try solver.setParameter(intrinsic, text)
            solver.updateVariables()
            #expect(solver.value(trailing) - solver.value(leading) == width)
            #expect(solver.value(intrinsic) == text)
            #expect(solver.consistencyProblems() == [])
        }
        #expect(solver.constraintCount == count)
        #expect(throws: LayoutSolverError.notAParameter) { try solver.setParameter(leading, 3) }
        #expect(throws: LayoutSolverError.parameterEdit) { try solver.addEdit(intrinsic, strength: .defaultLow) }
        #expect(throws: LayoutSolverError.notFinite) { try solver.setParameter(intrinsic, .infinity) }
    }

    /// A value at which the required constraints cannot hold is refused, and the parameter keeps
    /// its value; a required equality between parameters alone too.
    @Test func aParameterValueTheRequiredConstraintsRefuseIsAnError() throws {
        let solver = LayoutSolver()
        let floor = solver.makeParameter("floor", value: 50)
        let p = solver.makeParameter("p", value: 5)
        let x = solver.makeVariable("x")
        try solver.add(LayoutConstraint(x, .greaterOrEqual, floor))
        try solver.add(LayoutConstraint(x, .lessOrEqual, 100.0))
        try solver.add(LayoutConstraint(x, .equal, 0.0, strength: .defaultLow))
        try solver.add(LayoutConstraint(p, .equal, 5.0))
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.setParameter(floor, 200) }
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.setParameter(p, 4) }
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.setParameter(p, 6) }
        solver.updateVariables()
        #expect(solver.value(floor) == 50)
        #expect(solver.value(x) == 50)
        try solver.setParameter(floor, 70)
        solver.updateVariables()
        #expect(solver.value(x) == 70)
        #expect(solver.consistencyProblems() == [])
    }
}
