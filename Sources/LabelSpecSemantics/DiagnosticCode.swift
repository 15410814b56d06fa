/// The diagnostic catalogue: stable codes (tools and users depend on them), sorted by name.
public enum DiagnosticCode: String, Sendable, CaseIterable, Comparable {
    case clipped
    case customColor = "custom-color"
    case customFont = "custom-font"
    case deprecated
    case duplicate
    case fixedSizeFont = "fixed-size-font"
    case formatMismatch = "format-mismatch"
    case invalidCatalog = "invalid-catalog"
    case invalidConfiguration = "invalid-configuration"
    case invalidIgnore = "invalid-ignore"
    case invalidInterfaceBuilder = "invalid-interface-builder"
    case invalidNumber = "invalid-number"
    case invalidScaleFactor = "invalid-scale-factor"
    case invalidUTF8 = "invalid-utf8"
    case lowContrast = "low-contrast"
    case missingGlyph = "missing-glyph"
    case missingLocalization = "missing-localization"
    case missingText = "missing-text"
    case missingTranslation = "missing-translation"
    case noEffect = "no-effect"
    case styleAfterEraser = "style-after-eraser"
    case styleCycle = "style-cycle"
    case syntax
    case truncates
    case typeMismatch = "type-mismatch"
    case unknownProperty = "unknown-property"
    case unknownStyle = "unknown-style"
    case wrapAutoshrinkConflict = "wrap-autoshrink-conflict"
    case wrongFramework = "wrong-framework"

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }

    public var defaultSeverity: Severity {
        switch self {
        case .syntax, .unknownProperty, .typeMismatch, .unknownStyle, .styleCycle, .invalidScaleFactor,
            .missingText, .invalidNumber, .invalidUTF8, .invalidConfiguration, .invalidCatalog, .formatMismatch,
            .invalidInterfaceBuilder:
            return .error
        case .duplicate, .wrapAutoshrinkConflict, .noEffect, .deprecated, .styleAfterEraser, .truncates,
            .clipped, .missingLocalization, .missingGlyph, .invalidIgnore, .customFont, .fixedSizeFont, .lowContrast, .wrongFramework:
            return .warning
        case .customColor, .missingTranslation:
            return .hint
        }
    }

    /// One line: what the code is about (SARIF rule short description).
    public var summary: String {
        switch self {
        case .syntax: return "The text does not parse."
        case .unknownProperty: return "Unknown property."
        case .typeMismatch: return "Value of the wrong type or an unknown case."
        case .duplicate: return "Property set twice, or name declared twice."
        case .unknownStyle: return "Inheritance from a style that does not exist."
        case .styleCycle: return "Styles inherit from each other in a cycle."
        case .invalidScaleFactor: return "minimumScaleFactor outside (0, 1]."
        case .wrapAutoshrinkConflict: return "Wrapping lines and autoshrink at once."
        case .noEffect: return "Property that cannot act."
        case .deprecated: return "Property deprecated since iOS 6."
        case .styleAfterEraser: return "Label style after a built-in style never applies."
        case .truncates: return "Text is truncated."
        case .clipped: return "Text is clipped."
        case .missingGlyph: return "Character no installed font can draw."
        case .missingLocalization: return "Localization key in no String Catalog."
        case .missingText: return "Label without text."
        case .invalidNumber: return "Non-positive size or negative line count."
        case .invalidUTF8: return "Bytes that are not UTF-8."
        case .invalidConfiguration: return "labelspec.json that cannot be used."
        case .invalidIgnore: return "A labelspec:ignore comment names something that is not a diagnostic code."
        case .invalidCatalog: return "String Catalog or strings file that cannot be used."
        case .invalidInterfaceBuilder: return "Storyboard or xib that cannot be read."
        case .formatMismatch: return "Translation whose format specifiers differ from the source's."
        case .missingTranslation: return "Locale without a translation: the source language is shown."
        case .customFont: return "Custom font that is not installed or cannot be read."
        case .fixedSizeFont: return "Font that does not scale with Dynamic Type."
        case .lowContrast: return "Text colour with too little contrast on its background (WCAG AA)."
        case .customColor: return "Hex colour instead of a system colour."
        case .wrongFramework: return "UIKit property on a SwiftUI text, or SwiftUI property on a UILabel."
        }
    }

    /// One paragraph of help: what the code means and how to fix it (SARIF rule help, LSP docs).
    public var help: String {
        switch self {
        case .syntax: return "The file does not parse here. The parser recovers at the next member or item; fix the text it points at."
        case .unknownProperty: return "The property is not one UILabel or SwiftUI Label has in LabelSpec's table. Use the suggested name or remove it."
        case .typeMismatch: return "The value has the wrong type for the property, or names an enum case the property does not have."
        case .duplicate: return "A property is set twice in one block (the later value wins), or a style or label name is declared twice in the workspace."
        case .unknownStyle: return "The item inherits from a style that no file in the workspace declares."
        case .styleCycle: return "Styles inherit from each other in a cycle; remove one of the inheritances."
        case .invalidScaleFactor: return "minimumScaleFactor must lie in (0, 1]: it is the smallest fraction of the font size autoshrink may use."
        case .wrapAutoshrinkConflict: return "Autoshrink (adjustsFontSizeToFitWidth) scales text down to fit without adding line breaks; with a wrapping lineBreakMode and numberOfLines other than 1 the two fight. Use one line or a truncating mode."
        case .noEffect: return "The property cannot act: minimumScaleFactor and baselineAdjustment need adjustsFontSizeToFitWidth, shadowOffset needs shadowColor, verticalAlignment needs height."
        case .deprecated: return "minimumFontSize and adjustsLetterSpacingToFitWidth are deprecated since iOS 6; use minimumScaleFactor and allowsDefaultTighteningForTruncation."
        case .styleAfterEraser: return "Built-in label styles (.automatic, .titleOnly, .iconOnly, .titleAndIcon) erase the style chain: styles listed after one never apply."
        case .truncates: return "Measured: the text does not fit its box and is truncated; the message shows what the user sees."
        case .clipped: return "Measured: the text is cut off by .byClipping or by the label's height."
        case .missingGlyph: return "Measured: no installed font has a glyph for a character of the text (the label's font, fallbackFonts from labelspec.json, then every font fontconfig knows were tried), so it is measured as the font's missing-glyph box and the layout may be wrong. Install the Debian package the message names, or name a font that has the character in fallbackFonts."
        case .missingLocalization: return "The .localized key is in no String Catalog (.xcstrings) or .strings file of the workspace; the key itself is measured."
        case .missingText: return "A label needs text, its own or inherited from a style."
        case .invalidNumber: return "Widths, heights and font sizes must be greater than 0 and at most 100000 points; numberOfLines must be 0 (unlimited) or more."
        case .invalidUTF8: return "A .labelspec file is UTF-8; these bytes are not (a file saved in another encoding, or binary data). Save the file as UTF-8."
        case .invalidConfiguration: return "The workspace's labelspec.json cannot be used as it is: it is not valid JSON, has an unknown key or value, or names a systemFont that is not a readable font file. It is reported on labelspec.json, by labelspec check (which then exits 2) and the language server alike; the keys with a problem keep their defaults and the others apply."
        case .invalidIgnore: return "A // labelspec:ignore comment lists diagnostic codes (or none, for every code); a word that is not a code suppresses nothing, so the finding it was meant to silence is still reported. Fix the code, or remove the word."
        case .invalidCatalog: return "A String Catalog (.xcstrings), .strings or .stringsdict file of the workspace is not valid JSON or property list, or an entry has the wrong shape (a value of the wrong type, plural variations without 'other', a %#@name@ that names no substitution). The diagnostic is on the catalog; what can be read is used, the rest counts as untranslated. A .strings file with a syntax error (a missing '=' or ';', an unterminated string) is not read at all, as iOS does not load it; a locale name that is not one (a localizations key, a LOCALE.lproj folder) is skipped."
        case .invalidInterfaceBuilder: return "An .xib or .storyboard file given to check or measure is not well-formed XML, is not an Interface Builder document (its root must be <document type=\"com.apple.InterfaceBuilder3…\">), or is not UTF-8. Its labels are not checked. Fix the file where the diagnostic points, or open and save it in Xcode."
        case .formatMismatch: return "A translation uses format specifiers (%@, %lld, %1$@, …) that the source language's text does not: an argument it adds, drops or reads as another type crashes the app or prints garbage at run time. Use the source's specifiers, in any order through positions (%2$@)."
        case .missingTranslation: return "The label's localization key has no translation in a measured locale, so iOS shows the source language's text there (and LabelSpec measures that). Translate the key, or leave the locale out of 'locales'."
        case .customFont: return "A custom family that is not installed: the label is measured with the system font, as iOS draws it, not with the font you meant. Install the font (fontconfig must find the family). A font file that cannot be read leaves the label unmeasured."
        case .fixedSizeFont: return "The font keeps one size at every Dynamic Type size, so users who need larger text do not get it: .system(size:) and .custom(\"Family\", size:) without relativeTo:, or adjustsFontForContentSizeCategory: false on a text style. Use a text style, or .custom(\"Family\", size:, relativeTo: .body), which scales like that style."
        case .lowContrast: return "The text colour's contrast on the label's backgroundColor is below WCAG 2.2 AA (4.5:1, or 3:1 for text of 18 pt, or 14 pt bold, and larger) in light or dark mode, with or without Increase Contrast. Pick colours with more contrast: .label passes on the system backgrounds; .secondaryLabel (3.43:1 on white) only for large text. Apple's own secondary colours are below AA by design and reported all the same (text that must be read is often put in them); to accept them for a workspace, set \"severity\": {\"low-contrast\": \"information\"} in labelspec.json."
        case .customColor: return "Apple's HIG prefers system label colours, which adapt to dark mode and increased contrast."
        case .wrongFramework: return "A label describes a UIKit UILabel or a SwiftUI Text / Label (framework: .uiKit or .swiftUI; a label with an icon, a labelStyle or a SwiftUI-only property is SwiftUI). The other framework's properties do nothing there: numberOfLines is lineLimit in SwiftUI, lineBreakMode is truncationMode, allowsDefaultTighteningForTruncation is allowsTightening, textAlignment is multilineTextAlignment, and SwiftUI needs no adjustsFontSizeToFitWidth (minimumScaleFactor alone shrinks). Use the name of the label's framework."
        }
    }
}

extension DiagnosticCode {
    /// The code nearest to `word`, when it is near enough to be a typo of it.
    public static func suggestion(for word: String) -> DiagnosticCode? {
        nearest(word, in: allCases.map(\.rawValue)).flatMap(DiagnosticCode.init(rawValue:))
    }
}
