import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecIDE
import LabelSpecSemantics
import Testing

/// Hover and inlay hints measure labels: their text comes from the one summary wording.
@Suite struct MeasuredFeatureTests {
    static let text = """
        label Wide { text: "OK"; width: 200 }
        label Narrow { text: "A rather long sentence that cannot fit"; width: 60; numberOfLines: 1 }
        style Body { font: .body; textColor: .label }

        """

    @Test func inlayHintsSumUpEachVisibleLabel() {
        let w = workspace(["a": Self.text])
        let hints = InlayHints.hints(in: w.documents["a"]!, range: 0..<Int.max, workspace: w, measurer: Measurer(), plan: .plain())
        #expect(hints.map(\.label) == ["1 line", "1 line · truncated"])
        #expect(hints.map(\.offset) == [offset(of: "Wide", in: Self.text, plus: 4), offset(of: "Narrow", in: Self.text, plus: 6)])
        // Only the labels whose name ends in the range are measured.
        let first = InlayHints.hints(in: w.documents["a"]!, range: 0..<20, workspace: w, measurer: Measurer(), plan: .plain())
        #expect(first.map(\.label) == ["1 line"])
    }

    @Test func hoverShowsTheMeasuredLabelAndDocumentation() throws {
        let w = workspace(["a": Self.text])
        let doc = w.documents["a"]!
        let hover = Hover.content(
            at: offset(of: "Narrow", in: Self.text, plus: 2), in: doc, workspace: w, measurer: Measurer(), plan: .plain())
        let markdown = try #require(hover.markdown())
        #expect(markdown.hasPrefix("**Narrow** at .large — 1 line · truncated · 17 pt\n\n```text\n"), "\(markdown)")
        #expect(markdown.contains("| xS | 1 | truncated |"), "\(markdown)")
        #expect(hover.range.map { slice(Self.text, $0) } == "Narrow")
        let style = Hover.content(at: offset(of: "Body", in: Self.text), in: doc, workspace: w, measurer: Measurer(), plan: .plain())
        #expect(style.markdown() == "**style Body**")
        let property = Hover.content(at: offset(of: "width", in: Self.text), in: doc, workspace: w, measurer: Measurer(), plan: .plain())
        #expect(property.markdown()?.hasPrefix("**width**: ") == true)
        let color = Hover.content(
            at: offset(of: ".label", in: Self.text, plus: 2), in: doc, workspace: w, measurer: Measurer(), plan: .plain())
        #expect(color.markdown()?.hasPrefix("**.label**\n\nlight: #000000") == true)
        #expect(Hover.content(at: 0, in: doc, workspace: w, measurer: Measurer(), plan: .plain()).markdown() == nil)
    }

    /// A label's hover ends with its contrast in every appearance; a colour's hover gives its
    /// Increase Contrast variants.
    @Test func hoverShowsContrast() throws {
        let text =
            "label Button {\n    text: \"Go\"\n    font: .headline\n    textColor: .white\n    backgroundColor: .link\n}\nstyle S { textColor: .secondaryLabel }\n"
        let w = workspace(["a": text])
        let doc = w.documents["a"]!
        let markdown = try #require(
            Hover.content(at: offset(of: "Button", in: text), in: doc, workspace: w, measurer: Measurer(), plan: .plain()).markdown())
        #expect(
            markdown.hasSuffix(
                "|\n\nContrast .white on .link (WCAG AA 3:1): light 4.01:1 · dark 3.64:1 · light, increased contrast 4.01:1 · dark, increased contrast 3.64:1\n"
                    + #"\#nMeasured with Inter for SF Pro (stand-ins: docs/measurement.md, "Stand-ins")"# + "\n"
            ), "\(markdown)")
        let color = Hover.content(
            at: offset(of: ".secondaryLabel", in: text, plus: 2), in: doc, workspace: w, measurer: Measurer(), plan: .plain())
        #expect(
            color.markdown()
                == "**.secondaryLabel**\n\nlight: #3C3C4399 rgba(60, 60, 67, 0.6)  \ndark: #EBEBF599 rgba(235, 235, 245, 0.6)  \nlight, increased contrast: #3C3C43AD rgba(60, 60, 67, 0.68)  \ndark, increased contrast: #EBEBF5AD rgba(235, 235, 245, 0.68)"
        )
    }

    /// `adjustsFontForContentSizeCategory: false` does not stop a text style from taking the
    /// user's size when the label is made (`UIFont.preferredFont` at that moment): the label is
    /// measured at every content size like any other; only a live change is not followed.
    @Test func aLabelThatDoesNotAdjustIsStillMeasuredAtEverySize() {
        let text = "label Fixed { text: \"x\"; adjustsFontForContentSizeCategory: false }\nlabel Scales { text: \"x\" }\n"
        let w = workspace(["a": text])
        let items = w.documents["a"]!.orderedItems
        let fixed = LayoutInputs.inputs(for: items[0].info, in: w, contentSizes: [.large, .accessibilityLarge])
        #expect(fixed.map { $0?.contentSize } == [.large, .accessibilityLarge])
        let scales = LayoutInputs.inputs(for: items[1].info, in: w, contentSizes: [.large, .accessibilityLarge])
        #expect(scales.map { $0?.contentSize } == [.large, .accessibilityLarge])
    }

    /// A character no installed font draws is a `missing-glyph` warning naming it and where to
    /// get a font; a `.custom` family that is not installed a `custom-font` warning (the label is
    /// measured with the system font), beside the language's `fixed-size-font` for its fixed size.
    @Test func missingGlyphsAndFontsAreWarnings() {
        let text = """
            label Odd { text: "Unassigned \u{378} and \u{379}"; width: 300 }
            label Brand { text: "Brand"; font: .custom("No Such Family 123", size: 17) }
            label Fine { text: "Fine 世界 👍🏽 שלום" }
            label Scaled { text: "Scales"; font: .custom("Inter", size: 17, relativeTo: .body) }

            """
        let w = workspace(["a": text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        #expect(
            found.map { "\($0.code.rawValue) \($0.severity.rawValue) \(slice(text, $0.range)): \($0.message)" } == [
                "missing-glyph warning Odd: no installed font draws U+0378 (unassigned) (and 1 more character): measured as a missing-glyph box; no font is made for it: name a font that has it in fallbackFonts",
                "custom-font warning Brand: font 'No Such Family 123' is not installed: measured with the system font, as iOS draws it; install the font (fontconfig must find the family)",
                "fixed-size-font warning .custom(\"No Such Family 123\", size: 17): custom font 'No Such Family 123' keeps 17 pt at every Dynamic Type size; add relativeTo: .body to scale it like that text style",
            ])
        #expect(
            MeasuredChecks.missingGlyphMessage(["\u{10000}"])
                == "no installed font draws U+10000 LINEAR B SYLLABLE B008 A: measured as a missing-glyph box; fonts-noto-core is installed and has no font for it either: name a font that has it in fallbackFonts"
        )
        #expect(MeasuredChecks.missingGlyphMessage([]) == nil)
    }

    @Test func theSummaryRoundsPointsToATenthAndFactorsToAHundredth() {
        #expect(LayoutSummary.points(17) == "17" && LayoutSummary.points(17.46) == "17.5")
        #expect(LayoutSummary.factor(0.854) == "0.85" && LayoutSummary.factor(1) == "1")
    }
}
