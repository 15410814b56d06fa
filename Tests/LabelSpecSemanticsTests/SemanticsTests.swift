import Foundation
import LabelSpecSemantics
import LabelSpecSyntax
import TestSupport
import Testing

@Suite struct SemanticsTests {
    func diagnostics(_ text: String) -> [Diagnostic] {
        let ws = Workspace()
        ws.open(id: "t", text: Array(text.utf8))
        return ws.diagnostics(for: "t")
    }

    func codes(_ text: String) -> [String] { diagnostics(text).map(\.code.rawValue) }

    /// `.localized(key, table:, defaultValue:)` in that order; anything else after the key is a
    /// type-mismatch naming the argument (issue 24).
    @Test func localizedTakesATableThenADefaultValue() {
        #expect(codes(#"label A { text: .localized("k", table: "T", defaultValue: "Hello") }"#) == [])
        #expect(codes(#"label A { text: .localized("k", defaultValue: "Hello") }"#) == [])
        let wrongOrder = diagnostics(#"label A { text: .localized("k", defaultValue: "x", table: "T") }"#)
        #expect(
            wrongOrder.map(\.message) == [
                #"'text' expects a string or .localized("key"), not argument 'table'; only table: "Name" and then defaultValue: "text" may follow the key"#
            ])
        #expect(codes(#"label A { text: .localized("k", defaultValue: "x", defaultValue: "y") }"#) == ["type-mismatch"])
    }

    /// Applies the first fix of the first diagnostic with `code` and returns the new text.
    func applyingFix(_ code: DiagnosticCode, to text: String) -> String? {
        guard let fix = diagnostics(text).first(where: { $0.code == code })?.fixes.first else { return nil }
        var bytes = Array(text.utf8)
        for edit in fix.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lookup layout inputs use (one property at a time) gives the effective map's values, for
    /// every item and property of the examples: several parents, overrides, cycles, unknown
    /// styles, labels named as parents.
    @Test func effectiveValuesAgreeWithTheEffectiveMap() throws {
        let ws = Workspace()
        let examples = CLIExamples.files
        #expect(examples.count > 3)
        for (i, text) in examples.enumerated() { ws.open(id: "f\(i)", text: text) }
        ws.open(
            id: "extra",
            text: Array(
                ("style A: B { font: .body; width: 1 }\nstyle B: A { width: 2 }\nstyle C { numberOfLines: 3 }\n"
                    + "style D: C { numberOfLines: 4; textColor: .label }\nlabel L: C, D, A, Nope { text: \"x\" }\nlabel M: L { text: \"y\" }\n")
                    .utf8))
        var compared = 0
        for doc in ws.documents.values {
            for (info, _) in doc.orderedItems {
                let map = ws.effectiveProperties(of: info)
                let values = ws.effectiveValues(of: info)
                for id in PropertyID.allCases {
                    #expect(values[id] == map[id]?.assignment.typed, "\(info.name ?? "?") \(id)")
                    if map[id] != nil { compared += 1 }
                }
            }
        }
        #expect(compared > 300)
    }

    /// "Remove the property" fixes take the member, its separator (blanks before it too) and, when
    /// the member stands alone on its line, the line.
    @Test func removalFixesLeaveNoStraySeparatorOrLine() {
        #expect(
            applyingFix(.noEffect, to: "label L { text: \"x\"; minimumScaleFactor: 0.5; width: 9 }")
                == "label L { text: \"x\"; width: 9 }")
        #expect(
            applyingFix(.noEffect, to: "label L { text: \"x\"; minimumScaleFactor: 0.5 ; width: 9 }")
                == "label L { text: \"x\"; width: 9 }")
        #expect(
            applyingFix(.noEffect, to: "label L {\n    text: \"x\"\n    minimumScaleFactor: 0.5\n    width: 9\n}\n")
                == "label L {\n    text: \"x\"\n    width: 9\n}\n")
        // Far more blanks than an assignment records: what stays is spacing only.
        let blanks = String(repeating: " ", count: 70_000)
        let fixed = applyingFix(
            .noEffect, to: "label L {\n    text: \"x\"\n" + blanks + "minimumScaleFactor: 0.5;" + blanks + "\n    width: 9\n}\n")
        // 65,535 blanks go on each side (with the separator); 4,465 + 4,466 stay, then the line break.
        #expect(fixed == "label L {\n    text: \"x\"\n" + String(repeating: " ", count: 4_465 + 4_466) + "\n    width: 9\n}\n")
        #expect(fixed.map { diagnostics($0).isEmpty } == true)
    }

    /// Diagnostics about an item point at its name; an item without one is pointed at by its
    /// keyword. The own assignments read back in order, each under its property.
    @Test func nameRangesAndOwnAssignmentsReadBackFromTheItem() {
        let text = "style S { font: .body }\nlabel Big: S { text: \"x\"; width: 3; text: \"y\" }\n  label { width: 2 }\n"
        let ws = Workspace()
        ws.open(id: "t", text: Array(text.utf8))
        let items = ws.documents["t"]!.orderedItems
        let bytes = Array(text.utf8)
        func name(_ i: Int) -> String {
            let (info, offset) = items[i]
            return String(decoding: bytes[(offset + info.nameRange.lowerBound)..<(offset + info.nameRange.upperBound)], as: UTF8.self)
        }
        #expect(items.count == 3)
        #expect([name(0), name(1), name(2)] == ["S", "Big", "label"])
        let own = items[1].info.own
        #expect(own.count == 2)
        #expect(own.map(\.id) == [.text, .width])
        #expect(own[.text]?.typed == .text("y"))
        #expect(own["width"]?.typed == .number(3))
        #expect(own[.font] == nil && !own.isEmpty && items[2].info.own.count == 1)
        // The unnamed label's missing text is reported at its keyword.
        let missing = ws.diagnostics(for: "t").first { $0.code == .missingText }
        #expect(missing.map { String(decoding: bytes[$0.range], as: UTF8.self) } == "label")
    }

    /// An item keeps at most one assignment per known property, however many members it has:
    /// every property set twice fills its room exactly.
    @Test func everyPropertySetTwiceKeepsOneAssignmentEach() {
        let members = (Properties.all.map { "\($0.name): 1" } + Properties.all.map { "\($0.name): 2" }).joined(separator: "\n    ")
        let ws = Workspace()
        ws.open(id: "t", text: Array("label L {\n    \(members)\n}\n".utf8))
        let own = ws.documents["t"]!.orderedItems[0].info.own
        #expect(own.count == PropertyID.allCases.count)
        #expect(own.map(\.id) == PropertyID.allCases)
        #expect(ws.diagnostics(for: "t").filter { $0.code == .duplicate }.count == PropertyID.allCases.count)
    }

    @Test func propertyIDsFollowTheTable() {
        #expect(PropertyID.allCases.map { String(describing: $0) } == Properties.all.map(\.name))
        #expect(PropertyID(name: "minimumScaleFactor") == .minimumScaleFactor)
        #expect(PropertyID(name: "widht") == nil)
    }

    @Test func inheritanceLaterParentsWinOwnMembersWinOverAll() {
        let ws = Workspace()
        ws.open(
            id: "t",
            text: Array(
                """
                style A { font: .body; width: 10 }
                style B { font: .title1; numberOfLines: 2 }
                label L: A, B { text: "x"; numberOfLines: 3 }
                """.utf8))
        let label = ws.documents["t"]!.orderedItems[2].info
        let e = ws.effectiveProperties(of: label)
        #expect(e["font"]?.assignment.typed == .font(.textStyle(.title1)))
        #expect(e["width"]?.assignment.typed == .number(10))
        #expect(e["numberOfLines"]?.assignment.typed == .integer(3))
        #expect(e["numberOfLines"]?.owner === label)
    }

    @Test func conflictThroughInheritancePointsAtTheLabel() {
        let d = diagnostics(
            """
            style Shrink { adjustsFontSizeToFitWidth: true }
            label L: Shrink {
                text: "x"
                numberOfLines: 0
                lineBreakMode: .byWordWrapping
            }
            """)
        #expect(d.map(\.code) == [.wrapAutoshrinkConflict])
        #expect(
            d[0].message
                == "'.byWordWrapping' with numberOfLines 0 and autoshrink: autoshrink scales text without adding line breaks; use numberOfLines: 1 or a truncating lineBreakMode"
        )
    }

    @Test func noEffectFromAStyleNamesTheStyle() {
        let d = diagnostics("style S { shadowOffset: (0, 1) }\nlabel L: S { text: \"x\" }")
        #expect(d.map(\.message) == ["'shadowOffset' has no effect without shadowColor; remove it or set a shadowColor (set by style 'S')"])
        #expect(d[0].fixes.isEmpty)
    }

    @Test func unknownPropertyFixRenames() {
        #expect(applyingFix(.unknownProperty, to: "label L { text: \"x\"; widht: 3 }") == "label L { text: \"x\"; width: 3 }")
    }

    @Test func duplicatePropertyFixRemovesTheEarlierLine() {
        let text = "label L {\n    text: \"x\"\n    font: .body\n    font: .title1\n}\n"
        #expect(applyingFix(.duplicate, to: text) == "label L {\n    text: \"x\"\n    font: .title1\n}\n")
    }

    @Test func scaleFactorFixClamps() {
        let text = "label L { text: \"x\"; adjustsFontSizeToFitWidth: true; minimumScaleFactor: 2 }"
        #expect(
            applyingFix(.invalidScaleFactor, to: text) == "label L { text: \"x\"; adjustsFontSizeToFitWidth: true; minimumScaleFactor: 1 }")
        let zero = "label L { text: \"x\"; adjustsFontSizeToFitWidth: true; minimumScaleFactor: 0 }"
        #expect(
            applyingFix(.invalidScaleFactor, to: zero)
                == "label L { text: \"x\"; adjustsFontSizeToFitWidth: true; minimumScaleFactor: 0.5 }")
    }

    @Test func deprecatedMinimumFontSizeBecomesAScaleFactorOfTheEffectiveFont() {
        let text = "style Big { font: .title1 }\nlabel L: Big { text: \"x\"; minimumFontSize: 14 }"
        #expect(applyingFix(.deprecated, to: text) == "style Big { font: .title1 }\nlabel L: Big { text: \"x\"; minimumScaleFactor: 0.5 }")
    }

    @Test func eraserFixRemovesTheDeadStyles() {
        let text = "label L { text: \"x\"; labelStyle: [.shadow, .titleOnly, .tinted, .glow] }"
        let d = diagnostics(text)
        #expect(d.map(\.code) == [.styleAfterEraser, .styleAfterEraser])
        #expect(applyingFix(.styleAfterEraser, to: text) == "label L { text: \"x\"; labelStyle: [.shadow, .titleOnly] }")
    }

    @Test func cyclesAreReportedOnceAndDoNotHang() {
        #expect(codes("style A: B {}\nstyle B: C {}\nstyle C: A {}\nlabel L: A { text: \"x\" }") == ["style-cycle"])
        #expect(codes("style A: A {}") == ["style-cycle"])
    }

    @Test func noCycleRunsThroughALabel() {
        // S names the label X as a parent: that is the error; nothing inherits from X, so the
        // chain X → P → S → X closes no cycle.
        #expect(codes("label X: P { text: \"x\" }\nstyle P: S { font: .body }\nstyle S: X { font: .body }") == ["unknown-style"])
    }

    @Test func valuesAreCheckedEvenWhenASeparatorIsMissing() {
        #expect(codes("label L { text: \"x\"; width: -5 height: 3 }") == ["invalid-number", "syntax"])
        #expect(
            diagnostics("label L { text: \"x\"; font: .body; font: .title1 }").first?.message
                == "'font' is set again later on this line; this earlier value has no effect, remove it")
    }

    @Test func typeErrorsSuggestTheNearestCase() {
        let d = diagnostics("label L { text: \"x\"; textColor: .secondaryLable }")
        #expect(
            d.map(\.message) == [
                "'textColor' expects a system colour or a hex colour, not '.secondaryLable'; did you mean '.secondaryLabel'?"
            ])
    }

    @Test func stringEscapesAndMultilineStrings() {
        let ws = Workspace()
        ws.open(
            id: "t",
            text: Array(
                "label L {\n    text: \"\"\"\n        One\n          Two \\u{1F600}\n        \"\"\"\n}\nlabel M { text: \"a\\qb\" }".utf8))
        let label = ws.documents["t"]!.orderedItems[0].info
        #expect(label.own["text"]?.typed == .text("One\n  Two 😀"))
        #expect(ws.diagnostics(for: "t").map(\.message) == ["invalid escape '\\q' in string: use \\n, \\t, \\\", \\\\ or \\u{…}"])
    }

    @Test func escapesDecodeAndInvalidBytesAroundThemAreRepaired() {
        let ws = Workspace()
        // q \" \\ \t \u{E9} é \0 \' then an invalid byte right before an escape, and one at the end.
        var bytes = Array("label N { text: \"q\\\"\\\\\\t\\u{E9}é\\0\\'".utf8)
        bytes += [0xC3] + Array("\\nz".utf8) + [0xE2, 0x82] + Array("\" }".utf8)
        ws.open(id: "t", text: bytes)
        let label = ws.documents["t"]!.orderedItems[0].info
        #expect(label.own["text"]?.typed == .text("q\"\\\téé\0'\u{FFFD}\nz\u{FFFD}"))
    }

    /// Incremental analysis must agree with analysing the edited text from scratch.
    @Test func incrementalDiagnosticsEqualFreshOnes() {
        var rng = SplitMix64(seed: 11)
        let pieces = [
            "style S { font: .body }\n", "style T: S { adjustsFontSizeToFitWidth: true }\n",
            "label A: T { text: \"a\"; numberOfLines: 0; lineBreakMode: .byWordWrapping }\n",
            "label B: S { minimumScaleFactor: 0.5 }\n", "style S { font: .title1 }\n", "label C: Nope { text: \"c\" }\n",
            "style U: V {}\nstyle V: U {}\n", "label D: U { text: \"d\" }\n",
        ]
        let snippets = ["S", "T", "U", "V", "label", " ", "\n", "}", "{", ": S", "text: \"z\"", "x", ";", "style Nope {}\n"]
        for _ in 0..<1_500 {
            var text = ""
            for _ in 0..<5 { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let ws = Workspace()
            ws.open(id: "t", text: Array(text.utf8))
            _ = ws.diagnostics(for: "t")
            for _ in 0..<3 {
                let source = ws.documents["t"]!.syntax.source
                let a = Int(rng.next() % UInt64(source.count + 1))
                let b = min(source.count, a + Int(rng.next() % 6))
                let snippet = snippets[Int(rng.next() % UInt64(snippets.count))]
                ws.edit(id: "t", TextEdit(range: a..<b, text: snippet))
                let incremental = ws.diagnostics(for: "t")
                let fresh = Workspace()
                let newText = ws.documents["t"]!.syntax.source.allBytes
                fresh.open(id: "t", text: newText)
                let expected = fresh.diagnostics(for: "t")
                if incremental != expected {
                    Issue.record(
                        "differs after edit: \(String(decoding: newText, as: UTF8.self).debugDescription)\n\(incremental.map(\.message))\n\(expected.map(\.message))"
                    )
                    return
                }
            }
        }
    }

    @Test func editInsideOneLabelReanalysesOnlyThatLabel() {
        let text = (0..<50).map { "label L\($0) {\n    text: \"Row \($0)\"\n}\n" }.joined()
        let ws = Workspace()
        ws.open(id: "t", text: Array(text.utf8))
        _ = ws.diagnostics(for: "t")
        let before = ws.documents["t"]!.orderedItems.map(\.info)
        let offset = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array("Row 7".utf8)) }!
        ws.edit(id: "t", TextEdit(range: offset..<offset, text: "Z"))
        let after = ws.documents["t"]!.orderedItems.map(\.info)
        for i in 0..<50 where i != 7 { #expect(after[i] === before[i]) }
        #expect(after[7] !== before[7])
    }
}

/// The shipped examples' texts (Examples/), read from the package.
enum CLIExamples {
    static var files: [[UInt8]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples")
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".labelspec") }
            .sorted()
        return paths.compactMap { FileManager.default.contents(atPath: root.appendingPathComponent($0).path).map { [UInt8]($0) } }
    }
}
