import LabelSpecSemantics
import LabelSpecSyntax

/// A colour written in a document.
public struct ColorInformation: Equatable, Sendable {
    /// The value as written (byte offsets in the document).
    public var range: Range<Int>
    /// Its light appearance (a system colour's; a hex colour is the same in both).
    public var color: RGBA
}

public enum DocumentColors {
    /// Hex and system colours written in the items of one leaf chunk that starts at `offset`.
    public static func colors(inChunk chunk: GreenNode, at offset: Int, of doc: Workspace.Document) -> [ColorInformation] {
        var out: [ColorInformation] = []
        doc.forEachItem(inChunk: chunk, at: offset) { info, start in
            for (_, a) in info.own {
                guard case .color(let color)? = a.typed, let r = a.valueRange else { continue }
                let rgba: RGBA
                switch color {
                case .rgba(let c): rgba = c
                case .system(let name): rgba = SystemColors.byName[name]?.light ?? RGBA(0, 0, 0)
                }
                out.append(ColorInformation(range: r.shifted(by: start), color: rgba))
            }
        }
        return out
    }

    /// How a picked colour can be written: as hex, and as each system colour whose light
    /// appearance it is exactly.
    public static func presentations(of color: RGBA) -> [String] {
        [color.hex] + SystemColors.all.filter { $0.light == color }.map { "." + $0.name }
    }
}
