/// How far a name may be from another for the other to be suggested as what was meant ("did you
/// mean …"): a third of its characters, and never fewer than two edits. The one threshold of every
/// suggestion (properties, values, styles, diagnostic codes, devices).
public func nearEnoughDistance(for name: String) -> Int { max(2, name.count / 3) }

/// The edit distance of two names (lowercased, as scalars or as characters): the fewest elements
/// inserted, removed or replaced, and with `swaps` two neighbours swapped as one edit (optimal
/// string alignment), that turn one into the other; nil when it exceeds `limit`. Only the cells
/// within `limit` of the diagonal are computed (any other is over it), and it stops early: a
/// row's smallest entry never decreases down the table (a swap's cell is at least the one above
/// and left of it).
@inlinable
public func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int, swaps: Bool = false) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    // A common start and end cost nothing: only what lies between is compared (near-miss names
    // mostly differ in a few characters).
    var start = 0
    while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
    var end = 0
    while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
    if start > 0 || end > 0 {
        return editDistanceBanded(Array(a[start..<(a.count - end)]), Array(b[start..<(b.count - end)]), limit: limit, swaps: swaps)
    }
    return editDistanceBanded(a, b, limit: limit, swaps: swaps)
}

@usableFromInline
func editDistanceBanded<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int, swaps: Bool) -> Int? {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let limit = min(limit, max(a.count, b.count))
    let over = limit + 1
    // Rows i - 2, i - 1 and i of the table (a swap reads two rows up, on the same diagonal).
    var beforePrevious = [Int](repeating: over, count: swaps ? b.count + 1 : 0)
    var previous = [Int](repeating: over, count: b.count + 1)
    var current = [Int](repeating: over, count: b.count + 1)
    for j in 0...min(b.count, limit) { previous[j] = j }
    for i in 1...a.count {
        let low = max(1, i - limit)
        let high = min(b.count, i + limit)
        current[low - 1] = low == 1 ? min(i, over) : over
        var rowMin = current[low - 1]
        for j in low...high {
            var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), over)
            if swaps, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, beforePrevious[j - 2] + 1) }
            current[j] = d
            rowMin = min(rowMin, d)
        }
        // The next row reads one cell further right: outside this row's band, so over.
        if high < b.count { current[high + 1] = over }
        if rowMin > limit { return nil }
        if swaps { swap(&beforePrevious, &previous) }
        swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}
