import Foundation
import LabelVocabulary
import Testing

@testable import LabelMeasure

/// Issue 39, point 2, in the measurement core: with iOS's Bold Text on, the system font is drawn
/// with the heavier weight iOS steps each weight to, and a custom family as it is.
@Suite struct BoldTextTests {
    let measurer = Measurer()

    func width(_ font: FontSpec, boldText: Bool = false, text: String = "Notifications and Settings") throws -> Double {
        var input = LabelLayoutInput(text: text)
        input.font = font
        input.width = nil
        input.boldText = boldText
        return try measurer.layout(input).get().width
    }

    @Test func theWeightsStepAsIOSStepsThem() {
        #expect(
            FontWeight.allCases.map(\.withBoldText) == [.thin, .light, .regular, .semibold, .bold, .heavy, .black, .black, .black])
    }

    /// Wider by the heavier face's own advances: `.body` with Bold Text is `.body` in semibold;
    /// `.headline` (semibold) is heavy; a fixed `.system` size steps too; a custom family does not.
    @Test func systemTextIsMeasuredWithTheHeavierFace() throws {
        let body = try width(.textStyle(.body))
        let bold = try width(.textStyle(.body), boldText: true)
        #expect(bold > body * 1.02, "\(body) → \(bold)")
        #expect(bold == (try width(.textStyle(.body, FontTraits(weight: .semibold)))))
        #expect(try width(.textStyle(.headline), boldText: true) == (try width(.textStyle(.headline, FontTraits(weight: .heavy)))))
        #expect(
            try width(.system(size: 15, weight: .light), boldText: true) == (try width(.system(size: 15, weight: .regular))))
        #expect(
            try width(.textStyle(.title2, FontTraits(weight: .bold)), boldText: true)
                == (try width(.textStyle(.title2, FontTraits(weight: .black)))))
        let custom = FontSpec.custom(family: "Inter", size: 17, relativeTo: .body)
        #expect(try width(custom, boldText: true) == (try width(custom)))
    }
}
