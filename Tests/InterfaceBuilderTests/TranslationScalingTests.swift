import Testing

@testable import InterfaceBuilder

/// Translation's positions and names stay exact when they are found incrementally: a file on one
/// line counts each label's column on from the previous one, and a base name many labels suggest
/// continues its suffixes where it stopped (`docs/performance.md`, "Scaling").
@Suite struct TranslationScalingTests {
    /// Labels on one line (a storyboard with its newlines removed), with multi-byte text between
    /// them: every label's comment carries its column in scalars, counted afresh here.
    @Test func columnsOnOneLineAreCountedOnFromTheLastLabel() {
        let labels = (0..<40).map { i in
            "<label opaque=\"NO\" text=\"Héllo wörld \(i) 日本\" id=\"id-\(i)\"/>" + (i % 3 == 0 ? "<!-- ✓ éé -->" : "")
        }
        let bytes = storyboard(labels.joined()).filter { $0 != 0x0A }
        var options = Translation.Options()
        options.fileName = "One.storyboard"
        let doc = InterfaceBuilderDocument.read(bytes)
        #expect(doc.problem == nil)
        #expect(doc.labels.count == 40)
        let t = Translation.make(doc.labels, bytes: bytes, options: options)
        let comments = t.source.split(separator: "\n").filter { $0.hasPrefix("// One.storyboard:") }.map(String.init)
        let expected = (0..<40).map { i -> String in
            let needle = Array("<label opaque=\"NO\" text=\"Héllo wörld \(i) 日本\"".utf8)
            let tag = (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }!
            let column = String(decoding: bytes[..<tag], as: UTF8.self).unicodeScalars.count + 1
            return "// One.storyboard:1:\(column): <label id=\"id-\(i)\">"
        }
        #expect(comments == expected)
    }

    /// Positions asked out of order, on one line and across lines, are the same as counted afresh.
    @Test func positionsOutOfOrderAreExact() {
        let bytes = Array("aé日\nxyz✓é\n\nq".utf8)
        func fresh(_ at: Int) -> (Int, Int) {
            let before = bytes[..<at]
            let line = before.filter { $0 == 0x0A }.count + 1
            let start = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
            return (line, bytes[start..<at].filter { $0 & 0xC0 != 0x80 }.count + 1)
        }
        var builder = Builder(options: Translation.Options(), bytes: bytes)
        let order = [0, 3, 6, 1, 7, 8, 9, 14, 12, 15, 16, 17, 7, 18, 0, 18]
        for at in order {
            let got = builder.position(of: at)
            let want = fresh(at)
            #expect(got == want, "offset \(at)")
        }
    }

    /// The names of many labels on one base, with other bases that are its suffixed names.
    @Test func suffixedNamesAreTheSameAsTryingEveryName() {
        var taken = LabelNames.Taken()
        let texts = ["Hi", "Hi", "Hi 2", "Hi", "Hi 4", "Hi", "Hi", "Hi 2", "Other", "Hi"]
        let names = texts.map { LabelNames.unique([$0], id: nil, taken: &taken) }
        #expect(names == ["Hi", "Hi2", "Hi22", "Hi3", "Hi4", "Hi5", "Hi6", "Hi23", "Other", "Hi7"])

        // Against the plain search (every name from the base up), on 3,000 labels.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var fast = LabelNames.Taken()
        var plain = Set<String>()
        for i in 0..<3_000 {
            let text: [String]
            switch next(4) {
            case 0: text = ["Hi"]
            case 1: text = ["Hi \(next(40))"]
            case 2: text = ["Hi2 \(next(5))"]
            default: text = []
            }
            let id = next(2) == 0 ? nil : "a-\(next(3))"
            let got = LabelNames.unique(text, id: id, taken: &fast)
            let base = text.lazy.compactMap(LabelNames.identifier).first ?? LabelNames.fromID(id) ?? "Label"
            var want = base
            var n = 2
            while plain.contains(want) {
                want = base + String(n)
                n += 1
            }
            plain.insert(want)
            #expect(got == want, "label \(i)")
        }
    }
}

/// Issue 35: the `width` lines of each label are written without copying the source written so
/// far (written through closures that changed the builder from a method of a copy of it, each
/// line copied the whole source: 50,000 labels took 38 s to import, 16,000 4.4 s).
@Suite struct TranslationWidthScalingTests {
    @Test func writingWidthsIsAboutLinear() {
        let n = 16_000
        let labels = (0..<n).map { i in
            #"<label opaque="NO" text="Label number \#(i)" id="id-\#(i)"><rect key="frame" x="16" y="0" width="120" height="21"/></label>"#
        }
        let bytes = storyboard(labels.joined())
        let doc = InterfaceBuilderDocument.read(bytes)
        #expect(doc.labels.count == n)
        func seconds(_ count: Int) -> Double {
            let clock = ContinuousClock()
            var best = Double.infinity
            for _ in 0..<2 {
                let t = clock.measure { _ = Translation.make(Array(doc.labels.prefix(count)), bytes: bytes) }
                best = min(best, Double(t.components.seconds) + Double(t.components.attoseconds) * 1e-18)
            }
            return best
        }
        let quarter = seconds(n / 4)
        let whole = seconds(n)
        // Linear: 4 times the labels, about 4 times the time (copying the source each line: 10).
        #expect(whole < 7 * quarter, "\(n / 4) labels: \(quarter) s, \(n): \(whole) s")
    }
}
