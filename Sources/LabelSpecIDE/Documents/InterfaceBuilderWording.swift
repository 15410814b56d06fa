import Foundation
import InterfaceBuilder
import LabelSpecSemantics
import LabelVocabulary

/// Messages about a storyboard or xib in Interface Builder's words: what to change in Xcode's
/// Attributes inspector, not the `.labelspec` property the generated source has (which nobody
/// sees). `InterfaceBuilderFile.placed` asks it for each diagnostic; nil keeps the message.
enum InterfaceBuilderWording {
    /// The message for `d` (a diagnostic of the generated source) on `label`, or nil.
    static func message(_ d: Diagnostic, label: Translation.Label) -> String? {
        switch d.code {
        case .fixedSizeFont: return label.font.flatMap(fixedSizeFont)
        // Measured with the file's text, which its outlet's code may replace.
        case .truncates, .clipped:
            guard let outlet = label.outlet else { return nil }
            if label.textSetInCode { return d.message + " (text set in code: outlet '\(outlet)', measured with its sample text)" }
            return d.message + " (text may be set in code: outlet '\(outlet)')"
        case .lowContrast:
            let tail = "; pick a textColor or backgroundColor with more contrast"
            let apple = ": use .label for text that must be read,"
            if d.message.hasSuffix(tail) {
                return d.message.dropLast(tail.count) + "; pick a Color or Background with more contrast in the Attributes inspector"
            }
            guard d.message.contains(apple) else { return nil }
            return d.message.replacingOccurrences(of: apple, with: ": choose Label Color for text that must be read,")
        case .customColor:
            guard d.message == "hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast" else {
                return nil
            }
            return
                "a colour of fixed components: prefer a system colour such as Label Color (Color → System Colors), which adapts to dark mode and Increase Contrast"
        case .wrapAutoshrinkConflict: return wrapAutoshrinkConflict(d.message)
        default: return nil
        }
    }

    /// IB's names of the wrapping line break modes (*Line Break* in the Attributes inspector).
    static let wrappingModes = ["byWordWrapping": "Word Wrap", "byCharWrapping": "Character Wrap", "byClipping": "Clip"]

    /// `'.byWordWrapping' with numberOfLines 0 and autoshrink: …` as IB's *Line Break*, *Lines*
    /// and *Autoshrink*; nil when the message is not that one.
    static func wrapAutoshrinkConflict(_ message: String) -> String? {
        guard message.hasPrefix("'."), let quote = message.dropFirst(2).firstIndex(of: "'") else { return nil }
        let mode = String(message[message.index(message.startIndex, offsetBy: 2)..<quote])
        let rest = message[message.index(after: quote)...]
        let lead = " with numberOfLines "
        guard let name = wrappingModes[mode], rest.hasPrefix(lead), let and = rest.range(of: " and autoshrink: ") else { return nil }
        let lines = rest[rest.index(rest.startIndex, offsetBy: lead.count)..<and.lowerBound]
        guard !lines.isEmpty, lines.allSatisfy(\.isNumber) else { return nil }
        return
            "Line Break \(name) with Lines \(lines) and Autoshrink: autoshrink scales text without adding line breaks; set Lines to 1, or choose a truncating Line Break, or Fixed Font Size under Autoshrink"
    }

    /// A text style as Xcode's Font menu names it (*Font* → *Text Styles*).
    static func styleName(_ style: TextStyle) -> String {
        switch style {
        case .largeTitle: return "Large Title"
        case .title1: return "Title 1"
        case .title2: return "Title 2"
        case .title3: return "Title 3"
        case .headline: return "Headline"
        case .body: return "Body"
        case .callout: return "Callout"
        case .subheadline: return "Subheadline"
        case .footnote: return "Footnote"
        case .caption1: return "Caption 1"
        case .caption2: return "Caption 2"
        }
    }

    /// IB's `style` value (`UICTFontTextStyleSubhead`) as a text style.
    static func textStyle(_ value: String) -> TextStyle? {
        switch value {
        case "UICTFontTextStyleTitle0", "UICTFontTextStyleLargeTitle": return .largeTitle
        case "UICTFontTextStyleTitle1": return .title1
        case "UICTFontTextStyleTitle2": return .title2
        case "UICTFontTextStyleTitle3": return .title3
        case "UICTFontTextStyleHeadline": return .headline
        case "UICTFontTextStyleSubhead", "UICTFontTextStyleSubheadline": return .subheadline
        case "UICTFontTextStyleBody": return .body
        case "UICTFontTextStyleCallout": return .callout
        case "UICTFontTextStyleFootnote": return .footnote
        case "UICTFontTextStyleCaption1": return .caption1
        case "UICTFontTextStyleCaption2": return .caption2
        default: return nil
        }
    }

    static let tick = "tick Automatically Adjusts Font in the Attributes inspector"

    /// `fixed-size-font`: a text style without *Automatically Adjusts Font*, or a fixed size.
    static func fixedSizeFont(_ font: Translation.Font) -> String? {
        func suggestion(_ points: String) -> String {
            let style = Double(points).map(FixedSizeFont.nearestStyle) ?? .body
            return "choose the text style \(styleName(style)) (Font → Text Styles) and \(tick)"
        }
        switch font.kind {
        case .style(let value):
            guard let style = textStyle(value) else { return nil }
            let points = style.metrics(at: .large).size
            let size = points == points.rounded() ? String(Int(points)) : String(points)
            return
                "Automatically Adjusts Font is off: the text style \(styleName(style)) takes the user's text size when the view loads (\(size) pt at .large) but does not follow a change of it while the app runs; \(tick)"
        case .system(let weight, let points):
            let name = weight.isEmpty ? "System" : "System \(weight)"
            return "the font \(name) \(points) pt keeps \(points) pt at every Dynamic Type size; \(suggestion(points))"
        case .custom(let family, let points):
            return
                "custom font '\(family)' keeps \(points) pt at every Dynamic Type size, and Interface Builder cannot scale it; \(suggestion(points)), or scale it in code with UIFontMetrics"
        }
    }
}
