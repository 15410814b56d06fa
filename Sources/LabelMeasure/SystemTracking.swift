/// Tracking of the system font (SF Pro) by point size, from the HIG's tracking tables, in points.
/// Applied to the system font only, never to custom fonts; sizes between entries interpolate.
enum SystemTracking {
    static let table: [(Double, Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
        (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
        (23, -0.10), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29), (28, 0.38), (29, 0.40), (30, 0.40),
        (31, 0.39), (32, 0.41), (33, 0.40), (34, 0.40), (35, 0.38), (36, 0.37), (38, 0.37), (40, 0.37),
        (44, 0.37), (48, 0.35), (50, 0.34), (52, 0.33), (56, 0.30), (60, 0.26), (64, 0.22), (72, 0.14), (80, 0),
    ]

    static func tracking(at size: Double) -> Double { interpolated(size, table) }

    /// The value at `x` of the line through `points` (sorted by x), flat past either end.
    static func interpolated(_ x: Double, _ points: [(Double, Double)]) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if x <= first.0 { return first.1 }
        if x >= last.0 { return last.1 }
        for k in 1..<points.count where x <= points[k].0 {
            let (x0, y0) = points[k - 1]
            let (x1, y1) = points[k]
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        }
        return last.1
    }
}
