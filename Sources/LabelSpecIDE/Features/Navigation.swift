import LabelSpecSemantics
import LabelSpecSyntax

/// A place in a document of a workspace.
public struct DocumentRange: Equatable, Sendable {
    public var document: String
    public var range: Range<Int>

    public init(document: String, range: Range<Int>) {
        self.document = document
        self.range = range
    }
}

/// Style and label names: what is under the cursor, where it is declared, where it is used, and
/// renaming it everywhere in a workspace.
public enum Navigation {
    /// The style or label name at byte `offset`: its declaration or an inheritance reference.
    public static func name(at offset: Int, in doc: Workspace.Document) -> (name: String, range: Range<Int>)? {
        guard let (info, start) = doc.item(at: offset) else { return nil }
        let rel = offset - start
        if let name = info.name, info.nameRange.lowerBound <= rel, rel <= info.nameRange.upperBound {
            return (name, info.nameRange.shifted(by: start))
        }
        for parent in info.parents where parent.range.lowerBound <= rel && rel <= parent.range.upperBound {
            return (parent.name, parent.range.shifted(by: start))
        }
        return nil
    }

    /// The `.localized("key", table:)` value at byte `offset` (the cursor on it or just after it).
    public static func localizedKey(at offset: Int, in doc: Workspace.Document) -> (key: String, table: String?)? {
        guard let (info, start) = doc.item(at: offset) else { return nil }
        let relative = offset - start
        for (_, a) in info.own {
            guard case .localized(let key, let table, _)? = a.typed, let r = a.valueRange, r.contains(relative) || r.upperBound == relative
            else { continue }
            return (key, table)
        }
        return nil
    }

    /// Where the name at `offset` is declared (the declaration that wins, as resolution sees it).
    public static func definition(at offset: Int, in doc: Workspace.Document, workspace: Workspace) -> DocumentRange? {
        name(at: offset, in: doc).flatMap { declaration(of: $0.name, in: workspace) }
    }

    /// Where `name` is declared in the workspace (the declaration that wins); nil when it is not.
    public static func declaration(of name: String, in workspace: Workspace) -> DocumentRange? {
        guard let target = workspace.resolve(name), let home = workspace.document(of: target) else { return nil }
        return DocumentRange(document: home.id, range: target.nameRange.shifted(by: home.offset(of: target.green)))
    }

    /// Every place a name stands in the workspace's documents (by document id, then in order):
    /// declarations (unless left out) and inheritance references.
    public static func occurrences(of name: String, in workspace: Workspace, declarations: Bool = true) -> [DocumentRange] {
        var out: [DocumentRange] = []
        for (id, doc) in workspace.documents.sorted(by: { $0.key < $1.key }) {
            for (info, start) in doc.orderedItems {
                if declarations, info.name == name { out.append(DocumentRange(document: id, range: info.nameRange.shifted(by: start))) }
                for p in info.parents where p.name == name { out.append(DocumentRange(document: id, range: p.range.shifted(by: start))) }
            }
        }
        return out
    }

    /// Whether `name` can name a style or label: letters, digits and `_`, not starting with a
    /// digit, not a keyword.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
            && !["style", "label", "true", "false"].contains(name)
    }
}

/// Workspace symbols: every style and label whose name holds the query's characters in order.
public enum WorkspaceSymbols {
    public struct Symbol: Equatable, Sendable {
        public var name: String
        public var kind: DocumentSymbol.Kind
        public var location: DocumentRange
    }

    /// `documents` in the order given, each's items in order; an empty query matches every name.
    public static func search(_ query: String, in documents: [(id: String, document: Workspace.Document)]) -> [Symbol] {
        let q = query.lowercased()
        var out: [Symbol] = []
        for (id, doc) in documents {
            for (info, start) in doc.orderedItems {
                guard let name = info.name, q.isEmpty || fuzzyMatch(q, name.lowercased()) else { continue }
                out.append(
                    Symbol(
                        name: name, kind: info.kind == .style ? .style : .label,
                        location: DocumentRange(document: id, range: info.nameRange.shifted(by: start))))
            }
        }
        return out
    }

    /// Whether the query's characters appear in order in the name.
    public static func fuzzyMatch(_ query: String, _ name: String) -> Bool {
        var it = name.makeIterator()
        for c in query {
            var found = false
            while let n = it.next() {
                if n == c {
                    found = true
                    break
                }
            }
            if !found { return false }
        }
        return true
    }
}
