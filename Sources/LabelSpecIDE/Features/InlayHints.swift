import LabelMeasure
import LabelSpecSemantics
import LabelSpecSyntax
import LabelVocabulary

/// A hint shown in the text: after each label's name, its line count and truncation.
public struct InlayHint: Equatable, Sendable {
    /// Where it shows (a byte offset in the document: the end of the label's name).
    public var offset: Int
    public var label: String
}

public enum InlayHints {
    /// The hints of the labels whose name ends in `range` (the editor's visible lines), measured at
    /// `contentSize`: only those labels are measured.
    public static func hints(
        in doc: Workspace.Document, range: Range<Int>, workspace: Workspace, measurer: Measurer, contentSize: ContentSizeCategory
    ) -> [InlayHint] {
        var labels: [(info: ItemInfo, offset: Int)] = []
        doc.syntax.forEachLeafChunk { chunk, offset in
            guard offset < range.upperBound, offset + chunk.length >= range.lowerBound else { return }
            doc.forEachItem(inChunk: chunk, at: offset) { info, start in
                if info.kind == .label, range.contains(start + info.nameRange.upperBound) { labels.append((info, start)) }
            }
        }
        return labels.compactMap { info, start in
            guard let input = LayoutInputs.input(for: info, in: workspace, contentSize: contentSize),
                case .success(let layout) = measurer.layout(input)
            else { return nil }
            return InlayHint(offset: start + info.nameRange.upperBound, label: LayoutSummary.text(layout, .brief))
        }
    }
}
