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

    @Test func systemWeightsMapToInterStaticFiles() {
        let expected: [FontWeight: String] = [
            .ultraLight: "ExtraLight", .thin: "Thin", .light: "Light", .regular: "Regular", .medium: "Medium",
            .semibold: "SemiBold", .bold: "Bold", .heavy: "ExtraBold", .black: "Black",
        ]
        for (weight, style) in expected {
            #expect(file(.system(weight: weight), 17) == "Inter-\(style).otf")
            #expect(file(.system(weight: weight), 20) == "InterDisplay-\(style).otf")
        }
    }

    /// On a Mac the system font is Apple's SF Pro when its static files are installed (Apple's
    /// download puts them in /Library/Fonts): Text below 20 pt, Display from 20 pt, the file of
    /// the weight; a folder without them leaves the stand-in. Tried here with copies of Inter
    /// under SF Pro's names (the lookup only reads names).
    @Test func sfProFilesAreFoundByWeightAndSize() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sfpro-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["SF-Pro-Text-Regular.otf", "SF-Pro-Text-Semibold.otf", "SF-Pro-Display-Regular.otf"] {
            try FileManager.default.copyItem(atPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", toPath: dir + "/" + name)
        }
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: dir + "/SF-Pro-Display-Bold.otf"))
        #expect(
            FontResolver.appleSystemFont(display: false, weight: .regular, in: ["/nonexistent", dir]) == dir + "/SF-Pro-Text-Regular.otf")
        #expect(FontResolver.appleSystemFont(display: false, weight: .semibold, in: [dir]) == dir + "/SF-Pro-Text-Semibold.otf")
        #expect(FontResolver.appleSystemFont(display: true, weight: .regular, in: [dir]) == dir + "/SF-Pro-Display-Regular.otf")
        #expect(FontResolver.appleSystemFont(display: true, weight: .bold, in: [dir]) == nil)  // not a font
        #expect(FontResolver.appleSystemFont(display: false, weight: .heavy, in: [dir]) == nil)
        #expect(
            FontWeight.allCases.map(FontResolver.appleStyleName) == [
                "Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black",
            ])
        #if !os(macOS)
            #expect(FontResolver.appleFontDirectories.isEmpty)
        #endif
    }

    /// Without SF Pro's static files, a Mac's own `SFNS.ttf` (SF Pro as one variable font) is
    /// the system font, drawn at the weight and optical size asked for. Tried with Inter's
    /// variable font (Debian's fonts-inter-variable) under that name: bold is wider than regular.
    @Test func theVariableSystemFontIsDrawnAtTheWeightAskedFor() throws {
        let variable = "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sfns-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FontResolver.appleVariableSystemFont(in: [dir]) == nil)
        try FileManager.default.copyItem(atPath: variable, toPath: dir + "/SFNS.ttf")
        let path = try #require(FontResolver.appleVariableSystemFont(in: ["/nonexistent", dir]))
        #expect(path == dir + "/SFNS.ttf")
        #expect(FontResolver.systemVariations(weight: .semibold, size: 22.4) == [FontVariation("wght", 600), FontVariation("opsz", 22)])
        #expect(FontVariation("wght", 1).hbTag == 0x7767_6874 && FontVariation("ab", 1).hbTag == 0x6162_2020)
        let regular = try #require(FontFace(path: path, variations: FontResolver.systemVariations(weight: .regular, size: 17)))
        let bold = try #require(FontFace(path: path, variations: FontResolver.systemVariations(weight: .bold, size: 17)))
        let plain = try #require(FontFace(path: path))
        let text: Substring = "Notifications"
        #expect(bold.advance(text).units > regular.advance(text).units)
        #expect(regular.advance(text).units == plain.advance(text).units)  // the font's default is 400
        #expect(regular.variations == [FontVariation("wght", 400), FontVariation("opsz", 17)] && plain.variations.isEmpty)
    }

    @Test func customFamiliesResolveThroughFontconfig() {
        #expect(file(.custom(family: "Inter", weight: .regular), 17) == "Inter-Regular.otf")
        #expect(file(.custom(family: "inter display", weight: .regular), 17) == "InterDisplay-Regular.otf")
        #expect(file(.custom(family: "Definitely Not Installed", weight: .regular), 17) == nil)
    }
}
