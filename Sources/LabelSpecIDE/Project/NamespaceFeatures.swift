import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelVocabulary

/// The front door of a namespace: the checks and features asked of one of its documents, each
/// given the namespace's own workspace, measurer and measuring plan instead of the four to eight
/// arguments the features take.
extension Namespace {
    /// What measuring in this namespace needs, read at once (the server reads it under its state
    /// lock and measures outside it): a value, safe to use anywhere.
    public struct Measuring: @unchecked Sendable {
        public let measurer: Measurer
        public let plan: MeasuringPlan

        /// Every diagnostic of a storyboard or xib, as `check` reports them.
        public func diagnostics(of file: InterfaceBuilderFile) -> [Diagnostic] {
            file.diagnostics(measurer: measurer, plan: plan)
        }
    }

    /// The namespace's measurer with `plan` (the namespace's own, or one a front end laid its
    /// choices over: `check --content-size`, `--screen`, `--locale`).
    public func measuring(_ plan: MeasuringPlan? = nil) -> Measuring {
        Measuring(measurer: measurer, plan: plan ?? self.plan)
    }

    /// Every diagnostic of the document `id`, measured ones included, as `check` reports them
    /// (with `plan`, else the namespace's).
    public func diagnostics(of id: String, plan: MeasuringPlan? = nil) -> [Diagnostic] {
        Checks.diagnostics(of: id, in: workspace, measurer: measurer, plan: plan ?? self.plan)
    }

    /// What a hover at `offset` of `doc` shows (its measuring is done when it is rendered).
    public func hover(at offset: Int, in doc: Workspace.Document) -> HoverContent {
        Hover.content(at: offset, in: doc, workspace: workspace, measurer: measurer, plan: plan, root: root)
    }

    /// The inlay hints of the labels whose names end in `range`, read now, measured by
    /// `InlayHints.measure` (at the first of the namespace's sizes).
    public func inlayHints(in doc: Workspace.Document, range: Range<Int>) -> [InlayHints.Pending] {
        InlayHints.prepare(in: doc, range: range, workspace: workspace, plan: plan)
    }
}
