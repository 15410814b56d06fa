import CHarfBuzz

/// The table directory of a font file (every face of a collection): where its tables say they
/// are. HarfBuzz opens a file whose tables run past its end and reads what is there, so a font
/// copied in part (a download cut short) would measure, wrongly, as the font it names; a file
/// named by the user (`systemFont`, `fallbackFonts`, Apple's files in the font folders) is
/// refused instead (`FontFace.validate`).
enum FontDirectory {
    static func cutShort(path: String) -> Bool {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return true }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return true }
        return cutShort(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    static func cutShort(_ data: UnsafeRawBufferPointer) -> Bool {
        let bytes = FontBytes(data)
        let (u16, u32) = (bytes.u16, bytes.u32)
        guard let tag = u32(0) else { return true }
        var directories = [0]
        if tag == 0x7474_6366 {  // "ttcf": a collection
            guard let faces = u16(10).flatMap({ _ in u32(8) }), faces <= 4096 else { return true }
            directories = []
            for i in 0..<faces {
                guard let offset = u32(12 + 4 * i) else { return true }
                directories.append(offset)
            }
        }
        for start in directories {
            guard let tables = u16(start + 4) else { return true }
            for i in 0..<tables {
                let record = start + 12 + 16 * i
                guard let offset = u32(record + 8), let size = u32(record + 12), offset + size <= data.count else { return true }
            }
        }
        return false
    }
}

/// A font table's big-endian numbers, each read only where the bytes hold it (nil past the end):
/// what `FontDirectory` and `OwnTrack` read a file's directory and its `trak` table with.
struct FontBytes {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }

    func u32(_ at: Int) -> Int? { u16(at).flatMap { hi in u16(at + 2).map { hi << 16 | $0 } } }

    /// A 16.16 fixed-point number.
    func fixed(_ at: Int) -> Double? { u32(at).map { Double(Int32(bitPattern: UInt32($0))) / 65536 } }
}
