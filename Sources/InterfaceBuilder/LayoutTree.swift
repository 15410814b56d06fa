/// The horizontal layout of one top-level view of an Interface Builder file (a scene's root view, a
/// xib's top-level view or cell) as the file states it: its views, their frames, margins, guides,
/// stack view and cell settings, and every constraint, read while the file streams by. What a
/// label's width is solved from (`LayoutWidths`); nothing else of the file is kept.
struct LayoutTree {
    /// A view of the tree.
    struct Node {
        let id: String
        /// The element's name: `view`, `label`, `button`, `stackView`, `tableViewCell`, …
        let kind: String
        /// Its `key` (`view`, `contentView`, `textLabel`, `tableHeaderView`), if any.
        let key: String?
        /// Its superview's index (nil for the root). A cell's is its table or collection view.
        var parent: Int?
        /// Its frame's x and width as designed (in its superview's coordinates).
        var frameX: Double?
        var frameWidth: Double?
        /// Whether UIKit turns its autoresizing mask into constraints (an `<autoresizingMask>` and
        /// no `translatesAutoresizingMaskIntoConstraints="NO"`), and the mask's flexible parts.
        let translatesMask: Bool
        var autoresizes = false
        var flexibleLeft = false
        var flexibleWidth = false
        var flexibleRight = false
        /// Content hugging and compression resistance, horizontal (UIKit's defaults: 250, 750).
        let hugging: Int
        let compressionResistance: Int
        let hidden: Bool
        /// Custom layout margins (`<edgeInsets key="layoutMargins">`, or directional ones).
        var margins: (leading: Double, trailing: Double)?
        let preservesSuperviewMargins: Bool
        /// A stack view's settings.
        let axisVertical: Bool
        let distribution: String?
        let alignment: String?
        let spacing: Double
        let marginsRelativeArrangement: Bool
        /// A table cell's system labels, when the cell names them (`textLabel="ID"`).
        let systemLabels: [String: String]
        /// A cell's style (`IBUITableViewCellStyleValue1`) and accessory; a table's style.
        let style: String?
        let accessory: String?
        /// Its text (a label's) or title (a button's normal state's), and its `userLabel`.
        var text: String?
        let userLabel: String?
        /// What it is called in a phrase: its text, else its `userLabel`.
        var name: String? { text ?? userLabel }
        /// Its font's size at the default text size (`fontDescription`'s point size, or its text
        /// style's size at `.large`).
        var pointSize: Double?
        /// A collection view's flow layout item width.
        var itemWidth: Double?
        /// The size classes it has variations for (`<variation key="widthClass=compact">`: a
        /// font, constraints installed or not): not read.
        var variations: [String] = []
        /// Its `<constraints>`, in file order.
        var constraints: [Constraint] = []

        /// A view UIKit gives an intrinsic width from its content (its frame's width as designed
        /// stands for it when it is not the label being solved).
        var hasIntrinsicWidth: Bool {
            ["label", "button", "textField", "switch", "imageView", "segmentedControl", "stepper", "activityIndicatorView", "pageControl"]
                .contains(kind)
        }
        var isCell: Bool { kind == "tableViewCell" || kind == "collectionViewCell" || kind == "collectionReusableView" }
    }

    /// One `<constraint>`: `first.firstAttribute (relation) multiplier × second.secondAttribute +
    /// constant` at `priority`; a missing item is the view holding it.
    struct Constraint {
        let first: String
        let firstAttribute: String
        let second: String?
        let secondAttribute: String?
        let relation: String?
        let multiplier: Double
        let constant: Double
        let priority: Int
        /// What of it could not be read (`multiplier "1:0"`): a constant or multiplier that is not
        /// a finite number of at most 100,000, a priority not from 1 to 1000. Such a constraint is
        /// left out of the system (and said), but its items are still constrained.
        let unread: String?

        init?(_ tag: XMLStartTag, owner: String) {
            guard tag["placeholder"]?.value != "YES", let a = tag["firstAttribute"]?.value else { return nil }
            first = tag["firstItem"]?.value ?? owner
            firstAttribute = a
            secondAttribute = tag["secondAttribute"]?.value
            second = secondAttribute == nil ? nil : tag["secondItem"]?.value ?? owner
            relation = tag["relation"]?.value
            let c = LayoutTree.number(tag["constant"]?.value ?? "0")
            let m = LayoutTree.multiplier(tag["multiplier"]?.value)
            let p = Int(tag["priority"]?.value ?? "1000").flatMap { $0 > 0 ? $0 : nil }
            constant = c ?? 0
            multiplier = m ?? 1
            priority = min(p ?? 1000, 1000)
            let bad = [("constant", c == nil), ("multiplier", m == nil), ("priority", p == nil)].first { $0.1 }?.0
            unread = bad.map { "\($0) " + LayoutTree.shortQuoted(tag[$0]?.value ?? "") }
        }
    }

    /// A layout guide of a view: `safeArea`, `layoutMarginsGuide`, `readableContent`,
    /// `contentLayoutGuide`, `frameLayoutGuide`.
    struct Guide {
        let node: Int
        let kind: String
    }

    var nodes: [Node] = []
    var guides: [String: Guide] = [:]
    /// Whether the root is a view controller's view (its margins are the system's).
    let rootIsControllerView: Bool

    init(rootIsControllerView: Bool) { self.rootIsControllerView = rootIsControllerView }

    /// The views `members` (a view and views under it, in document order, the first the new
    /// root), re-indexed, with their guides.
    func subtree(_ members: [Int], controllerView: Bool) -> LayoutTree {
        var t = LayoutTree(rootIsControllerView: controllerView)
        var map: [Int: Int] = [:]
        for (k, i) in members.enumerated() { map[i] = k }
        for i in members {
            var n = nodes[i]
            n.parent = n.parent.flatMap { map[$0] }
            t.nodes.append(n)
        }
        for (id, g) in guides { if let k = map[g.node] { t.guides[id] = Guide(node: k, kind: g.kind) } }
        return t
    }

    /// The text styles' sizes at `.large`, as Interface Builder names them.
    static let styleSizes: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22,
        "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16,
        "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13, "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// How wide a text view draws its own content, for a view other than the one being solved:
    /// its frame as Interface Builder drew it, but no wider than its text's length at 0.62 em a
    /// character (wider than the average Latin letter of San Francisco): a label Interface
    /// Builder stretched to fill a row does not take the row from its neighbour.
    func intrinsicWidth(_ i: Int) -> Double {
        let n = nodes[i]
        let frame = max(0, n.frameWidth ?? 0)
        guard n.kind == "label" || n.kind == "button" || n.kind == "textField" else { return frame }
        // A text field draws its text or placeholder; an empty one, next to nothing.
        // An empty label or text field draws nothing; a button without a title, its image.
        guard let text = n.text else { return n.kind == "button" ? frame : 0 }
        // Xcode's placeholder, which code replaces: its width is unknown, and taken as none.
        if IBLabel.isPlaceholder(text) { return 0 }
        let size = n.pointSize ?? (n.kind == "button" ? 15 : n.kind == "textField" ? 14 : 17)
        return min(frame, Double(text.count) * 0.62 * size)
    }

    /// Whether view `i` spans its root view's width as designed (its frame from the root's left
    /// edge to its right one): a table that does is inset by the safe area in its cells.
    func spansRoot(_ i: Int) -> Bool {
        var x = 0.0
        var j: Int? = i
        while let k = j, let p = nodes[k].parent {
            x += nodes[k].frameX ?? 0
            j = p
        }
        guard let w = nodes[i].frameWidth, let rootWidth = nodes.first?.frameWidth else { return i == 0 }
        return abs(x) < 0.5 && abs(w - rootWidth) < 0.5
    }

    /// A finite number no larger than a length may be (`ScreenLength.mostPoints`).
    static func number(_ s: String) -> Double? {
        guard let v = Double(s), v.isFinite, abs(v) <= 100_000 else { return nil }
        return v
    }

    /// A value of the file in a phrase: quoted and escaped, at most `most` characters.
    static func shortQuoted(_ s: String, most: Int = 24) -> String {
        Builder.quoted(s.count > most ? String(s.prefix(most - 1)) + "…" : s)
    }

    /// `0.5`, `1:2`; absent is 1.
    static func multiplier(_ s: String?) -> Double? {
        guard let s else { return 1 }
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let a = number(String(parts[0])), let b = number(String(parts[1])), b != 0 { return a / b }
        return parts.count == 1 ? number(s) : nil
    }
}

/// Builds a `LayoutTree` from the XML events of one top-level view, from its start tag to its end.
final class LayoutTreeBuilder {
    private(set) var tree: LayoutTree
    /// The open elements: name, the node it is (if it is one), and whether it is in a view
    /// left out (past `mostNodes`: nothing in it is read, not even its constraints, which would
    /// otherwise be taken for the nearest view kept).
    private var stack: [(name: String, node: Int?, leftOut: Bool)] = []
    /// The most views a tree keeps (a hostile file's millions of views are not solved).
    static let mostNodes = 50_000
    private(set) var truncated = false

    init(root: XMLStartTag, isControllerView: Bool) {
        tree = LayoutTree(rootIsControllerView: isControllerView)
        stack.append((root.name, addNode(root, parent: nil), false))
    }

    /// Names of elements whose children are views.
    private static let viewLists: Set<String> = ["subviews", "cells", "prototypes"]
    private static let viewKeys: Set<String> = ["contentView", "tableHeaderView", "tableFooterView", "backgroundView"]

    private var nearestNode: Int? { stack.last(where: { $0.node != nil })?.node ?? nil }

    func start(_ tag: XMLStartTag) {
        let parentName = stack.last?.name ?? ""
        let key = tag["key"]?.value
        let isView =
            tag.name != "constraint" && tag.name != "viewLayoutGuide"
            && ((tag["id"] != nil && Self.viewLists.contains(parentName))
                || ((key.map { Self.viewKeys.contains($0) } ?? false) && (tag.name == "view" || tag.name.hasSuffix("View"))))
        let inLeftOut = stack.last?.leftOut ?? false
        if isView, !inLeftOut, let parent = nearestNode, tree.nodes.count < Self.mostNodes {
            stack.append((tag.name, addNode(tag, parent: parent), false))
            return
        }
        if isView { truncated = true }
        if isView || inLeftOut {
            stack.append((tag.name, nil, true))
            return
        }
        defer { stack.append((tag.name, nil, false)) }
        // The elements of the innermost node: frame, mask, margins, guides, constraints, title.
        guard let top = stack.last, let n = top.node ?? (parentName == "constraints" ? nearestNode : nil)
        else {
            if tag.name == "size", key == "itemSize", let n = nearestNode, let w = tag["width"]?.value {
                tree.nodes[n].itemWidth = LayoutTree.number(w)
            }
            return
        }
        switch (tag.name, key) {
        case ("rect", "frame"):
            // An x left out is 0, as a rect's missing coordinate is (one that is not a number: unknown).
            tree.nodes[n].frameX = tag["x"].map { LayoutTree.number($0.value) } ?? 0
            tree.nodes[n].frameWidth = tag["width"].flatMap { LayoutTree.number($0.value) }
        case ("autoresizingMask", "autoresizingMask"):
            tree.nodes[n].autoresizes = tree.nodes[n].translatesMask
            tree.nodes[n].flexibleLeft = tag["flexibleMinX"]?.value == "YES"
            tree.nodes[n].flexibleWidth = tag["widthSizable"]?.value == "YES"
            tree.nodes[n].flexibleRight = tag["flexibleMaxX"]?.value == "YES"
        case ("edgeInsets", "layoutMargins"):
            let l = tag["minX"].flatMap { LayoutTree.number($0.value) } ?? 8
            let r = tag["maxX"].flatMap { LayoutTree.number($0.value) } ?? 8
            tree.nodes[n].margins = (l, r)
        case ("directionalEdgeInsets", "directionalLayoutMargins"):
            let l = tag["leading"].flatMap { LayoutTree.number($0.value) } ?? 8
            let r = tag["trailing"].flatMap { LayoutTree.number($0.value) } ?? 8
            tree.nodes[n].margins = (l, r)
        case ("viewLayoutGuide", let k?):
            if let id = tag["id"]?.value { tree.guides[id] = LayoutTree.Guide(node: n, kind: k) }
        case ("constraint", _) where parentName == "constraints":
            if let c = LayoutTree.Constraint(tag, owner: tree.nodes[n].id) { tree.nodes[n].constraints.append(c) }
        case ("state", "normal") where tree.nodes[n].text == nil:
            tree.nodes[n].text = (tag["title"]?.value).flatMap { $0.isEmpty ? nil : $0 }
        case ("variation", let k?) where top.node != nil:
            if !tree.nodes[n].variations.contains(k), tree.nodes[n].variations.count < 4 { tree.nodes[n].variations.append(k) }
        case ("fontDescription", "fontDescription"):
            tree.nodes[n].pointSize =
                tag["pointSize"].flatMap { LayoutTree.number($0.value) } ?? tag["style"].flatMap { LayoutTree.styleSizes[$0.value] }
        default: break
        }
    }

    func end() { stack.removeLast() }

    private func addNode(_ tag: XMLStartTag, parent: Int?) -> Int {
        func priority(_ name: String, _ byDefault: Int) -> Int {
            tag[name].flatMap { Int($0.value) }.map { min(max($0, 1), 1000) } ?? byDefault
        }
        let node = LayoutTree.Node(
            // A collection view cell's `<view key="contentView">` may have no id: one no file can
            // write (ids are attribute values: no `#`) stands for it.
            id: tag["id"]?.value ?? "#\(tree.nodes.count)", kind: tag.name, key: tag["key"]?.value, parent: parent,
            translatesMask: tag["translatesAutoresizingMaskIntoConstraints"]?.value != "NO",
            hugging: priority("horizontalHuggingPriority", 250),
            compressionResistance: priority("horizontalCompressionResistancePriority", 750), hidden: tag["hidden"]?.value == "YES",
            preservesSuperviewMargins: tag["preservesSuperviewLayoutMargins"]?.value == "YES",
            axisVertical: tag["axis"]?.value == "vertical", distribution: tag["distribution"]?.value, alignment: tag["alignment"]?.value,
            spacing: tag["spacing"].flatMap { LayoutTree.number($0.value) } ?? 0,
            marginsRelativeArrangement: tag["layoutMarginsRelativeArrangement"]?.value == "YES",
            systemLabels: ["textLabel", "detailTextLabel"].reduce(into: [:]) { m, k in if let id = tag[k]?.value { m[id] = k } },
            style: tag["style"]?.value, accessory: tag["accessoryType"]?.value,
            text: (tag["text"]?.value ?? tag["placeholder"]?.value).flatMap { $0.isEmpty ? nil : $0 }, userLabel: tag["userLabel"]?.value)
        tree.nodes.append(node)
        return tree.nodes.count - 1
    }
}
