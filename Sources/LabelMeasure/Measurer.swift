import LabelSpecSupport
import LabelVocabulary

/// What one look at a label's text tells the layout.
struct TextTraits {
    /// A tab: widths depend on where on the line text starts.
    var hasTabs = false
    /// A character the label's font has no glyph for, or one that may ask for emoji
    /// presentation: the fallback chain is needed.
    var needsFallback = false
    /// A right-to-left character or a bidi control: the drawn lines may need reordering.
    var mayReorder = false

    init(_ text: String, face: FontFace) {
        for s in text.unicodeScalars {
            let v = s.value
            if v < 0x80 {
                if v == 9 {
                    hasTabs = true
                } else if !needsFallback, v >= 0x20, v < 0x7F, !face.hasGlyph(s) {
                    needsFallback = true
                }
                continue
            }
            if !needsFallback, Coverage.needsGlyph(s) && !face.hasGlyph(s) || Coverage.mayAskForEmoji(s) && !face.isColor {
                needsFallback = true
            }
            if !mayReorder, v >= 0x590, Bidi.mayReorder(s) { mayReorder = true }
        }
    }
}

/// A layout input with its hash computed once: a look-up in the layout cache then hashes one
/// integer under the shard's lock, not the text.
public struct HashedLayoutInput: Hashable, @unchecked Sendable {
    public let input: LabelLayoutInput
    public let hashValue: Int

    public init(_ input: LabelLayoutInput) {
        self.input = input
        hashValue = input.hashValue
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(hashValue) }
    public static func == (a: HashedLayoutInput, b: HashedLayoutInput) -> Bool { a.hashValue == b.hashValue && a.input == b.input }
}

/// One shard of `Measurer`'s layout cache.
final class LayoutShard: @unchecked Sendable {
    let lock = Lock()
    var layouts: [HashedLayoutInput: LabelLayout] = [:]
}

/// Lays out labels: the one implementation of how a label renders, which the CLI, the checks and
/// the language server all call.
public final class Measurer: @unchecked Sendable {
    public let fonts: FontResolver
    /// Layouts already computed (an edit re-measures only the labels it changed), in shards by
    /// the input's hash, each with its own lock: the hash is computed before any lock is taken
    /// and the shards' locks are rarely contended when every core lays out.
    private let shards: [LayoutShard] = (0..<Measurer.shardCount).map { _ in LayoutShard() }
    static let shardCount = 16
    static let cacheLimit = 100_000

    /// The fonts measured with (`fontsUsed`).
    private let used = UsedFonts()
    final class UsedFonts: @unchecked Sendable {
        let lock = Lock()
        var fonts: Set<MeasuringFont> = []
    }

    /// Whether layouts are kept for the next ask (the server: yes; a one-shot check: no memory
    /// wasted on answers nobody asks for twice).
    public let cachesLayouts: Bool

    public init(fonts: FontResolver = FontResolver(), cachesLayouts: Bool = true) {
        self.fonts = fonts
        self.cachesLayouts = cachesLayouts
    }

    /// The layout of one label, or why its font could not be had.
    public func layout(_ input: LabelLayoutInput) -> Result<LabelLayout, FontError> {
        guard cachesLayouts else { return layoutUncached(input) }
        return layout(HashedLayoutInput(input))
    }

    /// The layout of an input whose hash is already known (`MeasuredChecks.layoutAll` hashes
    /// every input once, to find the equal ones).
    /// `keep: false` looks the layout up but does not keep a new one (a whole document measured
    /// at once: its layouts are not asked for again, and keeping them would cost memory).
    public func layout(_ key: HashedLayoutInput, keep: Bool = true) -> Result<LabelLayout, FontError> {
        guard cachesLayouts else { return layoutUncached(key.input) }
        let shard = shards[Int(UInt(bitPattern: key.hashValue) % UInt(Measurer.shardCount))]
        if let hit = shard.lock.withLock({ shard.layouts[key] }) { return .success(hit) }
        let result = layoutUncached(key.input)
        if keep, case .success(let layout) = result, key.input.text.utf8.count <= 4096 {
            shard.lock.withLock {
                if shard.layouts.count >= Measurer.cacheLimit / Measurer.shardCount { shard.layouts.removeAll(keepingCapacity: true) }
                shard.layouts[key] = layout
            }
        }
        return result
    }

    /// The layout computed afresh (fonts and word widths still cached): what benchmarks time.
    public func layoutUncached(_ input: LabelLayoutInput) -> Result<LabelLayout, FontError> {
        let base: ResolvedFont, face: FontFace, missingFamily: String?
        switch primaryFace(input) {
        case .success(let found): (base, face, missingFamily) = found
        case .failure(let e): return .failure(e)
        }
        let iconWidth = LayoutRules.iconWidth(parts: input.parts, fontSize: base.size)
        let text = input.parts == .iconOnly ? "" : input.text
        let available = input.width.map { max(0, $0 - iconWidth) }

        // One look at the text decides what the layout needs: the fallback chain only for text
        // the label's font does not draw all by itself, bidi only for right-to-left text.
        let traits = TextTraits(text, face: face)
        let chain =
            traits.needsFallback ? fonts.chain(for: face, weight: base.weight, italic: base.italic, language: input.language) : nil
        let placement = LinePlacement(
            face: face, chain: chain, fonts: fonts, weight: base.weight, italic: base.italic, systemTracking: base.takesSystemTracking,
            language: input.language)
        var context = Context(placement, size: base.size)
        context.hasTabs = traits.hasTabs
        context.mayReorder = traits.mayReorder
        var result = attempt(text, input, &context, available: available, leading: base.leading, scale: 1)

        // Autoshrink: the largest scale in [minimumScaleFactor, 1] at which the text fits.
        if input.adjustsFontSizeToFitWidth, input.minimumScaleFactor > 0, input.minimumScaleFactor < 1,
            result.isCut
        {
            let minScale = input.minimumScaleFactor
            let atMin = attempt(text, input, &context, available: available, leading: base.leading, scale: minScale)
            if atMin.isCut {
                result = atMin
            } else {
                var lo = minScale
                var hi = 1.0
                var best = atMin
                while (hi - lo) * base.size > LayoutRules.autoshrinkPrecision {
                    let mid = (lo + hi) / 2
                    let r = attempt(text, input, &context, available: available, leading: base.leading, scale: mid)
                    if r.isCut { hi = mid } else { lo = mid; best = r }
                }
                result = best
            }
        }
        result.iconWidth = iconWidth
        result.missingGlyphs = chain?.missing(in: text) ?? []
        result.missingFamily = missingFamily
        result.fonts = measuringFonts(face, base: base, missingFamily: missingFamily, fallbacks: chain?.fallbackFaces(drawing: text) ?? [])
        result.alignment = LayoutRules.alignment(input.textAlignment, language: input.language)
        if let w = input.width { result.width = w } else { result.width += iconWidth }
        return .success(result)
    }

    /// The fonts a layout was measured with, each said to stand in or not, and noted in
    /// `fontsUsed`.
    func measuringFonts(_ face: FontFace, base: ResolvedFont, missingFamily: String?, fallbacks: [FontFace]) -> [MeasuringFont] {
        let own: String? =
            missingFamily ?? (base.isSystem && !MeasuringFont.isApple(face.familyName) ? base.design.appleFamily : nil)
        var out = [MeasuringFont(family: face.familyName, standsFor: own)]
        // A blend of two cuts (`StaticPair`) measured with both.
        if let partner = face.blend?.partner, partner.familyName != face.familyName {
            out.append(MeasuringFont(family: partner.familyName, standsFor: own))
        }
        for f in fallbacks where !out.contains(where: { $0.family == f.familyName }) {
            out.append(MeasuringFont(family: f.familyName, standsFor: MeasuringFont.isApple(f.familyName) ? nil : MeasuringFont.scriptFont))
        }
        used.lock.withLock { for f in out { used.fonts.insert(f) } }
        return out
    }

    /// Every font this measurer measured with so far (for a run's summary), sorted: the real
    /// fonts first, then the stand-ins.
    public func fontsUsed() -> [MeasuringFont] { used.lock.withLock { used.fonts.sorted() } }

    /// The label's font and its face, with the `.custom` family that is not installed (iOS draws
    /// it with the system font, at the same size).
    func primaryFace(_ input: LabelLayoutInput) -> Result<(ResolvedFont, FontFace, String?), FontError> {
        var base = resolveFont(input)
        switch fonts.face(for: base.request, size: base.size) {
        case .success(let f): return .success((base, f, nil))
        case .failure(.unknownFamily(let family)) where !base.isSystem:
            // The system font at the family's weight and slant, as iOS draws a missing family.
            base.request = .system(weight: base.weight, monospacedDigit: base.monospacedDigit, italic: base.italic)
            base.isSystem = true
            base.design = .default
            return fonts.face(for: base.request, size: base.size).map { (base, $0, family) }
        case .failure(let e): return .failure(e)
        }
    }

    struct ResolvedFont {
        var request: FontRequest
        var size: Double
        /// Line height from the Dynamic Type table (text styles); nil: the font's own.
        var leading: Double?
        var isSystem: Bool
        var weight: FontWeight
        /// The system font's design (`.default` for a custom family).
        var design: FontDesign = .default

        /// Whether the system font's tracking table applies: SF Pro's and SF Pro Rounded's (SF
        /// Mono has none; New York tracks itself, its stand-in's width correction holds it).
        var takesSystemTracking: Bool { isSystem && (design == .default || design == .rounded) }

        /// Whether the font asked for is italic (its fallbacks are asked at that slant).
        var italic: Bool {
            switch request {
            case .system(_, _, _, let italic), .custom(_, _, let italic, _): return italic
            }
        }

        /// Whether it asks for digits of one width.
        var monospacedDigit: Bool {
            switch request {
            case .system(_, _, let digits, _), .custom(_, _, _, let digits): return digits
            }
        }
    }

    func resolveFont(_ input: LabelLayoutInput) -> ResolvedFont {
        switch input.font {
        case .textStyle(let style, let traits):
            let m = style.metrics(at: input.contentSize)
            let weight = input.font.weight(boldText: input.boldText)
            return ResolvedFont(
                request: .system(weight: weight, design: traits.design, monospacedDigit: traits.monospacedDigit, italic: traits.italic),
                size: m.size,
                leading: m.leading, isSystem: true, weight: weight, design: traits.design)
        case .system(let size, _, let traits):
            let weight = input.font.weight(boldText: input.boldText)
            return ResolvedFont(
                request: .system(weight: weight, design: traits.design, monospacedDigit: traits.monospacedDigit, italic: traits.italic),
                size: size, leading: nil,
                isSystem: true, weight: weight, design: traits.design)
        case .custom(let family, let size, let relativeTo, let traits):
            var scaled = size
            if let style = relativeTo {
                scaled = size * style.metrics(at: input.contentSize).size / style.metrics(at: .large).size
            }
            // Bold Text leaves a custom family as it is: its face is the one the font asks for.
            let weight = input.font.weight
            return ResolvedFont(
                request: .custom(family: family, weight: weight, italic: traits.italic, monospacedDigit: traits.monospacedDigit),
                size: scaled, leading: nil, isSystem: false, weight: weight)
        }
    }

    /// Widths at one point size: the rules of `LinePlacement`, which drawing follows too, with
    /// what the text's one look (`TextTraits`) told.
    struct Context {
        /// The rules at the current scale (and tightening's squeeze while it measures).
        var placement: LinePlacement
        let size: Double
        /// Whether the text holds a tab: widths then depend on where on the line text starts.
        var hasTabs = false
        /// Whether the text may hold right-to-left characters (see `TextTraits`).
        var mayReorder = false

        var face: FontFace { placement.face }
        var pointSize: Double { placement.pointSize }
        var extraTracking: Double {
            get { placement.extraTracking }
            set { placement.extraTracking = newValue }
        }

        init(_ placement: LinePlacement, size: Double) {
            self.placement = placement
            self.size = size
        }

        mutating func setScale(_ scale: Double) { placement.setPointSize(size * scale) }

        /// Width in points of `text` as one run, letter spacing included (`LinePlacement`).
        func width(_ text: Substring) -> Double {
            hasTabs ? placement.width(text, at: 0) : placement.runWidth(text)
        }

        /// Width in points of `text` starting `x` points into its line: a tab advances to the next
        /// tab stop (`LayoutRules.tabStop(after:)`).
        func width(_ text: Substring, at x: Double) -> Double {
            hasTabs ? placement.width(text, at: x) : placement.runWidth(text)
        }

        /// The width of the first piece of a word broken between two joined letters: shaped with
        /// a zero-width joiner after it, its last letter keeps the form it has in the word.
        func widthJoined(_ text: Substring, at x: Double) -> Double {
            width((String(text) + "\u{200D}")[...], at: x)
        }

        /// The clusters of `text` that letter spacing applies to (tightening spreads its squeeze
        /// over them).
        func spacedClusters(_ text: Substring) -> Int { placement.spacedClusters(text) }
    }

    /// One layout at a given autoshrink scale.
    func attempt(_ text: String, _ input: LabelLayoutInput, _ context: inout Context, available: Double?, leading: Double?, scale: Double)
        -> LabelLayout
    {
        context.setScale(scale)
        let lineHeight = (leading.map { $0 * scale }) ?? context.face.lineHeightEm * context.pointSize
        var maxLines = input.numberOfLines == 0 ? Int.max : max(1, input.numberOfLines)
        var heightClips = false
        if let h = input.height {
            let byHeight = Int(saturating: (h + 0.001) / lineHeight)
            if byHeight < 1 { heightClips = true }
            maxLines = min(maxLines, max(1, byHeight))
        }
        let mode = input.lineBreakMode
        let wrapped =
            mode == .byCharWrapping
            ? LayoutRules.wrap(LineBreaks.paragraphs(text), in: text, width: available, context: context, limit: maxLines)
            : LayoutRules.wrap(
                LineBreaks.Lazy(text, language: input.language), in: text, width: available, context: context, limit: maxLines)

        var lines = wrapped
        var truncated = false
        var clipped = heightClips
        var tightened = false
        if wrapped.count > maxLines {
            lines = Array(wrapped.prefix(maxLines))
            let last = maxLines - 1
            let rest = LayoutRules.remainder(of: text, from: wrapped[last].range.lowerBound)
            let width = available ?? .infinity
            if mode.truncates || mode == .byClipping {
                // Tightening: squeeze letter spacing (up to the chosen amount) before truncating.
                if input.allowsDefaultTighteningForTruncation, maxLines == 1,
                    let squeezed = LayoutRules.tighten(rest, width: width, context: &context)
                {
                    lines[last] = squeezed
                    tightened = true
                } else if mode == .byClipping {
                    lines[last] = LayoutRules.clip(rest, width: width, context: context)
                    clipped = true
                } else {
                    lines[last] = LayoutRules.truncate(rest, mode: mode, width: width, context: context, wrapped: wrapped[last])
                    truncated = true
                }
            } else {
                // Wrapping modes just stop: the lines that do not fit are cut off.
                clipped = true
            }
        }
        // A single grapheme wider than the line spills over its edge.
        if let w = available, lines.contains(where: { $0.width > w + LayoutRules.epsilon }), !truncated { clipped = true }
        let drawn = LayoutRules.drawn(lines, of: text, language: input.language, mayReorder: context.mayReorder)
        let textWidth = drawn.map(\.width).max() ?? 0
        let intrinsicHeight = Double(drawn.count) * lineHeight
        return LabelLayout(
            lines: drawn, isTruncated: truncated, isClipped: clipped, fontSize: context.pointSize, scale: scale,
            isTightened: tightened, lineHeight: lineHeight, width: available ?? textWidth,
            height: input.height ?? intrinsicHeight, iconWidth: 0)
    }
}
