/// A minimal unified diff over lines, enough to review a formatting change (`format --diff`).
///
/// The edit script is Myers' O(ND) difference in linear space (the middle snake, divide and
/// conquer), after setting aside the lines of either side that the other does not have (they can
/// never be paired, so the script stays minimal); lines are compared by hash, then by equality.
/// Between two paired lines the new lines come first, then the old ones. A search that would
/// take more than `budget` steps (many differences among many lines that both sides have) is cut
/// short: what is left unpaired is printed as removed and added, still a correct diff, no longer a
/// minimal one.
enum UnifiedDiff {
    /// Steps (diagonals tried and lines compared) the search may take in all, about 0.1 s.
    static let budget = 1 << 25

    static func render(old: String, new: String, path: String) -> String {
        render(old: old, new: new, path: path, budget: budget)
    }

    /// A text's lines without their line feeds, and whether its last line has none (the diff
    /// then says "\\ No newline at end of file" after it, as diff and git do).
    static func lines(_ text: String) -> (lines: [Substring], noFinalNewline: Bool) {
        guard !text.isEmpty else { return ([], false) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") {
            lines.removeLast()
            return (lines, false)
        }
        return (lines, true)
    }

    static func render(old: String, new: String, path: String, budget: Int) -> String {
        let (a, aOpen) = lines(old)
        let (b, bOpen) = lines(new)
        // A last line without its line feed is not the same line as one with it.
        var ka = a, kb = b
        if aOpen { ka[ka.count - 1] = Substring(String(a[a.count - 1]) + "\u{0}no newline") }
        if bOpen { kb[kb.count - 1] = Substring(String(b[b.count - 1]) + "\u{0}no newline") }
        let pairs = pairedLines(ka, kb, budget: budget)
        // Edit script: " ", "-" or "+", with the old and new index at that point.
        var script: [(op: UInt8, i: Int, j: Int)] = []
        script.reserveCapacity(a.count + b.count - pairs.count)
        var i = 0
        var j = 0
        func gap(to x: Int, _ y: Int) {
            while j < y { script.append((UInt8(ascii: "+"), i, j)); j += 1 }
            while i < x { script.append((UInt8(ascii: "-"), i, j)); i += 1 }
        }
        for (x, y) in pairs {
            gap(to: x, y)
            script.append((UInt8(ascii: " "), i, j)); i += 1; j += 1
        }
        gap(to: a.count, b.count)

        var out = "--- \(path)\n+++ \(path) (formatted)\n"
        var k = 0
        let context = 3
        while k < script.count {
            guard script[k].op != UInt8(ascii: " ") else { k += 1; continue }
            let start = max(0, k - context)
            var end = k
            var lastChange = k
            while end < script.count, end - lastChange <= 2 * context {
                if script[end].op != UInt8(ascii: " ") { lastChange = end }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.lazy.filter { $0.op != UInt8(ascii: "+") }.count
            let newCount = hunk.lazy.filter { $0.op != UInt8(ascii: "-") }.count
            // An empty side of a hunk starts at the line before it (0 before the first).
            func span(_ start: Int, _ count: Int) -> String { count == 0 ? "\(start),0" : "\(start + 1),\(count)" }
            out += "@@ -\(span(hunk.first!.i, oldCount)) +\(span(hunk.first!.j, newCount)) @@\n"
            for line in hunk {
                out.unicodeScalars.append(Unicode.Scalar(line.op))
                let added = line.op == UInt8(ascii: "+")
                out += added ? b[line.j] : a[line.i]
                out += "\n"
                if added ? bOpen && line.j == b.count - 1 : aOpen && line.i == a.count - 1 {
                    out += "\\ No newline at end of file\n"
                }
            }
            k = end
        }
        return out
    }

    /// The pairs (old index, new index) of equal lines a minimal script keeps, in order.
    static func pairedLines(_ a: [Substring], _ b: [Substring], budget: Int) -> [(Int, Int)] {
        // Lines as numbers: equal lines, equal numbers.
        var numbers: [Substring: Int32] = [:]
        func number(_ line: Substring) -> Int32 {
            if let n = numbers[line] { return n }
            let n = Int32(numbers.count)
            numbers[line] = n
            return n
        }
        let na = a.map(number)
        let nb = b.map(number)
        var inA = [Bool](repeating: false, count: numbers.count)
        var inB = [Bool](repeating: false, count: numbers.count)
        for n in na { inA[Int(n)] = true }
        for n in nb { inB[Int(n)] = true }
        // Only the lines the other side has can be paired.
        let keptA = na.indices.filter { inB[Int(na[$0])] }
        let keptB = nb.indices.filter { inA[Int(nb[$0])] }
        var myers = Myers(a: keptA.map { na[$0] }, b: keptB.map { nb[$0] }, budget: budget)
        myers.compare(0, keptA.count, 0, keptB.count)
        return myers.pairs.map { (keptA[$0.0], keptB[$0.1]) }
    }

    /// Myers' linear-space search ("An O(ND) Difference Algorithm and Its Variations", 1986, 4b).
    struct Myers {
        let a: [Int32]
        let b: [Int32]
        var budget: Int
        var pairs: [(Int, Int)] = []

        init(a: [Int32], b: [Int32], budget: Int) {
            self.a = a
            self.b = b
            self.budget = budget
        }

        /// Pairs a[a0..<a1] with b[b0..<b1], appending to `pairs` in order.
        mutating func compare(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int) {
            var a0 = a0, b0 = b0, a1 = a1, b1 = b1
            while a0 < a1, b0 < b1, a[a0] == b[b0] {
                pairs.append((a0, b0)); a0 += 1; b0 += 1
            }
            var suffix = 0
            while a0 < a1, b0 < b1, a[a1 - 1] == b[b1 - 1] {
                a1 -= 1; b1 -= 1; suffix += 1
            }
            if a0 < a1, b0 < b1, budget > 0, let (x, y, u, v) = middleSnake(a0, a1, b0, b1) {
                compare(a0, x, b0, y)
                for s in 0..<(u - x) { pairs.append((x + s, y + s)) }
                compare(u, a1, v, b1)
            }
            for s in 0..<suffix { pairs.append((a1 + s, b1 + s)) }
        }

        /// The middle snake of a shortest script from (a0, b0) to (a1, b1), whose first and last
        /// lines differ on both sides (so D ≥ 2): x..<u paired with y..<v; nil when the budget runs out.
        mutating func middleSnake(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int) -> (Int, Int, Int, Int)? {
            let n = a1 - a0
            let m = b1 - b0
            let l = n + m
            let z = 2 * min(n, m) + 2
            let w = n - m
            var forward = [Int](repeating: 0, count: z)
            var backward = [Int](repeating: 0, count: z)
            func slot(_ k: Int) -> Int { let r = k % z; return r < 0 ? r + z : r }
            let odd = l % 2 != 0
            for h in 0...((l + 1) / 2) {
                for pass in 0..<2 {
                    let isForward = pass == 0
                    var k = -(h - 2 * max(0, h - m))
                    let kEnd = h - 2 * max(0, h - n)
                    while k <= kEnd {
                        var x: Int
                        if isForward {
                            x =
                                k == -h || (k != h && forward[slot(k - 1)] < forward[slot(k + 1)])
                                ? forward[slot(k + 1)] : forward[slot(k - 1)] + 1
                        } else {
                            x =
                                k == -h || (k != h && backward[slot(k - 1)] < backward[slot(k + 1)])
                                ? backward[slot(k + 1)] : backward[slot(k - 1)] + 1
                        }
                        var y = x - k
                        let (sx, sy) = (x, y)
                        if isForward {
                            while x < n, y < m, a[a0 + x] == b[b0 + y] { x += 1; y += 1 }
                        } else {
                            while x < n, y < m, a[a1 - 1 - x] == b[b1 - 1 - y] { x += 1; y += 1 }
                        }
                        budget -= 1 + (x - sx)
                        if budget <= 0 { return nil }  // at most one snake past the budget
                        let other = w - k  // the same diagonal, seen from the other end
                        if isForward {
                            forward[slot(k)] = x
                            if odd, other >= -(h - 1), other <= h - 1, x + backward[slot(other)] >= n {
                                return (a0 + sx, b0 + sy, a0 + x, b0 + y)
                            }
                        } else {
                            backward[slot(k)] = x
                            if !odd, other >= -h, other <= h, x + forward[slot(other)] >= n {
                                return (a1 - x, b1 - y, a1 - sx, b1 - sy)
                            }
                        }
                        k += 2
                    }
                }
            }
            return nil
        }
    }
}
