extension RandomAccessCollection {
    /// The index of the first element for which `belongs` holds, in a collection partitioned so
    /// that it holds for a suffix of it (`endIndex` when it holds for none): a binary search,
    /// `belongs` asked about ⌈log₂(count + 1)⌉ elements at most. "The last element at or before
    /// `x`" in a sorted array is the one before `partitionPoint { $0 > x }`.
    @inlinable
    public func partitionPoint(_ belongs: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var n = count
        while n > 0 {
            let half = n / 2
            let mid = index(low, offsetBy: half)
            if try belongs(self[mid]) {
                n = half
            } else {
                low = index(after: mid)
                n -= half + 1
            }
        }
        return low
    }
}
