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

    @Test func customFamiliesResolveThroughFontconfig() {
        #expect(file(.custom(family: "Inter", weight: .regular), 17) == "Inter-Regular.otf")
        #expect(file(.custom(family: "inter display", weight: .regular), 17) == "InterDisplay-Regular.otf")
        #expect(file(.custom(family: "Definitely Not Installed", weight: .regular), 17) == nil)
    }
}
