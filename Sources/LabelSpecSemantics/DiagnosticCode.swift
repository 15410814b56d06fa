/// The diagnostic catalogue: stable codes (tools and users depend on them), sorted by name.
public enum DiagnosticCode: String, Sendable, CaseIterable, Comparable {
    case clipped
    case customColor = "custom-color"
    case customFont = "custom-font"
    case deprecated
    case duplicate
    case fixedSizeFont = "fixed-size-font"
    case formatMismatch = "format-mismatch"
    case invalidCatalog = "invalid-catalog"
    case invalidConfiguration = "invalid-configuration"
    case invalidIgnore = "invalid-ignore"
    case invalidInterfaceBuilder = "invalid-interface-builder"
    case invalidNumber = "invalid-number"
    case invalidScaleFactor = "invalid-scale-factor"
    case invalidUTF8 = "invalid-utf8"
    case invalidXLIFF = "invalid-xliff"
    case lowContrast = "low-contrast"
    case missingGlyph = "missing-glyph"
    case missingLocalization = "missing-localization"
    case missingText = "missing-text"
    case missingTranslation = "missing-translation"
    case nearLimit = "near-limit"
    case noEffect = "no-effect"
    case specDrift = "spec-drift"
    case styleAfterEraser = "style-after-eraser"
    case styleCycle = "style-cycle"
    case syntax
    case translationNotImported = "translation-not-imported"
    case truncates
    case typeMismatch = "type-mismatch"
    case unknownProperty = "unknown-property"
    case unknownStyle = "unknown-style"
    case wrapAutoshrinkConflict = "wrap-autoshrink-conflict"
    case wrongFramework = "wrong-framework"

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }

    /// Everything known about the code, from its one entry in `DiagnosticDescriptor.all`.
    public var descriptor: DiagnosticDescriptor { DiagnosticDescriptor.byCode[self]! }
    public var defaultSeverity: Severity { descriptor.severity }
    /// One line: what the code is about (SARIF rule short description).
    public var summary: String { descriptor.summary }
    /// One paragraph of help: what the code means and how to fix it (SARIF rule help, LSP docs,
    /// `labelspec rule`).
    public var help: String { descriptor.explanation }
}

/// Whether a code's quick fixes may be applied without a person looking at them (`labelspec
/// check --fix`).
public enum FixSafety: String, Sendable, Equatable {
    /// Behaviour-preserving: what renders is the same before and after (a line that has no effect
    /// is removed).
    case safe
    /// Changes what renders or what the file means (a value replaced, a style renamed), or throws
    /// away text the author may have meant: applied with `--unsafe-fixes` only.
    case unsafe
    /// Offered in the editor only: alternatives for a person to choose between, which `check
    /// --fix` never applies, not even with `--unsafe-fixes` (ruff's display-only fixes).
    case editor
    /// The code has no quick fix.
    case none
}

/// One diagnostic code's facts, in one place (as one rule file holds them in ruff): its default
/// severity, a one-line summary, an explanation, an example with what `check` reports for it,
/// and whether its fixes are safe. `labelspec rule`, SARIF's rules, the server's hovers on codes
/// and `check --fix` read it; docs/diagnostics.md is checked against it (Tests/docs), and each
/// example is run through `check` by a test (`RuleCommandTests`).
public struct DiagnosticDescriptor: Sendable {
    public let code: DiagnosticCode
    public let severity: Severity
    public let fix: FixSafety
    public let summary: String
    public let explanation: String
    public let example: Example
    /// The code's section in docs/diagnostics.md (`#` + this).
    public var anchor: String { code.rawValue }

    /// Files that, alone in a folder, make `labelspec check` report the code: the first is the
    /// one shown; `reports` are the first lines of `check`'s text output, one per diagnostic.
    public struct Example: Sendable {
        public struct File: Sendable {
            public let name: String
            public let text: String
            /// Written in Latin-1 instead of UTF-8 (the example of `invalid-utf8`).
            public let latin1: Bool
            public init(_ name: String, _ text: String, latin1: Bool = false) {
                (self.name, self.text, self.latin1) = (name, text, latin1)
            }
            /// The file's bytes as the example writes them.
            public var bytes: [UInt8] { latin1 ? text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } : Array(text.utf8) }
        }
        public let files: [File]
        public let reports: [String]
        public init(_ files: File..., reports: [String]) { (self.files, self.reports) = (files, reports) }
    }

    init(_ code: DiagnosticCode, _ severity: Severity, fix: FixSafety, summary: String, explanation: String, example: Example) {
        (self.code, self.severity, self.fix, self.summary, self.explanation, self.example) = (
            code, severity, fix, summary, explanation, example
        )
    }

    static let byCode: [DiagnosticCode: DiagnosticDescriptor] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })
}

extension DiagnosticCode {
    /// The code nearest to `word`, when it is near enough to be a typo of it.
    public static func suggestion(for word: String) -> DiagnosticCode? {
        nearest(word, in: allCases.map(\.rawValue)).flatMap(DiagnosticCode.init(rawValue:))
    }
}
