import InterfaceBuilder
import LabelSpecSemantics

/// Labels of one row that resist compression equally (`LayoutNeighbour.shared`): when the row is
/// too narrow for their texts, UIKit gives way on one of them, and which is its choice. Each is
/// measured as the one that gives way, so each would report the row's overflow; the first one's
/// `truncates` stands for them all and names the others, the others' are left out
/// (docs/autolayout.md, "Neighbours in each language").
enum SharedRows {
    /// `found` (one chunk's diagnostics, in the generated source, sorted) with each row's
    /// `truncates` reported once.
    static func merged(_ found: [Diagnostic], in translation: Translation) -> [Diagnostic] {
        // The rows: labels joined by shared neighbours, each named by its first label's id.
        var root: [String: String] = [:]
        func find(_ id: String) -> String {
            var r = id
            while let up = root[r], up != r { r = up }
            return r
        }
        var phrases: [String: String] = [:]
        var shared = false
        for l in translation.labels {
            guard let id = l.id else { continue }
            for n in l.neighbours ?? [] where n.shared {
                shared = true
                if root[id] == nil { root[id] = id }
                if root[n.id] == nil { root[n.id] = n.id }
                let (a, b) = (find(id), find(n.id))
                if a != b { root[b] = a }
                phrases[n.id] = n.phrase
            }
        }
        guard shared else { return found }
        let order = translation.labels.compactMap(\.id)
        var out: [Diagnostic] = []
        var kept: [String: (index: Int, id: String)] = [:]
        for d in found {
            guard d.code == .truncates, let id = translation.label(atGenerated: d.range.lowerBound)?.id, root[id] != nil else {
                out.append(d)
                continue
            }
            let row = find(id)
            if kept[row] == nil {
                kept[row] = (out.count, id)
                out.append(d)
            }
        }
        for (row, k) in kept {
            // In document order.
            let others = order.filter { $0 != k.id && root[$0] != nil && find($0) == row }.compactMap { phrases[$0] }.filter { !$0.isEmpty }
            guard !others.isEmpty else { continue }
            let names =
                others.count == 1
                ? others[0]
                : others.count <= 3
                    ? others.dropLast().joined(separator: ", ") + " or " + others.last!
                    : others.prefix(2).joined(separator: ", ") + " or \(others.count - 2) more"
            out[k.index].message +=
                "; or \(names) truncates instead: they share its row at the same compression resistance, and UIKit chooses which gives way"
        }
        return out
    }
}
