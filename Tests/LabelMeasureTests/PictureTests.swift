import Foundation
import LabelVocabulary
import Testing

@testable import LabelMeasure
@testable import LabelPresentation

/// Drawings of labels (issue 27): the glyphs placed from the layout's own shaping, and the SVG
/// pinned byte for byte by golden files in Tests/Fixtures/Pictures (`LABELSPEC_UPDATE_GOLDEN=1`
/// rewrites them; a font package update changes them, which is why CI installs Debian's).
@Suite struct PictureTests {
    static let measurer = Measurer()
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Pictures")

    static func input(
        _ text: String, width: Double?, lines: Int = 1, mode: LineBreakMode = .byTruncatingTail,
        font: FontSpec = .custom(family: "Inter", size: 17, relativeTo: nil),
        language: String? = nil, configure: (inout LabelLayoutInput) -> Void = { _ in }
    ) -> LabelLayoutInput {
        var input = LabelLayoutInput(text: text, language: language)
        input.width = width
        input.numberOfLines = lines
        input.lineBreakMode = mode
        input.font = font
        configure(&input)
        return input
    }

    static func draw(_ input: LabelLayoutInput) throws -> (LabelLayout, LabelDrawing) {
        let layout = try measurer.layout(input).get()
        return (layout, try measurer.drawing(of: input, layout).get())
    }

    /// The SVG of `input` equals the golden file `name`.svg.
    func expectGolden(_ name: String, _ input: LabelLayoutInput, style: LabelPicture.Style = .init(title: "")) throws {
        let (_, drawing) = try Self.draw(input)
        var style = style
        if style.title.isEmpty { style.title = input.text }
        let svg = LabelPicture.svg(drawing, style: style)
        let file = Self.golden.appendingPathComponent(name + ".svg")
        if ProcessInfo.processInfo.environment["LABELSPEC_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try Data((svg + "\n").utf8).write(to: file)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(svg + "\n" == expected, "\(name).svg differs; LABELSPEC_UPDATE_GOLDEN=1 rewrites it")
    }

    @Test func goldenPictures() throws {
        try expectGolden("latin-truncated", Self.input("Download the latest version now", width: 180))
        try expectGolden("two-lines", Self.input("Your changes will sync when you reconnect.", width: 200, lines: 0, mode: .byWordWrapping))
        try expectGolden(
            "lines-not-shown",
            Self.input("Your changes will sync when you reconnect to the internet.", width: 150, lines: 2, mode: .byWordWrapping))
        try expectGolden("clipped-at-edge", Self.input("Download the latest version", width: 120, mode: .byClipping))
        try expectGolden("arabic", Self.input("مشاركة مع الأصدقاء", width: 120, lines: 0, mode: .byWordWrapping, language: "ar"))
        try expectGolden("japanese-centered", Self.input("友達と共有", width: 160, language: "ja") { $0.textAlignment = .center })
        try expectGolden("emoji", Self.input("Party 🎉", width: 160))
        // Each emoji's PNG once in <defs>, placed with <use> at each occurrence.
        try expectGolden("emoji-repeated", Self.input("🎉 Party 🎉🥳🎉", width: 200))
        try expectGolden("missing-glyph", Self.input("A\u{10FFFD}B", width: 100))
        try expectGolden(
            "autoshrink",
            Self.input("Account settings and privacy", width: 150) {
                $0.adjustsFontSizeToFitWidth = true
                $0.minimumScaleFactor = 0.5
            })
        try expectGolden(
            "icon-and-title", Self.input("Settings and privacy", width: 150, lines: 0, mode: .byWordWrapping) { $0.parts = .titleAndIcon })
        try expectGolden("icon-only", Self.input("Settings", width: 60) { $0.parts = .iconOnly })
        try expectGolden(
            "colours", Self.input("Share", width: 80) { $0.textAlignment = .center },
            style: .init(text: .white, background: PictureColor(0x0A, 0x84, 0xFF), title: "Share"))
    }

    /// Every line drawn is as wide as the layout measured it: the same fonts, size, tracking and
    /// runs. A drawn line is shaped whole, as a browser shapes it; the measurement sums the pieces
    /// between break opportunities, so only kerning across them differs: none in these scripts
    /// but Japanese, whose punctuation is kerned against the kana before it (0.03 em).
    @Test func everyLineIsDrawnAsWideAsItWasMeasured() throws {
        let texts: [(String, String?)] = [
            ("Couldn’t sync 3 notes. Check your connection and try again.", nil),
            ("Einstellungen für Benachrichtigungen verwalten", "de"),
            ("مشاركة مع الأصدقاء والعائلة", "ar"),
            ("שתף עם חברים ובני משפחה", "he"),
            ("友達と共有して、写真をもっと楽しもう", "ja"),
            ("การตั้งค่าความเป็นส่วนตัว", "th"),
            ("Party 🎉🎈 with 👍🏽 and 🇯🇵", nil),
            ("Price: 12 € (ab 3 Stück) — נחמד 42", nil),
            // Tabs: to the layout's tab stops, a mark after a tab drawn after it, past the
            // twelfth stop as wide as a space.
            ("Name:\tValue\tMore", nil),
            ("a\t\u{301}b", nil),
            (String(repeating: "x\t", count: 20) + "end", nil),
            // A bidi run's bound inside a cluster (a Devanagari sign after a Hebrew letter).
            ("אבג א\u{903}b end", nil),
        ]
        var lines = 0
        for (text, language) in texts {
            for font in [FontSpec.textStyle(.body), .custom(family: "Inter", size: 15, relativeTo: nil)] {
                for width in [90.0, 160, 320] {
                    let input = Self.input(text, width: width, lines: 0, mode: .byWordWrapping, font: font, language: language)
                    let (layout, drawing) = try Self.draw(input)
                    #expect(drawing.lines.count == layout.lines.count)
                    let tolerance = language == "ja" ? 0.031 * layout.fontSize * 2 : 0.01
                    for (drawn, line) in zip(drawing.lines, layout.lines) {
                        #expect(
                            abs(drawn.width - line.width) < tolerance, "\(text) at \(width): drawn \(drawn.width), measured \(line.width)")
                        lines += 1
                    }
                    // Marked missing exactly when the layout found characters no font has.
                    #expect(drawing.glyphs.contains { $0.isMissing } == !layout.missingGlyphs.isEmpty, "\(text): \(layout.missingGlyphs)")
                }
            }
        }
        #expect(lines > 100)
    }

    /// Right-to-left lines are drawn in visual order: the first letter of an Arabic word is at
    /// its right end, and a number in Hebrew reads left to right.
    @Test func rightToLeftLinesAreInVisualOrder() throws {
        let (_, drawing) = try Self.draw(Self.input("שלום 42", width: 200, language: "he"))
        // Right-aligned (natural alignment in Hebrew): the line ends at the box's right edge.
        let line = try #require(drawing.lines.first)
        #expect(abs(line.x + line.width - 200) < 0.01)
        // "42" comes first from the left, then the space, then the Hebrew word, whose first
        // letter (shin) is rightmost.
        let xs = drawing.glyphs.map(\.x)
        #expect(xs == xs.sorted())
        // The label's font (Inter) draws the digits and the space; the fallback, the Hebrew.
        #expect(drawing.glyphs.map(\.face) == [0, 0, 0, 1, 1, 1, 1])
        #expect(drawing.glyphs.prefix(2).map(\.glyph) == ["4", "2"].map { GlyphOutline.glyph(of: $0, in: drawing.faces[0]) })
    }

    /// A truncated line marks its ellipsis where it is drawn: at the end, the start or the middle.
    @Test func theEllipsisIsMarkedWhereItIsDrawn() throws {
        for (mode, at) in [(LineBreakMode.byTruncatingTail, "end"), (.byTruncatingHead, "start"), (.byTruncatingMiddle, "middle")] {
            let (layout, drawing) = try Self.draw(Self.input("Download the latest version now", width: 150, mode: mode))
            #expect(layout.isTruncated)
            let line = try #require(drawing.lines.first)
            let e = try #require(line.ellipsis, "\(mode)")
            let ellipsisWidth = e.upperBound - e.lowerBound
            #expect(ellipsisWidth > 5 && ellipsisWidth < 25)
            switch at {
            case "end": #expect(abs(e.upperBound - (line.x + line.width)) < 0.5)
            case "start": #expect(abs(e.lowerBound - line.x) < 0.01)
            default: #expect(e.lowerBound > line.x + 30 && e.upperBound < line.x + line.width - 30)
            }
        }
    }

    /// The ellipsis is shaped on its own, as the layout measured it: Inter kerns "r…" by −1.07 pt
    /// at 17 pt, which a drawing of the line shaped as one run would apply.
    @Test func theEllipsisIsNotKernedAgainstTheTextBeforeIt() throws {
        let (layout, drawing) = try Self.draw(Self.input("Notifications are turned off", width: 175))
        #expect(layout.lines.map(\.text) == ["Notifications are tur…"])
        let line = try #require(drawing.lines.first)
        #expect(abs(line.width - line.measuredWidth) < 0.01)
        let e = try #require(line.ellipsis)
        #expect(abs(e.upperBound - line.width) < 0.01)
    }

    /// Lines shorter than a taller box sit where `verticalAlignment` puts them: centred, as
    /// UILabel draws them, at the top or at the bottom.
    @Test func linesSitWhereVerticalAlignmentPutsThem() throws {
        var tops: [VerticalAlignment: Double] = [:]
        for alignment in VerticalAlignment.allCases {
            let (layout, drawing) = try Self.draw(
                Self.input("Saved", width: 100) {
                    $0.height = 100
                    $0.verticalAlignment = alignment
                })
            #expect(layout.height == 100)
            tops[alignment] = try #require(drawing.lines.first).top
        }
        let lineHeight = try Self.draw(Self.input("Saved", width: 100)).0.lineHeight
        #expect(tops[.top] == 0)
        #expect(abs(tops[.center]! - (100 - lineHeight) / 2) < 0.001)
        #expect(abs(tops[.bottom]! - (100 - lineHeight)) < 0.001)
    }

    /// The ellipsis marked is the one truncation put there, not a "…" of the text's own.
    @Test func theEllipsisMarkedIsTheTruncations() throws {
        let (layout, drawing) = try Self.draw(Self.input("日本語…日本語…efghij klmnop qrstuv", width: 120, mode: .byTruncatingMiddle))
        let line = try #require(layout.lines.first)
        let offset = try #require(line.ellipsisOffset)
        let at = line.text.utf8.index(line.text.startIndex, offsetBy: offset)
        #expect(line.text[at] == "…")
        // The drawn mark is over the glyph of that character: as many glyphs before it as
        // characters before it (one glyph a character here).
        let e = try #require(drawing.lines.first?.ellipsis)
        let before = line.text[..<at].count
        #expect(abs(drawing.glyphs[before].x - e.lowerBound) < 0.01)
    }

    /// A control character is drawn as the font's missing-glyph box, as it is measured, and
    /// marked like a glyph no font has.
    @Test func aControlCharacterIsMarked() throws {
        let (_, drawing) = try Self.draw(Self.input("a\u{7}b", width: 100))
        #expect(drawing.glyphs.map(\.isMissing) == [false, true, false])
    }

    /// A long text's picture does not carry it all in its title.
    @Test func aTitleIsCut() {
        let style = LabelPicture.Style(title: String(repeating: "x", count: 5000))
        #expect(style.title == String(repeating: "x", count: 200) + "…")
    }

    /// Hostile titles stay text: XML's specials escaped, control characters replaced.
    @Test func aTitleCannotBreakTheSVG() throws {
        let (_, drawing) = try Self.draw(Self.input("x", width: 50))
        let svg = LabelPicture.svg(drawing, style: .init(title: "</title><script>alert(1)</script>\"&\u{1}"))
        #expect(svg.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;\u{FFFD}</title>"))
        #expect(!svg.contains("<script"))
    }

    @Test func numbersAreShortAndStable() {
        #expect(SVGNumber.format(0) == "0")
        #expect(SVGNumber.format(-0.001) == "0")
        #expect(SVGNumber.format(12.5) == "12.5")
        #expect(SVGNumber.format(12.345) == "12.35")
        #expect(SVGNumber.format(-3.1) == "-3.1")
        #expect(SVGNumber.format(0.05) == "0.05")
        #expect(SVGNumber.format(100) == "100")
        #expect(SVGNumber.format(0.0083008, digits: 6) == "0.008301")
        #expect(SVGNumber.format(.nan) == "0")
    }
}
