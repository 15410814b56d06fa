/// Galloping then bisecting over counts whose test is monotone (what fits on a line): the work
/// grows with the answer, not with the text. `fits(k)` answers nil for a count past the end.
public enum Gallop {
    /// The largest `k` ≥ `lo` for which `fits(k)` holds, `fits(lo)` taken as true: probes `lo + 1`,
    /// `lo + 3`, `lo + 7`, … until one fails, then bisects; a probe past the end counts the end
    /// (`count()`) and tries it.
    @inlinable public static func largest(from lo: Int, _ fits: (Int) -> Bool?, count: () -> Int) -> Int {
        var lo = lo
        var hi: Int
        var step = 1
        while true {
            let k = lo + step
            switch fits(k) {
            case true?:
                lo = k
                step *= 2
                continue
            case false?:
                hi = k
            case nil:
                // Fewer than `k`: the text is short, count it.
                let n = count()
                if n <= lo { return lo }
                if fits(n) == true { return n }
                hi = n
            }
            break
        }
        return bisect(lo, hi, fits)
    }

    /// The largest `k` < `hi` for which `fits(k)` holds, `fits(hi)` taken as false: probes `hi - 1`,
    /// `hi - 2`, `hi - 4`, … down to 0 (taken as fitting), then bisects.
    @inlinable public static func largest(below hi: Int, _ fits: (Int) -> Bool?) -> Int {
        var hi = hi
        var step = 1
        while true {
            let k = hi - step
            if k <= 0 { return bisect(0, hi, fits) }
            if fits(k) == true { return bisect(k, hi, fits) }
            hi = k
            step *= 2
        }
    }

    /// Between `lo` (fits) and `hi` (does not): the last that fits.
    @inlinable public static func bisect(_ lo: Int, _ hi: Int, _ fits: (Int) -> Bool?) -> Int {
        var (lo, hi) = (lo, hi)
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if fits(mid) == true { lo = mid } else { hi = mid }
        }
        return lo
    }
}
