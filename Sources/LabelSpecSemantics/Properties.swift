import LabelSpecSupport
import LabelVocabulary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a property accepts.
public enum PropertyType: Sendable, Equatable {
    case text
    case font
    case color
    case enumeration([String])
    case nonNegativeInteger
    case bool
    case scaleFactor
    case positivePoints
    /// Points > 0, or a length that follows the screen (`.screen - 32`): `width`,
    /// `preferredMaxLayoutWidth`.
    case length
    case size
    case icon
    case labelStyle
    case positiveNumber
    case arguments

    /// How a message names the type.
    public var displayName: String {
        switch self {
        case .text: return "a string or .localized(\"key\")"
        case .font: return "a text style, .system(size:weight:design:) or .custom(\"Family\", size:)"
        case .color: return "a system colour or a hex colour"
        case .enumeration(let cases): return cases.map { "." + $0 }.joined(separator: ", ")
        case .nonNegativeInteger: return "an integer ≥ 0"
        case .bool: return "true or false"
        case .scaleFactor: return "a number in (0, 1]"
        case .positivePoints: return "points > 0"
        case .length: return "points > 0 or a length of the screen (.screen, .safeArea, .margins)"
        case .size: return "a size (width, height)"
        case .icon: return ".systemImage(\"name\") or .image(\"name\")"
        case .labelStyle: return "a label style or a list of them"
        case .positiveNumber: return "a number > 0"
        case .arguments: return "a list of strings and numbers"
        }
    }
}

/// The properties of the language, in the order of the reference table. Checks look properties
/// up by this id, not by name.
/// A set of properties as a bit mask: membership without hashing (the checks ask it for every
/// property of every label). Iterates in `PropertyID` order.
public struct PropertySet: Sequence, ExpressibleByArrayLiteral, Equatable, Sendable {
    public private(set) var bits: UInt64 = 0

    public init() {}
    public init(arrayLiteral ids: PropertyID...) { for id in ids { insert(id) } }

    @inline(__always) public func contains(_ id: PropertyID) -> Bool { bits & (1 << UInt64(id.rawValue)) != 0 }
    @inline(__always) public mutating func insert(_ id: PropertyID) { bits |= 1 << UInt64(id.rawValue) }
    public var isEmpty: Bool { bits == 0 }
    public func union(_ other: PropertySet) -> PropertySet {
        var u = self
        u.bits |= other.bits
        return u
    }

    public func makeIterator() -> AnyIterator<PropertyID> {
        var rest = bits
        return AnyIterator {
            guard rest != 0 else { return nil }
            let i = rest.trailingZeroBitCount
            rest &= rest - 1
            return PropertyID(rawValue: UInt8(i))
        }
    }
}

public enum PropertyID: UInt8, Sendable, CaseIterable {
    case text, font, textColor, textAlignment, lineBreakMode, numberOfLines, adjustsFontSizeToFitWidth
    case minimumScaleFactor, allowsDefaultTighteningForTruncation, baselineAdjustment, adjustsFontForContentSizeCategory, width, height
    case preferredMaxLayoutWidth, isEnabled, isHighlighted, highlightedTextColor, shadowColor, shadowOffset, backgroundColor
    case verticalAlignment, icon, labelStyle, arguments, minimumFontSize, adjustsLetterSpacingToFitWidth
    case framework, lineLimit, truncationMode, allowsTightening, multilineTextAlignment, textSetInCode

    public var info: PropertyInfo { Properties.all[Int(rawValue)] }
    public var name: String { Properties.names[Int(rawValue)] }
    public var type: PropertyType { Properties.types[Int(rawValue)] }
    public var isDeprecated: Bool { Properties.deprecated[Int(rawValue)] }
    public init?(name: String) {
        guard let info = Properties.byName[name] else { return nil }
        self = info.id
    }
}

/// One row of the property table of the language reference.
public struct PropertyInfo: Sendable {
    public let name: String
    public let type: PropertyType
    /// The default as written in the language (nil: none).
    public let defaultValue: String?
    public let documentation: String
    public let isDeprecated: Bool
    /// Position in the table, which is the order of `PropertyID`.
    public var id: PropertyID { Properties.ids[name]! }
}

public enum Properties {
    /// The names of the shared vocabulary, as the language writes them (`.body`, `.bold`, …).
    public static let textStyles = TextStyle.allCases.map(\.rawValue)
    public static let weights = FontWeight.allCases.map(\.rawValue)
    public static let designs = FontDesign.allCases.map(\.rawValue)
    public static let lineBreakModes = LineBreakMode.allCases.map(\.rawValue)
    public static let textAlignments = TextAlignment.allCases.map(\.rawValue)
    public static let builtInLabelStyles = ["automatic", "titleOnly", "iconOnly", "titleAndIcon"]
    public static let contentSizeCategories = ContentSizeCategory.allCases.map(\.rawValue)

    /// The table, in the order of the language reference.
    public static let all: [PropertyInfo] = [
        .init(
            name: "text", type: .text, defaultValue: nil,
            documentation:
                "The text to lay out: a string literal or `.localized(\"key\", table: \"T\")` looked up in the workspace's String Catalogs.",
            isDeprecated: false),
        .init(
            name: "font", type: .font, defaultValue: ".body",
            documentation:
                "A Dynamic Type text style (`.body`, `.headline`, …), `.system(.body, design: .rounded)`, `.system(size:weight:design:)`, or `.custom(\"Family\", size:, relativeTo:)`, then `.bold()` (the style's emphasized weight), `.weight(_:)`, `.italic()`, `.design(_:)` or `.monospacedDigit()` if wanted (a `.custom` family: all but `.design(_:)`). Text styles scale with Dynamic Type.",
            isDeprecated: false),
        .init(
            name: "textColor", type: .color, defaultValue: ".label",
            documentation: "A system colour (`.label`, `.secondaryLabel`, …) or a hex colour `#RRGGBB`.", isDeprecated: false),
        .init(
            name: "textAlignment", type: .enumeration(textAlignments), defaultValue: ".natural",
            documentation: "Horizontal alignment of the lines.", isDeprecated: false),
        .init(
            name: "lineBreakMode", type: .enumeration(lineBreakModes), defaultValue: ".byTruncatingTail",
            documentation: "How lines wrap and where the last visible line truncates.", isDeprecated: false),
        .init(
            name: "numberOfLines", type: .nonNegativeInteger, defaultValue: "1",
            documentation: "The most lines the label shows; 0 means as many as needed.", isDeprecated: false),
        .init(
            name: "adjustsFontSizeToFitWidth", type: .bool, defaultValue: "false",
            documentation: "Autoshrink: scale the font down (to `minimumScaleFactor`) until the text fits.", isDeprecated: false),
        .init(
            name: "minimumScaleFactor", type: .scaleFactor, defaultValue: "0",
            documentation: "The smallest fraction of the font size autoshrink may use, in (0, 1].", isDeprecated: false),
        .init(
            name: "allowsDefaultTighteningForTruncation", type: .bool, defaultValue: "false",
            documentation: "Tighten letter spacing before truncating.", isDeprecated: false),
        .init(
            name: "baselineAdjustment", type: .enumeration(["alignBaselines", "alignCenters", "none"]), defaultValue: ".none",
            documentation: "How text moves vertically when autoshrink shrinks it.", isDeprecated: false),
        .init(
            name: "adjustsFontForContentSizeCategory", type: .bool, defaultValue: "true",
            documentation:
                "Whether a text style (or a custom font `relativeTo:` one) scales with Dynamic Type. LabelSpec's default is `true`, as in SwiftUI (UIKit's `UILabel` starts at `false` in code); `false`: the size is taken when the label is made and not updated when the user changes it while the app runs (a `fixed-size-font` warning on a text style).",
            isDeprecated: false),
        .init(
            name: "width", type: .length, defaultValue: nil,
            documentation:
                "The width Auto Layout gives the label: points, or a length that follows the screen (`.screen - 32`, `(.margins - 8) / 2`, `.min(.margins, 600)`, `.sizeClass(compact: .margins, regular: 600)`), measured on every configured screen. Without it (and without `preferredMaxLayoutWidth`) the label is measured at each screen's margins.",
            isDeprecated: false),
        .init(
            name: "height", type: .positivePoints, defaultValue: nil,
            documentation: "The height of the label's box, in points; limits the visible lines.", isDeprecated: false),
        .init(
            name: "preferredMaxLayoutWidth", type: .length, defaultValue: nil,
            documentation: "The wrap width when `width` is absent: points, or a length that follows the screen, as `width`.",
            isDeprecated: false),
        .init(name: "isEnabled", type: .bool, defaultValue: "true", documentation: "Disabled labels draw dimmed.", isDeprecated: false),
        .init(
            name: "isHighlighted", type: .bool, defaultValue: "false", documentation: "Highlighted labels draw in `highlightedTextColor`.",
            isDeprecated: false),
        .init(
            name: "highlightedTextColor", type: .color, defaultValue: nil, documentation: "The text colour while highlighted.",
            isDeprecated: false),
        .init(
            name: "shadowColor", type: .color, defaultValue: nil, documentation: "The colour of the text shadow; no shadow without it.",
            isDeprecated: false),
        .init(
            name: "shadowOffset", type: .size, defaultValue: "(0, -1)",
            documentation: "The shadow offset `(width, height)` in points; drawn only with `shadowColor`.", isDeprecated: false),
        .init(
            name: "backgroundColor", type: .color, defaultValue: ".systemBackground",
            documentation:
                "The colour behind the text (UIView's `backgroundColor`, SwiftUI's `.background`): a system colour (`.systemBackground`, `.secondarySystemGroupedBackground`, …) or a hex colour. `textColor` is checked against it for WCAG contrast (`low-contrast`).",
            isDeprecated: false),
        .init(
            name: "verticalAlignment", type: .enumeration(["top", "center", "bottom"]), defaultValue: ".center",
            documentation: "Where the text sits in a taller box; needs `height`.", isDeprecated: false),
        .init(
            name: "icon", type: .icon, defaultValue: nil,
            documentation: "A SwiftUI `Label` icon: `.systemImage(\"name\")` or `.image(\"name\")`.", isDeprecated: false),
        .init(
            name: "labelStyle", type: .labelStyle, defaultValue: ".automatic",
            documentation:
                "`.automatic`, `.titleOnly`, `.iconOnly`, `.titleAndIcon`, a custom style (`.shadow`), or a list applied in order like chained `.labelStyle()`; built-in styles erase the ones after them.",
            isDeprecated: false),
        .init(
            name: "arguments", type: .arguments, defaultValue: nil,
            documentation:
                "Sample arguments for the format specifiers of a `.localized` text (`%@`, `%lld`, `%1$@`, …), in order: `[\"Alexandra\", 1200]`. Without it, `sampleArguments` of `labelspec.json`, else the defaults (`\"Alexandra\"`, 1200, 1200.5).",
            isDeprecated: false),
        .init(
            name: "minimumFontSize", type: .positiveNumber, defaultValue: nil,
            documentation: "Deprecated since iOS 6: use `minimumScaleFactor`.", isDeprecated: true),
        .init(
            name: "adjustsLetterSpacingToFitWidth", type: .bool, defaultValue: nil,
            documentation: "Deprecated since iOS 6: use `allowsDefaultTighteningForTruncation`.", isDeprecated: true),
        .init(
            name: "framework", type: .enumeration(frameworks), defaultValue: ".uiKit",
            documentation:
                "What the label describes: a UIKit `UILabel` (`.uiKit`) or a SwiftUI `Text` or `Label` (`.swiftUI`: it wraps without a limit unless `lineLimit` says otherwise). Without it, a label with an `icon`, a `labelStyle` or a SwiftUI-only property is SwiftUI, any other UIKit. Styles pass it on.",
            isDeprecated: false),
        .init(
            name: "lineLimit", type: .nonNegativeInteger, defaultValue: nil,
            documentation: "SwiftUI's `.lineLimit(n)`: the most lines the text shows, 1 or more; without it, as many as needed.",
            isDeprecated: false),
        .init(
            name: "truncationMode", type: .enumeration(truncationModes), defaultValue: ".tail",
            documentation:
                "SwiftUI's `.truncationMode(_:)`: where the last visible line is cut (`.head`, `.middle`, `.tail`); lines wrap at words.",
            isDeprecated: false),
        .init(
            name: "allowsTightening", type: .bool, defaultValue: "false",
            documentation: "SwiftUI's `.allowsTightening(_:)`: tighten letter spacing before truncating.", isDeprecated: false),
        .init(
            name: "multilineTextAlignment", type: .enumeration(multilineTextAlignments), defaultValue: ".leading",
            documentation: "SwiftUI's `.multilineTextAlignment(_:)`: `.leading`, `.center` or `.trailing`.", isDeprecated: false),
        .init(
            name: "textSetInCode", type: .bool, defaultValue: "false",
            documentation:
                "The app's code sets the text at run time (a storyboard label on an outlet whose text is Xcode's placeholder): without `text`, the label is not measured (\"text set in code\") and has no `missing-text`; with `text`, that text is a sample, measured as written.",
            isDeprecated: false),
    ]

    /// `framework`'s values.
    public static let frameworks = ["uiKit", "swiftUI"]
    public static let truncationModes = ["head", "middle", "tail"]
    public static let multilineTextAlignments = ["leading", "center", "trailing"]

    /// Properties only UIKit's `UILabel` has (SwiftUI's counterpart in `counterpart`).
    public static let uiKitOnly: PropertySet = [
        .numberOfLines, .lineBreakMode, .adjustsFontSizeToFitWidth, .allowsDefaultTighteningForTruncation, .textAlignment,
        .baselineAdjustment, .preferredMaxLayoutWidth, .minimumFontSize, .adjustsLetterSpacingToFitWidth,
        .adjustsFontForContentSizeCategory,
    ]
    /// Properties only SwiftUI's `Text` / `Label` has.
    public static let swiftUIOnly: PropertySet = [.lineLimit, .truncationMode, .allowsTightening, .multilineTextAlignment]
    /// Whether a label is SwiftUI's: its effective `framework`, else whether it has an icon, a
    /// label style or a SwiftUI-only property (`has`: whether the label has that property).
    public static func isSwiftUI(framework: String?, has: (PropertyID) -> Bool) -> Bool {
        if let framework { return framework == "swiftUI" }
        return has(.icon) || has(.labelStyle) || swiftUIOnly.contains(where: has)
    }

    /// A property's name in the other framework, where it has one.
    public static let counterpart: [PropertyID: PropertyID] = [
        .numberOfLines: .lineLimit, .lineLimit: .numberOfLines,
        .lineBreakMode: .truncationMode, .truncationMode: .lineBreakMode,
        .allowsDefaultTighteningForTruncation: .allowsTightening, .allowsTightening: .allowsDefaultTighteningForTruncation,
        .textAlignment: .multilineTextAlignment, .multilineTextAlignment: .textAlignment,
    ]

    public static let byName: [String: PropertyInfo] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    static let names: [String] = all.map(\.name)
    static let types: [PropertyType] = all.map(\.type)
    static let deprecated: [Bool] = all.map(\.isDeprecated)
    static let ids: [String: PropertyID] = Dictionary(
        uniqueKeysWithValues: all.enumerated().map { ($1.name, PropertyID(rawValue: UInt8($0))!) })

    /// Every name's UTF-8 back to back, and where each one ends: a lookup walks two flat arrays
    /// (an array of arrays would retain and release each name it looks at).
    private static let packedNames: [UInt8] = all.flatMap { Array($0.name.utf8) }
    private static let nameEnds: [Int] = {
        var end = 0
        return all.map {
            end += $0.name.utf8.count; return end
        }
    }()

    /// The property whose name is exactly `bytes`, found without making a string.
    static func id(named bytes: UnsafeBufferPointer<UInt8>) -> PropertyID? {
        guard let key = bytes.baseAddress else { return nil }
        return packedNames.withUnsafeBufferPointer { names in
            nameEnds.withUnsafeBufferPointer { ends -> PropertyID? in
                var start = 0
                for i in 0..<ends.count {
                    let end = ends[i]
                    if end - start == bytes.count, memcmp(names.baseAddress! + start, key, bytes.count) == 0 {
                        return PropertyID(rawValue: UInt8(i))
                    }
                    start = end
                }
                return nil
            }
        }
    }
}

/// Candidate names grouped by the length of their lowercased scalars: a name is only compared
/// with those whose length is within the largest distance `nearest` accepts, and gives the
/// answer `nearest` gives over the same names. Where more than `exhaustiveUpTo` names have such
/// a length (a generated project), it compares the name only with the `neighbours` names on
/// each side of it in alphabetical order and in the order of their reversed spelling (names
/// that share its start or its end): one typo anywhere in a name leaves one of the two intact,
/// and each suggestion costs about the same whatever the number of names.
struct NearestIndex {
    /// Every name with its lowercased scalars, in the order given.
    private var names: [(name: String, scalars: [Unicode.Scalar])] = []
    /// Indices into `names` by the length of their scalars.
    private var byLength: [Int: [Int]] = [:]
    /// Indices into `names` in the order of their scalars, and of their scalars spelled backwards
    /// (ties by name); made only past `exhaustiveUpTo` names.
    private var forwards: [Int] = []
    private var backwards: [Int] = []
    static let exhaustiveUpTo = 512
    static let neighbours = 64

    init(_ given: some Sequence<String>) {
        for n in given {
            let scalars = Array(n.lowercased().unicodeScalars)
            byLength[scalars.count, default: []].append(names.count)
            names.append((n, scalars))
        }
        guard names.count > Self.exhaustiveUpTo else { return }
        let names = self.names
        func order<C: Collection<Unicode.Scalar>>(_ key: (Int) -> C) -> [Int] {
            names.indices.sorted { x, y in
                let (a, b) = (key(x), key(y))
                return a.elementsEqual(b) ? names[x].name < names[y].name : a.lexicographicallyPrecedes(b)
            }
        }
        forwards = order { names[$0].scalars }
        backwards = order { names[$0].scalars.reversed() }
    }

    func nearest(_ name: String) -> String? {
        let a = Array(name.lowercased().unicodeScalars)
        let limit = nearEnoughDistance(for: name)
        let lengths = max(0, a.count - limit)...(a.count + limit)
        var best: (name: String, distance: Int)?
        func consider(_ i: Int) {
            let (c, b) = names[i]
            // A candidate farther than the best so far cannot win (an equal one may, by name).
            guard let d = editDistance(a, b, limit: min(limit, best?.distance ?? limit)) else { return }
            if let k = best, (d, c) >= (k.distance, k.name) { return }
            best = (c, d)
        }
        if forwards.isEmpty || lengths.reduce(0, { $0 + (byLength[$1]?.count ?? 0) }) <= Self.exhaustiveUpTo {
            for length in lengths {
                for i in byLength[length] ?? [] { consider(i) }
            }
            return best?.name
        }
        func neighbours<C: Collection<Unicode.Scalar>>(in sorted: [Int], _ query: C, _ key: (Int) -> C) {
            // The first name at or after the query, then the neighbours on each side.
            let low = sorted.partitionPoint { !key($0).lexicographicallyPrecedes(query) }
            for i in sorted[max(0, low - Self.neighbours)..<min(sorted.count, low + Self.neighbours)]
            where lengths.contains(names[i].scalars.count) {
                consider(i)
            }
        }
        neighbours(in: forwards, a) { names[$0].scalars }
        neighbours(in: backwards, a.reversed()) { names[$0].scalars.reversed() }
        return best?.name
    }
}

/// The candidate nearest to `name`, if near enough to be a plausible typo.
func nearest(_ name: String, in candidates: some Sequence<String>) -> String? {
    let a = Array(name.lowercased().unicodeScalars)
    let limit = nearEnoughDistance(for: name)
    var best: (String, Int)?
    for c in candidates {
        guard let d = editDistance(a, Array(c.lowercased().unicodeScalars), limit: limit) else { continue }
        // Ties go to the alphabetically first name, so the answer never depends on iteration order.
        if let b = best, (d, c) >= (b.1, b.0) { continue }
        best = (c, d)
    }
    return best?.0
}
