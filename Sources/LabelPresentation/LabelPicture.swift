import LabelMeasure
import LabelSpecSupport

/// An sRGB colour for a picture: components 0…255, opacity 0…1.
public struct PictureColor: Sendable, Equatable {
    public var red: UInt8, green: UInt8, blue: UInt8
    public var opacity: Double

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = min(1, max(0, opacity.isFinite ? opacity : 1))
    }

    /// `#RRGGBB`.
    public var hex: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    public static let black = PictureColor(0, 0, 0)
    public static let white = PictureColor(255, 255, 255)
}

/// A label drawn as an SVG image of the label alone (issue 27; docs/cli.md, "render"):
/// - 1 user unit is 1 point; the `viewBox` starts at the label box's top-left corner and is as
///   wide as the box (and as tall, with a band below it when lines are not shown);
/// - every glyph is its outline, written once in `<defs>` (in font units) and placed with
///   `<use>`: no `<text>` and no CSS, so any viewer shows our layout, not its own;
/// - colour emoji are their PNG bitmaps (Noto Color Emoji's CBDT strikes), each an `<image>`
///   written once in `<defs>` and placed with `<use>`;
/// - the text in its colour on the label's background; the box, the truncation, clipping and the
///   lines not shown, and glyphs no font has, marked in colours other than the text's.
public enum LabelPicture {
    /// The marks' colours: the box, a truncation's ellipsis, clipped text and lines not shown,
    /// and missing glyphs. When the text has one of them, that mark takes `alternative`.
    public static let frameColor = PictureColor(0x0A, 0x84, 0xFF)
    public static let truncationColor = PictureColor(0xFF, 0x95, 0x00)
    public static let clippingColor = PictureColor(0xFF, 0x2D, 0x55)
    public static let alternative = PictureColor(0xAF, 0x52, 0xDE)
    /// Height of the band below the box that marks lines not shown.
    public static let bandHeight = 6.0

    public struct Style: Sendable, Equatable {
        public var text: PictureColor
        public var background: PictureColor
        /// Shown as the picture's title and accessible name (the label's text), cut after
        /// `maxTitle` characters: a picture of a few lines of a long text stays small.
        public var title: String

        public init(text: PictureColor = .black, background: PictureColor = .white, title: String = "") {
            self.text = text
            self.background = background
            self.title = title.count > Style.maxTitle ? String(title.prefix(Style.maxTitle)) + "…" : title
        }

        public static let maxTitle = 200
    }

    /// The picture's size in points: the box, and the band of lines not shown.
    public static func size(of drawing: LabelDrawing) -> (width: Double, height: Double) {
        let layout = drawing.layout
        return (max(1, layout.width), boxHeight(drawing) + (hidesLines(drawing) ? bandHeight : 0))
    }

    /// The box's height: the label's, at least its icon's (an icon-only label's layout has no
    /// lines, so no height) and at least a point.
    static func boxHeight(_ drawing: LabelDrawing) -> Double {
        max(1, drawing.layout.height, drawing.icon?.size ?? 0)
    }

    /// Whether lines are cut off below the box (a line limit or a height, with a wrapping mode):
    /// what the band marks.
    static func hidesLines(_ drawing: LabelDrawing) -> Bool { drawing.layout.isClipped && !clipsWidth(drawing) }

    /// Whether text is cut at the box's right edge: `.byClipping`'s last line, or a line wider
    /// than the box (a grapheme wider than a line).
    static func clipsWidth(_ drawing: LabelDrawing) -> Bool {
        let layout = drawing.layout
        return layout.isClipped && drawing.lineBreakMode == .byClipping
            || layout.lines.contains { $0.width > max(0, layout.width - layout.iconWidth) + 0.001 }
    }

    public static func svg(_ drawing: LabelDrawing, style: Style) -> String {
        let layout = drawing.layout
        let (w, h) = size(of: drawing)
        let box = LabelPicture.boxHeight(drawing)
        func n(_ v: Double) -> String { SVGNumber.format(v) }
        func mark(_ c: PictureColor) -> PictureColor { c == style.text || c == style.background ? alternative : c }

        // Outlines once each, in order of first use: ids are stable for golden files.
        var ids: [Int: [UInt32: String]] = [:]
        var defs = ""
        var uses: [Int: String] = [:]
        var images = ""
        var emoji: [EmojiKey: String] = [:]
        var missing = ""
        for g in drawing.glyphs {
            let face = drawing.faces[g.face]
            let scale = drawing.pointSize / face.unitsPerEm
            if g.isMissing {
                // The missing-glyph box, outlined in the mark colour over the font's own.
                missing +=
                    "<rect x=\"\(n(g.x + g.advance * 0.1))\" y=\"\(n(g.y - drawing.pointSize * 0.7))\" width=\"\(n(g.advance * 0.8))\" height=\"\(n(drawing.pointSize * 0.7))\"/>"
            }
            if let bitmap = face.colorBitmap(of: g.glyph) {
                // A colour emoji: its PNG once in `<defs>` (at its size, from the origin), placed
                // with `<use>` at each occurrence, as outlines are.
                let key = EmojiKey(face: g.face, glyph: g.glyph)
                let id: String
                if let known = emoji[key] {
                    id = known
                } else {
                    id = "e\(emoji.count + 1)"
                    emoji[key] = id
                    defs +=
                        "<image id=\"\(id)\" width=\"\(n(bitmap.width * scale))\" height=\"\(n(bitmap.height * scale))\" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,\(Base64.encode(bitmap.png))\"/>"
                }
                images += "<use xlink:href=\"#\(id)\" x=\"\(n(g.x + bitmap.x * scale))\" y=\"\(n(g.y - bitmap.top * scale))\"/>"
                continue
            }
            let id: String
            if let known = ids[g.face]?[g.glyph] {
                id = known
            } else {
                let path = SVGPath.outline(of: g.glyph, in: face)
                guard !path.isEmpty else {
                    ids[g.face, default: [:]][g.glyph] = ""
                    continue
                }
                id = "g\(ids.values.reduce(0) { $0 + $1.count } + 1)"
                ids[g.face, default: [:]][g.glyph] = id
                defs += "<path id=\"\(id)\" d=\"\(path)\"/>"
            }
            guard !id.isEmpty else { continue }
            uses[g.face, default: ""] += "<use xlink:href=\"#\(id)\" x=\"\(n(g.x / scale))\" y=\"\(n(g.y / scale))\"/>"
        }

        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(n(w))\" height=\"\(n(h))\" viewBox=\"0 0 \(n(w)) \(n(h))\" role=\"img\" aria-label=\"\(XMLText.escape(style.title))\">"
        out += "<title>\(XMLText.escape(style.title))</title>"
        if !defs.isEmpty { out += "<defs>" + defs + "</defs>" }
        out += "<rect width=\"\(n(w))\" height=\"\(n(box))\" fill=\"\(style.background.hex)\"\(opacity("fill", style.background))/>"
        if let icon = drawing.icon {
            // A SwiftUI Label's icon: a square placeholder (the symbol is not drawn).
            let top = max(0, (min(layout.lineHeight, box) - icon.size) / 2)
            out +=
                "<rect x=\"\(n(icon.x + 0.5))\" y=\"\(n(top + 0.5))\" width=\"\(n(icon.size - 1))\" height=\"\(n(icon.size - 1))\" rx=\"\(n(icon.size / 5))\" fill=\"none\" stroke=\"\(mark(frameColor).hex)\"/>"
        }
        if let e = drawing.lines.last?.ellipsis, let line = drawing.lines.last {
            out +=
                "<rect x=\"\(n(e.lowerBound))\" y=\"\(n(line.top))\" width=\"\(n(e.upperBound - e.lowerBound))\" height=\"\(n(layout.lineHeight))\" fill=\"\(mark(truncationColor).hex)\" fill-opacity=\"0.3\"/>"
        }
        // Glyph outlines in font units, scaled per face (sizes differ by units per em).
        for face in uses.keys.sorted() {
            let scale = drawing.pointSize / drawing.faces[face].unitsPerEm
            out +=
                "<g transform=\"scale(\(SVGNumber.format(scale, digits: 6)))\" fill=\"\(style.text.hex)\"\(opacity("fill", style.text))>"
                + uses[face]! + "</g>"
        }
        out += images
        if !missing.isEmpty { out += "<g fill=\"none\" stroke=\"\(mark(clippingColor).hex)\" stroke-width=\"1\">" + missing + "</g>" }
        // The box.
        out +=
            "<rect x=\"0.25\" y=\"0.25\" width=\"\(n(max(0, w - 0.5)))\" height=\"\(n(max(0, box - 0.5)))\" fill=\"none\" stroke=\"\(mark(frameColor).hex)\" stroke-width=\"0.5\" stroke-dasharray=\"2 2\"/>"
        if clipsWidth(drawing) {
            // Text cut at the box's edge.
            out += "<rect x=\"\(n(max(0, w - 1.5)))\" y=\"0\" width=\"1.5\" height=\"\(n(box))\" fill=\"\(mark(clippingColor).hex)\"/>"
        }
        if hidesLines(drawing) {
            // Lines not shown: a band of chevrons below the box, one every 10 pt from x = 2, as
            // many as fit whole: a pattern, so the picture's size does not grow with the width.
            let chevrons = ((w - 8) / 10).rounded(.down) + 1
            if chevrons >= 1 {
                out +=
                    "<pattern id=\"lines-not-shown\" x=\"1\" y=\"\(n(box))\" width=\"10\" height=\"\(n(bandHeight))\" patternUnits=\"userSpaceOnUse\">"
                    + "<path d=\"M1 1l3 4l3 -4\" fill=\"none\" stroke=\"\(mark(clippingColor).hex)\" stroke-width=\"1\"/></pattern>"
                out +=
                    "<rect x=\"1\" y=\"\(n(box))\" width=\"\(n((chevrons - 1) * 10 + 8))\" height=\"\(n(bandHeight))\" fill=\"url(#lines-not-shown)\"/>"
            }
        }
        out += "</svg>"
        return out
    }

    /// A colour glyph's bitmap, written once per picture.
    struct EmojiKey: Hashable {
        var face: Int
        var glyph: UInt32
    }

    static func opacity(_ attribute: String, _ c: PictureColor) -> String {
        c.opacity >= 1 ? "" : " \(attribute)-opacity=\"\(SVGNumber.format(c.opacity))\""
    }
}
