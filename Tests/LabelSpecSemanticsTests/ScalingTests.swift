import LabelSpecSyntax
import TestSupport
import Testing

@testable import LabelSpecSemantics

/// Input shapes that must cost about linear time and memory (issue 10, "Scaling"): long chains
/// and cycles of styles, many declarations of one name, many documents. Nothing here is timed:
/// the tests pin the diagnostics, and bound a count of work where one is kept.
@Suite struct ScalingTests {
    func check(_ documents: [(String, String)]) -> (Workspace, [String: [Diagnostic]]) {
        let ws = Workspace()
        for (id, text) in documents { ws.open(id: id, text: Array(text.utf8)) }
        var out: [String: [Diagnostic]] = [:]
        for (id, _) in documents { out[id] = ws.diagnostics(for: id) }
        return (ws, out)
    }

    /// `style S0: S1 {…} style S1: S2 {…} …`: a label on S0 sees what the last style sets.
    static func chain(_ n: Int) -> String {
        var parts = ["label L: S0 { text: \"x\" }\n"]
        for i in 0..<(n - 1) { parts.append("style S\(i): S\(i + 1) { \(i % 2 == 1 ? "font: .body" : "textColor: .label") }\n") }
        parts.append("style S\(n - 1) { minimumScaleFactor: 0.5 }\n")
        return parts.joined()
    }

    /// `style S0: S1 … style S(n-1): S0`, and a label on S0.
    static func cycle(_ n: Int) -> String {
        (0..<n).map { "style S\($0): S\(($0 + 1) % n) { font: .body }\n" }.joined() + "label L: S0 { text: \"x\" }\n"
    }

    @Test func aLongChainGivesTheDiagnosticsOfAShortOne() {
        for n in [3, 3_000] {
            let (ws, d) = check([("t", Self.chain(n))])
            #expect(
                d["t"]!.map(\.message) == [
                    "'minimumScaleFactor' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on (set by style 'S\(n - 1)')"
                ])
            #expect(d["t"]!.map(\.range) == [6..<7])
            let label = ws.documents["t"]!.orderedItems[0].info
            let effective = ws.effectiveProperties(of: label)
            #expect(effective[.minimumScaleFactor]?.owner.name == "S\(n - 1)")
            #expect(effective[.font]?.owner.name == "S1")
            #expect(effective[.textColor]?.owner.name == "S0")
            // Each parent reference is followed a bounded number of times: looking for a cycle
            // through every style's ancestry once per style followed n² / 2 of them.
            #expect(ws.ancestrySteps <= 2 * n)
        }
    }

    @Test func aCycleIsReportedOnceOnItsFirstMember() {
        let (_, d) = check([("t", "style A: B {}\nstyle B: C {}\nstyle C: A {}\nlabel L: A { text: \"x\" }\n")])
        #expect(d["t"]!.map(\.message) == ["style cycle A → B → C → A; remove one of these inheritances"])
        #expect(d["t"]!.map(\.range) == [9..<10])
        // A style naming itself.
        #expect(check([("t", "style A: A {}")]).1["t"]!.map(\.message) == ["style cycle A → A; remove one of these inheritances"])
        // Six styles are named in full, seven are not.
        #expect(
            check([("t", Self.cycle(6))]).1["t"]!.map(\.message)
                == ["style cycle S0 → S1 → S2 → S3 → S4 → S5 → S0; remove one of these inheritances"])
        #expect(
            check([("t", Self.cycle(7))]).1["t"]!.map(\.message)
                == ["style cycle S0 → S1 → S2 → … (7 styles) → S0; remove one of these inheritances"])
    }

    @Test func aLongCycleIsReportedOnceWithABoundedMessage() {
        let n = 5_000
        let (ws, d) = check([("t", Self.cycle(n))])
        #expect(d["t"]!.map(\.message) == ["style cycle S0 → S1 → S2 → … (5,000 styles) → S0; remove one of these inheritances"])
        #expect(d["t"]!.map(\.range) == [10..<12])
        #expect(ws.ancestrySteps <= 3 * n)
        // Every member still skips the parent that closes the cycle: the label sees S0's own font.
        let label = ws.documents["t"]!.orderedItems[n].info
        #expect(ws.effectiveProperties(of: label)[.font]?.owner.name == "S0")
    }

    /// The first member in document order (document path, then position) carries the report,
    /// whichever document is checked first.
    @Test func aCycleAcrossDocumentsIsReportedInTheFirst() {
        let (_, e) = check([("b.labelspec", "style B: Z {}\n"), ("a.labelspec", "style Z: B {}\n")])
        #expect(e["a.labelspec"]!.map(\.message) == ["style cycle Z → B → Z; remove one of these inheritances"])
        #expect(e["b.labelspec"]!.isEmpty)
    }

    /// Edits that close, break and close again a cycle give what a fresh analysis gives.
    @Test func editsThatCloseAndBreakACycle() {
        let ws = Workspace()
        ws.open(id: "t", text: Array("style A: B {}\nstyle B: C {}\nstyle C: D {}\n".utf8))
        #expect(ws.diagnostics(for: "t").map(\.code) == [.unknownStyle])
        // C: D → C: A closes the cycle A → B → C → A.
        let d = Array("style A: B {}\nstyle B: C {}\nstyle C: ".utf8).count
        ws.edit(id: "t", TextEdit(range: d..<(d + 1), replacement: Array("A".utf8)))
        ws.recheck()
        #expect(ws.diagnostics(for: "t").map(\.message) == ["style cycle A → B → C → A; remove one of these inheritances"])
        // B: C → B: D breaks it.
        let c = Array("style A: B {}\nstyle B: ".utf8).count
        ws.edit(id: "t", TextEdit(range: c..<(c + 1), replacement: Array("D".utf8)))
        ws.recheck()
        #expect(ws.diagnostics(for: "t").map(\.code) == [.unknownStyle])
        ws.edit(id: "t", TextEdit(range: c..<(c + 1), replacement: Array("C".utf8)))
        ws.recheck()
        #expect(ws.diagnostics(for: "t").map(\.message) == ["style cycle A → B → C → A; remove one of these inheritances"])
    }

    /// N labels named `Dup`: each later one is reported against the first, which is found once
    /// (it was found again, over all N, for each of them).
    @Test func manyDeclarationsOfOneName() {
        for n in [3, 2_000] {
            let items = (0..<n).map { "label Dup {\n    text: \"Dup \($0)\"\n}\n" }
            let text = items.joined()
            var starts = [0]
            for item in items { starts.append(starts.last! + item.utf8.count) }
            let (ws, d) = check([("t", text)])
            let diagnostics = d["t"]!
            #expect(diagnostics.count == n - 1)
            #expect(Set(diagnostics.map(\.message)) == ["'Dup' is already declared above; rename this label or remove it"])
            #expect(diagnostics.map(\.range.lowerBound) == (1..<n).map { starts[$0] + 6 })
            #expect(diagnostics.allSatisfy { $0.related.map(\.range) == [6..<9] })
            #expect(ws.positionLookups <= 4 * n)
        }
        // Across documents, the first by path wins, and stays first when more come.
        let (_, e) = check([
            ("b", "style Dup {}\n"), ("a", "label X: Dup { text: \"x\" }\nlabel Dup { text: \"x\" }\n"), ("c", "style Dup {}\n"),
        ])
        #expect(e["a"]!.map(\.message) == ["'Dup' is a label, not a style; inherit from a style"])
        #expect(e["b"]!.flatMap(\.related).map { "\($0.document) \($0.range) \($0.columns!.line)" } == ["a 33..<36 1"])
        #expect(e["b"]!.map(\.message) == ["'Dup' is already declared in a; rename this style or remove it"])
        #expect(e["c"]!.map(\.message) == ["'Dup' is already declared in a; rename this style or remove it"])
    }

    /// The suggestion for an unknown parent name is found once per name (N references compared it
    /// with every style N times) and found again when a name comes or goes.
    @Test func unknownStyleSuggestionsFollowTheDeclaredNames() {
        let ws = Workspace()
        let labels = (0..<500).map { "label L\($0): Captoin { text: \"x\" }\n" }.joined()
        ws.open(id: "a", text: Array(labels.utf8))
        #expect(Set(ws.diagnostics(for: "a").map(\.message)) == ["unknown style 'Captoin'; declare it or remove it from the list"])
        #expect(ws.styleSuggestions.count == 1)
        ws.open(id: "b", text: Array("style Caption { font: .caption1 }\n".utf8))
        ws.recheck()
        #expect(Set(ws.diagnostics(for: "a").map(\.message)) == ["unknown style 'Captoin'; did you mean 'Caption'?"])
        #expect(ws.diagnostics(for: "a").count == 500)
        ws.close(id: "b")
        ws.recheck()
        #expect(Set(ws.diagnostics(for: "a").map(\.message)) == ["unknown style 'Captoin'; declare it or remove it from the list"])
    }

    /// Closing, or deleting in one edit, N declarations of one name propagates the name once: each
    /// removal invalidated every declaration left (N² / 2 invalidations, counted by `generation`).
    @Test func removingManyDeclarationsOfOneName() {
        let n = 2_000
        let dups = (0..<n).map { "label Dup { text: \"\($0)\" }\n" }.joined()
        for byEdit in [false, true] {
            let ws = Workspace()
            ws.open(id: "a", text: Array(dups.utf8))
            ws.open(id: "b", text: Array("label Dup { text: \"b\" }\nlabel X: Dup { text: \"x\" }\n".utf8))
            ws.recheck()
            #expect(ws.diagnostics(for: "b").map(\.code) == [.duplicate, .unknownStyle])
            let before = ws.generation
            if byEdit {
                ws.edit(id: "a", TextEdit(range: 0..<dups.utf8.count, replacement: Array("label Y { text: \"y\" }\n".utf8)))
            } else {
                ws.close(id: "a")
            }
            ws.recheck()
            #expect(ws.generation - before <= 2 * n)
            #expect(ws.diagnostics(for: "b").map(\.message) == ["'Dup' is a label, not a style; inherit from a style"])
        }
    }

    /// The index behind unknown-style suggestions answers what `nearest` answers over the same
    /// names: random names, near misses, ties, case, multi-scalar lowercasing.
    @Test func nearestIndexAgreesWithNearest() {
        var rng = SplitMix64(seed: 7)
        let alphabet = Array("abcAB\u{130}xyz")
        func name(_ length: Int) -> String { String((0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }) }
        for _ in 0..<200 {
            let names = (0..<Int(rng.next() % 30)).map { _ in name(1 + Int(rng.next() % 9)) }
            let index = NearestIndex(names)
            for _ in 0..<20 {
                var query =
                    names.isEmpty || rng.next() % 3 == 0 ? name(1 + Int(rng.next() % 9)) : names[Int(rng.next() % UInt64(names.count))]
                if !query.isEmpty, rng.next() % 2 == 0 {
                    query.remove(at: query.index(query.startIndex, offsetBy: Int(rng.next() % UInt64(query.count))))
                }
                if rng.next() % 2 == 0 { query.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
                #expect(index.nearest(query) == nearest(query, in: names), "\(query) in \(names)")
            }
        }
    }

    /// Past `exhaustiveUpTo` names of about the same length, a typo anywhere in a name still
    /// finds it among its neighbours (by start or by end), as comparing with every name does.
    @Test func nearestIndexOfManyNamesFindsOneTypoAnywhere() {
        let names = (0..<700).map { "Style\(String(format: "%05d", $0 * 7))Title" }
        let index = NearestIndex(names)
        var rng = SplitMix64(seed: 11)
        for _ in 0..<60 {
            let target = names[Int(rng.next() % UInt64(names.count))]
            var scalars = Array(target.unicodeScalars)
            let at = Int(rng.next() % UInt64(scalars.count))
            switch rng.next() % 3 {
            case 0: scalars[at] = "q"
            case 1: scalars.remove(at: at)
            default: scalars.insert("q", at: at)
            }
            let query = String(String.UnicodeScalarView(scalars))
            #expect(index.nearest(query) == nearest(query, in: names), "\(query)")
        }
        #expect(index.nearest("Zzzzzzzzzzzzzzzzzz") == nil)
    }
}
