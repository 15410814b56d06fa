import LabelSpecSupport

/// A Swift file's constrained text sites written as LabelSpec source, one label per site, with
/// the way back: each label's place in the Swift file, and the members that come from a
/// `// labelspec:` comment mapped onto its text (docs/swift-sources.md).
public struct SwiftTranslation: Sendable {
    public init() {}

    public var source = ""
    public var labels: [Label] = []
    public var counts = SiteCounts()
    /// `labelspec import`: where a site is, as a comment above its label (`Sources/V.swift:10:13`);
    /// with it, labels get readable names.
    var describe: (@Sendable (Range<Int>) -> String)?
    var usedNames = Set<String>()
    /// The sites not checked, each with why (at most one entry per site).
    public var skipped: [(site: Range<Int>, reason: SkipReason)] = []
    /// Comments that say something LabelSpec does not understand: at their text in the file.
    public var problems: [(range: Range<Int>, message: String)] = []

    public struct Label: Sendable {
        public var name: String
        /// The call (`Text("…")`) or the declaration (`let title = UILabel()`) in the Swift file.
        public var site: Range<Int>
        /// The call's name (`Text`) or the UIKit variable's: where a finding goes.
        public var call: Range<Int>
        /// The label's item in `source`.
        public var item: Range<Int>
        /// Pieces of `source` copied from the Swift file (a comment's width, its ignore codes):
        /// a position in `generated` is at the same distance from `file.lowerBound`.
        public var copied: [(generated: Range<Int>, file: Int)] = []
        /// Where the width comes from, for messages: `.frame(width: 200) less .padding 32`, or nil
        /// when none is known (the screen's margins).
        public var widthSource: String?
        /// Its `// labelspec:ignore` names `spec-drift`, or no code.
        public var ignoresDrift = false
    }

    /// What the translation asks of the project: keys, accessors, tokens.
    public struct Context {
        /// The catalog key and table a code key stands for (`KeyMatch`), given the table the
        /// call names (nil: `Localizable`); nil when no table has it.
        public var key: (_ key: String, _ table: String?) -> (key: String, table: String)?
        /// A generated accessor by dotted path (`L10n.Settings.title`).
        public var accessor: (String) -> Accessors.Entry?
        /// The LabelSpec font a token of `fonts` maps to (`Font.compound.bodyMD`).
        public var token: (String) -> SiteFont?
        /// The key and table of Xcode 26's generated symbol (`settingsTitle`, `Onboarding.welcome`).
        public var symbol: (String) -> (key: String, table: String)? = { _ in nil }
        /// The content sizes measured, LabelSpec's names (`large`): a site whose Dynamic Type
        /// is capped below one is not checked.
        public var contentSizes: [String] = ["large"]
        /// `labelspec import`: where a site is, written above its label; labels are then named
        /// by their text (`SettingsTitle`).
        public var describe: (@Sendable (Range<Int>) -> String)?

        public init(
            key: @escaping (String, String?) -> (key: String, table: String)?, accessor: @escaping (String) -> Accessors.Entry?,
            token: @escaping (String) -> SiteFont?
        ) {
            self.key = key
            self.accessor = accessor
            self.token = token
        }
    }

    /// Translates the sites of one file.
    public static func make(_ sites: SwiftFileSites, context: Context) -> SwiftTranslation {
        var out = SwiftTranslation()
        out.describe = context.describe
        var all: [(offset: Int, make: (inout SwiftTranslation) -> Void)] = []
        for s in sites.text { all.append((s.offset, { $0.add(s, context) })) }
        for s in sites.uikit { all.append((s.offset, { $0.add(s, context) })) }
        for (_, make) in all.sorted(by: { $0.offset < $1.offset }) { make(&out) }
        return out
    }

    /// The label whose item holds `offset` of `source`.
    public func label(atGenerated offset: Int) -> Label? {
        let i = labels.partitionPoint { $0.item.upperBound > offset }
        return i < labels.count && labels[i].item.contains(offset) ? labels[i] : nil
    }

    /// Where a range of `source` is in the Swift file: in a copied piece, the same text there;
    /// else the label's site; nil outside every label.
    public func fileRange(of range: Range<Int>) -> Range<Int>? {
        guard let label = label(atGenerated: range.lowerBound) else { return nil }
        for piece in label.copied where piece.generated.contains(range.lowerBound) {
            let start = piece.file + range.lowerBound - piece.generated.lowerBound
            let end = piece.file + min(range.upperBound, piece.generated.upperBound) - piece.generated.lowerBound
            return start..<max(start, end)
        }
        return label.site
    }
}

/// Why a site is not checked.
public enum SkipReason: Sendable, Equatable {
    case noConstraint, textFromCode, fontFromCode, fontFromEnvironment, unmappedToken(String), noText, dynamicTypeCapped
    /// In a menu, an alert, a title or a toolbar: drawn by the system.
    case systemDrawn
    /// A UIKit label whose lines may be set where this file does not show (an extension in
    /// another file, a loop over labels, a subclass).
    case linesFromCode
}

/// How many sites a file (or a run) has, and why those not checked were not.
public struct SiteCounts: Sendable, Equatable {
    public var found = 0
    public var checked = 0
    /// No line limit (SwiftUI wraps), `numberOfLines = 0`, `fixedSize()`: it cannot truncate.
    public var noConstraint = 0
    /// A view model's property, a variable, an accessor not found: only the app knows the text.
    public var textFromCode = 0
    /// A font given by a variable or a call LabelSpec cannot read.
    public var fontFromCode = 0
    /// SwiftUI sites that set no font up to their declaration: the caller's font applies.
    public var fontFromEnvironment = 0
    /// Per unmapped token (`Font.compound.bodyMD`), its sites.
    public var unmappedTokens: [String: Int] = [:]
    /// A label style that shows no title (`.iconOnly`).
    public var noText = 0
    /// `.dynamicTypeSize(…)` keeps the text below a size measured.
    public var dynamicTypeCapped = 0
    /// Checked sites a spec's label describes (it shows their key): measured as the spec says.
    public var describedBySpec = 0
    /// Drawn by the system (a menu's items, an alert's buttons, a navigation title, a toolbar).
    public var systemDrawn = 0
    /// UIKit labels whose lines may be set where the file does not show.
    public var linesFromCode = 0

    public init() {}

    public static func += (a: inout SiteCounts, b: SiteCounts) {
        a.found += b.found
        a.checked += b.checked
        a.noConstraint += b.noConstraint
        a.textFromCode += b.textFromCode
        a.fontFromCode += b.fontFromCode
        a.fontFromEnvironment += b.fontFromEnvironment
        a.noText += b.noText
        a.dynamicTypeCapped += b.dynamicTypeCapped
        a.describedBySpec += b.describedBySpec
        a.systemDrawn += b.systemDrawn
        a.linesFromCode += b.linesFromCode
        a.unmappedTokens.merge(b.unmappedTokens, uniquingKeysWith: +)
    }
}
