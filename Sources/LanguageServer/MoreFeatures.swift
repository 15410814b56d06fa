import JSONRPC
import LabelSpecSemantics
import LabelSpecSyntax

extension LanguageServer {
    // MARK: Semantic tokens

    /// Token types in the legend, by index.
    static let semanticTokenTypes = ["keyword", "class", "property", "enumMember", "string", "number", "comment", "operator"]

    /// Every token classified, delta-encoded as the protocol wants (line, start, length in the
    /// negotiated encoding; one token per line piece).
    func semanticTokens(uri: String) -> JSONValue {
        guard let doc = document(uri) else { return .null }
        let p = positions(doc)
        let bytes = p.bytes
        var data: [JSONValue] = []
        var lastLine = 0
        var lastStart = 0
        func emit(_ range: Range<Int>, _ type: Int) {
            // Multi-line tokens (comments, strings) are split per line.
            var s = range.lowerBound
            while s < range.upperBound {
                let a = p.position(of: s)
                let lineEnd = min(range.upperBound, p.lineEnd(a.line))
                let b = p.position(of: lineEnd)
                if b.character > a.character {
                    let deltaLine = a.line - lastLine
                    data += [.int(deltaLine), .int(deltaLine == 0 ? a.character - lastStart : a.character), .int(b.character - a.character), .int(type), .int(0)]
                    lastLine = a.line
                    lastStart = a.character
                }
                guard a.line + 1 < p.lineStarts.count else { break }
                s = max(lineEnd + 1, p.lineStarts[a.line + 1])
            }
        }
        func walk(_ node: SyntaxNode) {
            var afterDot = false
            for child in node.children {
                switch child {
                case .node(let n):
                    walk(n)
                    afterDot = false
                case .token(let t):
                    guard !t.isMissing, t.green.length > 0 else { continue }
                    switch t.kind {
                    case .styleKeyword, .labelKeyword, .trueKeyword, .falseKeyword:
                        emit(t.range, afterDot ? 3 : 0)
                    case .identifier:
                        let type: Int
                        switch node.kind {
                        case .member: type = 2
                        case .enumCase: type = 3
                        case .argument: type = 2
                        default: type = 1
                        }
                        emit(t.range, type)
                    case .string, .unterminatedString, .multilineString, .unterminatedMultilineString: emit(t.range, 4)
                    case .number, .hexColor: emit(t.range, 5)
                    case .lineComment, .blockComment, .unterminatedBlockComment: emit(t.range, 6)
                    case .dot: emit(t.range, 7)
                    default: break
                    }
                    afterDot = t.kind == .dot
                }
            }
        }
        _ = bytes
        walk(doc.syntax.rootNode)
        return .object([("data", .array(data))])
    }

    // MARK: Selection ranges

    /// For each position: the token, then every enclosing node up to the item.
    func selectionRanges(uri: String, positions requested: [(line: Int, character: Int)]) -> JSONValue {
        guard let doc = document(uri) else { return .null }
        let p = positions(doc)
        return .array(requested.map { position in
            let offset = p.offset(line: position.line, character: position.character).offset
            var chain: [Range<Int>] = []
            func descend(_ node: SyntaxNode) {
                for child in node.children {
                    guard child.range.lowerBound <= offset, offset <= child.range.upperBound else { continue }
                    switch child {
                    case .node(let n):
                        if n.kind != .chunk { chain.append(n.range) }
                        descend(n)
                        return
                    case .token(let t):
                        if !t.kind.isTrivia { chain.append(t.range) }
                        if offset < child.range.upperBound { return }
                    }
                }
            }
            descend(doc.syntax.rootNode)
            var result: JSONValue? = .object([("range", p.range(0..<p.bytes.count).json)])
            for r in chain {
                var fields: [(String, JSONValue)] = [("range", p.range(r).json)]
                if let parent = result { fields.append(("parent", parent)) }
                result = .object(fields)
            }
            return result ?? .null
        })
    }

    // MARK: Workspace symbols

    func workspaceSymbols(query: String) -> JSONValue {
        let q = query.lowercased()
        var out: [JSONValue] = []
        for (uri, doc) in allDocuments {
            for (info, start) in doc.orderedItems {
                guard let name = info.name, q.isEmpty || LanguageServer.fuzzyMatch(q, name.lowercased()) else { continue }
                guard let location = location(uri, (start + info.nameRange.lowerBound)..<(start + info.nameRange.upperBound)) else { continue }
                out.append(.object([("name", .string(name)), ("kind", .int(info.kind == .style ? 5 : 19)), ("location", location)]))
            }
        }
        return .array(out)
    }

    /// Whether the query's characters appear in order in the name.
    static func fuzzyMatch(_ query: String, _ name: String) -> Bool {
        var it = name.makeIterator()
        for c in query {
            var found = false
            while let n = it.next() {
                if n == c { found = true; break }
            }
            if !found { return false }
        }
        return true
    }
}
