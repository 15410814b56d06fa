/// A view's intrinsic width as UIKit constrains it: content hugging (`width <= intrinsic` at the
/// hugging priority) and compression resistance (`width >= intrinsic` at the compression
/// resistance priority). A priority of 1000 makes that side required.
public struct IntrinsicWidth {
    public let hugging: LayoutConstraint
    public let compressionResistance: LayoutConstraint

    /// The two constraints on `width` (a variable or an expression, e.g. `trailing - leading`).
    public init(width: some LinearOperand, intrinsic: Double, hugging: Int, compressionResistance: Int) {
        self.init(width: width, intrinsic: intrinsic.linear, hugging: hugging, compressionResistance: compressionResistance)
    }

    /// The same against a parameter (`LayoutSolver.makeParameter`): an intrinsic width that
    /// changes without the constraints being made again (a text per locale).
    public init(width: some LinearOperand, intrinsic: LayoutVariable, hugging: Int, compressionResistance: Int) {
        self.init(width: width, intrinsic: intrinsic.linear, hugging: hugging, compressionResistance: compressionResistance)
    }

    init(width: some LinearOperand, intrinsic: LinearExpression, hugging: Int, compressionResistance: Int) {
        self.hugging = LayoutConstraint(width, .lessOrEqual, intrinsic, strength: Strength(priority: hugging))
        self.compressionResistance = LayoutConstraint(
            width, .greaterOrEqual, intrinsic, strength: Strength(priority: compressionResistance))
    }

    /// Adds both to `solver` (hugging first).
    public func add(to solver: LayoutSolver) throws {
        try solver.add(hugging)
        try solver.add(compressionResistance)
    }
}
