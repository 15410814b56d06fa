/// Levenshtein distance over Unicode scalars, for "did you mean" suggestions.
public func editDistance(_ a: String, _ b: String) -> Int {
    editDistance(Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars), limit: .max)!
}

/// `editDistance` of names already lowercased into scalars, or nil when it exceeds `limit`.
/// Only the cells within `limit` of the diagonal are computed (any other is over it), and it
/// stops early: a row's smallest entry never decreases down the table.
public func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    // A common start and end cost nothing: only what lies between is compared (near-miss names
    // mostly differ in a few characters).
    var start = 0
    while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
    var end = 0
    while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
    if start > 0 || end > 0 { return editDistanceBanded(Array(a[start..<(a.count - end)]), Array(b[start..<(b.count - end)]), limit: limit) }
    return editDistanceBanded(a, b, limit: limit)
}

private func editDistanceBanded(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let limit = min(limit, max(a.count, b.count))
    let over = limit + 1
    var previous = [Int](repeating: over, count: b.count + 1)
    var current = [Int](repeating: over, count: b.count + 1)
    for j in 0...min(b.count, limit) { previous[j] = j }
    for i in 1...a.count {
        let low = max(1, i - limit)
        let high = min(b.count, i + limit)
        current[low - 1] = low == 1 ? min(i, over) : over
        var rowMin = current[low - 1]
        for j in low...high {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), over)
            rowMin = min(rowMin, current[j])
        }
        // The next row reads one cell further right: outside this row's band, so over.
        if high < b.count { current[high + 1] = over }
        if rowMin > limit { return nil }
        swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}
