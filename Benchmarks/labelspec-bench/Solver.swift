import AutoLayoutSolver
import Foundation

/// `labelspec-bench solver`: the Auto Layout solver on a chain of views, the shape storyboards
/// hold most: view 0's leading 16 pt from the root's, view i's trailing 8 pt before view i+1's
/// leading, the last view's trailing 16 pt from the root's (375 pt wide, all required), and
/// each view's intrinsic width (50–56 pt) held by content hugging (251; 250 for the middle view)
/// and compression resistance (750; 749 for the middle view). Two cases: the root as wide as the
/// views need plus 100 pt (the middle view, hugging least, stretches by 100) and 100 pt short
/// (the middle view, resisting least, shrinks by 100). One line per size: constraints, views,
/// milliseconds to add them all and read the values (best of three), and µs per constraint.
func runSolverBenchmark() {
    for views in [3, 33, 333, 3333, 33333] {
        for roomLeft in [100.0, -100.0] {
            var best = Double.infinity
            var count = 0
            var middle = 0.0
            for _ in 0..<3 {
                let start = now()
                let (solver, width, _) = chain(views: views, roomLeft: roomLeft)
                solver.updateVariables()
                best = min(best, now() - start)
                count = solver.constraintCount
                middle = width(solver)
            }
            let intrinsic = 50.0 + Double(views / 2 % 7)
            guard abs(middle - (intrinsic + roomLeft)) < 1e-6 else {
                print("solver: the middle view is \(middle) pt wide, not \(intrinsic + roomLeft)")
                exit(1)
            }
            let figures = [
                "\"benchmark\": \"solver\"", "\"case\": \"\(roomLeft > 0 ? "stretch" : "shrink")\"", "\"constraints\": \(count)",
                "\"views\": \(views)", "\"ms\": \(String(format: "%.2f", best * 1000))",
                "\"us_per_constraint\": \(String(format: "%.2f", best * 1e6 / Double(count)))",
            ]
            print("{" + figures.joined(separator: ", ") + "}")
        }
    }
    runParameterBenchmark()
}

/// Then, for each size, the same chain with each view's intrinsic width a parameter (as a
/// locale's text would set it), and 1,000 changes (view i's width +10 pt, then back): µs per
/// `setParameter` and `updateVariables`, which must leave the chain as it was.
func runParameterBenchmark() {
    for views in [3, 33, 333, 3333, 33333] {
        let (solver, width, intrinsics) = chain(views: views, roomLeft: 100, parameters: true)
        solver.updateVariables()
        let before = width(solver)
        let start = now()
        do {
            for k in 0..<1000 {
                let p = intrinsics[k / 2 * 7919 % views]
                try solver.setParameter(p, solver.value(p) + (k % 2 == 0 ? 10 : -10))
                solver.updateVariables()
            }
        } catch {
            print("solver: \(error)")
            exit(1)
        }
        let elapsed = now() - start
        guard width(solver) == before else {
            print("solver: the middle view is \(width(solver)) pt wide after the changes, not \(before)")
            exit(1)
        }
        let figures = [
            "\"benchmark\": \"solver\"", "\"case\": \"set intrinsic width\"", "\"constraints\": \(solver.constraintCount)",
            "\"views\": \(views)", "\"us_per_change\": \(String(format: "%.2f", elapsed * 1e6 / 1000))",
        ]
        print("{" + figures.joined(separator: ", ") + "}")
    }
}

/// The chain's solver, a function reading the middle view's solved width, and the intrinsic
/// widths' parameters when asked for.
func chain(views: Int, roomLeft: Double, parameters: Bool = false) -> (LayoutSolver, (LayoutSolver) -> Double, [LayoutVariable]) {
    let solver = LayoutSolver()
    let leading = (0..<views).map { solver.makeVariable("view\($0).leading") }
    let trailing = (0..<views).map { solver.makeVariable("view\($0).trailing") }
    let rootWidth = solver.makeVariable("root.width")
    var needed = 32.0 + 8.0 * Double(views - 1)
    var intrinsics: [LayoutVariable] = []
    do {
        try solver.add(LayoutConstraint(leading[0], .equal, 16.0))
        for i in 0..<views {
            let intrinsic = 50.0 + Double(i % 7)
            needed += intrinsic
            let isMiddle = i == views / 2
            if parameters {
                let p = solver.makeParameter("view\(i).intrinsic", value: intrinsic)
                intrinsics.append(p)
                let width = trailing[i] - leading[i]
                try solver.add(LayoutConstraint(width, .lessOrEqual, p, strength: Strength(priority: isMiddle ? 250 : 251)))
                try solver.add(LayoutConstraint(width, .greaterOrEqual, p, strength: Strength(priority: isMiddle ? 749 : 750)))
            } else {
                try IntrinsicWidth(
                    width: trailing[i] - leading[i], intrinsic: intrinsic, hugging: isMiddle ? 250 : 251,
                    compressionResistance: isMiddle ? 749 : 750
                ).add(to: solver)
            }
            if i + 1 < views { try solver.add(LayoutConstraint(trailing[i], .equal, leading[i + 1] - 8)) }
        }
        try solver.add(LayoutConstraint(rootWidth, .equal, needed + roomLeft))
        try solver.add(LayoutConstraint(trailing[views - 1], .equal, rootWidth - 16))
    } catch {
        print("solver: \(error)")
        exit(1)
    }
    let middle = views / 2
    return (solver, { $0.value(trailing[middle]) - $0.value(leading[middle]) }, intrinsics)
}
