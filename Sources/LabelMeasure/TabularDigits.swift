import CHarfBuzz

/// SwiftUI's `.monospacedDigit()`: digits of one width. SF Pro's `tnum` gives every digit the
/// advance of its `0`; a stand-in's may not (Inter Display's `1` stays narrow), so a face with
/// `tabularDigits` gives every glyph of an ASCII digit the advance of `0` (shaped with `tnum`),
/// and leaves every other glyph as shaped. With Inter and Inter Display blended as for any text,
/// digit strings then measure within 2.5 % of SF Pro's tabular digits below 19.5 pt and 4 % above
/// (p5; median 0.99–1.01), and the letters of the label are measured as without the modifier.
enum TabularDigits {
    /// The advances of a shaped buffer, each digit's replaced by `zero` (`text`: what was shaped;
    /// a glyph's cluster is its UTF-8 offset there).
    static func advances(of buffer: OpaquePointer, text: String, zero: Int) -> [Int] {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        let bytes = Array(text.utf8)
        return (0..<Int(count)).map { i in
            let c = Int(infos[i].cluster)
            return c < bytes.count && (0x30...0x39).contains(bytes[c]) ? zero : Int(positions[i].x_advance)
        }
    }

    /// The advances of a shaped buffer, as shaped.
    static func advances(of buffer: OpaquePointer) -> [Int] {
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { Int(positions[$0].x_advance) }
    }
}
