import Foundation
import LabelSpecSemantics
import LabelSpecSyntax
import LabelVocabulary
import TestSupport
import Testing

/// Issue 36, point 4: the system font's designs and tabular digits, as SwiftUI writes them:
/// `.system(.body, design: .rounded)`, `.system(size:weight:design:)`, and the modifiers
/// `.monospacedDigit()` and `.design(_:)` after a font. Exact values and messages.
@Suite struct FontDesignTests {
    func typed(_ font: String) -> (FontSpec?, [String]) {
        let ws = Workspace()
        let text = "label A {\n    text: \"x\"\n    width: 100\n    font: \(font)\n}\n"
        ws.open(id: "t", text: Array(text.utf8))
        let messages = ws.diagnostics(for: "t").filter { $0.code != .fixedSizeFont }.map { "\($0.code.rawValue): \($0.message)" }
        let doc = ws.documents["t"]!
        var spec: FontSpec?
        if let (info, _) = doc.orderedItems.first, case .font(let f)? = ws.effectiveValues(of: info)[.font] { spec = f }
        return (spec, messages)
    }

    @Test func designsAndTabularDigitsAreTyped() {
        #expect(typed(".system(.body, design: .rounded)").0 == .textStyle(.body, FontTraits(design: .rounded)))
        #expect(typed(".system(.title2)").0 == .textStyle(.title2))
        #expect(
            typed(".system(size: 17, weight: .semibold, design: .monospaced)").0
                == .system(size: 17, weight: .semibold, traits: FontTraits(design: .monospaced)))
        #expect(typed(".system(design: .serif, size: 20)").0 == .system(size: 20, weight: .regular, traits: FontTraits(design: .serif)))
        #expect(typed(".body.monospacedDigit()").0 == .textStyle(.body, FontTraits(monospacedDigit: true)))
        #expect(
            typed(".system(size: 17).design(.rounded).monospacedDigit()").0
                == .system(size: 17, weight: .regular, traits: FontTraits(design: .rounded, monospacedDigit: true)))
        #expect(typed(".headline.design(.serif)").0 == .textStyle(.headline, FontTraits(design: .serif)))
        // Weights (issue 39's vocabulary, which Swift sources need): `.bold()` (the bold trait:
        // the style's emphasized weight, the titles bold, the others semibold; the system font's
        // semibold at a fixed size) and `.weight(_:)` over the text style's or `.system`'s own.
        #expect(typed(".title2.bold()").0 == .textStyle(.title2, FontTraits(bold: true)))
        #expect(typed(".title2.bold()").0?.weight == .bold && typed(".headline").0?.weight == .semibold)
        #expect(typed(".largeTitle.bold()").0?.weight == .bold && typed(".title.bold()").0?.weight == .bold)
        #expect(typed(".body.bold()").0?.weight == .semibold && typed(".caption.bold()").0?.weight == .semibold)
        #expect(typed(".headline.bold()").0?.weight == .semibold && typed(".title3.bold()").0?.weight == .semibold)
        #expect(typed(".body.weight(.bold)").0?.weight == .bold)
        #expect(typed(".system(size: 15).bold()").0?.weight == .semibold)
        #expect(typed(".system(size: 15, weight: .heavy).bold()").0?.weight == .heavy)
        // The last of `.bold()` and `.weight(_:)` wins.
        #expect(typed(".body.bold().weight(.light)").0 == .textStyle(.body, FontTraits(weight: .light)))
        #expect(typed(".body.weight(.light).bold()").0 == .textStyle(.body, FontTraits(bold: true)))
        #expect(typed(".headline.weight(.regular)").0?.weight == .regular)
        // One spelling per face, as spec-drift compares fonts.
        #expect(typed(".system(size: 17).bold()").0?.measured == typed(".system(size: 17, weight: .semibold)").0?.measured)
        #expect(typed(".headline.bold()").0?.measured == typed(".headline").0?.measured)
        #expect(typed(".title2.bold()").0?.measured == typed(".title2.weight(.bold)").0?.measured)
        #expect(typed(".body.bold()").0?.measured != typed(".body.weight(.bold)").0?.measured)
        #expect(
            typed(".system(size: 15, weight: .light).weight(.heavy).monospacedDigit()").0
                == .system(size: 15, weight: .light, traits: FontTraits(monospacedDigit: true, weight: .heavy)))
        #expect(typed(".body.monospacedDigit()").1 == [])
        // `.italic()` (issue 39), in any chain.
        #expect(typed(".body.italic()").0 == .textStyle(.body, FontTraits(italic: true)))
        #expect(typed(".title3.weight(.medium).italic()").0 == .textStyle(.title3, FontTraits(weight: .medium, italic: true)))
        #expect(
            typed(".system(size: 15).italic().bold()").0
                == .system(size: 15, weight: .regular, traits: FontTraits(bold: true, italic: true)))
        #expect(typed(".body.italic").1 == ["type-mismatch: '.italic' is a call: write .italic()"])
        // A custom family takes a face (`.bold()`: its bold one, `.weight(_:)`, `.italic()`) and
        // digits, as SwiftUI allows; not a design.
        #expect(
            typed(#".custom("Inter", size: 15).italic()"#).0
                == .custom(family: "Inter", size: 15, relativeTo: nil, traits: FontTraits(italic: true)))
        #expect(typed(#".custom("Inter", size: 15).italic()"#).1 == [])
        #expect(
            typed(#".custom("", size: 15).bold()"#).1 == [
                #"type-mismatch: .custom needs a family's name: .custom("Avenir Next", size: 17)"#
            ])
        #expect(typed(#".custom("Inter", size: 15, relativeTo: .body).bold()"#).0?.weight == .bold)
        #expect(typed(#".custom("Inter", size: 15).weight(.medium).monospacedDigit()"#).0?.weight == .medium)
        #expect(typed(#".custom("Inter", size: 15).weight(.medium).monospacedDigit()"#).0?.traits.monospacedDigit == true)
        #expect(
            typed(#".custom("Inter", size: 15).design(.rounded)"#).1 == [
                "type-mismatch: '.design(_:)' is measured on the system font (a text style or .system(…)); a .custom family keeps its own design"
            ])
        // SwiftUI's names of two styles (issue 39): `.title` is UIKit's title1, `.caption` caption1.
        #expect(typed(".title").0 == .textStyle(.title1) && typed(".title").1 == [])
        #expect(typed(".caption.monospacedDigit()").0 == .textStyle(.caption1, FontTraits(monospacedDigit: true)))
        #expect(typed(".system(.caption, design: .rounded)").0 == .textStyle(.caption1, FontTraits(design: .rounded)))
        #expect(typed(#".custom("Inter", size: 15, relativeTo: .caption)"#).0 == .custom(family: "Inter", size: 15, relativeTo: .caption1))
    }

    /// A fixed size in a design suggests the text style in that design.
    @Test func aFixedSizeInADesignSuggestsTheStyleInIt() {
        let ws = Workspace()
        ws.open(id: "t", text: Array("label A {\n    text: \"x\"\n    font: .system(size: 22, design: .rounded)\n}\n".utf8))
        #expect(
            ws.diagnostics(for: "t").map(\.message) == [
                "'.system(size: 22)' keeps 22 pt at every Dynamic Type size; use a text style such as .system(.title2, design: .rounded), which scales"
            ])
    }

    /// The suggestion keeps the weight drawn, the slant and the digits (issue 39's adversarial
    /// pass: it dropped them): `.bold()` where the style's emphasized weight is that weight.
    @Test func aFixedSizeSuggestionKeepsTheFontsModifiers() {
        func suggestion(_ font: String) -> String? {
            let ws = Workspace()
            ws.open(id: "t", text: Array("label A {\n    text: \"x\"\n    font: \(font)\n}\n".utf8))
            guard let message = ws.diagnostics(for: "t").first?.message, let m = message.range(of: "such as ") else { return nil }
            return String(message[m.upperBound...])
        }
        #expect(suggestion(".system(size: 17).bold()") == ".body.bold(), which scales")
        #expect(suggestion(".system(size: 28).bold().monospacedDigit()") == ".title1.weight(.semibold).monospacedDigit(), which scales")
        #expect(suggestion(".system(size: 17, weight: .semibold).italic()") == ".body.weight(.semibold).italic(), which scales")
        #expect(suggestion(".system(size: 17, weight: .semibold)") == ".body.weight(.semibold), which scales")
    }

    /// A `.` being typed after a font, with the next member on the line below: the member keeps
    /// its value (a modifier's name is on its `.`'s line).
    @Test func aDanglingDotLeavesTheNextLineAlone() {
        let ws = Workspace()
        ws.open(id: "t", text: Array("label A {\n    text: \"x\"\n    font: .body.\n    width: 200\n}\n".utf8))
        #expect(ws.diagnostics(for: "t").map { "\($0.code.rawValue): \($0.message)" } == ["syntax: expected a name"])
        let (info, _) = ws.documents["t"]!.orderedItems.first!
        #expect(ws.effectiveValues(of: info)[.width] != nil)
    }

    @Test func wrongFormsSayWhatIsMeant() {
        #expect(
            typed(".system(.body, design: .round)").1 == [
                "type-mismatch: 'design' expects .default, .rounded, .monospaced, .serif, not '.round'; did you mean '.rounded'?"
            ])
        #expect(
            typed(".system(.bodyy, design: .rounded)").1 == [
                "type-mismatch: 'font' expects .largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2, not '.bodyy'; did you mean '.body'?"
            ])
        #expect(typed(".system(.body, size: 17)").1 == ["type-mismatch: .system takes a text style or size: points, not both"])
        #expect(
            typed(".system(size: 17, slant: 3)").1 == [
                "type-mismatch: .system takes size: points, weight: .ultraLight, … and design: .default, …"
            ])
        #expect(typed(".system(.body, weight: .bold)").1 == ["type-mismatch: .system(.body, …) takes design: .default, …"])
        #expect(
            typed(".body.underline()").1 == [
                "type-mismatch: unknown font modifier '.underline()'; LabelSpec measures .bold(), .weight(_:), .italic(), .design(_:) and .monospacedDigit()"
            ])
        #expect(
            typed(".body.monospaceDigit()").1 == [
                "type-mismatch: unknown font modifier '.monospaceDigit()'; LabelSpec measures .bold(), .weight(_:), .italic(), .design(_:) and .monospacedDigit(); did you mean '.monospacedDigit'?"
            ])
        #expect(typed(".custom(\"Inter\", size: 12).monospacedDigit()").1 == [])
        #expect(
            typed(".body.design(.round)").1 == [
                "type-mismatch: 'design' expects .default, .rounded, .monospaced, .serif, not '.round'; did you mean '.rounded'?"
            ])
        #expect(typed(".body.design(size: 3)").1 == ["type-mismatch: '.design' takes one design, unlabelled: write .design(.rounded)"])
        #expect(typed(".body.monospacedDigit").1 == ["type-mismatch: '.monospacedDigit' is a call: write .monospacedDigit()"])
        #expect(typed(".body.bold").1 == ["type-mismatch: '.bold' is a call: write .bold()"])
        #expect(typed(".body.weight(size: 3)").1 == ["type-mismatch: '.weight' takes one weight, unlabelled: write .weight(.semibold)"])
        #expect(
            typed(".body.weight(.semibolt)").1 == [
                "type-mismatch: 'weight' expects .ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black, not '.semibolt'; did you mean '.semibold'?"
            ])
        #expect(typed(".body.monospacedDigit(1)").1 == ["type-mismatch: '.monospacedDigit' takes no arguments: write .monospacedDigit()"])
        #expect(
            typed(".system(.body, design: .rounded, design: .serif)").1 == ["type-mismatch: .system(.body, …) takes design: once"])
        // A call after a string is no value of the language.
        #expect(
            typed("\"x\".monospacedDigit()").1 == [
                "type-mismatch: 'font' expects a text style, .system(size:weight:design:) or .custom(\"Family\", size:), not a string",
                "syntax: unexpected '.'; a modifier follows its value on the same line, right after it (`.body.bold()`), 8 at most; join it to the value or remove it",
            ])
    }
}
