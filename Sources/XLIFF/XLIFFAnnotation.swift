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
    /// The attributes LabelSpec may set on a unit: the only ones `strip` ever removes.
    public static let attributes: Set<String> = ["maxwidth", "size-unit", "weblate-flags"]

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

    /// Removes every note of ours, with the white space that indents it, and the attributes its
    /// notes name on its unit (of `attributes` only, each once).
    public static func strip(_ d: XLIFFDocument) -> [ByteSplice] {
        var out: [ByteSplice] = []
        for u in d.units {
            var names = Set<String>()
            for note in u.notes where isOurs(note) {
                out.append(ByteSplice(removing: (note.leadingSpace?.lowerBound ?? note.range.lowerBound)..<note.range.upperBound))
                names.formUnion(attributesSet(by: note).filter(attributes.contains))
            }
            for a in u.tagAttributes where names.remove(a.name) != nil { out.append(ByteSplice(removing: a.attribute.range)) }
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
        // On a line of its own, indented like the unit's first child; in a unit written on one
        // line (a minified file), right after its last child.
        let before = u.childIndent.map { d.lineBreak + $0 } ?? []
        var splices = [
            ByteSplice(inserting: before + Array("<note from=\"\(author)\">\(XLIFFText.escapeText(note))</note>".utf8), at: end)
        ]
        if !added.isEmpty {
            // Right after the last attribute (or the name): the white space before `>` stays
            // where it was, and removing an attribute with the space before it gives it back.
            let at = u.tagAttributes.last?.attribute.range.upperBound ?? u.nameEnd
            let bytes = added.flatMap { Array(" \($0.name)=\"\(XLIFFText.escapeAttribute($0.value))\"".utf8) }
            splices.append(ByteSplice(inserting: bytes, at: at))
        }
        return (splices, added.map(\.name))
    }
}
