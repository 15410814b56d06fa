import LabelLocalization
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax
import Testing

/// `// labelspec:ignore CODES` in the layer both front ends call (`Checks`), so that `check` and
/// the language server suppress the same findings.
@Suite struct SuppressionTests {
    static let text = """
        label A {  // labelspec:ignore
            text: "a"
            minimumScaleFactor: 0.5
            widht: 1
        }
        label B {
            text: "b"
            // labelspec:ignore no-effect
            minimumScaleFactor: 0.5
            widht: 1  // labelspec:ignore unknown-property, no-effect
            shadowOffset: (1, 1)  // labelspec:ignore duplicate
            baselineAdjustment: .alignCenters  // labelspec:ignored is not a directive
        }
        // labelspec:ignore truncates
        label Long { text: "A very long text that will not fit at all"; width: 40 }
        label Long2 { text: "A very long text that will not fit at all"; width: 40 }  //labelspec:ignore truncates clipped
        label Long3 { text: "A very long text that will not fit at all"; width: 40 }
        /* labelspec:ignore */ label Long4 { text: "A very long text that will not fit at all"; width: 40 }

        """

    /// `line code` of each diagnostic (1-based lines).
    static func lines(_ diagnostics: [Diagnostic], in text: String) -> [String] {
        let bytes = Array(text.utf8)
        return diagnostics.map { d in "\(bytes[..<d.range.lowerBound].filter { $0 == 0x0A }.count + 1) \(d.code.rawValue)" }
    }

    @Test func lineNextLineAndItemSuppression() {
        let w = workspace(["a": Self.text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        // Kept: the code not named on line 11, the comment that is not a directive (line 12),
        // the label after the one a comment above names (17), a block comment (18).
        #expect(Self.lines(found, in: Self.text) == ["11 no-effect", "12 no-effect", "17 truncates", "18 truncates"])
    }

    @Test func aByteOrderMarkIsNotTextBeforeTheComment() {
        let text = "\u{FEFF}// labelspec:ignore unknown-property\nlabel A { text: \"a\"; widht: 1 }\nlabel B { text: \"b\"; widht: 1 }\n"
        let w = workspace(["a": text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        #expect(Self.lines(found, in: text) == ["3 unknown-property"])
    }

    /// A word that is no code is `invalid-ignore` on the word, in the chunk of its comment, in
    /// order with the chunk's other diagnostics; what the comment does name is suppressed.
    @Test func wordsThatAreNoCodeAreInvalidIgnore() {
        var text = (0..<100).map { "label L\($0) { text: \"x\" }\n" }.joined()
        text += "label A {\n    text: \"a\"\n    widht: 1 // labelspec:ignore unknown-propety, no-effect foo\n    hieght: 2\n}\n"
        let w = workspace(["a": text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        #expect(
            found.map { "\($0.code.rawValue) \(slice(text, $0.range)): \($0.message)" } == [
                "unknown-property widht: unknown property 'widht'; did you mean 'width'?",
                "invalid-ignore unknown-propety: 'unknown-propety' is not a diagnostic code, so this labelspec:ignore does not suppress it; did you mean 'unknown-property'?",
                "invalid-ignore foo: 'foo' is not a diagnostic code, so this labelspec:ignore does not suppress it; name a code from docs/diagnostics.md",
                "unknown-property hieght: unknown property 'hieght'; did you mean 'height'?",
            ])
        #expect(found[1].fixes.map(\.title) == ["Replace with 'unknown-property'"])
        #expect(DiagnosticCode.invalidIgnore.descriptor.fix == .unsafe)
        // The server's path, with a cache: the same.
        let kept = Checks.snapshot(of: "a", in: w, plan: MeasuringPlan().at([.large]), cache: DiagnosticsCache())
            .diagnostics(measurer: Measurer())
        #expect(kept == found)
        // Severity overrides apply to it like any code.
        var configuration = Configuration()
        configuration.severity = [.invalidIgnore: nil]
        let off = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan(configuration).at([.large]))
        #expect(off.map(\.code.rawValue) == ["unknown-property", "unknown-property"])
    }

    /// Many comments over many chunks (the sweep over rules in order): every label but each
    /// seventh silences its own finding; a comment above the seventh's header silences another code.
    @Test func manyCommentsAcrossChunks() {
        var text = ""
        var expected: [String] = []
        for i in 0..<300 {
            let line = text.filter { $0 == "\n" }.count + 1
            if i % 7 == 0 {
                text += "// labelspec:ignore no-effect\nlabel L\(i) { text: \"x\"; widht: 1 }\n"
                expected.append("\(line + 1) unknown-property")
            } else {
                text += "label L\(i) { text: \"x\"; widht: 1 } // labelspec:ignore unknown-property\n"
            }
        }
        let w = workspace(["a": text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        #expect(Self.lines(found, in: text) == expected)
    }

    @Test func directiveCodes() {
        func codes(_ s: String) -> [String]?? { Suppressions.codes(ofComment: Array(s.utf8)) }
        #expect(codes("// labelspec:ignore") == .some(nil))
        #expect(codes("//labelspec:ignore a,b  c") == .some(["a", "b", "c"]))
        #expect(codes("// labelspec:ignored") == nil)
        #expect(codes("// see labelspec:ignore") == nil)
    }

    /// The server's path: a cache kept between snapshots. Adding a comment, then taking it away,
    /// is seen at once, in a document of many chunks.
    @Test func editsWithAKeptCacheAreSeen() {
        var text = (0..<300).map { "label L\($0) { text: \"x\" }\n" }.joined()
        text += "label Bad {\n    text: \"b\"\n    widht: 1\n}\n"
        let w = workspace(["a": text])
        let cache = DiagnosticsCache()
        func check() -> [String] {
            let current = String(decoding: w.documents["a"]!.syntax.source.allBytes, as: UTF8.self)
            return Self.lines(
                Checks.snapshot(of: "a", in: w, plan: MeasuringPlan().at([.large]), cache: cache)
                    .diagnostics(measurer: Measurer()), in: current)
        }
        #expect(check() == ["303 unknown-property"])
        let at = offset(of: "widht: 1", in: text, plus: 8)
        _ = w.edit(id: "a", TextEdit(range: at..<at, replacement: Array("  // labelspec:ignore unknown-property".utf8)))
        #expect(check() == [])
        // A comment on the line above, in an item far from the edit: the item was not touched.
        _ = w.edit(id: "a", TextEdit(range: at..<(at + 38), replacement: []))
        #expect(check() == ["303 unknown-property"])
        let lineStart = offset(of: "    widht: 1", in: text)
        _ = w.edit(id: "a", TextEdit(range: lineStart..<lineStart, replacement: Array("    // labelspec:ignore\n".utf8)))
        #expect(check() == [])
    }

    /// A duplicate's diagnostic holds no position: an edit above the first declaration (in
    /// another chunk) moves the place it points at, and the duplicate's chunk is kept all the
    /// same (one chunk checked again), with its related place read where it is now; the message
    /// and place are those of a fresh workspace.
    @Test func aDuplicateIsKeptAndPointsWhereTheFirstDeclarationIsNow() {
        var text = "label Dup { text: \"a\" }\n"
        for i in 0..<300 { text += "label L\(i) { text: \"row \(i)\" }\n" }
        text += "label Dup { text: \"b\" }\n"
        let w = workspace(["a": text])
        let cache = DiagnosticsCache()
        func check(_ expectBuilt: Int, _ step: String) -> [String] {
            let snapshot = Checks.snapshot(of: "a", in: w, plan: MeasuringPlan().at([.large]), cache: cache)
            #expect(snapshot.builtChunks == expectBuilt, "\(step): built")
            let current = String(decoding: w.documents["a"]!.syntax.source.allBytes, as: UTF8.self)
            let expected = Checks.diagnostics(
                of: "a", in: workspace(["a": current]), measurer: Measurer(), plan: MeasuringPlan().at([.large]))
            let found = snapshot.diagnostics(measurer: Measurer())
            #expect(found == expected, "\(step)")
            return found.filter { $0.code == .duplicate }.map { d in
                "\(d.message) | "
                    + d.related.map { "\($0.message) \($0.document) \($0.range) line \($0.columns!.line) \($0.columns!.utf16)" }.joined()
            }
        }
        var chunks = 0
        w.documents["a"]!.syntax.forEachLeafChunk { _, _ in chunks += 1 }
        #expect(chunks > 3)
        #expect(
            check(chunks, "first") == [
                "'Dup' is already declared above; rename this label or remove it | first declaration of 'Dup' a 6..<9 line 0 6..<9"
            ])
        _ = w.edit(id: "a", TextEdit(range: 0..<0, replacement: Array("// a comment\n\n".utf8)))
        #expect(
            check(1, "lines above") == [
                "'Dup' is already declared above; rename this label or remove it | first declaration of 'Dup' a 20..<23 line 2 6..<9"
            ])
        _ = w.edit(id: "a", TextEdit(range: 14..<14, replacement: Array("  ".utf8)))
        #expect(
            check(1, "columns") == [
                "'Dup' is already declared above; rename this label or remove it | first declaration of 'Dup' a 22..<25 line 2 8..<11"
            ])
    }

    /// An edit of one label leaves the workspace's generation as it was: every other chunk's
    /// kept diagnostics are reused without a look at their items. A change to a style that
    /// labels inherit invalidates those labels: their chunks are checked again, the others are
    /// kept after a look at each item and stamped, so that the next snapshot keeps them at once.
    /// The diagnostics are always those of a fresh workspace.
    @Test func keptChunksAreReusedWithoutALookAtEachItem() {
        var text = "style Wide { width: 900 }\n"
        for i in 0..<300 { text += "label L\(i)\(i % 50 == 0 ? ": Wide" : "") { text: \"row \(i)\"; font: .system(size: 13) }\n" }
        let w = workspace(["a": text])
        let cache = DiagnosticsCache()
        func check(_ expectBuilt: Int, _ expectRevalidated: Int, _ step: String) {
            let snapshot = Checks.snapshot(of: "a", in: w, plan: MeasuringPlan().at([.large]), cache: cache)
            #expect(snapshot.builtChunks == expectBuilt, "\(step): built")
            #expect(snapshot.revalidatedChunks == expectRevalidated, "\(step): revalidated")
            let current = String(decoding: w.documents["a"]!.syntax.source.allBytes, as: UTF8.self)
            let fresh = workspace(["a": current])
            let expected = Checks.diagnostics(of: "a", in: fresh, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
            #expect(Self.lines(snapshot.diagnostics(measurer: Measurer()), in: current) == Self.lines(expected, in: current), "\(step)")
        }
        /// The start of each leaf chunk.
        func chunkStarts() -> [Int] {
            var starts: [Int] = []
            w.documents["a"]!.syntax.forEachLeafChunk { _, offset in starts.append(offset) }
            return starts
        }
        check(chunkStarts().count, 0, "first")
        let generation = w.generation
        // One label's text: its chunk is checked again, and nothing else is looked at.
        let at = offset(of: "row 150", in: text, plus: 4)
        text = String(decoding: Array(text.utf8)[..<at] + Array("x".utf8) + Array(text.utf8)[at...], as: UTF8.self)
        _ = w.edit(id: "a", TextEdit(range: at..<at, replacement: Array("x".utf8)))
        #expect(w.generation == generation)
        check(1, 0, "label edited")
        // The style six labels inherit: their chunks again, the others kept after a look.
        let style = offset(of: "900", in: text)
        _ = w.edit(id: "a", TextEdit(range: style..<(style + 3), replacement: Array("30".utf8)))
        #expect(w.generation > generation)
        text = String(decoding: Array(text.utf8)[..<style] + Array("30".utf8) + Array(text.utf8)[(style + 3)...], as: UTF8.self)
        let starts = chunkStarts()
        // The chunk of the style (edited) and those of the labels that inherit from it.
        let inheriting = Set(
            [0] + (0..<300).filter { $0 % 50 == 0 }.map { i in starts.lastIndex { $0 <= offset(of: "label L\(i): Wide", in: text) }! })
        #expect(inheriting.count > 3 && inheriting.count < starts.count - 3)
        check(inheriting.count, starts.count - inheriting.count, "style edited")
        // Stamped: kept at once now.
        check(0, 0, "again")
    }

    @Test func withoutCommentsNothingIsSuppressed() {
        // No directive: nothing is suppressed and the diagnostics are as before.
        let w = workspace(["a": "label A { text: \"a\"; widht: 1 }\n"])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        #expect(found.map(\.code.rawValue) == ["unknown-property"])
    }
}
