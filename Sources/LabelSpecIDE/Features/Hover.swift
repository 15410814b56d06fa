import LabelMeasure
import LabelSpecSemantics
import LabelSpecSyntax
import LabelVocabulary

/// What a hover shows, found under the server's lock and rendered outside it: measuring a label
/// at every size is the slow part, and needs only the inputs and the measurer.
public enum HoverContent: Sendable {
    case none
    /// Markdown ready to show, about the bytes `range`.
    case text(String, range: Range<Int>)
    /// A label to measure (see `LabelHover.markdown`).
    case label(LabelHover)

    /// The bytes the hover is about.
    public var range: Range<Int>? {
        switch self {
        case .none: return nil
        case .text(_, let range): return range
        case .label(let l): return l.range
        }
    }

    /// The Markdown to show (measuring a label: call outside any lock).
    public func markdown() -> String? {
        switch self {
        case .none: return nil
        case .text(let text, _): return text
        case .label(let l): return l.markdown()
        }
    }
}

/// A label's hover: its name, the size it is shown at first, and its layout inputs at that size
/// and at every content size category.
public struct LabelHover: @unchecked Sendable {
    public let name: String
    public let main: ContentSizeCategory
    public let inputs: [(ContentSizeCategory, LabelLayoutInput?)]
    public let measurer: Measurer
    public let range: Range<Int>

    /// The label as it renders at the first configured size (a summary and a drawing), then a
    /// table over every category.
    public func markdown() -> String {
        guard let input = inputs.first?.1 else { return "**\(name)**" }
        switch measurer.layout(input) {
        case .failure(let error):
            return "**\(name)** — cannot measure: \(error)"
        case .success(let layout):
            var out = "**\(name)** at \(main.displayName) — " + LayoutSummary.text(layout, .standard) + "\n\n```text\n"
            out += Preview.box(layout) + "```\n\n| size | lines | |\n|---|---|---|\n"
            for (category, i) in inputs.dropFirst() {
                guard let i, case .success(let l) = measurer.layout(i) else { continue }
                out += "| \(category.shortName) | \(l.lineCount) | \(LayoutSummary.state(l)) |\n"
            }
            return out
        }
    }
}

public enum Hover {
    /// On a label's name: its measured preview (at `contentSizes`' first size, then every
    /// category); on a style's name: the style; on a colour value: its appearances; on a
    /// property's name: its documentation. Byte `offset` in `doc`.
    public static func content(
        at offset: Int, in doc: Workspace.Document, workspace: Workspace, contentSizes: [ContentSizeCategory], measurer: Measurer
    ) -> HoverContent {
        guard let (info, start) = doc.item(at: offset), (start..<(start + info.green.length)).contains(offset) else { return .none }
        let relative = offset - start
        if info.nameRange.contains(relative) || info.nameRange.upperBound == relative {
            let range = info.nameRange.shifted(by: start)
            let name = info.name ?? "?"
            guard info.kind == .label else { return .text("**style \(name)**", range: range) }
            let main = contentSizes.first ?? .large
            let categories = [main] + ContentSizeCategory.allCases
            let inputs = Array(zip(categories, LayoutInputs.inputs(for: info, in: workspace, contentSizes: categories)))
            return .label(LabelHover(name: name, main: main, inputs: inputs, measurer: measurer, range: range))
        }
        for (_, assignment) in info.own {
            guard case .color(let color)? = assignment.typed, let r = assignment.valueRange, r.contains(relative) else { continue }
            let range = r.shifted(by: start)
            switch color {
            case .system(let name):
                guard let c = SystemColors.byName[name] else { continue }
                return .text("**.\(name)**\n\nlight: \(c.light.hex) \(c.light)  \ndark: \(c.dark.hex) \(c.dark)", range: range)
            case .rgba(let c):
                return .text("**\(c.hex)**\n\n\(c) in light and dark: a fixed colour does not adapt to dark mode", range: range)
            }
        }
        for (id, assignment) in info.own where assignment.nameRange.contains(relative) {
            let property = id.info
            var text = "**\(property.name)**: \(property.type.displayName)"
            if let d = property.defaultValue { text += " — default `\(d)`" }
            text += "\n\n" + property.documentation
            return .text(text, range: assignment.nameRange.shifted(by: start))
        }
        return .none
    }
}
