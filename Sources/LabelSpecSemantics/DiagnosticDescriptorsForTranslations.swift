extension DiagnosticDescriptor {
    /// The codes of returned translations (`.xcloc`, `.xliff`: docs/translators.md).
    static let translations: [DiagnosticDescriptor] = [
        DiagnosticDescriptor(
            .invalidXLIFF, .error, fix: .none,
            summary: "Translation file that cannot be read.",
            explanation:
                "An .xliff file given to check (alone or in an .xcloc's Localized Contents) is not well-formed XML, is not UTF-8, is not XLIFF 1.2 (the version Xcode exports and imports), or does not say the locale of its translations. Xcode cannot import it, and none of its translations is checked. Fix the file where the diagnostic points, or export it again from the translation platform.",
            example: .init(
                .init(
                    "de.xliff",
                    #"""
                    <?xml version="1.0" encoding="UTF-8"?>
                    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                      <file original="Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                        <body>
                          <trans-unit id="Save" xml:space="preserve">
                            <source>Save</source>
                            <target state="translated">Sichern & schließen</target>
                          </trans-unit>
                        </body>
                      </file>
                    </xliff>
                    """#),
                reports: [
                    #"de.xliff:7:44: error: Xcode cannot import this file: a bare '&' (write it as &amp;) [invalid-xliff]"#
                ]),
        ),
        DiagnosticDescriptor(
            .translationNotImported, .warning, fix: .none,
            summary: "Returned translation that Xcode's import would leave out or misread.",
            explanation:
                "xcodebuild -importLocalizations skips some of what comes back without a word: a target whose state is new or needs-review-… (the table's text stays), a file whose XLIFF namespace has a prefix (ns0:xliff, as some tools rewrite it), a <file original> that names no table of the project, a key that ends in a variation suffix (key|==|plural.one reads as key with plural one), a plural form the source does not have whose <source> is its own id. check says each at the unit, so that it is fixed before the import; it also says a <source> that differs from the catalog's development text (the translation was made for an older text) and plural forms the locale needs that came back empty.",
            example: .init(
                .init(
                    "Localizable.xcstrings",
                    #"""
                    {"sourceLanguage": "en", "version": "1.0", "strings": {"Save": {}}}
                    """#),
                .init(
                    "de.xliff",
                    #"""
                    <?xml version="1.0" encoding="UTF-8"?>
                    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                      <file original="Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                        <body>
                          <trans-unit id="Save" xml:space="preserve">
                            <source>Save</source>
                            <target state="new">Sichern</target>
                            <note/>
                          </trans-unit>
                        </body>
                      </file>
                    </xliff>
                    """#),
                reports: [
                    #"de.xliff:7:9: warning: state "new": Xcode does not import this target (the table's text stays); mark it translated (or final) once it is done [translation-not-imported]"#
                ]),
        ),
    ]
}
