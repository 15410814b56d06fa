import Foundation
import LabelSpecSupport

/// LabelSpec's marks in an XLIFF file: a `<note from="labelspec">` after a unit's last child,
/// and attributes on its start tag (`maxwidth`, `size-unit`, `weblate-flags`) named at the end
/// of that note, `[LabelSpec set maxwidth, size-unit]`, so that `strip` removes exactly what was
/// added and nothing a developer or a platform wrote. Both are splices of the units touched:
/// every other byte is kept.
public enum XLIFFAnnotation {
    /// The `from` of LabelSpec's notes.
    public static let author = "labelspec"

    /// Whether a note is LabelSpec's.
    public static func isOurs(_ note: XLIFFElement) -> Bool { note[attribute: "from"] == author }

    /// The attributes a note of ours says LabelSpec set.
    static func attributesSet(by note: XLIFFElement) -> [String] {
        let text = note.text
        guard text.hasSuffix("]"), let r = text.range(of: " [LabelSpec set ", options: .backwards) else { return [] }
        return text[r.upperBound..<text.index(before: text.endIndex)].split(separator: ",").map {
            String($0).trimming(" ")
        }
    }

    /// Removes every note of ours, with the white space that indents it, and the attributes it
    /// names on its unit.
    public static func strip(_ d: XLIFFDocument) -> [ByteSplice] {
        var out: [ByteSplice] = []
        for u in d.units {
            for note in u.notes where isOurs(note) {
                out.append(ByteSplice(removing: (note.leadingSpace?.lowerBound ?? note.range.lowerBound)..<note.range.upperBound))
                for name in attributesSet(by: note) {
                    if let a = u.tagAttributes.first(where: { $0.name == name }) { out.append(ByteSplice(removing: a.attribute.range)) }
                }
            }
        }
        return out
    }

    /// Adds a note of ours with `text` to unit `index` (after its last child, on a line of its
    /// own, indented like its first child), and each of `attributes` it does not have yet; nil
    /// when the unit has no child to follow. The note names the attributes added.
    public static func annotate(_ d: XLIFFDocument, unit index: Int, note text: String, attributes: [(name: String, value: String)] = [])
        -> (splices: [ByteSplice], added: [String])?
    {
        let u = d.units[index]
        guard let end = u.lastChildEnd else { return nil }
        let added = attributes.filter { a in !u.tagAttributes.contains { $0.name == a.name } }
        var note = text
        if !added.isEmpty { note += " [LabelSpec set " + added.map(\.name).joined(separator: ", ") + "]" }
        let indent = u.childIndent ?? ((u.indent ?? []) + Array("  ".utf8))
        let lineBreak: [UInt8] = lineBreak(in: d.bytes, before: u.element.range.lowerBound)
        var splices = [
            ByteSplice(
                inserting: lineBreak + indent + Array("<note from=\"\(author)\">\(XLIFFText.escapeText(note))</note>".utf8), at: end)
        ]
        if !added.isEmpty {
            let tag = u.element.startTag
            let at = tag.upperBound - 1
            let bytes = added.flatMap { Array(" \($0.name)=\"\(XLIFFText.escapeAttribute($0.value))\"".utf8) }
            splices.append(ByteSplice(inserting: bytes, at: at))
        }
        return (splices, added.map(\.name))
    }

    /// The line break written before `offset` (CR LF or LF; LF when none is).
    private static func lineBreak(in bytes: [UInt8], before offset: Int) -> [UInt8] {
        var k = offset
        while k > 0, bytes[k - 1] != 0x0A { k -= 1 }
        return k >= 2 && bytes[k - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }
}
