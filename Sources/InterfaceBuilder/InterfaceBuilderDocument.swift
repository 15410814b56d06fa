/// A `<label>` of an Interface Builder file: its start tag, its direct children by their `key`
/// (`fontDescription`, `textColor`, `frame`, …) and its text, each with where it is written.
public struct IBLabel: Sendable {
    public let tag: XMLStartTag
    /// Direct children with a `key` attribute, by key (the first of each).
    public var children: [String: XMLStartTag] = [:]
    /// Text written as a child element (`<string key="text">` for text with line breaks, or the
    /// fragments of `<attributedString key="attributedText">`), with the element that holds it.
    public var elementText: (text: String, tag: XMLStartTag)?
    /// The name of the scene the label is in: its view controller's `customClass` without
    /// `ViewController` or `Controller` (`WelcomeViewController` → `Welcome`), else its
    /// `storyboardIdentifier`, else its `title`; nil outside a view controller (a xib's view).
    public var scene: String?

    public subscript(_ attribute: String) -> XMLAttribute? { tag[attribute] }

    /// The `id` attribute (`GJd-Yh-RWb`): with `.text`, a storyboard's `.strings` key.
    public var id: String? { tag["id"]?.value }

    /// A `<button>`: its title is measured as a label (`elementText`: the normal state's title,
    /// or its configuration's), with the button's font, frame and line break mode.
    public var isButton: Bool { tag.name == "button" }

    /// The key of its text in the file's `.strings`: `ID.text`, a button's `ID.normalTitle`.
    public var stringsKey: String? { id.map { $0 + (isButton ? ".normalTitle" : ".text") } }
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
            let collector = Collector(each: each)
            let problem = XMLReader.read(bytes, into: collector)
            if problem == nil, !collector.sawRoot { return XMLProblem(message: "no root element: not an Interface Builder file", offset: 0) }
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
        /// of the current label, at this depth.
        private var gathering: (text: String, tag: XMLStartTag, depth: Int)?
        /// The view controllers around the element being read (`<viewController>`,
        /// `<tableViewController>`, …): each one's scene name and depth.
        private var controllers: [(scene: String?, depth: Int)] = []

        init(each: @escaping (IBLabel) -> Void) { self.each = each }

        func wants(_ name: String) -> Bool {
            !sawRoot || current != nil || name == "label" || name == "button" || name.hasSuffix("Controller")
        }

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

        func skip() { depth += 1 }

        func start(_ tag: XMLStartTag) {
            depth += 1
            if !sawRoot {
                sawRoot = true
                let type = tag["type"]?.value ?? ""
                if tag.name != "document" || !type.hasPrefix(InterfaceBuilderDocument.documentType) {
                    let what = tag.name == "document" ? "its <document> has type '\(type)'" : "its root element is <\(tag.name)>"
                    stop = XMLProblem(
                        message: "not an Interface Builder file: \(what), not <document type=\"com.apple.InterfaceBuilder3…\">",
                        offset: tag.nameRange.lowerBound)
                }
                return
            }
            if current == nil, tag.name.hasSuffix("Controller") {
                controllers.append((Collector.sceneName(tag), depth))
                return
            }
            if tag.name == "label" || tag.name == "button", current == nil {
                // Only what the translation reads is kept: a storyboard's labels carry a dozen
                // attributes and children it has no use for (a 64 MB file's took 1 GB).
                var label = IBLabel(tag: tag.keeping(Translation.labelAttributes))
                label.scene = controllers.last?.scene
                current = (label, depth)
                return
            }
            guard let labelDepth = current?.depth else { return }
            if depth == labelDepth + 1, let key = tag["key"]?.value {
                // In place: a copy of the label would copy its children for each child.
                if current!.label.children[key] == nil, let kept = Translation.childAttributes[key] {
                    current!.label.children[key] = kept.map { tag.keeping($0) } ?? tag
                }
                if (tag.name == "string" && key == "text") || (tag.name == "attributedString" && key == "attributedText") {
                    if current!.label.elementText == nil { gathering = ("", tag, depth) }
                }
                // A button's title: its normal state's (`<state key="normal" title="…">`), else
                // its configuration's (`<buttonConfiguration key="configuration" title="…">`).
                if current!.label.isButton, (tag.name == "state" && key == "normal") || (tag.name == "buttonConfiguration" && key == "configuration"),
                    let title = tag["title"]?.value, current!.label.elementText == nil || key == "normal"
                {
                    current!.label.elementText = (title, tag)
                }
            } else if let g = gathering, tag.name == "fragment", depth == g.depth + 1, let content = tag["content"] {
                gathering?.text += content.value
            }
        }

        func characters(_ text: String) {
            guard let g = gathering else { return }
            // The text of `<string key="text">` itself, or of a fragment's `<string key="content">`.
            if g.tag.name == "string" ? depth == g.depth : depth == g.depth + 2 { gathering?.text += text }
        }

        func end(_ name: String) {
            defer { depth -= 1 }
            if let g = gathering, depth == g.depth {
                current?.label.elementText = (g.text, g.tag)
                gathering = nil
            }
            if let (label, labelDepth) = current, depth == labelDepth {
                current = nil
                each(label)
            }
            if let last = controllers.last, depth == last.depth { controllers.removeLast() }
        }
    }
}
