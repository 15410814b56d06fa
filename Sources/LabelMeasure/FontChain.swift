import CLineBreak
import LabelSpecSupport
import LabelVocabulary

/// Which characters need a glyph, and which grapheme clusters ask for the colour emoji font.
public enum Coverage {
    /// Whether a font must have a glyph for the scalar to draw it: not for default-ignorable code
    /// points (joiners, variation selectors, soft hyphen, zero-width space: HarfBuzz hides them),
    /// controls (line feed, tab) and line or paragraph separators.
    @inline(__always) static func needsGlyph(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v >= 0x20 && v < 0x7F { return true }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029 { return false }
        return !s.properties.isDefaultIgnorableCodePoint
    }

    /// Whether a scalar may make its cluster an emoji presentation (so the colour font, not the
    /// text font, draws it): emoji-presentation characters, VS16, the keycap mark, skin tones.
    @inline(__always) static func mayAskForEmoji(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        guard v >= 0x203C else { return false }
        if v == 0xFE0F || v == 0x20E3 { return true }
        return s.properties.isEmojiPresentation || s.properties.isEmojiModifier
    }

    /// Whether `face` draws all of `text` on its own: it has every glyph the text needs, and no
    /// cluster may ask for emoji presentation. Text for which this holds never meets the fallback.
    /// With the number of clusters that tracking spaces (`isSpaced`).
    static func scan(_ text: String, _ face: FontFace) -> (drawsAll: Bool, spacedClusters: Int) {
        var drawsAll = true
        var spaced = 0
        for cluster in text {
            var visible = false
            for s in cluster.unicodeScalars {
                if needsGlyph(s) {
                    visible = true
                    if drawsAll, !face.hasGlyph(s) { drawsAll = false }
                }
                if drawsAll, mayAskForEmoji(s), !face.isColor { drawsAll = false }
            }
            if visible { spaced += 1 }
        }
        return (drawsAll, spaced)
    }

    /// Whether tracking spaces a cluster: it draws something (a zero-width space, a soft hyphen
    /// or a joiner alone takes no letter spacing).
    static func isSpaced(_ cluster: Character) -> Bool { cluster.unicodeScalars.contains(where: needsGlyph) }

    /// Whether a grapheme cluster is drawn as an emoji (emoji presentation): it holds VS16 or the
    /// keycap mark, starts with an emoji-presentation character (flags, 😀), or holds a skin
    /// tone; VS15 (U+FE0E) asks for text presentation.
    public static func wantsEmoji(_ cluster: Character) -> Bool {
        let scalars = cluster.unicodeScalars
        if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.properties.isEmojiModifier }) { return true }
        return scalars.first?.properties.isEmojiPresentation ?? false
    }
}

/// The fonts a label's text is drawn with, as iOS's cascade list does it: per grapheme cluster,
/// the first font that has all its glyphs among the label's own font, then `fallbackFonts`, then
/// fontconfig's best match for the cluster and the label's language. A cluster with emoji
/// presentation goes to a colour font first. One chain per (font, weight, language), kept by the
/// `FontResolver`.
public final class FontChain: @unchecked Sendable {
    public let primary: FontFace
    /// The faces in the order they are tried: the label's own font, the configured fallbacks, then
    /// those fontconfig found (appended as they are found).
    private var faces: [FontFace]
    /// The label's font and the configured fallbacks: `faces` before those fontconfig found,
    /// which are tried only in fontconfig's order, for the clusters it chose them for.
    private let ownFaces: [FontFace]
    private let resolver: FontResolver
    /// fontconfig's language tag (`ja`, `zh-cn`, …).
    let fontconfigLanguage: String
    let weight: FontWeight
    /// The label's font is italic: fontconfig's fallbacks are asked at that slant.
    let italic: Bool
    /// The face each cluster is drawn with (an index into `faces`); `FontChain.none` when no
    /// installed font draws it (it is measured with the label's font, as a missing glyph).
    private var choices: [String: Int] = [:]
    private var measures: [String: Measure] = [:]
    private let lock = Lock()
    static let none = -1

    init(primary: FontFace, configured: [FontFace], resolver: FontResolver, language: String?, weight: FontWeight, italic: Bool = false) {
        self.primary = primary
        faces = [primary] + configured.filter { $0 !== primary }
        ownFaces = faces
        self.resolver = resolver
        fontconfigLanguage = FontChain.fontconfigLanguage(language)
        self.weight = weight
        self.italic = italic
    }

    /// A run of consecutive clusters drawn with one face, in one direction.
    public struct Run {
        public var face: FontFace
        public var range: Range<String.Index>
        /// Whether the face is the label's own font (tracking applies to it only).
        public var isPrimary: Bool
        /// Shaped right to left: it holds right-to-left letters (Hebrew, Arabic), and the
        /// neutrals around them.
        public var isRightToLeft = false
    }

    /// The width of text that the label's font does not draw all by itself, in em, with how many
    /// of its clusters the label's font draws (system tracking applies to those) and how many
    /// clusters there are (both counting only clusters that draw something: `isSpaced`).
    struct Measure {
        var em: Double
        var primaryClusters: Int
        var clusters: Int
    }

    func measure(_ text: Substring) -> Measure {
        let key = String(text)
        let keep = key.utf8.count <= 256
        if keep, let m = lock.withLock({ measures[key] }) { return m }
        var m = Measure(em: 0, primaryClusters: 0, clusters: 0)
        for run in runs(text) {
            let clusters = text[run.range].reduce(0) { $0 + (Coverage.isSpaced($1) ? 1 : 0) }
            let units = run.isRightToLeft ? run.face.rightToLeftAdvance(text[run.range]) : run.face.advance(text[run.range]).units
            m.em += Double(units) / run.face.unitsPerEm
            m.clusters += clusters
            if run.isPrimary { m.primaryClusters += clusters }
        }
        if keep {
            lock.withLock {
                if measures.count > 100_000 { measures.removeAll(keepingCapacity: true) }
                measures[key] = m
            }
        }
        return m
    }

    /// The runs of `text`, each a stretch of clusters one face draws in one direction, in the
    /// text's (logical) order. A run changes direction at a strong character of the other
    /// direction; neutrals (spaces, punctuation, digits) stay in the run they are in.
    public func runs(_ text: Substring) -> [Run] {
        var out: [Run] = []
        // Whether the last run has a strong character yet (before it has, a strong character of
        // either direction sets its direction).
        var lastIsStrong = false
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            let cluster = text[i]
            let face = faceIndex(for: cluster)
            let f = face == FontChain.none ? 0 : face
            let direction = FontChain.strongDirection(cluster)
            if let last = out.last, last.face === faces(f), direction == nil || !lastIsStrong || direction == last.isRightToLeft {
                out[out.count - 1].range = last.range.lowerBound..<next
                if let direction, !lastIsStrong {
                    out[out.count - 1].isRightToLeft = direction
                    lastIsStrong = true
                }
            } else {
                out.append(
                    Run(face: faces(f), range: i..<next, isPrimary: f == 0, isRightToLeft: direction ?? out.last?.isRightToLeft ?? false))
                lastIsStrong = direction != nil
            }
            i = next
        }
        return out
    }

    /// A cluster's strong direction: true for a right-to-left letter, false for a left-to-right
    /// one, nil for a neutral or weak character (digits, spaces, punctuation, marks).
    static func strongDirection(_ cluster: Character) -> Bool? {
        guard let s = cluster.unicodeScalars.first else { return nil }
        if s.value >= 0x590, ls_bidi_is_rtl(s.value) != 0 { return true }
        return s.properties.isAlphabetic ? false : nil
    }

    private func faces(_ i: Int) -> FontFace { lock.withLock { faces[i] } }

    /// The clusters of `text` that no installed font draws, each as its first character without
    /// a glyph in the label's font, in order, without repeats. Free when the label's font draws
    /// the whole text.
    public func missing(in text: String) -> [Unicode.Scalar] {
        guard !text.unicodeScalars.allSatisfy({ !(Coverage.needsGlyph($0) && !primary.hasGlyph($0)) && !Coverage.mayAskForEmoji($0) })
        else { return [] }
        var out: [Unicode.Scalar] = []
        for cluster in text where faceIndex(for: cluster) == FontChain.none {
            if let s = cluster.unicodeScalars.first(where: { Coverage.needsGlyph($0) && !primary.hasGlyph($0) }), !out.contains(s) {
                out.append(s)
            }
        }
        return out
    }

    /// The fonts other than the label's own that draw clusters of `text`, in the order they are
    /// first used.
    func fallbackFaces(drawing text: String) -> [FontFace] {
        var used: [Int] = []
        for cluster in text {
            let i = faceIndex(for: cluster)
            if i != 0, i != FontChain.none, !used.contains(i) { used.append(i) }
        }
        return lock.withLock { used.map { faces[$0] } }
    }

    /// The face that draws a cluster (an index into `faces`), or `none`.
    func faceIndex(for cluster: Character) -> Int {
        let key = String(cluster)
        if let c = lock.withLock({ choices[key] }) { return c }
        let needed: [Unicode.Scalar] = cluster.unicodeScalars.filter(Coverage.needsGlyph)
        var choice = FontChain.none
        if needed.isEmpty {
            choice = 0
        } else {
            let emoji = Coverage.wantsEmoji(cluster)
            if emoji, let i = ownFaces.firstIndex(where: { $0.isColor && $0.covers(needed) }) {
                choice = i
            } else if emoji,
                let face = resolver.systemFallback(for: needed, language: FontChain.emojiLanguage, weight: weight, italic: italic)
            {
                choice = index(of: face)
            } else if let i = ownFaces.firstIndex(where: { $0.covers(needed) }) {
                choice = i
            } else if let face = resolver.systemFallback(for: needed, language: fontconfigLanguage, weight: weight, italic: italic) {
                choice = index(of: face)
            }
        }
        lock.withLock {
            if choices.count > 100_000 { choices.removeAll(keepingCapacity: true) }
            choices[key] = choice
        }
        return choice
    }

    /// The index of a face found by fontconfig, appended when it is new.
    private func index(of face: FontFace) -> Int {
        lock.withLock {
            if let i = faces.firstIndex(where: { $0 === face }) { return i }
            faces.append(face)
            return faces.count - 1
        }
    }

    /// The language fontconfig matches colour emoji fonts with (Chromium asks the same).
    static let emojiLanguage = "und-zsye"

    /// fontconfig's language for a BCP 47 tag: `zh-Hans` → `zh-cn`, `zh-Hant` → `zh-tw`
    /// (`zh-hk` for Hong Kong), `ja`, `ko`, `ar`…; nil (the development language) is `en`.
    static func fontconfigLanguage(_ tag: String?) -> String {
        guard let tag, !tag.isEmpty else { return "en" }
        let parts = tag.lowercased().replacingOccurrences("_", "-").split(separator: "-").map(String.init)
        guard let language = parts.first else { return "en" }
        if language == "zh" {
            if parts.contains("hk") || parts.contains("mo") { return "zh-hk" }
            if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
            if parts.contains("sg") { return "zh-sg" }
            return "zh-cn"
        }
        if parts.count > 1, parts[1].count == 2 { return language + "-" + parts[1] }
        return language
    }
}

extension String {
    func replacingOccurrences(_ a: Character, _ b: Character) -> String { String(map { $0 == a ? b : $0 }) }
}
