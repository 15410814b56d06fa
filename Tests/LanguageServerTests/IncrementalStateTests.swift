import JSON
import LabelSpecSupport
import LabelSpecSyntax
import TestSupport
import Testing

@testable import LanguageServer

/// The server keeps state across edits (line starts, serialised symbols); after any edit sequence
/// it must answer exactly as a server that was handed the final text.
@Suite struct IncrementalStateTests {
    /// Line starts carried through a batch of random edits (CR, LF, CR LF split and joined,
    /// multi-byte text; edits in document order either way and at random, as a `didChange` with
    /// many changes brings them) equal a fresh scan after every edit, and so do the offsets of
    /// positions read through them in every encoding.
    @Test func lineStartsCarriedThroughEditsEqualAFreshScan() {
        var rng = SplitMix64(seed: 42)
        let pieces: [[UInt8]] = ["a", "\n", "\r", "\r\n", "é", "😀", " ", "xyz"].map { Array($0.utf8) }
        func random(_ n: Int) -> [UInt8] { (0..<n).flatMap { _ in pieces.randomElement(using: &rng)! } }
        for round in 0..<3000 {
            let encoding = [PositionEncoding.utf8, .utf16, .utf32][round % 3]
            let order = round % 4  // 0, 1: random; 2: bottom-up; 3: top-down
            var text = random(Int.random(in: 0..<40, using: &rng))
            var lines = LineStartsGap(lineStarts: LineTable(text, encoding: encoding).lineStarts, count: text.count)
            var at = order == 2 ? text.count : 0
            for _ in 0..<6 {
                let a: Int
                switch order {
                case 2: a = Int.random(in: 0...at, using: &rng)
                case 3: a = Int.random(in: min(at, text.count)...text.count, using: &rng)
                default: a = Int.random(in: 0...text.count, using: &rng)
                }
                let b = Int.random(in: a...min(text.count, a + 6), using: &rng)
                let inserted = random(Int.random(in: 0..<4, using: &rng))
                text.replaceSubrange(a..<b, with: inserted)
                at = order == 3 ? a + inserted.count : a
                lines.edit(range: a..<b, inserted: inserted.count) { text[$0] }
                let fresh = LineTable(text, encoding: encoding)
                #expect(lines.lineStarts == fresh.lineStarts, "round \(round): \(text)")
                #expect(lines.count == text.count)
                for line in 0...(fresh.lineStarts.count) {
                    for character in [0, 1, 2, 5, 100] {
                        let got = lines.offset(line: line, character: character, encoding: encoding) { text[$0] }
                        let want = fresh.offset(line: line, character: character)
                        #expect(got == want, "round \(round), line \(line), character \(character)")
                    }
                }
            }
        }
    }

    /// Positions on long lines (counted from checkpoints) equal a count from the line's start,
    /// in every encoding, with multi-byte scalars and invalid bytes across the checkpoints; so do
    /// offsets read through line starts carried through edits on those lines, the edits coming
    /// bottom-up, top-down and at random on one line.
    @Test func positionsOnLongLinesEqualACountFromTheLineStart() {
        var rng = SplitMix64(seed: 11)
        let pieces: [[UInt8]] = ["a", "é", "😀", "中", "xyz", " ", "\n", "\r\n"].map { Array($0.utf8) } + [[0xFF], [0xE4, 0xB8]]
        func random(_ n: Int) -> [UInt8] {
            (0..<n).flatMap { _ -> [UInt8] in
                let p = pieces.randomElement(using: &rng)!
                // Line breaks are rare: lines of thousands of bytes.
                return (p == [0x0A] || p == [0x0D, 0x0A]) && Int.random(in: 0..<300, using: &rng) != 0 ? [0x61] : p
            }
        }
        // The reference: a count from the line's start (what positions were before checkpoints).
        func reference(_ text: [UInt8], _ encoding: PositionEncoding, _ offset: Int) -> (line: Int, character: Int) {
            let starts = LineTable(text, encoding: .utf8).lineStarts
            let line = LineTable.line(of: offset, in: starts)
            var i = starts[line]
            var character = 0
            while i < offset {
                let u = LineTable.step(at: i, count: text.count, encoding) { text[$0] }
                i += u.bytes
                character += u.units
            }
            return (line, character)
        }
        func referenceOffset(_ text: [UInt8], _ encoding: PositionEncoding, _ p: (line: Int, character: Int)) -> Int {
            let starts = LineTable(text, encoding: .utf8).lineStarts
            return LineTable.offset(
                line: p.line, character: p.character, lineCount: starts.count, start: { starts[$0] }, count: text.count, encoding: encoding
            ) { text[$0] }.offset
        }
        for round in 0..<40 {
            let encoding = [PositionEncoding.utf8, .utf16, .utf32][round % 3]
            var text = random(Int.random(in: 1_000..<5_000, using: &rng))
            let positions = LineTable(text, encoding: encoding)
            var cursor = LineTable.Cursor(positions)
            for offset in stride(from: 0, through: text.count, by: 7) {
                let got = positions.position(of: offset)
                #expect(got == reference(text, encoding, offset), "round \(round), offset \(offset)")
                #expect(positions.offset(line: got.line, character: got.character).offset == referenceOffset(text, encoding, got))
            }
            for _ in 0..<200 {
                let offset = Int.random(in: 0...text.count, using: &rng)
                #expect(cursor.position(of: offset) == positions.position(of: offset), "round \(round), cursor at \(offset)")
            }
            // Edits on the long lines, read through carried line starts.
            var lines = LineStartsGap(lineStarts: positions.lineStarts, count: text.count)
            var at = round % 2 == 0 ? text.count : 0
            for _ in 0..<30 {
                let candidates = round % 3 == 2 ? 0...text.count : round % 2 == 0 ? 0...at : min(at, text.count)...text.count
                let a = Int.random(in: candidates, using: &rng)
                let b = min(text.count, a + Int.random(in: 0...9, using: &rng))
                for offset in [a, b] {
                    let p = reference(text, encoding, offset)
                    let got = lines.offset(line: p.line, character: p.character, encoding: encoding) { text[$0] }.offset
                    #expect(got == referenceOffset(text, encoding, p), "round \(round), offset \(offset)")
                }
                let inserted = Array(random(Int.random(in: 0..<3, using: &rng)).prefix(4))
                text.replaceSubrange(a..<b, with: inserted)
                at = round % 2 == 0 ? a : a + inserted.count
                lines.edit(range: a..<b, inserted: inserted.count) { text[$0] }
            }
        }
    }

    /// The cursor's forward search (a gallop from its line) agrees with a plain position lookup
    /// for offsets read forwards, backwards and in jumps, on texts of many short and long lines.
    @Test func cursorPositionsEqualPlainLookups() {
        var rng = SplitMix64(seed: 9)
        let pieces: [[UInt8]] = ["a", "\n", "\n\n\n", "\r\n", "é", "😀", "xyzxyzxyz"].map { Array($0.utf8) }
        for round in 0..<300 {
            let text = (0..<Int.random(in: 0..<200, using: &rng)).flatMap { _ in pieces.randomElement(using: &rng)! }
            let p = LineTable(text, encoding: [PositionEncoding.utf8, .utf16, .utf32][round % 3])
            var cursor = LineTable.Cursor(p)
            var offset = 0
            for _ in 0..<60 {
                // Mostly forwards (as diagnostics and chunks are read), sometimes back or past the end.
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: offset = Int.random(in: 0...text.count, using: &rng)
                case 1: offset = text.count + 5
                default: offset = min(text.count, offset + Int.random(in: 0..<40, using: &rng))
                }
                #expect(cursor.position(of: offset) == p.position(of: offset), "round \(round), offset \(offset)")
            }
        }
    }

    /// A memo's walk finds each kept chunk whatever one edit did to the order (one chunk
    /// replaced, split, merged, removed), and nothing for a new chunk; where chunks moved, it may
    /// miss up to four before it indexes the old ones (a miss only costs a rendering), never a
    /// wrong one.
    @Test func memoWalkFindsKeptChunksInAnyOrder() {
        let chunks = (0..<8).map { _ in GreenNode.make(kind: .chunk, children: []) }
        let fresh = (0..<3).map { _ in GreenNode.make(kind: .chunk, children: []) }
        let c = chunks, f = fresh
        let cases: [[GreenNode]] = [
            c,  // unchanged
            [c[0], c[1], f[0], c[3], c[4], c[5], c[6], c[7]],  // one replaced
            [c[0], f[0], f[1], c[2], c[3], c[4], c[5], c[6], c[7]],  // one split in two
            [c[0], f[0], c[4], c[5], c[6], c[7]],  // three merged
            [c[0], c[1], c[2], c[6], c[7]],  // removed
            [c[4], c[5], c[0], c[1], c[2], c[3], f[2], c[6], c[7]],  // moved, and one new
            [],
        ]
        var memo = Memo<GreenNode, NoStamp, Int>()
        for (i, chunk) in chunks.enumerated() { memo.append(.init(key: chunk, stamp: NoStamp(), value: i)) }
        for (n, order) in cases.enumerated() {
            var walk = Memo.Walk(memo)
            let found = order.map { walk.next($0)?.key }
            #expect(zip(order, found).allSatisfy { chunk, kept in kept == nil || kept === chunk }, "case \(n)")
            let missed = zip(order, found).filter { chunk, kept in chunks.contains { $0 === chunk } && kept == nil }.count
            #expect(missed == (n == 5 ? 4 : 0), "case \(n)")
            #expect(zip(order, found).allSatisfy { chunk, kept in chunks.contains { $0 === chunk } || kept == nil }, "case \(n)")
        }
        var empty = Memo.Walk(Memo<GreenNode, NoStamp, Int>())
        #expect(empty.next(chunks[0]) == nil)
    }

    static func document(labels: Int) -> String {
        var text = "style Base { font: .body }\n"
        for i in 0..<labels {
            text += "label L\(i): Base {\n    text: \"Row \(i) 😀\"\n    width: 120\n}\n"
            if i % 50 == 7 { text += "// a comment\n\n" }
        }
        return text
    }

    /// Delta-encoded semantic token integers as absolute (line, character, length, type) strings.
    static func decode(_ data: [Int]) -> [String] {
        var out: [String] = []
        var line = 0
        var character = 0
        for i in stride(from: 0, to: data.count - 4, by: 5) {
            line += data[i]
            character = data[i] == 0 ? character + data[i + 1] : data[i + 1]
            out.append("\(line):\(character)+\(data[i + 2])#\(data[i + 3])")
        }
        return out
    }

    /// Asks for the semantic-token delta since `result` and applies it to `data` as an editor
    /// does (a whole answer replaces it): how many edits came, and whether it was a whole answer.
    func applyDelta(_ c: TestClient, _ uri: String, to data: inout [Int], result: inout String) -> (edits: Int, whole: Bool) {
        let reply = c.request(
            "textDocument/semanticTokens/full/delta",
            .object([
                ("textDocument", .object([("uri", .string(uri))])), ("previousResultId", .string(result)),
            ]))?["result"]
        result = reply?["resultId"]?.stringValue ?? ""
        if let whole = reply?["data"]?.arrayValue {
            data = whole.compactMap(\.intValue)
            return (0, true)
        }
        let edits = reply?["edits"]?.arrayValue ?? []
        for edit in edits {
            let start = edit["start"]?.intValue ?? 0
            data.replaceSubrange(
                start..<(start + (edit["deleteCount"]?.intValue ?? 0)), with: edit["data"]?.arrayValue?.compactMap(\.intValue) ?? [])
        }
        return (edits.count, false)
    }

    /// Semantic tokens as absolute (line, character, length, type) strings.
    func tokens(_ c: TestClient, _ uri: String, range: (Int, Int)? = nil) -> [String] {
        var params: [(String, JSONValue)] = [("textDocument", .object([("uri", .string(uri))]))]
        var method = "textDocument/semanticTokens/full"
        if let (a, b) = range {
            method = "textDocument/semanticTokens/range"
            params.append(("range", JSONRange(startLine: a, startCharacter: 0, endLine: b, endCharacter: 0).json))
        }
        return Self.decode(c.request(method, .object(params))?["result"]?["data"]?.arrayValue?.compactMap(\.intValue) ?? [])
    }

    func symbols(_ c: TestClient, _ uri: String) -> JSONValue? {
        c.request("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]
    }

    /// A document with diagnostics of every kind of dependency: truncating labels (measured),
    /// labels inheriting from styles (resolved), duplicate names (related information).
    static func checkedDocument(labels: Int) -> String {
        var text = "style Base { font: .body }\nstyle Narrow: Base { width: 60 }\n"
        for i in 0..<labels {
            let name = i % 37 == 36 ? "L\(i - 30)" : "L\(i)"
            let parent = i % 3 == 0 ? "Narrow" : "Base"
            let width = i % 3 == 0 ? "" : "    width: \(i % 5 == 0 ? 40 : 260)\n"  // Narrow's labels take its width
            let color = i % 4 == 0 ? "    textColor: .label\n" : ""
            text += "label \(name): \(parent) {\n    text: \"Row \(i) 😀 of the list\"\n\(width)\(color)}\n"
            if i % 50 == 7 { text += "// a comment\n\n" }
        }
        return text
    }

    /// One line per diagnostic: code, range, message, related places.
    func compact(_ diagnostics: JSONValue?) -> [String] {
        (diagnostics?.arrayValue ?? []).map { d in
            let r = d["range"]
            let related = (d["relatedInformation"]?.arrayValue ?? []).map { $0["location"]?["range"]?.serialized() ?? "" }
            return
                "\(d["code"]?.stringValue ?? "")@\(r?["start"]?["line"]?.intValue ?? -1):\(r?["start"]?["character"]?.intValue ?? -1)-\(r?["end"]?["line"]?.intValue ?? -1):\(r?["end"]?["character"]?.intValue ?? -1) \(d["message"]?.stringValue ?? "") \(related)"
        }
    }

    func pushed(_ c: TestClient, _ uri: String) -> JSONValue? {
        c.received.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }?["params"]?[
            "diagnostics"]
    }

    /// Random edits across a document of several hundred items (many leaf chunks): after each,
    /// the symbols and the pushed diagnostics (served partly from per-chunk caches) equal those
    /// of a fresh server handed the final text.
    @Test func symbolsAndDiagnosticsAfterEditsEqualAFreshServer() {
        let uri = "file:///w/big.labelspec"
        var text = Array(Self.checkedDocument(labels: 300).utf8)
        let c = TestClient.opened(uri, String(decoding: text, as: UTF8.self))
        #expect(symbols(c, uri)?.arrayValue?.count == 302)
        let opened = pushed(c, uri)?.arrayValue ?? []
        #expect(Set(opened.compactMap { $0["code"]?.stringValue }) == ["truncates", "duplicate"])
        let colors = c.request("textDocument/documentColor", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]
        #expect(colors?.arrayValue?.count == 75)
        let folds = c.request("textDocument/foldingRange", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]
        #expect(folds?.arrayValue?.count == 300)  // the labels; both styles fit on one line
        // A style at the top changes: labels in every chunk that inherit from it are checked
        // again, though their chunks did not change.
        for (step, (find, replacement)) in [("width: 60 }", "width: 900 }"), ("width: 900 }", "width: 60 }")].enumerated() {
            var string = String(decoding: text, as: UTF8.self)
            replace(c, uri, &string, find, replacement, version: 100 + step)
            text = Array(string.utf8)
            let other = TestClient.opened(uri, string)
            let (mine, theirs) = (compact(pushed(c, uri)), compact(pushed(other, uri)))
            #expect(
                mine == theirs,
                "after \(replacement): only here \(mine.filter { !theirs.contains($0) }), only fresh \(theirs.filter { !mine.contains($0) })"
            )
            let truncating = mine.filter { $0.hasPrefix("truncates") }.count
            #expect(truncating == (step == 0 ? 40 : opened.filter { $0["code"] == .string("truncates") }.count))
        }
        // Semantic tokens as an editor keeps them: one full answer, then deltas applied to it.
        let firstTokens = c.request("textDocument/semanticTokens/full", .object([("textDocument", .object([("uri", .string(uri))]))]))?[
            "result"]
        var tokenData = firstTokens?["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        var tokenResult = firstTokens?["resultId"]?.stringValue ?? ""
        var deltaEdits = 0
        var rng = SplitMix64(seed: 7)
        let inserts = [
            "x", "\n", "label New {\n", "}\n", "", "😀", "style S: Base { }\n", "style Narrow { width: 500 }\n",
            "label L3 { text: \"dup\" }\n", "width: 30\n", "Narrow", "{",
        ]
        for step in 0..<60 {
            // A range between scalars (an editor cannot address half a character).
            func boundary(_ i: Int) -> Int {
                var i = i
                while i < text.count, text[i] & 0xC0 == 0x80 { i += 1 }
                return i
            }
            let a = boundary(Int.random(in: 0...text.count, using: &rng))
            let b = boundary(Int.random(in: a...min(text.count, a + 3), using: &rng))
            let insert = inserts.randomElement(using: &rng)!
            edit(c, uri, &text, a..<b, insert, version: step + 2)
            if step % 3 == 2 || step == 59 {
                let other = TestClient.opened(uri, String(decoding: text, as: UTF8.self))
                #expect(symbols(c, uri) == symbols(other, uri), "symbols after step \(step)")
                deltaEdits += applyDelta(c, uri, to: &tokenData, result: &tokenResult).edits
                #expect(Self.decode(tokenData) == tokens(other, uri), "semantic tokens (deltas) after step \(step)")
                for method in ["textDocument/foldingRange", "textDocument/documentColor"] {
                    let params = JSONValue.object([("textDocument", .object([("uri", .string(uri))]))])
                    #expect(
                        c.request(method, params)?["result"] == other.request(method, params)?["result"], "\(method) after step \(step)")
                }
                let (mine, theirs) = (compact(pushed(c, uri)), compact(pushed(other, uri)))
                #expect(
                    mine == theirs,
                    "diagnostics after step \(step): only here \(mine.filter { !theirs.contains($0) }), only fresh \(theirs.filter { !mine.contains($0) })"
                )
            }
        }
        #expect(deltaEdits >= 15)  // the deltas were edits, not whole answers
    }

    /// A document's first push serialises its many chunks on every core: the items are exactly
    /// the diagnostics `check` reports, each serialised on its own, in order (related places in
    /// the same document included), and a push after an edit (one chunk again) agrees.
    @Test func manyChunksSerialisedInParallelEqualEachDiagnosticAlone() {
        let uri = "file:///w/many.labelspec"
        let text = Self.checkedDocument(labels: 4_000)
        let c = TestClient.opened(uri, text)
        func expected() -> [JSONValue] {
            let server = c.server!
            guard let doc = server.document(uri), let ns = server.namespace(of: uri) else { return [] }
            let positions = server.positions(doc)
            return ns.snapshot(uri).diagnostics(measurer: ns.measurer).map {
                $0.lspJSON(positions, uri: uri, codeDescription: server.client.codeDescriptions)
            }
        }
        let first = pushed(c, uri)?.arrayValue ?? []
        #expect(first.count > 1_500)  // in ~60 chunks: more than DiagnosticFragments.parallelChunks
        #expect(first.contains { $0["relatedInformation"] != nil })
        #expect(first == expected())
        var string = text
        replace(c, uri, &string, "label L1000: Base {", "label L1000x: Base {", version: 2)
        #expect(pushed(c, uri)?.arrayValue == expected())
    }

    /// A large document's first push goes out in two steps: what the language core finds at
    /// once (no layout), then every diagnostic; both carry the version, and the first holds
    /// exactly the second's diagnostics that need no layout. A small document gets one push,
    /// and so does a large one's edit.
    @Test func largeDocumentFirstPushedWithoutLayoutThenWhole() {
        let uri = "file:///w/large.labelspec"
        let text = Self.checkedDocument(labels: 2_500)  // 5,000 layouts at the two default sizes
        let c = TestClient.opened(uri, text)
        let pushes = c.received.filter {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
        }
        #expect(pushes.count == 2)
        let first = pushes.first?["params"]?["diagnostics"]?.arrayValue ?? []
        let whole = pushes.last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(pushes.map { $0["params"]?["version"] } == [.int(1), .int(1)])
        #expect(Set(first.compactMap { $0["code"]?.stringValue }) == ["duplicate"])
        #expect(whole.filter { $0["code"] == .string("truncates") }.count > 100)
        #expect(first == whole.filter { $0["code"] != .string("truncates") })
        var string = text
        replace(c, uri, &string, "label L10: Base {", "label L10x: Base {", version: 2)
        #expect(c.received.filter { $0["method"] == .string("textDocument/publishDiagnostics") }.count == 3)
        let small = TestClient.opened("file:///w/small.labelspec", Self.checkedDocument(labels: 300))
        #expect(small.received.filter { $0["method"] == .string("textDocument/publishDiagnostics") }.count == 1)
    }

    /// Blank lines added between items, one after another across a chunk boundary: a chunk that
    /// did not change but follows one whose trailing lines did must have its first token re-encoded
    /// in the delta.
    @Test func semanticTokenDeltasAcrossChunkBoundaries() {
        let uri = "file:///w/big.labelspec"
        var text = Self.document(labels: 120)
        let c = TestClient.opened(uri, text)
        let first = c.request("textDocument/semanticTokens/full", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]
        var data = first?["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        var result = first?["resultId"]?.stringValue ?? ""
        for i in 0..<70 {
            replace(c, uri, &text, "label L\(i): Base {", "\nlabel L\(i): Base {", version: i + 2)
            #expect(!applyDelta(c, uri, to: &data, result: &result).whole, "a delta, not a whole answer")
            let other = TestClient.opened(uri, text)
            #expect(Self.decode(data) == tokens(other, uri), "after the blank line before L\(i)")
        }
    }

    /// A range request answers the chunks that overlap the range: every token of the full answer
    /// on those lines, and not the whole document.
    @Test func semanticTokensForARangeAreThoseOfTheFullAnswer() {
        let uri = "file:///w/big.labelspec"
        let c = TestClient.opened(uri, Self.document(labels: 400))
        let full = tokens(c, uri)
        let some = tokens(c, uri, range: (800, 820))
        let lineOf = { (t: String) in Int(t.prefix { $0 != ":" })! }
        #expect(some.count < full.count / 4)
        #expect(Set(some).isSubset(of: Set(full)))
        #expect(full.filter { (800..<820).contains(lineOf($0)) }.allSatisfy { some.contains($0) })
        #expect(tokens(c, uri) == full)  // served from the kept chunks, the same
    }

    /// Ranges given backwards or past the end (found by a fuzz run: they trapped) are read
    /// forwards and clamped.
    @Test func backwardsAndOutOfRangeRangesAreAnswered() {
        let uri = "file:///w/big.labelspec"
        let c = TestClient.opened(uri, Self.document(labels: 100))
        let forwards = tokens(c, uri, range: (10, 30))
        #expect(!forwards.isEmpty)
        #expect(tokens(c, uri, range: (30, 10)) == forwards)
        #expect(tokens(c, uri, range: (1_000_000, -5)) == tokens(c, uri))
        for (a, b) in [(30, 10), (-3, -1), (1_000_000, 0)] {
            let reply = c.request(
                "textDocument/inlayHint",
                .object([
                    ("textDocument", .object([("uri", .string(uri))])),
                    ("range", JSONRange(startLine: a, startCharacter: 0, endLine: b, endCharacter: 0).json),
                ]))
            #expect(reply?["result"]?.arrayValue != nil, "inlay hints for \(a)…\(b)")
        }
    }

    /// A cached fragment is spliced into the reply verbatim and the reply is valid JSON.
    @Test func repeatedSymbolRequestsAnswerTheSame() {
        let uri = "file:///w/big.labelspec"
        let c = TestClient.opened(uri, Self.document(labels: 200))
        let first = symbols(c, uri)
        #expect(first?.arrayValue?.count == 201)
        #expect(symbols(c, uri) == first)
        #expect(first?.arrayValue?[150]["name"] == .string("L149"))
    }

    /// Chunks that start in the middle of a line (after a `}`), several on one long line, with
    /// astral characters before them: after edits before, inside and between them, the
    /// per-chunk answers whose positions are carried over from the chunk before (not counted)
    /// equal a fresh server's.
    @Test func chunksStartingMidLineKeepExactPositionsAfterEdits() {
        let uri = "file:///w/mid.labelspec"
        // 300 labels on line 0 (about 9 chunks on one line), then 300 one per line, each line
        // ending in a label's `}` with its newline only after the next label's text.
        var first = "", rest = ""
        for i in 0..<300 { first += "label A\(i) { text: \"😀 \(i)\"; textColor: #FF0000 } " }
        // Low contrast (#FF0000 on white) in every label but B100 to B249: their chunks have no
        // diagnostics, so the groups of diagnostics around them are not of consecutive chunks.
        for i in 0..<300 {
            let color = (100..<250).contains(i) ? "textColor: .label" : "textColor: #FF0000"
            rest += "label B\(i) {\n    text: \"b\"\n    \(color) }" + (i % 2 == 0 ? " " : "\n")
        }
        var text = Array((first + "\n" + rest).utf8)
        let c = TestClient.opened(uri, String(decoding: text, as: UTF8.self))
        #expect(symbols(c, uri)?.arrayValue?.count == 600)
        func site(_ needle: String) -> Int {
            let n = Array(needle.utf8)
            return (0...(text.count - n.count)).first { Array(text[$0..<($0 + n.count)]) == n }!
        }
        let edits: [(String, Int, String)] = [
            ("label A0 ", 0, "x"),  // characters before every chunk of line 0
            ("label A0 ", 0, "😀😀"),  // two astral characters: four UTF-16 units
            ("label A150 ", 0, "\n"),  // line 0 split in the middle
            ("label A150 ", 1, ""),  // joined again (the break removed)
            ("label B10 ", 0, "label Z { text: \"z\" } "),  // an item added mid-line
            ("label B200 ", 0, "\n\n"),  // lines added
        ]
        for (step, (needle, remove, insert)) in edits.enumerated() {
            var at = site(needle)
            if insert.isEmpty { at -= remove }  // removes the `remove` bytes before the needle
            edit(c, uri, &text, at..<(at + (insert.isEmpty ? remove : 0)), insert, version: step + 2)
            let other = TestClient.opened(uri, String(decoding: text, as: UTF8.self))
            for method in ["textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/documentColor"] {
                let params = JSONValue.object([("textDocument", .object([("uri", .string(uri))]))])
                let (mine, theirs) = (c.request(method, params)?["result"], other.request(method, params)?["result"])
                #expect(mine != nil && mine == theirs, "\(method) after edit \(step)")
            }
            let (mine, theirs) = (compact(pushed(c, uri)), compact(pushed(other, uri)))
            #expect(mine.count > 400 && mine == theirs, "diagnostics after edit \(step)")
            // Each chunk's kept answer is filed under where the chunk starts: a wrong place would
            // hand a later request the answer rendered for another.
            let server = c.server!
            let places: [String] = server.stateLock.withLock {
                guard let doc = server.document(uri) else { return ["no document"] }
                let p = server.positions(doc)
                var chunks: [String] = []
                doc.syntax.forEachLeafChunk { _, offset in chunks.append("\(p.position(of: offset))") }
                return chunks
            }
            for kind in [LanguageServer.ChunkCacheKind.symbols, .folding, .colors] {
                let kept = server.stateLock.withLock {
                    (server.open[uri]?.chunkFragments[kind]?.entries ?? []).map {
                        "\((line: $0.stamp.line, character: $0.stamp.character))"
                    }
                }
                #expect(kept == places, "\(kind) after edit \(step)")
            }
            let diagnosed = server.stateLock.withLock { server.open[uri]?.diagnostics.keptStarts ?? [] }
            #expect(diagnosed.count > 10 && diagnosed.count < places.count - 3)
            let wrong = diagnosed.filter { "\((line: $0.line, character: $0.character))" != places[$0.index] }.map {
                "\($0) not \(places[$0.index])"
            }
            #expect(wrong.isEmpty, "diagnostics after edit \(step): \(wrong.prefix(3))")
        }
    }

    /// Replaces the first `find` in the client's document with `replacement`, as an editor would.
    func replace(_ c: TestClient, _ uri: String, _ text: inout String, _ find: String, _ replacement: String, version: Int) {
        var bytes = Array(text.utf8)
        let needle = Array(find.utf8)
        let a = (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }!
        edit(c, uri, &bytes, a..<(a + needle.count), replacement, version: version)
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces the bytes `range` of the client's document, sending the edit as an editor would
    /// (a ranged didChange in UTF-16 positions of the text before it).
    func edit(_ c: TestClient, _ uri: String, _ text: inout [UInt8], _ range: Range<Int>, _ insert: String, version: Int) {
        let p = LineTable(text, encoding: .utf16)
        let (a, b) = (p.position(of: range.lowerBound), p.position(of: range.upperBound))
        text.replaceSubrange(range, with: Array(insert.utf8))
        c.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            (
                                "range",
                                .object([
                                    ("start", TestClient.position(a.line, a.character)), ("end", TestClient.position(b.line, b.character)),
                                ])
                            ),
                            ("text", .string(insert)),
                        ])
                    ])
                ),
            ]))
    }

    /// Measured diagnostics are kept per label between pushes; an edit to a label, or to a style it
    /// inherits from, measures it again, and the result always equals a fresh server's.
    @Test func keptMeasurementsFollowLabelAndStyleChanges() {
        let uri = "file:///w/m.labelspec"
        var text =
            "style S { width: 100 }\nlabel A: S {\n    text: \"Alexandra Fitzgerald-Montgomery\"\n}\nlabel B {\n    text: \"Hi\"\n    width: 100\n}\n"
        let c = TestClient.opened(uri, text)
        func expectFresh(_ expected: [String], _ note: Comment) {
            let got = c.lastDiagnostics(uri).map { "\($0.0)@\($0.1):\($0.2)" }
            #expect(got == expected, note)
            let other = TestClient.opened(uri, text)
            #expect(other.lastDiagnostics(uri).map { "\($0.0)@\($0.1):\($0.2)" } == got, note)
        }
        expectFresh(["truncates@1:6"], "opened")
        replace(c, uri, &text, "\"Hi\"", "\"Hello\"", version: 2)
        expectFresh(["truncates@1:6"], "another label edited: A's result kept")
        replace(c, uri, &text, "width: 100 }", "width: 400 }", version: 3)
        expectFresh([], "the style A inherits from widened")
        replace(c, uri, &text, "\"Hello\"", "\"Hello there, Alexandra Fitzgerald\"", version: 4)
        expectFresh(["truncates@4:6"], "B's text grew")
        replace(c, uri, &text, "style S", "style T", version: 5)
        // (Without its style's width, A is as wide as the margins, where its text at
        // .extraExtraExtraLarge leaves less room than Inter Display's error: near its limit.)
        expectFresh(["near-limit@1:6", "unknown-style@1:9", "truncates@4:6"], "A's style is gone")
    }
}
