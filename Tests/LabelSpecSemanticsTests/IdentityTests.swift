import Testing

@testable import LabelSpecSemantics

/// The workspace's identity keys hash with a multiply instead of SipHash: the hash must still
/// spread heap addresses over a table's buckets (they are 16-byte aligned and allocated close
/// together), or lookups would degrade into long probes.
@Suite struct IdentityTests {
    final class Box {}

    @Test func addressesSpreadOverTheBuckets() {
        let boxes = (0..<4096).map { _ in Box() }
        let buckets = Set(boxes.map { Identity($0)._rawHashValue(seed: 0) & 4095 })
        // A uniform hash fills ~63% of 4,096 buckets with 4,096 keys (2,589; a run with other
        // tests allocating beside it saw 2,386); aligned low bits alone would fill at most 256.
        #expect(buckets.count > 2_000)
        var table: [Identity: Int] = [:]
        for (i, b) in boxes.enumerated() { table[Identity(b)] = i }
        #expect(table.count == 4096)
        #expect(boxes.indices.allSatisfy { table[Identity(boxes[$0])] == $0 })
        #expect(Identity(boxes[0]) != Identity(boxes[1]) && Identity(boxes[0]) == Identity(boxes[0]))
    }
}
