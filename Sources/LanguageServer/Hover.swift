import JSON
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelVocabulary

extension LanguageServer {
    /// What a hover shows: text ready to send, or a label to measure (outside the state lock).
    enum HoverTarget {
        case none
        case text(String, JSONRange)
        case label(name: String, main: ContentSizeCategory, inputs: [(ContentSizeCategory, LabelLayoutInput?)], measurer: Measurer, range: JSONRange)
    }

    func render(_ target: HoverTarget) -> JSONValue {
        switch target {
        case .none: return .null
        case .text(let markdown, let range): return hoverJSON(markdown, range)
        case .label(let name, let main, let inputs, let measurer, let range):
            return hoverJSON(labelPreview(name: name, main: main, inputs: inputs, measurer: measurer), range)
        }
    }

    /// On a label's name: the measured preview; on a property's name: its documentation.
    func hoverTarget(uri: String, line: Int, character: Int) -> HoverTarget {
        guard let ns = namespace(of: uri), let doc = ns.workspace.documents[uri] else { return .none }
        let positions = positions(doc)
        let offset = positions.offset(line: line, character: character).offset
        if let (info, start) = doc.item(at: offset), (start..<(start + info.green.length)).contains(offset) {
            let relative = offset - start
            if info.nameRange.contains(relative) || info.nameRange.upperBound == relative {
                let range = positions.range(info.nameRange.shifted(by: start))
                let name = info.name ?? "?"
                guard info.kind == .label else { return .text("**style \(name)**", range) }
                let main = ns.contentSizes.first ?? .large
                let categories = [main] + ContentSizeCategory.allCases
                let inputs = Array(zip(categories, LayoutInputs.inputs(for: info, in: ns.workspace, contentSizes: categories)))
                return .label(name: name, main: main, inputs: inputs, measurer: ns.measurer, range: range)
            }
            for (_, assignment) in info.own {
                guard case .color(let color)? = assignment.typed, let r = assignment.valueRange, r.contains(relative) else { continue }
                let range = r.shifted(by: start)
                switch color {
                case .system(let name):
                    guard let c = SystemColors.byName[name] else { continue }
                    return .text("**.\(name)**\n\nlight: \(c.light.hex) \(c.light)  \ndark: \(c.dark.hex) \(c.dark)", positions.range(range))
                case .rgba(let c):
                    return .text("**\(c.hex)**\n\n\(c) in light and dark: a fixed colour does not adapt to dark mode", positions.range(range))
                }
            }
            for (id, assignment) in info.own where assignment.nameRange.contains(relative) {
                let range = assignment.nameRange.shifted(by: start)
                let property = id.info
                var text = "**\(property.name)**: \(property.type.displayName)"
                if let d = property.defaultValue { text += " — default `\(d)`" }
                text += "\n\n" + property.documentation
                return .text(text, positions.range(range))
            }
        }
        return .none
    }

    private func hoverJSON(_ markdown: String, _ range: JSONRange) -> JSONValue {
        .object([
            ("contents", markupContent(markdown, asMarkdown: hoverMarkdown)),
            ("range", range.json),
        ])
    }

    /// The label as it renders at the first configured size, then a table over every category.
    func labelPreview(
        name: String, main: ContentSizeCategory, inputs: [(ContentSizeCategory, LabelLayoutInput?)], measurer: Measurer
    ) -> String {
        guard let input = inputs.first?.1 else { return "**\(name)**" }
        switch measurer.layout(input) {
        case .failure(let error):
            return "**\(name)** — cannot measure: \(error)"
        case .success(let layout):
            var facts = ["\(layout.lineCount) line\(layout.lineCount == 1 ? "" : "s")"]
            if layout.isTruncated { facts.append("truncated") }
            if layout.isClipped { facts.append("clipped") }
            facts.append("\(trim(layout.fontSize)) pt")
            if layout.scale < 1 { facts.append("autoshrink ×\(trim(layout.scale))") }
            var out = "**\(name)** at \(main.displayName) — " + facts.joined(separator: " · ") + "\n\n```text\n"
            out += Preview.box(layout) + "```\n\n| size | lines | |\n|---|---|---|\n"
            for (category, i) in inputs.dropFirst() {
                guard let i, case .success(let l) = measurer.layout(i) else { continue }
                let state = l.isTruncated ? "truncated" : l.isClipped ? "clipped" : l.scale < 1 ? "×\(trim(l.scale))" : ""
                out += "| \(category.shortName) | \(l.lineCount) | \(state) |\n"
            }
            return out
        }
    }

    private func trim(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
