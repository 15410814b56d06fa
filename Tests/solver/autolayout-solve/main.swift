// Solves constraint systems read as JSON on stdin and prints their solutions as JSON on stdout:
// the Swift side of Tests/solver/compare_kiwi.py, which writes the same systems solved by kiwisolver.
//
// Input: an array of systems, each
//   {"variables": N,
//    "constraints": [{"terms": [[VARIABLE, COEFFICIENT], ...], "constant": C, "op": "==" | "<=" | ">=",
//                     "strength": null (required) | [LEVEL, WEIGHT]}, ...],
//    "removals": [INDEX, ...],
//    "edits": [{"variable": V, "strength": [LEVEL, WEIGHT]}, ...], "suggestions": [[V, VALUE], ...]}
// meaning Σ COEFFICIENT × VARIABLE + C (op) 0. Constraints are added in order (one the solver
// refuses is noted and skipped), the removals removed (a refused one is skipped), then the edit
// variables added and the suggestions made in order.
// Output: an array with, per system, {"values": [...], "errors": [INDEX of each refused constraint]}.
import AutoLayoutSolver
import JSON

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

func fail(_ message: String) -> Never {
    print("autolayout-solve: \(message)")
    exit(2)
}

func strength(_ value: JSONValue?) -> Strength? {
    guard let pair = value?.arrayValue, pair.count == 2, let level = pair[0].intValue, let weight = pair[1].doubleValue else {
        return nil
    }
    return Strength(level: level, weight: weight)
}

func solve(_ system: JSONValue) throws -> JSONValue {
    guard let count = system["variables"]?.intValue, count >= 0 else { fail("a system without \"variables\"") }
    let solver = LayoutSolver()
    let variables = (0..<count).map { solver.makeVariable("x\($0)") }
    var errors: [JSONValue] = []
    var made: [LayoutConstraint] = []
    for (index, c) in (system["constraints"]?.arrayValue ?? []).enumerated() {
        var terms: [(variable: LayoutVariable, coefficient: Double)] = []
        for term in c["terms"]?.arrayValue ?? [] {
            guard let pair = term.arrayValue, pair.count == 2, let v = pair[0].intValue, variables.indices.contains(v),
                let coefficient = pair[1].doubleValue
            else { fail("constraint \(index): a term is not [VARIABLE, COEFFICIENT]") }
            terms.append((variables[v], coefficient))
        }
        let relation: ConstraintRelation
        switch c["op"]?.stringValue {
        case "==": relation = .equal
        case "<=": relation = .lessOrEqual
        case ">=": relation = .greaterOrEqual
        default: fail("constraint \(index): \"op\" is not ==, <= or >=")
        }
        let expression = LinearExpression(terms, constant: c["constant"]?.doubleValue ?? 0)
        let constraint = LayoutConstraint(expression, relation, 0.0, strength: strength(c["strength"]) ?? .required)
        do { try solver.add(constraint) } catch { errors.append(.int(index)) }
        made.append(constraint)
    }
    for removal in system["removals"]?.arrayValue ?? [] {
        guard let i = removal.intValue, made.indices.contains(i) else { fail("a removal is not a constraint's index") }
        if solver.hasConstraint(made[i]) { try solver.remove(made[i]) }
    }
    let edits = system["edits"]?.arrayValue ?? []
    for edit in edits {
        guard let v = edit["variable"]?.intValue, variables.indices.contains(v), let s = strength(edit["strength"]) else {
            fail("an edit is not {variable, strength}")
        }
        try solver.addEdit(variables[v], strength: s)
    }
    for suggestion in system["suggestions"]?.arrayValue ?? [] {
        guard let pair = suggestion.arrayValue, pair.count == 2, let v = pair[0].intValue, variables.indices.contains(v),
            let value = pair[1].doubleValue
        else { fail("a suggestion is not [VARIABLE, VALUE]") }
        try solver.suggest(variables[v], value)
    }
    let problems = solver.consistencyProblems()
    if !problems.isEmpty { fail("the tableau is unsound: \(problems.joined(separator: "; "))") }
    solver.updateVariables()
    return .object([("values", .array(variables.map { .double(solver.value($0)) })), ("errors", .array(errors))])
}

var input: [UInt8] = []
while let line = readLine(strippingNewline: false) { input += Array(line.utf8) }
guard let systems = (try? JSONValue.parse(input))?.arrayValue else { fail("stdin is not a JSON array of systems") }
do {
    print(JSONValue.array(try systems.map(solve)).serialized())
} catch {
    fail("\(error)")
}
