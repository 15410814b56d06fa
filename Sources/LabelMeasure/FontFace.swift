import CHarfBuzz
import Glibc
import LabelSpecSupport

/// One font file opened with HarfBuzz: shapes text and caches the advance of every piece it has
/// shaped, in font units (size-independent, so autoshrink never reshapes).
public final class FontFace: @unchecked Sendable {
    public let path: String
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
    private var widths: [String: Int] = [:]
    /// UTF-8 bytes shaped so far (cache misses): what tests read to bound the work of a layout.
    private var shapedBytes = 0
    /// Guards the cache and the spare buffers; shaping itself runs outside it, so threads that
    /// measure at once (the server, `check`) shape in parallel.
    private let lock = Lock()

    /// Opens a font file; nil when it cannot be read or is not a font (`validate(path:)` says why).
    /// Only regular files are handed to HarfBuzz: a FIFO would block it.
    public init?(path: String) {
        guard FontFace.fileProblem(path) == nil, let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        let face = hb_face_create(blob, 0)!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            return nil
        }
        self.path = path
        self.blob = blob
        self.face = face
        font = hb_font_create(face)
        let upem = Double(hb_face_get_upem(face))
        unitsPerEm = upem
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        lineHeightEm = Double(extents.ascender - extents.descender + extents.line_gap) / upem
    }

    /// Why the font file at `path` cannot be used, e.g. `not a regular file (a FIFO)` or `not a
    /// font file`; nil when it opens as a font. Never blocks on a FIFO or a device.
    public static func validate(path: String) -> String? {
        if let problem = fileProblem(path) { return problem }
        return FontFace(path: path) == nil ? "not a font file" : nil
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

    /// The advance width of `text` shaped as one run, in font units (cached).
    public func advance(_ text: Substring) -> Int {
        let key = String(text)
        // Long runs (a truncation's prefixes of a huge text) are not worth keeping.
        let keep = key.utf8.count <= 256
        if keep, let w = lock.withLock({ widths[key] }) { return w }
        let w = shape(key)
        if keep {
            lock.withLock {
                if widths.count > 100_000 { widths.removeAll(keepingCapacity: true) }
                widths[key] = w
            }
        }
        return w
    }

    /// UTF-8 bytes shaped so far, cached widths not counted.
    var shapedByteCount: Int { lock.withLock { shapedBytes } }

    /// Shapes without the cache (the benchmark's baseline), with a buffer of its own.
    public func shape(_ text: String) -> Int {
        let buffer: OpaquePointer = lock.withLock {
            shapedBytes += text.utf8.count
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
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var total = 0
        for i in 0..<Int(count) { total += Int(positions[i].x_advance) }
        return total
    }
}
