import Foundation
import LabelLocalization
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelVocabulary
import Testing

/// One `truncates` / `clipped` per label over every locale × size, worst case first (issue 12).
@Suite struct LocaleMatrixTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "share" : { "localizations" : {
              "en" : { "stringUnit" : { "value" : "Share with friends" } },
              "de" : { "stringUnit" : { "value" : "Mit Freunden teilen und mehr erfahren" } },
              "fr" : { "stringUnit" : { "value" : "Partager avec des amis maintenant" } },
              "ru" : { "stringUnit" : { "value" : "Поделиться" } } } },
            "photos" : { "localizations" : {
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "value" : "%lld photo" } },
                "other" : { "stringUnit" : { "value" : "%lld photos" } } } } },
              "ja" : { "stringUnit" : { "value" : "Photos" } } } }
          }
        }
        """

    static let measurer = Measurer()

    func plan(_ locales: [String]? = nil, pseudo: [PseudoLocale] = []) -> MeasuringPlan {
        let catalog = Catalog.read(xcstrings: Array(Self.catalog.utf8), path: "/p/Localizable.xcstrings")
        return .over(Localizations(catalogs: [catalog]), locales: locales, pseudo: pseudo)
    }

    /// `code: message @ covered text` of every diagnostic of `text`.
    func check(_ text: String, plan: MeasuringPlan, sizes: [ContentSizeCategory] = [.large]) -> [String] {
        let w = workspace(["a": text])
        w.localizations = plan.localizations
        return Checks.diagnostics(of: "a", in: w, measurer: Self.measurer, plan: plan.at(sizes)).map {
            "\($0.code.rawValue): \($0.message) @ \(slice(text, $0.range))"
        }
    }

    @Test func theWorstLocaleFirstAndTheRestSummedUp() {
        let text = "label Share {\n    text: .localized(\"share\")\n    width: 150\n}\n"
        #expect(
            check(text, plan: plan(), sizes: [.large, .extraLarge, .accessibilityLarge]) == [
                "truncates: truncates in de at .large: \"Mit Freunden teil…\" (150 pt: width 150; also fr at .large, en and ja at .extraLarge, ru at .accessibilityLarge; and 2 larger sizes) @ Share",
                "missing-translation: no ja translation of 'share': iOS shows the en text there; add one @ text",
            ])
        #expect(
            check(text, plan: plan(["en", "ru"]), sizes: [.large, .extraLarge, .accessibilityLarge]) == [
                "truncates: truncates in en at .extraLarge: \"Share with frien…\" (150 pt: width 150; also ru at .accessibilityLarge; and 1 larger size) @ Share"
            ])
        // The development language alone: the wording of a label without locales.
        #expect(
            check(text, plan: plan(["en"]), sizes: [.large, .accessibilityLarge]) == [
                "truncates: truncates at .accessibilityLarge: \"Share w…\" (150 pt: width 150) @ Share"
            ])
        // A string literal is measured once, whatever the locales.
        #expect(
            check("label L {\n    text: \"Share with friends and family\"\n    width: 150\n}\n", plan: plan()) == [
                "truncates: truncates at .large: \"Share with friend…\" (150 pt: width 150) @ L"
            ])
    }

    @Test func clippedNamesTheLocaleToo() {
        let text = "label Share {\n    text: .localized(\"share\")\n    width: 150\n    lineBreakMode: .byClipping\n}\n"
        #expect(
            check(text, plan: plan(["en", "de"])) == [
                "clipped: clipped in de at .large: shows \"Mit Freunden teilen\" (150 pt: width 150) @ Share"
            ])
    }

    @Test func pluralFormsAndMissingTranslations() {
        let text = "label Photos {\n    text: .localized(\"photos\")\n    arguments: [123456789]\n    width: 80\n}\n"
        #expect(
            check(text, plan: plan(["en", "ja", "de"])) == [
                "truncates: truncates in en (other) at .large: \"123456…\" (80 pt: width 80; also de at .large) @ Photos",
                "missing-translation: no de translation of 'photos': iOS shows the en text there; add one @ text",
            ])
    }

    @Test func pseudoLocalesAreMeasuredLikeLocales() {
        let text = "label Photos {\n    text: .localized(\"photos\")\n    arguments: [2]\n    width: 90\n}\n"
        #expect(
            check(text, plan: plan(["en"], pseudo: [.doubleLength, .bounded])) == [
                "truncates: truncates in double-length (other) at .large: \"2 photos…\" (90 pt: width 90; also bounded at .large) @ Photos"
            ])
    }

    @Test func theDiagnosticPointsAtTheKeyInTheCatalog() throws {
        let w = workspace(["a": "label Share {\n    text: .localized(\"share\")\n    width: 150\n}\n"])
        let d = try #require(Checks.diagnostics(of: "a", in: w, measurer: Self.measurer, plan: plan().at([.large])).first)
        #expect(
            d.related == [
                RelatedLocation(
                    document: "/p/Localizable.xcstrings",
                    range: offset(of: "\"share\"", in: Self.catalog)..<(offset(of: "\"share\"", in: Self.catalog) + 7),
                    message: "the de text in the catalog", columns: LineColumns(line: 3, utf8: 4..<11, utf16: 4..<11, scalars: 4..<11))
            ])
    }

    /// A huge text (a 200 KB translation, a long literal without a line limit, a line of
    /// zero-width spaces) makes a hover of kilobytes: 20 lines drawn at most, each cut, the rest counted.
    @Test func aHugeTextMakesASmallHover() throws {
        let huge = String(repeating: "Wort ", count: 40_000)
        let catalog =
            #"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Short"}},"de":{"stringUnit":{"state":"translated","value":""#
            + huge + #""}}}}}}"#
        let p = MeasuringPlan(
            localizations: Localizations(catalogs: [Catalog.read(xcstrings: Array(catalog.utf8), path: "/p/Localizable.xcstrings")]))
        let text =
            "label K {\n    text: .localized(\"k\")\n    width: 150\n    numberOfLines: 0\n}\nlabel L {\n    text: \"\(huge)\"\n    width: 150\n    numberOfLines: 0\n}\nlabel Z {\n    text: \"\(String(repeating: "\u{200B}", count: 60_000))\"\n    width: 150\n}\n"
        let w = workspace(["a": text])
        w.localizations = p.localizations
        let doc = w.documents["a"]!
        let k = try #require(Hover.content(at: 7, in: doc, workspace: w, measurer: Self.measurer, plan: p.at([.large]).on([])).markdown())
        #expect(k.utf8.count < 20_000, "\(k.utf8.count) bytes")
        let l = try #require(
            Hover.content(at: offset(of: "label L", in: text, plus: 6), in: doc, workspace: w, measurer: Self.measurer, plan: .plain())
                .markdown())
        #expect(l.utf8.count < 20_000, "\(l.utf8.count) bytes")
        #expect(l.contains("more lines not drawn"))
        let z = try #require(
            Hover.content(at: offset(of: "label Z", in: text, plus: 6), in: doc, workspace: w, measurer: Self.measurer, plan: .plain())
                .markdown())
        #expect(z.utf8.count < 20_000, "\(z.utf8.count) bytes")
    }

    /// Every size configured: the hover opens at `.large` (not `.extraSmall`, the first) and its
    /// table has the sizes as rows, so that it reads in a hover's width (issue 24).
    @Test func aHoverOverEverySizeOpensAtLargeWithSizesAsRows() {
        let text = "label Share {\n    text: .localized(\"share\")\n    width: 150\n}\n"
        let w = workspace(["a": text])
        w.localizations = plan().localizations
        let doc = w.documents["a"]!
        let md =
            Hover.content(
                at: 7, in: doc, workspace: w, measurer: Self.measurer, plan: plan().at(ContentSizeCategory.allCases).on([])
            ).markdown() ?? ""
        #expect(md.hasPrefix("**Share** in en at .large — 1 line · 17 pt\n"))
        let table = md.split(separator: "\n").filter { $0.hasPrefix("|") }.map(String.init)
        #expect(table.first == "| | en | de | fr | ja (no translation) | ru |")
        #expect(
            table.dropFirst(2).map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
                == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(table[5] == "| L | fits | truncated | truncated | fits | fits |")
        // A literal text: the same opening size, and its table of every size (all 12 rows).
        let literal = "label Plain {\n    text: \"Share with friends\"\n    width: 150\n}\n"
        let lw = workspace(["b": literal])
        let plain =
            Hover.content(at: 7, in: lw.documents["b"]!, workspace: lw, measurer: Self.measurer, plan: .plain(ContentSizeCategory.allCases))
            .markdown() ?? ""
        #expect(plain.hasPrefix("**Plain** at .large — 1 line · 17 pt\n"))
        #expect(plain.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| size") }.count == 12)
        // Without .large configured: the first size at which it is cut.
        let other =
            Hover.content(
                at: 7, in: doc, workspace: w, measurer: Self.measurer, plan: plan().at([.small, .extraExtraExtraLarge]).on([])
            ).markdown() ?? ""
        #expect(other.hasPrefix("**Share** in en at .extraExtraExtraLarge — 1 line · truncated"))
    }

    /// A localized label's hover: the development language at the first size, the worst case
    /// drawn, and the locale × size table of `measure --matrix`.
    @Test func hoverDrawsTheWorstCaseAndTheMatrix() {
        let text = "label Share {\n    text: .localized(\"share\")\n    width: 150\n}\n"
        let w = workspace(["a": text])
        w.localizations = plan().localizations
        let doc = w.documents["a"]!
        let content = Hover.content(
            at: 7, in: doc, workspace: w, measurer: Self.measurer, plan: plan().at([.large, .extraExtraExtraLarge]).on([]))
        #expect(
            content.markdown() == """
                **Share** in en at .large — 1 line · 17 pt

                ```text
                ┌────────────────────┐
                │Share with friends  │
                └────────────────────┘
                ```

                Worst: **de at .large** — 1 line · truncated · 17 pt

                ```text
                ┌───────────────────┐
                │Mit Freunden teil… │
                └───────────────────┘
                ```

                | | .large | .extraExtraExtraLarge |
                |---|---|---|
                | en | fits | truncated |
                | de | truncated | truncated |
                | fr | truncated | truncated |
                | ja (no translation) | fits | truncated |
                | ru | fits | fits |

                Width: 150 pt (width 150)

                Contrast .label on .systemBackground (WCAG AA 4.5:1): light 21.00:1 · dark 21.00:1 · light, increased contrast 21.00:1 · dark, increased contrast 21.00:1

                Measured with Inter and Inter Display for SF Pro (stand-ins: docs/measurement.md, "Stand-ins")

                """)
        // Without a plan (or for a string literal): the table over every size, as before.
        let plain = Hover.content(at: 7, in: doc, workspace: w, measurer: Self.measurer, plan: .plain()).markdown() ?? ""
        #expect(plain.hasPrefix("**Share** at .large — 1 line · 17 pt") && plain.contains("| AX5 |"))
    }

    /// With iOS's Bold Text measured besides (`boldText: "both"`, issue 39 point 3), the table
    /// has a Bold Text column beside each size's, its rows the texts; with it on alone, each row
    /// says it; a custom family, which Bold Text leaves alone, has no such column.
    @Test func hoverTablesAddABoldTextColumn() {
        let text = "label Share {\n    text: .localized(\"share\")\n    width: 140\n}\n"
        let w = workspace(["a": text])
        w.localizations = plan().localizations
        let doc = w.documents["a"]!
        func table(_ mode: Configuration.BoldText, _ doc: Workspace.Document) -> String {
            let hover =
                Hover.content(
                    at: 7, in: doc, workspace: w, measurer: Self.measurer,
                    plan: plan().at([.large, .extraExtraExtraLarge]).on([]).withBoldText(mode)
                ).markdown() ?? ""
            return hover.split(separator: "\n").filter { $0.hasPrefix("|") }.joined(separator: "\n")
        }
        #expect(
            table(.both, doc) == """
                | | .large | .large (Bold Text) | .extraExtraExtraLarge | .extraExtraExtraLarge (Bold Text) |
                |---|---|---|---|---|
                | en | fits | truncated | truncated | truncated |
                | de | truncated | truncated | truncated | truncated |
                | fr | truncated | truncated | truncated | truncated |
                | ja (no translation) | fits | truncated | truncated | truncated |
                | ru | fits | fits | fits | fits |
                """)
        #expect(table(.on, doc).contains("| en (Bold Text) | truncated | truncated |"))
        #expect(!table(.on, doc).contains("| en | "))
        let custom = workspace([
            "b":
                "label Share {\n    text: .localized(\"share\")\n    font: .custom(\"Inter\", size: 17, relativeTo: .body)\n    width: 150\n}\n"
        ])
        custom.localizations = plan().localizations
        let customTable =
            Hover.content(
                at: 7, in: custom.documents["b"]!, workspace: custom, measurer: Self.measurer,
                plan: plan().at([.large]).on([]).withBoldText(.both)
            ).markdown() ?? ""
        #expect(customTable.contains("| | .large |\n") && !customTable.contains("Bold Text"))
    }

    /// The inlay hint of a label whose development-language text fits names the worst locale.
    @Test func inlayHintNamesTheWorstLocale() {
        let text =
            "label Share {\n    text: .localized(\"share\")\n    width: 150\n}\nlabel Short {\n    text: .localized(\"share\")\n    width: 400\n}\n"
        let w = workspace(["a": text])
        w.localizations = plan().localizations
        let doc = w.documents["a"]!
        let hints = InlayHints.hints(
            in: doc, range: 0..<text.utf8.count, workspace: w, measurer: Self.measurer, plan: plan().at([.large]).on([]))
        #expect(hints.map(\.label) == ["1 line · truncated in de +1", "1 line"])
        let ru = InlayHints.hints(
            in: doc, range: 0..<text.utf8.count, workspace: w, measurer: Self.measurer, plan: plan(["en", "ru"]).at([.large]).on([]))
        #expect(ru.map(\.label) == ["1 line", "1 line"])
    }

    /// A document with more layouts than one batch: those of the first batches are laid out on
    /// other threads while the snapshot is still being read (`prefetch`), and every diagnostic
    /// is the same as when each batch is laid out after the snapshot, in the same order.
    @Test func layoutsStartedDuringTheSnapshotGiveTheSameDiagnostics() {
        var text = "style Narrow { width: 70\n numberOfLines: 1 }\n"
        for i in 0..<9_000 {
            text +=
                "label L\(i)\(i % 3 == 0 ? ": Narrow" : "") { text: \"Row \(i) of \(i % 7 == 0 ? "a much longer list of things" : "the list")\"; width: \(80 + i % 200) }\n"
        }
        let w = workspace(["a": text])
        let sizes: [ContentSizeCategory] = [.large, .extraExtraExtraLarge]
        let measurer = Measurer()
        let plain = Checks.snapshot(of: "a", in: w, plan: MeasuringPlan().at(sizes))
        let ahead = Checks.snapshot(of: "a", in: w, plan: MeasuringPlan().at(sizes), prefetch: measurer)
        let expected = plain.diagnostics(measurer: Measurer()).map { "\($0.code.rawValue)@\($0.range): \($0.message)" }
        let got = ahead.diagnostics(measurer: measurer).map { "\($0.code.rawValue)@\($0.range): \($0.message)" }
        #expect(ahead.prefetchedBatches == 1 && plain.prefetchedBatches == 0)
        #expect(expected.filter { $0.hasPrefix("truncates") }.count > 3_000)
        #expect(got == expected)
    }
}
