/// Base64 (RFC 4648, with padding): images in SVG (`data:image/png;base64,…`) and SVG in hover
/// Markdown (`data:image/svg+xml;base64,…`).
public enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var it = bytes.makeIterator()
        while let a = it.next() {
            let b = it.next(), c = it.next()
            let n = UInt32(a) << 16 | UInt32(b ?? 0) << 8 | UInt32(c ?? 0)
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(b == nil ? UInt8(ascii: "=") : alphabet[Int(n >> 6 & 63)])
            out.append(c == nil ? UInt8(ascii: "=") : alphabet[Int(n & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
