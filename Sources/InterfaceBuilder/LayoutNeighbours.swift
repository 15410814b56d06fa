import AutoLayoutSolver

/// A view whose text takes room from a label in its row: as its intrinsic width (its text in
/// the language and at the size being measured) grows by a point, the label's width moves by
/// `slope` (−1 beside it, −0.5 in an equal split). The solve assumed `assumed` for it; the slope
/// holds while its intrinsic width is from `lowest` to `highest` (docs/autolayout.md,
/// "Neighbours in each language").
public struct LayoutNeighbour: Sendable, Equatable {
    /// Its object id in the file.
    public let id: String
    public let slope: Double
    public let assumed: Double
    public let lowest: Double
    public let highest: Double
    /// What it is called in a phrase: its text, quoted (`"Cancel"`).
    public var phrase = ""
    /// Whether the label also takes room from it: their compression resistance is equal, and
    /// which of them gives way when the row is too narrow is UIKit's choice (`LayoutWidths.solve`
    /// marks it once every label of the system is read).
    public var shared = false
}

extension LayoutWidths {
    /// The views whose intrinsic width moves label `i`'s, at the screen the solver is at now:
    /// per view (its index), the slope and how far its intrinsic width may move down and up
    /// with the slope still true. Only views that show a text of the file count (a label's, a
    /// button's title): the widths of the others do not change with the language.
    /// Nil when its width moves with more than `mostParameters` parameters (a label far along
    /// a row of hundreds of chained views): more neighbours than it follows, their slopes not read.
    static func neighbourSlopes(_ i: Int, in s: LayoutSystem) -> [Int: (slope: Double, down: Double, up: Double)]? {
        guard let slopes = s.solver.slopes(of: s.width[i], most: mostParameters) else { return nil }
        guard !slopes.isEmpty else { return [:] }
        var out: [Int: (slope: Double, down: Double, up: Double)] = [:]
        for (j, own) in s.intrinsic where j != i && s.showsText(j) {
            guard let slope = slopes[own.value.index] else { continue }
            let range = s.solver.parameterRange(own.value)
            out[j] = (slope, range.down, range.up)
        }
        return out
    }

    /// The most neighbours a label's width moves with: past it (a row of dozens of labels, each
    /// taking room from each), their widths are as designed, said. Each neighbour's text is laid
    /// out in every language and at every size of the label's.
    static let mostNeighbours = 8
    /// The most parameters a label's width may move with for its slopes to be read: the screen's
    /// three, its neighbours', and views whose width does not change with the language (images,
    /// switches).
    static let mostParameters = 24

    /// Label `i`'s neighbours from what its readings found at the base screens: those whose
    /// slope is the same at every one (the range: where they all hold). Nil, with the reason in
    /// a phrase, when a slope differs from screen to screen or there are more than
    /// `mostNeighbours`: the neighbours' widths are then as designed.
    static func neighbours(of i: Int, _ r: Reading, in s: LayoutSystem) -> (found: [LayoutNeighbour]?, why: String?) {
        guard r.slopes.count == base.count, !r.unbounded else { return ([], nil) }
        let asDesigned = "the widths of the views beside it as designed in every language"
        let read = r.slopes.compactMap { $0 }
        guard read.count == r.slopes.count else {
            return (nil, "more views take room from it than LabelSpec follows: \(asDesigned)")
        }
        let views = Set(read.flatMap(\.keys)).sorted()
        if views.count > mostNeighbours {
            return (nil, "\(views.count) views take room from it, more than LabelSpec follows: \(asDesigned)")
        }
        var out: [LayoutNeighbour] = []
        for j in views {
            let found = read.compactMap { $0[j] }
            guard found.count == read.count, let first = found.first,
                found.allSatisfy({ abs($0.slope - first.slope) < 1e-6 })
            else { return (nil, "the room the views beside it take differs from screen to screen: \(asDesigned)") }
            let assumed = s.tree.intrinsicWidth(j)
            let down = found.map(\.down).min() ?? 0
            let up = found.map(\.up).min() ?? 0
            // (Rounded to a millionth: the tableau's sums leave 334.9999999999971 for 335.)
            func round(_ x: Double) -> Double { x.isFinite ? (x * 1e6).rounded() / 1e6 : x }
            out.append(
                LayoutNeighbour(
                    id: s.tree.nodes[j].id, slope: round(first.slope), assumed: assumed, lowest: round(max(0, assumed - down)),
                    highest: round(assumed + up), phrase: s.tree.nodes[j].name.map { LayoutTree.shortQuoted($0) } ?? ""))
        }
        return (out, nil)
    }
}

extension LayoutWidths {
    /// Marks the neighbours that take room from each other (`LayoutNeighbour.shared`): two
    /// labels of equal compression resistance in one row, each solved as the one that gives way.
    static func markShared(_ widths: inout [String: LayoutWidth]) {
        for (id, w) in widths {
            guard var near = w.neighbours, !near.isEmpty else { continue }
            for k in near.indices where widths[near[k].id]?.neighbours?.contains(where: { $0.id == id }) == true {
                near[k].shared = true
            }
            widths[id]?.neighbours = near
        }
    }
}

extension LayoutSystem {
    /// Whether view `i` shows a text of the file whose width changes with the language: a label
    /// or a button with a text that is not one of Xcode's placeholders.
    func showsText(_ i: Int) -> Bool {
        let n = tree.nodes[i]
        guard n.kind == "label" || n.kind == "button", let text = n.text, !text.isEmpty else { return false }
        return !IBLabel.isPlaceholder(text)
    }
}
