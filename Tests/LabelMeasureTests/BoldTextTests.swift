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
        let customBold = FontSpec.custom(family: "Inter", size: 17, relativeTo: .body, traits: FontTraits(bold: true))
        #expect(try width(customBold, boldText: true) == (try width(customBold)))
    }

    /// Every weight is at least as wide with Bold Text as without, lightest to heaviest (Apple's
    /// ultraLight is its lightest, Inter's Thin: the adversarial pass found them swapped).
    @Test func boldTextIsNeverNarrower() throws {
        var previous = 0.0
        for weight in FontWeight.allCases {
            let plain = try width(.textStyle(.body, FontTraits(weight: weight)))
            #expect(try width(.textStyle(.body, FontTraits(weight: weight)), boldText: true) >= plain, "\(weight)")
            #expect(plain >= previous, "\(weight)")
            previous = plain
        }
    }

    /// The bold trait (`.bold()`) is the style's emphasized weight, not the bold weight: `.body`
    /// in semibold, `.title2` in bold; the system font at a fixed size in semibold (UIKit's
    /// `boldSystemFont`). Each narrower than the bold face where it is semibold.
    @Test func theBoldTraitIsTheEmphasizedWeight() throws {
        let bold = FontTraits(bold: true)
        #expect(try width(.textStyle(.body, bold)) == (try width(.textStyle(.body, FontTraits(weight: .semibold)))))
        #expect(try width(.textStyle(.body, bold)) < (try width(.textStyle(.body, FontTraits(weight: .bold)))))
        #expect(try width(.textStyle(.body, bold)) > (try width(.textStyle(.body))))
        #expect(try width(.textStyle(.title2, bold)) == (try width(.textStyle(.title2, FontTraits(weight: .bold)))))
        #expect(try width(.system(size: 17, weight: .regular, traits: bold)) == (try width(.system(size: 17, weight: .semibold))))
        // With Bold Text, a step up from the emphasized weight: semibold to heavy.
        #expect(try width(.textStyle(.body, bold), boldText: true) == (try width(.textStyle(.body, FontTraits(weight: .heavy)))))
    }

    /// A custom family's face, as SwiftUI asks it (`.bold()`, `.weight(_:)`, `.italic()`):
    /// wider by Inter Bold's own advances; the italic face's advances differ from the upright's.
    @Test func aCustomFamilyIsMeasuredWithTheFaceAskedFor() throws {
        func custom(_ traits: FontTraits) -> FontSpec { .custom(family: "Inter", size: 17, relativeTo: nil, traits: traits) }
        let regular = try width(custom(.none))
        #expect(try width(custom(FontTraits(bold: true))) > regular * 1.03)
        #expect(try width(custom(FontTraits(bold: true))) == (try width(custom(FontTraits(weight: .bold)))))
        #expect(try width(custom(FontTraits(weight: .semibold))) < (try width(custom(FontTraits(weight: .bold)))))
        #expect(try width(custom(FontTraits(italic: true))) != regular)
    }
}
