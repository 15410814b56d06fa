import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import Testing

@testable import LabelSpecIDE

/// `applyAll` keeps the edits taken sorted and builds the text in one pass
/// (`docs/performance.md`, "Scaling"): the same fixes taken, the same text, as checking every
/// fix against every edit taken and applying the edits from the end.
@Suite struct ApplyAllScalingTests {
    /// One label with 200 `width:` lines: 199 duplicates, each fix removes an earlier one.
    @Test func manyDuplicatesLeaveTheLastOne() {
        let text = "label A {\n    text: \"a\"\n" + (0..<200).map { "    width: \($0 + 1)\n" }.joined() + "}\n"
        let w = workspace(["a": text])
        let found = Checks.diagnostics(of: "a", in: w, measurer: Measurer(), plan: MeasuringPlan().at([.large]))
        let (bytes, applied) = CodeActions.applyAll(found, to: Array(text.utf8), unsafe: false)
        #expect(applied.count == 199)
        #expect(Set(applied.map(\.fix.title)) == ["Remove the earlier 'width'"])
        #expect(String(decoding: bytes, as: UTF8.self) == "label A {\n    text: \"a\"\n    width: 200\n}\n")
        let general = CodeActions.applyAllInGeneral(Self.ordered(found), to: Array(text.utf8))
        #expect(general.bytes == bytes)
    }

    /// The candidates in `applyAll`'s order, for the general path.
    static func ordered(_ diagnostics: [Diagnostic], unsafe: Bool = false) -> [Diagnostic] {
        diagnostics.filter { d in
            d.fixes.count == 1 && !d.fixes[0].edits.isEmpty && (unsafe || d.code.descriptor.fix == .safe)
        }.sorted { $0.fixes[0].edits.map(\.range.lowerBound).min()! < $1.fixes[0].edits.map(\.range.lowerBound).min()! }
    }

    /// Random fixes (empty, touching, overlapping, shared, out of range; one to three edits each)
    /// on a 60-byte text: the fast path's result is the general one's, fix for fix and byte for byte.
    @Test(arguments: [false, true])
    func randomFixesMatchTheGeneralPath(selfOverlapping: Bool) {
        var state: UInt64 = selfOverlapping ? 7 : 3
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let bytes = Array((0..<60).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        for round in 0..<300 {
            var diagnostics: [Diagnostic] = []
            var fixes: [[Replacement]] = []
            for i in 0..<(1 + next(25)) {
                var edits: [Replacement]
                if !fixes.isEmpty, next(6) == 0 {
                    edits = fixes[next(fixes.count)]  // the same edits as another fix
                } else {
                    edits = []
                    var at = next(58)
                    for _ in 0..<(1 + next(3)) {
                        let length = next(3) == 0 ? 0 : 1 + next(4)
                        guard at + length <= 62 else { break }
                        edits.append(Replacement(range: at..<(at + length), newText: String(repeating: "XYZ", count: next(3)) + "\(i)"))
                        at += selfOverlapping ? length - next(3) : max(length, 1) + next(4)
                        at = max(0, at)
                    }
                    if edits.isEmpty { edits = [Replacement(range: 0..<0, newText: "e")] }
                    if next(2) == 0 { edits.reverse() }
                }
                fixes.append(edits)
                let code: DiagnosticCode = next(5) == 0 ? .invalidNumber : (next(2) == 0 ? .duplicate : .noEffect)
                let fixList =
                    next(10) == 0
                    ? [Fix(title: "F\(i)", edits: edits), Fix(title: "G\(i)", edits: edits)] : [Fix(title: "F\(i)", edits: edits)]
                diagnostics.append(Diagnostic(code, "d\(i)", at: edits[0].range, fixes: fixList))
            }
            for unsafe in [false, true] {
                let fast = CodeActions.applyAll(diagnostics, to: bytes, unsafe: unsafe)
                let general = CodeActions.applyAllInGeneral(Self.ordered(diagnostics, unsafe: unsafe), to: bytes)
                #expect(fast.bytes == general.bytes, "round \(round)")
                #expect(fast.applied.map(\.diagnostic.message) == general.applied.map(\.diagnostic.message), "round \(round)")
            }
        }
    }
}
