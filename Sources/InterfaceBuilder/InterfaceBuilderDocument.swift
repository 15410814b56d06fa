/// A `<label>` of an Interface Builder file: its start tag, its direct children by their `key`
/// (`fontDescription`, `textColor`, `frame`, …) and its text, each with where it is written.
public struct IBLabel: Sendable {
    public let tag: XMLStartTag
    /// Direct children with a `key` attribute, by key (the first of each).
    public var children: [String: XMLStartTag] = [:]
    /// Text written as a child element (`<string key="text">` for text with line breaks, or the
    /// fragments of `<attributedString key="attributedText">`), with the element that holds it;
    /// a button's title (`IBButton.title`).
    public var elementText: (text: String, tag: XMLStartTag)?
    /// The runs of its attributed text (or of a button's attributed title): each fragment's font
    /// and colour; nil for plain text.
    public var attributed: IBAttributedText?
    /// A `<button>`'s states, configuration and image; nil for a `<label>`.
    public var button: IBButton?
    /// The name of the scene the label is in: its view controller's `customClass` without
    /// `ViewController` or `Controller` (`WelcomeViewController` → `Welcome`), else its
    /// `storyboardIdentifier`, else its `title`; nil outside a view controller (a xib's view).
    public var scene: String?
    /// The width its view hierarchy's Auto Layout gives it, solved (`LayoutWidths`): a length of
    /// the screen (`.margins - 12`) or a number, and where it comes from; nil outside a top-level
    /// view (a scene's view, a xib's view or cell).
    public var layoutWidth: LayoutWidth?
    /// Whether it is a direct subview of a root view (a scene's view, a xib's top-level view).
    public var inRootView = false
    /// The background colour of the root view it is a direct subview of (`inRootView`): what is
    /// behind it when it has none of its own.
    public var rootBackground: XMLStartTag?
    /// The outlet it is connected to (`<outlet property="titleLabel" destination="ID"/>` of its
    /// view controller, cell or File's Owner), or `textLabel` / `detailTextLabel` for a system
    /// cell style's own labels: its text may be set in code. Outlets are known once the
    /// top-level object holding the label (its view controller, a xib's view) has been read
    /// (they come after the views in the file) and those read before it (a xib's File's Owner).
    public var outlet: String?

    public subscript(_ attribute: String) -> XMLAttribute? { tag[attribute] }

    /// The `id` attribute (`GJd-Yh-RWb`): with `.text`, a storyboard's `.strings` key.
    public var id: String? { tag["id"]?.value }

    /// A `<button>`: its title is measured as a label (`elementText`: its configuration's title
    /// when it has one, else the normal state's), with the button's font, frame and line break mode.
    public var isButton: Bool { tag.name == "button" }

    /// A button that draws no title (an image only, or nothing): nothing of it is measured.
    public var isUntitledButton: Bool { isButton && (elementText?.text ?? "").isEmpty }

    /// The key of its text in the file's `.strings`: `ID.text`, a button's `ID.normalTitle` (its
    /// configuration's title: `ID.configuration.title`).
    public var stringsKey: String? { id.map { $0 + "." + (button?.titleProperty ?? "text") } }
}

/// What an `.xib` or `.storyboard` holds that LabelSpec reads: its labels, in document order.
public struct InterfaceBuilderDocument: Sendable {
    public var labels: [IBLabel] = []
    /// Why the file could not be read (whatever was read before it is in `labels`).
    public var problem: XMLProblem?

    /// The `type` of an Interface Builder document's root `<document>` starts with this.
    static let documentType = "com.apple.InterfaceBuilder"

    /// Reads an `.xib` or `.storyboard` file's bytes. Never fails: malformed XML, a root that is
    /// not Interface Builder's `<document>`, are `problem`.
    public static func read(_ bytes: [UInt8]) -> InterfaceBuilderDocument {
        var labels: [IBLabel] = []
        let problem = read(bytes) { labels.append($0) }
        return InterfaceBuilderDocument(labels: labels, problem: problem)
    }

    /// Reads a file's bytes and hands each label to `each` as soon as its element ends, in
    /// document order (none is kept here); returns why the file could not be read, if it could
    /// not (the labels before the problem were handed over).
    public static func read(_ bytes: [UInt8], each: (IBLabel) -> Void) -> XMLProblem? {
        withoutActuallyEscaping(each) { each in
            let collector = Collector(each: each, images: ImageResources.read(bytes))
            let problem = XMLReader.read(bytes, into: collector)
            collector.flush()
            if problem == nil, !collector.sawRoot {
                return XMLProblem(message: "no root element: not an Interface Builder file", offset: 0)
            }
            return problem
        }
    }

    /// Gathers labels from the events; refuses a root that is not Interface Builder's.
    private final class Collector: XMLEvents {
        let each: (IBLabel) -> Void
        var stop: XMLProblem?
        var sawRoot = false
        private var depth = 0
        /// The label being read and its depth.
        private var current: (label: IBLabel, depth: Int)?
        /// Text being gathered: from a `<string key="text">` (or an attributed string's fragments)
        /// of the current label, at this depth, with the runs of an attributed string and where the
        /// text goes (a label's text, a button's state or configuration title).
        private var gathering: (text: String, tag: XMLStartTag, depth: Int, runs: IBAttributedText?, target: Target)?
        enum Target { case text, stateTitle, configurationTitle }
        /// The depth of the `<string key="content">` of a fragment being read (its characters are
        /// text; the whitespace between elements is not).
        private var contentString: Int?
        /// The key of the current label's child being read (at the label's depth + 1).
        private var child: String?
        /// The images of the file's `<resources>`, by name.
        let images: [String: ImageResources.Entry]
        /// The view controllers around the element being read (`<viewController>`,
        /// `<tableViewController>`, …): each one's scene name and depth.
        private var controllers: [(scene: String?, depth: Int)] = []

        init(each: @escaping (IBLabel) -> Void, images: [String: ImageResources.Entry]) {
            self.each = each
            self.images = images
        }

        func wants(_ name: String) -> Bool {
            !sawRoot || current != nil || root != nil || name == "label" || name == "button" || name.hasSuffix("Controller")
                || name == "view"
                || name == "objects" || name == "outlet" || name == "outletCollection" || name.hasSuffix("Cell") || name.hasSuffix("View")
                || name == "placeholder"
        }

        /// The depth of the static table view being read (`dataMode="static"`).
        private var staticTable: Int?
        /// Outlets read so far: destination id → property name.
        private var outlets: [String: String] = [:]
        /// Labels read in the top-level object being read (a view controller, a xib's view), held
        /// until it ends: its outlets come after its views.
        private var pending: [IBLabel] = []

        /// Whether the file is a watchOS storyboard (`targetRuntime="watchKit"`).
        private var watchOS = false

        /// Hands a label over, or holds it until its top-level object ends.
        private func emit(_ label: IBLabel) {
            if watchOS { return }
            if inTopLevel {
                pending.append(label)
            } else {
                each(outletted(label))
            }
        }

        /// Whether an element at `objectsDepth + 1` is open (the top-level object).
        private var inTopLevel = false

        private func outletted(_ label: IBLabel) -> IBLabel {
            guard label.outlet == nil, let id = label.id, let property = outlets[id] else { return label }
            var l = label
            l.outlet = property
            return l
        }

        /// Hands over the labels held (at the end of their top-level object, or of the file).
        func flush() {
            for label in pending { each(outletted(label)) }
            pending = []
        }

        /// The root view being read (a scene's `<view key="view">` or other view of that key, a
        /// xib's top-level view or cell): its depth, its layout as read so far, and its labels,
        /// held until it ends (its constraints come after its subviews).
        private var root: (depth: Int, layout: LayoutTreeBuilder, labels: [IBLabel])?
        /// Whether a xib's File's Owner is a view controller (its top-level view is then the
        /// controller's: the system's margins).
        private var ownerIsController = false
        /// The root view's `<color key="backgroundColor">`.
        private var rootBackground: XMLStartTag?
        /// The depth of `<objects>` (a xib's top-level views are its children).
        private var objectsDepth: Int?

        /// The top-level objects of a xib laid out as views.
        static let topLevelViews: Set<String> = [
            "view", "tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView", "stackView", "scrollView",
        ]

        /// A view controller's scene name (`IBLabel.scene`).
        static func sceneName(_ tag: XMLStartTag) -> String? {
            if var name = tag["customClass"]?.value, !name.isEmpty {
                for suffix in ["ViewController", "Controller"] where name.hasSuffix(suffix) && name.count > suffix.count {
                    name.removeLast(suffix.count)
                    break
                }
                return name
            }
            for key in ["storyboardIdentifier", "title"] {
                if let v = tag[key]?.value, !v.isEmpty { return v }
            }
            return nil
        }

        func skip() {
            depth += 1
            if let o = objectsDepth, depth == o + 1 { inTopLevel = true }
        }

        func start(_ tag: XMLStartTag) {
            depth += 1
            if let o = objectsDepth, depth == o + 1 { inTopLevel = true }
            if !sawRoot {
                sawRoot = true
                let type = tag["type"]?.value ?? ""
                if tag.name != "document" || !type.hasPrefix(InterfaceBuilderDocument.documentType) {
                    let what = tag.name == "document" ? "its <document> has type '\(type)'" : "its root element is <\(tag.name)>"
                    stop = XMLProblem(
                        message: "not an Interface Builder file: \(what), not <document type=\"com.apple.InterfaceBuilder3…\">",
                        offset: tag.nameRange.lowerBound)
                }
                // A watchOS storyboard lays out no UIKit view: none of its labels is measured
                // (docs/interface-builder.md, "What is not read").
                watchOS = tag["targetRuntime"]?.value == "watchKit"
                return
            }
            root?.layout.start(tag)
            if current == nil, tag.name.hasSuffix("Controller") {
                controllers.append((Collector.sceneName(tag), depth))
                return
            }
            if tag.name == "objects", objectsDepth == nil { objectsDepth = depth }
            // A static table's cells have their text in the file: only a dynamic one's system
            // cell labels (`<tableViewCell textLabel="ID" detailTextLabel="ID">`) are filled by code.
            if tag.name == "tableView", tag["dataMode"]?.value == "static", staticTable == nil { staticTable = depth }
            if tag.name == "tableViewCell", staticTable == nil {
                for key in ["textLabel", "detailTextLabel"] { if let id = tag[key]?.value { outlets[id] = key } }
            }
            if tag.name == "outlet" || tag.name == "outletCollection", let property = tag["property"]?.value,
                let destination = tag["destination"]?.value
            {
                outlets[destination] = property
                return
            }
            if tag.name == "placeholder", tag["placeholderIdentifier"]?.value == "IBFilesOwner" {
                ownerIsController = tag["customClass"]?.value.hasSuffix("Controller") ?? false
            }
            if current == nil, root == nil, tag["id"] != nil,
                (tag["key"]?.value == "view" && controllers.last.map { depth == $0.depth + 1 } == true)
                    || (controllers.isEmpty && objectsDepth.map { depth == $0 + 1 } == true && Collector.topLevelViews.contains(tag.name))
            {
                let controllerView = !controllers.isEmpty || (ownerIsController && tag.name == "view")
                root = (depth, LayoutTreeBuilder(root: tag, isControllerView: controllerView), [])
                rootBackground = nil
                return
            }
            if let r = root, current == nil, tag.name == "color", depth == r.depth + 1, tag["key"]?.value == "backgroundColor" {
                rootBackground = tag
            }
            if tag.name == "label" || tag.name == "button", current == nil {
                // Only what the translation reads is kept: a storyboard's labels carry a dozen
                // attributes and children it has no use for (a 64 MB file's took 1 GB).
                var label = IBLabel(tag: tag.keeping(Translation.labelAttributes))
                if tag.name == "button" { label.button = IBButton() }
                label.scene = controllers.last?.scene
                // A system cell style's labels: UIKit's `textLabel` and `detailTextLabel`.
                if let key = tag["key"]?.value, key == "textLabel" || key == "detailTextLabel" { label.outlet = key }
                // root > subviews > label
                label.inRootView = root.map { depth == $0.depth + 2 } ?? false
                current = (label, depth)
                return
            }
            guard let labelDepth = current?.depth else { return }
            if depth == labelDepth + 1 { child = tag["key"]?.value }
            if depth == labelDepth + 1, let key = tag["key"]?.value {
                // In place: a copy of the label would copy its children for each child.
                if current!.label.children[key] == nil, let kept = Translation.childAttributes[key] {
                    current!.label.children[key] = kept.map { tag.keeping($0) } ?? tag
                }
                if (tag.name == "string" && key == "text") || (tag.name == "attributedString" && key == "attributedText") {
                    if current!.label.elementText == nil {
                        gathering = ("", tag, depth, tag.name == "attributedString" ? IBAttributedText() : nil, .text)
                    }
                }
                if current!.label.button != nil {
                    if tag.name == "state", key == "normal" {
                        current!.label.button!.state = tag.keeping(IBButton.stateAttributes)
                    } else if tag.name == "buttonConfiguration", key == "configuration" {
                        current!.label.button!.configuration = tag.keeping(IBButton.configurationAttributes)
                    }
                }
            } else if depth == labelDepth + 2, current!.label.button != nil, let key = tag["key"]?.value,
                child == "normal" || child == "configuration"
            {
                // A button's title colour, its configuration's insets, font and colours, and an
                // attributed title of either.
                if tag.name == "attributedString", key == "attributedTitle" {
                    gathering = ("", tag, depth, IBAttributedText(), child == "normal" ? .stateTitle : .configurationTitle)
                } else if child == "normal" {
                    if IBButton.stateKeys.contains(key), current!.label.button!.stateChildren[key] == nil {
                        current!.label.button!.stateChildren[key] = tag
                    }
                } else if IBButton.configurationKeys.contains(key), current!.label.button!.configurationChildren[key] == nil {
                    current!.label.button!.configurationChildren[key] = tag
                }
            } else if let g = gathering, g.runs != nil {
                // <attributedString> > <fragment content="…"> > <attributes> > <font>, <color>;
                // or <fragment> > <string key="content">TEXT</string>.
                if tag.name == "fragment", depth == g.depth + 1 {
                    gathering?.text += tag["content"]?.value ?? ""
                    gathering?.runs?.startFragment(content: tag["content"]?.value)
                } else if depth == g.depth + 2, tag.name == "string", tag["key"]?.value == "content" {
                    contentString = depth
                } else if depth == g.depth + 3 {
                    gathering?.runs?.attribute(tag)
                }
            }
        }

        func characters(_ text: String) {
            guard let g = gathering else { return }
            // The text of `<string key="text">` itself, or of a fragment's `<string key="content">`:
            // never the whitespace between elements (an attributed string's indentation).
            if g.runs == nil ? depth == g.depth : depth == contentString {
                gathering?.text += text
                gathering?.runs?.addText(text)
            }
        }

        func end(_ name: String) {
            defer { depth -= 1 }
            if depth == contentString { contentString = nil }
            if let g = gathering, g.runs != nil, name == "fragment", depth == g.depth + 1 { gathering?.runs?.endFragment() }
            if let g = gathering, depth == g.depth {
                switch g.target {
                case .text:
                    current?.label.elementText = (g.text, g.tag)
                    current?.label.attributed = g.runs
                case .stateTitle: current?.label.button?.stateAttributedTitle = (g.text, g.tag, g.runs ?? IBAttributedText())
                case .configurationTitle:
                    current?.label.button?.configurationAttributedTitle = (g.text, g.tag, g.runs ?? IBAttributedText())
                }
                gathering = nil
            }
            if let c = current, depth == c.depth + 1 { child = nil }
            if let c = current, depth == c.depth {
                var label = c.label
                current = nil
                if var button = label.button {
                    let configured = button.configuration
                    let image = (configured ?? button.state).flatMap { $0["image"]?.value }.flatMap { $0.isEmpty ? nil : $0 }
                    button.image = image.map { ($0, ImageResources.width(of: $0, in: images)) }
                    label.button = button
                    label.elementText = button.title
                    label.attributed = button.title == nil ? nil : button.titleRuns
                }
                if root != nil { root?.labels.append(label) } else { emit(label) }
            }
            if let r = root, depth > r.depth { r.layout.end() }
            if let r = root, depth == r.depth {
                root = nil
                var widths = LayoutWidths.solve(r.layout.tree, ids: r.labels.compactMap(\.id))
                // Its labels past the views a layout keeps: in no view laid out, but in this one.
                if r.layout.truncated {
                    let kept = Set(r.layout.tree.nodes.map(\.id))
                    for id in r.labels.compactMap(\.id) where !kept.contains(id) { widths[id] = LayoutWidths.pastMostNodes }
                }
                for var label in r.labels {
                    label.layoutWidth = label.id.flatMap { widths[$0] }
                    // Written after its subviews: known once the root view ends.
                    if label.inRootView { label.rootBackground = rootBackground }
                    emit(label)
                }
            }
            if let s = staticTable, depth == s { staticTable = nil }
            if let o = objectsDepth, depth == o + 1 {
                inTopLevel = false
                flush()
            }
            if let last = controllers.last, depth == last.depth { controllers.removeLast() }
        }
    }
}
