import AutoLayoutSolver

/// A `LayoutTree`'s horizontal layout as a Cassowary system (docs/autolayout.md, "Storyboards"):
/// a left edge and a width per view; the screen's width, its safe-area side inset and the
/// system's minimum layout margin as parameters; the file's constraints at their priorities; each
/// content view's intrinsic width held by its hugging and compression resistance; and the
/// constraints UIKit makes itself (autoresizing masks, stack views, cells, system cell styles).
final class LayoutSystem {
    let tree: LayoutTree
    let solver = LayoutSolver()
    /// The window's width, the safe area's inset on each side, the system minimum layout margin.
    let screen: LayoutVariable
    let inset: LayoutVariable
    let margin: LayoutVariable
    private(set) var left: [LayoutVariable] = []
    private(set) var width: [LayoutVariable] = []
    /// Per view with an intrinsic width: its parameter and its compression resistance constraint.
    private(set) var intrinsic: [Int: (value: LayoutVariable, compression: LayoutConstraint)] = [:]
    /// Per view: its leading and trailing layout margins.
    private var margins: [(LinearExpression, LinearExpression)] = []
    /// Per view: what UIKit does that is not modelled, said with its width.
    private(set) var notes: [Int: String] = [:]
    /// Per scroll view: its content layout guide's width (free: only its content says it).
    private var contentWidth: [Int: LayoutVariable] = [:]
    let index: [String: Int]
    /// Per view: its subviews, in document order (a stack view's, a content view's: looked up
    /// per view, a filter of every view was the square of their number).
    let children: [[Int]]
    /// Constraints the solver refused (required ones that conflict): UIKit breaks one too.
    private(set) var conflicts = 0
    /// The ids of the items the file's constraints name.
    private(set) var constrained: Set<String> = []
    /// The views in no constraint, kept at their frame (Xcode's build-time constraints).
    private(set) var unconstrained: Set<Int> = []
    /// A Value2 cell's title: its column is fixed (no intrinsic width).
    private(set) var systemPlaced: Set<Int> = []
    /// A view placed by UIKit's cell style (`textLabel`, `detailTextLabel`).
    private(set) var systemStyled: Set<Int> = []

    /// A cell laid out on its own (`LayoutWidths.solve`): its width, as its table's system
    /// solved it, and whether its content view is inset by the safe area.
    struct CellRoot {
        let width: LayoutWidths.Line
        let insetBySafeArea: Bool
        let note: String?
    }
    let cellRoot: CellRoot?

    /// Per item id: the file's constraints that name it, in file order.
    let constraintsNaming: [String: [LayoutTree.Constraint]]

    init(_ tree: LayoutTree, cellRoot: CellRoot? = nil) {
        self.tree = tree
        self.cellRoot = cellRoot
        var children = [[Int]](repeating: [], count: tree.nodes.count)
        var naming: [String: [LayoutTree.Constraint]] = [:]
        for (i, n) in tree.nodes.enumerated() {
            if let p = n.parent { children[p].append(i) }
            for c in n.constraints {
                naming[c.first, default: []].append(c)
                if let s = c.second, s != c.first { naming[s, default: []].append(c) }
            }
        }
        self.children = children
        constraintsNaming = naming
        screen = solver.makeParameter("screen", value: 375)
        inset = solver.makeParameter("inset", value: 0)
        margin = solver.makeParameter("margin", value: 16)
        var index: [String: Int] = [:]
        for (i, n) in tree.nodes.enumerated() where index[n.id] == nil { index[n.id] = i }
        self.index = index
        for i in tree.nodes.indices {
            left.append(solver.makeVariable())
            width.append(solver.makeVariable())
            margins.append(marginsOf(i))
        }
        for n in tree.nodes {
            for c in n.constraints {
                constrained.insert(c.first)
                if let s = c.second { constrained.insert(s) }
            }
        }
        for i in tree.nodes.indices { place(i) }
        for i in tree.nodes.indices where tree.nodes[i].kind == "stackView" { arrange(i) }
        for (i, n) in tree.nodes.enumerated() {
            for c in n.constraints { add(c) }
            if n.hasIntrinsicWidth, !n.hidden, !systemPlaced.contains(i) {
                let value = solver.makeParameter("intrinsic", value: tree.intrinsicWidth(i))
                let own = IntrinsicWidth(
                    width: width[i], intrinsic: value, hugging: n.hugging, compressionResistance: n.compressionResistance)
                require(own.hugging)
                require(own.compressionResistance)
                intrinsic[i] = (value, own.compressionResistance)
            }
        }
        // No view is narrower than nothing (added last: a view's placement, added first, then
        // defines its width, which a row holding it already would keep out of the tableau).
        for i in tree.nodes.indices { require(LayoutConstraint(width[i], .greaterOrEqual, 0.0)) }
    }

    /// Sets the screen's parameters to `p`'s; false when the required constraints cannot hold
    /// there.
    func setScreen(_ p: LayoutWidths.Point) -> Bool {
        do {
            try solver.setParameter(screen, p.screen)
            try solver.setParameter(inset, p.inset)
            try solver.setParameter(margin, p.margin)
        } catch { return false }
        return true
    }

    // MARK: - Expressions

    private func v(_ x: LayoutVariable) -> LinearExpression { LinearExpression(x) }
    func right(_ i: Int) -> LinearExpression { v(left[i]) + width[i] }

    /// A constraint added, or counted as a conflict when the required ones cannot all hold.
    private func require(_ c: LayoutConstraint) {
        do { try solver.add(c) } catch { conflicts += 1 }
    }

    private func equal(_ a: LinearExpression, _ b: LinearExpression) { require(LayoutConstraint(a, .equal, b)) }

    /// A view's layout margins: a view controller's root view has the system's (plus the safe
    /// area's inset), a cell and its content view the system's, any other view 8 pt or its own;
    /// `preservesSuperviewLayoutMargins` takes its superview's on a side where it touches it.
    private func marginsOf(_ i: Int) -> (LinearExpression, LinearExpression) {
        let n = tree.nodes[i]
        if i == 0, tree.rootIsControllerView {
            if let m = n.margins { return (v(inset) + max(m.leading, 0), v(inset) + max(m.trailing, 0)) }
            return (v(inset) + v(margin), v(inset) + v(margin))
        }
        if n.isCell || isContentView(i) { return (v(margin), v(margin)) }
        var l = LinearExpression(constant: n.margins?.leading ?? 8)
        var r = LinearExpression(constant: n.margins?.trailing ?? 8)
        if n.preservesSuperviewMargins, let p = n.parent {
            if let x = n.frameX, abs(x) < 0.5 { l = margins[p].0 }
            if let x = n.frameX, let w = n.frameWidth, let pw = tree.nodes[p].frameWidth, abs(pw - x - w) < 0.5 { r = margins[p].1 }
        }
        return (l, r)
    }

    func isContentView(_ i: Int) -> Bool {
        guard let p = tree.nodes[i].parent else { return false }
        return tree.nodes[i].key == "contentView" && tree.nodes[p].isCell
    }

    /// An item's attribute: a view's or a layout guide's; nil for a vertical one or an unknown item.
    func anchor(_ item: String, _ attribute: String) -> LinearExpression? {
        var x: LinearExpression
        var w: LinearExpression
        var m: (LinearExpression, LinearExpression) = (LinearExpression(), LinearExpression())
        if let i = index[item] {
            (x, w, m) = (v(left[i]), v(width[i]), margins[i])
        } else if let g = tree.guides[item] {
            let i = g.node
            switch g.kind {
            case "safeArea":
                let s = i == 0 && tree.rootIsControllerView ? v(inset) : LinearExpression()
                (x, w) = (v(left[i]) + s, v(width[i]) - 2 * s)
            case "layoutMarginsGuide", "readableContent":
                (x, w) = (v(left[i]) + margins[i].0, v(width[i]) - margins[i].0 - margins[i].1)
            case "frameLayoutGuide":
                (x, w) = (v(left[i]), v(width[i]))
            case "contentLayoutGuide":
                let cw = contentWidth[i] ?? solver.makeVariable("content")
                contentWidth[i] = cw
                (x, w) = (v(left[i]), v(cw))
            default: return nil
            }
        } else {
            return nil
        }
        switch attribute {
        case "leading", "left": return x
        case "trailing", "right": return x + w
        case "centerX": return x + 0.5 * w
        case "width": return w
        case "leadingMargin", "leftMargin": return x + m.0
        case "trailingMargin", "rightMargin": return x + w - m.1
        case "centerXWithinMargins": return x + m.0 + 0.5 * (w - m.0 - m.1)
        default: return nil
        }
    }

    /// One of the file's constraints, when it is horizontal and its items are known.
    private func add(_ c: LayoutTree.Constraint) {
        guard c.unread == nil, let a = anchor(c.first, c.firstAttribute) else { return }
        let isWidth = c.firstAttribute == "width"
        var rhs = LinearExpression(constant: c.constant)
        if let s = c.second, let sa = c.secondAttribute {
            // A width against a position (or a height) is not a horizontal equation.
            guard (sa == "width") == isWidth, let b = anchor(s, sa) else { return }
            rhs = c.multiplier * b + c.constant
        } else if !isWidth {
            return
        }
        let relation: ConstraintRelation =
            c.relation == "greaterThanOrEqual" ? .greaterOrEqual : c.relation == "lessThanOrEqual" ? .lessOrEqual : .equal
        require(LayoutConstraint(a, relation, rhs, strength: c.priority >= 1000 ? .required : Strength(priority: c.priority)))
    }

    // MARK: - What UIKit lays out itself

    /// The root spans the window; a cell spans its table (an inset-grouped table's less its
    /// margins), a content view its cell less the accessory; a view without constraints follows
    /// its autoresizing mask.
    private func place(_ i: Int) {
        let n = tree.nodes[i]
        guard let p = n.parent else {
            equal(v(left[i]), LinearExpression())
            if let c = cellRoot {
                let l = c.width
                equal(v(width[i]), l.screen * v(screen) + l.inset * v(inset) + l.margin * v(margin) + l.constant)
                if let note = c.note { notes[i] = note }
                return
            }
            equal(v(width[i]), v(screen))
            if !tree.rootIsControllerView {
                notes[i] = n.isCell ? "a cell of a xib, as wide as the screen" : "a view of a xib, as wide as the screen"
            }
            return
        }
        let parent = tree.nodes[p]
        if n.isCell {
            if n.kind == "tableViewCell" {
                let grouped = parent.style == "insetGrouped" ? v(margin) : LinearExpression()
                equal(v(left[i]), v(left[p]) + grouped)
                equal(v(width[i]), v(width[p]) - 2 * grouped)
            } else {
                equal(v(left[i]), v(left[p]))
                if let w = parent.itemWidth {
                    equal(v(width[i]), LinearExpression(constant: w))
                } else {
                    equal(v(width[i]), v(width[p]))
                    notes[i] = "a collection view cell, whose width its layout sets in code: measured at the collection view's width"
                }
            }
            return
        }
        if isContentView(i) {
            // Inset by the safe area (a table's `insetsContentViewsToSafeArea`), less the accessory.
            let accessory = max(0, min(100, (parent.frameWidth ?? 0) - (n.frameWidth ?? parent.frameWidth ?? 0)))
            let table = parent.parent ?? 0
            // (A xib's cell, the root of its file: taken as in a table that spans the screen.)
            let spans = parent.parent == nil ? cellRoot?.insetBySafeArea ?? true : tree.spansRoot(table)
            let safe = parent.kind == "tableViewCell" && spans ? v(inset) : LinearExpression()
            equal(v(left[i]), v(left[p]) + safe)
            equal(v(width[i]), v(width[p]) - 2 * safe - accessory)
            return
        }
        if let k = n.key, k == "tableHeaderView" || k == "tableFooterView" || k == "backgroundView" || k == "contentView" {
            equal(v(left[i]), v(left[p]))
            equal(v(width[i]), v(width[p]))
            return
        }
        if placeSystemLabel(i) { return }
        // A stack view's arranged views are placed by `arrange`.
        guard parent.kind != "stackView", let x = n.frameX, let w = n.frameWidth else { return }
        // A view in no constraint keeps its frame: Xcode adds constraints that fix it at build time.
        if !n.autoresizes, !constrained.contains(n.id) {
            unconstrained.insert(i)
            equal(v(left[i]), v(left[p]) + x)
            equal(v(width[i]), LinearExpression(constant: w))
            return
        }
        guard n.autoresizes, let d = parent.frameWidth else { return }
        // The superview's growth (its width less the width it was designed at) goes to the
        // flexible parts, in proportion to their designed lengths (UIKit's autoresizing).
        let gap = d - x - w
        let parts = [(n.flexibleLeft, x), (n.flexibleWidth, w), (n.flexibleRight, gap)].filter(\.0).map { max(0, $0.1) }
        let total = parts.reduce(0, +)
        func share(_ flexible: Bool, _ length: Double) -> Double {
            guard flexible else { return 0 }
            if total <= 0 { return 1 / Double(parts.count) }
            return max(0, length) / total
        }
        let growth = v(width[p]) - d
        equal(v(left[i]), v(left[p]) + x + share(n.flexibleLeft, x) * growth)
        equal(v(width[i]), LinearExpression(constant: w) + share(n.flexibleWidth, w) * growth)
    }

    /// A system cell style's `textLabel` and `detailTextLabel`, placed as UIKit's styles place
    /// them (not documented by Apple: docs/autolayout.md says what is assumed). Returns whether
    /// `i` is one.
    private func placeSystemLabel(_ i: Int) -> Bool {
        let n = tree.nodes[i]
        guard let content = n.parent, isContentView(content), let cell = tree.nodes[content].parent,
            let style = tree.nodes[cell].style, let key = role(i, in: cell)
        else { return false }
        let siblings = children[content]
        let detail = siblings.first { role($0, in: cell) == "detailTextLabel" }
        let contentWidth = tree.nodes[content].frameWidth ?? 0
        // The gap at the row's end, as Interface Builder laid the style out.
        func endGap(_ j: Int?) -> LinearExpression {
            guard let j, let x = tree.nodes[j].frameX, let w = tree.nodes[j].frameWidth else { return v(margin) }
            let g = contentWidth - x - w
            return g >= 0 && g <= 40 ? LinearExpression(constant: g) : v(margin)
        }
        // Each sized to its text (its intrinsic width, below) within the row; in a Value1 row
        // the title before the detail text, 8 pt apart; a Value2 title in its fixed column.
        let rowLeft = v(left[content]) + v(margin)
        let rowRight = right(content)
        switch (style, key) {
        case ("IBUITableViewCellStyleValue1", "textLabel"):
            equal(v(left[i]), rowLeft)
            require(LayoutConstraint(right(i), .lessOrEqual, rowRight - endGap(detail)))
            // (A detail text set in code, whose width is unknown, takes none of the row.)
            if let d = detail, tree.intrinsicWidth(d) > 0 { require(LayoutConstraint(right(i) + 8, .lessOrEqual, v(left[d]))) }
        case ("IBUITableViewCellStyleValue1", _):
            equal(right(i), rowRight - endGap(i))
            require(LayoutConstraint(v(left[i]), .greaterOrEqual, rowLeft))
        case ("IBUITableViewCellStyleValue2", "textLabel"):
            systemPlaced.insert(i)
            equal(v(left[i]), v(left[content]) + (n.frameX ?? 16))
            equal(v(width[i]), LinearExpression(constant: n.frameWidth ?? 0))
            return true
        case ("IBUITableViewCellStyleValue2", _):
            equal(v(left[i]), v(left[content]) + (n.frameX ?? 16))
            require(LayoutConstraint(right(i), .lessOrEqual, rowRight - endGap(i)))
        default:
            equal(v(left[i]), rowLeft)
            require(LayoutConstraint(right(i), .lessOrEqual, rowRight - endGap(i)))
        }
        systemStyled.insert(i)
        return true
    }

    /// `textLabel` or `detailTextLabel` when view `i` is one of a cell's system labels: by its
    /// key, or by the cell's attribute naming it.
    func role(_ i: Int, in cell: Int) -> String? {
        if let k = tree.nodes[i].key, k == "textLabel" || k == "detailTextLabel" { return k }
        return tree.nodes[cell].systemLabels[tree.nodes[i].id]
    }

    /// The most arranged views a fill-equally stack view's equal widths are solved for.
    static let mostEqualWidths = 100

    /// A stack view's arranged views (its subviews that are not hidden): side by side with its
    /// spacing (at least it for the equal-spacing distributions), or each across it as its
    /// alignment says.
    private func arrange(_ s: Int) {
        let stack = tree.nodes[s]
        let arranged = children[s].filter { !tree.nodes[$0].hidden }
        guard !arranged.isEmpty else { return }
        let relative = stack.marginsRelativeArrangement
        let innerLeft = v(left[s]) + (relative ? margins[s].0 : LinearExpression())
        let innerRight = right(s) - (relative ? margins[s].1 : LinearExpression())
        if stack.axisVertical {
            for a in arranged {
                switch stack.alignment {
                case "leading", "top":
                    equal(v(left[a]), innerLeft)
                    require(LayoutConstraint(right(a), .lessOrEqual, innerRight))
                case "trailing", "bottom":
                    equal(right(a), innerRight)
                    require(LayoutConstraint(v(left[a]), .greaterOrEqual, innerLeft))
                case "center":
                    equal(v(left[a]) + 0.5 * v(width[a]), 0.5 * (innerLeft + innerRight))
                    require(LayoutConstraint(v(left[a]), .greaterOrEqual, innerLeft))
                default:
                    equal(v(left[a]), innerLeft)
                    equal(right(a), innerRight)
                }
            }
            return
        }
        equal(v(left[arranged[0]]), innerLeft)
        equal(right(arranged[arranged.count - 1]), innerRight)
        let spaced = stack.distribution == "equalSpacing" || stack.distribution == "equalCentering"
        // Equal widths cost the solver the square of their number (1,000 took 10 s and 240 MB).
        let equally = stack.distribution == "fillEqually" && arranged.count <= Self.mostEqualWidths
        for (a, b) in zip(arranged, arranged.dropFirst()) {
            require(LayoutConstraint(v(left[b]), spaced ? .greaterOrEqual : .equal, right(a) + stack.spacing))
            if equally { equal(v(width[b]), v(width[a])) }
        }
        if stack.distribution == "fillEqually", !equally {
            notes[s] = "a fill-equally stack view of \(arranged.count) views, more than LabelSpec makes equal: laid out as fill"
        }
        if stack.distribution == "fillProportionally" {
            notes[s] = "a fill-proportionally stack view, laid out as fill"
        }
    }
}
