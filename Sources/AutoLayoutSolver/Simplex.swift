/// The tableau's row algebra and the simplex: kiwi's `optimize`, `dualOptimize` and
/// `addWithArtificialVariable`, over the rows of restricted symbols only (variables are defined
/// outside, `LayoutSolver.insert`).
extension LayoutSolver {
    /// `row[s] += c`, keeping `columns` right when the row is stored under `owner` (-1: not stored).
    func addCell(_ row: inout Row, _ owner: Int, _ s: Int, _ c: Double) {
        let v = (row.cells[s] ?? 0) + c
        if nearZero(v) {
            if row.cells.removeValue(forKey: s) != nil, owner >= 0 { columns[s].remove(owner) }
        } else if row.cells.updateValue(v, forKey: s) == nil, owner >= 0 {
            columns[s].insert(owner)
        }
    }

    /// `row += other × c`.
    func addRow(_ row: inout Row, _ owner: Int, _ other: Row, _ c: Double) {
        row.constant += other.constant * c
        for (s, v) in other.cells { addCell(&row, owner, s, v * c) }
    }

    /// Solves `0 = row` for `subject` (in a row not stored).
    func solveFor(_ row: inout Row, _ subject: Int) {
        let c = -1.0 / row.cells.removeValue(forKey: subject)!
        row.constant *= c
        for key in row.cells.keys { row.cells[key]! *= c }
    }

    func store(_ row: Row, _ owner: Int) {
        for s in row.cells.keys { columns[s].insert(owner) }
        rows[owner] = row
    }

    func take(_ owner: Int) -> Row {
        let row = rows[owner]!
        rows[owner] = nil
        for s in row.cells.keys { columns[s].remove(owner) }
        return row
    }

    /// Replaces the symbol `s`, which just became basic with `row`, in every row of the tableau
    /// that holds it (its column: definitions of variables are left as they are) and in the
    /// objectives; rows made infeasible are noted for the dual simplex.
    func substitute(_ s: Int, _ row: Row) {
        for owner in columns[s].filter({ kinds[$0] != .external }).sorted() {
            var r = rows[owner]!
            rows[owner] = nil
            let c = r.cells.removeValue(forKey: s)!
            work += row.cells.count + 1
            columns[s].remove(owner)
            addRow(&r, owner, row, c)
            if r.constant < 0 { infeasible.append(owner) }
            rows[owner] = r
        }
        objective.substitute(s, row)
        artificial?.substitute(s, row)
    }

    /// Pivots `entering` into the basis in place of `leaving`.
    func pivot(_ entering: Int, _ leaving: Int) {
        var row = take(leaving)
        addCell(&row, -1, leaving, -1)
        solveFor(&row, entering)
        substitute(entering, row)
        store(row, entering)
    }

    /// Primal simplex on the objective (or the artificial one while it exists): the lowest id
    /// with a negative weight enters, the row with the least ratio (then the lowest id) leaves.
    func optimize() throws {
        var pivots = 0
        while true {
            let entering = enteringSymbol()
            guard entering >= 0 else { return }
            try count(&pivots)
            var leaving = -1
            var ratio = Double.greatestFiniteMagnitude
            for owner in columns[entering] where kinds[owner] != .external {
                let row = rows[owner]!
                let c = row.cells[entering]!
                guard c < 0 else { continue }
                let r = -row.constant / c
                if r < ratio || (r == ratio && owner < leaving) {
                    ratio = r
                    leaving = owner
                }
            }
            guard leaving >= 0 else { throw LayoutSolverError.internalError("the objective is unbounded") }
            pivot(entering, leaving)
        }
    }

    /// Takes a removed constraint's marker out of the system: made basic (kiwi's choice of row:
    /// the least ratio among rows where it is negative, then among the others), its row put
    /// into the definitions that name it, then dropped. When only definitions hold it, the one of
    /// the earliest variable gives it up, and that variable is free again.
    func eliminate(_ m: Int) {
        if rows[m] == nil {
            var first = (owner: -1, ratio: Double.greatestFiniteMagnitude)
            var second = first
            for owner in columns[m].sorted() where kinds[owner] != .external {
                let row = rows[owner]!
                let c = row.cells[m]!
                if c < 0 {
                    if -row.constant / c < first.ratio { first = (owner, -row.constant / c) }
                } else if row.constant / c < second.ratio {
                    second = (owner, row.constant / c)
                }
            }
            if first.owner >= 0 || second.owner >= 0 {
                pivot(m, first.owner >= 0 ? first.owner : second.owner)
            } else if let x = columns[m].min() {
                var row = take(x)
                addCell(&row, -1, x, -1)
                solveFor(&row, m)
                replaceInDefinitions(m, row)
                objective.remove(m)
                return
            } else {
                objective.remove(m)
                return
            }
        }
        replaceInDefinitions(m, take(m))
    }

    /// Replaces `m` by `row` in every definition of a variable that names it.
    func replaceInDefinitions(_ m: Int, _ row: Row) {
        for owner in columns[m].sorted() {
            var r = rows[owner]!
            rows[owner] = nil
            let c = r.cells.removeValue(forKey: m)!
            columns[m].remove(owner)
            addRow(&r, owner, row, c)
            rows[owner] = r
        }
    }

    /// Counts a pivot, and gives up past far more than any system needs (the lowest-id rules do
    /// not cycle, but numbers past double precision could): an error, never a hang.
    func count(_ pivots: inout Int) throws {
        pivots += 1
        if pivots > 1000 + 100 * kinds.count {
            throw LayoutSolverError.internalError("no optimum after \(pivots - 1) pivots")
        }
    }

    /// The lowest id with a negative weight in the objective being minimised (-1: none, optimal).
    func enteringSymbol() -> Int {
        let eligible = { [kinds] (s: Int) in kinds[s] != .dummy && kinds[s] != .parameter }
        if artificial != nil { return artificial!.lowestNegative(eligible) ?? -1 }
        return objective.lowestNegative(eligible) ?? -1
    }

    /// Dual simplex: each infeasible row (a negative constant) pivots on the symbol whose
    /// objective weight over its positive cell is least.
    func dualOptimize() throws {
        var pivots = 0
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], kinds[leaving] != .external, row.constant < 0, !nearZero(row.constant) else { continue }
            try count(&pivots)
            var entering = -1
            var best = Weight()
            var bestCell = 1.0
            for s in row.cells.keys.sorted() {
                let c = row.cells[s]!
                guard c > 0, kinds[s] != .dummy, kinds[s] != .parameter else { continue }
                let w = objective.cells[s] ?? Weight()
                if entering < 0 || Weight.ratioLess(w, c, best, bestCell) {
                    entering = s
                    best = w
                    bestCell = c
                }
            }
            guard entering >= 0 else { throw LayoutSolverError.internalError("dual optimize failed") }
            pivot(entering, leaving)
        }
    }

    /// Phase one for a row with no symbol that can be its subject: an artificial symbol equal to
    /// the row is minimised; the row is satisfiable when it reaches 0. On failure the artificial
    /// row is dropped, which leaves the tableau equivalent to what it was.
    func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = newSymbol(.slack)
        store(row, art)
        var phaseOne = Objective()
        phaseOne.add(row, times: Weight(level: Int.max, value: 1))
        artificial = phaseOne
        try optimize()
        let success = artificial!.constant.parts.allSatisfy { nearZero($0.value) }
        artificial = nil
        if rows[art] != nil {
            var r = take(art)
            if !success || r.cells.isEmpty { return success }
            guard let entering = r.cells.keys.filter({ kinds[$0] == .slack || kinds[$0] == .error }).min() else { return false }
            addCell(&r, -1, art, -1)
            solveFor(&r, entering)
            substitute(entering, r)
            store(r, entering)
        }
        for owner in columns[art].sorted() { rows[owner]!.cells[art] = nil }
        columns[art] = []
        objective.remove(art)
        return success
    }
}

extension LayoutSolver {
    /// What is wrong with the tableau, for tests: a row of the tableau with a negative constant
    /// (infeasible), a slack or error with a negative weight in the objective (not optimal), a
    /// column that does not list exactly the rows holding its symbol. Empty when all is sound.
    public func consistencyProblems() -> [String] {
        var problems: [String] = []
        var holders = [Set<Int>](repeating: [], count: kinds.count)
        for (owner, row) in rows.enumerated() {
            guard let row else { continue }
            for s in row.cells.keys { holders[s].insert(owner) }
            if kinds[owner] != .external && row.constant < 0 && !nearZero(row.constant) {
                problems.append("row \(owner) is infeasible (\(row.constant))")
            }
        }
        for s in kinds.indices where holders[s] != columns[s] { problems.append("column \(s) is wrong") }
        for (s, w) in objective.cells where (kinds[s] == .slack || kinds[s] == .error) && w.isNegative {
            problems.append("symbol \(s) has a negative weight \(w.parts.map { "\($0.level):\($0.value)" })")
        }
        return problems
    }
}
