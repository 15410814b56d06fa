/// A variable of a layout system, made by `LayoutSolver.makeVariable(_:)`: an index into its
/// solver's variables.
public struct LayoutVariable: Hashable, Sendable {
    public let index: Int
}

/// `terms` summed, plus `constant`. A variable may appear in several terms: they add up.
public struct LinearExpression: Sendable {
    public var terms: [(variable: LayoutVariable, coefficient: Double)]
    public var constant: Double

    public init(_ terms: [(variable: LayoutVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: LayoutVariable) { self.init([(variable, 1)]) }

    func scaled(_ c: Double) -> LinearExpression {
        LinearExpression(terms.map { ($0.variable, $0.coefficient * c) }, constant: constant * c)
    }
}

/// What a constraint's two sides may be: a variable, an expression or a number.
public protocol LinearOperand {
    var linear: LinearExpression { get }
}

extension LayoutVariable: LinearOperand { public var linear: LinearExpression { LinearExpression(self) } }
extension LinearExpression: LinearOperand { public var linear: LinearExpression { self } }
extension Double: LinearOperand { public var linear: LinearExpression { LinearExpression(constant: self) } }

public func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
    LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
}
public func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b.scaled(-1) }
public func * (c: Double, a: LinearExpression) -> LinearExpression { a.scaled(c) }
public func + (a: LinearExpression, c: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant + c) }
public func - (a: LinearExpression, c: Double) -> LinearExpression { a + -c }
public func + (a: LayoutVariable, b: LayoutVariable) -> LinearExpression { a.linear + b.linear }
public func - (a: LayoutVariable, b: LayoutVariable) -> LinearExpression { a.linear - b.linear }
public func + (a: LayoutVariable, c: Double) -> LinearExpression { a.linear + c }
public func - (a: LayoutVariable, c: Double) -> LinearExpression { a.linear - c }
public func * (c: Double, a: LayoutVariable) -> LinearExpression { a.linear.scaled(c) }
public func + (a: LinearExpression, b: LayoutVariable) -> LinearExpression { a + b.linear }
public func - (a: LinearExpression, b: LayoutVariable) -> LinearExpression { a - b.linear }
public func + (a: LayoutVariable, b: LinearExpression) -> LinearExpression { a.linear + b }
public func - (a: LayoutVariable, b: LinearExpression) -> LinearExpression { a.linear - b }

/// `==`, `<=` or `>=` between a constraint's two sides (Interface Builder's `relation`: absent,
/// `lessThanOrEqual`, `greaterThanOrEqual`).
public enum ConstraintRelation: Sendable {
    case equal, lessOrEqual, greaterOrEqual
}

/// How much a constraint matters. `required` must hold; any other strength is a priority level
/// and a weight within it: violations are minimised level by level, from the highest down, so one
/// point of violation at a higher level outweighs any amount at all lower levels (exact
/// lexicographic order, not kiwi's weighted sum of three magnitudes); within one level they add
/// up, each multiplied by its weight (kiwi's semantics, on one level).
///
/// UIKit's priorities map one to one: priority `p` (1–999) is level `p` with weight 1, 1000 is
/// required. So two violated constraints at 250 never outweigh one at 251.
public struct Strength: Hashable, Sendable {
    /// 1–999 for a non-required strength; 1000 is required.
    public let level: Int
    /// The weight within its level (positive); ignored when required.
    public let weight: Double

    public static let required = Strength(level: 1000, weight: 1)
    /// UIKit's `defaultHigh` (a view's compression resistance by default).
    public static let defaultHigh = Strength(level: 750, weight: 1)
    /// UIKit's `defaultLow` (a view's content hugging in code; Interface Builder writes 251).
    public static let defaultLow = Strength(level: 250, weight: 1)

    /// An Auto Layout priority: 1000 (or more) is required; below 1, level 1.
    public init(priority: Int) { self.init(level: priority, weight: 1) }

    /// A level (clamped to 1...1000, 1000 being required) and a weight within it (positive).
    public init(level: Int, weight: Double) {
        self.level = min(max(level, 1), 1000)
        self.weight = weight
    }

    public var isRequired: Bool { level >= 1000 }
}

/// One linear equation or inequality between two expressions, at a strength. A constraint is an
/// object: the same one cannot be added twice to a solver, equal ones can.
public final class LayoutConstraint: Sendable {
    /// `lhs - rhs`: the constraint says `expression (relation) 0`.
    public let expression: LinearExpression
    public let relation: ConstraintRelation
    public let strength: Strength
    /// The variable this constraint holds at its suggested value, for an edit variable's
    /// constraint (whose constant is the suggestion, kept by the solver).
    let editVariable: LayoutVariable?

    public init(_ lhs: some LinearOperand, _ relation: ConstraintRelation, _ rhs: some LinearOperand, strength: Strength = .required) {
        expression = lhs.linear - rhs.linear
        self.relation = relation
        self.strength = strength
        editVariable = nil
    }

    init(edit variable: LayoutVariable, strength: Strength) {
        expression = LinearExpression(variable)
        relation = .equal
        self.strength = strength
        editVariable = variable
    }
}

/// What a solver refuses, as it refuses it: the solver is left as it was before the call.
public enum LayoutSolverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A required constraint that cannot hold together with the required constraints already added.
    case unsatisfiable
    /// This constraint object was already added.
    case duplicateConstraint
    /// `remove` of a constraint that was not added.
    case unknownConstraint
    /// `suggest` or `removeEdit` of a variable that is not an edit variable.
    case unknownEditVariable
    /// `addEdit` of a variable that already is one.
    case duplicateEditVariable
    /// An edit variable cannot be required (its value is a suggestion).
    case requiredEditStrength
    /// `setParameter` of a variable that is not a parameter.
    case notAParameter
    /// `addEdit` of a parameter (its value is set, not suggested).
    case parameterEdit
    /// A coefficient, constant, weight or suggested value that is not a finite number (or a
    /// weight not above 0).
    case notFinite
    /// The simplex found no pivot where one must exist (a bug, or numbers past double precision).
    case internalError(String)

    public var description: String {
        switch self {
        case .unsatisfiable: return "the required constraint cannot be satisfied with the other required constraints"
        case .duplicateConstraint: return "the constraint was already added"
        case .unknownConstraint: return "the constraint was not added"
        case .unknownEditVariable: return "the variable is not an edit variable"
        case .duplicateEditVariable: return "the variable already is an edit variable"
        case .requiredEditStrength: return "an edit variable cannot have the required strength"
        case .notAParameter: return "the variable is not a parameter"
        case .parameterEdit: return "a parameter cannot be an edit variable"
        case .notFinite: return "a coefficient, constant, weight or value is not a finite number (or a weight is not above 0)"
        case .internalError(let why): return "internal solver error: \(why)"
        }
    }
}
