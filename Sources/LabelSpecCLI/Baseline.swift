import Foundation
import JSON
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport

/// `check --write-baseline FILE` and `check --baseline FILE`: the findings a project accepts for
/// now. A finding is keyed by its file (as shown: relative to the current folder), code, item
/// (the style or label it is in; none for a finding outside items) and message, not by line, so
/// that edits elsewhere in the file keep it; equal keys are counted.
struct Baseline {
    struct Key: Hashable, Comparable {
        let file: String
        let code: String
        let item: String?
        let message: String

        static func < (a: Key, b: Key) -> Bool {
            (a.file, a.item ?? "", a.code, a.message) < (b.file, b.item ?? "", b.code, b.message)
        }
    }

    private(set) var counts: [Key: Int] = [:]

    var total: Int { counts.values.reduce(0, +) }

    mutating func add(_ key: Key) { counts[key, default: 0] += 1 }

    /// Whether the baseline holds one more finding like `key`; takes it if so.
    mutating func absorbs(_ key: Key) -> Bool {
        guard let n = counts[key], n > 0 else { return false }
        counts[key] = n - 1
        return true
    }

    /// The key of `diagnostic` in `file`, in the style or label named `item` (a storyboard's:
    /// the name its label is checked under).
    static func key(_ diagnostic: Diagnostic, file: String, item: String?) -> Key {
        Key(file: file, code: diagnostic.code.rawValue, item: item, message: diagnostic.message)
    }

    /// The baseline as a JSON document (sorted, so that it diffs well).
    func serialized() -> String {
        let findings: [JSONValue] = counts.keys.sorted().map { k in
            .object([
                ("file", .string(k.file)),
                ("code", .string(k.code)),
                ("item", k.item.map { .string($0) } ?? .null),
                ("message", .string(k.message)),
                ("count", .int(counts[k]!)),
            ])
        }
        return JSONValue.object([("version", .int(1)), ("findings", .array(findings))]).serialized(pretty: true) + "\n"
    }

    struct Invalid: Error {
        let reason: String
    }

    /// Reads a baseline file; `Invalid` says what is wrong with it. The findings are read one
    /// at a time while json-c parses (`JSONStream`), and the names they repeat (files, codes,
    /// items) are kept once: a baseline takes about its own size in memory.
    static func read(_ path: String) throws(Invalid) -> Baseline {
        let bytes: [UInt8]
        switch ProjectFiles.readFile(path) {
        case .success(let b): bytes = b
        case .failure(let error): throw Invalid(reason: "cannot read baseline '\(path)': \(error)")
        }
        func invalid(_ why: String) -> Invalid { Invalid(reason: "invalid baseline '\(path)': \(why)") }
        var baseline = Baseline()
        var problem: Invalid?
        var index = 0
        var names: [String: String] = [:]
        /// One copy of each string the findings repeat.
        func shared(_ s: String) -> String {
            if let known = names[s] { return known }
            names[s] = s
            return s
        }
        let top: (isObject: Bool, members: [(String, JSONValue)], isArray: Bool)
        do {
            top = try JSONStream.object(bytes, streaming: "findings") { f in
                defer { index += 1 }
                guard problem == nil else { return }
                let i = index
                guard f.objectValue != nil, let file = f["file"]?.stringValue, let code = f["code"]?.stringValue,
                    let message = f["message"]?.stringValue
                else {
                    problem = invalid("findings[\(i)] must be an object with \"file\", \"code\" and \"message\" strings")
                    return
                }
                let item: String?
                switch f["item"] {
                case nil, .null?: item = nil
                case .string(let s)?: item = s
                default:
                    problem = invalid("findings[\(i)]: \"item\" must be a string or null")
                    return
                }
                var count = 1
                if let c = f["count"] {
                    guard let n = c.intValue, n > 0 else {
                        problem = invalid("findings[\(i)]: \"count\" must be a positive integer")
                        return
                    }
                    count = n
                }
                let key = Key(file: shared(file), code: shared(code), item: item.map(shared), message: message)
                baseline.counts[key, default: 0] += count
            }
        } catch {
            throw invalid("\(error)")
        }
        guard top.isObject else { throw invalid("expected a JSON object with \"version\" and \"findings\"") }
        guard top.members.first(where: { $0.0 == "version" })?.1 == .int(1) else { throw invalid("\"version\" must be 1") }
        guard top.isArray else { throw invalid("\"findings\" must be a list") }
        if let problem { throw problem }
        return baseline
    }
}
