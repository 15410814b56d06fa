import LabelMeasure
import LabelPresentation
import LabelSpecIDE
import LabelSpecSupport
import LabelVocabulary
import Testing

/// Issue 33: a hover's picture is given up before its SVG is written when its glyphs alone would
/// take more than the hover's budget; the estimate never gives up a picture that fits.
@Suite struct PictureBudgetTests {
    static let measurer = Measurer()

    func input(_ text: String) -> LabelLayoutInput {
        var input = LabelLayoutInput(text: text)
        input.width = 100_000
        input.numberOfLines = 1
        input.font = .custom(family: "Inter", size: 17, relativeTo: nil)
        return input
    }

    @Test func aPictureOverTheBudgetIsNotWritten() throws {
        let long = input(String(repeating: "Notifications ", count: 300))
        guard case .success(let layout) = Self.measurer.layout(long) else { Issue.record("no layout"); return }
        #expect(Pictures.svg(of: long, layout, measurer: Self.measurer, contrast: nil, budget: HoverFormat.clientCut) == nil)
        // Drawn anyway, it is indeed over the budget.
        let drawn = try #require(Pictures.svg(of: long, layout, measurer: Self.measurer, contrast: nil))
        #expect(Base64.encode(drawn.svg.utf8).count > HoverFormat.clientCut)

        // One that fits is drawn with the budget as without it.
        let short = input("Notifications and sounds")
        guard case .success(let l) = Self.measurer.layout(short) else { Issue.record("no layout"); return }
        #expect(
            Pictures.svg(of: short, l, measurer: Self.measurer, contrast: nil, budget: HoverFormat.clientCut)?.svg
                == Pictures.svg(of: short, l, measurer: Self.measurer, contrast: nil)?.svg)
    }
}
