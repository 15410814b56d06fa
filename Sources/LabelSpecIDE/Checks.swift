import LabelMeasure
import LabelSpecSemantics

/// Every diagnostic of a document as the product reports it, in one place: the language core's,
/// then the measured ones, in order, with the configuration's severities. `labelspec check` and
/// the language server both call this, so they cannot disagree.
public enum Checks {
    /// What to measure, read while the workspace cannot change.
    public struct Snapshot: @unchecked Sendable {
        let semantic: [Diagnostic]
        let plan: MeasuredChecks.Plan
        let configuration: Configuration

        /// The measuring part; safe to run anywhere.
        public func diagnostics(measurer: Measurer) -> [Diagnostic] {
            let all = (semantic + plan.diagnostics(measurer: measurer))
                .sorted { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
            return configuration.apply(to: all)
        }
    }

    /// `epoch`: see `MeasuredChecks.plan`; a long-lived caller (the server) passes one to keep
    /// measured results between snapshots.
    public static func snapshot(
        of id: String, in workspace: Workspace, categories: [ContentSizeCategory], configuration: Configuration, epoch: Int? = nil
    ) -> Snapshot {
        Snapshot(
            semantic: workspace.diagnostics(for: id),
            plan: MeasuredChecks.plan(for: id, in: workspace, categories: categories, epoch: epoch),
            configuration: configuration)
    }

    public static func diagnostics(
        of id: String, in workspace: Workspace, measurer: Measurer, categories: [ContentSizeCategory], configuration: Configuration
    ) -> [Diagnostic] {
        snapshot(of: id, in: workspace, categories: categories, configuration: configuration).diagnostics(measurer: measurer)
    }
}
