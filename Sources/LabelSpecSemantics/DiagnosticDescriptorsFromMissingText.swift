extension DiagnosticDescriptor {
    /// The descriptors from `missing-text` on, sorted by code (`all` is both halves).
    static let missingTextToWrongFramework: [DiagnosticDescriptor] = [
        DiagnosticDescriptor(
            .missingText, .error, fix: .none,
            summary: "Label without text.",
            explanation: "A label needs text, its own or inherited from a style.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Empty {
                        width: 120
                    }
                    """#),
                reports: [
                    #"x.labelspec:1:7: error: label 'Empty' has no text; add text: "…" or inherit it from a style [missing-text]"#
                ]),
        ),
        DiagnosticDescriptor(
            .missingTranslation, .hint, fix: .none,
            summary: "Locale without a translation: the source language is shown.",
            explanation:
                "The label's localization key has no translation in a measured locale, so iOS shows the source language's text there (and LabelSpec measures that). Translate the key, or leave the locale out of 'locales'.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Share {
                        text: .localized("share")
                    }
                    """#),
                .init(
                    "Localizable.xcstrings",
                    #"""
                    {
                      "sourceLanguage" : "en",
                      "strings" : {
                        "share" : {
                          "localizations" : {
                            "en" : { "stringUnit" : { "state" : "translated", "value" : "Share" } },
                            "de" : { "stringUnit" : { "state" : "translated", "value" : "Teilen" } }
                          }
                        }
                      }
                    }
                    """#),
                .init("labelspec.json", #"{ "locales": ["en", "de", "ja", "ko"] }"#),
                reports: [
                    #"x.labelspec:2:5: hint: no ja, ko translation of 'share': iOS shows the en text there; add one [missing-translation]"#
                ]),
        ),
        DiagnosticDescriptor(
            .nearLimit, .hint, fix: .none,
            summary: "Label that fits with less room than the measuring font's error.",
            explanation:
                "The label fits everywhere it is measured, but in its tightest cell with less room to spare than the font that measured it may be off by: a stand-in for Apple's font (Inter for SF Pro) differs from it by up to a few percent, depending on the size and weight (docs/measurement.md, \"Stand-ins\"), and Apple's own font by 0.5 %. On iOS it may truncate. Give it more room, let it wrap or shrink, or set 'nearLimit' in labelspec.json.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Save {
                        text: "Save changes"
                        font: .body
                        width: 107.5
                    }
                    """#),
                .init("labelspec.json", #"{ "contentSizes": ["large"] }"#),
                reports: [
                    #"x.labelspec:1:7: hint: fits at .large with 0.5 pt to spare (0.5 %) (107.5 pt: width 107.5); measured with Inter for SF Pro, which differs by up to 2 % at this size [near-limit]"#
                ]),
        ),
        DiagnosticDescriptor(
            .noEffect, .warning, fix: .safe,
            summary: "Property that cannot act.",
            explanation:
                "The property cannot act: minimumScaleFactor and baselineAdjustment need adjustsFontSizeToFitWidth, shadowOffset needs shadowColor, verticalAlignment needs height.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    style Hero {
                        shadowOffset: (0, 2)
                    }
                    label Title: Hero {
                        text: "Title"
                        minimumScaleFactor: 0.5
                        verticalAlignment: .top
                    }
                    """#),
                reports: [
                    #"x.labelspec:4:7: warning: 'shadowOffset' has no effect without shadowColor; remove it or set a shadowColor (set by style 'Hero') [no-effect]"#,
                    #"x.labelspec:6:5: warning: 'minimumScaleFactor' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on [no-effect]"#,
                    #"x.labelspec:7:5: warning: 'verticalAlignment' has no effect without height; remove it or give the label a height [no-effect]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .specDrift, .warning, fix: .none,
            summary: "A spec's label and the app's code show one key with other lines, font or scale.",
            explanation:
                "labelspec check reads specs and the app's Swift code together. When a spec's label and a SwiftUI or UIKit site show the same localized key (same table), and their line limits, fonts or minimum scale factors differ, the spec describes something that does not ship: the finding is said at both places, each naming the other. The code is what ships: change the spec (or the code) so that they agree, or remove the spec's label if the code's site is checked on its own (docs/swift-sources.md).",
            example: .init(
                .init(
                    "Settings.labelspec",
                    #"""
                    label SettingsTitle {
                        text: .localized("settings.title")
                        font: .headline
                        numberOfLines: 2
                    }
                    """#),
                .init(
                    "SettingsView.swift",
                    #"""
                    import SwiftUI

                    struct SettingsView: View {
                        var body: some View {
                            Text("settings.title").font(.headline).lineLimit(1)
                        }
                    }
                    """#),
                .init(
                    "Localizable.xcstrings",
                    #"""
                    {"sourceLanguage": "en", "version": "1.0", "strings": {"settings.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Settings"}}}}}}
                    """#),
                reports: [
                    #"Settings.labelspec:1:7: warning: the code shows "settings.title" with lineLimit 1 at SettingsView.swift:5:9; this label says numberOfLines 2: the code is what ships [spec-drift]"#,
                    #"SettingsView.swift:5:9: warning: the spec label 'SettingsTitle' (Settings.labelspec:1:7) shows "settings.title" with numberOfLines 2; this code says lineLimit 1 [spec-drift]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .styleAfterEraser, .warning, fix: .safe,
            summary: "Label style after a built-in style never applies.",
            explanation:
                "Built-in label styles (.automatic, .titleOnly, .iconOnly, .titleAndIcon) erase the style chain: styles listed after one never apply.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Favourites {
                        text: "Favourites"
                        icon: .systemImage("star.fill")
                        labelStyle: [.shadow, .iconOnly, .outlined]
                    }
                    """#),
                reports: [
                    #"x.labelspec:4:38: warning: '.outlined' never applies: '.iconOnly' before it erases the label styles after it; remove it [style-after-eraser]"#
                ]),
        ),
        DiagnosticDescriptor(
            .styleCycle, .error, fix: .none,
            summary: "Styles inherit from each other in a cycle.",
            explanation: "Styles inherit from each other in a cycle; remove one of the inheritances.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    style A: B { font: .body }
                    style B: A { textColor: .label }
                    """#),
                reports: [
                    #"x.labelspec:1:10: error: style cycle A → B → A; remove one of these inheritances [style-cycle]"#
                ]),
        ),
        DiagnosticDescriptor(
            .syntax, .error, fix: .none,
            summary: "The text does not parse.",
            explanation: "The file does not parse here. The parser recovers at the next member or item; fix the text it points at.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Row {
                        text "Missing colon"
                        width: 200 200
                    }
                    """#),
                reports: [
                    #"x.labelspec:2:9: error: expected ':' after the property name [syntax]"#,
                    #"x.labelspec:3:16: error: unexpected '200'; remove it [syntax]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .truncates, .warning, fix: .editor,
            summary: "Text is truncated.",
            explanation: "Measured: the text does not fit its box and is truncated; the message shows what the user sees.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Name {
                        text: "Alexandra Fitzgerald-Montgomery"
                        width: 180
                    }
                    """#),
                reports: [
                    #"x.labelspec:1:7: warning: truncates at .large: "Alexandra Fitzgerald-…" (180 pt: width 180; and at 1 larger size) [truncates]"#
                ]),
        ),
        DiagnosticDescriptor(
            .typeMismatch, .error, fix: .unsafe,
            summary: "Value of the wrong type or an unknown case.",
            explanation: "The value has the wrong type for the property, or names an enum case the property does not have.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Row {
                        text: "Row"
                        numberOfLines: "two"
                        lineBreakMode: .byTruncatingEnd
                        textAlignment: .middle
                    }
                    """#),
                reports: [
                    #"x.labelspec:3:20: error: 'numberOfLines' expects an integer ≥ 0, not a string [type-mismatch]"#,
                    #"x.labelspec:4:20: error: 'lineBreakMode' expects .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle, not '.byTruncatingEnd'; did you mean '.byTruncatingHead'? [type-mismatch]"#,
                    #"x.labelspec:5:20: error: 'textAlignment' expects .left, .center, .right, .justified, .natural, not '.middle' [type-mismatch]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .unknownProperty, .error, fix: .unsafe,
            summary: "Unknown property.",
            explanation: "The property is not one UILabel or SwiftUI Label has in LabelSpec's table. Use the suggested name or remove it.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Name {
                        text: "Name"
                        widht: 120
                        colour: .red
                    }
                    """#),
                reports: [
                    #"x.labelspec:3:5: error: unknown property 'widht'; did you mean 'width'? [unknown-property]"#,
                    #"x.labelspec:4:5: error: unknown property 'colour'; remove it [unknown-property]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .unknownStyle, .error, fix: .unsafe,
            summary: "Inheritance from a style that does not exist.",
            explanation: "The item inherits from a style that no file in the workspace declares.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    style Caption { font: .caption1 }
                    label Date: Captoin, Missing {
                        text: "Today"
                    }
                    """#),
                reports: [
                    #"x.labelspec:2:13: error: unknown style 'Captoin'; did you mean 'Caption'? [unknown-style]"#,
                    #"x.labelspec:2:22: error: unknown style 'Missing'; declare it or remove it from the list [unknown-style]"#,
                ]),
        ),
        DiagnosticDescriptor(
            .wrapAutoshrinkConflict, .warning, fix: .unsafe,
            summary: "Wrapping lines and autoshrink at once.",
            explanation:
                "Autoshrink (adjustsFontSizeToFitWidth) scales text down to fit without adding line breaks; with a wrapping lineBreakMode and numberOfLines other than 1 the two fight. Use one line or a truncating mode.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Note {
                        text: "A long note"
                        width: 120
                        numberOfLines: 0
                        lineBreakMode: .byWordWrapping
                        adjustsFontSizeToFitWidth: true
                    }
                    """#),
                reports: [
                    #"x.labelspec:5:5: warning: '.byWordWrapping' with numberOfLines 0 and autoshrink: autoshrink scales text without adding line breaks; use numberOfLines: 1 or a truncating lineBreakMode [wrap-autoshrink-conflict]"#
                ]),
        ),
        DiagnosticDescriptor(
            .wrongFramework, .warning, fix: .unsafe,
            summary: "UIKit property on a SwiftUI text, or SwiftUI property on a UILabel.",
            explanation:
                "A label describes a UIKit UILabel or a SwiftUI Text / Label (framework: .uiKit or .swiftUI; a label with an icon, a labelStyle or a SwiftUI-only property is SwiftUI). The other framework's properties do nothing there: numberOfLines is lineLimit in SwiftUI, lineBreakMode is truncationMode, allowsDefaultTighteningForTruncation is allowsTightening, textAlignment is multilineTextAlignment, and SwiftUI needs no adjustsFontSizeToFitWidth (minimumScaleFactor alone shrinks). Use the name of the label's framework.",
            example: .init(
                .init(
                    "x.labelspec",
                    #"""
                    label Downloads {
                        text: "Downloads"
                        icon: .systemImage("arrow.down.circle")
                        numberOfLines: 2
                    }
                    """#),
                reports: [
                    #"x.labelspec:4:5: warning: 'numberOfLines' is UILabel's; this label is SwiftUI (it has an icon), which ignores it: use lineLimit: 2 [wrong-framework]"#
                ]),
        ),
    ]
}
