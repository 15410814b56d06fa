import LabelSpecSupport

/// An Interface Builder file as `.labelspec` source, with a map from every generated member back to
/// the XML it came from: `labelspec check` checks the source and places each diagnostic in the
/// XML; `labelspec import` prints the source.
public struct Translation: Sendable {
    /// One generated member and what it came from.
    /// Its ranges are kept as 32-bit offsets (a storyboard is under 2 GB: `XMLReader`), 32 bytes
    /// a member instead of 80: a large storyboard has hundreds of thousands.
    public struct Member: Sendable {
        private let bounds: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
        /// In the generated source.
        public var name: Range<Int> { Int(bounds.0)..<Int(bounds.1) }
        public var value: Range<Int> { Int(bounds.2)..<Int(bounds.3) }
        /// In the XML: where the property's name and its value are written (the same range for a
        /// child element such as `<fontDescription>`, or for a default IB leaves unwritten).
        public var xmlName: Range<Int> { Int(bounds.4)..<Int(bounds.5) }
        public var xmlValue: Range<Int> { Int(bounds.6)..<Int(bounds.7) }

        init(name: Range<Int>, value: Range<Int>, xmlName: Range<Int>, xmlValue: Range<Int>) {
            func u(_ x: Int) -> UInt32 { UInt32(clamping: x) }
            bounds = (
                u(name.lowerBound), u(name.upperBound), u(value.lowerBound), u(value.upperBound), u(xmlName.lowerBound),
                u(xmlName.upperBound), u(xmlValue.lowerBound), u(xmlValue.upperBound)
            )
        }
    }

    /// One generated label.
    public struct Label: Sendable {
        public let name: String
        /// The `<label>` element's `id`.
        public let id: String?
        /// The whole item, and its name, in the generated source.
        public let item: Range<Int>
        public let nameRange: Range<Int>
        /// The `label` of `<label` in the XML.
        public let element: Range<Int>
        public let members: [Member]
        /// Its font as Interface Builder names it, for messages in IB's words; nil when it has
        /// no `<fontDescription>` that was read.
        public var font: Font? = nil
        /// The outlet it is connected to (`IBLabel.outlet`): its text may be set in code.
        public var outlet: String? = nil
        /// Its text is set in code (`IBLabel.textIsSetInCode`): generated `textSetInCode: true`,
        /// with the sample text of `Options.sampleTexts` when there is one, else without text.
        public var textSetInCode = false
        /// Whether a sample text was given for it.
        public var sampled = false
        /// Where its `width` came from, as its `// width:` comment and its findings say (nil: none).
        public var widthSource: String? = nil
        /// The views of its row whose text takes room from it (`LayoutWidth.neighbours`): none
        /// when its width is not solved from Auto Layout, nil when their slopes differ by screen.
        public var neighbours: [LayoutNeighbour]? = []
    }

    public let source: String
    public let labels: [Label]

    /// The attributes of `<label>` the translation reads (and names labels by); the others are
    /// not kept (`InterfaceBuilderDocument`).
    public static let labelAttributes: Set<String> = [
        "id", "text", "userLabel", "adjustsFontForContentSizeCategory", "preferredMaxLayoutWidth", "numberOfLines", "lineBreakMode",
        "textAlignment", "adjustsFontSizeToFit", "minimumScaleFactor", "minimumFontSize", "baselineAdjustment",
        "allowsDefaultTighteningForTruncation", "adjustsLetterSpacingToFitWidth", "enabled", "highlighted", "buttonType",
    ]

    /// The keyed children of `<label>` the translation reads, by key, with the attributes kept
    /// (nil: all of them, for a font or colour it describes when it cannot read it). The others
    /// are not kept.
    public static let childAttributes: [String: Set<String>?] = [
        "frame": ["key", "width"], "shadowOffset": ["key", "width", "height"], "fontDescription": nil, "textColor": nil,
        "highlightedColor": nil, "shadowColor": nil, "backgroundColor": nil, "text": nil, "attributedText": nil,
        "tintColor": nil, "contentEdgeInsets": ["key", "minX", "maxX"], "titleEdgeInsets": ["key", "minX", "maxX"],
    ]

    /// Choices of the translation.
    public struct Options: Sendable {
        /// UIKit colour names LabelSpec knows (`label`, `systemRed`); another `systemColor` is left out.
        public var knownColors: Set<String> = []
        /// Sample texts for labels whose text is set in code (`IBLabel.textIsSetInCode`), by `id`.
        public var sampleTexts: [String: String] = [:]
        /// The labels whose text is generated as `.localized(KEY, table: TABLE)`, by `id`.
        public var localized: [String: (key: String, table: String)] = [:]
        /// A comment line for the top of the source (without `//`).
        public var header: String?
        /// The file's name, for the comment before each label.
        public var fileName: String = ""
        /// Whether the map from the source back to the XML is kept (`labels`): not for
        /// `labelspec import`, which only prints the source.
        public var keepsMap = true

        public init() {}
    }

    /// The place in the XML of a range of the generated source: a member's name or value, else
    /// the label's element; nil outside every label.
    public func xmlRange(of range: Range<Int>) -> Range<Int>? {
        let at = range.lowerBound
        let low = labels.partitionPoint { $0.item.upperBound > at }
        guard low < labels.count, labels[low].item.contains(at) || labels[low].item.lowerBound == at else { return nil }
        let label = labels[low]
        for m in label.members where m.name.lowerBound <= at && at < m.value.upperBound {
            return at < m.value.lowerBound ? m.xmlName : m.xmlValue
        }
        return label.element
    }

    /// The label whose generated item holds `offset` of the generated source; nil outside every label.
    public func label(atGenerated offset: Int) -> Label? {
        let low = labels.partitionPoint { $0.item.upperBound > offset }
        guard low < labels.count, labels[low].item.contains(offset) || labels[low].item.lowerBound == offset else { return nil }
        return labels[low]
    }

    /// The label whose element holds `offset` of the XML (a diagnostic placed there): the last
    /// label starting at or before it; nil before the first.
    public func label(atXML offset: Int) -> Label? {
        let i = labels.partitionPoint { $0.element.lowerBound > offset }
        return i > 0 ? labels[i - 1] : nil
    }

    /// Translates the labels of a document (`Translation.make(document.labels, bytes:, options:)`).
    public static func make(_ labels: [IBLabel], bytes: [UInt8], options: Options = Options()) -> Translation {
        var maker = Maker(bytes: bytes, options: options)
        for label in labels { maker.add(label) }
        return maker.finish()
    }

    /// Translates labels one at a time, as the XML is read (`InterfaceBuilderDocument.read(_:each:)`):
    /// a large file's labels are never all in memory at once.
    public struct Maker {
        var builder: Builder
        var names = LabelNames.Taken()

        public init(bytes: [UInt8], options: Options = Options()) { builder = Builder(options: options, bytes: bytes) }

        /// `localized`: the label's text is `.localized(key, table:)` (a key of its `.strings`).
        /// A button without a title (`IBLabel.isUntitledButton`) is no label: a comment says so,
        /// and it returns false.
        @discardableResult
        public mutating func add(_ label: IBLabel, localized: (key: String, table: String)? = nil) -> Bool {
            if builder.count > 0 || builder.untitled > 0 { builder.line("") }
            if label.isUntitledButton {
                builder.untitledButton(label)
                return false
            }
            if let localized, let id = label.id { builder.options.localized[id] = localized }
            builder.label(label, name: LabelNames.unique(LabelNames.candidates(label), id: label.id, taken: &names))
            return true
        }

        /// The source, with `header` (which may count the labels) as its first line.
        public mutating func finish(header: String? = nil) -> Translation {
            guard let header = header ?? builder.options.header else { return Translation(source: builder.out, labels: builder.labels) }
            let first = "// " + Builder.commentText(header) + "\n" + (builder.count + builder.untitled == 0 ? "" : "\n")
            let shift = first.utf8.count
            func moved(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + shift)..<(r.upperBound + shift) }
            let labels = builder.labels.map { l in
                Label(
                    name: l.name, id: l.id, item: moved(l.item), nameRange: moved(l.nameRange), element: l.element,
                    members: l.members.map {
                        Member(name: moved($0.name), value: moved($0.value), xmlName: $0.xmlName, xmlValue: $0.xmlValue)
                    }, font: l.font, outlet: l.outlet, textSetInCode: l.textSetInCode, sampled: l.sampled, widthSource: l.widthSource,
                    neighbours: l.neighbours)
            }
            return Translation(source: first + builder.out, labels: labels)
        }
    }
}

/// Writes the source and records the map.
struct Builder {
    var options: Translation.Options
    let bytes: [UInt8]
    var out = ""
    var labels: [Translation.Label] = []
    /// Labels written (`labels` holds them when `options.keepsMap`).
    var count = 0
    /// Buttons without a title, each a comment (`untitledButton`).
    var untitled = 0
    private var offset = 0
    private var lineStarts: [Int] = []
    /// The last position counted by `position(of:)`: its 0-based line, (clamped) byte offset and
    /// column in scalars (0-based), where the next one on the same line counts on from.
    private var lastPosition: (line: Int, offset: Int, column: Int)?

    init(options: Translation.Options, bytes: [UInt8]) {
        self.options = options
        self.bytes = bytes
    }

    mutating func append(_ s: String) {
        out += s
        offset += s.utf8.count
    }

    mutating func line(_ s: String) { append(s + "\n") }

    /// A `//` comment line. Its text comes from the file (names, ids, colour names, attribute
    /// values) and is escaped (`Builder.commentText`): a line break in it would end the comment and
    /// make the rest source (a label of its own, a `/*` hiding the labels after it).
    mutating func comment(_ text: String, indent: String = "") { line(indent + "// " + Builder.commentText(text)) }

    /// A 1-based line and column (in Unicode scalars) of a byte offset of the XML.
    mutating func position(of at: Int) -> (Int, Int) {
        if lineStarts.isEmpty {
            var starts = [0]
            bytes.withUnsafeBufferPointer { p in
                for i in 0..<p.count where p[i] == 0x0A { starts.append(i + 1) }
            }
            lineStarts = starts
        }
        // The last line starting at or before `at` (line 0 before the text).
        let low = max(0, lineStarts.partitionPoint { $0 > at } - 1)
        // Labels come in document order: on the line of the previous position asked, count on from
        // it (a file on one line would otherwise count its whole line again for every label).
        let end = min(at, bytes.count)
        var from = lineStarts[low]
        var column = 0
        if let last = lastPosition, last.line == low, last.offset >= from, last.offset <= end {
            from = last.offset
            column = last.column
        }
        bytes.withUnsafeBufferPointer { p in
            var i = from
            while i < end {
                if p[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
        }
        lastPosition = (low, end, column)
        return (low + 1, column + 1)
    }

    mutating func label(_ label: IBLabel, name: String) {
        let (xmlLine, xmlColumn) = position(of: label.tag.range.lowerBound)
        let id = label.id.map { " id=\"\($0)\"" } ?? ""
        self.comment("\(options.fileName):\(xmlLine):\(xmlColumn): <\(label.isButton ? "button" : "label")\(id)>", indent: "")
        let itemStart = offset
        append("label ")
        let nameRange = offset..<(offset + name.utf8.count)
        append(name + " {\n")
        var members: [Translation.Member] = []
        func member(_ property: String, _ value: String, _ xmlName: Range<Int>, _ xmlValue: Range<Int>) {
            append("    ")
            let n = offset..<(offset + property.utf8.count)
            append(property + ": ")
            let v = offset..<(offset + value.utf8.count)
            append(value + "\n")
            if options.keepsMap { members.append(Translation.Member(name: n, value: v, xmlName: xmlName, xmlValue: xmlValue)) }
        }
        func attribute(_ property: String, _ a: XMLAttribute, _ value: String) { member(property, value, a.nameRange, a.valueRange) }
        func element(_ property: String, _ tag: XMLStartTag, _ value: String) { member(property, value, tag.nameRange, tag.range) }
        func comment(_ text: String) { self.comment(text, indent: "    ") }
        let labelElement = label.tag.nameRange

        // text: as written, unless code sets it (an outlet's placeholder): then a sample text
        // given for it, else none (not measured)
        let setInCode = label.textIsSetInCode
        let sample = setInCode ? label.id.flatMap { options.sampleTexts[$0] } : nil
        if setInCode, let outlet = label.outlet {
            let was =
                label.fileText.map {
                    $0.isEmpty
                        ? "no text"
                        : IBLabel.placeholders.contains($0.trimmingBlanks) || $0.trimmingBlanks.hasPrefix("Lorem ipsum")
                            ? "Xcode's placeholder \(Builder.quoted($0))" : "the filler \(Builder.quoted($0))"
                } ?? "no text"
            comment(
                sample == nil
                    ? "text: set in code (outlet '\(outlet)'; the file has \(was)): not measured; give a sample text to measure it"
                    : "text: set in code (outlet '\(outlet)'; the file has \(was)): measured with the sample text of labelspec.json")
            if let sample { member("text", Builder.quoted(sample), labelElement, labelElement) }
            member("textSetInCode", "true", labelElement, labelElement)
        } else {
            if let outlet = label.outlet { comment("text: may be set in code (outlet '\(outlet)')") }
            if let a = label["text"] {
                attribute("text", a, textValue(a.value, label))
            } else if let (t, tag) = label.elementText {
                element("text", tag, textValue(t, label))
            }
        }
        // font: an attributed text's, a button's configuration's or UIKit's default for a
        // button, else the fontDescription's. A fontDescription's diagnostics (`fixed-size-font`)
        // point at what says its size: the text style, else the point size, not the whole tag.
        let chosen = titleFont(label)
        for line in chosen.comments { comment(line) }
        var ibFont: Translation.Font?
        switch chosen.font {
        case .element(let tag, let value):
            if chosen.fromDescription {
                let matters = tag["style"] ?? tag["pointSize"]
                member("font", value, tag.nameRange, matters?.valueRange ?? tag.range)
                ibFont = interfaceBuilderFont(tag, adjusts: label["adjustsFontForContentSizeCategory"]?.value == "YES")
            } else {
                element("font", tag, value)
                ibFont = interfaceBuilderFont(tag, adjusts: false)
            }
        case .byDefault(let value):
            member("font", value, labelElement, labelElement)
            // UIKit's default button title font: the Attributes inspector shows it as System 15.
            if value == Builder.defaultButtonFont { ibFont = Translation.Font(kind: .system(weight: "", points: "15"), adjusts: false) }
        case .none: break
        }
        // Dynamic Type: IB writes adjustsFontForContentSizeCategory="YES" when "Automatically
        // Adjusts Font" is on and nothing when it is off (UILabel's default), so a text style
        // without it keeps its .large size at every content size.
        if let a = label["adjustsFontForContentSizeCategory"] {
            // On (YES) is LabelSpec's default: said only when off.
            if a.value == "NO" { attribute("adjustsFontForContentSizeCategory", a, "false") }
        } else if chosen.fromDescription, let f = label.children["fontDescription"], let style = f["style"] {
            member("adjustsFontForContentSizeCategory", "false", style.valueRange, style.valueRange)
        }
        let width = widthMembers(label, measured: !setInCode || sample != nil)
        for line in width.lines {
            switch line {
            case .comment(let text): comment(text)
            case .attribute(let name, let a, let value): attribute(name, a, value)
            case .member(let name, let value): member(name, value, labelElement, labelElement)
            }
        }
        let widthSource = width.source
        if let p = label["preferredMaxLayoutWidth"] { attribute("preferredMaxLayoutWidth", p, number(p.value)) }
        if let n = label["numberOfLines"] { attribute("numberOfLines", n, number(n.value)) }
        if let m = label["lineBreakMode"] { attribute("lineBreakMode", m, enumValue(m.value, Builder.lineBreakModes)) }
        if let a = label["textAlignment"] { attribute("textAlignment", a, enumValue(a.value, Builder.alignments)) }
        // Autoshrink: IB writes adjustsFontSizeToFit="NO" when it is off and nothing when it is on.
        // A button's title label does not shrink (IB has no such attribute for it).
        let shrink = label["adjustsFontSizeToFit"]
        let autoshrink = label.isButton ? false : shrink.map { $0.value != "NO" } ?? true
        if let shrink, shrink.value != "NO" {
            attribute("adjustsFontSizeToFitWidth", shrink, bool(shrink.value))
        } else if shrink == nil, !label.isButton {
            member("adjustsFontSizeToFitWidth", "true", labelElement, labelElement)
        }
        if autoshrink {
            if let s = label["minimumScaleFactor"] { attribute("minimumScaleFactor", s, number(s.value)) }
            if let s = label["minimumFontSize"] { attribute("minimumFontSize", s, number(s.value)) }
        }
        // UIKit's default (.alignBaselines) is what IB writes for every label: only another is said.
        if let b = label["baselineAdjustment"], b.value != "alignBaselines" {
            attribute("baselineAdjustment", b, enumValue(b.value, [:]))
        }
        // Xcode's Tighten Letter Spacing: it writes adjustsLetterSpacingToFitWidth (the name of
        // iOS 6), which UIKit reads as allowsDefaultTighteningForTruncation: said by that name,
        // so no `deprecated` for what Interface Builder itself writes.
        if let t = label["allowsDefaultTighteningForTruncation"] ?? label["adjustsLetterSpacingToFitWidth"] {
            attribute("allowsDefaultTighteningForTruncation", t, bool(t.value))
        }
        if let e = label["enabled"] { attribute("isEnabled", e, bool(e.value)) }
        if let h = label["highlighted"] { attribute("isHighlighted", h, bool(h.value)) }
        // The text and background colours, checked for contrast only when both are read.
        let colors = contrastColors(label)
        for line in colors.comments { comment(line) }
        for (property, value) in [("textColor", colors.text), ("backgroundColor", colors.background)] {
            switch value {
            case .element(let tag, let v)?: element(property, tag, v)
            case .byDefault(let v)?: member(property, v, labelElement, labelElement)
            case nil: break
            }
        }
        for (key, property) in [("highlightedColor", "highlightedTextColor"), ("shadowColor", "shadowColor")] {
            guard let c = label.children[key], c.name == "color" else { continue }
            switch color(c) {
            case .value(let v): element(property, c, v)
            case .unread(let why): comment("\(property): \(why) (not read)")
            }
        }
        if let s = label.children["shadowOffset"], let w = s["width"], let h = s["height"],
            !(Double(w.value) == 0 && Double(h.value) == -1)
        {
            element("shadowOffset", s, "(\(number(w.value)), \(number(h.value)))")
        }
        append("}\n")
        count += 1
        guard options.keepsMap else { return }
        labels.append(
            Translation.Label(
                name: name, id: label.id, item: itemStart..<offset, nameRange: nameRange, element: labelElement, members: members,
                font: ibFont, outlet: label.outlet, textSetInCode: setInCode, sampled: sample != nil, widthSource: widthSource,
                neighbours: widthSource == nil ? [] : label.layoutWidth?.neighbours ?? []))
    }

    func textValue(_ text: String, _ label: IBLabel) -> String {
        if let id = label.id, let l = options.localized[id] {
            // The storyboard's text is the development language's (iOS shows it where the table
            // has no text for the key): kept as the defaultValue, as Swift's String(localized:).
            return ".localized(\(Builder.quoted(l.key)), table: \(Builder.quoted(l.table)), defaultValue: \(Builder.quoted(text)))"
        }
        return Builder.quoted(text)
    }

    // MARK: - Values

    static let lineBreakModes = [
        "wordWrap": "byWordWrapping", "characterWrap": "byCharWrapping", "clip": "byClipping",
        "headTruncation": "byTruncatingHead", "tailTruncation": "byTruncatingTail", "middleTruncation": "byTruncatingMiddle",
    ]
    static let alignments: [String: String] = [:]  // IB writes UIKit's names: left, center, right, justified, natural

    /// `.CASE` for an IB name (through `names`); a string when it is not a name (a type-mismatch then).
    func enumValue(_ value: String, _ names: [String: String]) -> String {
        let name = names[value] ?? value
        return Builder.isIdentifier(name) ? "." + name : Builder.quoted(value)
    }

    func bool(_ value: String) -> String {
        switch value {
        case "YES": return "true"
        case "NO": return "false"
        default: return Builder.quoted(value)
        }
    }

    /// The number as written when LabelSpec reads it so (`17`, `0.5`, `-1`), else as a string (a
    /// type-mismatch then).
    func number(_ value: String) -> String {
        var s = Substring(value)
        if s.first == "-" { s = s.dropFirst() }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        let digits = parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        if digits {
            // `17.0` is written `17`: IB writes whole numbers so, and numberOfLines wants an integer.
            if parts.count == 2, parts[1].allSatisfy({ $0 == "0" }) { return (value.hasPrefix("-") ? "-" : "") + parts[0] }
            return value
        }
        return Builder.quoted(value)
    }

    enum ColorValue {
        case value(String)
        case unread(String)
    }

    /// A `<color>`: a system colour LabelSpec knows, or components as a hex colour.
    func color(_ c: XMLStartTag) -> ColorValue {
        if let system = c["systemColor"]?.value ?? c["cocoaTouchSystemColor"]?.value {
            let name = system.hasSuffix("Color") ? String(system.dropLast(5)) : system
            return options.knownColors.contains(name) ? .value("." + name) : .unread("system colour '\(system)'")
        }
        if let named = c["name"]?.value { return .unread("named colour '\(named)' of an asset catalog") }
        func component(_ key: String) -> Double? { c[key].flatMap { Double($0.value) } }
        let alpha = component("alpha") ?? 1
        let rgb: [Double]
        if let r = component("red"), let g = component("green"), let b = component("blue") {
            rgb = [r, g, b]
        } else if let w = component("white") {
            rgb = [w, w, w]
        } else {
            return .unread(describe(c))
        }
        func hex(_ v: Double) -> String {
            let n = Int((min(1, max(0, v)) * 255).rounded())
            let s = String(n, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return .value("#" + rgb.map(hex).joined() + (alpha < 1 ? hex(alpha) : ""))
    }

    func describe(_ tag: XMLStartTag) -> String {
        "<\(tag.name)" + tag.attributes.filter { $0.name != "key" }.map { " \($0.name)=\"\($0.value)\"" }.joined() + ">"
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
