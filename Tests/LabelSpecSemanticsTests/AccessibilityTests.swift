import Foundation
import LabelSpecSemantics
import LabelVocabulary
import Testing

/// `low-contrast`, `fixed-size-font`, `backgroundColor` and `adjustsFontForContentSizeCategory`.
@Suite struct AccessibilityTests {
    func diagnostics(_ text: String, _ code: DiagnosticCode) -> [Diagnostic] {
        let ws = Workspace()
        ws.open(id: "t", text: Array(text.utf8))
        return ws.diagnostics(for: "t").filter { $0.code == code }
    }

    func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    func hex(_ s: String) -> ColorSpec {
        let v = Int(s.dropFirst(), radix: 16)!
        return .rgba(RGBA(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)))
    }

    // MARK: - The maths

    @Test func wcagRatiosOfKnownPairs() {
        let white = ColorSpec.rgba(RGBA(255, 255, 255)), black = ColorSpec.rgba(RGBA(0, 0, 0))
        #expect(Contrast.format(Contrast.ratio(text: black, background: white, in: .light)) == "21.00:1")
        #expect(Contrast.format(Contrast.ratio(text: white, background: white, in: .dark)) == "1.00:1")
        // The classic AA boundary grey.
        let grey = Contrast.ratio(text: hex("#767676"), background: white, in: .light)
        #expect(Contrast.format(grey) == "4.54:1")
        #expect(grey >= 4.5)
        #expect(Contrast.ratio(text: hex("#777777"), background: white, in: .light) < 4.5)
        // A hex colour is the same in every appearance.
        let ratios = Contrast.ratios(text: hex("#767676"), background: white).map(\.ratio)
        #expect(Set(ratios.map(Contrast.format)) == ["4.54:1"])
    }

    /// `.secondaryLabel` is #3C3C43 at 60% (light) and #EBEBF5 at 60% (dark), composited over the
    /// background; under Increase Contrast at 68% (173/255).
    @Test func systemColoursWithAlphaAreCompositedOverTheBackground() {
        let secondary = ColorSpec.system("secondaryLabel"), background = ColorSpec.system("systemBackground")
        #expect(SystemColors.byName["secondaryLabel"]?.light == RGBA(60, 60, 67, 0.6))
        // Composited: 0.6 × (60, 60, 67) + 0.4 × 255 = (138, 138, 142.2) on white.
        let composited = ColorSpec.rgba(RGBA(138, 138, 142))
        let light = Contrast.ratio(text: secondary, background: background, in: .light)
        #expect(abs(light - Contrast.ratio(text: composited, background: .rgba(RGBA(255, 255, 255)), in: .light)) < 0.01)
        let all = Contrast.ratios(text: secondary, background: background).map { "\($0.appearance.jsonKey) \(Contrast.format($0.ratio))" }
        #expect(all == ["light 3.43:1", "dark 6.36:1", "lightIncreasedContrast 4.22:1", "darkIncreasedContrast 8.02:1"])
        // A background with alpha goes over white in light mode and black in dark mode.
        let clearOnWhite = Contrast.ratio(text: .system("label"), background: .system("clear"), in: .light)
        #expect(Contrast.format(clearOnWhite) == "21.00:1")
        #expect(Contrast.format(Contrast.ratio(text: .system("label"), background: .system("clear"), in: .dark)) == "21.00:1")
    }

    @Test func largeTextNeedsThreeToOne() {
        #expect(Contrast.threshold(size: 17, weight: .regular) == 4.5)
        #expect(Contrast.threshold(size: 18, weight: .regular) == 3)
        #expect(Contrast.threshold(size: 14, weight: .bold) == 3)
        #expect(Contrast.threshold(size: 14, weight: .semibold) == 3)
        #expect(Contrast.threshold(size: 13, weight: .bold) == 4.5)
        #expect(Contrast.threshold(size: 17, weight: .medium) == 4.5)
        // Text styles at .large: .headline is semibold 17 pt (large), .title3 20 pt.
        #expect(Contrast.sizeAndWeight(of: .textStyle(.headline)) == (17, .semibold))
        #expect(Contrast.sizeAndWeight(of: .textStyle(.title3)) == (20, .regular))
        #expect(Contrast.sizeAndWeight(of: nil) == (17, .regular))
    }

    @Test func increaseContrastVariants() {
        let label = SystemColors.byName["tertiaryLabel"]!
        #expect(label.resolved(in: .lightIncreasedContrast) == RGBA(60, 60, 67, 96.0 / 255))
        #expect(label.resolved(in: .darkIncreasedContrast) == RGBA(235, 235, 245, 96.0 / 255))
        let grouped = SystemColors.byName["systemGroupedBackground"]!
        #expect(grouped.resolved(in: .lightIncreasedContrast) == RGBA(235, 235, 240))
        // Without a documented variant, the standard colour.
        #expect(SystemColors.byName["systemTeal"]!.resolved(in: .darkIncreasedContrast) == SystemColors.byName["systemTeal"]!.dark)
    }

    // MARK: - low-contrast

    @Test func lowContrastAtTheOwnTextColourWithTheWorstAppearanceFirst() {
        let text = "label L {\n    text: \"x\"\n    textColor: .tertiaryLabel\n}\n"
        let found = diagnostics(text, .lowContrast)
        #expect(found.count == 1)
        #expect(slice(text, found[0].range) == ".tertiaryLabel")
        #expect(found[0].severity == .warning)
        #expect(
            found[0].message
                == "contrast 1.73:1 of .tertiaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (2.03:1), dark mode (2.25:1) and dark mode with Increase Contrast (2.98:1); Apple's colours, below WCAG AA by design: use .label for text that must be read, or accept them with \"severity\": {\"low-contrast\": \"information\"} in labelspec.json"
        )
    }

    @Test func onlyTheFailingAppearancesAreNamed() {
        // .secondaryLabel passes in dark mode (6.36:1, 8.02:1).
        let found = diagnostics("label L { text: \"x\"; textColor: .secondaryLabel }", .lowContrast)
        #expect(
            found.map(\.message) == [
                "contrast 3.43:1 of .secondaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (4.22:1); Apple's colours, below WCAG AA by design: use .label for text that must be read, or accept them with \"severity\": {\"low-contrast\": \"information\"} in labelspec.json"
            ])
        // Large text: 3:1 is enough.
        #expect(diagnostics("label L { text: \"x\"; font: .title3; textColor: .secondaryLabel }", .lowContrast).isEmpty)
        #expect(diagnostics("label L { text: \"x\"; font: .headline; textColor: .secondaryLabel }", .lowContrast).isEmpty)
        // Only dark mode fails: a fixed dark grey.
        let dark = diagnostics("label L { text: \"x\"; textColor: #555555 }", .lowContrast)
        #expect(
            dark.map(\.message) == [
                "contrast 2.81:1 of #555555 on .systemBackground in dark mode is below 4.5:1 (WCAG AA for text under 18 pt); also dark mode with Increase Contrast (2.81:1); pick a textColor or backgroundColor with more contrast"
            ])
    }

    @Test func backgroundColourDecides() {
        // White on the tint fill: 4.01:1, enough for semibold 17 pt (3:1), not for body text.
        let text = "label B { text: \"Go\"; font: .body; textColor: .white; backgroundColor: .link }"
        let found = diagnostics(text, .lowContrast)
        #expect(found.count == 1)
        #expect(slice(text, found[0].range) == ".white")
        #expect(
            found[0].message.hasPrefix(
                "contrast 3.64:1 of .white on .link in dark mode is below 4.5:1 (WCAG AA for text under 18 pt); also dark mode with Increase Contrast (3.64:1), light mode (4.01:1) and light mode with Increase Contrast (4.01:1); Apple's colours, below WCAG AA by design"
            ))
        #expect(diagnostics("label B { text: \"Go\"; font: .headline; textColor: .white; backgroundColor: .link }", .lowContrast).isEmpty)
        // At the own backgroundColor when the text colour is inherited.
        let inherited = "style S { textColor: .white }\nlabel B: S { text: \"Go\"; backgroundColor: .systemGray5 }"
        let atBackground = diagnostics(inherited, .lowContrast)
        #expect(atBackground.count == 1)
        #expect(slice(inherited, atBackground[0].range) == ".systemGray5")
        // Both inherited: at the name, naming the style.
        let fromStyle = "style S { textColor: .quaternaryLabel }\nlabel Name: S { text: \"Go\" }"
        let atName = diagnostics(fromStyle, .lowContrast)
        #expect(atName.count == 1)
        #expect(slice(fromStyle, atName[0].range) == "Name")
        #expect(atName[0].message.hasSuffix("in labelspec.json (set by style 'S')"))
        // A colour of the app's own: the advice to pick another.
        let custom = diagnostics("label C { text: \"Go\"; textColor: #AAAAAA }", .lowContrast)
        #expect(custom.first?.message.hasSuffix("; pick a textColor or backgroundColor with more contrast") == true)
    }

    @Test func stylesDefaultsAndDisabledLabelsAreNotChecked() {
        // A style is not checked on its own: only the labels that use it.
        #expect(diagnostics("style S { textColor: .quaternaryLabel }", .lowContrast).isEmpty)
        // The defaults, .label on .systemBackground, pass.
        #expect(diagnostics("label L { text: \"x\" }", .lowContrast).isEmpty)
        #expect(
            diagnostics("label L { text: \"x\"; textColor: .label; backgroundColor: .secondarySystemGroupedBackground }", .lowContrast)
                .isEmpty)
        // WCAG exempts inactive components.
        #expect(diagnostics("label L { text: \"x\"; textColor: .quaternaryLabel; isEnabled: false }", .lowContrast).isEmpty)
    }

    @Test func backgroundColorTypeChecksLikeTextColor() {
        let ws = Workspace()
        ws.open(id: "t", text: Array("label L { text: \"x\"; backgroundColor: .systemBackgroud }".utf8))
        let d = ws.diagnostics(for: "t")
        #expect(d.map(\.code) == [.typeMismatch])
        #expect(
            d.first?.message
                == "'backgroundColor' expects a system colour or a hex colour, not '.systemBackgroud'; did you mean '.systemBackground'?")
        #expect(PropertyID(name: "backgroundColor")?.info.defaultValue == ".systemBackground")
        #expect(PropertyID(name: "adjustsFontForContentSizeCategory")?.info.defaultValue == "true")
    }

    // MARK: - fixed-size-font

    @Test func fixedSizeFonts() {
        let system = "label L { text: \"x\"; font: .system(size: 15, weight: .bold) }"
        let s = diagnostics(system, .fixedSizeFont)
        #expect(s.count == 1)
        #expect(slice(system, s[0].range) == ".system(size: 15, weight: .bold)")
        #expect(s[0].severity == .warning)
        #expect(
            s[0].message
                == "'.system(size: 15)' keeps 15 pt at every Dynamic Type size; use a text style such as .subheadline.weight(.bold), which scales"
        )

        let custom = "style S { font: .custom(\"Inter\", size: 17) }"
        let c = diagnostics(custom, .fixedSizeFont)
        #expect(
            c.map(\.message) == [
                "custom font 'Inter' keeps 17 pt at every Dynamic Type size; add relativeTo: .body to scale it like that text style"
            ])
        #expect(slice(custom, c[0].range) == ".custom(\"Inter\", size: 17)")
        // The fix scales it like the nearest text style.
        let edit = c[0].fixes[0].edits[0]
        var bytes = Array(custom.utf8)
        bytes.replaceSubrange(edit.range, with: Array(edit.newText.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == "style S { font: .custom(\"Inter\", size: 17, relativeTo: .body) }")
        // No custom-font hint any more: one diagnostic says it.
        #expect(diagnostics(custom, .customFont).isEmpty)
        // Scaling fonts get nothing.
        #expect(diagnostics("label L { text: \"x\"; font: .custom(\"Inter\", size: 17, relativeTo: .body) }", .fixedSizeFont).isEmpty)
        #expect(diagnostics("label L { text: \"x\"; font: .caption2 }", .fixedSizeFont).isEmpty)
    }

    @Test func adjustsFontForContentSizeCategoryFalseOnATextStyle() {
        let text = "label L {\n    text: \"x\"\n    font: .footnote\n    adjustsFontForContentSizeCategory: false\n}\n"
        let found = diagnostics(text, .fixedSizeFont)
        #expect(found.count == 1)
        #expect(slice(text, found[0].range) == "adjustsFontForContentSizeCategory")
        #expect(
            found[0].message
                == "adjustsFontForContentSizeCategory: false: the text style .footnote takes the user's text size when the label is made (13 pt at .large) but does not follow a change of it while the app runs; remove it so the text follows Dynamic Type"
        )
        #expect(found[0].fixes.first?.edits.first?.newText == "")
        // Inherited: at the name, naming the style; the default font is .body.
        let inherited = "style Fixed { adjustsFontForContentSizeCategory: false }\nlabel L: Fixed { text: \"x\" }"
        #expect(
            diagnostics(inherited, .fixedSizeFont).map(\.message) == [
                "adjustsFontForContentSizeCategory: false: the text style .body takes the user's text size when the label is made (17 pt at .large) but does not follow a change of it while the app runs; remove it so the text follows Dynamic Type (set by style 'Fixed')"
            ])
        // A fixed font is reported once, at the font; true is the default and says nothing.
        #expect(
            diagnostics("label L { text: \"x\"; font: .system(size: 12); adjustsFontForContentSizeCategory: false }", .fixedSizeFont).count
                == 1)
        #expect(diagnostics("label L { text: \"x\"; adjustsFontForContentSizeCategory: true }", .fixedSizeFont).isEmpty)
        // A UILabel's property: a SwiftUI label always scales, and is told so by wrong-framework.
        let swiftUI = "label L { text: \"x\"; framework: .swiftUI; adjustsFontForContentSizeCategory: false }"
        #expect(diagnostics(swiftUI, .fixedSizeFont).isEmpty)
        #expect(
            diagnostics(swiftUI, .wrongFramework).map(\.message) == [
                "'adjustsFontForContentSizeCategory' is UILabel's; this label is SwiftUI (framework: .swiftUI), which ignores it: remove it: SwiftUI has no such property"
            ])
    }
}
