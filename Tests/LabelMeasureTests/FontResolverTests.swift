import Foundation
import LabelVocabulary
import Testing

@testable import LabelMeasure

@Suite struct FontResolverTests {
    let fonts = FontResolver()

    func file(_ request: FontRequest, _ size: Double) -> String? {
        guard case .success(let face) = fonts.face(for: request, size: size) else { return nil }
        return face.path.split(separator: "/").last.map(String.init)
    }

    /// The stand-in's file at a weight and size: Inter below 17 pt, Inter Display from 25 pt,
    /// Inter blended with Inter Display between (issue 36, point 5).
    @Test func systemWeightsMapToInterStaticFiles() throws {
        let expected: [FontWeight: String] = [
            .ultraLight: "Thin", .thin: "ExtraLight", .light: "Light", .regular: "Regular", .medium: "Medium",
            .semibold: "SemiBold", .bold: "Bold", .heavy: "ExtraBold", .black: "Black",
        ]
        for (weight, style) in expected {
            #expect(file(.system(weight: weight), 17) == "Inter-\(style).otf")
            #expect(file(.system(weight: weight), 25) == "InterDisplay-\(style).otf")
            let between = try fonts.face(for: .system(weight: weight), size: 22).get()
            #expect(between.path.hasSuffix("/Inter-\(style).otf"))
            #expect(between.blend?.partner.path.hasSuffix("/InterDisplay-\(style).otf") == true)
            #expect(between.blend?.t == 5.0 / 8.0)
            // `.italic()` (issue 39): the same weights' italic files, blended alike.
            let italic = style == "Regular" ? "Italic" : style + "Italic"
            #expect(file(.system(weight: weight, italic: true), 17) == "Inter-\(italic).otf")
            #expect(file(.system(weight: weight, italic: true), 25) == "InterDisplay-\(italic).otf")
            let slanted = try fonts.face(for: .system(weight: weight, italic: true), size: 22).get()
            #expect(slanted.blend?.partner.path.hasSuffix("/InterDisplay-\(italic).otf") == true)
        }
        // The other designs' stand-ins at that slant, as fontconfig picks them.
        #expect(file(.system(weight: .regular, design: .serif, italic: true), 17) == "NotoSerif-Italic.ttf")
    }

    /// From 17 to 28 pt a pair of static cuts is measured as the variable font's optical size
    /// would draw it: each advance moved from Text's toward Display's, by (size − 17) / 11 for
    /// Apple's cuts and (size − 17) / 8 for Inter's. Pinned at every size from 17 to 28 with the
    /// Inter pair: the width is the two cuts' widths mixed.
    @Test func staticCutsBlendByOpticalSizeFrom17To28() throws {
        let text: Substring = "Notifications 12:30 Wochenübersicht"
        let inter = try #require(FontFace(path: FontResolver.interDirectory + "/Inter-Regular.otf"))
        let display = try #require(FontFace(path: FontResolver.interDirectory + "/InterDisplay-Regular.otf"))
        let a = inter.advance(text).units
        // In Inter's units (Inter Display has more units to the em).
        let b = Int((Double(display.advance(text).units) * inter.unitsPerEm / display.unitsPerEm).rounded())
        #expect(a != b)
        for size in 17...28 {
            let t = min(1, Double(size - 17) / 8)
            let face = try fonts.face(for: .system(weight: .regular), size: Double(size)).get()
            // In Inter's units (from 25 pt Inter Display alone, in its own).
            let units = Double(face.advance(text).units) * inter.unitsPerEm / face.unitsPerEm
            #expect(abs(units - (Double(a) * (1 - t) + Double(b) * t)) <= 1, "at \(size) pt")
            #expect(StaticPair.blend(at: Double(size), displaySize: 25) == t)
            #expect(StaticPair.blend(at: Double(size), displaySize: 28) == Double(size - 17) / 11)
        }
        #expect(StaticPair.blend(at: 11, displaySize: 28) == 0 && StaticPair.blend(at: 40, displaySize: 28) == 1)
        // Drawing places the blended advances: a line drawn is as wide as it measured.
        let face = try fonts.face(for: .system(weight: .regular), size: 23).get()
        #expect(abs(face.glyphs(String(text), rightToLeft: false).reduce(0) { $0 + $1.advance } - face.advance(text).units) <= 2)
    }

    /// Apple's files are found by their names in the folders given, first folder first; in a
    /// folder the variable font before the static files; Text and Display blended by size.
    /// Tried with Debian fonts renamed (the look-up reads names only).
    @Test func applesFilesAreFoundByNameDesignWeightAndSize() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("apple-\(getpid())").path
        let (one, two) = (base + "/one", base + "/two")
        for dir in [one, two] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(atPath: base) }
        let inter = FontResolver.interDirectory + "/Inter-Regular.otf"
        for name in ["SF-Pro-Text-Regular.otf", "SF-Pro-Display-Regular.otf", "SF-Pro-Text-Bold.otf", "SF-Mono-Regular.otf"] {
            try FileManager.default.copyItem(atPath: inter, toPath: two + "/" + name)
        }
        for name in ["NewYorkSmall-Regular.otf", "NewYorkLarge-Regular.otf", "SF-Pro-Rounded-Regular.otf"] {
            try FileManager.default.copyItem(atPath: inter, toPath: one + "/" + name)
        }
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: one + "/SF-Pro-Text-Regular.otf"))
        try FileManager.default.createDirectory(atPath: one + "/SF-Pro-Display-Regular.otf", withIntermediateDirectories: true)
        let apple = AppleFonts(directories: ["/nonexistent", one, two])
        #expect(apple.file(design: .default, weight: .regular, size: 17) == .single(two + "/SF-Pro-Text-Regular.otf"))
        #expect(apple.file(design: .default, weight: .regular, size: 28) == .single(two + "/SF-Pro-Display-Regular.otf"))
        #expect(
            apple.file(design: .default, weight: .regular, size: 20)
                == .pair(text: two + "/SF-Pro-Text-Regular.otf", display: two + "/SF-Pro-Display-Regular.otf", t: 3.0 / 11))
        // A cut alone serves only its own sizes: Text to 17 pt; elsewhere the stand-in.
        #expect(apple.file(design: .default, weight: .bold, size: 17) == .single(two + "/SF-Pro-Text-Bold.otf"))
        #expect(apple.file(design: .default, weight: .bold, size: 34) == nil)
        #expect(apple.file(design: .default, weight: .semibold, size: 17) == nil)
        #expect(apple.file(design: .rounded, weight: .regular, size: 17) == .single(one + "/SF-Pro-Rounded-Regular.otf"))
        #expect(apple.file(design: .monospaced, weight: .regular, size: 40) == .single(two + "/SF-Mono-Regular.otf"))
        #expect(apple.file(design: .monospaced, weight: .bold, size: 17) == nil)
        #expect(apple.file(design: .serif, weight: .regular, size: 13) == .single(one + "/NewYorkSmall-Regular.otf"))
        #expect(apple.file(design: .serif, weight: .regular, size: 40) == .single(one + "/NewYorkLarge-Regular.otf"))
        // Medium is missing: the stand-in, not another optical size.
        #expect(apple.file(design: .serif, weight: .regular, size: 28) == nil)
        // A variable font comes first in its folder.
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", toPath: two + "/SFNS.ttf")
        #expect(apple.file(design: .default, weight: .regular, size: 17) == .variable(two + "/SFNS.ttf"))
        #expect(apple.file(design: .rounded, weight: .regular, size: 17) == .single(one + "/SF-Pro-Rounded-Regular.otf"))
        #expect(
            FontWeight.allCases.map(FontResolver.appleStyleName) == [
                "Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black",
            ])
        #if !os(macOS)
            #expect(AppleFonts.platformDirectories.isEmpty)
        #endif
    }

    /// A variable system font is drawn at the weight's named instance (read from the font: the
    /// system build of SF Pro puts Semibold at 590) and the size as its optical size. Tried with
    /// Inter's variable font under SF Pro's name: bold is wider than regular, and a resolver
    /// with the folder draws the named instance.
    @Test func theVariableSystemFontIsDrawnAtItsNamedInstances() throws {
        let variable = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sfns-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: variable, toPath: dir + "/SF-Pro.ttf")
        let plain = try #require(FontFace(path: dir + "/SF-Pro.ttf"))
        #expect(plain.namedInstance("Semibold") == [FontVariation("wght", 600)])
        #expect(plain.namedInstance("extra light") == [FontVariation("wght", 200)])
        #expect(plain.namedInstance("Heavy") == nil)  // Inter calls it Extra Bold
        let resolver = FontResolver(fontDirectories: [dir])
        let semibold = try resolver.face(for: .system(weight: .semibold), size: 22.2).get()
        #expect(semibold.path == dir + "/SF-Pro.ttf")
        #expect(semibold.variations == [FontVariation("wght", 600), FontVariation("opsz", 22)])
        // No instance of that name: `wght` as CSS numbers it.
        let heavy = try resolver.face(for: .system(weight: .heavy), size: 17).get()
        #expect(heavy.variations == [FontVariation("wght", 800), FontVariation("opsz", 17)])
        let regular = try resolver.face(for: .system(weight: .regular), size: 17).get()
        let bold = try resolver.face(for: .system(weight: .bold), size: 17).get()
        let text: Substring = "Notifications"
        #expect(bold.advance(text).units > regular.advance(text).units)
        #expect(regular.advance(text).units == plain.advance(text).units)  // the font's default is 400
        #expect(FontVariation("wght", 1).hbTag == 0x7767_6874 && FontVariation("ab", 1).hbTag == 0x6162_2020)
        // `systemFont` still decides over the folders.
        let own = FontResolver(systemFontFile: FontResolver.interDirectory + "/Inter-Bold.otf", fontDirectories: [dir])
        #expect(try own.face(for: .system(weight: .regular), size: 17).get().path.hasSuffix("/Inter-Bold.otf"))
    }

    /// A face's blend, width factor and tracking size follow the point size to the half point:
    /// a thousand sizes between 17 and 25 pt open 17 blended faces, not a thousand, and the same
    /// size always gets the same face whatever came before it.
    @Test func manySizesOpenFewFaces() throws {
        let resolver = FontResolver()
        for k in 0..<1000 { _ = try resolver.face(for: .system(weight: .regular), size: 17 + Double(k) * 0.008).get() }
        // Inter and Inter Display themselves, and the blends at 17.5, 18, …, 24.5 pt.
        #expect(resolver.openFaceCount == 2 + 15)
        let a = try resolver.face(for: .system(weight: .regular), size: 22.4).get()
        let b = try FontResolver().face(for: .system(weight: .regular), size: 22.4).get()
        #expect(a.blend?.t == b.blend?.t && a.blend?.t == 5.5 / 8)
        for k in 0..<1000 { _ = try resolver.face(for: .system(weight: .regular, design: .serif), size: 11 + Double(k) * 0.04).get() }
        #expect(resolver.openFaceCount <= 2 + 15 + 81 + 1)
    }

    /// The test font with a `trak` table (Tests/Fixtures/Fonts/make_tracked_font.py): a normal
    /// track of +200 units at 10 pt, 0 at 20 and −100 at 40, 2048 to the em, and no `STAT`.
    static let tracked = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Fonts/TrackedSans.ttf").path

    /// A font's own tracking table is read when asked (Apple's static SF Pro Rounded and New York
    /// files), linear between its sizes and flat past its ends, and measures the face; HarfBuzz
    /// does not apply it to a font without `STAT`.
    @Test func aFontsOwnTrackingTableIsRead() throws {
        let own = try #require(FontFace(path: Self.tracked, readsOwnTrack: true))
        let track = try #require(own.ownTrack)
        #expect(!own.tracksItself && track.values.map(\.0) == [10, 20, 40] && track.values.map(\.1) == [200, 0, -100])
        #expect(track.points(at: 15) == 100 * 15 / 2048.0)
        #expect(track.points(at: 5) == 200 * 5 / 2048.0 && track.points(at: 50) == -100 * 50 / 2048.0)
        #expect(try #require(FontFace(path: Self.tracked)).ownTrack == nil)
        #expect(try #require(FontFace(path: FontResolver.interDirectory + "/Inter-Regular.otf", readsOwnTrack: true)).ownTrack == nil)
        // Through the resolver: the design's static file, with its own track; SF Pro's Text file
        // gets the system font's table instead.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tracked-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["SF-Pro-Rounded-Regular.otf", "SF-Pro-Text-Regular.otf"] {
            try FileManager.default.copyItem(atPath: Self.tracked, toPath: dir + "/" + name)
        }
        let resolver = FontResolver(fontDirectories: [dir])
        #expect(try resolver.face(for: .system(weight: .regular, design: .rounded), size: 10).get().ownTrack == track)
        #expect(try resolver.face(for: .system(weight: .regular), size: 10).get().ownTrack == nil)
    }

    @Test func customFamiliesResolveThroughFontconfig() {
        #expect(file(.custom(family: "Inter", weight: .regular), 17) == "Inter-Regular.otf")
        #expect(file(.custom(family: "inter display", weight: .regular), 17) == "InterDisplay-Regular.otf")
        #expect(file(.custom(family: "Definitely Not Installed", weight: .regular), 17) == nil)
        // The face a font's modifiers ask of the family (issue 39): `.bold()`, `.italic()`.
        #expect(file(.custom(family: "Inter", weight: .bold), 17) == "Inter-Bold.otf")
        #expect(file(.custom(family: "Inter", weight: .semibold, italic: true), 17) == "Inter-SemiBoldItalic.otf")
        #expect(file(.custom(family: "Inter", weight: .regular, italic: true), 17) == "Inter-Italic.otf")
        // A face's PostScript name (UIKit's `UIFont(name:size:)`, an attributed string's font):
        // that face, as written (adversarial pass: it was taken for a family not installed).
        #expect(file(.custom(family: "Inter-Bold", weight: .regular), 17) == "Inter-Bold.otf")
        #expect(file(.custom(family: "InterDisplay-SemiBoldItalic", weight: .regular), 17) == "InterDisplay-SemiBoldItalic.otf")
        #expect(file(.custom(family: "Inter-Nope", weight: .regular), 17) == nil)
        // With a weight or slant asked on top (`UIFont(name: "Inter-Regular")…withTraits(.traitBold)`):
        // the named face's family at those.
        #expect(file(.custom(family: "Inter-Regular", weight: .bold), 17) == "Inter-Bold.otf")
        #expect(file(.custom(family: "Inter-Regular", weight: .regular, italic: true), 17) == "Inter-Italic.otf")
        // A family without italic faces: its upright (fontconfig's nearest; iOS slants it).
        #expect(file(.custom(family: "Noto Sans Arabic", weight: .regular, italic: true), 17)?.hasPrefix("NotoSansArabic") == true)
    }
}

/// Issue 36, point 5: a static pair whose cuts track themselves (`trak` and `STAT`, as HarfBuzz
/// applies them at the point size set on the font) tracks both cuts at the size measured: a pair
/// of two identical cuts measures as one cut at every size.
@Suite struct TrackedPairTests {
    /// `path`'s font with a `trak` table (0 at 12 pt, −100 units from 22 pt) and an empty `STAT`
    /// table appended.
    static func withTracking(_ path: String) throws -> Data {
        let font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ o: Int) -> Int { Int(font[o]) << 8 | Int(font[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        func put16(_ v: Int, _ out: inout [UInt8]) { out += [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        func put32(_ v: Int, _ out: inout [UInt8]) { put16((v >> 16) & 0xFFFF, &out); put16(v & 0xFFFF, &out) }
        var trak: [UInt8] = []
        put32(0x0001_0000, &trak)  // version
        put16(0, &trak); put16(12, &trak); put16(0, &trak); put16(0, &trak)  // format, horizOffset, vertOffset, reserved
        // TrackData at 12: one track of three sizes; its entry, the sizes at 28, the values at 40.
        put16(1, &trak); put16(3, &trak); put32(28, &trak)
        put32(0, &trak); put16(256, &trak); put16(40, &trak)
        for size in [12, 22, 40] { put32(size << 16, &trak) }
        for value in [0, -100, -100] { put16(value & 0xFFFF, &trak) }
        var stat: [UInt8] = []
        put16(1, &stat); put16(1, &stat); put16(8, &stat); put16(0, &stat)
        put32(0, &stat); put16(0, &stat); put32(0, &stat); put16(2, &stat)
        var tables: [(tag: String, data: [UInt8])] = (0..<u16(4)).map { i in
            let r = 12 + 16 * i
            let tag = String(decoding: font[r..<(r + 4)], as: UTF8.self)
            return (tag, Array(font[u32(r + 8)..<(u32(r + 8) + u32(r + 12))]))
        }
        tables += [("STAT", stat), ("trak", trak)]
        tables.sort { $0.tag < $1.tag }
        var out = Array(font[0..<4])
        put16(tables.count, &out); put16(0, &out); put16(0, &out); put16(0, &out)
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        for t in tables {
            out += Array(t.tag.utf8); put32(0, &out); put32(offset, &out); put32(t.data.count, &out)
            var data = t.data
            while data.count % 4 != 0 { data.append(0) }
            body += data
            offset += data.count
        }
        return Data(out + body)
    }

    @Test func bothCutsOfATrackedPairAreTrackedAtTheSizeMeasured() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tracked-\(getpid())").path
        let (pair, single) = (base + "/pair", base + "/single")
        for dir in [pair, single] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(atPath: base) }
        let tracked = try Self.withTracking(FontResolver.interDirectory + "/Inter-Regular.otf")
        for path in [pair + "/SF-Pro-Text-Regular.otf", pair + "/SF-Pro-Display-Regular.otf", single + "/SF-Pro-Text-Regular.otf"] {
            try tracked.write(to: URL(fileURLWithPath: path))
        }
        let pairs = FontResolver(fontDirectories: [pair])
        let text: Substring = "Notifications and Settings"
        for size in [17.0, 20, 22, 24.5, 26, 28, 30] {
            let a = try pairs.face(for: .system(weight: .regular), size: size).get()
            // The same cut alone, tracked at the size (a Text file alone serves only up to 17 pt
            // through the resolver, so it is opened here as the resolver opens a face).
            let b = try #require(FontFace(path: single + "/SF-Pro-Text-Regular.otf", pointSize: Float(size)))
            #expect(b.tracksItself)
            #expect(abs(a.advance(text).units - b.advance(text).units) <= 2, "at \(size) pt")
        }
    }
}
