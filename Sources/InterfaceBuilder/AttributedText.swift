import LabelSpecSupport

/// The runs of an attributed text (`<attributedString key="attributedText">`, a button's
/// `key="attributedTitle"`): each fragment's length with its `<font key="NSFont">` and
/// `<color key="NSColor">`, fragments with the same font and colour counted as one run.
///
/// A `.labelspec` label has one font and one colour, and `LabelLayoutInput` lays out one font:
/// the text is measured in the font of the run that holds most of it (the dominant run), and
/// checked for contrast with its colour; the others are named in a comment
/// (docs/interface-builder.md, "Attributed text").
public struct IBAttributedText: Sendable {
    public struct Run: Sendable {
        /// Characters (Unicode scalars) of its fragments.
        public var scalars: Int
        public var font: XMLStartTag?
        public var color: XMLStartTag?
        /// The font's and colour's attributes (without where they are written): equal runs merge.
        let signature: String
    }

    /// Distinct runs in the order they first appear: at most `maxRuns` (a file with more
    /// distinct fonts and colours than that has the rest counted in `otherScalars`).
    public private(set) var runs: [Run] = []
    public private(set) var otherScalars = 0
    static let maxRuns = 32

    /// The fragment being read: its length so far, font and colour.
    private var fragment: (scalars: Int, font: XMLStartTag?, color: XMLStartTag?)?

    public init() {}

    mutating func startFragment(content: String?) { fragment = (content?.unicodeScalars.count ?? 0, nil, nil) }

    mutating func addText(_ text: String) { fragment?.scalars += text.unicodeScalars.count }

    /// A child of the fragment's `<attributes>`: its font (`NSFont`) or colour (`NSColor`).
    mutating func attribute(_ tag: XMLStartTag) {
        guard fragment != nil else { return }
        switch tag["key"]?.value {
        case "NSFont": if fragment!.font == nil { fragment!.font = tag }
        case "NSColor": if fragment!.color == nil { fragment!.color = tag }
        default: break
        }
    }

    mutating func endFragment() {
        guard let f = fragment else { return }
        fragment = nil
        func described(_ t: XMLStartTag?) -> String {
            guard let t else { return "-" }
            return t.attributes.filter { $0.name != "key" }.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        }
        let signature = described(f.font) + "\u{0}" + described(f.color)
        if let i = runs.firstIndex(where: { $0.signature == signature }) {
            runs[i].scalars += f.scalars
        } else if runs.count < IBAttributedText.maxRuns {
            runs.append(Run(scalars: f.scalars, font: f.font, color: f.color, signature: signature))
        } else {
            otherScalars += f.scalars
        }
    }

    /// The run holding most of the text (the first of equals); nil without fragments.
    public var dominant: Run? {
        var best: Run?
        for r in runs where best == nil || r.scalars > best!.scalars { best = r }
        return best
    }

    public var totalScalars: Int { runs.reduce(otherScalars) { $0 + $1.scalars } }
}

extension Builder {
    /// A `<font key="NSFont">` of an attributed string: `size` with a `name` (a PostScript
    /// name, `HelveticaNeue-BoldItalic`) or a `metaFont` (`system`, `systemBold`, …).
    func attributedFont(_ f: XMLStartTag) -> String? {
        guard let size = f["size"]?.value, Double(size).map({ $0.isFinite && $0 > 0 }) == true else { return nil }
        let points = number(size)
        if let meta = f["metaFont"]?.value {
            // `systemBold`: UIKit's bold system font, the bold trait's (semibold).
            if meta == "systemBold" || meta == "boldSystem" { return ".system(size: \(points)).bold()" }
            let weights = [
                "system": "regular", "systemSemibold": "semibold", "systemMedium": "medium", "systemLight": "light", "systemThin": "thin",
                "systemHeavy": "heavy",
            ]
            guard let weight = weights[meta] else { return nil }
            return weight == "regular" ? ".system(size: \(points))" : ".system(size: \(points), weight: .\(weight))"
        }
        guard let name = f["name"]?.value, !name.isEmpty else { return nil }
        if PostScriptName.isSystemFont(name) {
            return Builder.systemFont(postScriptName: name, points: points)
        }
        return ".custom(\(Builder.quoted(name)), size: \(points))"
    }

    /// What a run's font reads as, for a comment: its value, else its tag.
    func describeRun(_ run: IBAttributedText.Run) -> String {
        let font = run.font.map { attributedFont($0) ?? describe($0) } ?? "the label's font"
        switch run.color.map(color) {
        case .value(let v)?: return "\(font) in \(v)"
        case .unread(let why)?: return "\(font) in \(why)"
        case nil: return font
        }
    }
}
