import LabelLocalization
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelVocabulary
import Testing

/// Issue 39, point 1: a hover on a `font` value names the face Apple draws it with at each size
/// configured, what `.bold()` gave, the face with Bold Text, and the font that measures it.
@Suite struct FontHoverTests {
    static let text = """
        label A { text: "x"; font: .body.bold() }
        label B { text: "x"; font: .system(size: 15).italic().bold() }
        label C { text: "x"; font: .custom("Inter", size: 17, relativeTo: .body).weight(.medium).italic() }

        """

    func hover(_ needle: String, plan: MeasuringPlan) -> String {
        let w = workspace(["a": Self.text])
        return Hover.content(
            at: offset(of: needle, in: Self.text, plus: 3), in: w.documents["a"]!, workspace: w, measurer: Measurer(), plan: plan
        ).markdown() ?? ""
    }

    @Test func aFontValueNamesItsFaceAtEachSize() {
        let plan = MeasuringPlan.plain([.large, .accessibilityMedium]).withBoldText(.both)
        #expect(
            hover(".body.bold()", plan: plan) == """
                `.body.bold()` — SF Pro Text Semibold 17 pt (.body at .large)

                .bold() is the bold trait: .body's emphasized weight, semibold (Apple's documentation of Font.bold(); .weight(.bold) is the bold weight).

                | size | face |
                |---|---|
                | .large | SF Pro Text Semibold 17 pt |
                | .accessibilityMedium | SF Pro Display Semibold 28 pt |

                With Bold Text: SF Pro Text Heavy 17 pt (iOS draws the system font heavier).

                Measured with Inter for SF Pro (stand-ins: docs/measurement.md, "Stand-ins")

                """)
        #expect(
            hover(".system(size: 15)", plan: .plain([.large])) == """
                `.system(size: 15).italic().bold()` — SF Pro Text Semibold Italic 15 pt, at every content size

                .bold() is the bold trait: the system font's semibold, as UIKit's boldSystemFont draws it.

                Measured with Inter for SF Pro (stand-ins: docs/measurement.md, "Stand-ins")

                """)
        let custom = hover(".custom(", plan: plan)
        #expect(
            custom.hasPrefix(
                #"`.custom("Inter", size: 17, relativeTo: .body).weight(.medium).italic()` — Inter Medium Italic 17 pt (relative to .body at .large)"#
            ))
        #expect(custom.contains("With Bold Text: unchanged (a custom family is drawn as it is)."))
        #expect(custom.contains("| .accessibilityMedium | Inter Medium Italic 28 pt |"))
    }
}

/// Issue 39, point 3, for a label of one text (its table sizes × lines): Bold Text measured
/// besides is a column, and drawn when it cuts what fits without it; on alone, the heading says it.
@Suite struct BoldTextHoverTests {
    static let text = "label T {\n    text: \"Notifications and Settings\"\n    width: 200\n}\n"

    func hover(_ mode: Configuration.BoldText) -> String {
        let w = workspace(["a": Self.text])
        return Hover.content(
            at: 7, in: w.documents["a"]!, workspace: w, measurer: Measurer(), plan: MeasuringPlan.plain([.large]).withBoldText(mode)
        ).markdown() ?? ""
    }

    @Test func aPlainLabelsTableHasABoldTextColumn() {
        let both = hover(.both)
        #expect(both.hasPrefix("**T** at .large — 1 line · 17 pt\n"), "\(both)")
        #expect(both.contains("With Bold Text: **.large** — 1 line · truncated · 17 pt\n"), "\(both)")
        #expect(both.contains("| size | lines | | lines (Bold Text) | |\n|---|---|---|---|---|\n"))
        #expect(both.contains("| L | 1 |  | 1 | truncated |\n"), "\(both)")
        #expect(both.contains("Width: 200 pt (width 200)"))
        let on = hover(.on)
        #expect(on.hasPrefix("**T** at .large with Bold Text — 1 line · truncated · 17 pt\n"), "\(on)")
        #expect(on.contains("| L | 1 | truncated |\n") && !on.contains("lines (Bold Text)"))
        let off = hover(.off)
        #expect(off.hasPrefix("**T** at .large — 1 line · 17 pt\n") && off.contains("| L | 1 |  |\n") && !off.contains("Bold Text"))
    }
}
