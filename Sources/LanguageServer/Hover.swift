import JSONRPC
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics

extension LanguageServer {
    /// On a label's name: the measured preview; on a property's name: its documentation.
    func hover(uri: String, line: Int, character: Int) -> JSONValue {
        guard let doc = workspace.documents[uri] else { return .null }
        let positions = TextPositions(doc.syntax.source.allBytes, encoding: encoding)
        let offset = positions.offset(line: line, character: character).offset
        for (info, start) in doc.orderedItems where (start..<(start + info.green.length)).contains(offset) {
            let relative = offset - start
            if info.nameRange.contains(relative) || info.nameRange.upperBound == relative {
                let range = (start + info.nameRange.lowerBound)..<(start + info.nameRange.upperBound)
                return hoverJSON(labelPreview(info), positions.range(range))
            }
            for (_, assignment) in info.own {
                guard case .color(let color)? = assignment.typed, let r = assignment.valueRange, r.contains(relative) else { continue }
                let range = (start + r.lowerBound)..<(start + r.upperBound)
                switch color {
                case .system(let name):
                    guard let c = SystemColors.byName[name] else { continue }
                    return hoverJSON("**.\(name)**\n\nlight: \(c.light.hex) \(c.light)  \ndark: \(c.dark.hex) \(c.dark)", positions.range(range))
                case .rgba(let c):
                    return hoverJSON("**\(c.hex)**\n\n\(c) in light and dark: a fixed colour does not adapt to dark mode", positions.range(range))
                }
            }
            for (id, assignment) in info.own where assignment.nameRange.contains(relative) {
                let range = (start + assignment.nameRange.lowerBound)..<(start + assignment.nameRange.upperBound)
                let property = id.info
                var text = "**\(property.name)**: \(property.type.displayName)"
                if let d = property.defaultValue { text += " — default `\(d)`" }
                text += "\n\n" + property.documentation
                return hoverJSON(text, positions.range(range))
            }
            return .null
        }
        return .null
    }

    private func hoverJSON(_ markdown: String, _ range: JSONRange) -> JSONValue {
        .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
            ("range", range.json),
        ])
    }

    /// The label as it renders at the first configured size, then a table over every category.
    func labelPreview(_ info: ItemInfo) -> String {
        let name = info.name ?? "?"
        guard info.kind == .label else { return "**style \(name)**" }
        let main = contentSizes.first ?? .large
        guard let input = LayoutInputs.input(for: info, in: workspace, contentSize: main) else { return "**\(name)**" }
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
            for category in ContentSizeCategory.allCases {
                guard let i = LayoutInputs.input(for: info, in: workspace, contentSize: category),
                    case .success(let l) = measurer.layout(i)
                else { continue }
                let state = l.isTruncated ? "truncated" : l.isClipped ? "clipped" : l.scale < 1 ? "×\(trim(l.scale))" : ""
                out += "| \(category.shortName) | \(l.lineCount) | \(state) |\n"
            }
            return out
        }
    }

    private func trim(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
