import Testing

@testable import LabelSpecCLI

/// `format --diff`'s unified diff: Myers' minimal script in linear space, the same text as the
/// LCS table it replaced wherever both pair the same lines (`docs/performance.md`, "Scaling").
@Suite struct UnifiedDiffTests {
    /// The LCS table of the diff before Myers (O(n·m) time and memory), kept as the reference.
    /// (Lines as the renderer reads them: without line feeds, a last line without one marked.)
    static func reference(old: String, new: String, path: String) -> String {
        let (la, aOpen) = UnifiedDiff.lines(old)
        let (lb, bOpen) = UnifiedDiff.lines(new)
        var a = la.map(String.init), b = lb.map(String.init)
        let marker = "\u{0}no newline"
        if aOpen { a[a.count - 1] += marker }
        if bOpen { b[b.count - 1] += marker }
        let n = a.count
        let m = b.count
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var script: [(Character, String, Int, Int)] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                script.append((" ", a[i], i, j)); i += 1; j += 1
            } else if j < m, i == n || lcs[i][j + 1] >= lcs[i + 1][j] {
                script.append(("+", b[j], i, j)); j += 1
            } else {
                script.append(("-", a[i], i, j)); i += 1
            }
        }
        var out = "--- \(path)\n+++ \(path) (formatted)\n"
        var k = 0
        let context = 3
        while k < script.count {
            guard script[k].0 != " " else { k += 1; continue }
            let start = max(0, k - context)
            var end = k
            var lastChange = k
            while end < script.count, end - lastChange <= 2 * context {
                if script[end].0 != " " { lastChange = end }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.0 != "+" }.count
            let newCount = hunk.filter { $0.0 != "-" }.count
            func span(_ start: Int, _ count: Int) -> String { count == 0 ? "\(start),0" : "\(start + 1),\(count)" }
            out += "@@ -\(span(hunk.first!.2, oldCount)) +\(span(hunk.first!.3, newCount)) @@\n"
            for line in hunk {
                if line.1.hasSuffix(marker) {
                    out += "\(line.0)\(line.1.dropLast(marker.count))\n\\ No newline at end of file\n"
                } else {
                    out += "\(line.0)\(line.1)\n"
                }
            }
            k = end
        }
        return out
    }

    /// Applies a diff as `patch` does (each hunk's old lines must be where its header says, a
    /// side of no lines starting after the line it names; "\\ No newline at end of file" after
    /// the line it is about), over lines without their line feeds.
    static func apply(_ diff: String, to old: String) -> String? {
        let (la, aOpen) = UnifiedDiff.lines(old)
        let a = la.map(String.init)
        var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, lines.removeLast() == "" else { return nil }
        lines.removeFirst(2)
        var out: [String] = []
        var outOpen = aOpen  // whether the new text's last line has no line feed
        var i = 0
        var k = 0
        while k < lines.count {
            let header = lines[k].split(separator: " ")
            guard header.count == 4, header[0] == "@@" else { return nil }
            let o = header[1].dropFirst().split(separator: ",").compactMap { Int($0) }
            guard o.count == 2 else { return nil }
            let start = o[1] == 0 ? o[0] : o[0] - 1
            guard start >= i, start <= a.count else { return nil }
            out += a[i..<start]
            i = start
            k += 1
            var oldSeen = 0
            while k < lines.count, !lines[k].hasPrefix("@@") {
                let line = lines[k]
                let text = String(line.dropFirst())
                let marked = k + 1 < lines.count && lines[k + 1] == "\\ No newline at end of file"
                switch line.first {
                case " ":
                    guard i < a.count, a[i] == text, marked == (aOpen && i == a.count - 1) else { return nil }
                    out.append(text); i += 1; oldSeen += 1
                    outOpen = marked
                case "-":
                    guard i < a.count, a[i] == text, marked == (aOpen && i == a.count - 1) else { return nil }
                    i += 1; oldSeen += 1
                case "+":
                    out.append(text)
                    outOpen = marked
                default: return nil
                }
                k += marked ? 2 : 1
            }
            guard oldSeen == o[1] else { return nil }
        }
        if i < a.count {
            out += a[i...]
            outOpen = aOpen
        }
        guard !out.isEmpty else { return "" }
        return out.joined(separator: "\n") + (outOpen ? "" : "\n")
    }

    static func changedLines(_ diff: String) -> Int {
        diff.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count
    }

    /// A file where every item needs reformatting: the same text as the LCS table's.
    @Test func everyItemReformattedIsTheSameAsBefore() {
        let old = (0..<150).map { "label L\($0) {\n  text: \"x\"\n  width: \($0 % 7)\n}\n" }.joined()
        let new = (0..<150).map { "label L\($0) {\n    text: \"x\"\n    width: \($0 % 7)\n}\n" }.joined(separator: "\n")
        let diff = UnifiedDiff.render(old: old, new: new, path: "a.labelspec")
        #expect(diff == Self.reference(old: old, new: new, path: "a.labelspec"))
        #expect(Self.apply(diff, to: old) == new)
    }

    @Test func smallChangeExactly() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
        let new = "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nK\nl\n"
        #expect(
            UnifiedDiff.render(old: old, new: new, path: "p") == """
                --- p
                +++ p (formatted)
                @@ -1,5 +1,5 @@
                 a
                +B
                -b
                 c
                 d
                 e
                @@ -8,4 +8,5 @@
                 h
                 i
                 j
                +K
                +l
                -k

                """)
    }

    /// A file's last line without its line feed is said so, as diff and git say it, and a file
    /// that ends with one gets no empty line after its last (which `patch` and `git apply` refuse).
    @Test func aLastLineWithoutItsLineFeedIsSaidSo() {
        #expect(
            UnifiedDiff.render(old: "label L { text: \"x\" }", new: "label L {\n    text: \"x\"\n}\n", path: "p") == """
                --- p
                +++ p (formatted)
                @@ -1,1 +1,3 @@
                +label L {
                +    text: "x"
                +}
                -label L { text: "x" }
                \\ No newline at end of file

                """)
        #expect(UnifiedDiff.render(old: "a\nb\n", new: "a\nc\n", path: "p") == "--- p\n+++ p (formatted)\n@@ -1,2 +1,2 @@\n a\n+c\n-b\n")
        #expect(UnifiedDiff.render(old: "// x\n", new: "", path: "p") == "--- p\n+++ p (formatted)\n@@ -1,1 +0,0 @@\n-// x\n")
    }

    /// Random small texts over a few distinct lines: the diff turns the old text into the new one,
    /// changes as few lines as the LCS table does, and is its text whenever it pairs the same lines.
    @Test func randomTextsAreMinimalAndApply() {
        var state: UInt64 = 11
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var same = 0
        for round in 0..<2_000 {
            let alphabet = 1 + next(6)
            let old = (0..<next(14)).map { _ in "l\(next(alphabet))" }.joined(separator: "\n")
            var newLines = old.split(separator: "\n").map(String.init)
            for _ in 0..<next(5) {
                switch next(3) {
                case 0 where !newLines.isEmpty: newLines.remove(at: next(newLines.count))
                case 1: newLines.insert("l\(next(alphabet + 2))", at: next(newLines.count + 1))
                default: if !newLines.isEmpty { newLines[next(newLines.count)] = "l\(next(alphabet + 2))" }
                }
            }
            let new = newLines.joined(separator: "\n")
            guard old != new else { continue }
            let diff = UnifiedDiff.render(old: old, new: new, path: "p")
            let reference = Self.reference(old: old, new: new, path: "p")
            #expect(Self.apply(diff, to: old) == new, "round \(round)")
            #expect(Self.changedLines(diff) == Self.changedLines(reference), "round \(round)")
            if diff == reference { same += 1 }
        }
        // Most pairings are the same as the table's; the rest are other minimal ones.
        #expect(same > 1_000)
    }

    /// Many differences among lines both sides have (two values in different orders): the search
    /// runs out of its budget part way, and the diff, pairing what it found, still applies.
    @Test func budgetRunOutPartWayStillApplies() {
        var state: UInt64 = 5
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % 2)
        }
        let old = (0..<4_000).map { _ in next() == 0 ? "a" : "b" }.joined(separator: "\n")
        let new = (0..<4_000).map { _ in next() == 0 ? "a" : "b" }.joined(separator: "\n")
        let cut = UnifiedDiff.render(old: old, new: new, path: "p", budget: 1 << 16)
        let full = UnifiedDiff.render(old: old, new: new, path: "p")
        #expect(Self.apply(cut, to: old) == new)
        #expect(Self.apply(full, to: old) == new)
        #expect(Self.changedLines(cut) > Self.changedLines(full))
    }

    /// A search cut short by its budget: the lines not yet paired are removed and added, still a
    /// diff that makes the new text.
    @Test func budgetRunOutStillApplies() {
        let old = "x\na\nb\nc\nd\ny\n"
        let new = "x\nb\na\nd\nc\ny\n"
        let diff = UnifiedDiff.render(old: old, new: new, path: "p", budget: 1)
        #expect(
            diff == """
                --- p
                +++ p (formatted)
                @@ -1,6 +1,6 @@
                 x
                +b
                +a
                +d
                +c
                -a
                -b
                -c
                -d
                 y

                """)
        #expect(Self.apply(diff, to: old) == new)
        let minimal = UnifiedDiff.render(old: old, new: new, path: "p")
        #expect(Self.changedLines(minimal) == 4)
        #expect(Self.apply(minimal, to: old) == new)
    }
}
