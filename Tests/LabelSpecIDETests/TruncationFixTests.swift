import LabelLocalization
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax
import Testing

/// The quick fixes of `truncates` (issue 35 point 10): allow wrapping, shrink to fit at the
/// largest minimum scale that fits the worst case, or ignore with a comment; each exactly as it
/// edits the text, and none applied by `check --fix`.
@Suite struct TruncationFixTests {
    /// Each fix of the first `truncates` of `text`: its title and the text after it.
    static func fixed(_ text: String) -> [String: String] {
        let w = workspace(["a": text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        guard let d = found.first(where: { $0.code == .truncates }) else { return [:] }
        var out: [String: String] = [:]
        for fix in d.fixes {
            var bytes = Array(text.utf8)
            for e in fix.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                bytes.replaceSubrange(e.range, with: Array(e.newText.utf8))
            }
            out[fix.title] = String(decoding: bytes, as: UTF8.self)
        }
        return out
    }

    static func titles(_ text: String) -> [String] {
        let w = workspace(["a": text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        return found.first(where: { $0.code == .truncates })?.fixes.map(\.title) ?? []
    }

    @Test func uiKitLabelOneMemberALine() {
        let text = """
            label Name {
                text: "Alexandra Fitzgerald-Montgomery"
                width: 180
            }

            """
        #expect(
            Self.titles(text) == [
                "Allow wrapping (numberOfLines: 0)", "Shrink to fit (minimumScaleFactor: 0.6)", "Ignore with // labelspec:ignore truncates",
            ])
        let fixed = Self.fixed(text)
        #expect(
            fixed["Allow wrapping (numberOfLines: 0)"] == """
                label Name {
                    text: "Alexandra Fitzgerald-Montgomery"
                    width: 180
                    numberOfLines: 0
                }

                """)
        #expect(
            fixed["Shrink to fit (minimumScaleFactor: 0.6)"] == """
                label Name {
                    text: "Alexandra Fitzgerald-Montgomery"
                    width: 180
                    adjustsFontSizeToFitWidth: true
                    minimumScaleFactor: 0.6
                }

                """)
        #expect(
            fixed["Ignore with // labelspec:ignore truncates"] == """
                // labelspec:ignore truncates
                label Name {
                    text: "Alexandra Fitzgerald-Montgomery"
                    width: 180
                }

                """)
    }

    @Test func theScaleIsTheLargestThatFitsInTwentieths() {
        // 0.6 fits the worst case; 0.65 does not.
        func truncates(_ scale: String) -> Bool {
            let text =
                "label Name {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n    width: 180\n    adjustsFontSizeToFitWidth: true\n    minimumScaleFactor: \(scale)\n}\n"
            let w = workspace(["a": text])
            return Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large])).contains {
                $0.code == .truncates
            }
        }
        #expect(!truncates("0.6"))
        #expect(truncates("0.65"))
        // A scale in force already: only a smaller one is offered.
        #expect(
            Self.titles(
                "label A { text: \"Alexandra Fitzgerald-Montgomery\"; width: 180; adjustsFontSizeToFitWidth: true; minimumScaleFactor: 0.65 }"
            )
                == [
                    "Allow wrapping (numberOfLines: 0)", "Shrink to fit (minimumScaleFactor: 0.6)",
                    "Ignore with // labelspec:ignore truncates",
                ])
    }

    @Test func oneLineLabelItsOwnMembersReplacedAndAnIgnoreCommentExtended() {
        let text = """
            label Other { text: "a" }
                // labelspec:ignore clipped
                label Inline { text: "Alexandra Fitzgerald-Montgomery"; width: 180; numberOfLines: 1; minimumScaleFactor: 0.9 }

            """
        let fixed = Self.fixed(text)
        #expect(
            fixed["Allow wrapping (numberOfLines: 0)"] == """
                label Other { text: "a" }
                    // labelspec:ignore clipped
                    label Inline { text: "Alexandra Fitzgerald-Montgomery"; width: 180; numberOfLines: 0; minimumScaleFactor: 0.9 }

                """)
        #expect(
            fixed["Shrink to fit (minimumScaleFactor: 0.6)"] == """
                label Other { text: "a" }
                    // labelspec:ignore clipped
                    label Inline { text: "Alexandra Fitzgerald-Montgomery"; width: 180; numberOfLines: 1; minimumScaleFactor: 0.6; adjustsFontSizeToFitWidth: true }

                """)
        #expect(
            fixed["Ignore with // labelspec:ignore truncates"] == """
                label Other { text: "a" }
                    // labelspec:ignore clipped, truncates
                    label Inline { text: "Alexandra Fitzgerald-Montgomery"; width: 180; numberOfLines: 1; minimumScaleFactor: 0.9 }

                """)
    }

    @Test func indentedLabelGetsItsCommentIndented() {
        let text = "label Other { text: \"a\" }\n\n  label B {\n      text: \"Alexandra Fitzgerald-Montgomery\"; width: 180;\n  }\n"
        let fixed = Self.fixed(text)
        #expect(
            fixed["Ignore with // labelspec:ignore truncates"]
                == "label Other { text: \"a\" }\n\n  // labelspec:ignore truncates\n  label B {\n      text: \"Alexandra Fitzgerald-Montgomery\"; width: 180;\n  }\n"
        )
        #expect(
            fixed["Allow wrapping (numberOfLines: 0)"]
                == "label Other { text: \"a\" }\n\n  label B {\n      text: \"Alexandra Fitzgerald-Montgomery\"; width: 180; numberOfLines: 0;\n  }\n"
        )
    }

    @Test func swiftUILabelLosesItsLineLimit() {
        let text = """
            label Swift {
                framework: .swiftUI
                text: "Alexandra Fitzgerald-Montgomery"
                lineLimit: 1
                width: 180
            }

            """
        let fixed = Self.fixed(text)
        #expect(
            fixed.keys.sorted() == [
                "Allow wrapping (remove lineLimit)", "Ignore with // labelspec:ignore truncates", "Shrink to fit (minimumScaleFactor: 0.6)",
            ])
        #expect(
            fixed["Allow wrapping (remove lineLimit)"] == """
                label Swift {
                    framework: .swiftUI
                    text: "Alexandra Fitzgerald-Montgomery"
                    width: 180
                }

                """)
        #expect(
            fixed["Shrink to fit (minimumScaleFactor: 0.6)"] == """
                label Swift {
                    framework: .swiftUI
                    text: "Alexandra Fitzgerald-Montgomery"
                    lineLimit: 1
                    width: 180
                    minimumScaleFactor: 0.6
                }

                """)
    }

    @Test func onlyWhatFitsTheWorstCaseIsOffered() {
        // The height holds one line: more lines would be clipped, so no wrapping; a style's
        // lineLimit cannot be removed from the label.
        #expect(
            Self.titles("label A { text: \"Alexandra Fitzgerald-Montgomery\"; width: 180; height: 21 }") == [
                "Shrink to fit (minimumScaleFactor: 0.6)", "Ignore with // labelspec:ignore truncates",
            ])
        #expect(
            Self.titles("style S { lineLimit: 1 }\nlabel A: S { text: \"Alexandra Fitzgerald-Montgomery\"; width: 180 }") == [
                "Shrink to fit (minimumScaleFactor: 0.6)", "Ignore with // labelspec:ignore truncates",
            ])
        // Even half the size does not fit in 40 pt: no shrinking.
        #expect(
            Self.titles("label A { text: \"Alexandra Fitzgerald-Montgomery\"; width: 40 }") == [
                "Allow wrapping (numberOfLines: 0)", "Ignore with // labelspec:ignore truncates",
            ])
    }

    @Test func checkFixAppliesNoneEvenALoneOne() {
        // Only the ignore comment is left (the height holds one line, nothing shrinks enough): it
        // is still not applied, not even as unsafe.
        let text = "label A { text: \"Alexandra Fitzgerald-Montgomery\"; width: 40; height: 21 }\n"
        let w = workspace(["a": text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        #expect(found.first { $0.code == .truncates }?.fixes.map(\.title) == ["Ignore with // labelspec:ignore truncates"])
        let applied = CodeActions.applyAll(found, to: Array(text.utf8), unsafe: true)
        #expect(applied.applied.isEmpty)
        #expect(DiagnosticCode.truncates.descriptor.fix == .editor)
        // Nor marked preferred in the editor.
        #expect(CodeActions.actions(for: 0..<text.utf8.count, diagnostics: found).map(\.isPreferred) == [false])
    }

    @Test func theKeptFixFollowsAnEditAboveTheLabel() {
        // The label's measured diagnostics are kept while it does not change; its ignore comment
        // depends on the line above it, which an edit there changes.
        let text = "label Other { text: \"a\" }\nlabel Name { text: \"Alexandra Fitzgerald-Montgomery\"; width: 180 }\n"
        let w = workspace(["a": text])
        let cache = DiagnosticsCache()
        func ignoreEdit() -> String? {
            Checks.snapshot(of: "a", in: w, plan: MeasuringPlan().at([.large]), cache: cache).diagnostics(measurer: Measurer())
                .first { $0.code == .truncates }?.fixes.last?.edits.first?.newText
        }
        #expect(ignoreEdit() == "// labelspec:ignore truncates\n")
        let at = offset(of: "label Name", in: text)
        _ = w.edit(id: "a", TextEdit(range: at..<at, replacement: Array("// labelspec:ignore clipped\n".utf8)))
        #expect(ignoreEdit() == ", truncates")
        _ = w.edit(id: "a", TextEdit(range: at..<(at + 28), replacement: Array("\t".utf8)))
        #expect(ignoreEdit() == "// labelspec:ignore truncates\n\t")
    }

    @Test func aTextTooLongToMeasureWholeGetsTheCommentAlone() {
        // Past 4,096 bytes what the label can show was cut before measuring: no other layout
        // of it says whether wrapping or shrinking would fit.
        let long = String(repeating: "Alexandra Fitzgerald-Montgomery ", count: 200)
        #expect(Self.titles("label A { text: \"\(long)\"; width: 180 }") == ["Ignore with // labelspec:ignore truncates"])
    }

    @Test func aLongLineAboveIsReadAsFarAsItNeeds() {
        // An ignore comment far from its line's start (read in a wider window) is extended; one
        // on a line far longer than 4,096 bytes is not read: the comment gets a line of its own.
        func ignore(_ above: String) -> String? {
            let w = workspace([
                "a": "label Other { text: \"a\" }\n\(above)\nlabel B { text: \"Alexandra Fitzgerald-Montgomery\"; width: 180 }\n"
            ])
            return Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
                .first { $0.code == .truncates }?.fixes.last?.edits.first?.newText
        }
        #expect(ignore(String(repeating: " ", count: 1000) + "// labelspec:ignore clipped") == ", truncates")
        #expect(ignore(String(repeating: " ", count: 20000) + "// labelspec:ignore clipped") == "// labelspec:ignore truncates\n")
        #expect(ignore("// labelspec:ignore clipped " + String(repeating: "clipped ", count: 400)) == ", truncates")
    }

    @Test func windowsLineBreaksAreKept() {
        let text = "label Other { text: \"a\" }\r\nlabel Name {\r\n    text: \"Alexandra Fitzgerald-Montgomery\"\r\n    width: 180\r\n}\r\n"
        let fixed = Self.fixed(text)
        #expect(
            fixed["Allow wrapping (numberOfLines: 0)"]
                == "label Other { text: \"a\" }\r\nlabel Name {\r\n    text: \"Alexandra Fitzgerald-Montgomery\"\r\n    width: 180\r\n    numberOfLines: 0\r\n}\r\n"
        )
        #expect(
            fixed["Ignore with // labelspec:ignore truncates"]
                == "label Other { text: \"a\" }\r\n// labelspec:ignore truncates\r\nlabel Name {\r\n    text: \"Alexandra Fitzgerald-Montgomery\"\r\n    width: 180\r\n}\r\n"
        )
    }
}
