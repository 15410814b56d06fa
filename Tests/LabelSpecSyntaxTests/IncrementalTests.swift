import TestSupport
import Testing

@testable import LabelSpecSyntax

@Suite struct IncrementalTests {
    /// Applies `edit` incrementally and checks the result against a fresh parse of the new text.
    @discardableResult
    func checkIncremental(_ doc: SyntaxDocument, _ edit: TextEdit) -> ReparseReport {
        let report = doc.apply(edit)
        let text = doc.source.allBytes
        let fresh = SyntaxDocument(text)
        #expect(
            doc.root.isStructurallyEqual(to: fresh.root),
            "incremental tree differs from a fresh parse of \(String(decoding: text, as: UTF8.self).debugDescription)")
        #expect(doc.root.length == text.count)
        return report
    }

    @Test func tenThousandRandomEditSequences() {
        var rng = SplitMix64(seed: 2024)
        var strategies: [ReparseStrategy: Int] = [:]
        for _ in 0..<10_000 {
            let doc = SyntaxDocument(randomDocument(&rng, pieces: Int(rng.next() % 24)))
            for _ in 0..<4 {
                let count = doc.source.count
                let a = count == 0 ? 0 : Int(rng.next() % UInt64(count + 1))
                let kind = rng.next() % 4
                let b: Int
                switch kind {
                case 0: b = a  // insert
                case 1: b = min(count, a + 1 + Int(rng.next() % 3))  // small delete or replace
                default: b = min(count, a + Int(rng.next() % 40))  // paste over a span, maybe across blocks
                }
                let replacement = kind == 1 && rng.next() % 2 == 0 ? "" : fragments[Int(rng.next() % UInt64(fragments.count))]
                let report = doc.apply(TextEdit(range: a..<b, text: replacement))
                strategies[report.strategy, default: 0] += 1
                let fresh = SyntaxDocument(doc.source.allBytes)
                if !doc.root.isStructurallyEqual(to: fresh.root) {
                    Issue.record("mismatch after editing to \(String(decoding: doc.source.allBytes, as: UTF8.self).debugDescription)")
                    return
                }
            }
        }
        // Every strategy was exercised.
        #expect(strategies[.token, default: 0] > 100)
        #expect(strategies[.block, default: 0] > 100)
        #expect(strategies[.items, default: 0] > 100)
    }

    /// A document of several thousand items spans many leaf and inner chunks: edits there, some
    /// across chunk boundaries, must still agree with a fresh parse.
    @Test func editsInALargeDocumentAcrossChunkBoundaries() {
        var rng = SplitMix64(seed: 77)
        let text = (0..<6_000).map { "label L\($0) { text: \"Row \($0)\" }\n" }.joined()
        let doc = SyntaxDocument(text)
        for step in 0..<300 {
            let count = doc.source.count
            let a = Int(rng.next() % UInt64(count + 1))
            let span = step % 10 == 0 ? Int(rng.next() % 3_000) : Int(rng.next() % 30)
            let b = min(count, a + span)
            let replacement = step % 3 == 0 ? "" : fragments[Int(rng.next() % UInt64(fragments.count))]
            doc.apply(TextEdit(range: a..<b, text: replacement))
            if step % 10 == 0 || step == 299 {
                let fresh = SyntaxDocument(doc.source.allBytes)
                #expect(doc.root.isStructurallyEqual(to: fresh.root), "differs after step \(step)")
                #expect(doc.text == doc.source.allBytes)
            }
        }
        // The document stayed large enough to span several inner chunks.
        #expect(doc.root.children.count > 1)
    }

    static let tenItems: String = (0..<10).map { "label L\($0) {\n    text: \"Row \($0)\"\n    width: 100\n}\n" }.joined()

    func items(_ doc: SyntaxDocument) -> [GreenNode] {
        doc.topLevel.compactMap { if case .node(let n) = $0.element { return n } else { return nil } }
    }

    @Test func editInsideAStringRelexesOneTokenAndReusesEveryOtherItem() {
        let doc = SyntaxDocument(Self.tenItems)
        let before = items(doc)
        let text = Array(Self.tenItems.utf8)
        let offset = text.indices.first { text[$0...].starts(with: Array("Row 5".utf8)) }! + 4
        let report = checkIncremental(doc, TextEdit(range: offset..<offset, text: "x"))
        #expect(report.strategy == .token)
        #expect(report.reparsedBytes == 8)
        let after = items(doc)
        #expect(after.count == 10)
        for i in 0..<10 where i != 5 { #expect(after[i] === before[i]) }
        #expect(after[5] !== before[5])
        // Inside the edited item, the header tokens' siblings (the inheritance-free header) are kept and
        // every member but the edited one is the same object.
        let oldMembers = SyntaxNode(green: before[5], offset: 0).firstChild(.memberBlock)!.childNodes
        let newMembers = SyntaxNode(green: after[5], offset: 0).firstChild(.memberBlock)!.childNodes
        #expect(oldMembers[1].green === newMembers[1].green)
        #expect(oldMembers[0].green !== newMembers[0].green)
    }

    @Test func structuralEditInABlockReparsesOnlyThatBlock() {
        let doc = SyntaxDocument(Self.tenItems)
        let before = items(doc)
        let text = Array(Self.tenItems.utf8)
        // After "width: 100" of item 3, add a member.
        var line = 0
        var offset = 0
        for (i, b) in text.enumerated() where b == UInt8(ascii: "\n") {
            line += 1
            if line == 4 * 3 + 3 { offset = i; break }
        }
        let report = checkIncremental(doc, TextEdit(range: offset..<offset, text: "\n    numberOfLines: 0"))
        #expect(report.strategy == .block)
        let after = items(doc)
        for i in 0..<10 where i != 3 { #expect(after[i] === before[i]) }
    }

    @Test func headerEditReparsesOnlyNeighbouringItems() {
        let doc = SyntaxDocument(Self.tenItems)
        let before = items(doc)
        let text = Array(Self.tenItems.utf8)
        let offset = text.indices.first { i in text[i...].starts(with: Array("L7".utf8)) }!
        let report = checkIncremental(doc, TextEdit(range: offset..<(offset + 2), text: "Renamed"))
        #expect(report.strategy == .items)
        let after = items(doc)
        #expect(after.count == 10)
        for i in 0..<10 where i < 6 || i > 7 { #expect(after[i] === before[i]) }
    }

    @Test func deletingAClosingBraceMergesItemsLikeAFreshParse() {
        let doc = SyntaxDocument(Self.tenItems)
        let text = Array(Self.tenItems.utf8)
        let offset = text.firstIndex(of: UInt8(ascii: "}"))!
        checkIncremental(doc, TextEdit(range: offset..<(offset + 1), text: ""))
        checkIncremental(doc, TextEdit(range: offset..<offset, text: "}"))
        #expect(doc.source.allBytes == text)
    }
}
