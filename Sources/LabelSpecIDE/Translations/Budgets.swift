import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary

/// What a translation of one key may take, from the labels that show it (docs/translators.md,
/// "Budgets"): the width in points on the narrowest screen, the lines, the font at a reference
/// content size, how much of it the development text uses, and, per target locale, an estimate
/// in characters from the font's own advances on that locale's text.
public struct Budget: Sendable {
    /// A label that shows the key: its file (as output names it), line and name.
    public struct Use: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var name: String
    }

    /// A locale's estimate: characters, and what the mean advance was measured on.
    public struct Estimate: Sendable, Equatable {
        public var locale: String
        public var characters: Int
        /// `translations` (the locale's own texts in the project) or `sample` (a sentence of ours).
        public var basis: String
    }

    /// The table's name (`Localizable`) and file.
    public var table: String
    public var tablePath: String?
    /// The Interface Builder file (absolute) whose label shows the key (its own `.strings`).
    public var interfaceBuilder: String?
    public var key: String
    public var device: String?
    public var plural: String?
    /// The substitution whose plural form `plural` is, when the text has one substitution.
    public var substitution: String?
    /// The text comes from a `.stringsdict` (its unit ids are the property list's paths).
    public var stringsdict = false
    /// Every label that shows it, in the order found; `setBy` is the one with the tightest room.
    public var labels: [Use]
    public var setBy: Use
    public var width: Double
    /// The narrowest screen, when the width follows the screen.
    public var screen: String?
    /// 0: as many lines as the text needs (no budget in characters).
    public var lines: Int
    /// `SF Pro Text Semibold 17 pt`, `Avenir Next 15 pt`.
    public var font: String
    /// The same face in parts (what Weblate's flags are made of), nil for a budget not measured.
    public var face: Face? = nil

    /// A face as a budget names it: its family, size, weight and slant, and whether Bold Text
    /// gave the weight.
    public struct Face: Sendable, Equatable {
        /// Apple's family (`SF Pro Text`, `New York`) or the custom one (`Avenir Next`).
        public var family: String
        public var points: Double
        public var weight: FontWeight
        public var italic: Bool
        public var boldText: Bool
        public var isSystem: Bool

        /// `SF Pro Text Semibold 17 pt`, `SF Pro Text Heavy 17 pt with Bold Text`,
        /// `Avenir Next Bold Italic 15 pt` (a custom family's regular face unnamed).
        public var name: String {
            let w = weight.rawValue.prefix(1).uppercased() + weight.rawValue.dropFirst().lowercased()
            let shownWeight = isSystem || weight != .regular ? " " + w : ""
            return "\(family)\(shownWeight)\(italic ? " Italic" : "") \(LayoutSummary.points(points)) pt"
                + (boldText ? " with Bold Text" : "")
        }
    }
    /// `.headline at .large`; `relativeTo .body`; nil for a fixed size.
    public var fontSource: String?
    public var contentSize: ContentSizeCategory
    /// Autoshrink's minimum scale, when the label shrinks.
    public var minimumScaleFactor: Double?
    /// The width the text may take at full size: `width / minimumScaleFactor` with autoshrink.
    public var effectiveWidth: Double
    /// The development text as measured (sample arguments filled in).
    public var source: String
    /// The sample arguments its format specifiers were filled with (the label's `arguments`,
    /// else `sampleArguments`); none for a text without specifiers, nor for a plural form (the
    /// number that selects the form fills it: `source` shows it).
    public var arguments: [String] = []
    /// The development language.
    public var sourceLanguage: String
    /// The narrowest width the development text fits in `lines` lines, over `effectiveWidth`.
    public var usage: Double?
    /// The largest content size at which the development text still fits at `width` (nil: it
    /// does not fit at `contentSize`); `fixedSize`: the font does not follow Dynamic Type.
    public var fitsUpTo: ContentSizeCategory?
    public var fixedSize: Bool
    public var estimates: [Estimate]

    /// The estimate for `locale`, if any.
    public func estimate(_ locale: String) -> Estimate? { estimates.first { $0.locale == locale } }

    /// The room compared between labels: lines × width at full size (unlimited lines: the width).
    public var room: Double { Double(max(1, lines)) * effectiveWidth }
}
