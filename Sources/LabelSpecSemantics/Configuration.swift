/// The settings of `labelspec.json` (and the server's `labelspec` configuration section).
public struct Configuration: Sendable, Equatable {
    /// Path of the font file standing in for the system font (e.g. the user's own SF Pro).
    public var systemFont: String?
    /// Fonts tried, in order, for characters the label's font lacks, before fontconfig's own
    /// choice: font files (as written) or family names.
    public var fallbackFonts: [String] = []
    /// Content size categories to check; the default is `["large"]`.
    public var contentSizes: [String] = ["large"]
    public var locales: [String] = []
    /// Per-code severity overrides; a nil value turns the code off.
    public var severity: [DiagnosticCode: Severity?] = [:]

    public init() {}

    /// Applies the severity overrides: re-grades or drops diagnostics.
    public func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !severity.isEmpty else { return diagnostics }
        return diagnostics.compactMap { d in
            guard let override = severity[d.code] else { return d }
            guard let level = override else { return nil }
            var d = d
            d.severity = level
            return d
        }
    }
}
