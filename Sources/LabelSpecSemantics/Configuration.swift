import LabelVocabulary

/// The settings of `labelspec.json` and of the editor's `labelspec` section, typed: read once by
/// `ConfigurationReader` (LabelSpecIDE), which refuses what is not valid, and never parsed again.
public struct Configuration: Sendable, Equatable {
    /// Path of the font file standing in for the system font (e.g. the user's own SF Pro).
    public var systemFont: String?
    /// Fonts tried, in order, for characters the label's font lacks, before fontconfig's own
    /// choice: font files (as written) or family names.
    public var fallbackFonts: [String] = []
    /// Folders searched for Apple's font files (SF Pro, SF Pro Rounded, SF Mono, New York)
    /// before the stand-ins, as written.
    public var fontDirectories: [String] = []
    /// Content size categories to check; the default is `["large", "extraExtraExtraLarge"]`: the
    /// default size, and the largest the Text Size slider reaches without Larger Accessibility
    /// Sizes (docs/language.md, "contentSizes").
    public var contentSizes: [ContentSizeCategory] = [.large, .extraExtraExtraLarge]
    /// The screens a width that follows the screen (and a label without a width) is measured
    /// on; the default is `DeviceTable.defaultScreens` (docs/language.md, "Screens").
    public var screens: [ScreenGeometry] = DeviceTable.defaultScreens
    /// Locales to measure localized labels in; nil: every locale of the workspace's string
    /// tables (`"locales": "all"`, the default).
    public var locales: [String]?
    /// Xcode's pseudolanguages to measure too (`double-length`, `accented`, `bounded`,
    /// `right-to-left`); none by default.
    public var pseudoLocales: [PseudoLocale] = []
    /// The device whose `variations.device` entry applies (`iphone`, `ipad`, …).
    public var device = CatalogDevice.iphone
    /// Arguments for format specifiers when a label has no `arguments`.
    public var sampleArguments: [SampleArgument] = []
    /// Sample texts for storyboard and xib labels whose text is set in code, by
    /// `FILE#OBJECTID` (`Main.storyboard#nam-e1-lbl`: the file's name and the label's id).
    public var sampleTexts: [String: String] = [:]
    /// `nearLimit`: the band of `near-limit`, as a share of the label's width (0.04: 4 %): for a
    /// stand-in font (nil: the table of its measured error by size and weight) and for Apple's
    /// own font. Nil (`"nearLimit": false`) turns the check off.
    public var nearLimit: NearLimitBand? = NearLimitBand()
    public struct NearLimitBand: Sendable, Equatable {
        public var standIn: Double?
        public var real = 0.005
        public init(standIn: Double? = nil, real: Double = 0.005) { (self.standIn, self.real) = (standIn, real) }
    }
    /// `boldText`: iOS's Bold Text setting (Settings › Accessibility › Display & Text Size), which
    /// draws the system font heavier: off (the default), on, or both measured.
    public var boldText = BoldText.off
    public enum BoldText: String, Sendable, Equatable, CaseIterable {
        case off, on, both
    }
    /// Per-code severity overrides; a nil value turns the code off.
    public var severity: [DiagnosticCode: Severity?] = [:]
    /// Globs of files the commands leave out, relative to the folder of `labelspec.json`
    /// (`ExcludePatterns` in LabelSpecIDE matches them).
    public var exclude: [String] = []

    /// `select` of labelspec.json: the codes reported (by default `all`).
    public var select: [CodeSelector] = [.all] { didSet { resolveSelection() } }
    /// `ignore` of labelspec.json: codes not reported.
    public var ignore: [CodeSelector] = [] { didSet { resolveSelection() } }
    /// A command line's `--select`, `--extend-select` and `--ignore`, laid over `select` and
    /// `ignore` (`CodeSelection`).
    public var commandLineSelection = CodeSelection.Layer() { didSet { resolveSelection() } }
    /// The codes `select`, `ignore` and the command line leave out (computed when they change).
    public private(set) var unselected: Set<DiagnosticCode> = []

    public init() {}

    private mutating func resolveSelection() {
        unselected = CodeSelection.unselected([CodeSelection.Layer(select: select, ignore: ignore), commandLineSelection])
    }

    /// Applies `select`/`ignore` and the severity overrides: drops or re-grades diagnostics.
    public func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !severity.isEmpty || !unselected.isEmpty else { return diagnostics }
        return diagnostics.compactMap { d in
            guard !unselected.contains(d.code) else { return nil }
            guard let override = severity[d.code] else { return d }
            guard let level = override else { return nil }
            var d = d
            d.severity = level
            return d
        }
    }
}
