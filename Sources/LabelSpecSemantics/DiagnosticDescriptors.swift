extension DiagnosticDescriptor {
    /// Every code's descriptor, sorted by code (the codes from `clipped` to `missing-localization`
    /// here, from `missing-text` on in DiagnosticDescriptorsFromMissingText.swift).
    public static let all: [DiagnosticDescriptor] = (clippedToMissingLocalization + missingTextToWrongFramework + translations).sorted {
        $0.code < $1.code
    }

    static let clippedToMissingLocalization: [DiagnosticDescriptor] = [
        DiagnosticDescriptor(
            .clipped, .warning, fix: .none,
            summary: "Text is clipped.",
            explanation: "Measured: the text is cut off by .byClipping or by the label's height.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Download {
                        text: "Download the latest version now"
                        width: 150
                        lineBreakMode: .byClipping
                    }
                    """#),
                reports: [
                    #"x.labelspec:1:7: warning: clipped at .large: shows "Download the lates" (150 pt: width 150; and at 1 larger size) [clipped]"#
                ]),
        ),
        DiagnosticDescriptor(
            .customColor, .hint, fix: .none,
            summary: "Hex colour instead of a system colour.",
            explanation: "Apple's HIG prefers system label colours, which adapt to dark mode and increased contrast.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Promo {
                        text: "Sale"
                        textColor: #767676
                    }
                    """#),
                reports: [
                    #"x.labelspec:3:16: hint: hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast [custom-color]"#
                ]),
        ),
        DiagnosticDescriptor(
            .customFont, .warning, fix: .none,
            summary: "Custom font that is not installed or cannot be read.",
            explanation:
                "A custom family that is not installed: the label is measured with the system font, as iOS draws it, not with the font you meant. Install the font (fontconfig must find the family). A font file that cannot be read leaves the label unmeasured.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Brand {
                        text: "Brand"
                        font: .custom("Avenir Next", size: 17, relativeTo: .body)
                    }
                    """#),
                reports: [
                    #"x.labelspec:1:7: warning: font 'Avenir Next' is not installed: measured with the system font, as iOS draws it; install the font (fontconfig must find the family) [custom-font]"#
                ]),
        ),
        DiagnosticDescriptor(
            .deprecated, .warning, fix: .unsafe,
            summary: "Property deprecated since iOS 6.",
            explanation:
                "minimumFontSize and adjustsLetterSpacingToFitWidth are deprecated since iOS 6; use minimumScaleFactor and allowsDefaultTighteningForTruncation.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Old {
                        text: "Old"
                        font: .title1
                        minimumFontSize: 14
                        adjustsLetterSpacingToFitWidth: true
                    }
                    """#),
                reports: [
                    #"x.labelspec:4:5: warning: 'minimumFontSize' is deprecated since iOS 6; use minimumScaleFactor: 0.5 (14 / 28 pt) [deprecated]"#,
                    #"x.labelspec:5:5: warning: 'adjustsLetterSpacingToFitWidth' is deprecated since iOS 6; use allowsDefaultTighteningForTruncation [deprecated]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .duplicate, .warning, fix: .safe,
            summary: "Property set twice, or name declared twice.",
            explanation:
                "A property is set twice in one block (the later value wins), or a style or label name is declared twice in the workspace.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Title {
                        text: "Title"
                        font: .body
                        font: .headline
                    }
                    """#),
                reports: [
                    #"x.labelspec:3:5: warning: 'font' is set again 1 line below; this earlier value has no effect, remove it [duplicate]"#
                ]),
        ),
        DiagnosticDescriptor(
            .fixedSizeFont, .warning, fix: .unsafe,
            summary: "Font that does not scale with Dynamic Type.",
            explanation:
                "The font keeps one size at every Dynamic Type size, so users who need larger text do not get it: .system(size:) and .custom(\"Family\", size:) without relativeTo:, or adjustsFontForContentSizeCategory: false on a text style. Use a text style, or .custom(\"Family\", size:, relativeTo: .body), which scales like that style.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Price {
                        text: "$4.99"
                        font: .system(size: 15, weight: .semibold)
                    }
                    """#),
                reports: [
                    #"x.labelspec:3:11: warning: '.system(size: 15)' keeps 15 pt at every Dynamic Type size; use a text style such as .subheadline.weight(.semibold), which scales [fixed-size-font]"#
                ]),
        ),
        DiagnosticDescriptor(
            .formatMismatch, .error, fix: .none,
            summary: "Translation whose format specifiers differ from the source's.",
            explanation:
                "A translation uses format specifiers (%@, %lld, %1$@, …) that the source language's text does not: an argument it adds, drops or reads as another type crashes the app or prints garbage at run time. Use the source's specifiers, in any order through positions (%2$@).",
            example: .init(
                .init(
                    "Localizable.xcstrings",
                    #"""
                    {
                      "sourceLanguage" : "en",
                      "strings" : {
                        "share" : {
                          "localizations" : {
                            "en" : { "stringUnit" : { "state" : "translated", "value" : "Share with friends" } },
                            "ru" : { "stringUnit" : { "state" : "translated", "value" : "%@ поделиться" } }
                          }
                        }
                      }
                    }
                    """#),
                .init("x.labelspec", #"label Title { text: .localized("share") }"#),
                reports: [
                    #"Localizable.xcstrings:7:69: error: the ru translation of "share" reads argument 1 as an object (%@), but the en text has no argument 1; remove it [format-mismatch]"#
                ]),
        ),
        DiagnosticDescriptor(
            .invalidCatalog, .error, fix: .none,
            summary: "String Catalog or strings file that cannot be used.",
            explanation:
                "A String Catalog (.xcstrings), .strings or .stringsdict file of the workspace is not valid JSON or property list, or an entry has the wrong shape (a value of the wrong type, plural variations without 'other', a %#@name@ that names no substitution). The diagnostic is on the catalog; what can be read is used, the rest counts as untranslated. A .strings file with a syntax error (a missing '=' or ';', an unterminated string) is not read at all, as iOS does not load it; a locale name that is not one (a localizations key, a LOCALE.lproj folder) is skipped.",
            example: .init(
                .init(
                    "Localizable.xcstrings",
                    #"""
                    { "sourceLanguage" : "en", "strings" : { "photos" : { "localizations" : { "en" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld photo" } } } } } } } } }
                    """#),
                .init("x.labelspec", #"label Title { text: .localized("photos") }"#),
                reports: [
                    #"Localizable.xcstrings:1:101: error: the plural variations of "photos" (en) have no "other" form; add it (iOS falls back to it) [invalid-catalog]"#
                ]),
        ),
        DiagnosticDescriptor(
            .invalidConfiguration, .error, fix: .none,
            summary: "labelspec.json that cannot be used.",
            explanation:
                "The workspace's labelspec.json cannot be used as it is: it is not valid JSON, has an unknown key or value, or names a systemFont that is not a readable font file. It is reported on labelspec.json, by labelspec check (which then exits 2) and the language server alike; the keys with a problem keep their defaults and the others apply.",
            example: .init(
                .init("labelspec.json", #"{ "contentSizes": ["large", "huge"] }"#),
                .init("x.labelspec", #"label Title { text: "Settings" }"#),
                reports: [
                    #"labelspec.json:1:29: error: unknown content size 'huge'; use a name such as "large" or "AX1" [invalid-configuration]"#
                ]),
        ),
        DiagnosticDescriptor(
            .invalidIgnore, .warning, fix: .unsafe,
            summary: "A labelspec:ignore comment names something that is not a diagnostic code.",
            explanation:
                "A // labelspec:ignore comment lists diagnostic codes (or none, for every code); a word that is not a code suppresses nothing, so the finding it was meant to silence is still reported. Fix the code, or remove the word.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label A {
                        text: "a"
                        widht: 1 // labelspec:ignore unknown-propety
                    }
                    """#),
                reports: [
                    #"x.labelspec:3:5: error: unknown property 'widht'; did you mean 'width'? [unknown-property]"#,
                    #"x.labelspec:3:34: warning: 'unknown-propety' is not a diagnostic code, so this labelspec:ignore does not suppress it; did you mean 'unknown-property'? [invalid-ignore]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .invalidInterfaceBuilder, .error, fix: .none,
            summary: "Storyboard or xib that cannot be read.",
            explanation:
                "An .xib or .storyboard file given to check or measure is not well-formed XML, is not an Interface Builder document (its root must be <document type=\"com.apple.InterfaceBuilder3…\">), or is not UTF-8. Its labels are not checked. Fix the file where the diagnostic points, or open and save it in Xcode.",
            example: .init(
                .init(
                    "x.xib",
                    #"""
                    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">
                      <label text="a">
                    </document>
                    """#),
                reports: [
                    #"x.xib:3:1: error: Opening and ending tag mismatch: label line 2 and document [invalid-interface-builder]"#
                ]),
        ),
        DiagnosticDescriptor(
            .invalidNumber, .error, fix: .unsafe,
            summary: "Non-positive size or negative line count.",
            explanation:
                "Widths, heights and font sizes must be greater than 0 and at most 100000 points; numberOfLines must be 0 (unlimited) or more.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Box {
                        text: "Box"
                        width: 0
                        numberOfLines: -1
                        font: .system(size: 0)
                    }
                    """#),
                reports: [
                    #"x.labelspec:3:12: error: 'width' must be greater than 0 [invalid-number]"#,
                    #"x.labelspec:4:20: error: 'numberOfLines' must be 0 (as many lines as needed) or more [invalid-number]"#,
                    #"x.labelspec:5:25: error: font size must be greater than 0 [invalid-number]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .invalidScaleFactor, .error, fix: .unsafe,
            summary: "minimumScaleFactor outside (0, 1].",
            explanation: "minimumScaleFactor must lie in (0, 1]: it is the smallest fraction of the font size autoshrink may use.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Price {
                        text: "€ 1,299.00"
                        adjustsFontSizeToFitWidth: true
                        minimumScaleFactor: 1.5
                    }
                    """#),
                reports: [
                    #"x.labelspec:4:25: error: 'minimumScaleFactor' must be in (0, 1]; use 1 [invalid-scale-factor]"#
                ]),
        ),
        DiagnosticDescriptor(
            .invalidUTF8, .error, fix: .none,
            summary: "Bytes that are not UTF-8.",
            explanation:
                "A .labelspec file is UTF-8; these bytes are not (a file saved in another encoding, or binary data). Save the file as UTF-8.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Menu {
                        text: "café"
                    }
                    """#, latin1: true),
                reports: [
                    #"x.labelspec:2:15: error: invalid UTF-8 (0xE9); save the file as UTF-8 [invalid-utf8]"#
                ]),
        ),
        DiagnosticDescriptor(
            .lowContrast, .warning, fix: .none,
            summary: "Text colour with too little contrast on its background (WCAG AA).",
            explanation:
                "The text colour's contrast on the label's backgroundColor is below WCAG 2.2 AA (4.5:1, or 3:1 for text of 18 pt, or 14 pt bold, and larger) in light or dark mode, with or without Increase Contrast. Pick colours with more contrast: .label passes on the system backgrounds; .secondaryLabel (3.43:1 on white) only for large text. Apple's own secondary colours are below AA by design and reported all the same (text that must be read is often put in them); to accept them for a workspace, set \"severity\": {\"low-contrast\": \"information\"} in labelspec.json.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Caption {
                        text: "Updated"
                        font: .footnote
                        textColor: .tertiaryLabel
                    }
                    """#),
                reports: [
                    #"x.labelspec:4:16: warning: contrast 1.73:1 of .tertiaryLabel on .systemBackground in light mode is below 4.5:1 (WCAG AA for text under 18 pt); also light mode with Increase Contrast (2.03:1), dark mode (2.25:1) and dark mode with Increase Contrast (2.98:1); Apple's colours, below WCAG AA by design: use .label for text that must be read, or accept them with "severity": {"low-contrast": "information"} in labelspec.json [low-contrast]"#
                ]),
        ),
        DiagnosticDescriptor(
            .missingGlyph, .warning, fix: .none,
            summary: "Character no installed font can draw.",
            explanation:
                "Measured: no installed font has a glyph for a character of the text (the label's font, fallbackFonts from labelspec.json, then every font fontconfig knows were tried), so it is measured as the font's missing-glyph box and the layout may be wrong. Install the Debian package the message names, or name a font that has the character in fallbackFonts.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Logo {
                        text: "\#u{0378} Store"
                    }
                    """#),
                reports: [
                    #"x.labelspec:1:7: warning: no installed font draws U+0378 (unassigned): measured as a missing-glyph box; no font is made for it: name a font that has it in fallbackFonts [missing-glyph]"#
                ]),
        ),
        DiagnosticDescriptor(
            .missingLocalization, .warning, fix: .none,
            summary: "Localization key in no String Catalog.",
            explanation:
                "The .localized key is in no String Catalog (.xcstrings) or .strings file of the workspace; the key itself is measured.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Welcome {
                        text: .localized("welcome.title", table: "Onboarding")
                    }
                    """#),
                reports: [
                    #"x.labelspec:2:5: warning: no String Catalog has the key 'welcome.title' (table 'Onboarding'); add it or fix the key [missing-localization]"#
                ]),
        ),
    ]
}
