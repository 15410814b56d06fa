import Testing

@testable import LabelMeasure

/// What measured, in words, and the stand-in's error band (issue 36).
@Suite struct MeasuringFontsTests {
    @Test func appleFontsAreKnownByFamily() {
        #expect(MeasuringFont.isApple("SF Pro Text"))
        #expect(MeasuringFont.isApple("SF Pro"))
        #expect(MeasuringFont.isApple("PingFang SC"))
        #expect(MeasuringFont.isApple("Hiragino Sans"))
        #expect(!MeasuringFont.isApple("Inter"))
        #expect(!MeasuringFont.isApple("Noto Sans CJK JP"))
    }

    /// The summary groups stand-ins by what they stand for: the system font's first, then a
    /// custom font's, then the scripts'; a run with none says nothing.
    @Test func theSummaryGroupsTheStandIns() {
        let fonts = [
            MeasuringFont(family: "Noto Sans Thai", standsFor: MeasuringFont.scriptFont),
            MeasuringFont(family: "Inter Display", standsFor: "SF Pro"), MeasuringFont(family: "Inter", standsFor: "Avenir Next"),
            MeasuringFont(family: "Inter", standsFor: "SF Pro"), MeasuringFont(family: "Hiragino Sans", standsFor: nil),
        ]
        #expect(
            MeasuringFont.standInSummary(fonts)
                == #"Measured with stand-ins: Inter and Inter Display for SF Pro; Inter for Avenir Next; Noto Sans Thai for iOS's font for this script (their error: docs/measurement.md, "Stand-ins")"#
        )
        #expect(
            MeasuringFont.list(fonts)
                == "Hiragino Sans; Inter and Inter Display for SF Pro; Inter for Avenir Next; Noto Sans Thai for iOS's font for this script"
        )
        #expect(MeasuringFont.standInSummary([MeasuringFont(family: "SF Pro", standsFor: nil)]) == nil)
    }

    /// The band by size and weight, as docs/measurement.md's table gives it.
    @Test func theBandFollowsTheMeasuredTable() {
        #expect(StandInError.band(size: 17, weight: .regular) == 0.02)
        #expect(StandInError.band(size: 17, weight: .semibold) == 0.04)
        #expect(StandInError.band(size: 13, weight: .bold) == 0.055)
        #expect(StandInError.band(size: 17, weight: .medium) == 0.03)
        #expect(StandInError.band(size: 20, weight: .regular) == 0.02)
        #expect(StandInError.band(size: 23, weight: .semibold) == 0.035)
        #expect(StandInError.band(size: 28, weight: .bold) == 0.045)
        #expect(StandInError.band(size: 34, weight: .regular) == 0.01)
        #expect(StandInError.band(size: 34, weight: .bold) == 0.03)
        #expect(StandInError.band(size: 17, weight: .regular, digits: true) == 0.07)
        #expect(StandInError.band(size: 22, weight: .regular, digits: true) == 0.12)
        #expect(StandInError.band(size: 34, weight: .regular, digits: true) == 0.195)
        // Italics (issue 39, measured against SF Pro's italic files): the same to 19.5 pt, half a
        // percent more above for words; digits as upright.
        #expect(StandInError.band(size: 17, weight: .semibold, italic: true) == 0.04)
        #expect(abs(StandInError.band(size: 22, weight: .regular, italic: true) - 0.025) < 1e-12)
        #expect(abs(StandInError.band(size: 34, weight: .bold, italic: true) - 0.035) < 1e-12)
        #expect(StandInError.band(size: 34, weight: .regular, digits: true, italic: true) == 0.195)
        // The other designs and tabular digits.
        #expect(StandInError.band(size: 17, weight: .bold, design: .rounded) == 0.055)
        #expect(StandInError.band(size: 17, weight: .regular, digits: true, design: .rounded) == 0.07)
        #expect(StandInError.band(size: 40, weight: .regular, design: .monospaced) == 0.01)
        #expect(StandInError.band(size: 13, weight: .regular, design: .serif) == 0.04)
        #expect(StandInError.band(size: 22, weight: .regular, design: .serif) == 0.045)
        #expect(StandInError.band(size: 34, weight: .regular, design: .serif) == 0.05)
        #expect(StandInError.band(size: 34, weight: .regular, digits: true, design: .serif) == 0.13)
        #expect(StandInError.band(size: 17, weight: .regular, digits: true, monospacedDigit: true) == 0.025)
        #expect(StandInError.band(size: 34, weight: .regular, digits: true, monospacedDigit: true) == 0.04)
        #expect(StandInError.isMostlyDigits("11:11"))
        #expect(StandInError.isMostlyDigits("1:30 h"))
        #expect(!StandInError.isMostlyDigits("12 min"))
        #expect(!StandInError.isMostlyDigits("Settings 2"))
    }
}
