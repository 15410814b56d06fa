import CHarfBuzz
import LabelSpecSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One font file (one face of a collection) opened with HarfBuzz: shapes text and caches the
/// advance of every piece it has shaped, in font units (size-independent, so autoshrink never
/// reshapes), with whether this face draws all of it.
public final class FontFace: @unchecked Sendable {
    public let path: String
    /// The face's index in a font collection (`.ttc`); 0 for a single font.
    public let index: Int
    let font: OpaquePointer
    let face: OpaquePointer
    let blob: OpaquePointer
    /// Shaping buffers not in use (an `hb_buffer_t` serves one shaping at a time; the font is
    /// shared: HarfBuzz shapes with one font from several threads).
    private var spareBuffers: [OpaquePointer] = []
    /// Units per em.
    public let unitsPerEm: Double
    /// Ascender − descender + line gap, in em.
    public let lineHeightEm: Double
    /// The ascender and descender (negative below the baseline), in em: where a drawing puts the
    /// baseline in a line (half the leading above the ascender, as CSS and Core Text do).
    public let ascenderEm: Double
    public let descenderEm: Double
    /// Whether the face has colour glyphs (CBDT/sbix bitmaps, COLR layers or SVG): an emoji font.
    public let isColor: Bool
    /// The ASCII letters the face has a glyph for, as a bit mask (the common case, asked cheaply).
    private let asciiCoverage: (UInt64, UInt64)
    /// The advances of runs already shaped, in shards with a lock each: threads that measure at
    /// once (`check` on every core, the server) rarely wait for one another.
    private let shards = (0..<FontFace.shardCount).map { _ in AdvanceShard() }
    static let shardCount = 16
    /// UTF-8 bytes shaped so far (cache misses): what tests read to bound the work of a layout.
    private var shapedBytes = 0
    /// Guards the shaped-byte count and the spare buffers; shaping itself runs outside it, so
    /// threads that measure at once shape in parallel.
    private let lock = Lock()

    /// One shard of the advance cache: runs keyed by their bytes (not by Unicode equivalence,
    /// which costs a normalization per look-up, and which HarfBuzz does not shape by either).
    /// Read and written under `lock` only (so the exclusivity checks are left out).
    final class AdvanceShard: @unchecked Sendable {
        let lock = Lock()
        @exclusivity(unchecked) var widths = RunTable<Advance>()
        /// Runs shaped right to left (HarfBuzz would guess left to right for some: neutrals).
        @exclusivity(unchecked) var rightToLeftWidths = RunTable<Advance>()
    }

    private func shard(_ hash: UInt64) -> AdvanceShard { shards[Int(truncatingIfNeeded: hash >> 60) & (FontFace.shardCount - 1)] }

    /// Calls `body` with the UTF-8 bytes of `text` (its own storage when it has one).
    @inline(__always) private func withBytes<R>(_ text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let r = text.utf8.withContiguousStorageIfAvailable(body) { return r }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Opens a font file; nil when it cannot be read or is not a font (`validate(path:)` says why).
    /// Only regular files are handed to HarfBuzz: a FIFO would block it.
    /// The settings of a variable font's axes this face draws with (`wght`, `opsz`, …); empty
    /// for a static font.
    public let variations: [FontVariation]

    /// The second cut this face's advances are blended with (`StaticPair`: SF Pro Text's
    /// glyphs with Display's advances mixed in by optical size), and how much of it; nil: the
    /// face's own advances.
    public let blend: Blend?

    public struct Blend: @unchecked Sendable {
        public let partner: FontFace
        /// The partner's share, 0 to 1.
        public let t: Double
    }

    /// OpenType features shaping turns on (`tnum` for `.monospacedDigit()`).
    public let features: [String]
    private let hbFeatures: [hb_feature_t]
    /// A factor on every advance: a stand-in brought to the width of the font it stands for
    /// (`DesignStandIn`); 1 for a font measured as it is.
    public let widthScale: Double
    /// Whether HarfBuzz applies the font's own tracking (`trak`) as it shapes: it does for a font
    /// with both `trak` and `STAT` (the variable SF Pro, New York), at the point size set on the
    /// font (`ptem`; 12 pt when none is), so LabelSpec adds no tracking of its own to it.
    public let tracksItself: Bool
    /// The font's own normal track (`trak`), read when the resolver asks for it (Apple's static
    /// SF Pro Rounded and New York files, whose tracking HarfBuzz does not apply without `STAT`);
    /// nil: the face gets the tracking its design gets (`LinePlacement`).
    public let ownTrack: OwnTrack?
    /// `.monospacedDigit()`: every ASCII digit advances as far as `0` does (with `tnum` on),
    /// whatever the font's `tnum` does with the others (`TabularDigits`).
    public let tabularDigits: Bool
    /// The advance of `0` when `tabularDigits` (font units).
    private(set) var zeroAdvance = 0

    public init?(
        path: String, index: Int = 0, variations: [FontVariation] = [], blend: Blend? = nil, features: [String] = [],
        widthScale: Double = 1, pointSize: Float? = nil, readsOwnTrack: Bool = false, tabularDigits: Bool = false
    ) {
        guard FontFace.fileProblem(path) == nil, let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        guard index >= 0, index < max(1, Int(hb_face_count(blob))) else {
            hb_blob_destroy(blob)
            return nil
        }
        let face = hb_face_create(blob, UInt32(index))!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            return nil
        }
        self.path = path
        self.index = index
        self.blob = blob
        self.face = face
        font = hb_font_create(face)
        self.variations = variations
        self.blend = blend
        self.features = features
        self.widthScale = widthScale
        hbFeatures = features.compactMap { name in
            var f = hb_feature_t()
            return hb_feature_from_string(name, Int32(name.utf8.count), &f) != 0 ? f : nil
        }
        let stat = hb_face_reference_table(face, FontFace.tag("STAT"))
        tracksItself = hb_aat_layout_has_tracking(face) != 0 && hb_blob_get_length(stat) > 0
        hb_blob_destroy(stat)
        ownTrack = readsOwnTrack && !tracksItself ? OwnTrack(face) : nil
        self.tabularDigits = tabularDigits
        if let pointSize { hb_font_set_ptem(font, pointSize) }
        if !variations.isEmpty {
            // Axes the font does not have are ignored; values are clamped to each axis's range.
            var settings = variations.map { hb_variation_t(tag: $0.hbTag, value: $0.value) }
            hb_font_set_variations(font, &settings, UInt32(settings.count))
        }
        let upem = Double(hb_face_get_upem(face))
        unitsPerEm = upem
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        lineHeightEm = Double(extents.ascender - extents.descender + extents.line_gap) / upem
        ascenderEm = Double(extents.ascender) / upem
        familyName = FontFace.familyName(of: face, path: path)
        descenderEm = Double(extents.descender) / upem
        isColor = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
        var mask: (UInt64, UInt64) = (0, 0)
        for c in UInt32(0)..<128 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, c, &glyph) != 0 else { continue }
            if c < 64 { mask.0 |= 1 << UInt64(c) } else { mask.1 |= 1 << UInt64(c - 64) }
        }
        asciiCoverage = mask
        if tabularDigits { zeroAdvance = shaped("0", rightToLeft: nil, counted: false) { TabularDigits.advances(of: $0).reduce(0, +) } }
    }

    /// The number of faces in the font file at `path` (1 for a single font, 0 when it cannot be
    /// read).
    public static func faceCount(path: String) -> Int {
        guard fileProblem(path) == nil, let blob = hb_blob_create_from_file_or_fail(path) else { return 0 }
        defer { hb_blob_destroy(blob) }
        return Int(hb_face_count(blob))
    }

    /// Whether the face has a glyph for the scalar (its cmap).
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 64 { return asciiCoverage.0 & (1 << UInt64(v)) != 0 }
        if v < 128 { return asciiCoverage.1 & (1 << UInt64(v - 64)) != 0 }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, v, &glyph) != 0
    }

    /// Whether the face draws every character of `cluster` that needs a glyph (see
    /// `Coverage.needsGlyph`).
    public func covers<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        scalars.allSatisfy { !Coverage.needsGlyph($0) || hasGlyph($0) }
    }

    /// Why the font file at `path` cannot be used, e.g. `not a regular file (a FIFO)` or `not a
    /// font file`; nil when it opens as a font. Never blocks on a FIFO or a device.
    public static func validate(path: String) -> String? {
        if let problem = fileProblem(path) { return problem }
        guard FontFace(path: path) != nil else { return "not a font file" }
        return FontDirectory.cutShort(path: path) ? "a font file cut short (its tables run past its end)" : nil
    }

    /// Why the file at `path` is not a readable regular file (links are followed), or nil.
    static func fileProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return FileProblem.reason(errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return FileProblem.kind(of: info.st_mode).map { "not a regular file (\($0))" } ?? "not a regular file"
        }
        guard access(path, R_OK) == 0 else { return FileProblem.reason(errno) }
        return nil
    }

    deinit {
        for b in spareBuffers { hb_buffer_destroy(b) }
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The advance of a run in font units, and whether the face draws all of it by itself: it has
    /// every glyph and no cluster asks for emoji presentation (else the font fallback decides).
    public struct Advance: Sendable, Equatable {
        public var units: Int
        public var drawsAll: Bool
        /// The clusters letter spacing applies to (those that draw something).
        public var spacedClusters: Int
    }

    /// The advance width of `text` shaped as one run, in font units, with whether the face draws
    /// all of it (cached: text that one face draws never costs a second look).
    public func advance(_ text: Substring) -> Advance {
        withBytes(text) { bytes in
            // Long runs (a truncation's prefixes of a huge text) are not worth keeping.
            let keep = bytes.count <= 256
            let hash = RunTable<Advance>.hash(bytes)
            let shard = shard(hash)
            if keep, let w = shard.lock.withLock({ shard.widths.value(for: bytes, hash: hash) }) { return w }
            let string = String(text)
            let scan = Coverage.scan(string, self)
            let w = Advance(units: shape(string), drawsAll: scan.drawsAll, spacedClusters: scan.spacedClusters)
            if keep {
                shard.lock.withLock {
                    if shard.widths.count > 100_000 / FontFace.shardCount { shard.widths.removeAll() }
                    shard.widths.insert(w, for: bytes, hash: hash)
                }
            }
            return w
        }
    }

    /// The advance of a run shaped right to left, in font units (cached apart).
    public func rightToLeftAdvance(_ text: Substring) -> Int {
        withBytes(text) { bytes in
            let keep = bytes.count <= 256
            let hash = RunTable<Advance>.hash(bytes)
            let shard = shard(hash)
            if keep, let w = shard.lock.withLock({ shard.rightToLeftWidths.value(for: bytes, hash: hash) }) { return w.units }
            let w = Advance(units: shape(String(text), rightToLeft: true), drawsAll: false, spacedClusters: 0)
            if keep {
                shard.lock.withLock {
                    if shard.rightToLeftWidths.count > 100_000 / FontFace.shardCount { shard.rightToLeftWidths.removeAll() }
                    shard.rightToLeftWidths.insert(w, for: bytes, hash: hash)
                }
            }
            return w.units
        }
    }

    /// One glyph as HarfBuzz shaped it: font units; `cluster` is the UTF-8 offset in the shaped
    /// text of the character it comes from.
    public struct ShapedGlyph: Sendable, Equatable {
        public var glyph: UInt32
        public var cluster: Int
        public var advance: Int
        public var xOffset: Int
        public var yOffset: Int
    }

    /// The glyphs of `text` shaped as one run in one direction, in visual order (left to right as
    /// drawn): what a drawing places (`LabelDrawing`). Not cached: a drawing is made once.
    public func glyphs(_ text: String, rightToLeft: Bool) -> [ShapedGlyph] {
        let own = ownGlyphs(text, rightToLeft: rightToLeft)
        guard let blend else { return widthScale == 1 ? own : own.map(scaled) }
        // The partner's advances mixed in glyph by glyph (the cuts share their glyphs); where
        // the shaping differs, the own advances scaled to the blended total.
        let other = blend.partner.ownGlyphs(text, rightToLeft: rightToLeft)
        let scale = unitsPerEm / blend.partner.unitsPerEm
        if other.count == own.count {
            return zip(own, other).map { a, b in
                var g = a
                g.advance = mix(a.advance, Double(b.advance) * scale, blend.t)
                g.xOffset = mix(a.xOffset, Double(b.xOffset) * scale, blend.t)
                return scaled(g)
            }
        }
        let total = own.reduce(0) { $0 + $1.advance }
        let target = Double(mix(total, Double(other.reduce(0) { $0 + $1.advance }) * scale, blend.t))
        return own.map { g in
            var g = g
            if total != 0 { g.advance = Int((Double(g.advance) * target / Double(total)).rounded()) }
            return scaled(g)
        }
    }

    /// A glyph with its advance and offset brought to `widthScale`.
    private func scaled(_ g: ShapedGlyph) -> ShapedGlyph {
        guard widthScale != 1 else { return g }
        var g = g
        g.advance = Int((Double(g.advance) * widthScale).rounded())
        g.xOffset = Int((Double(g.xOffset) * widthScale).rounded())
        return g
    }

    /// HarfBuzz's tag of a four-letter table name.
    static func tag(_ name: String) -> hb_tag_t { name.utf8.reduce(0) { ($0 << 8) | hb_tag_t($1) } }

    /// `a` moved a share `t` of the way to `b`, in whole font units.
    @inline(__always) private func mix(_ a: Int, _ b: Double, _ t: Double) -> Int {
        Int((Double(a) * (1 - t) + b * t).rounded())
    }

    private func ownGlyphs(_ text: String, rightToLeft: Bool) -> [ShapedGlyph] {
        shaped(text, rightToLeft: rightToLeft, counted: false) { buffer in
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count)
            else {
                return []
            }
            let advances = tabularDigits ? TabularDigits.advances(of: buffer, text: text, zero: zeroAdvance) : nil
            return (0..<Int(count)).map { i in
                ShapedGlyph(
                    glyph: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: advances?[i] ?? Int(positions[i].x_advance),
                    xOffset: Int(positions[i].x_offset), yOffset: Int(positions[i].y_offset))
            }
        }
    }

    /// Glyph outlines as a writer wrote them, and colour bitmaps, already made (a workspace's
    /// drawings share them).
    private var outlines: [UInt32: String] = [:]
    private var bitmaps: [UInt32: ColorBitmap?] = [:]

    /// A glyph's outline (`GlyphOutline.path`) as `write` writes it (LabelPresentation's SVG path
    /// data, the one writer), cached: each glyph's outline is written once, not once a picture.
    public func outline(of glyph: UInt32, writtenBy write: (GlyphOutline.Path) -> String) -> String {
        if let p = lock.withLock({ outlines[glyph] }) { return p }
        let p = write(GlyphOutline.path(of: glyph, in: self))
        lock.withLock { if outlines.count < 65_536 { outlines[glyph] = p } }
        return p
    }

    /// A colour glyph's bitmap (Noto Color Emoji's CBDT strikes are PNG images) and where it sits,
    /// in font units from the glyph's origin, y up; nil for a glyph without one.
    public struct ColorBitmap: Sendable, Equatable {
        public var png: [UInt8]
        public var x: Double, top: Double, width: Double, height: Double
    }

    public func colorBitmap(of glyph: UInt32) -> ColorBitmap? {
        guard isColor else { return nil }
        if let b = lock.withLock({ bitmaps[glyph] }) { return b }
        var result: ColorBitmap?
        if let blob = hb_ot_color_glyph_reference_png(font, glyph) {
            var length: UInt32 = 0
            if let data = hb_blob_get_data(blob, &length), length > 0 {
                var extents = hb_glyph_extents_t()
                if hb_font_get_glyph_extents(font, glyph, &extents) != 0 {
                    let bytes = Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
                    result = ColorBitmap(
                        png: bytes, x: Double(extents.x_bearing), top: Double(extents.y_bearing), width: Double(extents.width),
                        height: Double(-extents.height))
                }
            }
            hb_blob_destroy(blob)
        }
        lock.withLock { if bitmaps.count < 4096 { bitmaps[glyph] = result } }
        return result
    }

    /// The face's family name from its `name` table (`Inter`, `Noto Sans CJK JP`), else the
    /// file's name.
    public let familyName: String

    /// The family as a font menu names it: the typographic family (name ID 16: `Inter` for
    /// Inter SemiBold's file, whose legacy family, ID 1, is `Inter SemiBold`), else the family,
    /// else the file's name.
    static func familyName(of face: OpaquePointer, path: String) -> String {
        for id in [HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY, HB_OT_NAME_ID_FONT_FAMILY] {
            var length: UInt32 = 256
            var buffer = [CChar](repeating: 0, count: 257)
            let n = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), hb_language_from_string("en", -1), &length, &buffer)
            if n > 0 {
                let name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !name.isEmpty { return name }
            }
        }
        return String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The axis settings of the variable font's named instance whose style name is `style`
    /// (`Semibold`, compared without case or spaces), or nil when it has none of that name: the
    /// system build of SF Pro puts Medium at `wght` 510 and Semibold at 590, the same font on
    /// apple.com at 500 and 600, so the weight is read from the font, not assumed.
    public func namedInstance(_ style: String) -> [FontVariation]? {
        var axisCount: UInt32 = hb_ot_var_get_axis_count(face)
        guard axisCount > 0, axisCount < 64 else { return nil }
        var axes = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(axisCount))
        _ = hb_ot_var_get_axis_infos(face, 0, &axisCount, &axes)
        let wanted = style.lowercased().filter { $0 != " " }
        for i in 0..<hb_ot_var_get_named_instance_count(face) {
            let id = hb_ot_var_named_instance_get_subfamily_name_id(face, i)
            var length: UInt32 = 128
            var buffer = [CChar](repeating: 0, count: 129)
            let n = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
            guard n > 0 else { continue }
            let name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard name.lowercased().filter({ $0 != " " }) == wanted else { continue }
            var count = axisCount
            var coords = [Float](repeating: 0, count: Int(axisCount))
            _ = hb_ot_var_named_instance_get_design_coords(face, i, &count, &coords)
            return (0..<Int(min(count, axisCount))).map { k in
                let tag = axes[k].tag
                let letters = [24, 16, 8, 0].map { Character(Unicode.Scalar(UInt8((tag >> $0) & 0xFF))) }
                return FontVariation(String(letters).trimmingTrailingSpaces(), coords[k])
            }
        }
        return nil
    }

    /// UTF-8 bytes shaped so far, cached widths not counted.
    var shapedByteCount: Int { lock.withLock { shapedBytes } }

    /// Shapes without the cache (the benchmark's baseline), with a buffer of its own.
    public func shape(_ text: String, rightToLeft: Bool = false) -> Int {
        var own = ownShape(text, rightToLeft: rightToLeft)
        if let blend {
            own = mix(own, Double(blend.partner.ownShape(text, rightToLeft: rightToLeft)) * unitsPerEm / blend.partner.unitsPerEm, blend.t)
        }
        return widthScale == 1 ? own : Int((Double(own) * widthScale).rounded())
    }

    private func ownShape(_ text: String, rightToLeft: Bool) -> Int {
        // Direction from the bidi level when given; else HarfBuzz's guess from the script.
        shaped(text, rightToLeft: rightToLeft ? true : nil, counted: true) { buffer in
            if tabularDigits { return TabularDigits.advances(of: buffer, text: text, zero: zeroAdvance).reduce(0, +) }
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
            var total = 0
            for i in 0..<Int(count) { total += Int(positions[i].x_advance) }
            return total
        }
    }

    /// `text` shaped in a spare buffer (one of its own per shaping: the font is shared), handed
    /// to `body`. `rightToLeft`: the direction, or nil for HarfBuzz's guess from the script;
    /// `counted`: its bytes count in `shapedByteCount` (a measurement's, not a drawing's).
    private func shaped<R>(_ text: String, rightToLeft: Bool?, counted: Bool, _ body: (OpaquePointer) -> R) -> R {
        let buffer: OpaquePointer = lock.withLock {
            if counted { shapedBytes += text.utf8.count }
            return spareBuffers.popLast() ?? hb_buffer_create()
        }
        defer { lock.withLock { spareBuffers.append(buffer) } }
        hb_buffer_clear_contents(buffer)
        var utf8 = text
        utf8.withUTF8 { p in
            p.withMemoryRebound(to: CChar.self) { c in
                hb_buffer_add_utf8(buffer, c.baseAddress, Int32(c.count), 0, Int32(c.count))
            }
        }
        if let rightToLeft { hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
        hb_buffer_guess_segment_properties(buffer)
        hbFeatures.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        return body(buffer)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// One axis setting of a variable font: a four-letter OpenType tag and its value.
public struct FontVariation: Hashable, Sendable {
    public let tag: String
    public let value: Float

    public init(_ tag: String, _ value: Float) {
        self.tag = tag
        self.value = value
    }

    /// HarfBuzz's tag: the four bytes, big-endian (`HB_TAG`), spaces for missing letters.
    var hbTag: hb_tag_t {
        let bytes = Array(tag.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - tag.utf8.count))
        return bytes.reduce(0) { ($0 << 8) | hb_tag_t($1) }
    }
}
