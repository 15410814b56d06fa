import AutoLayoutSolver

/// A label's or button's width as its view hierarchy's Auto Layout gives it: a length of the
/// screen the language writes (`.margins - 12`, `120`) and where it comes from, in a phrase
/// (`between "Cancel" + 8 and the trailing margin`).
public struct LayoutWidth: Sendable, Equatable {
    public let expression: String
    public let source: String
    /// The views in its row whose text takes room from it, in each language and at each size
    /// (`LayoutNeighbour`); nil when their slopes differ from screen to screen (their widths are
    /// then as designed).
    public var neighbours: [LayoutNeighbour]? = []
}

/// Solves each label's width in a `LayoutSystem` (docs/autolayout.md, "Storyboards").
///
/// The width asked is the most the label can get: its own intrinsic width is made larger than any
/// screen (100,000 pt) at its own priorities, giving way first to equal priorities, while the
/// other views keep the width Interface Builder drew them at (their frame, which Xcode sizes from
/// their content in the development language). A label whose text needs less than that width
/// fits; one that needs more truncates. The system is solved at four screens that set the
/// screen's width, the safe area's inset and the system margin apart, which gives the width as
/// `a × .margins + b × .safeArea + c × .screen + d`; six more screens check it. A width that no
/// such line gives (a cap, a minimum) is measured at the widest it comes to, and the phrase says so.
enum LayoutWidths {
    struct Point {
        let screen: Double
        let inset: Double
        let margin: Double
    }

    /// Enough to tell the three parameters apart: a phone, a wider phone, a landscape phone with
    /// side insets, an iPad (regular margins).
    static let base = [
        Point(screen: 375, inset: 0, margin: 16), Point(screen: 440, inset: 0, margin: 16),
        Point(screen: 812, inset: 50, margin: 16), Point(screen: 1024, inset: 0, margin: 20),
    ]
    static let checks = [
        Point(screen: 393, inset: 0, margin: 16), Point(screen: 932, inset: 59, margin: 20),
        Point(screen: 744, inset: 0, margin: 20), Point(screen: 320, inset: 0, margin: 16), Point(screen: 667, inset: 0, margin: 16),
        Point(screen: 1366, inset: 0, margin: 20),
    ]
    /// The intrinsic width of the label solved for: wider than any screen.
    static let unbounded = 100_000.0

    /// The most labels × views one system solves label by label (each label's solve reads every
    /// view's value): past it, its labels are measured at its root's width, and said.
    static let budget = 250_000
    /// The most solver work (`LayoutSolver.work`) one system's labels take, one after another
    /// (about a second in a debug build): the labels after it are measured as past `budget`.
    /// A row of 60 chained labels took 6.8 million (each solve moves every label of the chain).
    static let workBudget = 2_000_000

    /// The width of a label in a view past the first `LayoutTreeBuilder.mostNodes` of its root.
    static let pastMostNodes = LayoutWidth(
        expression: ".screen",
        source:
            "in a layout of more than \(LayoutTreeBuilder.mostNodes) views, more than LabelSpec lays out: measured at the screen's width")

    /// The widths of the views with these ids. Each cell of a table or collection view is laid
    /// out on its own (its views cannot be constrained to views outside it): its width is solved
    /// in the system around it as a line in the screen's parameters, which roots its own system.
    /// A scene of a thousand cells is a thousand small systems, not one large one.
    static func solve(_ tree: LayoutTree, ids: [String]) -> [String: LayoutWidth] {
        guard !ids.isEmpty, !tree.nodes.isEmpty else { return [:] }
        // The cell each view is in (nil: the main system); a cell itself is also in the system
        // around it, where its width is solved.
        var island = [Int?](repeating: nil, count: tree.nodes.count)
        var members: [Int?: [Int]] = [:]
        for (i, n) in tree.nodes.enumerated() {
            let around = n.parent.flatMap { island[$0] }
            island[i] = n.isCell && n.parent != nil ? i : around
            members[around, default: []].append(i)
            if island[i] == i { members[i, default: []].append(i) }
        }
        let wanted = Set(ids)
        var out: [String: LayoutWidth] = [:]
        var roots: [Int: LayoutSystem.CellRoot] = [:]
        // The main system first, then each cell in document order (a cell's system comes after
        // the system around it).
        for key in [nil] + tree.nodes.indices.filter({ island[$0] == $0 }).map(Optional.some) {
            guard let m = members[key] else { continue }
            // A cell's root: itself first (its members are in document order from it).
            let part = key == nil ? tree.subtree(m, controllerView: tree.rootIsControllerView) : tree.subtree(m, controllerView: false)
            let cellRoot = key.flatMap { roots[$0] }
            if key != nil, cellRoot == nil { continue }
            let system = LayoutSystem(part, cellRoot: cellRoot)
            // Of views sharing an id (no file Xcode writes), the first: the one the constraints
            // naming it hold, and the width every label of that id is given.
            let labels = part.nodes.indices.filter { $0 > 0 || key == nil }.filter {
                wanted.contains(part.nodes[$0].id) && system.index[part.nodes[$0].id] == $0 && out[part.nodes[$0].id] == nil
            }
            let cells = part.nodes.indices.filter { $0 > 0 && part.nodes[$0].isCell && part.nodes[$0].parent != nil }
            for (c, width) in zip(cells, cellWidths(cells, in: system)) {
                roots[m[c]] = LayoutSystem.CellRoot(
                    width: width.line, insetBySafeArea: part.nodes[c].parent.map { part.spansRoot($0) } ?? false, note: width.note)
            }
            // (A label in no constraint keeps its frame without a solve: not counted.)
            let solved = labels.filter { !system.unconstrained.contains($0) }.count
            let tooMany = solved * part.nodes.count > budget
            var toSolve: [Int] = []
            for i in labels {
                let n = part.nodes[i]
                // A view with neither a frame nor a constraint (a file written by hand): nothing to solve.
                let arranged = n.parent.map { part.nodes[$0].kind == "stackView" } ?? false
                if n.frameWidth == nil, !system.constrained.contains(n.id), !arranged, !system.systemStyled.contains(i),
                    !system.systemPlaced.contains(i)
                {
                    continue
                }
                if tooMany, !system.unconstrained.contains(i) {
                    out[n.id] = pastBudget(solved, part.nodes.count, cellRoot)
                    continue
                }
                // Kept at its frame without a solve (`width(of:in:_:)`).
                if system.unconstrained.contains(i) {
                    out[n.id] = width(of: i, in: system, Reading())
                    continue
                }
                toSolve.append(i)
            }
            // A layout whose labels take the solver long (a chain of them, each solve moving all
            // the others): a label whose readings the work budget cut short is measured as past
            // `budget`.
            let read = readings(toSolve, in: system)
            for (i, r) in zip(toSolve, read) {
                out[part.nodes[i].id] =
                    r.widths.count == base.count + checks.count
                    ? width(of: i, in: system, r) : pastBudget(solved, part.nodes.count, cellRoot)
            }
        }
        markShared(&out)
        return out
    }

    /// The width of a label LabelSpec does not solve one by one: the view that holds them all.
    static func pastBudget(_ labels: Int, _ views: Int, _ cellRoot: LayoutSystem.CellRoot?) -> LayoutWidth {
        LayoutWidth(
            expression: cellRoot?.width.source ?? ".screen",
            source:
                "one of \(labels) labels among \(views) views in one layout, more than LabelSpec solves one by one: measured at the width of the view that holds them"
        )
    }

    /// What a label's solve reads at each screen (`base`, then `checks`): its width, and that of
    /// the nearest view around it whose width something holds (nil where the required
    /// constraints cannot hold), and whether its own is held by nothing.
    struct Reading {
        var widths: [Double?] = []
        var around: [Double?] = []
        var unbounded = false
        /// At each base screen: the neighbours' slopes (`neighbourSlopes`).
        var slopes: [[Int: (slope: Double, down: Double, up: Double)]?] = []
    }

    /// Each label's `Reading`: the screens outside, the labels inside, so that the screen's
    /// parameters change 10 times per system, not 10 times per label (each change moves the rows
    /// that hold them: about one per label). For each label at each screen: its intrinsic width
    /// made larger than any screen, its compression resistance at half the weight of its equals,
    /// a solve, and both put back.
    static func readings(_ labels: [Int], in s: LayoutSystem) -> [Reading] {
        let solver = s.solver
        var out = [Reading](repeating: Reading(), count: labels.count)
        let points = base + checks
        let setScreen = s.setScreen
        // The solver's work (`LayoutSolver.work`) is bounded by `workBudget`: once spent, the
        // readings stop, and those cut short are the caller's to measure otherwise.
        var start = solver.work
        var spent: Bool { solver.work - start > workBudget }
        // Label by label: each made the one solved for once, the screens inside; the first
        // labels are read whole before the budget runs out.
        func labelByLabel(from first: Int) {
            for k in first..<labels.count where !spent {
                out[k] = Reading()
                let i = labels[k]
                let prepared = prepare(i, in: s)
                for p in points where !spent { read(i, into: &out[k], at: p, ok: setScreen(p), in: s) }
                restore(i, prepared, in: s)
            }
        }
        if labels.count <= 16 {
            labelByLabel(from: 0)
            return out
        }
        // Many labels (a scene's): the screens outside, so the screen's parameters change 10
        // times, not 10 times per label. When the first screen shows that reading all of them
        // so would pass the budget (labels whose solves move each other: a chain, an equal-width
        // stack), label by label instead, as far as the budget goes.
        for (n, p) in points.enumerated() {
            let before = solver.work
            let ok = setScreen(p)
            for (k, i) in labels.enumerated() {
                let prepared = ok ? prepare(i, in: s) : nil
                read(i, into: &out[k], at: p, ok: ok, in: s)
                restore(i, prepared, in: s)
            }
            if n == 0, (solver.work - before) * points.count > workBudget {
                // (The budget from here: what the first screen took is spent on nothing kept.)
                start = solver.work
                labelByLabel(from: 0)
                return out
            }
        }
        return out
    }

    /// Makes label `i` the one solved for: its intrinsic width larger than any screen, its
    /// compression resistance at half the weight of its equals (so it gives way first). Returns
    /// the constraint put in its place (nil: nothing changed). A required compression resistance
    /// is left as it is: the label is never narrower than its text (UIKit breaks another
    /// constraint first), and what cuts it is the view around it.
    static func prepare(_ i: Int, in s: LayoutSystem) -> LayoutConstraint? {
        let node = s.tree.nodes[i]
        guard node.compressionResistance < 1000, let own = s.intrinsic[i] else { return nil }
        try? s.solver.setParameter(own.value, unbounded)
        guard (try? s.solver.remove(own.compression)) != nil else { return nil }
        let c = LayoutConstraint(s.width[i], .greaterOrEqual, own.value, strength: Strength(level: node.compressionResistance, weight: 0.5))
        return (try? s.solver.add(c)) != nil ? c : own.compression
    }

    /// Puts back what `prepare` changed.
    static func restore(_ i: Int, _ prepared: LayoutConstraint?, in s: LayoutSystem) {
        guard s.tree.nodes[i].compressionResistance < 1000, let own = s.intrinsic[i] else { return }
        if let prepared, prepared !== own.compression { try? s.solver.remove(prepared) }
        if !s.solver.hasConstraint(own.compression) { try? s.solver.add(own.compression) }
        try? s.solver.setParameter(own.value, s.tree.intrinsicWidth(i))
    }

    /// Label `i`'s width and the width of the nearest view around it that something holds (one
    /// whose width nothing states either, 0 as the solver leaves it, is passed), at screen `p`.
    static func read(_ i: Int, into r: inout Reading, at p: Point, ok: Bool, in s: LayoutSystem) {
        let node = s.tree.nodes[i]
        if s.intrinsic[i] != nil, node.compressionResistance >= 1000 { r.unbounded = true }
        guard ok else {
            r.widths.append(nil)
            r.around.append(nil)
            return
        }
        let w = s.solver.currentValue(s.width[i])
        if w >= unbounded / 2 { r.unbounded = true }
        var around = p.screen
        var a = node.parent
        while let j = a {
            let aw = s.solver.currentValue(s.width[j])
            if aw < unbounded / 2, aw > 0 {
                around = aw
                break
            }
            a = s.tree.nodes[j].parent
        }
        if r.widths.count < base.count, !r.unbounded { r.slopes.append(neighbourSlopes(i, in: s)) }
        r.widths.append(w)
        r.around.append(around)
    }

    /// Cells' widths in the system around them, each as a line in the screen's parameters (the
    /// system solved once at each point for all of them); the screen's width, said, for a cell
    /// whose width is not one (a table whose width nothing holds).
    static func cellWidths(_ cells: [Int], in s: LayoutSystem) -> [(line: Line, note: String?)] {
        guard !cells.isEmpty else { return [] }
        var values = [[Double?]](repeating: [], count: cells.count)
        for p in base {
            let ok = s.setScreen(p)
            if ok { s.solver.updateVariables() }
            for (k, c) in cells.enumerated() {
                let w = s.solver.value(s.width[c])
                values[k].append(ok && w > 0 && w < unbounded / 2 ? w : nil)
            }
        }
        let screen = Line(screen: 1, inset: 0, margin: 0, constant: 0)
        return values.map { v in
            guard let l = line(through: v) else {
                return (screen, "a cell whose table's width is not known: measured at the screen's width")
            }
            return (l, nil)
        }
    }

    static func width(of i: Int, in s: LayoutSystem, _ r: Reading) -> LayoutWidth {
        let node = s.tree.nodes[i]
        // A view in no constraint is held at its frame by a required constraint nothing else
        // names: its width on every screen, without solving (a solve reads every view of the
        // tree, and a scene of thousands of such labels would take minutes).
        if s.unconstrained.contains(i), let w = node.frameWidth, w < unbounded / 2 {
            var phrase = describe(i, in: s, unbounded: false)
            phrase = noting(phrase, conflictsOf: s)
            return LayoutWidth(expression: Line(screen: 0, inset: 0, margin: 0, constant: w).source, source: phrase)
        }
        let incompressible = s.intrinsic[i] != nil && node.compressionResistance >= 1000
        let unboundedWidth = r.unbounded
        // Held by nothing: the view around it, at every screen.
        let read = unboundedWidth ? r.around : r.widths
        let values = Array(read.prefix(base.count))
        let checked = zip(checks, read.dropFirst(base.count)).map { ($0, $1) }
        var phrase = describe(i, in: s, unbounded: unboundedWidth && !incompressible)
        if incompressible {
            phrase = join(
                phrase, "its compression resistance is 1000, so it is never narrower than its text: the width of the view around it")
        }
        guard let fitted = line(through: values) else {
            return LayoutWidth(expression: ".margins", source: join(phrase, "its required constraints conflict: measured at the margins"))
        }
        // A width of nothing or less (a cycle, a negative multiplier): no length of the language.
        let all = (values + checked.map(\.1)).compactMap { $0 }
        if let narrowest = all.min(), let widest = all.max(), narrowest <= 0 {
            let least = Builder.points(narrowest)
            phrase = noting(phrase, conflictsOf: s)
            if widest <= 0 {
                // Never the canvas frame: the widest its container allows, the view around it.
                let around = line(through: Array(r.around.prefix(base.count)))?.source
                let why = "its constraints leave it no room (\(least) pt): measured at the width of the view around it"
                return LayoutWidth(expression: around ?? ".screen", source: join(phrase, why))
            }
            let why = "its constraints leave it no room on some screens (\(least) pt on the narrowest): measured at the widest it gets"
            return LayoutWidth(expression: Builder.points(widest), source: join(phrase, why))
        }
        let bad = checked.contains { p, w in w.map { abs(fitted.at(p) - $0) > 0.01 } ?? false }
        if bad {
            let widest = (values + checked.map(\.1)).compactMap { $0 }.max() ?? 0
            phrase = join(phrase, "its width does not follow the screen in a straight line: measured at the widest it gets")
            return LayoutWidth(expression: Builder.points(widest), source: phrase)
        }
        phrase = noting(phrase, conflictsOf: s)
        let beside = neighbours(of: i, r, in: s)
        if let why = beside.why { phrase = join(phrase, why) }
        return LayoutWidth(expression: fitted.source, source: phrase, neighbours: beside.found)
    }

    static func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "; " + b }

    /// `phrase`, and the required constraints of the label's system that were left out, if any.
    static func noting(_ phrase: String, conflictsOf s: LayoutSystem) -> String {
        s.conflicts == 0 ? phrase : join(phrase, "\(s.conflicts) conflicting constraint(s) of its view left out, as UIKit breaks them")
    }

    /// `w = screen × cW + inset × cI + margin × cM + k` through the four base points.
    struct Line {
        let screen: Double
        let inset: Double
        let margin: Double
        let constant: Double

        func at(_ p: Point) -> Double { screen * p.screen + inset * p.inset + margin * p.margin + constant }

        /// As the language writes it: `.margins = screen - 2 inset - 2 margin`, `.safeArea = screen
        /// - 2 inset`, so `a = -cM / 2`, `b = -cI / 2 - a`, `c = cW - a - b`.
        var source: String {
            func snap(_ x: Double) -> Double {
                let r = (x * 1000).rounded() / 1000
                return abs(r) < 1e-9 ? 0 : r
            }
            let a = snap(-margin / 2)
            let b = snap(-inset / 2 - a)
            let c = snap(screen - a - b)
            var text = ""
            // Half of one and half of another: `(.margins + .safeArea) / 2`.
            let halves = [(a, ".margins"), (b, ".safeArea"), (c, ".screen")].filter { $0.0 != 0 }
            let paired = halves.count == 2 && halves.allSatisfy { $0.0 == 0.5 }
            if paired { text = "(\(halves[0].1) + \(halves[1].1)) / 2" }
            for (k, name) in [(a, ".margins"), (b, ".safeArea"), (c, ".screen")] where k != 0 && !paired {
                let term = abs(k) == 1 ? name : "\(name) * \(Builder.points(abs(k)))"
                text += text.isEmpty ? (k < 0 ? "0 - " + term : term) : (k < 0 ? " - " : " + ") + term
            }
            let d = snap(constant)
            if text.isEmpty { return Builder.points(d) }
            if Builder.points(abs(d)) != "0" { text += (d < 0 ? " - " : " + ") + Builder.points(abs(d)) }
            return text
        }
    }

    static func line(through values: [Double?]) -> Line? {
        guard values.count == 4, let w1 = values[0], let w2 = values[1], let w3 = values[2], let w4 = values[3] else { return nil }
        let (p1, p2, p3, p4) = (base[0], base[1], base[2], base[3])
        let cW = (w2 - w1) / (p2.screen - p1.screen)
        let cI = (w3 - w1 - cW * (p3.screen - p1.screen)) / (p3.inset - p1.inset)
        let cM = (w4 - w1 - cW * (p4.screen - p1.screen)) / (p4.margin - p1.margin)
        let k = w1 - cW * p1.screen - cI * p1.inset - cM * p1.margin
        return Line(screen: cW, inset: cI, margin: cM, constant: k)
    }

    // MARK: - Phrases

    /// Where a view's width comes from: its cell style, its stack view, the items its edges are
    /// pinned to, its autoresizing mask; and what around it is not modelled.
    static func describe(_ i: Int, in s: LayoutSystem, unbounded: Bool) -> String {
        let t = s.tree
        let n = t.nodes[i]
        var parts: [String] = []
        if s.systemStyled.contains(i) || s.systemPlaced.contains(i), let c = n.parent.flatMap({ t.nodes[$0].parent }),
            let style = t.nodes[c].style
        {
            let name = style.replacingOccurrences(of: "IBUITableViewCellStyle", with: "")
            let role = s.role(i, in: c) == "textLabel" ? "title" : "detail text"
            parts.append("the \(role) of a \(name) table cell, as UIKit's style places it")
        } else if let p = n.parent, t.nodes[p].kind == "stackView" {
            parts.append("in a \(t.nodes[p].axisVertical ? "vertical" : "horizontal") stack view")
        } else {
            var leading: String?
            var trailing: String?
            var width: String?
            // The constraints of it left out: a number not read, an item not in the layout.
            var leftOut: [String] = []
            var leftOutCount = 0
            for c in s.constraintsNaming[n.id] ?? [] {
                let missing = (c.first == n.id ? c.second : c.first).flatMap { s.index[$0] == nil && t.guides[$0] == nil ? $0 : nil }
                if let why = c.unread ?? missing.map({ "item " + LayoutTree.shortQuoted($0) + " not in its layout" }) {
                    leftOutCount += 1
                    if leftOut.count < 3, !leftOut.contains(why) { leftOut.append(why) }
                    continue
                }
                let mine: (String, String?, String?, Double)
                if c.first == n.id {
                    mine = (c.firstAttribute, c.second, c.secondAttribute, c.constant)
                } else if c.second == n.id, let a = c.secondAttribute {
                    mine = (a, c.first, c.firstAttribute, -c.constant)
                } else {
                    continue
                }
                let (attribute, other, otherAttribute, k) = mine
                guard c.priority >= 1000 || (leading == nil && trailing == nil) else { continue }
                let shown = Builder.points(abs(k))
                let offset = shown == "0" ? "" : k > 0 ? " + \(shown)" : " - \(shown)"
                let relation = c.relation == nil ? "" : (c.relation == "greaterThanOrEqual") == (c.first == n.id) ? "≥ " : "≤ "
                switch attribute {
                case "leading", "left", "leadingMargin", "leftMargin":
                    if leading == nil, let o = other { leading = relation + item(o, otherAttribute ?? "", i, s) + offset }
                case "trailing", "right", "trailingMargin", "rightMargin":
                    if trailing == nil, let o = other { trailing = relation + item(o, otherAttribute ?? "", i, s) + offset }
                case "width" where c.first == n.id && width == nil && other == nil:
                    width = "width \(relation)\(Builder.points(c.constant))"
                default: break
                }
            }
            if leftOutCount > 0 {
                let more = leftOutCount > leftOut.count ? ", …" : ""
                parts.append("\(leftOutCount) constraint(s) of it left out (\(leftOut.joined(separator: ", "))\(more))")
            }
            if let width { parts.append(width) }
            if let l = leading, let r = trailing {
                parts.append(l == r ? "between the leading and trailing edges of \(l)" : "between \(l) and \(r)")
            } else if let l = leading {
                parts.append("from \(l)")
            } else if let r = trailing {
                parts.append("up to \(r)")
            } else if width == nil, n.autoresizes {
                parts.append(
                    n.flexibleWidth ? "its autoresizing mask: it grows with its superview" : "its frame, which its autoresizing mask keeps")
            } else if s.unconstrained.contains(i) {
                parts.append("its frame: it has no constraints, and Xcode fixes its frame at build time")
            }
        }
        if unbounded { parts.append("nothing holds its width: the width of the view around it") }
        var a = n.parent
        var variations = n.variations
        while let j = a {
            if let note = s.notes[j] { parts.append(note) }
            for v in t.nodes[j].variations where !variations.contains(v) { variations.append(v) }
            a = t.nodes[j].parent
        }
        if !variations.isEmpty {
            // (A key is a few words: one longer is cut, quoted and escaped as any phrase of the file.)
            let keys =
                variations.prefix(2).map { LayoutTree.shortQuoted($0, most: 48) }.joined(separator: ", ")
                + (variations.count > 2 ? ", …" : "")
            parts.append("size-class variations of its layout (\(keys)) not read: Interface Builder's Any size class is measured")
        }
        return parts.joined(separator: "; ")
    }

    /// An item a label's edge is pinned to, in a few words: `"Cancel"`, `the trailing margin`,
    /// `the safe area`, `a switch`.
    static func item(_ id: String, _ attribute: String, _ label: Int, _ s: LayoutSystem) -> String {
        let t = s.tree
        let side =
            attribute.hasPrefix("leading") || attribute.hasPrefix("left")
            ? "leading" : attribute.hasPrefix("trailing") || attribute.hasPrefix("right") ? "trailing" : "centre"
        if let g = t.guides[id] {
            switch g.kind {
            case "safeArea": return "the safe area's \(side) edge"
            case "layoutMarginsGuide": return "the \(side) margin"
            case "readableContent": return "the readable width's \(side) edge"
            default: return "the scroll view's \(side) edge"
            }
        }
        guard let j = s.index[id] else { return "an unknown item" }
        var ancestor = t.nodes[label].parent
        while let a = ancestor, a != j { ancestor = t.nodes[a].parent }
        if ancestor != nil {
            return attribute.hasSuffix("Margin") ? "the \(side) margin" : "the superview's \(side) edge"
        }
        if let name = t.nodes[j].name, !name.isEmpty {
            // Quoted and escaped: the phrase becomes a comment of the generated source.
            return Builder.quoted(name.count > 24 ? String(name.prefix(23)) + "…" : name)
        }
        let kind = t.nodes[j].kind
        return (["a", "e", "i", "o", "u"].contains(kind.prefix(1)) ? "an " : "a ") + kind
    }
}
