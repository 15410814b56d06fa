import CHarfBuzz

/// A font's own tracking for its point size: the normal track (track value 0) of its `trak`
/// table, Apple's, as Core Text applies it to Apple's fonts. Between the sizes the table gives,
/// linear; past its ends, the end's value (as HarfBuzz reads the same table when it applies it).
/// Font units, turned into points at a size; added after every spaced cluster as the system
/// font's tracking table is (`LinePlacement`).
public struct OwnTrack: Sendable, Equatable {
    /// (point size, font units), by size.
    public let values: [(Double, Double)]
    let unitsPerEm: Double

    public static func == (a: OwnTrack, b: OwnTrack) -> Bool {
        a.unitsPerEm == b.unitsPerEm && a.values.elementsEqual(b.values) { $0 == $1 }
    }

    /// The tracking at `size`, in points.
    public func points(at size: Double) -> Double {
        SystemTracking.interpolated(size, values) * size / unitsPerEm
    }

    /// The normal track of the face's `trak` table, or nil when it has none (or it cannot be read:
    /// every offset is checked against the table's length).
    init?(_ face: OpaquePointer) {
        let blob = hb_face_reference_table(face, FontFace.tag("trak"))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 12 else { return nil }
        let bytes = FontBytes(UnsafeRawBufferPointer(start: data, count: Int(length)))
        let (u16, u32, fixed) = (bytes.u16, bytes.u32, bytes.fixed)
        // Header: version (4), format (2), horizOffset (2), vertOffset (2), reserved (2).
        guard let horizontal = u16(6), horizontal > 0, let tracks = u16(horizontal), let sizes = u16(horizontal + 2),
            sizes > 0, sizes <= 256, let sizeTable = u32(horizontal + 4)
        else { return nil }
        var sizeValues: [Double] = []
        for i in 0..<sizes {
            guard let s = fixed(sizeTable + 4 * i) else { return nil }
            sizeValues.append(s)
        }
        for t in 0..<min(tracks, 256) {
            let entry = horizontal + 8 + 8 * t
            guard let track = fixed(entry), let offset = u16(entry + 6) else { return nil }
            guard track == 0 else { continue }
            var out: [(Double, Double)] = []
            for i in 0..<sizes {
                guard let v = u16(offset + 2 * i) else { return nil }
                out.append((sizeValues[i], Double(Int16(truncatingIfNeeded: v))))
            }
            guard zip(out, out.dropFirst()).allSatisfy({ $0.0 < $1.0 }) else { return nil }
            values = out
            unitsPerEm = Double(hb_face_get_upem(face))
            return
        }
        return nil
    }
}
