import LabelLocalization
import Testing

/// iOS's bundle lookup of a locale among an app's localizations (issue 35 point 3): the locale
/// itself, then fewer subtags, a Chinese region's script before the bare language.
@Suite struct LocaleFallbackTests {
    @Test func candidatesDropTheLastSubtagFirst() {
        #expect(LocaleFallback.candidates("de-DE") == ["de-DE", "de"])
        #expect(LocaleFallback.candidates("zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
        #expect(LocaleFallback.candidates("pt-PT") == ["pt-PT", "pt"])
        #expect(LocaleFallback.candidates("zh-TW") == ["zh-TW", "zh-Hant", "zh"])
        #expect(LocaleFallback.candidates("zh_CN") == ["zh-CN", "zh-Hans", "zh"])
        #expect(LocaleFallback.candidates("sr-Latn-RS") == ["sr-Latn-RS", "sr-Latn", "sr"])
        #expect(LocaleFallback.candidates("") == [])
    }

    @Test func resolvesAsIOSDoes() {
        let tables = ["en", "de", "pt", "pt-PT", "zh-Hant", "zh-Hans", "nb-NO"]
        #expect(LocaleFallback.resolve("de-DE", among: tables) == "de")
        #expect(LocaleFallback.resolve("de", among: tables) == "de")
        #expect(LocaleFallback.resolve("zh-Hant-TW", among: tables) == "zh-Hant")
        #expect(LocaleFallback.resolve("zh-HK", among: tables) == "zh-Hant")
        #expect(LocaleFallback.resolve("zh-CN", among: tables) == "zh-Hans")
        #expect(LocaleFallback.resolve("pt-PT", among: tables) == "pt-PT")
        #expect(LocaleFallback.resolve("pt-BR", among: tables) == "pt")
        #expect(LocaleFallback.resolve("en-GB", among: tables) == "en")
        // Spelled as the tables spell it; case and `_` do not matter.
        #expect(LocaleFallback.resolve("PT_pt", among: tables) == "pt-PT")
        #expect(LocaleFallback.resolve("nb-no", among: tables) == "nb-NO")
        // Nothing to fall back to: nil, never another language, never a region of the language.
        #expect(LocaleFallback.resolve("fr-FR", among: tables) == nil)
        #expect(LocaleFallback.resolve("nb", among: tables) == nil)
        #expect(LocaleFallback.resolve("de", among: []) == nil)
    }

    /// A long hostile name costs its subtags, once each.
    @Test func aLongNameEnds() {
        let name = Array(repeating: "ab", count: 2_000).joined(separator: "-")
        #expect(LocaleFallback.candidates(name).count == 2_000)
        #expect(LocaleFallback.resolve(name, among: ["ab"]) == "ab")
    }
}
