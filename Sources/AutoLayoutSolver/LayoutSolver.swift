/// An incremental Cassowary solver (Badros, Borning and Stuckey, "The Cassowary Linear Arithmetic
/// Constraint Solving Algorithm", ACM TOCHI 2001), after kiwi's implementation, with two changes
/// that keep long chains of views about linear (docs/autolayout.md, "The solver"):
///
/// - Variables are kept out of the simplex tableau. A variable made basic gets a definition (the
///   row of the constraint that made it basic, solved for it) in terms of the tableau's symbols and
///   of variables made before it, and it is never substituted again; a new constraint's row is
///   rid of variables latest-first, so `b.leading - a.trailing` after `b.leading = a.trailing + 8`
///   cancels instead of growing with the chain. Values are read off the definitions in order.
/// - Priorities are exact levels (`Strength`), not kiwi's weighted sum.
///
/// Every result is independent of hash order: ties go to the lowest symbol id, and rows are
/// combined in id order.
public final class LayoutSolver {
    var kinds: [SymbolKind] = []
    /// Per symbol: its row when it is basic (a restricted symbol: a row of the tableau; a
    /// variable: its definition).
    var rows: [Row?] = []
    /// Per symbol: the symbols whose row holds it.
    var columns: [Set<Int>] = []
    var objective = Objective()
    var artificial: Objective?
    var infeasible: [Int] = []

    struct Tag {
        var marker = -1
        var other = -1
        var parameter = -1
    }
    /// Per constraint added: the constraint (held, so that its identifier is not reused while it
    /// is in the solver) and its symbols.
    var tags: [ObjectIdentifier: (constraint: LayoutConstraint, tag: Tag)] = [:]
    /// Per variable: its symbol, once a constraint has used it.
    var variableSymbols: [Int] = []
    public private(set) var names: [String] = []
    /// What the solver has done so far: the cells of each row a substitution rewrites, the rows
    /// a parameter's change shifts, the symbols `updateVariables` reads. A measure of the time
    /// it took, the same on every run, for a caller's budget.
    public internal(set) var work = 0
    var values: [Double] = []
    /// Per edit variable: its constraint and suggested value.
    var edits: [Int: (constraint: LayoutConstraint, value: Double)] = [:]
    /// Per parameter (a variable index): its value.
    var parameters: [Int: Double] = [:]

    public init() {}

    /// A new variable (its name is only for the caller).
    public func makeVariable(_ name: String = "") -> LayoutVariable {
        names.append(name)
        variableSymbols.append(-1)
        values.append(0)
        return LayoutVariable(index: names.count - 1)
    }

    /// A parameter: a value constraints use like a variable's, which the solver does not choose.
    /// `setParameter` changes it and re-solves incrementally (a view's intrinsic width per locale,
    /// the root's width per screen). A value that is not finite is taken as 0.
    public func makeParameter(_ name: String = "", value: Double) -> LayoutVariable {
        let p = makeVariable(name)
        parameters[p.index] = value.isFinite ? value : 0
        values[p.index] = parameters[p.index]!
        return p
    }

    /// Sets a parameter's value and re-solves: every row's constant moves by the change times the
    /// row's cell for it, then the dual simplex restores feasibility. Throws `notAParameter`,
    /// `notFinite`, or `unsatisfiable` when the required constraints cannot hold at that value
    /// (the parameter then keeps its value).
    public func setParameter(_ p: LayoutVariable, _ value: Double) throws {
        guard let old = parameters[p.index] else { throw LayoutSolverError.notAParameter }
        guard value.isFinite else { throw LayoutSolverError.notFinite }
        parameters[p.index] = value
        let s = variableSymbols[p.index]
        guard s >= 0 else { return }
        do { try shift(s, by: value - old) } catch {
            parameters[p.index] = old
            try shift(s, by: old - value)
            throw LayoutSolverError.unsatisfiable
        }
    }

    public func isParameter(_ v: LayoutVariable) -> Bool { parameters[v.index] != nil }

    /// The constraints in the solver (an edit variable's included).
    public var constraintCount: Int { tags.count }

    public func hasConstraint(_ c: LayoutConstraint) -> Bool { tags[ObjectIdentifier(c)] != nil }

    /// Adds `c` and re-solves. Throws `duplicateConstraint`, `unsatisfiable` (a required
    /// constraint at odds with the required ones already there) or `notFinite`; the solver is then
    /// as it was.
    public func add(_ c: LayoutConstraint) throws {
        guard tags[ObjectIdentifier(c)] == nil else { throw LayoutSolverError.duplicateConstraint }
        guard c.expression.constant.isFinite, c.expression.terms.allSatisfy({ $0.coefficient.isFinite }),
            c.strength.isRequired || (c.strength.weight.isFinite && c.strength.weight > 0),
            c.expression.terms.allSatisfy({ $0.variable.index >= 0 && $0.variable.index < names.count })
        else { throw LayoutSolverError.notFinite }
        try insert(c)
    }

    /// Removes `c` and re-solves incrementally, as kiwi does: its errors leave the objective, its
    /// marker is made basic and its row dropped (`eliminate`). Throws `unknownConstraint`.
    public func remove(_ c: LayoutConstraint) throws {
        guard let tag = tags.removeValue(forKey: ObjectIdentifier(c))?.tag else { throw LayoutSolverError.unknownConstraint }
        if let v = c.editVariable { edits[v.index] = nil }
        let weight = Weight(level: c.strength.level, value: -c.strength.weight)
        for m in [tag.marker, tag.other] where m >= 0 && kinds[m] == .error {
            if let row = rows[m] { objective.add(row, times: weight) } else { objective.add(m, weight, times: 1) }
        }
        eliminate(tag.marker)
        try optimize()
    }

    /// Makes `v` an edit variable: held at the value last suggested (0 until then) at `strength`.
    public func addEdit(_ v: LayoutVariable, strength: Strength) throws {
        guard edits[v.index] == nil else { throw LayoutSolverError.duplicateEditVariable }
        guard parameters[v.index] == nil else { throw LayoutSolverError.parameterEdit }
        guard !strength.isRequired else { throw LayoutSolverError.requiredEditStrength }
        let c = LayoutConstraint(edit: v, strength: strength)
        edits[v.index] = (c, 0)
        do { try add(c) } catch {
            edits[v.index] = nil
            throw error
        }
    }

    public func removeEdit(_ v: LayoutVariable) throws {
        guard let edit = edits[v.index] else { throw LayoutSolverError.unknownEditVariable }
        try remove(edit.constraint)
    }

    public func hasEdit(_ v: LayoutVariable) -> Bool { edits[v.index] != nil }

    /// Suggests a value for an edit variable and re-solves incrementally: every row's constant
    /// moves by the suggestion's change times its cell for the edit's parameter, then the dual
    /// simplex restores feasibility. Throws `unknownEditVariable` or `notFinite`.
    public func suggest(_ v: LayoutVariable, _ value: Double) throws {
        guard let edit = edits[v.index] else { throw LayoutSolverError.unknownEditVariable }
        guard value.isFinite else { throw LayoutSolverError.notFinite }
        edits[v.index] = (edit.constraint, value)
        try shift(tags[ObjectIdentifier(edit.constraint)]!.tag.parameter, by: value - edit.value)
    }

    /// A parameter symbol's value moves by `delta`: so does every row's constant, by its cell for
    /// the symbol; then the dual simplex.
    func shift(_ p: Int, by delta: Double) throws {
        var broken = false
        work += columns[p].count
        for owner in columns[p].sorted() {
            let c = rows[owner]!.cells[p]!
            rows[owner]!.constant += c * delta
            if kinds[owner] != .external && rows[owner]!.constant < 0 { infeasible.append(owner) }
            // A basic dummy is a required equality among parameters alone: it must stay 0.
            if kinds[owner] == .dummy && !nearZero(rows[owner]!.constant) { broken = true }
        }
        try dualOptimize()
        if broken { throw LayoutSolverError.unsatisfiable }
    }

    /// Reads every variable's value off the tableau (O(size of the definitions)).
    public func updateVariables() {
        work += kinds.count
        var symbolValues = [Double](repeating: 0, count: kinds.count)
        for s in 0..<kinds.count {
            guard let row = rows[s] else { continue }
            if kinds[s] != .external {
                symbolValues[s] = row.constant
            }
        }
        // A definition refers only to variables made basic before it (lower ids): ascending order.
        for s in 0..<kinds.count where kinds[s] == .external {
            guard let row = rows[s] else { continue }
            var v = row.constant
            for (t, c) in row.cells where kinds[t] != .parameter { v += c * symbolValues[t] }
            symbolValues[s] = v
        }
        for i in 0..<variableSymbols.count {
            values[i] = parameters[i] ?? (variableSymbols[i] >= 0 ? symbolValues[variableSymbols[i]] : 0)
        }
    }

    /// `v`'s value as of the last `updateVariables()`.
    public func value(_ v: LayoutVariable) -> Double { values[v.index] }

    /// `v`'s value now, read off the tableau without `updateVariables()`: only the definitions it
    /// depends on are evaluated (a storyboard label's solve reads a few variables of a system of
    /// thousands). The same value `updateVariables()` gives it.
    public func currentValue(_ v: LayoutVariable) -> Double {
        if let p = parameters[v.index] { return p }
        let start = variableSymbols[v.index]
        guard start >= 0 else { return 0 }
        /// A symbol's value when it is not a definition still to evaluate: a restricted symbol's
        /// row constant, 0 when it is not basic.
        func plain(_ t: Int) -> Double { rows[t].map { kinds[t] != .external ? $0.constant : 0 } ?? 0 }
        return evaluate(
            start, leaf: plain,
            definition: { row, value in
                var sum = row.constant
                for (t, c) in row.cells where self.kinds[t] != .parameter { sum += c * value(t) }
                return sum
            }) ?? 0
    }

    /// Evaluates `start` and the definitions it depends on, each once, a definition after those
    /// it refers to (they were made basic before it: no cycle): `leaf` for a symbol that is no
    /// definition, `definition` for a definition, given the values of the symbols it holds. Nil
    /// when `definition` gives up (nil) on one of them.
    func evaluate<T>(_ start: Int, leaf: @escaping (Int) -> T, definition: (Row, (Int) -> T) -> T?) -> T? {
        var memo: [Int: T] = [:]
        var stack = [start]
        while let top = stack.last {
            guard memo[top] == nil, let row = rows[top], kinds[top] == .external else {
                if memo[top] == nil { memo[top] = leaf(top) }
                stack.removeLast()
                continue
            }
            var pending = false
            for (t, _) in row.cells where kinds[t] == .external && rows[t] != nil && memo[t] == nil {
                stack.append(t)
                pending = true
            }
            if pending { continue }
            guard let value = definition(row, { memo[$0] ?? leaf($0) }) else { return nil }
            memo[top] = value
            stack.removeLast()
        }
        return memo[start]
    }

    // MARK: Building rows

    func newSymbol(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        rows.append(nil)
        columns.append([])
        return kinds.count - 1
    }

    func symbol(for v: LayoutVariable) -> Int {
        if variableSymbols[v.index] < 0 { variableSymbols[v.index] = newSymbol(parameters[v.index] == nil ? .external : .parameter) }
        return variableSymbols[v.index]
    }

    /// kiwi's `addConstraint`, with variables eliminated latest-first into definitions.
    func insert(_ c: LayoutConstraint) throws {
        var tag = Tag()
        var row = Row(constant: c.expression.constant)
        var externals = MaxHeap()
        for t in c.expression.terms where !nearZero(t.coefficient) {
            let s = symbol(for: t.variable)
            addCell(&row, -1, s, t.coefficient)
            if let value = parameters[t.variable.index] {
                // Its value folded into the constant; its cell says how the constant moves with it.
                row.constant += t.coefficient * value
            } else {
                externals.push(s)
            }
        }
        if let v = c.editVariable {
            tag.parameter = newSymbol(.parameter)
            addCell(&row, -1, tag.parameter, -1)
            row.constant -= edits[v.index]?.value ?? 0
        }
        let weight = Weight(level: c.strength.level, value: c.strength.weight)
        switch c.relation {
        case .lessOrEqual, .greaterOrEqual:
            let coeff = c.relation == .lessOrEqual ? 1.0 : -1.0
            tag.marker = newSymbol(.slack)
            addCell(&row, -1, tag.marker, coeff)
            if !c.strength.isRequired {
                tag.other = newSymbol(.error)
                addCell(&row, -1, tag.other, -coeff)
                objective.add(tag.other, weight, times: 1)
            }
        case .equal:
            if c.strength.isRequired {
                tag.marker = newSymbol(.dummy)
                addCell(&row, -1, tag.marker, 1)
            } else {
                tag.marker = newSymbol(.error)
                tag.other = newSymbol(.error)
                addCell(&row, -1, tag.marker, -1)
                addCell(&row, -1, tag.other, 1)
                objective.add(tag.marker, weight, times: 1)
                objective.add(tag.other, weight, times: 1)
            }
        }
        // Variables, latest first: a defined one is replaced by its definition (which holds only
        // earlier ones); the first undefined one becomes the subject.
        while let x = externals.pop() {
            guard let coeff = row.cells[x] else { continue }
            guard let definition = rows[x] else {
                solveFor(&row, x)
                store(row, x)
                tags[ObjectIdentifier(c)] = (c, tag)
                try optimize()
                return
            }
            row.cells[x] = nil
            row.constant += definition.constant * coeff
            for (s, v) in definition.cells {
                let had = row.cells[s] != nil
                addCell(&row, -1, s, v * coeff)
                if !had, kinds[s] == .external, row.cells[s] != nil { externals.push(s) }
            }
        }
        // No variable left: a row of the tableau, in its parametric symbols.
        for b in row.cells.keys.filter({ rows[$0] != nil }).sorted() {
            let coeff = row.cells.removeValue(forKey: b)!
            addRow(&row, -1, rows[b]!, coeff)
        }
        if row.constant < 0 {
            row.constant = -row.constant
            for key in row.cells.keys { row.cells[key]! = -row.cells[key]! }
        }
        var subject = -1
        for m in [tag.marker, tag.other] where subject < 0 && m >= 0 && (kinds[m] == .slack || kinds[m] == .error) {
            if let v = row.cells[m], v < 0 { subject = m }
        }
        if subject < 0 && row.cells.keys.allSatisfy({ kinds[$0] == .dummy || kinds[$0] == .parameter }) {
            guard nearZero(row.constant) else { throw LayoutSolverError.unsatisfiable }
            subject = tag.marker
        }
        if subject < 0 {
            guard try addWithArtificialVariable(row) else {
                try optimize()
                throw LayoutSolverError.unsatisfiable
            }
        } else {
            solveFor(&row, subject)
            substitute(subject, row)
            store(row, subject)
        }
        tags[ObjectIdentifier(c)] = (c, tag)
        try optimize()
    }
}
