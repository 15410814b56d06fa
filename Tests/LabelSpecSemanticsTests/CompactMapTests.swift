import TestSupport
import Testing

@testable import LabelSpecSemantics

/// `CompactMap` against `Dictionary` under random inserts, updates, removals and reservations,
/// with keys that collide into neighbouring slots (a small key space in a small table).
@Suite struct CompactMapTests {
    @Test func agreesWithADictionary() {
        var rng = SplitMix64(seed: 31)
        for round in 0..<200 {
            var map = CompactMap<String, Int>()
            var reference: [String: Int] = [:]
            let keySpace = 1 + Int(rng.next() % 300)
            for step in 0..<600 {
                let key = "k\(rng.next() % UInt64(keySpace))"
                switch rng.next() % 10 {
                case 0..<5:
                    map[key] = step
                    reference[key] = step
                case 5..<8:
                    #expect(map.removeValue(forKey: key) == reference.removeValue(forKey: key))
                case 8 where step % 2 == 0:
                    let n = Int(rng.next() % 400)
                    map.reserveCapacity(n)
                case 8:
                    let added = map.update(key, default: { 0 }) { value -> Int in
                        value += 1000
                        return value
                    }
                    reference[key, default: 0] += 1000
                    #expect(added == reference[key])
                default:
                    map[key] = nil
                    reference[key] = nil
                }
                #expect(map[key] == reference[key])
            }
            #expect(map.count == reference.count, "round \(round)")
            #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }) == reference)
            #expect(reference.keys.allSatisfy { map[$0] == reference[$0] })
            #expect(Array(map.values).count == reference.count)
        }
    }

    @Test func identityKeysAndSizing() {
        final class Box {}
        let boxes = (0..<10_000).map { _ in Box() }
        var map = CompactMap<Identity, Box>()
        map.reserveCapacity(boxes.count)
        for b in boxes { map[Identity(b)] = b }
        #expect(map.count == boxes.count)
        #expect(boxes.allSatisfy { map[Identity($0)] === $0 })
        for b in boxes.prefix(5_000) { map[Identity(b)] = nil }
        #expect(map.count == 5_000)
        #expect(boxes.prefix(5_000).allSatisfy { map[Identity($0)] == nil })
        #expect(boxes.suffix(5_000).allSatisfy { map[Identity($0)] === $0 })
        #expect(map.isEmpty == false && CompactMap<Identity, Box>().isEmpty)
    }

    /// What `Workspace.add` does for each of many small documents: reserve room for what the
    /// table holds plus two. The table grows geometrically (each reservation rebuilt it), and a
    /// first reservation is still sized to what it asks for.
    @Test func manySmallReservationsRebuildRarely() {
        var map = CompactMap<String, Int>()
        var capacities: [Int] = []
        for i in 0..<10_000 {
            map.reserveCapacity(map.count + 2)
            if capacities.last != map.capacity { capacities.append(map.capacity) }
            map["a\(i)"] = i
            map["b\(i)"] = i
        }
        #expect(map.count == 20_000)
        #expect(capacities.count <= 20)
        #expect(map.capacity <= 20_000 * 3)
        var exact = CompactMap<String, Int>()
        exact.reserveCapacity(100_000)
        #expect(exact.capacity == (100_000 + 12_500 + 16) * 4 / 3 + 1)
    }
}
