/// How a variable's value moves with the parameters while the solution keeps its shape: a
/// parameter is a constant of the constraints (it moves the rows' constants, never the objective),
/// so the current basis stays optimal while it stays feasible, and over that range every
/// variable is a straight line in each parameter (docs/autolayout.md, "Neighbours in each
/// language").
extension LayoutSolver {
    /// The slope of `v`'s value in each parameter it depends on now (keyed by the parameter's
    /// variable index; parameters it does not move with are left out): how far `v` moves per
    /// point the parameter moves, while `parameterRange` holds. Nil when one of the definitions
    /// it depends on moves with more than `most` parameters (the end of a row of hundreds of
    /// chained views: each label's slopes would cost the square of the row).
    public func slopes(of v: LayoutVariable, most: Int = .max) -> [Int: Double]? {
        if parameters[v.index] != nil { return [v.index: 1] }
        let start = variableSymbols[v.index]
        guard start >= 0 else { return [:] }
        let parameterOf = parameterVariables()
        // Per symbol: its slopes in the parameters' symbols. A restricted basic symbol's are its
        // row's parameter cells; a definition's, its own and those of the symbols it holds.
        func direct(_ row: Row) -> [Int: Double] {
            var out: [Int: Double] = [:]
            for (s, c) in row.cells where kinds[s] == .parameter && !nearZero(c) { out[s] = c }
            return out
        }
        let found = evaluate(
            start, leaf: { self.rows[$0].map(direct) ?? [:] },
            definition: { row, slopes -> [Int: Double]? in
                var out = direct(row)
                for (t, c) in row.cells where self.kinds[t] != .parameter && self.rows[t] != nil {
                    for (p, d) in slopes(t) { out[p, default: 0] += c * d }
                }
                self.work += out.count
                return out.count > most ? nil : out
            })
        guard let found else { return nil }
        var out: [Int: Double] = [:]
        for (s, d) in found where !nearZero(d) {
            if let p = parameterOf[s] { out[p] = d }
        }
        return out
    }

    /// How far parameter `p` may move from its value, down and up, before the solution changes
    /// shape (a constraint starts or stops holding): the slopes of `slopes(of:)` hold from
    /// `value - down` to `value + up` (either may be infinite), the other parameters as they are.
    /// (0, 0) when `p` is no parameter, or a required equality holds it where it is.
    public func parameterRange(_ p: LayoutVariable) -> (down: Double, up: Double) {
        guard parameters[p.index] != nil else { return (0, 0) }
        let s = variableSymbols[p.index]
        guard s >= 0 else { return (.infinity, .infinity) }
        var (down, up) = (Double.infinity, Double.infinity)
        for owner in columns[s] where kinds[owner] != .external {
            guard let row = rows[owner], let c = row.cells[s], !nearZero(c) else { continue }
            // A basic dummy is a required equality among parameters: it must stay 0.
            if kinds[owner] == .dummy { return (0, 0) }
            // The row's constant, `k + c × Δ`, must stay at least 0.
            let k = max(0, row.constant)
            if c < 0 { up = min(up, k / -c) } else { down = min(down, k / c) }
        }
        return (down, up)
    }

    /// The variable index of each parameter's symbol.
    private func parameterVariables() -> [Int: Int] {
        var out: [Int: Int] = [:]
        for index in parameters.keys where variableSymbols[index] >= 0 { out[variableSymbols[index]] = index }
        return out
    }
}
