/// XML 1.0's names (fifth edition, as libxml2 reads them): which characters may start one and
/// which may follow.
enum XMLNames {
    static func isName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, isStart(first.value) else { return false }
        return s.unicodeScalars.dropFirst().allSatisfy { isStart($0.value) || isFollowing($0.value) }
    }

    static func isStart(_ v: UInt32) -> Bool {
        switch v {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
            0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default: return false
        }
    }

    static func isFollowing(_ v: UInt32) -> Bool {
        switch v {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }
}
