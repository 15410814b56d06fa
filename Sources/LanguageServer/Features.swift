import JSON
import JSONRPC
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax

extension LanguageServer {
    /// Line starts of the document's current text: kept up to date by `didChange`, scanned in full
    /// only when missing (a new document or encoding).
    func positions(_ doc: Workspace.Document) -> TextPositions {
        if let cached = positionCache[doc.id], cached.root === doc.syntax.root, cached.positions.encoding == encoding {
            return cached.positions
        }
        let p = TextPositions(doc.syntax.source, encoding: encoding)
        positionCache[doc.id] = (doc.syntax.root, p)
        return p
    }

    // MARK: Document symbols

    /// The document's styles (SymbolKind Class, 5) and labels (Object, 19) in order, the parents as
    /// detail. A style's properties (Property, 7) are its children: they are what its heirs get.
    /// A label's are not listed, as CSS outlines list rules but not declarations: they are a glance
    /// away, and the outline of a file of 48k labels stays one entry per label.
    ///
    /// The reply is assembled from one serialised fragment per leaf chunk of the syntax tree,
    /// cached while the chunk is the same object at the same position, so an edit re-serialises
    /// the symbols of one chunk (all chunks after it when the edit adds or removes lines).
    func documentSymbols(uri: String) -> JSONValue {
        guard let doc = document(uri) else { return .null }
        return chunkedArray(.symbols, doc) { chunk, offset, p in self.symbols(in: chunk, at: offset, of: doc, p) }
    }

    /// A JSON array assembled from one serialised fragment per leaf chunk of the document, each
    /// kept (per `kind`) while its chunk is the same object at the same position; a chunk an edit
    /// replaced is rendered again, and all chunks after it when the edit added or removed lines.
    func chunkedArray(
        _ kind: ChunkCacheKind, _ doc: Workspace.Document, render: (GreenNode, Int, TextPositions) -> [JSONValue]
    ) -> JSONValue {
        let p = positions(doc)
        var kept = ChunkMatcher(chunkCaches[kind]?[doc.id] ?? [])
        var new: [ChunkFragment] = []
        new.reserveCapacity(kept.count)
        var parts: [JSONValue] = []
        var cursor = TextPositions.Cursor(p)
        doc.syntax.forEachLeafChunk { chunk, offset in
            let start = cursor.position(of: offset)
            let entry: ChunkFragment
            if let e = kept.next(chunk), e.line == start.line, e.character == start.character {
                entry = e
            } else {
                entry = ChunkFragment(
                    chunk: chunk, line: start.line, character: start.character,
                    fragment: JSONFragment.elements(of: render(chunk, offset, p)))
            }
            new.append(entry)
            if let f = entry.fragment { parts.append(.fragment(f)) }
        }
        chunkCaches[kind, default: [:]][doc.id] = new
        return .array(parts)
    }

    private func symbols(in chunk: GreenNode, at offset: Int, of doc: Workspace.Document, _ p: TextPositions) -> [JSONValue] {
        var out: [JSONValue] = []
        doc.forEachItem(inChunk: chunk, at: offset) { info, start in
            let full = start..<(start + info.green.length)
            let name = info.nameRange.shifted(by: start)
            var fields: [(String, JSONValue)] = [("name", .string(info.name ?? "?"))]
            if !info.parents.isEmpty { fields.append(("detail", .string(": " + info.parents.map(\.name).joined(separator: ", ")))) }
            fields += [("kind", .int(info.kind == .style ? 5 : 19)), ("range", p.range(full).json), ("selectionRange", p.range(name).json)]
            if info.kind == .style, !info.own.isEmpty {
                // What a style sets is what its heirs get: its properties are its children.
                fields.append(("children", .array(info.own.map { _, a in
                    .object([
                        ("name", .string(a.name)), ("kind", .int(7)),
                        ("range", p.range(a.memberRange.shifted(by: start)).json),
                        ("selectionRange", p.range(a.nameRange.shifted(by: start)).json),
                    ])
                })))
            }
            out.append(.object(fields))
        }
        return out
    }

    // MARK: Folding

    func foldingRanges(uri: String) -> JSONValue {
        guard let doc = document(uri) else { return .null }
        return chunkedArray(.folding, doc) { chunk, offset, p in
            var out: [JSONValue] = []
            for element in SyntaxNode(green: chunk, offset: offset).children {
                let range = element.range
                let a = p.position(of: range.lowerBound).line
                let b = p.position(of: max(range.lowerBound, range.upperBound - 1)).line
                guard b > a else { continue }
                switch element {
                case .node(let n) where n.kind == .styleDecl || n.kind == .labelDecl:
                    out.append(.object([("startLine", .int(a)), ("endLine", .int(b))]))
                case .token(let t) where t.kind == .blockComment:
                    out.append(.object([("startLine", .int(a)), ("endLine", .int(b)), ("kind", .string("comment"))]))
                default:
                    break
                }
            }
            return out
        }
    }

    // MARK: Formatting

    /// One edit replacing the document with its canonical layout; none when it is already canonical
    /// or has syntax errors. Range formatting formats the whole document too: layout is global.
    func formatting(uri: String) -> Result<JSONValue, ResponseError> {
        guard let doc = document(uri) else { return .success(.null) }
        let bytes = doc.syntax.source.allBytes
        guard let formatted = try? Formatter.format(bytes) else {
            return .failure(ResponseError(.requestFailed, "the document has syntax errors; fix them before formatting"))
        }
        guard formatted != bytes else { return .success(.array([])) }
        let p = positions(doc)
        return .success(.array([.object([
            ("range", p.range(0..<bytes.count).json),
            ("newText", .string(String(decoding: formatted, as: UTF8.self))),
        ])]))
    }

    // MARK: Code actions

    /// The quick fixes of every diagnostic that overlaps the requested range.
    func codeActions(uri: String, range: (start: (line: Int, character: Int), end: (line: Int, character: Int))) -> JSONValue {
        guard let doc = document(uri) else { return .array([]) }
        let p = positions(doc)
        let a = p.offset(line: range.start.line, character: range.start.character).offset
        let b = p.offset(line: range.end.line, character: range.end.character).offset
        var actions: [JSONValue] = []
        for d in diagnostics(for: uri) where d.range.lowerBound <= b && a <= d.range.upperBound {
            for fix in d.fixes {
                let edits: [JSONValue] = fix.edits.map { .object([("range", p.range($0.range).json), ("newText", .string($0.newText))]) }
                actions.append(.object([
                    ("title", .string(fix.title)), ("kind", .string("quickfix")),
                    ("diagnostics", .array([d.lspJSON(p)])), ("isPreferred", .bool(d.fixes.count == 1)),
                    ("edit", .object([("changes", .object([(uri, .array(edits))]))])),
                ]))
            }
        }
        return .array(actions)
    }

    // MARK: Style names: definition, references, rename

    /// The style or label name under the cursor: its declaration or an inheritance reference.
    func nameAt(uri: String, line: Int, character: Int) -> (name: String, range: Range<Int>)? {
        guard let doc = document(uri) else { return nil }
        let offset = positions(doc).offset(line: line, character: character).offset
        if let (info, start) = doc.item(at: offset) {
            let rel = offset - start
            if let name = info.name, info.nameRange.lowerBound <= rel, rel <= info.nameRange.upperBound {
                return (name, info.nameRange.shifted(by: start))
            }
            for parent in info.parents where parent.range.lowerBound <= rel && rel <= parent.range.upperBound {
                return (parent.name, parent.range.shifted(by: start))
            }
        }
        return nil
    }

    /// Every place a name stands in the documents of a namespace: declarations and inheritance
    /// references.
    func occurrences(of name: String, in ns: Namespace, declarations: Bool = true) -> [(uri: String, range: Range<Int>)] {
        var out: [(String, Range<Int>)] = []
        for (uri, doc) in ns.workspace.documents.sorted(by: { $0.key < $1.key }) {
            for (info, start) in doc.orderedItems {
                if declarations, info.name == name {
                    out.append((uri, info.nameRange.shifted(by: start)))
                }
                for p in info.parents where p.name == name {
                    out.append((uri, p.range.shifted(by: start)))
                }
            }
        }
        return out
    }

    func location(_ uri: String, _ range: Range<Int>) -> JSONValue? {
        guard let doc = document(uri) else { return nil }
        return .object([("uri", .string(uri)), ("range", positions(doc).range(range).json)])
    }

    func definition(uri: String, line: Int, character: Int) -> JSONValue {
        guard let (name, _) = nameAt(uri: uri, line: line, character: character), let ns = namespace(of: uri),
            let target = ns.workspace.resolve(name), let doc = ns.workspace.document(of: target)
        else { return .null }
        let start = doc.offset(of: target.green)
        return location(doc.id, target.nameRange.shifted(by: start)) ?? .null
    }

    func references(uri: String, line: Int, character: Int, includeDeclaration: Bool) -> JSONValue {
        guard let (name, _) = nameAt(uri: uri, line: line, character: character), let ns = namespace(of: uri) else { return .null }
        return .array(occurrences(of: name, in: ns, declarations: includeDeclaration).compactMap { location($0.uri, $0.range) })
    }

    func prepareRename(uri: String, line: Int, character: Int) -> JSONValue {
        guard let (name, range) = nameAt(uri: uri, line: line, character: character), let doc = document(uri) else { return .null }
        return .object([("range", positions(doc).range(range).json), ("placeholder", .string(name))])
    }

    func rename(uri: String, line: Int, character: Int, newName: String) -> Result<JSONValue, ResponseError> {
        guard let (name, _) = nameAt(uri: uri, line: line, character: character), let ns = namespace(of: uri) else {
            return .success(.null)
        }
        guard let first = newName.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
            newName.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }),
            !["style", "label", "true", "false"].contains(newName)
        else {
            return .failure(ResponseError(.invalidParams, "'\(newName)' is not a valid name: use letters, digits and _"))
        }
        var changes: [(String, JSONValue)] = []
        let grouped = Dictionary(grouping: occurrences(of: name, in: ns), by: \.uri)
        for uri in grouped.keys.sorted() {
            guard let doc = document(uri) else { continue }
            let p = positions(doc)
            changes.append((uri, .array(grouped[uri]!.map { .object([("range", p.range($0.range).json), ("newText", .string(newName))]) })))
        }
        return .success(.object([("changes", .object(changes))]))
    }

    // MARK: Inlay hints

    /// After each label's header: its line count and truncation at the first configured size. Only
    /// the labels whose hint falls in the requested range (the editor's visible lines) are measured.
    func inlayHints(uri: String, range: JSONValue? = nil) -> JSONValue {
        guard let ns = namespace(of: uri), let doc = ns.workspace.documents[uri] else { return .null }
        let p = positions(doc)
        let wanted = range.flatMap { p.requested($0) } ?? 0..<Int.max
        var labels: [(info: ItemInfo, offset: Int)] = []
        doc.syntax.forEachLeafChunk { chunk, offset in
            guard offset < wanted.upperBound, offset + chunk.length >= wanted.lowerBound else { return }
            doc.forEachItem(inChunk: chunk, at: offset) { info, start in
                if info.kind == .label, wanted.contains(start + info.nameRange.upperBound) { labels.append((info, start)) }
            }
        }
        let category = ns.contentSizes.first ?? .large
        var hints: [JSONValue] = []
        for (info, start) in labels {
            guard let input = LayoutInputs.input(for: info, in: ns.workspace, contentSize: category),
                case .success(let layout) = ns.measurer.layout(input)
            else { continue }
            var label = "\(layout.lineCount) line\(layout.lineCount == 1 ? "" : "s")"
            if layout.isTruncated { label += " · truncated" }
            if layout.isClipped { label += " · clipped" }
            if layout.scale < 1 { label += " · ×\((layout.scale * 100).rounded() / 100)" }
            let at = p.position(of: start + info.nameRange.upperBound)
            hints.append(.object([
                ("position", .object([("line", .int(at.line)), ("character", .int(at.character))])),
                ("label", .string(label)), ("paddingLeft", .bool(true)),
            ]))
        }
        return .array(hints)
    }

    // MARK: Colours

    /// Hex and system colours written in the document, with their (light) RGBA.
    func documentColors(uri: String) -> JSONValue {
        guard let doc = document(uri) else { return .null }
        return chunkedArray(.colors, doc) { chunk, offset, p in
            var out: [JSONValue] = []
            doc.forEachItem(inChunk: chunk, at: offset) { info, start in
                for (_, a) in info.own {
                    guard case .color(let color)? = a.typed, let r = a.valueRange else { continue }
                    let rgba: RGBA
                    switch color {
                    case .rgba(let c): rgba = c
                    case .system(let name): rgba = SystemColors.byName[name]?.light ?? RGBA(0, 0, 0)
                    }
                    out.append(.object([
                        ("range", p.range(r.shifted(by: start)).json),
                        ("color", .object([
                            ("red", .double(Double(rgba.red) / 255)), ("green", .double(Double(rgba.green) / 255)),
                            ("blue", .double(Double(rgba.blue) / 255)), ("alpha", .double(rgba.alpha)),
                        ])),
                    ]))
                }
            }
            return out
        }
    }

    /// How a picked colour can be written: as hex, and as a system colour when one matches exactly.
    func colorPresentations(_ params: JSONValue) -> JSONValue {
        func channel(_ key: String) -> UInt8 { UInt8(max(0, min(255, ((params["color"]?[key]?.doubleValue ?? 0) * 255).rounded()))) }
        let rgba = RGBA(channel("red"), channel("green"), channel("blue"), params["color"]?["alpha"]?.doubleValue ?? 1)
        var out: [JSONValue] = [.object([("label", .string(rgba.hex))])]
        for c in SystemColors.all where c.light == rgba { out.append(.object([("label", .string("." + c.name))])) }
        return .array(out)
    }
}
