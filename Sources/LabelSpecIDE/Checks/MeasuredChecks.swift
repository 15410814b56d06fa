import Dispatch
import Foundation
import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary

/// The `truncates` and `clipped` diagnostics: every label laid out at each requested category.
public enum MeasuredChecks {
    /// The measured diagnostics of one label (one group of its fit matrix) from the layouts of
    /// its cells, in cell order: one `truncates` and one `clipped` at most, about the worst case
    /// (the narrowest width, then the smallest category, then the variant that hides most of its
    /// text), the others summed up; `invalid-number` for the screens its width comes to 0 or less
    /// on; `missing-translation` for the locales without a translation. `failingWidths`: how many
    /// widths fail, when the group's cells are at the narrowest width only (`WidthSearch`).
    static func diagnostics(
        for info: ItemInfo, at offset: Int, group: FitMatrix.Group, sourceLanguage: String = "en",
        layouts: ArraySlice<Result<LabelLayout, FontError>?>, failingWidths: (truncates: Int, clipped: Int)? = nil,
        extraScreens: (truncates: Int, clipped: Int) = (0, 0),
        nearLimit: (found: NearLimit.Found, bands: Configuration.NearLimitBand)? = nil,
        truncationFixes: ((LabelLayoutInput) -> [Fix])? = nil
    ) -> [Diagnostic] {
        let (categories, widths, variants, untranslated) = (group.sizes, group.widths, group.variants, group.untranslated)
        var out: [Diagnostic] = []
        let nameRange = (offset + info.nameRange.lowerBound)..<(offset + info.nameRange.upperBound)
        var truncated: [Case] = []
        var clipped: [Case] = []
        var fontProblem: FontError?
        var missingFamily: String?
        var missingGlyphs: [Unicode.Scalar] = []
        for (i, result) in zip(layouts.indices, layouts) {
            switch result {
            case .success(let layout)?:
                let p = group.place(of: i - layouts.startIndex)
                let cell = i - layouts.startIndex
                if layout.isTruncated {
                    truncated.append(Case(variant: p.variant, width: p.width, category: p.size, layout: layout, cell: cell))
                }
                if layout.isClipped {
                    clipped.append(Case(variant: p.variant, width: p.width, category: p.size, layout: layout, cell: cell))
                }
                missingFamily = missingFamily ?? layout.missingFamily
                for s in layout.missingGlyphs where !missingGlyphs.contains(s) { missingGlyphs.append(s) }
            case .failure(let error)?:
                fontProblem = error
            case nil:
                break
            }
        }
        if case .followsScreen(let length, let property) = widths.kind {
            // At the value where the label sets it, else at its name (inherited).
            let own = info.own.first { $0.0 == (property == "width" ? .width : .preferredMaxLayoutWidth) }?.1
            let at = own?.valueRange.map { ($0.lowerBound + offset)..<($0.upperBound + offset) } ?? nameRange
            for (screens, fix) in [
                (widths.nonPositive, "make it wider than 0"),
                (widths.tooWide, "make it at most \(LayoutSummary.points(ScreenLength.mostPoints)) pt"),
            ] {
                guard let (screen, points) = screens.first else { continue }
                let others = screens.count - 1
                let more = others > 0 ? " (and on \(others) more screen\(others == 1 ? "" : "s"))" : ""
                out.append(
                    Diagnostic(
                        .invalidNumber,
                        "'\(property)' comes to \(points.isFinite ? LayoutSummary.points(points) + " pt" : "no number") on \(screen.name)\(more): \(length.source); \(fix) there or leave that screen out",
                        at: at))
            }
        }
        if let d = summary(
            .truncates, truncated, categories: categories, widths: widths, variants: variants, failingWidths: failingWidths?.truncates,
            extraScreens: extraScreens.truncates, at: nameRange, group: group, sourceLanguage: sourceLanguage,
            fixes: truncationFixes.map { make in { worst in group.inputs[worst.cell].map(make) ?? [] } })
        {
            out.append(d)
        }
        if let d = summary(
            .clipped, clipped, categories: categories, widths: widths, variants: variants, failingWidths: failingWidths?.clipped,
            extraScreens: extraScreens.clipped, at: nameRange, group: group, sourceLanguage: sourceLanguage)
        {
            out.append(d)
        }
        // Near the limit: only a label that is cut nowhere (`NearLimit.find` gives none for one
        // that is).
        if let (found, bands) = nearLimit, truncated.isEmpty, clipped.isEmpty {
            out.append(NearLimit.diagnostic(found, group: group, at: nameRange, bands: bands))
        }
        if let problem = fontProblem {
            out.append(Diagnostic(.customFont, "cannot measure '\(info.name ?? "?")': \(problem)", at: nameRange))
        }
        if let family = missingFamily {
            var d = Diagnostic(.customFont, notInstalled(family), at: nameRange)
            d.severity = .warning
            out.append(d)
        }
        if let message = missingGlyphMessage(missingGlyphs) {
            out.append(Diagnostic(.missingGlyph, message, at: nameRange))
        }
        if !untranslated.isEmpty {
            // At the label's own `text`, else at its name (the text is inherited).
            let own = info.own.first { $0.0 == .text }?.1
            let at = own.map { ($0.nameRange.lowerBound + offset)..<($0.nameRange.upperBound + offset) } ?? nameRange
            var key = "?"
            if case .localized(let k, _, _)? = own?.typed { key = k } else if let k = variants.first?.key { key = k }
            out.append(
                Diagnostic(
                    .missingTranslation,
                    "no \(list(untranslated)) translation of '\(key)': iOS shows the \(sourceLanguage) text there; add one",
                    at: at))
        }
        return out
    }

    /// The `custom-font` warning of a family that is not installed.
    public static func notInstalled(_ family: String) -> String {
        "font '\(family)' is not installed: measured with the system font, as iOS draws it; install the font (fontconfig must find the family)"
    }

    /// The `missing-glyph` message: the first character no installed font draws, where to get a
    /// font for it, and how many more there are; nil when there is none.
    public static func missingGlyphMessage(_ missing: [Unicode.Scalar]) -> String? {
        guard let first = missing.first else { return nil }
        var fix: String
        if let package = MissingGlyphs.package(for: first) {
            fix =
                MissingGlyphs.isInstalled(package: package)
                ? "\(package) is installed and has no font for it either: name a font that has it in fallbackFonts"
                : "install \(package), or name a font that has it in fallbackFonts"
        } else {
            fix = "no font is made for it: name a font that has it in fallbackFonts"
        }
        let more = missing.count > 1 ? " (and \(missing.count - 1) more character\(missing.count == 2 ? "" : "s"))" : ""
        return "no installed font draws \(MissingGlyphs.describe(first))\(more): measured as a missing-glyph box; \(fix)"
    }

    /// The other texts that fail, each with the first size it fails at, those of one size
    /// together, smallest size first: `en and fr at .large, ja at .extraLarge`; past five names,
    /// `and 3 more at .AX1 or larger` (the size of the first left out: the rest fail there or
    /// at larger sizes).
    static func alsoList(_ others: [(name: String, category: ContentSizeCategory)]) -> String {
        let sorted = others.enumerated().sorted { ($0.element.category, $0.offset) < ($1.element.category, $1.offset) }.map(\.element)
        let shown = sorted.count <= 5 ? sorted : Array(sorted.prefix(4))
        var groups: [(names: [String], category: ContentSizeCategory)] = []
        for o in shown {
            if groups.last?.category == o.category {
                groups[groups.count - 1].names.append(o.name)
            } else {
                groups.append(([o.name], o.category))
            }
        }
        var parts = groups.map { g in
            (g.names.count == 1 ? g.names[0] : g.names.dropLast().joined(separator: ", ") + " and " + g.names.last!) + " at "
                + g.category.displayName
        }
        if sorted.count > shown.count {
            parts.append("and \(sorted.count - shown.count) more at \(sorted[shown.count].category.displayName) or larger")
        }
        return parts.joined(separator: ", ")
    }

    /// `de, fr and 3 more`.
    static func list(_ names: [String]) -> String {
        names.count <= 5 ? names.joined(separator: ", ") : names.prefix(4).joined(separator: ", ") + " and \(names.count - 4) more"
    }

    struct Case {
        let variant: Int
        /// The width's index in `LabelWidths.widths` (narrowest first).
        let width: Int
        let category: Int
        let layout: LabelLayout
        /// Its index in the group's cells.
        var cell = 0
    }

    /// The share of the text a truncated layout does not show (0 when it shows everything).
    static func hiddenShare(_ layout: LabelLayout, of text: String) -> Double {
        let total = text.count
        guard total > 0 else { return 0 }
        let shown = layout.lines.reduce(0) { $0 + $1.text.filter { $0 != "…" }.count }
        return max(0, Double(total - shown) / Double(total))
    }

    /// One diagnostic about every case of a code: the worst first, the rest summed up.
    static func summary(
        _ code: DiagnosticCode, _ cases: [Case], categories: [ContentSizeCategory], widths: LabelWidths, variants: [TextVariant],
        failingWidths: Int? = nil, extraScreens: Int = 0, at range: Range<Int>, group: FitMatrix.Group? = nil,
        sourceLanguage: String = "en", fixes: ((Case) -> [Fix])? = nil
    ) -> Diagnostic? {
        guard !cases.isEmpty else { return nil }
        let worst = cases.min { a, b in
            if a.width != b.width { return a.width < b.width }
            if a.category != b.category { return a.category < b.category }
            // Without Bold Text first: what every user sees is the finding, Bold Text its "also".
            if variants[a.variant].boldText != variants[b.variant].boldText { return !variants[a.variant].boldText }
            let ha = hiddenShare(a.layout, of: variants[a.variant].text)
            let hb = hiddenShare(b.layout, of: variants[b.variant].text)
            if ha != hb { return ha > hb }
            return a.variant < b.variant
        }!
        // With iOS's Bold Text on: said after the verb (`truncates with Bold Text in de`).
        let bold = variants[worst.variant].boldText ? " with Bold Text" : ""
        let verb = (code == .truncates ? "truncates" : "clipped") + bold
        let shows = code == .truncates ? "" : "shows "
        let category = categories[worst.category].displayName
        let larger = Set(cases.filter { $0.width == worst.width }.map(\.category).filter { $0 > worst.category }).count
        let variant = variants[worst.variant]
        // The worst variant named without its Bold Text note: the verb says it.
        var names = variants.map { FitMatrix.name(of: $0, .message) }
        if variant.boldText, variant.locale != nil {
            var plain = variant
            plain.boldText = false
            names[worst.variant] = FitMatrix.name(of: plain, .message)
        }
        // On a screen: where, how wide, and how many other screens fail too (those of the same
        // width among them).
        var screen: FindingScreen?
        var on = ""
        var place: [String] = []
        var otherScreens = 0
        // The worst cell's width: moved by its row neighbours' texts in its language, if any.
        let cellWidth =
            group?.width(at: FitMatrix.Place(variant: worst.variant, width: worst.width, size: worst.category))
            ?? (widths.widths.indices.contains(worst.width) ? widths.widths[worst.width] : nil)
        if widths.followsScreen, let first = widths.screens[worst.width].first, let points = cellWidth {
            screen = FindingScreen(name: first.name, width: points)
            on = " on \(first.name)"
            // The widths that fail are the narrowest ones (a label that fits at a width fits at
            // every wider one): as many as `failingWidths` says (laid out at the narrowest
            // only), else up to the widest with a case.
            // (and the screens of a label's other group that fail too: `Checks.merged`)
            otherScreens = widths.screenCount(ofNarrowest: failingWidths ?? ((cases.map(\.width).max() ?? 0) + 1)) - 1 + extraScreens
        }
        // The worst cell's width and where it comes from (`Diagnostic.widthSource`), first in
        // the brackets: `143 pt: width .margins - 200`.
        let width = cellWidth
        if let width { place.append(widthPhrase(width, widths.source)) }
        // Moved by the texts of the labels beside it in another language: said, since the phrase
        // names them by their development text.
        if let group, let locale = variant.locale, locale != sourceLanguage,
            (group.widthChange(at: FitMatrix.Place(variant: worst.variant, width: worst.width, size: worst.category)) ?? 0) != 0
        {
            place.append("with the \(locale) texts of the labels beside it")
        }
        let onMore = otherScreens > 0 ? "on \(otherScreens) more screen\(otherScreens == 1 ? "" : "s")" : nil
        guard let name = names[worst.variant] else {
            // One text, as before locales were measured.
            var tail = place
            if larger > 0 { tail.append("and at \(larger) larger size\(larger == 1 ? "" : "s")") }
            if let onMore { tail.append(onMore) }
            let suffix = tail.isEmpty ? "" : " (" + tail.joined(separator: "; ") + ")"
            var d = Diagnostic(code, "\(verb)\(on) at \(category): \(shows)\(quoted(worst.layout))\(suffix)", at: range)
            d.screen = screen
            d.cell = "\(bold.isEmpty ? "" : "with Bold Text ")at \(category)\(on)"
            (d.width, d.widthSource) = (width, width == nil ? nil : widths.source)
            (d.fonts, d.standIn) = (worst.layout.fonts.map(\.family), worst.layout.standIn)
            d.fixes = fixes?(worst) ?? []
            d.text = findingText(variant)
            return d
        }
        // The other locales (their plural forms folded into one name), or the other forms of a
        // text measured in one language.
        // Each with the smallest size it fails at, at the reported width (at any, should it
        // fail only at a wider one).
        // A development-language text measured for locales no table has keeps that note
        // (`en (no xx table)`): it is not the development language asked for.
        // A text with Bold Text: `de with Bold Text`, `with Bold Text`; not named when the same
        // text fails without it (it is then no news that it fails with it).
        func otherName(_ v: TextVariant, _ name: String?) -> String? {
            guard v.boldText else {
                guard let l = v.locale else { return name }
                return v.absentLocales.isEmpty ? l : "\(l) (no \(v.absentLocales.joined(separator: " or ")) table)"
            }
            var plain = v
            plain.boldText = false
            let base = otherName(plain, FitMatrix.name(of: plain, .message))
            return base.map { "\($0) with Bold Text" } ?? "with Bold Text"
        }
        let failingPlain = Set(
            cases.compactMap { c -> String? in
                let v = variants[c.variant]
                return v.boldText ? nil : "\(v.locale ?? "")|\(v.pluralForm ?? "")|\(v.device?.rawValue ?? "")"
            })
        let worstName = variant.boldText ? nil : otherName(variant, name)
        var others: [(name: String, rank: (Int, Int))] = []
        for c in cases.sorted(by: { $0.variant < $1.variant }) {
            let v = variants[c.variant]
            if v.boldText, failingPlain.contains("\(v.locale ?? "")|\(v.pluralForm ?? "")|\(v.device?.rawValue ?? "")") { continue }
            if v.boldText, c.variant == worst.variant { continue }
            guard let o = otherName(v, names[c.variant]), o != worstName else { continue }
            let rank = (c.width == worst.width ? 0 : 1, c.category)
            if let k = others.firstIndex(where: { $0.name == o }) {
                if rank < others[k].rank { others[k] = (o, rank) }
            } else {
                others.append((o, rank))
            }
        }
        var tail = place
        if !others.isEmpty { tail.append("also " + alsoList(others.map { ($0.name, categories[$0.rank.1]) })) }
        if larger > 0 { tail.append("\(others.isEmpty ? "and at" : "and") \(larger) larger size\(larger == 1 ? "" : "s")") }
        if let onMore { tail.append(onMore) }
        let suffix = tail.isEmpty ? "" : " (" + tail.joined(separator: "; ") + ")"
        var related: [RelatedLocation] = []
        if let path = variant.catalogPath, let place = variant.keyPlace {
            let what = variant.locale.map { "the \($0) text" } ?? "the text"
            related.append(RelatedLocation(document: path, range: place.range, message: "\(what) in the catalog", columns: place.columns))
        }
        var d = Diagnostic(
            code, "\(verb) in \(name)\(on) at \(category): \(shows)\(quoted(worst.layout))\(suffix)", at: range, related: related)
        d.screen = screen
        d.cell = "\(bold.isEmpty ? "" : "with Bold Text ")\(name) at \(category)\(on)"
        (d.width, d.widthSource) = (width, width == nil ? nil : widths.source)
        (d.fonts, d.standIn) = (worst.layout.fonts.map(\.family), worst.layout.standIn)
        d.fixes = fixes?(worst) ?? []
        d.text = findingText(variant)
        return d
    }

    /// Where a variant's text comes from, as a finding carries it.
    static func findingText(_ v: TextVariant) -> FindingText {
        FindingText(
            locale: v.locale, key: v.key, table: v.tablePath ?? v.catalogPath, plural: v.pluralForm, device: v.device?.rawValue,
            boldText: v.boldText)
    }

    /// Lays out many inputs over all cores; the result at index i belongs to input i. Equal
    /// inputs (everything that decides a layout: text, language, font, size, box, modes) are laid
    /// out once: a label's text that is the same in several locales (an untranslated key, a
    /// fallback), or labels that share a text and a style.
    public static func layoutAll(
        _ inputs: [LabelLayoutInput?], measurer: Measurer, deduplicating: Bool = true
    ) -> [Result<LabelLayout, FontError>?] {
        guard deduplicating else { return layoutEach(inputs, measurer: measurer) }
        return LayoutBatch(inputs, measurer: measurer).join()
    }

    /// Every input laid out, in parallel chunks (equal ones as often as they come).
    static func layoutEach(_ inputs: [LabelLayoutInput?], measurer: Measurer) -> [Result<LabelLayout, FontError>?] {
        let results = ConcurrentSlots<Result<LabelLayout, FontError>>(count: inputs.count)
        defer { results.free() }
        let chunk = 256
        DispatchQueue.concurrentPerform(iterations: (inputs.count + chunk - 1) / chunk) { c in
            for i in (c * chunk)..<min(inputs.count, (c + 1) * chunk) { results.pointer[i] = inputs[i].map { measurer.layout($0) } }
        }
        return results.values
    }

    /// The largest batch of layouts the measurer keeps (an edit's few labels, a hover's matrix).
    /// A whole document's layouts (its first check, a style many labels inherit changed) are
    /// not kept: nothing asks for them again (each label's measured diagnostics are kept), and
    /// keeping them cost a cold 5 MB document 30% of its measuring time and memory.
    static let keptBatch = 2048

    /// Layouts shared out among threads: equal inputs found first (on the thread that makes
    /// it), then any thread that calls `work` takes chunks of what is left until none is, and
    /// `join` lays out the rest on every core and returns them all, in the order of the inputs.
    final class LayoutBatch: @unchecked Sendable {
        private let unique: [HashedLayoutInput]
        private let slot: [Int]
        private let measurer: Measurer
        private let results: ConcurrentSlots<Result<LabelLayout, FontError>>
        private let lock = Lock()
        private var next = 0
        private var done = 0
        private let chunks: Int
        private let finished = DispatchSemaphore(value: 0)
        static let chunk = 64
        /// Read once: on Linux, Foundation reads the process's CPU affinity and cgroup limits for
        /// each call (about 0.3 ms, once per push before).
        static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

        init(_ inputs: [LabelLayoutInput?], measurer: Measurer) {
            var index: [HashedLayoutInput: Int] = [:]
            index.reserveCapacity(inputs.count)
            var unique: [HashedLayoutInput] = []
            var slot = [Int](repeating: -1, count: inputs.count)
            for (i, input) in inputs.enumerated() {
                guard let input else { continue }
                let key = HashedLayoutInput(input)
                if let k = index[key] {
                    slot[i] = k
                } else {
                    index[key] = unique.count
                    slot[i] = unique.count
                    unique.append(key)
                }
            }
            self.unique = unique
            self.slot = slot
            self.measurer = measurer
            results = ConcurrentSlots(count: unique.count)
            chunks = (unique.count + LayoutBatch.chunk - 1) / LayoutBatch.chunk
        }

        deinit { results.free() }

        /// Lays out chunks until none is left to take.
        func work() {
            let keep = unique.count <= MeasuredChecks.keptBatch
            while true {
                let c: Int? = lock.withLock {
                    guard next < chunks else { return nil }
                    next += 1
                    return next - 1
                }
                guard let c else { return }
                for i in (c * LayoutBatch.chunk)..<min(unique.count, (c + 1) * LayoutBatch.chunk) {
                    results.pointer[i] = measurer.layout(unique[i], keep: keep)
                }
                if lock.withLock({
                    done += 1; return done == chunks
                }) {
                    finished.signal()
                }
            }
        }

        /// Every layout, once all are done (this thread and the others help). No more threads
        /// than chunks: an edit's few layouts (one chunk) are made on this thread alone, without
        /// waking another core for nothing.
        func join() -> [Result<LabelLayout, FontError>?] {
            if chunks > 0 {
                DispatchQueue.concurrentPerform(iterations: min(chunks, LayoutBatch.cores)) { _ in work() }
                finished.wait()
                finished.signal()
            }
            return slot.map { $0 < 0 ? nil : results.pointer[$0] }
        }
    }

    /// `143 pt: width .margins - 200` (`143 pt` without a source): what a finding's brackets
    /// open with.
    public static func widthPhrase(_ points: Double, _ source: String?) -> String {
        "\(LayoutSummary.points(points)) pt" + (source.map { ": " + $0 } ?? "")
    }

    /// `d` with its width's source said as `source` (an Interface Builder label's constraints
    /// or frame instead of the generated `width`): in `widthSource` and in its message, where
    /// the brackets after the quoted text open with the width's phrase (`widthPhrase`). The last
    /// such phrase is the one replaced: the quoted text before it cannot be taken for it.
    public static func replacingWidthSource(in d: Diagnostic, with source: String) -> Diagnostic {
        guard let width = d.width, let old = d.widthSource,
            let at = d.message.range(of: " (" + widthPhrase(width, old), options: .backwards)
        else { return d }
        var out = d
        out.message.replaceSubrange(at, with: " (" + widthPhrase(width, source))
        out.widthSource = source
        return out
    }

    /// The lines as the user sees them, joined with ⏎.
    static func quoted(_ layout: LabelLayout) -> String {
        "\"" + layout.lines.map(\.shownText).joined(separator: " ⏎ ") + "\""
    }

    static func more(_ count: Int) -> String {
        count > 1 ? " (and at \(count - 1) larger size\(count == 2 ? "" : "s"))" : ""
    }
}
