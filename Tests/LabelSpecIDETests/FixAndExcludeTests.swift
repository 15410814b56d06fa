import LabelLocalization
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import Testing

/// What `check --fix` and `exclude` rest on in the IDE layer: the safety of each fix, applying
/// fixes together, and the glob matching of `exclude`.
@Suite struct FixAndExcludeTests {
    @Test func safeFixesAreThoseThatChangeNothingThatRenders() {
        let safe = DiagnosticCode.allCases.filter { $0.descriptor.fix == .safe }.map(\.rawValue).sorted()
        #expect(safe == ["duplicate", "no-effect", "style-after-eraser"])
    }

    static let text = """
        label A {
            text: "a"
            framework: .uiKit
            labelStyle: [.titleOnly, .shadow, .iconOnly]
            minimumScaleFactor: 0.5
            width: 10
            width: 300
            numberOfLines: -1
        }

        """

    static func diagnostics(_ text: String) -> [Diagnostic] {
        let w = workspace(["a": text])
        return Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
    }

    @Test func applyAllTakesSafeFixesOnceEach() {
        let found = Self.diagnostics(Self.text)
        let (bytes, applied) = CodeActions.applyAll(found, to: Array(Self.text.utf8), unsafe: false)
        // The two dead label styles share one removal: applied once, both fixed.
        #expect(
            applied.map { "\($0.diagnostic.code.rawValue): \($0.fix.title)" } == [
                "style-after-eraser: Remove the styles after '.titleOnly'",
                "style-after-eraser: Remove the styles after '.titleOnly'",
                "no-effect: Remove 'minimumScaleFactor'",
                "duplicate: Remove the earlier 'width'",
            ])
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                label A {
                    text: "a"
                    framework: .uiKit
                    labelStyle: [.titleOnly]
                    width: 300
                    numberOfLines: -1
                }

                """)
        let all = CodeActions.applyAll(found, to: Array(Self.text.utf8), unsafe: true)
        #expect(all.applied.map(\.diagnostic.code.rawValue).last == "invalid-number")
        #expect(String(decoding: all.bytes, as: UTF8.self).contains("    numberOfLines: 0\n"))
    }

    @Test func overlappingFixesWaitForTheNextRound() {
        // Two fixes on one range: the first in position order is taken, the other is not.
        let a = Diagnostic(.noEffect, "a", at: 0..<3, fixes: [Fix(title: "A", edits: [Replacement(range: 0..<3, newText: "")])])
        let b = Diagnostic(.noEffect, "b", at: 1..<2, fixes: [Fix(title: "B", edits: [Replacement(range: 1..<2, newText: "x")])])
        let (bytes, applied) = CodeActions.applyAll([b, a], to: Array("abcdef".utf8), unsafe: false)
        #expect(applied.map(\.fix.title) == ["A"])
        #expect(String(decoding: bytes, as: UTF8.self) == "def")
    }

    @Test func excludeGlobs() {
        let patterns = ExcludePatterns(
            ["Generated", "Drafts/**", "*.draft.labelspec", "./UI/**/Legacy/", "a?c/[xy].labelspec"], base: "/p")
        let excluded = [
            "/p/Generated/a.labelspec", "/p/UI/Generated/deep/b.labelspec", "/p/Drafts/a.labelspec", "/p/Drafts/x/y/z.labelspec",
            "/p/UI/b.draft.labelspec", "/p/UI/Legacy/a.labelspec", "/p/UI/x/y/Legacy/q/a.labelspec", "/p/abc/x.labelspec",
        ]
        let kept = [
            "/p/UI/a.labelspec", "/p/GeneratedNot/a.labelspec", "/p/UI/Drafts/a.labelspec", "/p/Legacy/a.labelspec",
            "/p/abc/z.labelspec", "/other/Generated/a.labelspec", "/p/UI/draft.labelspec",
        ]
        #expect(excluded.filter { !patterns.excludes($0) } == [])
        #expect(kept.filter { patterns.excludes($0) } == [])
        #expect(ExcludePatterns.problem(with: "") == "an exclude pattern must not be empty")
        #expect(ExcludePatterns.problem(with: "/x") == "exclude pattern '/x' must be relative to the folder of labelspec.json")
        #expect(ExcludePatterns.problem(with: "a/../b") == "exclude pattern 'a/../b' must not climb out of its folder ('..')")
        #expect(ExcludePatterns.problem(with: "**/*.labelspec") == nil)
    }

    /// `**` is matched in one pass: twelve of them against a path of twenty components used to
    /// try every way to split it (n^k).
    @Test func manyDoubleStarsMatchInOnePass() {
        let deep = "/p/" + Array(repeating: "d", count: 20).joined(separator: "/") + "/a.labelspec"
        let stars = Array(repeating: "**", count: 12).joined(separator: "/")
        #expect(!ExcludePatterns([stars + "/nomatch"], base: "/p").excludes(deep))
        #expect(ExcludePatterns([stars + "/d"], base: "/p").excludes(deep))
        #expect(ExcludePatterns([stars + "/a.labelspec"], base: "/p").excludes(deep))
        #expect(ExcludePatterns(["**"], base: "/p").excludes(deep))
        #expect(ExcludePatterns(["d/**/d/d/**/a.labelspec"], base: "/p").excludes(deep))
        #expect(!ExcludePatterns(["d/**/e/**"], base: "/p").excludes(deep))
        #expect(!ExcludePatterns(["**/d/a"], base: "/p").excludes(deep))
    }

    @Test func excludeInLabelspecJSONIsValidatedWhereItIs() {
        let text = "{ \"exclude\": [\"ok/**\", \"\", \"/abs\"] }"
        let file = ConfigurationFile(path: "/p/labelspec.json", text: Array(text.utf8))
        #expect(
            file.diagnostics.map { "\(slice(text, $0.range)): \($0.message)" } == [
                "\"\": an exclude pattern must not be empty",
                "\"/abs\": exclude pattern '/abs' must be relative to the folder of labelspec.json",
            ])
        #expect(file.configuration.exclude == [])
        let good = ConfigurationFile(path: "/p/labelspec.json", text: Array("{ \"exclude\": [\"Drafts/**\"] }".utf8))
        #expect(good.diagnostics.isEmpty)
        #expect(good.excludePatterns.excludes("/p/Drafts/a.labelspec"))
        #expect(!good.excludePatterns.excludes("/q/Drafts/a.labelspec"))
    }
}
