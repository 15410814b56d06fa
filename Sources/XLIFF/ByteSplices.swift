/// A change to a file's bytes: `range` replaced by `bytes` (an insertion when `range` is empty).
public struct ByteSplice: Sendable, Equatable {
    public var range: Range<Int>
    public var bytes: [UInt8]

    public init(_ range: Range<Int>, _ bytes: [UInt8]) { (self.range, self.bytes) = (range, bytes) }
    public init(inserting bytes: [UInt8], at offset: Int) { self.init(offset..<offset, bytes) }
    public init(removing range: Range<Int>) { self.init(range, []) }
}

public enum ByteSplices {
    /// `bytes` with every splice made, in one pass: every byte outside the splices' ranges is
    /// copied as it was. Splices are taken in order of their ranges; insertions at one offset
    /// in the order given. Overlapping splices are a programming error.
    public static func apply(_ splices: [ByteSplice], to bytes: [UInt8]) -> [UInt8] {
        guard !splices.isEmpty else { return bytes }
        let ordered = splices.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset) < (
                $1.element.range.lowerBound, $1.element.range.upperBound, $1.offset
            )
        }.map(\.element)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.bytes.count })
        var at = 0
        for s in ordered {
            precondition(s.range.lowerBound >= at && s.range.upperBound <= bytes.count, "overlapping or out-of-range splice")
            out += bytes[at..<s.range.lowerBound]
            out += s.bytes
            at = s.range.upperBound
        }
        out += bytes[at...]
        return out
    }
}
