/// A button's title as UIKit draws it (docs/interface-builder.md, "Buttons"), and an attributed
/// text's font and colour: what the translation reads beyond a label's own attributes.
extension Builder {
    /// Button types whose image UIKit draws itself (a button of one without a title has no text).
    static let imageButtonTypes: Set<String> = ["infoLight", "infoDark", "detailDisclosure", "contactAdd", "close"]

    /// A value read from the file (at its element), or a default the file does not write (at the
    /// label's element).
    enum Chosen {
        case element(XMLStartTag, String)
        case byDefault(String)
    }

    /// A button with no title: one comment, where its label would be.
    mutating func untitledButton(_ label: IBLabel) {
        let (xmlLine, xmlColumn) = position(of: label.tag.range.lowerBound)
        let id = label.id.map { " id=\"\($0)\"" } ?? ""
        let what: String
        if let image = label.button?.image?.name {
            what = "an image ('\(image)') and no title"
        } else if let type = label["buttonType"]?.value, Builder.imageButtonTypes.contains(type) {
            what = "UIKit's '\(type)' image and no title"
        } else {
            what = "no title"
        }
        comment("\(options.fileName):\(xmlLine):\(xmlColumn): <button\(id)>: \(what): no text to measure")
        untitled += 1
    }

    /// The font the text is drawn in: an attributed text's (the font of most of it), a
    /// configuration's title font (`titleFontDescription`, else `.body`), the `fontDescription`,
    /// else for a button UIKit's default title font, System 15 (Interface Builder leaves it out).
    /// `fromDescription`: it is the `fontDescription`'s.
    /// UIKit's title font of a button whose file names none (Interface Builder does not write it).
    static let defaultButtonFont = ".system(size: 15)"

    func titleFont(_ label: IBLabel) -> (font: Chosen?, comments: [String], fromDescription: Bool) {
        var comments: [String] = []
        if let runs = label.attributed, let main = runs.dominant {
            if runs.runs.count > 1 || runs.otherScalars > 0 {
                // At most three others named: a file may hold thousands.
                let all = runs.runs.filter { $0.signature != main.signature }
                let others = all.prefix(3).map(describeRun)
                let more = all.count > 3 || runs.otherScalars > 0 ? " and more" : ""
                comments.append(
                    "attributed text in \(runs.runs.count)\(runs.otherScalars > 0 ? "+" : "") fonts and colours: measured and checked in those of most of it, \(describeRun(main)) (\(main.scalars) of \(runs.totalScalars) characters); also \(others.joined(separator: ", "))\(more)"
                )
            }
            if let f = main.font {
                if let value = attributedFont(f) { return (.element(f, value), comments, false) }
                comments.append("font: \(describe(f)) (not read)")
                return (nil, comments, false)
            }
        }
        if let b = label.button, let c = b.configuration {
            if let f = b.configurationChildren["titleFontDescription"] {
                if let value = font(f) { return (.element(f, value), comments, false) }
                comments.append("font: \(describe(f)) (not read)")
                return (nil, comments, false)
            }
            let size = c["buttonSize"]?.value ?? "medium"
            comments.append(
                size == "medium"
                    ? "font: a button configuration's default title font, .body (it follows Dynamic Type)"
                    : "font: the default title font of a '\(size)' button configuration is not known: measured with .body, a medium one's")
            return (.byDefault(".body"), comments, false)
        }
        if let f = label.children["fontDescription"] {
            if let value = font(f) { return (.element(f, value), comments, true) }
            comments.append("font: \(describe(f)) (not read)")
            return (nil, comments, true)
        }
        if label.isButton {
            comments.append("font: UIKit's default button title font, System 15 (Interface Builder does not write it)")
            return (.byDefault(Builder.defaultButtonFont), comments, false)
        }
        return (nil, comments, false)
    }

    /// How much of a button's width its title does not get: its content insets
    /// (`contentEdgeInsets`, a configuration's `contentInsets` or their default), its
    /// `titleEdgeInsets`, the image beside it and a configuration's `imagePadding`; with a comment
    /// for each part, and for each part whose width is not known (not taken off).
    func titleRoom(_ label: IBLabel) -> (inset: Double, comments: [String]) {
        guard let b = label.button else { return (0, []) }
        var inset = 0.0
        var parts: [String] = []
        var unknown: [String] = []
        /// An attribute's number: 0 when absent, nil when not a number of at most 100,000.
        func value(_ tag: XMLStartTag, _ name: String) -> Double? {
            guard let a = tag[name] else { return 0 }
            guard let v = Double(a.value), v.isFinite, abs(v) <= 100_000 else { return nil }
            return v
        }
        func pair(_ name: String, _ tag: XMLStartTag?, _ left: String, _ right: String) {
            guard let tag else { return }
            guard let l = value(tag, left), let r = value(tag, right) else {
                unknown.append("\(name) \(describe(tag))")
                return
            }
            guard l != 0 || r != 0 else { return }
            inset += l + r
            parts.append("\(name) \(Builder.points(l)) + \(Builder.points(r))")
        }
        let configuration = b.configuration
        if let c = configuration {
            if let insets = b.configurationChildren["contentInsets"] {
                pair("contentInsets", insets, "leading", "trailing")
            } else {
                // A configuration's default insets by its size (medium unless said): 12 pt a side
                // for medium (Interface Builder's frames of such buttons are their title + 24),
                // 20 for large; small and mini are not known.
                let size = c["buttonSize"]?.value ?? "medium"
                if let side = ["medium": 12.0, "large": 20.0][size] {
                    inset += 2 * side
                    parts.append("a \(size) configuration's default content insets \(Builder.points(side)) + \(Builder.points(side))")
                } else {
                    unknown.append("the default content insets of a '\(size)' configuration")
                }
            }
        } else {
            pair("contentEdgeInsets", label.children["contentEdgeInsets"], "minX", "maxX")
            pair("titleEdgeInsets", label.children["titleEdgeInsets"], "minX", "maxX")
        }
        // The image beside the title (a configuration's above or below it takes no width).
        let placement = configuration?["imagePlacement"]?.value ?? "leading"
        if let image = b.image, placement == "leading" || placement == "trailing" {
            switch image.width {
            case .points(let w):
                inset += w
                parts.append("the image '\(image.name)' \(Builder.points(w))")
            case .symbol:
                unknown.append("the SF Symbol '\(image.name)' (the file gives its template's size, not the size it is drawn at)")
            case .unknown:
                unknown.append("the image '\(image.name)' (its width is not in the file's <resources>)")
            }
            if let c = configuration {
                if let padding = value(c, "imagePadding") {
                    if padding != 0 {
                        inset += padding
                        parts.append("imagePadding \(Builder.points(padding))")
                    }
                } else {
                    unknown.append("imagePadding=\"\(c["imagePadding"]?.value ?? "")\"")
                }
            }
        }
        var comments: [String] = []
        if !parts.isEmpty { comments.append("the title's room: less \(parts.joined(separator: ", "))") }
        if !unknown.isEmpty { comments.append("not taken off the title's room, its width not known: \(unknown.joined(separator: "; "))") }
        return (inset, comments)
    }

    /// The room's inset for a frame's width, with its comments: none when it would leave the
    /// title no room (a width of 0 or less is no width: UIKit draws no title there, and
    /// LabelSpec would refuse the width), and a comment says so.
    func titleRoomInset(frame width: String, _ room: (inset: Double, comments: [String])) -> (inset: Double, comments: [String]) {
        guard room.inset > 0, let w = Double(width), w.isFinite, w - room.inset <= 0 else { return room }
        return (
            0,
            room.comments + [
                "the title would have \(Builder.points(w - room.inset)) pt: no room for it (UIKit draws none); measured in the frame's width"
            ]
        )
    }

    /// A width less the title's room, with its comments: in points, all of it when the room would
    /// leave the title none (`titleRoomInset`).
    func lessRoom(_ width: String, _ room: (inset: Double, comments: [String])) -> (value: String, comments: [String]) {
        let r = titleRoomInset(frame: width, room)
        return (less(width, r.inset), r.comments)
    }

    /// A width less `inset` (as written: `345 - 10`, `.safeArea - 48 - 10`).
    func less(_ width: String, _ inset: Double) -> String {
        if inset == 0 { return width }
        return inset > 0 ? "\(width) - \(Builder.points(inset))" : "\(width) + \(Builder.points(-inset))"
    }

    /// A number of points for the source: whole, or to two decimals.
    static func points(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// The text and background colours a contrast check compares, with comments: a label's
    /// `textColor` (an attributed text's: that of most of it) and `backgroundColor`; a button's
    /// title colour (its normal state's `titleColor`, a configuration's `baseForegroundColor`, or
    /// UIKit's default: white for a custom button and a filled configuration, else the tint
    /// colour) and background (a filled configuration's `baseBackgroundColor`, else the
    /// button's). When either cannot be read, neither is given: no contrast check on a colour
    /// that was not read.
    func contrastColors(_ label: IBLabel) -> (text: Chosen?, background: Chosen?, comments: [String]) {
        var comments: [String] = []
        /// Why a colour is not known, and whether a comment said so already.
        var problems: [(why: String, said: Bool)] = []
        func read(_ tag: XMLStartTag?, _ property: String) -> Chosen? {
            guard let tag, tag.name == "color" else { return nil }
            switch color(tag) {
            case .value(let v): return .element(tag, v)
            case .unread(let why):
                comments.append("\(property): \(why) (not read)")
                problems.append(("the \(property) is not read", true))
                return nil
            }
        }
        var text: Chosen?
        var background: Chosen?
        if let b = label.button {
            /// The button's own tint colour, else a problem: `what` is drawn in the one it inherits.
            let tint: (String) -> Chosen? = { what in
                if let t = label.children["tintColor"], t.name == "color" { return read(t, "tintColor") }
                problems.append(("\(what) is drawn in the tint colour, which the button inherits", false))
                return nil
            }
            if let c = b.configuration {
                let style = c["style"]?.value ?? "plain"
                let foreground = b.configurationChildren["baseForegroundColor"]
                switch style {
                case "filled":
                    text = foreground == nil ? .byDefault("#FFFFFF") : read(foreground, "textColor")
                    let base = b.configurationChildren["baseBackgroundColor"]
                    background = base != nil ? read(base, "backgroundColor") : tint("a filled configuration's background")
                case "plain":
                    text = foreground != nil ? read(foreground, "textColor") : tint("the title")
                    background = read(label.children["backgroundColor"], "backgroundColor")
                default:
                    text = foreground != nil ? read(foreground, "textColor") : tint("the title")
                    problems.append(
                        ("a '\(style)' configuration draws its background from its colours at an opacity not in the file", false))
                }
            } else {
                if let t = b.stateChildren["titleColor"] {
                    text = read(t, "textColor")
                } else if label["buttonType"] == nil {
                    // A custom button (no buttonType): UIKit's title colour is white.
                    text = .byDefault("#FFFFFF")
                } else {
                    text = tint("the title")
                }
                background = read(label.children["backgroundColor"], "backgroundColor")
            }
        } else {
            text = read(label.children["textColor"], "textColor")
            background = read(label.children["backgroundColor"], "backgroundColor")
        }
        // An attributed text's colour: that of most of it.
        if let c = label.attributed?.dominant?.color {
            problems.removeAll { !$0.said && $0.why.hasPrefix("the title is drawn") }
            text = read(c, "textColor")
        }
        // Clear over its root view: checked on the root view's colour when it is a system colour
        // (LabelSpec's default, .systemBackground, is that of a new scene); another (a hex colour,
        // an asset's) is not checked: it would be reported as the label's own.
        if background == nil, problems.isEmpty, text != nil, let behind = label.rootBackground, behind.name == "color" {
            switch color(behind) {
            case .value(let v) where v.hasPrefix("."):
                if v != ".systemBackground" { background = .byDefault(v) }
            case .value(let v):
                comments.append("no contrast check: it is clear over its root view's \(v), a colour not its own")
                return (nil, nil, comments)
            case .unread(let why):
                comments.append("no contrast check: it is clear over its root view's \(why), not read")
                return (nil, nil, comments)
            }
        }
        // UIKit's default title colour on a background the file does not give (the button is
        // clear, over its superview): neither is in the file, nothing to check.
        if case .byDefault(let v)? = text, background == nil, problems.isEmpty {
            comments.append("no contrast check: the title is UIKit's default \(v) over a background the file does not give")
            return (nil, nil, comments)
        }
        guard !problems.isEmpty else { return (text, background, comments) }
        if text != nil || background != nil || problems.contains(where: { !$0.said }) {
            comments.append("no contrast check: \(problems.map(\.why).joined(separator: "; "))")
        }
        return (nil, nil, comments)
    }
}
