import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

/// What a hover shows, found under the server's lock and rendered outside it: measuring a label
/// at every size is the slow part, and needs only the inputs and the measurer.
public enum HoverContent: Sendable {
    case none
    /// Markdown ready to show, about the bytes `range`.
    case text(String, range: Range<Int>)
    /// A label to measure (see `LabelHover.markdown`).
    case label(LabelHover)

    /// The bytes the hover is about.
    public var range: Range<Int>? {
        switch self {
        case .none: return nil
        case .text(_, let range): return range
        case .label(let l): return l.range
        }
    }

    /// The Markdown to show (measuring a label: call outside any lock). `format.images`: a
    /// label's hover draws its pictures as Markdown images of that media type (a client that
    /// shows them: `LabelHover`), nil: as text.
    public func markdown(_ format: HoverFormat = HoverFormat()) -> String? {
        switch self {
        case .none: return nil
        case .text(let text, _): return text
        case .label(let l): return l.markdown(format)
        }
    }
}

/// A label's hover: its name, the size it is shown at first, and its layout inputs at that size
/// and at every content size category; for a localized label, also its locale × size matrix.
public struct LabelHover: @unchecked Sendable {
    public let name: String
    /// The sizes the workspace checks (`contentSizes`), in order.
    public let configured: [ContentSizeCategory]
    /// The label's inputs at every category, in order.
    public let inputs: [(ContentSizeCategory, LabelLayoutInput?)]
    public let measurer: Measurer
    public let range: Range<Int>
    /// A localized label's texts (locales, plural forms) × `categories`, variant by variant.
    public var matrix: LocaleMatrix?
    /// With iOS's Bold Text measured besides (`boldText: "both"`) for a system-font label: its
    /// inputs with it, at every category (a column of the table; said when it cuts what fits).
    public var boldTextInputs: [(ContentSizeCategory, LabelLayoutInput?)]?
    /// Every input measured with Bold Text (`boldText: true`, a system-font label): said in the
    /// heading.
    public var withBoldText = false
    /// Lines a hover draws at most: a huge text in a label without a line limit (or a huge
    /// translation) does not make a hover of megabytes.
    public static let maxDrawnLines = 20
    /// Its text colour's contrast on its background in every appearance.
    public var contrast: LabelContrast?
    /// For a label whose width follows the screen (or that has none): its widths, and the
    /// inputs to lay out at each (see `ScreenFitTable`).
    public var screens: ScreenFitTable?
    /// The width it is drawn at (the narrowest of the worst screen's group, as its finding
    /// names it), where that width comes from (`LabelWidths.source`), and the screen: said when
    /// it is cut at a size checked (`widthLine`).
    public var width: (points: Double, source: String?, screen: String?)?
    /// Pictures drawn for this hover, by their layout's input: a hover over budget is put
    /// together again with fewer pictures, without drawing any twice.
    let drawnPictures = PictureCache()

    final class PictureCache: @unchecked Sendable {
        let lock = Lock()
        var svgs: [LabelLayoutInput: String] = [:]
    }

    public struct LocaleMatrix: Sendable {
        /// The group drawn; the table is its cells at the narrowest width.
        public let group: FitMatrix.Group
        /// Those cells' inputs, variant by variant, then size by size.
        public let inputs: [LabelLayoutInput?]
        public var variants: [TextVariant] { group.variants }
        public var categories: [ContentSizeCategory] { group.sizes }

        public init(_ group: FitMatrix.Group) {
            self.group = group
            inputs = group.narrowestCells.map { group.inputs[$0] }
        }
    }

    /// The size a hover opens on: `.large`, iOS's default, when it is configured (with all 12
    /// sizes configured, not `.extraSmall`, the first); else the first configured size at which
    /// the label `fails` (is cut); else the first configured.
    static func opening(_ configured: [ContentSizeCategory], fails: (ContentSizeCategory) -> Bool) -> ContentSizeCategory {
        configured.contains(.large) ? .large : configured.first(where: fails) ?? configured.first ?? .large
    }

    /// The label as it renders at its opening size (a summary and a drawing), then a table over
    /// every category; a localized label: the development language at that size, the worst case
    /// drawn, and a table of locales × configured sizes (`measure --matrix`'s, `FitTable`).
    ///
    /// `format.images`: the label at its opening size, and its worst failing variant, are drawn
    /// as pictures (`data:image/svg+xml;base64` Markdown images, from `Pictures`) instead of
    /// boxes of characters, as long as the whole hover stays under `format.maxCharacters`: the
    /// worst one is drawn as text first, then both. `format.images` is the media type the data
    /// URIs name (`HoverFormat`).
    public func markdown(_ format: HoverFormat = HoverFormat()) -> String {
        var allowed = format.images == nil ? 0 : 2
        // The parts without pictures once (the screens' table bisects widths).
        let shown = shownLayouts
        let rest =
            widthLine + Self.tightestLine(shown) + (screens.map { "\n" + $0.markdown(measurer) } ?? "") + contrastLine
            + Self.fontsLine(shown)
        while true {
            let out = body(pictures: allowed, format: format) + rest
            if allowed == 0 || out.utf16.count < format.maxCharacters { return out }
            allowed -= 1
        }
    }

    /// A layout as a picture (a Markdown image), or nil when it cannot be drawn; `alt` says what
    /// it shows, for clients that show the text of an image.
    /// A layout of more than `maxDrawnLines` lines is drawn as text, as a client without pictures
    /// draws it (its picture would be large, and over the budget).
    func picture(_ input: LabelLayoutInput?, _ layout: LabelLayout, alt: String, format: HoverFormat) -> String? {
        guard let input, let mediaType = format.images, layout.lineCount <= LabelHover.maxDrawnLines else { return nil }
        var svg = drawnPictures.lock.withLock { drawnPictures.svgs[input] }
        if svg == nil {
            svg = Pictures.svg(of: input, layout, measurer: measurer, contrast: contrast, budget: format.maxCharacters)?.svg
            if let svg { drawnPictures.lock.withLock { drawnPictures.svgs[input] = svg } }
        }
        guard let svg else { return nil }
        // `alt` is the raw wording (names not escaped yet): escaped here, once.
        return "![\(Markdown.text(alt, max: 400))](data:\(mediaType);base64,\(Base64.encode(svg.utf8)))\n\n"
    }

    /// The layout drawn: a picture when one of `pictures` is left (it is then used up), else a
    /// box of characters.
    func drawn(_ input: LabelLayoutInput?, _ layout: LabelLayout, alt: String, pictures: inout Int, format: HoverFormat) -> String {
        if pictures > 0, let p = picture(input, layout, alt: alt, format: format) {
            pictures -= 1
            return p
        }
        // The box's lines start with a box-drawing character, and the fence is longer than any
        // run of backticks in the label's text: its text cannot close the block.
        return Markdown.fence(Preview.box(layout, maxLines: LabelHover.maxDrawnLines)) + "\n"
    }

    /// Where the hover's preview is drawn: " on iPhone SE (3rd generation) (343 pt)" for a label
    /// on screens (the narrowest width).
    var onScreen: String {
        if let screens, screens.groups.allSatisfy({ $0.widths.widths.isEmpty }) { return " without a width (not measured on any screen)" }
        guard let screens, let first = screens.widths.screens.first?.first, let w = screens.widths.widths.first ?? nil else { return "" }
        return " on \(Markdown.text(first.name)) (\(LayoutSummary.points(w)) pt)"
    }

    private func body(pictures: Int, format: HoverFormat) -> String {
        var pictures = pictures
        if let matrix, matrix.variants.contains(where: { $0.locale != nil }) {
            return localized(matrix, pictures: pictures, format: format)
        }
        var layouts: [ContentSizeCategory: Result<LabelLayout, FontError>] = [:]
        for (category, input) in inputs { if let input { layouts[category] = measurer.layout(input) } }
        let main = LabelHover.opening(configured) { c in
            guard case .success(let l)? = layouts[c] else { return false }
            return l.isCut
        }
        var boldLayouts: [ContentSizeCategory: Result<LabelLayout, FontError>] = [:]
        for (category, input) in boldTextInputs ?? [] { if let input { boldLayouts[category] = measurer.layout(input) } }
        let shownName = Markdown.text(name)
        guard let result = layouts[main] else { return "**\(shownName)**" }
        switch result {
        case .failure(let error):
            return "**\(shownName)** — cannot measure: " + Markdown.text("\(error)", max: 400)
        case .success(let layout):
            let summary = LayoutSummary.text(layout, .standard)
            let bold = withBoldText ? " with Bold Text" : ""
            var out = "**\(shownName)** at \(main.displayName)\(bold)\(onScreen) — " + summary + "\n\n"
            let input = inputs.first { $0.0 == main }?.1
            out += drawn(input, layout, alt: "\(name) at \(main.displayName)\(bold): \(summary)", pictures: &pictures, format: format)
            // With Bold Text measured besides: drawn too when it cuts what fits without it.
            if !layout.isCut, case .success(let b)? = boldLayouts[main], b.isCut {
                let boldSummary = LayoutSummary.text(b, .standard)
                out += "With Bold Text: **\(main.displayName)** — " + boldSummary + "\n\n"
                out += drawn(
                    boldTextInputs?.first { $0.0 == main }?.1, b, alt: "\(name) at \(main.displayName) with Bold Text: \(boldSummary)",
                    pictures: &pictures, format: format)
            }
            // With a picture left: the first configured size that fails, when the opening one fits.
            if pictures > 0, !layout.isCut,
                let worst = configured.first(where: { c in
                    guard case .success(let l)? = layouts[c] else { return false }
                    return l.isCut
                }), case .success(let l)? = layouts[worst],
                let p = picture(
                    inputs.first { $0.0 == worst }?.1, l, alt: "\(name) at \(worst.displayName): \(LayoutSummary.text(l, .standard))",
                    format: format)
            {
                out += "Worst: **\(worst.displayName)** — " + LayoutSummary.text(l, .standard) + "\n\n" + p
            }
            // The table's heading right before its rows (a paragraph between would end it).
            out +=
                boldTextInputs == nil
                ? "| size | lines | |\n|---|---|---|\n" : "| size | lines | | lines (Bold Text) | |\n|---|---|---|---|---|\n"
            for (category, _) in inputs {
                guard case .success(let l)? = layouts[category] else { continue }
                out += "| \(category.shortName) | \(l.lineCount) | \(LayoutSummary.state(l)) |"
                if boldTextInputs != nil {
                    if case .success(let b)? = boldLayouts[category] {
                        out += " \(b.lineCount) | \(LayoutSummary.state(b)) |"
                    } else {
                        out += " – | |"
                    }
                }
                out += "\n"
            }
            return out
        }
    }

    /// `Width: 143 pt (width .margins - 200) on iPhone SE (3rd generation)`, as a paragraph,
    /// when the label is cut in a text at a size checked (empty otherwise): the width its
    /// `truncates` or `clipped` finding says, and where it comes from.
    var widthLine: String {
        guard let width else { return "" }
        func cut(_ input: LabelLayoutInput?) -> Bool {
            guard let input, case .success(let l) = measurer.layout(input) else { return false }
            return l.isCut
        }
        let isCut =
            matrix.map { $0.inputs.contains(where: cut) }
            ?? (inputs + (boldTextInputs ?? [])).contains { configured.contains($0.0) && cut($0.1) }
        guard isCut else { return "" }
        return "\nWidth: \(LayoutSummary.points(width.points)) pt" + (width.source.map { " (" + Markdown.text($0, max: 200) + ")" } ?? "")
            + (width.screen.map { " on " + Markdown.text($0) } ?? "") + "\n"
    }

    /// The contrast, as a paragraph after the rest (empty without it).
    var contrastLine: String {
        guard let contrast else { return "" }
        return "\n" + Markdown.text(contrast.line.prefix(1).uppercased() + contrast.line.dropFirst(), max: 1000) + "\n"
    }

    private func localized(_ m: LocaleMatrix, pictures: Int, format: HoverFormat) -> String {
        var pictures = pictures
        var layouts: [LabelLayout?] = []
        var failure: FontError?
        for input in m.inputs {
            switch input.map({ measurer.layout($0) }) {
            case .success(let l)?: layouts.append(l)
            case .failure(let e)?: failure = e; layouts.append(nil)
            case nil: layouts.append(nil)
            }
        }
        if let failure, layouts.allSatisfy({ $0 == nil }) {
            return "**\(Markdown.text(name))** — cannot measure: " + Markdown.text("\(failure)", max: 400)
        }
        // Raw (for alt texts, escaped where they are used) and escaped (for the Markdown).
        func title(_ v: TextVariant, _ c: ContentSizeCategory) -> String { "\(v.displayName) at \(c.displayName)" }
        func shown(_ v: TextVariant, _ c: ContentSizeCategory) -> String { "\(Markdown.text(v.displayName)) at \(c.displayName)" }
        var out = "**\(Markdown.text(name))**"
        // The development language (the first variant) at the opening size.
        let main = LabelHover.opening(m.categories) { c in
            guard let s = m.categories.firstIndex(of: c), case let k = m.group.positionAtNarrowest(variant: 0, size: s), k < layouts.count,
                let l = layouts[k]
            else { return false }
            return l.isCut
        }
        let mainIndex = m.group.positionAtNarrowest(variant: 0, size: m.categories.firstIndex(of: main) ?? 0)
        if mainIndex < layouts.count, let first = layouts[mainIndex], let v = m.variants.first {
            let summary = LayoutSummary.text(first, .standard)
            out +=
                " in " + shown(v, main) + onScreen + " — " + summary + "\n\n"
                + drawn(m.inputs[mainIndex], first, alt: "\(name) in \(title(v, main)): \(summary)", pictures: &pictures, format: format)
        } else {
            out += "\n\n"
        }
        // The worst case, as the diagnostic names it: the smallest size, then the text that hides most.
        var worst: (index: Int, place: FitMatrix.Place, hidden: Double)?
        for (i, l) in layouts.enumerated() {
            guard let l, l.isCut else { continue }
            let p = m.group.place(atNarrowest: i)
            let hidden = MeasuredChecks.hiddenShare(l, of: m.variants[p.variant].text)
            if worst.map({ p.size < $0.place.size || (p.size == $0.place.size && hidden > $0.hidden) }) ?? true { worst = (i, p, hidden) }
        }
        if let w = worst, let l = layouts[w.index] {
            if w.index != mainIndex {
                let summary = LayoutSummary.text(l, .standard)
                let (variant, category) = (m.variants[w.place.variant], m.categories[w.place.size])
                let worstTitle = title(variant, category)
                out += "Worst: **" + shown(variant, category) + "** — " + summary + "\n\n"
                out += drawn(m.inputs[w.index], l, alt: "\(name) in \(worstTitle): \(summary)", pictures: &pictures, format: format)
            }
        } else {
            out += "Fits in every locale at every size checked.\n\n"
        }
        // With Bold Text measured besides (`"both"`), its cells are a column beside each size's.
        let (rows, bold) = LabelHover.boldTextPairs(m.variants)
        let names = rows.map { k in
            var v = m.variants[k]
            if !bold.isEmpty { v.boldText = false }
            return "\(v.displayName)\(v.isFallback ? " (no translation)" : "")"
        }
        out += FitTable(variants: names, categories: m.categories, boldTextColumns: !bold.isEmpty) { r, c, withBoldText in
            guard let k = withBoldText ? bold[r] : rows[r] else { return "–" }
            let i = m.group.positionAtNarrowest(variant: k, size: c)
            return i < layouts.count ? layouts[i].map(LayoutSummary.cell) ?? "–" : "–"
        }.markdown()
        return out
    }

    /// A table's rows: the variants measured without Bold Text, and for each the index of the
    /// same text measured with it; none when Bold Text is not measured besides (`boldText`
    /// `false` or `true`: every variant is its own row, named so).
    static func boldTextPairs(_ variants: [TextVariant]) -> (rows: [Int], bold: [Int?]) {
        let plain = variants.indices.filter { !variants[$0].boldText }
        guard !plain.isEmpty, plain.count < variants.count else { return (Array(variants.indices), []) }
        var boldIndex: [TextVariant: Int] = [:]
        for (i, v) in variants.enumerated() where v.boldText {
            var p = v
            p.boldText = false
            boldIndex[p] = boldIndex[p] ?? i
        }
        return (plain, plain.map { boldIndex[variants[$0]] })
    }
}

public enum Hover {
    /// The name (letters, digits, `_`) around byte `i` of `bytes`.
    static func word(in bytes: [UInt8], at i: Int) -> String {
        func isName(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F }
        var a = min(max(i, 0), bytes.count)
        var b = a
        while a > 0, isName(bytes[a - 1]) { a -= 1 }
        while b < bytes.count, isName(bytes[b]) { b += 1 }
        return String(decoding: bytes[a..<b], as: UTF8.self)
    }

    /// On a label's name: its measured preview (at the plan's first content size, then every
    /// category, on its screens, in its locales); on a style's name: the style; on a colour
    /// value: its appearances; on a property's name: its documentation. Byte `offset` in `doc`.
    public static func content(
        at offset: Int, in doc: Workspace.Document, workspace: Workspace, measurer: Measurer, plan: MeasuringPlan, root: String? = nil
    ) -> HoverContent {
        let (contentSizes, screens) = (plan.contentSizes, plan.screens)
        guard let (info, start) = doc.item(at: offset), (start..<(start + info.green.length)).contains(offset) else { return .none }
        let relative = offset - start
        if info.nameRange.contains(relative) || info.nameRange.upperBound == relative {
            let range = info.nameRange.shifted(by: start)
            let name = info.name ?? "?"
            guard info.kind == .label else { return .text("**style \(Markdown.text(name))**", range: range) }
            // Text the app's code sets, and no sample text: nothing to measure.
            let effective = workspace.effectiveProperties(of: info)
            if effective[.text] == nil, case .bool(true)? = effective[.textSetInCode]?.assignment.typed {
                return .text(
                    "**\(Markdown.text(name))** — text set in code, not measured: give it a sample `text` to measure it", range: range)
            }
            let categories = ContentSizeCategory.allCases
            let configured = contentSizes.isEmpty ? [ContentSizeCategory.large] : contentSizes
            // One group of screens, or two (phones and iPads) when the text varies by device.
            let fit = FitMatrix.of(info, in: workspace, plan: plan.at(configured))
            let groups = fit.groups
            let m = fit.worstScreenGroup
            let widths = m.widths
            // On screens: drawn at the narrowest width of all groups (`FitMatrix.worstScreenGroup`).
            let narrowest = widths.followsScreen ? widths.widths.first ?? nil : nil
            // The iPad's screen: with the iPad's text (its development language's), as the inlay
            // hint draws it.
            let padText = m.isPadGroup ? m.variants.first : nil
            let inputs = Array(
                zip(
                    categories,
                    LayoutInputs.inputs(for: info, in: workspace, contentSizes: categories).map { input in
                        input.map { i in
                            var i = i
                            if widths.followsScreen { i.width = narrowest }
                            if let padText { (i.text, i.language) = (padText.text, padText.language) }
                            // iOS's Bold Text draws the system font heavier (a custom family as it is).
                            if plan.configuration.boldText == .on, i.font.isSystem { i.boldText = true }
                            return i
                        }
                    }))
            var hover = LabelHover(
                name: name, configured: contentSizes.isEmpty ? [.large] : contentSizes, inputs: inputs, measurer: measurer, range: range)
            if inputs.contains(where: { $0.1?.boldText == true }) { hover.withBoldText = true }
            if plan.configuration.boldText == .both, inputs.contains(where: { $0.1?.font.isSystem == true }) {
                hover.boldTextInputs = inputs.map { c, i in
                    (
                        c,
                        i.map { i in
                            var b = i
                            b.boldText = true
                            return b
                        }
                    )
                }
            }
            hover.contrast = LabelContrast.of(info, in: workspace)
            if let points = widths.widths.first ?? nil {
                hover.width = (points, widths.source, widths.followsScreen ? widths.screens.first?.first?.name : nil)
            }
            if !contentSizes.isEmpty {
                // The matrix at the narrowest width: every variant × size of it.
                hover.matrix = LabelHover.LocaleMatrix(m)
            }
            if widths.followsScreen, groups.contains(where: { !$0.widths.widths.isEmpty || $0.widths.notMeasured > 0 }) {
                // Per group, every variant at every configured size, once (the first width's inputs).
                hover.screens = LabelHover.ScreenFitTable(
                    groups: groups.map { g in
                        var fitInputs: [LabelLayoutInput] = []
                        var locales: [String?] = []
                        var sizes: [ContentSizeCategory] = []
                        for i in g.narrowestCells {
                            guard let input = g.inputs[i] else { continue }
                            fitInputs.append(input)
                            locales.append(g.variant(of: i).locale)
                            sizes.append(g.sizes[g.place(of: i).size])
                        }
                        return LabelHover.ScreenFitTable.Group(widths: g.widths, inputs: fitInputs, locales: locales, sizes: sizes)
                    }, categories: configured)
            }
            return .label(hover)
        }
        // A localized text: the key's text in each locale, and where the key is (`KeyHover`).
        for (_, assignment) in info.own {
            guard case .localized(let key, let table, let defaultValue)? = assignment.typed, let r = assignment.valueRange,
                r.contains(relative) || r.upperBound == relative
            else { continue }
            let localizations = plan.localizations
            return .text(
                KeyHover.markdown(key: key, table: table, defaultValue: defaultValue, localizations: localizations, root: root),
                range: r.shifted(by: start))
        }
        for (_, assignment) in info.own {
            guard case .color(let color)? = assignment.typed, let r = assignment.valueRange, r.contains(relative) else { continue }
            let range = r.shifted(by: start)
            switch color {
            case .system(let name):
                guard let c = SystemColors.byName[name] else { continue }
                var text = "**.\(name)**\n\nlight: \(c.light.hex) \(c.light)  \ndark: \(c.dark.hex) \(c.dark)"
                for (appearance, variant) in [
                    (Appearance.lightIncreasedContrast, c.lightHighContrast), (.darkIncreasedContrast, c.darkHighContrast),
                ] {
                    if let v = variant { text += "  \n\(appearance.shortName): \(v.hex) \(v)" }
                }
                return .text(text, range: range)
            case .rgba(let c):
                return .text("**\(c.hex)**\n\n\(c) in light and dark: a fixed colour does not adapt to dark mode", range: range)
            }
        }
        // A font: the face Apple draws it with at each size, and with Bold Text (`FontHover`).
        for (id, assignment) in info.own where id == .font {
            guard case .font(let font)? = assignment.typed, let r = assignment.valueRange, r.contains(relative) || r.upperBound == relative
            else { continue }
            let source = String(decoding: doc.syntax.source.bytes(in: r.shifted(by: start)), as: UTF8.self)
            return .text(
                FontHover.markdown(font, source: source, sizes: contentSizes, boldText: plan.configuration.boldText, measurer: measurer),
                range: r.shifted(by: start))
        }
        // A width that follows the screen: what it comes to on each screen, and what the name
        // under the cursor (`.margins`) is.
        for (id, assignment) in info.own where id == .width || id == .preferredMaxLayoutWidth {
            guard case .length(let length)? = assignment.typed, let r = assignment.valueRange,
                r.contains(relative) || r.upperBound == relative
            else {
                continue
            }
            var text = "**\(id.info.name)** " + Markdown.code(length.source, max: 200)
            let bytes = doc.syntax.source.bytes(in: r.shifted(by: start))
            let word = Hover.word(in: bytes, at: relative - r.lowerBound)
            if let entry = Completion.screenLengths.first(where: { $0.label.hasPrefix(word + "(") || $0.label == word }), !word.isEmpty {
                text += "\n\n`.\(entry.label)`: \(entry.documentation)"
            }
            if !screens.isEmpty {
                // As many rows as a label's hover lists (a configuration of thousands of screens
                // does not make a hover of megabytes), then how many more.
                text += "\n\n| screen | width |\n|---|---|\n"
                for screen in screens.prefix(LabelHover.ScreenFitTable.maxScreenRows) {
                    let w = length.resolved(on: screen)
                    text +=
                        "| \(Markdown.text(screen.name)) | \(w.isFinite ? LayoutSummary.points(w) + " pt" : "–")\(w > 0 && w <= ScreenLength.mostPoints ? "" : " (not measured)") |\n"
                }
                if screens.count > LabelHover.ScreenFitTable.maxScreenRows {
                    text += "\n… \(screens.count - LabelHover.ScreenFitTable.maxScreenRows) more screens.\n"
                }
            }
            return .text(text, range: r.shifted(by: start))
        }
        for (id, assignment) in info.own where assignment.nameRange.contains(relative) {
            let property = id.info
            var text = "**\(property.name)**: \(property.type.displayName)"
            if let d = property.defaultValue { text += " — default `\(d)`" }
            text += "\n\n" + property.documentation
            return .text(text, range: assignment.nameRange.shifted(by: start))
        }
        return .none
    }
}
