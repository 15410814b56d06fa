import LabelSpecSemantics
import LabelSpecSyntax

/// One entry of a document's outline.
public struct DocumentSymbol: Equatable, Sendable {
    public enum Kind: Sendable, CaseIterable { case style, label, property }

    public var name: String
    /// The parents, as written after the name (": Body, Muted"); nil when there are none.
    public var detail: String?
    public var kind: Kind
    /// The whole declaration, and its name (byte offsets in the document).
    public var range: Range<Int>
    public var selectionRange: Range<Int>
    public var children: [DocumentSymbol]
}

/// The document's styles and labels in order, the parents as detail. A style's properties are its
/// children: they are what its heirs get. A label's are not listed, as CSS outlines list rules but
/// not declarations: they are a glance away, and the outline of a file of 48k labels stays one
/// entry per label.
public enum DocumentSymbols {
    /// The symbols of the items of one leaf chunk (see `SyntaxDocument.forEachLeafChunk`) that
    /// starts at `offset`: what a server keeps per chunk between edits.
    public static func symbols(inChunk chunk: GreenNode, at offset: Int, of doc: Workspace.Document) -> [DocumentSymbol] {
        var out: [DocumentSymbol] = []
        doc.forEachItem(inChunk: chunk, at: offset) { info, start in
            let children: [DocumentSymbol] =
                info.kind == .style
                ? info.own.map { _, a in
                    DocumentSymbol(
                        name: a.name, detail: nil, kind: .property, range: a.memberRange.shifted(by: start),
                        selectionRange: a.nameRange.shifted(by: start), children: [])
                } : []
            out.append(
                DocumentSymbol(
                    name: info.name ?? "?",
                    detail: info.parents.isEmpty ? nil : ": " + info.parents.map(\.name).joined(separator: ", "),
                    kind: info.kind == .style ? .style : .label,
                    range: start..<(start + info.green.length), selectionRange: info.nameRange.shifted(by: start),
                    children: children))
        }
        return out
    }

    /// Every symbol of the document.
    public static func symbols(of doc: Workspace.Document) -> [DocumentSymbol] {
        var out: [DocumentSymbol] = []
        doc.syntax.forEachLeafChunk { chunk, offset in out += symbols(inChunk: chunk, at: offset, of: doc) }
        return out
    }
}
