/// The kinds of symbol in the tableau (kiwi's, plus `parameter`).
enum SymbolKind: UInt8 {
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality (≥ 0).
    case slack
    /// The error of a non-required constraint (≥ 0), weighted in the objective.
    case error
    /// The marker of a required equality: always 0, never enters the basis.
    case dummy
    /// An edit variable's suggested value: its value is folded into every row's constant and its
    /// cells say how much each row's constant moves when the suggestion does. Never pivots.
    case parameter
}

/// Kiwi's tolerance: a coefficient this small is zero.
@inline(__always) func nearZero(_ v: Double) -> Bool { v < 0 ? -v < 1.0e-8 : v < 1.0e-8 }

/// `basic = constant + Σ cells[symbol] × symbol`.
struct Row {
    var constant: Double
    var cells: [Int: Double] = [:]
}

/// An objective coefficient: one number per priority level, compared level by level from the
/// highest (`parts` are sorted by level, highest first; none is zero).
struct Weight {
    struct Part {
        var level: Int
        var value: Double
    }
    var parts: [Part] = []

    init() {}
    init(level: Int, value: Double) { if !nearZero(value) { parts = [Part(level: level, value: value)] } }

    var isZero: Bool { parts.isEmpty }
    var isNegative: Bool { parts.first.map { $0.value < 0 } ?? false }

    /// `self += other × c`, dropping levels that become zero.
    mutating func add(_ other: Weight, times c: Double) {
        if other.parts.count == 1, parts.count == 1, parts[0].level == other.parts[0].level {
            parts[0].value += other.parts[0].value * c
            if nearZero(parts[0].value) { parts.removeAll() }
            return
        }
        var merged: [Part] = []
        merged.reserveCapacity(parts.count + other.parts.count)
        var i = 0
        var j = 0
        while i < parts.count || j < other.parts.count {
            if j == other.parts.count || (i < parts.count && parts[i].level > other.parts[j].level) {
                merged.append(parts[i])
                i += 1
            } else if i == parts.count || other.parts[j].level > parts[i].level {
                let v = other.parts[j].value * c
                if !nearZero(v) { merged.append(Part(level: other.parts[j].level, value: v)) }
                j += 1
            } else {
                let v = parts[i].value + other.parts[j].value * c
                if !nearZero(v) { merged.append(Part(level: parts[i].level, value: v)) }
                i += 1
                j += 1
            }
        }
        parts = merged
    }

    /// Whether `a / ca < b / cb`, level by level (the dual simplex's ratio test), levels that are
    /// equal within a relative 1e-9 passing the decision down.
    static func ratioLess(_ a: Weight, _ ca: Double, _ b: Weight, _ cb: Double) -> Bool {
        var i = 0
        var j = 0
        while i < a.parts.count || j < b.parts.count {
            let la = i < a.parts.count ? a.parts[i].level : Int.min
            let lb = j < b.parts.count ? b.parts[j].level : Int.min
            let level = max(la, lb)
            let x = la == level ? a.parts[i].value / ca : 0
            let y = lb == level ? b.parts[j].value / cb : 0
            // Equal within rounding: the next level decides (a difference of 1e-15 at a high
            // level must not hide a real one below it).
            if abs(x - y) > 1.0e-9 * max(1, abs(x), abs(y)) { return x < y }
            if la == level { i += 1 }
            if lb == level { j += 1 }
        }
        return false
    }
}

/// The function the simplex minimises: `constant + Σ cells[symbol] × symbol`, with weights for
/// coefficients. `negatives` holds the symbols whose weight is negative (candidates to enter), and
/// `lowest` the same ids in a heap (with stale entries, dropped when they come up), so that
/// finding the lowest one costs O(log n), not a scan of the objective.
struct Objective {
    var constant = Weight()
    var cells: [Int: Weight] = [:]
    var negatives: Set<Int> = []
    var lowest = MaxHeap()

    mutating func add(_ symbol: Int, _ w: Weight, times c: Double) {
        var current = cells[symbol] ?? Weight()
        current.add(w, times: c)
        if current.isZero {
            cells[symbol] = nil
            negatives.remove(symbol)
        } else {
            if !current.isNegative {
                negatives.remove(symbol)
            } else if negatives.insert(symbol).inserted {
                lowest.push(-symbol)
            }
            cells[symbol] = current
        }
    }

    /// The lowest id with a negative weight for which `eligible` holds (an ineligible one is
    /// dropped from the heap: whether a symbol may enter never changes).
    mutating func lowestNegative(_ eligible: (Int) -> Bool) -> Int? {
        while let top = lowest.top {
            if negatives.contains(-top) && eligible(-top) { return -top }
            _ = lowest.pop()
        }
        return nil
    }

    /// `self += row × w`.
    mutating func add(_ row: Row, times w: Weight) {
        constant.add(w, times: row.constant)
        for (s, v) in row.cells { add(s, w, times: v) }
    }

    /// Replaces `symbol` (which just became basic) by its row.
    mutating func substitute(_ symbol: Int, _ row: Row) {
        guard let w = cells.removeValue(forKey: symbol) else { return }
        negatives.remove(symbol)
        add(row, times: w)
    }

    mutating func remove(_ symbol: Int) {
        cells[symbol] = nil
        negatives.remove(symbol)
    }
}

/// A max-heap of symbol ids (the externals still to eliminate from a new row, highest rank first).
struct MaxHeap {
    private var items: [Int] = []

    mutating func push(_ x: Int) {
        items.append(x)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if items[parent] >= items[i] { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    var top: Int? { items.first }

    mutating func pop() -> Int? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var m = i
                if l < items.count, items[l] > items[m] { m = l }
                if r < items.count, items[r] > items[m] { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
