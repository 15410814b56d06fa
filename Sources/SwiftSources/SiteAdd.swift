import LabelSpecSupport

/// SwiftUI and UIKit sites, each added as a label when it can truncate and LabelSpec knows its
/// text and font; otherwise counted with the reason (`SiteCounts`).
extension SwiftTranslation {
    static let environment: Set<String> = [
        "font", "fontWeight", "bold", "fontDesign", "italic", "monospacedDigit", "lineLimit", "minimumScaleFactor",
        "truncationMode", "allowsTightening", "multilineTextAlignment", "labelStyle",
    ]

    /// Modifiers that change how wide text is drawn in ways LabelSpec does not measure (a width,
    /// tracking, a scale; a font or size set through the environment): a site under one is not
    /// checked, never measured as if they were not there.
    static let unread: Set<String> = [
        "fontWidth", "tracking", "kerning", "textScale", "scaleEffect", "environment.font", "environment.fontWidth",
        "environment.legibilityWeight",
    ]
    /// The environment's content size, set: measured only as `dynamicTypeSize` caps are.
    static let sizeEnvironment: Set<String> = ["environment.sizeCategory", "environment.dynamicTypeSize"]

    /// SwiftUI's `DynamicTypeSize` cases by LabelSpec's content size names.
    static let dynamicTypeSizes: [String: String] = [
        "xSmall": "extraSmall", "small": "small", "medium": "medium", "large": "large", "xLarge": "extraLarge",
        "xxLarge": "extraExtraLarge", "xxxLarge": "extraExtraExtraLarge", "accessibility1": "accessibilityMedium",
        "accessibility2": "accessibilityLarge", "accessibility3": "accessibilityExtraLarge",
        "accessibility4": "accessibilityExtraExtraLarge", "accessibility5": "accessibilityExtraExtraExtraLarge",
    ]

    /// Whether `.dynamicTypeSize(…)` lets the text grow to every size measured (`sizes`, in
    /// LabelSpec's names, smallest first): `.large`, `...DynamicTypeSize.xxLarge`, `.small ... .xLarge`
    /// cap it at their upper end; `.large...` does not cap; a value only the app knows may.
    static func capAllows(_ m: SiteModifier, _ sizes: [String]) -> Bool {
        guard m.arguments.count == 1, m.arguments[0].label == nil else { return false }
        let text = m.arguments[0].text.replacingOccurrences(of: "DynamicTypeSize", with: "").replacingOccurrences(of: " ", with: "")
        var upper = text
        var below = false
        if let r = text.range(of: "...") {
            upper = String(text[r.upperBound...])
            if upper.isEmpty { return true }
        } else if let r = text.range(of: "..<") {
            upper = String(text[r.upperBound...])
            below = true
        }
        guard upper.hasPrefix("."), let cap = dynamicTypeSizes[String(upper.dropFirst())] else { return false }
        let order = Array(dynamicTypeSizes.values).sorted { rank($0) < rank($1) }
        guard let capRank = order.firstIndex(of: cap) else { return false }
        let limit = below ? capRank - 1 : capRank
        return sizes.allSatisfy { order.firstIndex(of: $0).map { $0 <= limit } ?? false }
    }

    /// The order of LabelSpec's content size names.
    static func rank(_ name: String) -> Int {
        [
            "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge", "accessibilityMedium",
            "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge",
        ]
        .firstIndex(of: name) ?? -1
    }

    /// Counts a site not checked, with why.
    mutating func skip(_ site: Range<Int>, _ reason: SkipReason) {
        switch reason {
        case .noConstraint: counts.noConstraint += 1
        case .textFromCode: counts.textFromCode += 1
        case .fontFromCode: counts.fontFromCode += 1
        case .fontFromEnvironment: counts.fontFromEnvironment += 1
        case .unmappedToken(let t): counts.unmappedTokens[t, default: 0] += 1
        case .noText: counts.noText += 1
        case .dynamicTypeCapped: counts.dynamicTypeCapped += 1
        case .systemDrawn: counts.systemDrawn += 1
        case .linesFromCode: counts.linesFromCode += 1
        }
        skipped.append((site, reason))
    }

    mutating func add(_ site: TextSite, _ context: Context) {
        counts.found += 1
        let notes = annotations(site.comments)
        // The innermost modifier of one of `names`, the call's own first.
        let chain = site.chain
        func first(_ names: Set<String>) -> SiteModifier? { chain.innermost(of: names) }

        // Lines: a comment's, else the innermost `lineLimit`.
        var lines: Int?
        if let n = notes.lines {
            lines = n == 0 ? nil : n
        } else if let m = first(["lineLimit"]), let limit = Self.lineLimit(m) {
            lines = limit
        }
        if case .iconOnly? = first(["labelStyle"])?.plain.map(LabelStyleName.init) {
            skip(site.offset..<site.end, .noText)
            return
        }
        // A toggle's or picker's title hidden (`.labelsHidden()`, a segmented picker).
        if site.callee == "Toggle" || site.callee == "Picker",
            first(["labelsHidden"]) != nil
                || (site.callee == "Picker" && [".segmented", ".palette"].contains(first(["pickerStyle"])?.plain))
        {
            skip(site.offset..<site.end, .noText)
            return
        }
        // A menu's items, an alert's buttons, a title or toolbar item: the system draws them.
        if first(["systemDrawn"]) != nil {
            skip(site.offset..<site.end, .systemDrawn)
            return
        }
        // `fixedSize()` inside the first frame: the text takes the width it wants.
        let width = Self.width(chain)
        // In a `ViewThatFits`, another view is shown when this one does not fit.
        guard let lines, !width.fixed, first(["ViewThatFits"]) == nil else {
            skip(site.offset..<site.end, .noConstraint)
            return
        }
        let texts = textValues(site.text, context)
        guard !texts.isEmpty else {
            skip(site.offset..<site.end, .textFromCode)
            return
        }
        // Dynamic Type capped below a size measured: what it shows there is not known here.
        if let cap = first(["dynamicTypeSize"]), !Self.capAllows(cap, context.contentSizes) {
            skip(site.offset..<site.end, .dynamicTypeCapped)
            return
        }
        if first(Self.sizeEnvironment) != nil {
            skip(site.offset..<site.end, .dynamicTypeCapped)
            return
        }
        if first(Self.unread) != nil {
            skip(site.offset..<site.end, .fontFromCode)
            return
        }
        // The font: a comment's, else the innermost `.font`, with the weight, design and digits
        // of the innermost modifiers that set them.
        guard var font = notes.font ?? first(["font"])?.font else {
            skip(site.offset..<site.end, .fontFromEnvironment)
            return
        }
        if let w = first(["fontWeight", "bold"]) {
            if w.name == "bold", w.arguments.isEmpty || w.plain == "true" {
                font.modifiers.append(".bold()")
            } else if w.name == "fontWeight",
                let name = w.plain.flatMap({ FontSyntax.weights.contains(String($0.dropFirst())) ? $0 : nil })
            {
                font.modifiers.append(".weight(\(name))")
            }
        }
        if let d = first(["fontDesign"])?.plain, d.hasPrefix("."), FontSyntax.designs.contains(String(d.dropFirst())) {
            font.modifiers.append(".design(\(d))")
        }
        if first(["monospacedDigit"]) != nil { font.modifiers.append(".monospacedDigit()") }
        // `Text(…).italic()` as `Font.italic()` (a `.custom` family: its italic face).
        if let i = first(["italic"]), i.arguments.isEmpty || i.plain == "true", !font.italic {
            font.italic = true
            font.modifiers.append(".italic()")
        }
        guard let fontText = fontValue(font, context, site.offset..<site.end) else { return }

        counts.checked += 1
        for (i, text) in texts.enumerated() {
            var p = Pending(
                name: "\(site.callee)_\(site.offset)" + (texts.count > 1 ? "_\(i + 1)" : ""), site: site.offset..<site.end,
                call: site.offset..<site.offset + site.callee.utf8.count)
            if case .alternatives(let list) = site.text, i < list.count {
                p.importName = Self.importName(list[i])
            } else {
                p.importName = Self.importName(site.text)
            }
            p.members.append(("text", text))
            addSwiftUI(&p, site, fontText, lines, notes, width.value, chain)
        }
    }

    /// The rest of a SwiftUI site's members, and the label written.
    private mutating func addSwiftUI(
        _ p: inout Pending, _ site: TextSite, _ fontText: String, _ lines: Int, _ notes: Annotations,
        _ width: (value: String, source: String)?, _ chain: EnclosingModifiers
    ) {
        func first(_ names: Set<String>) -> SiteModifier? { chain.innermost(of: names) }
        p.members.insert(("framework", ".swiftUI"), at: 0)
        p.members.append(("font", fontText))
        p.members.append(("lineLimit", String(lines)))
        if let t = first(["truncationMode"])?.plain, [".head", ".middle", ".tail"].contains(t) { p.members.append(("truncationMode", t)) }
        if let s = first(["minimumScaleFactor"])?.plain.flatMap(Self.number), let v = Double(s), v > 0, v <= 1 {
            p.members.append(("minimumScaleFactor", s))
        }
        if let t = first(["allowsTightening"])?.plain, t == "true" { p.members.append(("allowsTightening", "true")) }
        if let a = first(["multilineTextAlignment"])?.plain, [".leading", ".center", ".trailing"].contains(a) {
            p.members.append(("multilineTextAlignment", a))
        }
        if site.callee == "Label", let icon = site.systemImage {
            p.members.append(("icon", ".systemImage(\(GeneratedSource.quoted(icon)))"))
            if let style = first(["labelStyle"])?.plain, [".titleOnly", ".titleAndIcon"].contains(style) {
                p.members.append(("labelStyle", style))
            }
        }
        if let w = notes.width {
            p.width = w
            p.widthSource = "// labelspec: width \(w.text)"
        } else if let w = width {
            p.widthValue = w.value
            p.widthSource = w.source
        }
        p.ignore = notes.ignore
        emit(p)
    }

    mutating func add(_ site: UIKitSite, _ context: Context) {
        counts.found += 1
        let notes = annotations(site.comments)
        var lines = 1
        if let n = notes.lines {
            lines = n
        } else if site.linesUnknown, site.value("numberOfLines") == nil {
            skip(site.offset..<site.end, .linesFromCode)
            return
        } else if let written = site.value("numberOfLines") {
            guard let n = Int(written), n >= 0 else {
                skip(site.offset..<site.end, .noConstraint)
                return
            }
            lines = n
        }
        guard lines > 0 else {
            skip(site.offset..<site.end, .noConstraint)
            return
        }
        let texts = textValues(site.text, context)
        guard !texts.isEmpty else {
            skip(site.offset..<site.end, .textFromCode)
            return
        }
        // UILabel's font is the system font at 17 pt; a button's title, at 15 pt.
        let font = notes.font ?? site.font ?? SiteFont(base: .spec(".system(size: \(site.type.hasSuffix("Button") ? 15 : 17))"))
        guard let fontText = fontValue(font, context, site.offset..<site.end) else { return }
        counts.checked += 1
        for (i, text) in texts.enumerated() {
            // A variable's name may hold what a LabelSpec name cannot (`` `default` ``, `títuloLabel`):
            // the generated label is named by the type, the imported one by the name's ASCII.
            var p = Pending(
                name: "UIKit_\(site.offset)" + (texts.count > 1 ? "_\(i + 1)" : ""), site: site.offset..<site.end,
                call: site.offset..<site.offset + site.name.utf8.count)
            p.importName = Self.importName(.verbatim(site.name))
            p.members.append(("text", text))
            addUIKit(&p, site, fontText, lines, notes)
        }
    }

    /// The rest of a UIKit site's members, and the label written.
    private mutating func addUIKit(_ p: inout Pending, _ site: UIKitSite, _ fontText: String, _ lines: Int, _ notes: Annotations) {
        p.members.insert(("framework", ".uiKit"), at: 0)
        p.members.append(("font", fontText))
        p.members.append(("numberOfLines", String(lines)))
        for name in ["adjustsFontSizeToFitWidth", "allowsDefaultTighteningForTruncation", "adjustsFontForContentSizeCategory"] {
            if let v = site.value(name), v == "true" || v == "false" { p.members.append((name, v)) }
        }
        if let s = site.value("minimumScaleFactor").flatMap(Self.number), let v = Double(s), v > 0, v <= 1 {
            p.members.append(("minimumScaleFactor", s))
        }
        if let mode = site.value("lineBreakMode").map({ String($0.split(separator: ".").last ?? "") }),
            ["byWordWrapping", "byCharWrapping", "byClipping", "byTruncatingHead", "byTruncatingTail", "byTruncatingMiddle"].contains(mode)
        {
            p.members.append(("lineBreakMode", "." + mode))
        }
        if let w = notes.width {
            p.width = w
            p.widthSource = "// labelspec: width \(w.text)"
        } else if let w = site.width {
            p.widthValue = FontSyntax.points(w)
            p.widthSource = "widthAnchor \(FontSyntax.points(w))"
        }
        p.ignore = notes.ignore
        emit(p)
    }

    /// `lineLimit(2)`, `lineLimit(2, reservesSpace: true)`, `lineLimit(1...3)` (the upper
    /// bound); nil for `nil`, `2...` or a value only the app knows.
    static func lineLimit(_ m: SiteModifier) -> Int? {
        guard let first = m.arguments.first, first.label == nil else { return nil }
        if let n = Int(first.text), n > 0 { return n }
        for op in ["...", "..<"] {
            let parts = first.text.components(separatedBy: op)
            if parts.count == 2, let upper = Int(parts[1].trimmingCharacters(in: .whitespaces)), upper > 0 {
                return op == "..<" ? (upper > 1 ? upper - 1 : nil) : upper
            }
        }
        return nil
    }

    /// The width a SwiftUI site's modifiers give it, innermost out: the first frame with a
    /// literal `width:` or `maxWidth:`, less the literal horizontal padding inside it; and
    /// whether a `fixedSize()` inside it lets the text take the width it wants
    /// (`EnclosingModifiers.width`).
    static func width(_ chain: EnclosingModifiers) -> (value: (value: String, source: String)?, fixed: Bool) {
        let summary = chain.width
        if summary.fixed { return (nil, true) }
        guard let frame = summary.frame else { return (nil, false) }
        let padding = summary.padding
        let w = frame.value - padding
        guard w > 0 else { return (nil, false) }
        let less = padding > 0 ? " less .padding \(FontSyntax.points(padding))" : ""
        let source = ".frame(\(frame.label): \(FontSyntax.points(frame.value)))" + less
        return ((frame.label == "width" ? FontSyntax.points(w) : ".min(.margins, \(FontSyntax.points(w)))", source), false)
    }

    /// `frame(width: W)` or `frame(maxWidth: W)` with a literal W > 0 (`width:` first).
    static func frameWidth(_ m: SiteModifier) -> (label: String, value: Double)? {
        guard m.name == "frame" else { return nil }
        let given = m.arguments.first { $0.label == "width" } ?? m.arguments.first { $0.label == "maxWidth" }
        guard let given, let label = given.label, let v = Double(given.text), v > 0, FontSyntax.isPlausible(v) else { return nil }
        return (label, v)
    }

    /// A frame of a width no screen has (`frame(width: 1e20)`): the text gets all it wants.
    static func isUnboundedFrame(_ m: SiteModifier) -> Bool {
        guard m.name == "frame", let given = m.arguments.first(where: { $0.label == "width" || $0.label == "maxWidth" }),
            let v = Double(given.text), v.isFinite
        else { return false }
        return v > 1e5
    }

    /// `fixedSize()` or `fixedSize(horizontal: true, …)`, or a horizontal `ScrollView` around
    /// the text: inside it, the text is as wide as it wants.
    static func isFixedSize(_ m: SiteModifier) -> Bool {
        if m.name == "horizontalScroll" || isUnboundedFrame(m) { return true }
        return m.name == "fixedSize" && (m.arguments.isEmpty || m.arguments.contains { $0.label == "horizontal" && $0.text == "true" })
    }

    /// The horizontal amount of a literal `padding`: both sides for `padding(8)`,
    /// `padding(.horizontal, 8)`, `.all`; one for `.leading` or `.trailing`; 0 when not literal
    /// (a width less too little padding is still an upper bound).
    static func horizontalPadding(_ m: SiteModifier) -> Double {
        let args = m.arguments
        if args.count == 1, args[0].label == nil, let v = Double(args[0].text), FontSyntax.isPlausible(v) { return 2 * v }
        guard args.count == 2, let v = Double(args[1].text), FontSyntax.isPlausible(v) else { return 0 }
        switch args[0].text {
        case ".horizontal", ".all", "[.leading, .trailing]", "[.trailing, .leading]": return 2 * v
        case ".leading", ".trailing": return v
        default: return 0
        }
    }
}

/// SwiftUI's label styles by how much of a `Label` they show.
enum LabelStyleName {
    case iconOnly, other
    init(_ text: String) { self = text == ".iconOnly" || text == "IconOnlyLabelStyle()" ? .iconOnly : .other }
}
