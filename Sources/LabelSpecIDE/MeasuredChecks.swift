import LabelMeasure
import LabelSpecSemantics

/// The `truncates` and `clipped` diagnostics: every label laid out at each requested category.
public enum MeasuredChecks {
    /// Measured diagnostics of a document (absolute ranges): one per label and code, at the
    /// smallest category where it happens.
    public static func diagnostics(
        for id: String, in workspace: Workspace, measurer: Measurer, categories: [ContentSizeCategory]
    ) -> [Diagnostic] {
        guard let doc = workspace.documents[id] else { return [] }
        var out: [Diagnostic] = []
        let sorted = categories.sorted()
        for (info, offset) in doc.orderedItems where info.kind == .label {
            let nameRange = (offset + info.nameRange.lowerBound)..<(offset + info.nameRange.upperBound)
            var truncated: [(ContentSizeCategory, LabelLayout)] = []
            var clipped: [(ContentSizeCategory, LabelLayout)] = []
            var fontProblem: FontError?
            for category in sorted {
                guard let input = LayoutInputs.input(for: info, in: workspace, contentSize: category), !input.text.isEmpty else { continue }
                switch measurer.layout(input) {
                case .success(let layout):
                    if layout.isTruncated { truncated.append((category, layout)) }
                    if layout.isClipped { clipped.append((category, layout)) }
                case .failure(let error):
                    fontProblem = error
                }
            }
            if let (category, layout) = truncated.first {
                out.append(Diagnostic(
                    .truncates, "truncates at \(category.displayName): \(quoted(layout))\(more(truncated.count))",
                    at: nameRange))
            }
            if let (category, layout) = clipped.first {
                out.append(Diagnostic(
                    .clipped, "clipped at \(category.displayName): shows \(quoted(layout))\(more(clipped.count))",
                    at: nameRange))
            }
            if let problem = fontProblem {
                out.append(Diagnostic(.customFont, "cannot measure '\(info.name ?? "?")': \(problem)", at: nameRange))
            }
        }
        return out
    }

    /// The lines as the user sees them, joined with ⏎.
    static func quoted(_ layout: LabelLayout) -> String {
        "\"" + layout.lines.map(\.text).joined(separator: " ⏎ ") + "\""
    }

    static func more(_ count: Int) -> String {
        count > 1 ? " (and at \(count - 1) larger size\(count == 2 ? "" : "s"))" : ""
    }
}
