import LabelPresentation
import Testing

/// Issue 33: every double can be written into a picture; none traps (a width of 3.75e19 pt ended
/// `render` and the language server in `Int(...)`).
@Suite struct SVGNumberTests {
    @Test func numbersPastIntAreWrittenInExponentForm() {
        #expect(SVGNumber.format(3.75e19) == "3.75e+19")
        #expect(SVGNumber.format(-3.75e19) == "-3.75e+19")
        #expect(SVGNumber.format(Double.greatestFiniteMagnitude) == "1.7976931348623157e+308")
        #expect(SVGNumber.format(1e15) == "1000000000000000")
        #expect(SVGNumber.format(.infinity) == "0")
    }

    /// Below 10¹⁵, whole numbers as digits; decimals only as many as a double has.
    @Test func largeNumbersLoseDecimalsNotDigits() {
        #expect(SVGNumber.format(999_999_999_999_999) == "999999999999999")
        #expect(SVGNumber.format(123_456_789_012.345) == "123456789012.35")
        #expect(SVGNumber.format(123_456_789_012.345, digits: 6) == "123456789012.345")
        #expect(SVGNumber.format(98_765_432_101_234.5) == "98765432101234.5")
        #expect(SVGNumber.format(-98_765_432_101_234.5, digits: 6) == "-98765432101234.5")
        #expect(SVGNumber.format(0.25, digits: -3) == "0")
    }
}
