import LabelSpecSupport
import Testing

/// `Memo`'s one rule: the same object, an equal stamp, inputs unchanged since the entry was
/// verified.
@Suite struct MemoTests {
    final class Key {}
    final class Input: Revised {
        var changedAt = 0
    }

    @Test func anEntryStandsForTheSameKeyWithAnEqualStamp() {
        let a = Key(), b = Key()
        var memo = Memo<Key, Int, String>()
        memo.store("a at 1", for: a, stamp: 1)
        #expect(memo.value(for: a, stamp: 1) == "a at 1")
        #expect(memo.value(for: a, stamp: 2) == nil)
        #expect(memo.value(for: b, stamp: 1) == nil)
        memo.store("a at 2", for: a, stamp: 2)
        #expect(memo.count == 1)
        #expect(memo.value(for: a, stamp: 1) == nil)
        #expect(memo.value(for: a, stamp: 2) == "a at 2")
        memo.store("b", for: b, stamp: 1)
        memo.removeAll { $0.key === a }
        #expect(memo.value(for: a, stamp: 2) == nil)
        #expect(memo.value(for: b, stamp: 1) == "b")
    }

    /// Verified at revision 5: good at once up to 5; after, while no input changed past 5, and
    /// then verified at the later revision; never once an input changed after it was verified.
    @Test func inputsThatChangedAfterTheVerificationInvalidate() {
        let key = Key(), x = Input(), y = Input()
        x.changedAt = 3
        let entry = Memo<Key, Int, String>.Entry(key: key, stamp: 0, value: "v", inputs: [x, y], verifiedAt: 5)
        #expect(entry.valid(for: 0, at: 5).map { ($0.entry.verifiedAt, $0.looked) } ?? (-1, true) == (5, false))
        #expect(entry.valid(for: 0, at: 9).map { ($0.entry.verifiedAt, $0.looked) } ?? (-1, false) == (9, true))
        #expect(entry.valid(for: 1, at: 5) == nil)
        y.changedAt = 7
        #expect(entry.valid(for: 0, at: 9) == nil)
        // Up to its own revision it is still good: nothing it saw had changed then.
        #expect(entry.valid(for: 0, at: 5) != nil)
        // Through the memo: a look that verifies is stored, so the next is at once.
        y.changedAt = 0
        var memo = Memo<Key, Int, String>()
        memo.store(entry)
        #expect(memo.value(for: key, stamp: 0, at: 9) == "v")
        #expect(memo.entry(for: key)?.verifiedAt == 9)
    }
}
