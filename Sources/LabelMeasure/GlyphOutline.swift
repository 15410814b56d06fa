import CHarfBuzz

/// A glyph's outline as data, in font units with y pointing down (SVG's direction): what a
/// drawing of a label places at each glyph's position, scaled to its point size (issue 27).
/// Curves stay curves (`Q`, `C`). LabelPresentation's `SVGPath` writes it as SVG path data.
public enum GlyphOutline {
    /// An outline: its commands in order (`M`, `L`, `Q`, `C`, `Z` as ASCII bytes), each taking
    /// its coordinates in order from `coordinates` (x, y pairs: 2 for `M` and `L`, 4 for `Q`, 6
    /// for `C`, none for `Z`), y already pointing down.
    public struct Path: Sendable, Equatable {
        public var commands: [UInt8] = []
        public var coordinates: [Float] = []

        public init() {}

        /// A glyph with no outline: a space, or a bitmap glyph.
        public var isEmpty: Bool { commands.isEmpty }

        /// How many coordinates a command takes.
        public static func arity(_ command: UInt8) -> Int {
            switch command {
            case UInt8(ascii: "M"), UInt8(ascii: "L"): return 2
            case UInt8(ascii: "Q"): return 4
            case UInt8(ascii: "C"): return 6
            default: return 0
            }
        }
    }

    /// The path of `glyph` of `face` (empty for a glyph with no outline: a space, or a bitmap
    /// glyph such as Noto Color Emoji's).
    public static func path(of glyph: UInt32, in face: FontFace) -> Path {
        let sink = PathSink()
        withExtendedLifetime(sink) {
            labelspec_draw_glyph(face.font, glyph, GlyphOutline.funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        return sink.path
    }

    /// The glyph a face gives a character (nil when it has none).
    public static func glyph(of scalar: Unicode.Scalar, in face: FontFace) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(face.font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    final class PathSink {
        var path = Path()

        func add(_ command: Character, _ points: [Float]) {
            path.commands.append(command.asciiValue!)
            for (i, p) in points.enumerated() {
                // y up in fonts, down in SVG.
                path.coordinates.append(i % 2 == 1 ? -p : p)
            }
        }
    }

    /// The callbacks, made once and immutable.
    nonisolated(unsafe) static let funcs: OpaquePointer = {
        let f = hb_draw_funcs_create()!
        func sink(_ data: UnsafeMutableRawPointer?) -> PathSink { Unmanaged<PathSink>.fromOpaque(data!).takeUnretainedValue() }
        hb_draw_funcs_set_move_to_func(f, { _, data, _, x, y, _ in sink(data).add("M", [x, y]) }, nil, nil)
        hb_draw_funcs_set_line_to_func(f, { _, data, _, x, y, _ in sink(data).add("L", [x, y]) }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(f, { _, data, _, cx, cy, x, y, _ in sink(data).add("Q", [cx, cy, x, y]) }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            f, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in sink(data).add("C", [c1x, c1y, c2x, c2y, x, y]) }, nil, nil)
        hb_draw_funcs_set_close_path_func(f, { _, data, _, _ in sink(data).add("Z", []) }, nil, nil)
        hb_draw_funcs_make_immutable(f)
        return f
    }()
}
