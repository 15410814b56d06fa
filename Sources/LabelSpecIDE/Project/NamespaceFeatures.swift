import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelVocabulary

/// The front door of a namespace: the checks and features asked of one of its documents, each
/// given the namespace's own workspace, sizes, settings, measurer and locale plan instead of the
/// four to eight arguments the features take.
extension Namespace {
    /// What measuring in this namespace needs, read at once (the server reads it under its state
    /// lock and measures outside it): a value, safe to use anywhere.
    public struct Measuring: @unchecked Sendable {
        public let measurer: Measurer
        public let contentSizes: [ContentSizeCategory]
        public let configuration: Configuration
        public let plan: LocalePlan

        /// Every diagnostic of a storyboard or xib, as `check` reports them.
        public func diagnostics(of file: InterfaceBuilderFile) -> [Diagnostic] {
            file.diagnostics(measurer: measurer, categories: contentSizes, configuration: configuration, plan: plan)
        }
    }

    /// The namespace's measuring settings; `contentSizes` and `screens` instead of its own
    /// (`check --content-size`, `--screen`).
    public func measuring(contentSizes: [ContentSizeCategory]? = nil, screens: [ScreenGeometry]? = nil) -> Measuring {
        Measuring(
            measurer: measurer, contentSizes: contentSizes ?? self.contentSizes, configuration: configuration(screens: screens),
            plan: localePlan)
    }

    /// The configuration with `screens` instead of its own, when given.
    func configuration(screens: [ScreenGeometry]?) -> Configuration {
        guard let screens else { return configuration }
        var c = configuration
        c.screens = screens
        return c
    }

    /// Every diagnostic of the document `id`, measured ones included, as `check` reports them
    /// (at `contentSizes` and on `screens`, else the namespace's).
    public func diagnostics(of id: String, contentSizes: [ContentSizeCategory]? = nil, screens: [ScreenGeometry]? = nil) -> [Diagnostic] {
        Checks.diagnostics(
            of: id, in: workspace, measurer: measurer, categories: contentSizes ?? self.contentSizes,
            configuration: configuration(screens: screens), plan: localePlan)
    }

    /// What a hover at `offset` of `doc` shows (its measuring is done when it is rendered).
    public func hover(at offset: Int, in doc: Workspace.Document) -> HoverContent {
        Hover.content(
            at: offset, in: doc, workspace: workspace, contentSizes: contentSizes, measurer: measurer, plan: localePlan,
            screens: configuration.screens, root: root)
    }

    /// The inlay hints of the labels whose names end in `range`, read now, measured by
    /// `InlayHints.measure` (at the first of the namespace's sizes).
    public func inlayHints(in doc: Workspace.Document, range: Range<Int>) -> [InlayHints.Pending] {
        InlayHints.prepare(
            in: doc, range: range, workspace: workspace, contentSize: contentSizes.first ?? .large, plan: localePlan,
            screens: configuration.screens)
    }
}
